"""A time card: when a person clocked in for a shift (Teams Shifts time cards, or the demo's
seeded records), and the typed error of a backend that keeps none."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from core.errors import EraError


class TimeCardsUnavailableError(EraError):
    """The shift backend has no clock-in records ERA may read (not kept, or not permitted)."""


@dataclass(frozen=True)
class TimeCard:
    """One clock-in: who, for which shift (None when the record names none), and when (aware
    UTC)."""

    person_id: str
    shift_id: str | None
    clock_in: datetime

    def __post_init__(self) -> None:
        if self.clock_in.tzinfo is None:
            raise ValueError("a clock-in time must be timezone-aware")
