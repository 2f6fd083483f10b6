"""A span of time a user's words point at ("tomorrow", "tuesday morning", "next wednesday")."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime


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
