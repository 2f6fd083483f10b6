"""Free meeting slots shared by everyone invited: pure arithmetic on busy intervals.

A slot is offered when it lies inside the window, inside working hours on a workday in the given
time zone (the store's), starts at or after `now`, starts on the step grid counted from local
midnight (09:00, 09:30, ... for a 30-minute step), and overlaps nobody's busy time. Candidates are
walked in local wall-clock time, so a daylight-saving change moves the grid with the clock, and
each slot lasts `duration` of real time.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from datetime import UTC, date, datetime, time, timedelta, tzinfo

from core.busy_interval import BusyInterval, merge_intervals
from core.time_window import TimeWindow
from core.working_hours import WorkingHours

MON_FRI: frozenset[int] = frozenset(range(5))
OFFICE_HOURS = WorkingHours()
_DAY = timedelta(days=1)


def find_free_slots(
    busy: Mapping[str, Sequence[tuple[datetime, datetime]]],
    window: TimeWindow,
    *,
    duration: timedelta,
    tz: tzinfo,
    working_hours: WorkingHours = OFFICE_HOURS,
    workdays: Collection[int] = MON_FRI,
    step: timedelta = timedelta(minutes=30),
    now: datetime | None = None,
    limit: int | None = None,
    per_day: int | None = None,
) -> list[TimeWindow]:
    """The free slots in `window`, earliest first, as UTC windows.

    busy: each attendee's busy intervals (aware datetimes); a slot must avoid all of them.
    workdays: weekday numbers (Monday 0) on which slots may fall.
    step: the grid slots start on; it must divide a day into whole minutes.
    limit: at most this many slots in all; per_day: at most this many on one day (to spread an
    offer over several days instead of filling the first morning).
    """
    _check(duration=duration, step=step, limit=limit, per_day=per_day, now=now)
    earliest = window.start if now is None else max(window.start, now)
    if earliest >= window.end:
        return []
    blocked = merge_intervals(
        (start.astimezone(UTC), end.astimezone(UTC))
        for intervals in busy.values() for start, end in intervals
    )
    slots: list[TimeWindow] = []
    day = earliest.astimezone(tz).date()
    last_day = window.end.astimezone(tz).date()
    while day <= last_day and (limit is None or len(slots) < limit):
        if day.weekday() in workdays:
            room = None if limit is None else limit - len(slots)
            if per_day is not None:
                room = per_day if room is None else min(room, per_day)
            slots.extend(_day_slots(
                day, tz, working_hours, step, duration, earliest, window.end, blocked, room
            ))
        day += _DAY
    return slots


def _day_slots(
    day: date,
    tz: tzinfo,
    hours: WorkingHours,
    step: timedelta,
    duration: timedelta,
    earliest: datetime,
    latest_end: datetime,
    blocked: list[BusyInterval],
    room: int | None,
) -> list[TimeWindow]:
    """One local day's free slots (at most `room`)."""
    day_end = datetime.combine(day, hours.end, tzinfo=tz).astimezone(UTC)
    latest_end = min(latest_end, day_end)
    step_seconds = int(step.total_seconds())
    opening = _seconds(hours.start)
    offset = -(-opening // step_seconds) * step_seconds
    slots: list[TimeWindow] = []
    index = 0
    while offset < 24 * 3600 and (room is None or len(slots) < room):
        local = datetime.combine(day, _clock(offset), tzinfo=tz)
        start = local.astimezone(UTC)
        end = start + duration
        offset += step_seconds
        if end > latest_end:
            break
        if start < earliest:
            continue
        while index < len(blocked) and blocked[index].end <= start:
            index += 1
        if index < len(blocked) and blocked[index].start < end:
            continue
        slots.append(TimeWindow(start, end))
    return slots


def _check(
    *, duration: timedelta, step: timedelta, limit: int | None, per_day: int | None,
    now: datetime | None,
) -> None:
    if duration <= timedelta(0):
        raise ValueError("a slot needs a positive duration")
    if step <= timedelta(0) or step > _DAY or step % timedelta(minutes=1) or _DAY % step:
        raise ValueError(f"step {step} must be whole minutes that divide a day")
    if (limit is not None and limit < 0) or (per_day is not None and per_day < 1):
        raise ValueError("limit must be >= 0 and per_day >= 1")
    if now is not None and now.tzinfo is None:
        raise ValueError("now must be timezone-aware")


def _seconds(moment: time) -> int:
    return moment.hour * 3600 + moment.minute * 60 + moment.second


def _clock(seconds: int) -> time:
    return time(seconds // 3600, seconds % 3600 // 60, seconds % 60)
