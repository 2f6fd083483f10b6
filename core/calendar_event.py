"""A meeting in a calendar: who organised it, who is invited, what it is about, and when.

Times are aware UTC datetimes. Addresses are normalized (trimmed, lower-case) so "is this person
in the meeting" is a plain comparison. The id is the calendar service's own: opaque to callers,
valid for `get_event` and `cancel_event` of the service that returned it.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from core.email_address import normalize_email_address
from core.time_window import TimeWindow


@dataclass(frozen=True)
class CalendarEvent:
    """One event.

    attendee_emails: the invited people, without the organizer.
    online_meeting_url: the Teams join link when the backend made one.
    is_cancelled: the organizer cancelled it (it stays readable by id).
    """

    id: str
    organizer_email: str
    attendee_emails: tuple[str, ...]
    subject: str
    starts_at: datetime
    ends_at: datetime
    body: str = ""
    location: str = ""
    online_meeting_url: str | None = None
    is_cancelled: bool = False

    def __post_init__(self) -> None:
        if not self.id:
            raise ValueError("a calendar event needs an id")
        if self.starts_at.tzinfo is None or self.ends_at.tzinfo is None:
            raise ValueError("event times must be timezone-aware")
        if self.ends_at <= self.starts_at:
            raise ValueError(f"event {self.id} ends at or before it starts")
        organizer = normalize_email_address(self.organizer_email)
        attendees: dict[str, None] = {}
        for address in self.attendee_emails:
            normalized = normalize_email_address(address)
            if normalized != organizer:
                attendees.setdefault(normalized, None)
        object.__setattr__(self, "organizer_email", organizer)
        object.__setattr__(self, "attendee_emails", tuple(attendees))
        object.__setattr__(self, "starts_at", self.starts_at.astimezone(UTC))
        object.__setattr__(self, "ends_at", self.ends_at.astimezone(UTC))

    @property
    def window(self) -> TimeWindow:
        """When it takes place."""
        return TimeWindow(self.starts_at, self.ends_at)

    def involves(self, email: str) -> bool:
        """Whether the address organises or attends the event (case-insensitive)."""
        address = email.strip().lower()
        return address == self.organizer_email or address in self.attendee_emails

    def to_dict(self) -> dict[str, Any]:
        """Plain JSON-ready form."""
        return {
            "id": self.id,
            "organizer_email": self.organizer_email,
            "attendee_emails": list(self.attendee_emails),
            "subject": self.subject,
            "starts_at": self.starts_at.isoformat(),
            "ends_at": self.ends_at.isoformat(),
            "body": self.body,
            "location": self.location,
            "online_meeting_url": self.online_meeting_url,
            "is_cancelled": self.is_cancelled,
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> CalendarEvent:
        """Rebuild from `to_dict` output."""
        return cls(
            id=str(data["id"]),
            organizer_email=str(data["organizer_email"]),
            attendee_emails=tuple(str(a) for a in data.get("attendee_emails") or ()),
            subject=str(data.get("subject", "")),
            starts_at=datetime.fromisoformat(str(data["starts_at"])),
            ends_at=datetime.fromisoformat(str(data["ends_at"])),
            body=str(data.get("body", "")),
            location=str(data.get("location", "")),
            online_meeting_url=(str(data["online_meeting_url"])
                                if data.get("online_meeting_url") else None),
            is_cancelled=bool(data.get("is_cancelled", False)),
        )
