"""The meetings a person was just shown ("what meetings do I have next week?"), so that "cancel
the first one", "cancel the one with Alice" or "cancel it" said next means a meeting of that
list. Kept in the person's own state for as long as a question stays open (ten minutes); the
cancellation still shows the meeting and asks before anything is done.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime

from dialogs.last_question import recent_flag
from dialogs.shift_listing import LISTED_SHIFTS
from state.person_state import current_person_state

LISTED_MEETINGS = "listed_meetings"
BOOKED_MEETING = "booked_meeting"


def remember_meetings(event_ids: Sequence[str], now: datetime) -> None:
    """Keep the meetings just listed to the person (their ids, in the order shown)."""
    state = current_person_state()
    if state is None:
        return
    if not event_ids:
        state.flags.pop(LISTED_MEETINGS, None)
        return
    state.flags[LISTED_MEETINGS] = {"at": now.isoformat(), "ids": list(event_ids)}


def listed_meeting_ids(now: datetime) -> list[str]:
    """The ids of the meetings last listed to the person, in the order shown, when that was
    within turn memory's lifetime and after any list of their shifts; [] otherwise."""
    listing = recent_flag(LISTED_MEETINGS, now)
    if listing is None:
        return []
    shifts = recent_flag(LISTED_SHIFTS, now)
    if shifts is not None and (datetime.fromisoformat(str(shifts["at"]))
                               > datetime.fromisoformat(str(listing["at"]))):
        return []  # the shifts were shown since: "cancel the first one" is about them
    ids = listing.get("ids")
    return [str(event_id) for event_id in ids] if isinstance(ids, list) else []


def remember_booked_meeting(event_id: str, now: datetime) -> None:
    """Keep the meeting or call just booked (or moved), so that "change it to 3pm" or "make it
    friday" said next is a move of that one."""
    state = current_person_state()
    if state is not None:
        state.flags[BOOKED_MEETING] = {"at": now.isoformat(), "id": event_id}


def booked_meeting_id(now: datetime) -> str | None:
    """The id of the meeting or call the person booked within turn memory's lifetime, when
    nothing was listed to them since; None otherwise."""
    booked = recent_flag(BOOKED_MEETING, now)
    if booked is None:
        return None
    at = datetime.fromisoformat(str(booked["at"]))
    for listed in (recent_flag(LISTED_MEETINGS, now), recent_flag(LISTED_SHIFTS, now)):
        if listed is not None and datetime.fromisoformat(str(listed["at"])) > at:
            return None  # a list was shown since: "change the first one" is about it
    event_id = booked.get("id")
    return str(event_id) if event_id else None
