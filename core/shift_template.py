"""A store's shift template ("Morning 09:00-15:00"): the shape new shifts are made from.

Template times are local wall-clock times in the store's time zone; `occurrence` turns a template
and a day into the UTC start and end of that day's shift (an end at or before the start means the
shift runs past midnight).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import UTC, date, datetime, time, timedelta, tzinfo

_HHMM = re.compile(r"^([01]\d|2[0-3]):[0-5]\d$")


@dataclass(frozen=True)
class ShiftTemplate:
    """A template: id, store, name ("Morning") and local "HH:MM" start and end."""

    id: str
    store_id: str
    name: str
    start: str
    end: str

    def __post_init__(self) -> None:
        for name in ("start", "end"):
            value = getattr(self, name)
            if not _HHMM.match(value):
                raise ValueError(f"template {self.id}: {name} must be HH:MM, got {value!r}")

    def occurrence(self, day: date, tz: tzinfo) -> tuple[datetime, datetime]:
        """The UTC start and end of this template's shift on a local day."""
        starts = datetime.combine(day, _parse(self.start), tzinfo=tz)
        ends = datetime.combine(day, _parse(self.end), tzinfo=tz)
        if ends <= starts:
            ends = datetime.combine(day + timedelta(days=1), _parse(self.end), tzinfo=tz)
        return starts.astimezone(UTC), ends.astimezone(UTC)

    def matches(self, starts_at: datetime, ends_at: datetime, tz: tzinfo) -> bool:
        """Whether a shift with these times follows this template (same local start and end)."""
        local_start = starts_at.astimezone(tz)
        return self.occurrence(local_start.date(), tz) == (
            starts_at.astimezone(UTC),
            ends_at.astimezone(UTC),
        )


def _parse(hhmm: str) -> time:
    hours, minutes = hhmm.split(":")
    return time(int(hours), int(minutes))
