"""A stretch of time when someone is not free, as calendars report it: a half-open [start, end).

It is a NamedTuple so code that expects `(start, end)` pairs can unpack it as one.
"""

from __future__ import annotations

from collections.abc import Iterable
from datetime import UTC, datetime
from typing import NamedTuple


class BusyInterval(NamedTuple):
    """[start, end) in aware UTC datetimes."""

    start: datetime
    end: datetime

    def overlaps(self, start: datetime, end: datetime) -> bool:
        """Whether [start, end) shares any time with this interval."""
        return start < self.end and self.start < end


def busy_interval(start: datetime, end: datetime) -> BusyInterval:
    """A checked interval: aware times, converted to UTC, end after start (ValueError if not)."""
    if start.tzinfo is None or end.tzinfo is None:
        raise ValueError("busy times must be timezone-aware")
    if end <= start:
        raise ValueError(f"busy interval ends at {end} before it starts at {start}")
    return BusyInterval(start.astimezone(UTC), end.astimezone(UTC))


def merge_intervals(intervals: Iterable[tuple[datetime, datetime]]) -> list[BusyInterval]:
    """The intervals sorted, with overlapping and touching ones joined."""
    merged: list[BusyInterval] = []
    for start, end in sorted(intervals):
        if merged and start <= merged[-1].end:
            if end > merged[-1].end:
                merged[-1] = BusyInterval(merged[-1].start, end)
            continue
        merged.append(BusyInterval(start, end))
    return merged
