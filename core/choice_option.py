"""An option the bot offered the user: a shift, a time slot, a meeting, a person.

The server stores the options it showed (in turn memory) and interprets the reply against them,
so the LLM never has to remember ids. The fields are those the interpreter matches on.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, fields
from enum import StrEnum
from typing import Any

_HHMM = re.compile(r"^([01]\d|2[0-3]):[0-5]\d$")


class TimeOfDay(StrEnum):
    """Part of the day an option falls in, for replies such as "morning" or "matin"."""

    MORNING = "morning"
    AFTERNOON = "afternoon"
    EVENING = "evening"

    @classmethod
    def of_hour(cls, hour: int) -> TimeOfDay:
        """The part of the day an hour (0-23) starts in: before 12, before 17, else evening."""
        if hour < 12:
            return cls.MORNING
        if hour < 17:
            return cls.AFTERNOON
        return cls.EVENING


@dataclass(frozen=True)
class ChoiceOption:
    """One offered option.

    option_id: "opt_1", "opt_2", ... as offered, in order.
    index: 0-based position, for "first", "second", "last".
    label: what the user saw, e.g. "Morning (09:00-15:00)".
    value: the server-side id the option stands for (shift id, slot start, event id, person id).
    start, end: "HH:MM" local times when the option has them, for replies such as "9am".
    time_of_day: for replies such as "morning"; derived from start when not given.
    duration_hours, fits, reason: for shift candidates (fits=False says why in reason).
    """

    option_id: str
    index: int
    label: str
    value: str = ""
    start: str | None = None
    end: str | None = None
    time_of_day: TimeOfDay | None = None
    duration_hours: float | None = None
    fits: bool = True
    reason: str | None = None

    def __post_init__(self) -> None:
        if not self.option_id:
            raise ValueError("option_id must not be empty")
        if self.index < 0:
            raise ValueError(f"index must be >= 0, got {self.index}")
        for name in ("start", "end"):
            value = getattr(self, name)
            if value is not None and not _HHMM.match(value):
                raise ValueError(f"{name} must be HH:MM, got {value!r}")
        if self.time_of_day is None and self.start is not None:
            object.__setattr__(self, "time_of_day", TimeOfDay.of_hour(int(self.start[:2])))
        elif isinstance(self.time_of_day, str) and not isinstance(self.time_of_day, TimeOfDay):
            object.__setattr__(self, "time_of_day", TimeOfDay(self.time_of_day))

    def to_dict(self) -> dict[str, Any]:
        """Plain JSON-ready form, for storage."""
        # Every field is a plain value: no deep copy (dataclasses.asdict) is needed.
        data = {name: getattr(self, name) for name in _FIELDS}
        data["time_of_day"] = str(self.time_of_day) if self.time_of_day else None
        return data

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> ChoiceOption:
        """Rebuild from `to_dict` output (unknown keys are ignored)."""
        return cls(**{k: v for k, v in data.items() if k in _FIELDS})


_FIELDS = tuple(field.name for field in fields(ChoiceOption))
