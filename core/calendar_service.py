"""The calendar service Protocol: free/busy, and booking, finding, cancelling meetings and adding
people to them or taking people off them.

Implemented by services/: the local calendar on the organisation database (the embedded default)
and Outlook calendars through Microsoft Graph. Writes take a request id and happen once per id,
so a redelivered confirmation never books or cancels twice. Errors: NotFoundError for an event
that does not exist, PermissionDeniedError when someone other than the organizer cancels,
ValidationError for unusable input, BackendError when the backend failed.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from typing import Protocol

from core.busy_interval import BusyInterval
from core.calendar_event import CalendarEvent
from core.time_window import TimeWindow


class CalendarService(Protocol):
    """Calendars ERA can read and book into."""

    async def free_busy(
        self, emails: Sequence[str], window: TimeWindow
    ) -> dict[str, list[BusyInterval]]:
        """Each address's busy intervals overlapping `window`, sorted and merged, keyed by the
        address as given. An address the calendar does not know has no busy time."""
        ...

    async def create_event(
        self,
        *,
        organizer_email: str,
        attendee_emails: Sequence[str],
        subject: str,
        body: str,
        starts_at: datetime,
        ends_at: datetime,
        request_id: str,
    ) -> CalendarEvent:
        """Book a meeting and invite the attendees; a repeated request id returns the event the
        first call created."""
        ...

    async def find_events(self, *, attendee_email: str, window: TimeWindow) -> list[CalendarEvent]:
        """The events overlapping `window` that the address organises or attends, not
        cancelled, sorted by start."""
        ...

    async def cancel_event(
        self, *, event_id: str, organizer_email: str, comment: str, request_id: str
    ) -> None:
        """Cancel an event as its organizer, telling the attendees `comment`. Repeating the
        request id is a no-op, and so is cancelling an event that is already cancelled."""
        ...

    async def add_attendees(
        self, *, event_id: str, organizer_email: str, attendee_emails: Sequence[str],
        request_id: str,
    ) -> CalendarEvent:
        """Add people to an event as its organizer and invite them (only them: the others are
        not sent anything); returns the event as it now is. Someone already in it stays as they
        are; repeating the request id changes nothing more and sends nothing again.
        NotFoundError for an event that does not exist or is cancelled."""
        ...

    async def remove_attendees(
        self, *, event_id: str, organizer_email: str, attendee_emails: Sequence[str],
        request_id: str,
    ) -> CalendarEvent:
        """Take people off an event as its organizer and send each of them a cancellation
        (only them: the others are not sent anything); returns the event as it now is.
        Someone not in it (or the organizer) is left as they are; repeating the request id
        changes nothing more and sends nothing again. NotFoundError for an event that does
        not exist or is cancelled, PermissionDeniedError for someone not its organizer."""
        ...

    async def get_event(self, event_id: str) -> CalendarEvent | None:
        """An event by id (cancelled ones included), or None."""
        ...
