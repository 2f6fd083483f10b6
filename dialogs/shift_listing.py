"""The shifts a worker was just shown, so that "cancel the 2nd one" means the second of that
list and "cancel the one on Friday" the Friday of that list.

After "what are my shifts next week?" ERA lists Monday 30 to Sunday 6; the worker's "cancel
the one on Friday" means Friday 4, though a bare "Friday" is this week's. The list is kept in
the person's own state for as long as a question stays open (ten minutes). A later request
that names a weekday, and no date of its own, picks the listed shifts on that weekday: the
day (and part of day) the time parser found, moved by whole weeks onto a listed shift. The
cancellation still shows the shift and its date and asks before anything is done.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime, timedelta

from core.shift import Shift
from core.time_window import TimeWindow
from core.turn_memory import TURN_MEMORY_TTL
from language.reply_words import names_a_weekday
from state.person_state import current_person_state

LISTED_SHIFTS = "listed_shifts"
_WEEK = timedelta(days=7)
# A day and its part ("Friday", "Friday morning"); a longer stretch ("this week") is no weekday.
_LONGEST_DAY = timedelta(hours=25)


def remember_listing(shifts: Sequence[Shift], now: datetime) -> None:
    """Keep the shifts just listed to the person (their ids and times) in their state."""
    state = current_person_state()
    if state is None:
        return
    if not shifts:
        state.flags.pop(LISTED_SHIFTS, None)
        return
    state.flags[LISTED_SHIFTS] = {
        "at": now.isoformat(),
        "shifts": [[s.id, s.starts_at.isoformat(), s.ends_at.isoformat()] for s in shifts],
    }


def listed_shifts_meant(text: str, windows: Sequence[TimeWindow], now: datetime) -> list[str]:
    """The ids of the recently listed shifts that `text` points at by weekday, in list order;
    [] when nothing was listed lately, the text gives a date of its own or names no weekday,
    or no listed shift falls on the days it names."""
    state = current_person_state()
    listing = state.flags.get(LISTED_SHIFTS) if state is not None else None
    if not windows or not isinstance(listing, dict) or not names_a_weekday(text):
        return []
    if any(character.isdigit() for character in text):
        return []  # "Friday 27", "the 4th": the date is said
    try:
        listed_at = datetime.fromisoformat(str(listing["at"]))
        listed = [(str(shift_id), datetime.fromisoformat(starts), datetime.fromisoformat(ends))
                  for shift_id, starts, ends in listing["shifts"]]
    except (KeyError, TypeError, ValueError):
        return []
    if now - listed_at > TURN_MEMORY_TTL:
        return []
    days = [window for window in windows if window.end - window.start <= _LONGEST_DAY]
    return [shift_id for shift_id, starts, ends in listed
            if any(_on_the_same_weekday(window, starts, ends) for window in days)]


def listed_shift_ids(now: datetime) -> list[str]:
    """The ids of the shifts last listed to the person, in the order shown, when that was
    within turn memory's lifetime ("cancel the 2nd one" picks from them); [] otherwise."""
    state = current_person_state()
    listing = state.flags.get(LISTED_SHIFTS) if state is not None else None
    if not isinstance(listing, dict):
        return []
    try:
        if now - datetime.fromisoformat(str(listing["at"])) > TURN_MEMORY_TTL:
            return []
        return [str(shift[0]) for shift in listing["shifts"]]
    except (KeyError, TypeError, ValueError, IndexError):
        return []


def has_recent_listing() -> bool:
    """Whether shifts were listed to the person (the flag may have expired: see above)."""
    state = current_person_state()
    return state is not None and LISTED_SHIFTS in state.flags


def _on_the_same_weekday(window: TimeWindow, starts: datetime, ends: datetime) -> bool:
    """Whether the window, moved by whole weeks, overlaps the shift from `starts` to `ends`."""
    weeks = (starts - window.start) // _WEEK
    for moved in (weeks, weeks + 1):
        shift = _WEEK * moved
        if window.start + shift < ends and starts < window.end + shift:
            return True
    return False
