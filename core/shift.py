"""A shift in a store's schedule: who works it (or nobody yet), in which role, and when.

Times are aware UTC datetimes; `local_label` renders them in the store's time zone the way users
read a shift ("Wed 25 Nov, Morning 09:00-15:00"). A shift with nobody on it is an open shift.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime, tzinfo
from enum import StrEnum
from typing import Any


class ShiftStatus(StrEnum):
    """Whether someone holds the shift."""

    ASSIGNED = "assigned"
    OPEN = "open"


@dataclass(frozen=True)
class Shift:
    """One shift.

    person_id: the directory id of who works it; None for an open shift.
    role: the store role it is for ("cashier", "sales associate", ...).
    template_id: the store template it was made from, when known.
    label: the shift's name as the schedule shows it ("Morning"); may be empty.
    """

    id: str
    store_id: str
    person_id: str | None
    role: str
    starts_at: datetime
    ends_at: datetime
    template_id: str | None = None
    label: str = ""
    status: ShiftStatus = ShiftStatus.ASSIGNED

    def __post_init__(self) -> None:
        if not self.id or not self.store_id:
            raise ValueError("a shift needs an id and a store id")
        if self.starts_at.tzinfo is None or self.ends_at.tzinfo is None:
            raise ValueError("shift times must be timezone-aware")
        if self.ends_at <= self.starts_at:
            raise ValueError(f"shift {self.id} ends at or before it starts")
        object.__setattr__(self, "starts_at", self.starts_at.astimezone(UTC))
        object.__setattr__(self, "ends_at", self.ends_at.astimezone(UTC))
        if not isinstance(self.status, ShiftStatus):
            object.__setattr__(self, "status", ShiftStatus(self.status))
        if (self.status is ShiftStatus.OPEN) != (self.person_id is None):
            raise ValueError(f"shift {self.id}: an open shift has no person, an assigned one has")

    @property
    def is_open(self) -> bool:
        """Whether nobody holds the shift yet."""
        return self.status is ShiftStatus.OPEN

    @property
    def duration_hours(self) -> float:
        """Length in hours."""
        return (self.ends_at - self.starts_at).total_seconds() / 3600

    def has_started(self, now: datetime) -> bool:
        """Whether the shift's start is at or before `now`."""
        return self.starts_at <= now

    def overlaps(self, starts_at: datetime, ends_at: datetime) -> bool:
        """Whether [starts_at, ends_at) shares any time with the shift."""
        return starts_at < self.ends_at and self.starts_at < ends_at

    def local_label(self, tz: tzinfo) -> str:
        """How a user reads it: "Wed 25 Nov, Morning 09:00-15:00" in the given time zone."""
        return format_shift_label(self.label, self.starts_at, self.ends_at, tz)

    def to_dict(self) -> dict[str, Any]:
        """Plain JSON-ready form, for turn memory."""
        return {
            "id": self.id,
            "store_id": self.store_id,
            "person_id": self.person_id,
            "role": self.role,
            "starts_at": self.starts_at.isoformat(),
            "ends_at": self.ends_at.isoformat(),
            "template_id": self.template_id,
            "label": self.label,
            "status": str(self.status),
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Shift:
        """Rebuild from `to_dict` output."""
        return cls(
            id=str(data["id"]),
            store_id=str(data["store_id"]),
            person_id=data.get("person_id"),
            role=str(data.get("role", "")),
            starts_at=datetime.fromisoformat(data["starts_at"]),
            ends_at=datetime.fromisoformat(data["ends_at"]),
            template_id=data.get("template_id"),
            label=str(data.get("label", "")),
            status=ShiftStatus(data.get("status", ShiftStatus.ASSIGNED)),
        )


def format_shift_label(label: str, starts_at: datetime, ends_at: datetime, tz: tzinfo) -> str:
    """"Wed 25 Nov, Morning 09:00-15:00" (or "Wed 25 Nov, 09:00-15:00" without a label).

    English day and month names regardless of the process locale, so labels are stable.
    """
    start = starts_at.astimezone(tz)
    end = ends_at.astimezone(tz)
    day = f"{_WEEKDAYS[start.weekday()]} {start.day} {_MONTHS[start.month - 1]}"
    hours = f"{start:%H:%M}-{end:%H:%M}"
    return f"{day}, {label} {hours}" if label else f"{day}, {hours}"


_WEEKDAYS = ("Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun")
_MONTHS = ("Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec")
