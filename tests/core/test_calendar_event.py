"""CalendarEvent and MeetingRequest: normalized addresses, UTC times, and refused input."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from zoneinfo import ZoneInfo

import pytest

from core.busy_interval import BusyInterval, busy_interval, merge_intervals
from core.calendar_event import CalendarEvent
from core.errors import ValidationError
from core.meeting_request import MeetingRequest

PARIS = ZoneInfo("Europe/Paris")
START = datetime(2026, 11, 25, 11, 0, tzinfo=PARIS)


def test_an_event_normalizes_addresses_and_times() -> None:
    event = CalendarEvent(
        id="e1", organizer_email="Maria.Lopez@contoso.example",
        attendee_emails=("BOB.smith@contoso.example", "maria.lopez@contoso.example",
                         "bob.smith@contoso.example"),
        subject="Check-in", starts_at=START, ends_at=START + timedelta(minutes=30),
    )
    assert event.organizer_email == "maria.lopez@contoso.example"
    assert event.attendee_emails == ("bob.smith@contoso.example",)
    assert event.starts_at == datetime(2026, 11, 25, 10, 0, tzinfo=UTC)
    assert event.involves("Bob.Smith@contoso.example")
    assert event.involves("maria.lopez@contoso.example")
    assert not event.involves("alice.martin@contoso.example")
    assert CalendarEvent.from_dict(event.to_dict()) == event


@pytest.mark.parametrize("change", [
    {"ends_at": START},
    {"starts_at": datetime(2026, 11, 25, 10, 0)},
    {"id": ""},
])
def test_an_impossible_event_is_refused(change: dict[str, object]) -> None:
    fields: dict[str, object] = {"id": "e1", "organizer_email": "maria@contoso.example",
                                 "attendee_emails": (), "subject": "x", "starts_at": START,
                                 "ends_at": START + timedelta(hours=1), **change}
    with pytest.raises(ValueError):
        CalendarEvent(**fields)  # type: ignore[arg-type]


def test_a_meeting_request_is_normalized() -> None:
    meeting = MeetingRequest.of(
        organizer_email="Maria@contoso.example", attendee_emails=["bob@contoso.example",
                                                                  "MARIA@contoso.example"],
        subject="  Check-in ", body="", starts_at=START, ends_at=START + timedelta(hours=1),
        request_id=" r ",
    )
    assert (meeting.request_id, meeting.organizer_email, meeting.attendee_emails,
            meeting.subject) == ("r", "maria@contoso.example", ("bob@contoso.example",),
                                 "Check-in")
    assert meeting.starts_at.tzinfo is UTC


@pytest.mark.parametrize("change", [
    {"subject": "Two\nlines"},
    {"ends_at": START + timedelta(hours=25)},
    {"ends_at": START - timedelta(minutes=1)},
    {"starts_at": datetime(2026, 11, 25, 10), "ends_at": datetime(2026, 11, 25, 11)},
    {"attendee_emails": ["bob"]},
    {"request_id": "  "},
])
def test_an_unusable_meeting_request_is_refused(change: dict[str, object]) -> None:
    fields: dict[str, object] = {"organizer_email": "maria@contoso.example",
                                 "attendee_emails": ["bob@contoso.example"], "subject": "x",
                                 "body": "", "starts_at": START,
                                 "ends_at": START + timedelta(hours=1), "request_id": "r",
                                 **change}
    with pytest.raises(ValidationError):
        MeetingRequest.of(**fields)  # type: ignore[arg-type]


def test_busy_intervals_merge_when_they_overlap_or_touch() -> None:
    hour = timedelta(hours=1)
    t = datetime(2026, 11, 25, 9, tzinfo=UTC)
    merged = merge_intervals([(t + 3 * hour, t + 4 * hour), (t, t + hour), (t + hour, t + 2 * hour),
                              (t + 30 * timedelta(minutes=1), t + 90 * timedelta(minutes=1))])
    assert merged == [BusyInterval(t, t + 2 * hour), BusyInterval(t + 3 * hour, t + 4 * hour)]
    assert busy_interval(START, START + hour).start == datetime(2026, 11, 25, 10, tzinfo=UTC)
    with pytest.raises(ValueError):
        busy_interval(START, START)
