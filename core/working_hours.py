"""The part of a day meetings may be booked in, as local wall-clock times (09:00-17:30)."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import time


@dataclass(frozen=True)
class WorkingHours:
    """[start, end) of a working day in local time; start before end, same day."""

    start: time = time(9, 0)
    end: time = time(17, 30)

    def __post_init__(self) -> None:
        if self.start.tzinfo is not None or self.end.tzinfo is not None:
            raise ValueError("working hours are local wall-clock times, without a time zone")
        if self.end <= self.start:
            raise ValueError(f"working hours end {self.end} is not after start {self.start}")

    @classmethod
    def parse(cls, text: str) -> WorkingHours:
        """From "HH:MM-HH:MM" (ValueError when malformed)."""
        start, sep, end = text.partition("-")
        if not sep:
            raise ValueError(f"working hours {text!r} are not HH:MM-HH:MM")
        return cls(time.fromisoformat(start.strip()), time.fromisoformat(end.strip()))
