"""A span of time a user's words point at ("tomorrow", "tuesday morning", "next wednesday")."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime, time, timedelta, tzinfo


@dataclass(frozen=True)
class TimeWindow:
    """A half-open interval [start, end) in aware datetimes, with the words it came from."""

    start: datetime
    end: datetime
    text: str = ""

    def __post_init__(self) -> None:
        if self.start.tzinfo is None or self.end.tzinfo is None:
            raise ValueError("TimeWindow needs timezone-aware datetimes")
        if self.end <= self.start:
            raise ValueError(f"TimeWindow end {self.end} is not after start {self.start}")

    def contains(self, moment: datetime) -> bool:
        """Whether a moment falls inside the window."""
        return self.start <= moment < self.end

    def overlaps(self, start: datetime, end: datetime) -> bool:
        """Whether [start, end) shares any time with the window."""
        return start < self.end and self.start < end


def on_the_same_hours(
    windows: Sequence[TimeWindow], before: Sequence[TimeWindow], tz: tzinfo
) -> list[TimeWindow]:
    """`windows` that are whole days ("actually thursday") moved to the hours the time asked
    for before kept on each of its days ("friday afternoon": 12:00-17:00): a change of day
    keeps the part of the day. Unchanged when a new window names its own hours ("thursday
    morning"), or the time before was whole days or different hours on different days."""
    hours = _common_hours(before, tz)
    if hours is None or not windows or not all(_whole_day(w, tz) for w in windows):
        return list(windows)
    first, last = hours
    kept = []
    for window in windows:
        day = window.start.astimezone(tz).date()
        start = datetime.combine(day, first, tzinfo=tz)
        end = datetime.combine(day, last, tzinfo=tz) if last != time() \
            else datetime.combine(day + timedelta(days=1), last, tzinfo=tz)
        kept.append(TimeWindow(start, end, window.text))
    return kept


def _whole_day(window: TimeWindow, tz: tzinfo) -> bool:
    start, end = window.start.astimezone(tz), window.end.astimezone(tz)
    return (start.time() == time() and end.time() == time()
            and end.date() == start.date() + timedelta(days=1))


def _common_hours(windows: Sequence[TimeWindow], tz: tzinfo) -> tuple[time, time] | None:
    """The (start, end) wall-clock hours every window has, within one day; None for none,
    whole days, or windows at different hours."""
    hours = {(w.start.astimezone(tz).time(), w.end.astimezone(tz).time()) for w in windows
             if not _whole_day(w, tz)}
    if len(hours) != 1 or any(_whole_day(w, tz) for w in windows):
        return None
    first, last = next(iter(hours))
    return (first, last) if last > first or last == time() else None
