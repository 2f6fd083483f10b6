"""How shifts read as options and how searched dates read in replies."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from datetime import date, datetime, time, timedelta, tzinfo
from typing import Any

from core.choice_option import ChoiceOption
from core.shift import Shift
from core.shift_backend import ShiftBackend
from core.time_window import TimeWindow
from language import phrase
from language.catalogue import say
from language.formatting import format_shift_label, format_time
from language.phrase import Formatted, Phrase
from language.schedule_terms import schedule_term


def shift_label(shift: Shift, tz: tzinfo, language: str = "en", *, long_day: bool = False
                ) -> str:
    """How a shift reads: "Tue 24 Nov, Evening 20:00-23:00", "mar. 24 nov., Evening 20:00-23:00"
    (the shift's name and role are the schedule's own); `long_day`: "Tuesday 24 November"."""
    return format_shift_label(shift.label, shift.starts_at, shift.ends_at, tz, language,
                              long_day=long_day)


def shift_phrase(shift: Shift, tz: tzinfo) -> Phrase:
    """A shift as an option reads, with its role, in any language (`shift_option`'s label)."""
    return Phrase.of("shift.label_with_role",
                     shift=phrase.shift_label(shift.label, shift.starts_at, shift.ends_at,
                                              _zone_name(tz)),
                     role=phrase.term(shift.role))


def shift_option(shift: Shift, index: int, tz: tzinfo, language: str = "en", *,
                 long_day: bool = False) -> ChoiceOption:
    """A shift as an option the worker can pick (`long_day`: its day written out)."""
    local_start, local_end = shift.starts_at.astimezone(tz), shift.ends_at.astimezone(tz)
    return ChoiceOption(
        option_id=f"opt_{index + 1}",
        index=index,
        label=say("shift.label_with_role", language,
                  shift=shift_label(shift, tz, language, long_day=long_day),
                  role=schedule_term(shift.role, language)),
        value=shift.id,
        start=local_start.strftime("%H:%M"),
        end=local_end.strftime("%H:%M"),
        duration_hours=shift.duration_hours,
    )


def shift_labels(options: Sequence[ChoiceOption], shifts: Mapping[str, Any],
                 tz: tzinfo) -> dict[str, Phrase]:
    """The phrases of the `options` that stand for one of the kept `shifts` (by shift id, as
    a flow keeps them in its memory), by option id: how to say the list again."""
    return {option.option_id: shift_phrase(Shift.from_dict(shifts[option.value]), tz)
            for option in options if option.value in shifts}


def describe_windows(windows: list[TimeWindow], tz: tzinfo, language: str = "en") -> str:
    """ "on Mon 23 Nov", "between Mon 23 Nov and Sun 29 Nov", for telling what was searched."""
    return windows_phrase(windows, tz).said(language)


def windows_phrase(windows: Sequence[TimeWindow], tz: tzinfo) -> Formatted:
    """`describe_windows` in any language: a part of one day with its hours ("on Sat 5 Dec
    between 17:00 and 24:00" for "saturday evening"), so that what was searched is what was
    asked for."""
    parts = []
    for window in windows:
        start = window.start.astimezone(tz)
        last = (window.end - timedelta(seconds=1)).astimezone(tz)
        end = window.end.astimezone(tz)
        if start.date() != last.date():
            parts.append(Phrase.of("window.between_days", first=phrase.day(start.date()),
                                   last=phrase.day(last.date())))
        elif start.time() == end.time() == time(0):
            parts.append(Phrase.of("window.on_day", day=phrase.on_day(start.date())))
        else:
            parts.append(Phrase.of("window.on_day_between_times",
                                   day=phrase.on_day(start.date()),
                                   start=format_time(start), end=end_time(end)))
    return phrase.listing(parts, "or")


def end_time(end: datetime) -> str:
    """The clock time a window of one day ends at: midnight is that day's "24:00" ("this
    evening" runs from 17:00 to 24:00), never the next day's "00:00"."""
    return "24:00" if end.time() == time(0) else format_time(end)


def whole_days(windows: Sequence[TimeWindow], tz: tzinfo) -> list[TimeWindow]:
    """The whole days (in `tz`) the windows fall on: "saturday evening" -> all of Saturday."""
    days: dict[date, TimeWindow] = {}
    for window in windows:
        day = window.start.astimezone(tz).date()
        last = (window.end - timedelta(seconds=1)).astimezone(tz).date()
        while day <= last:
            start = datetime.combine(day, time(0), tz)
            days.setdefault(day, TimeWindow(start, start + timedelta(days=1)))
            day += timedelta(days=1)
    return list(days.values())


def _zone_name(tz: tzinfo) -> str:
    """The IANA name of a store's timezone ("UTC" for the fixed UTC zone)."""
    return str(getattr(tz, "key", None) or tz.tzname(None) or "UTC")


async def shifts_in_windows(
    backend: ShiftBackend,
    person_id: str,
    windows: Sequence[TimeWindow],
    *,
    now: datetime,
    horizon: timedelta,
) -> list[Shift]:
    """The person's upcoming shifts starting in any of the windows — or within `horizon` of
    now when no window was named — each once, by start."""
    searched = list(windows) or [TimeWindow(now, now + horizon, "the coming days")]
    found: dict[str, Shift] = {}
    for window in searched:
        for shift in await backend.upcoming_shifts(person_id, now=now, window=window):
            found.setdefault(shift.id, shift)
    return sorted(found.values(), key=lambda s: s.starts_at)


# No shift lasts longer than this: how far back a shift still under way may have started.
_LONGEST_SHIFT = timedelta(hours=24)


async def shifts_under_way(
    backend: ShiftBackend, person_id: str, windows: Sequence[TimeWindow], *, now: datetime
) -> list[Shift]:
    """The person's shifts that have started and not ended at `now` ("what are my shifts?" at
    16:00 during a 15:00-20:00 shift lists it), when no window was named or one of the windows
    holds now or the shift's start."""
    started = await backend.shifts_between(person_id, start=now - _LONGEST_SHIFT,
                                           end=now + timedelta(seconds=1))
    return [shift for shift in started
            if shift.starts_at <= now < shift.ends_at
            and (not windows or any(window.start <= now < window.end
                                    or window.start <= shift.starts_at < window.end
                                    for window in windows))]
