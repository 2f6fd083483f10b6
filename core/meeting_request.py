"""A meeting someone asked to book, checked once before any calendar sees it.

Both calendar services build one from `create_event`'s arguments, so they accept and refuse the
same input: a one-line subject, aware times with the end after the start and at most a day
apart, valid addresses (normalized, the organizer not repeated as an attendee) and a request id.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta

from core.email_address import normalize_email_address
from core.errors import ValidationError

MAX_SUBJECT_LENGTH = 255
MAX_BODY_LENGTH = 20_000
MAX_ATTENDEES = 50
MAX_DURATION = timedelta(hours=24)


@dataclass(frozen=True)
class MeetingRequest:
    """Validated booking input; times are UTC. Invalid input raises ValidationError."""

    request_id: str
    organizer_email: str
    attendee_emails: tuple[str, ...]
    subject: str
    body: str
    starts_at: datetime
    ends_at: datetime

    def __post_init__(self) -> None:
        request_id = self.request_id.strip()
        if not request_id:
            raise ValidationError("a booking needs a request id")
        organizer = normalize_email_address(self.organizer_email)
        attendees: dict[str, None] = {}
        for address in self.attendee_emails:
            normalized = normalize_email_address(address)
            if normalized != organizer:
                attendees.setdefault(normalized, None)
        if len(attendees) > MAX_ATTENDEES:
            raise ValidationError(f"a meeting can have at most {MAX_ATTENDEES} attendees")
        subject = self.subject.strip()
        if not subject or len(subject) > MAX_SUBJECT_LENGTH or any(c in subject for c in "\r\n"):
            raise ValidationError(
                f"a meeting needs a one-line subject of at most {MAX_SUBJECT_LENGTH} characters"
            )
        if len(self.body) > MAX_BODY_LENGTH:
            raise ValidationError(f"a meeting description is at most {MAX_BODY_LENGTH} characters")
        if self.starts_at.tzinfo is None or self.ends_at.tzinfo is None:
            raise ValidationError("meeting times need a time zone")
        if not timedelta(0) < self.ends_at - self.starts_at <= MAX_DURATION:
            raise ValidationError("a meeting ends after it starts, within a day")
        object.__setattr__(self, "request_id", request_id)
        object.__setattr__(self, "organizer_email", organizer)
        object.__setattr__(self, "attendee_emails", tuple(attendees))
        object.__setattr__(self, "subject", subject)
        object.__setattr__(self, "starts_at", self.starts_at.astimezone(UTC))
        object.__setattr__(self, "ends_at", self.ends_at.astimezone(UTC))

    @classmethod
    def of(
        cls,
        *,
        organizer_email: str,
        attendee_emails: Sequence[str],
        subject: str,
        body: str,
        starts_at: datetime,
        ends_at: datetime,
        request_id: str,
    ) -> MeetingRequest:
        """From `CalendarService.create_event`'s keyword arguments."""
        return cls(request_id=request_id, organizer_email=organizer_email,
                   attendee_emails=tuple(attendee_emails), subject=subject, body=body,
                   starts_at=starts_at, ends_at=ends_at)
