"""GraphCalendarService against the fake Graph server: getSchedule requests and what counts as
busy, creating events once (request log and transactionId), finding them in an attendee's
calendar, cancelling as the organizer, and errors."""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import AsyncIterator
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from pathlib import Path

import aiohttp
import pytest

from core.busy_interval import BusyInterval
from core.calendar_event import CalendarEvent
from core.errors import (
    BackendError,
    ConflictError,
    ErrorCode,
    NotFoundError,
    PermissionDeniedError,
)
from core.free_busy import FreeBusy
from core.meeting_request import MeetingRequest
from core.time_window import TimeWindow
from services.demo_organisation import seed_demo
from services.graph_calendar_service import (
    MAX_CONCURRENT_PER_MAILBOX,
    GraphCalendarService,
    transaction_id,
)
from services.graph_client import GraphAddressError, GraphClient
from services.org_database import OrgDatabase
from services.request_log import RequestLog
from services.sqlite_directory import SqliteDirectory
from state.sqlite_storage import SqliteStorage
from tests.fakes.graph_outlook import FakeOutlook
from tests.fakes.graph_server import DEFAULT_TOKEN, FakeGraphServer, FixedTokenSource

MARIA = "maria.lopez@contoso.example"
BOB = "bob.smith@contoso.example"
ALICE = "alice.martin@contoso.example"
NOW = datetime(2026, 11, 22, 10, 0, tzinfo=UTC)


def at(day: int, hour: int, minute: int = 0) -> datetime:
    return datetime(2026, 11, day, hour, minute, tzinfo=UTC)


def day_window(day: int) -> TimeWindow:
    return TimeWindow(at(day, 0), at(day, 0) + timedelta(days=1))


@dataclass
class Setup:
    server: FakeGraphServer
    outlook: FakeOutlook
    session: aiohttp.ClientSession
    log: RequestLog
    directory: SqliteDirectory
    db: OrgDatabase

    def calendar(self, *, timeout: float = 5.0, **options: object) -> GraphCalendarService:
        client = GraphClient(session=self.session, token_source=FixedTokenSource(),
                             base_url=self.server.base_url, timeout_seconds=timeout)
        return GraphCalendarService(client=client, log=self.log, directory=self.directory,
                                    clock=lambda: NOW, **options)  # type: ignore[arg-type]

    def id_of(self, email: str) -> str:
        return self.outlook.object_id(email)

    def posts(self, path_contains: str) -> int:
        return len(self.server.requests_to("POST", path_contains))


@pytest.fixture
async def setup(tmp_path: Path) -> AsyncIterator[Setup]:
    db = await OrgDatabase.open(tmp_path / "org.sqlite3")
    store = await SqliteStorage.create(tmp_path / "state.sqlite3")
    await seed_demo(db, NOW.date(), weeks=1)
    server = FakeGraphServer(page_size=3)
    outlook = FakeOutlook(server)
    outlook.add_demo_staff()
    outlook.add_busy(MARIA, at(24, 14), at(24, 16), subject="Regional managers' call")
    outlook.add_busy(MARIA, at(24, 10), at(24, 11), show_as="tentative")
    outlook.add_busy(MARIA, at(24, 12), at(24, 13), show_as="free")
    outlook.add_busy(MARIA, at(24, 17), at(24, 18), show_as="workingElsewhere")
    outlook.add_busy(BOB, at(24, 8), at(24, 9, 30), show_as="oof")
    try:
        async with server, aiohttp.ClientSession() as session:
            yield Setup(server, outlook, session, RequestLog(store), SqliteDirectory(db), db)
    finally:
        await db.close()
        await store.close()


async def book(calendar: GraphCalendarService, *, request_id: str = "book-1", day: int = 25,
               hour: int = 10, attendees: tuple[str, ...] = (BOB,)) -> CalendarEvent:
    return await calendar.create_event(
        organizer_email=MARIA, attendee_emails=attendees, subject="Check-in",
        body="A short call about last week.", starts_at=at(day, hour),
        ends_at=at(day, hour, 30), request_id=request_id,
    )


# Free/busy


async def test_free_busy_asks_get_schedule_in_utc_and_keeps_busy_tentative_and_oof(
    setup: Setup,
) -> None:
    busy = await setup.calendar().free_busy(["Maria.Lopez@contoso.example", BOB], day_window(24))
    assert busy == {
        "Maria.Lopez@contoso.example": [BusyInterval(at(24, 10), at(24, 11)),
                                        BusyInterval(at(24, 14), at(24, 16))],
        BOB: [BusyInterval(at(24, 8), at(24, 9, 30))],
    }
    assert busy.complete
    [request] = setup.server.requests_to("POST", "/getSchedule")
    assert request.path == f"/users/{setup.id_of(MARIA)}/calendar/getSchedule"
    assert request.headers["Authorization"] == f"Bearer {DEFAULT_TOKEN}"
    assert 'outlook.timezone="UTC"' in request.headers["Prefer"]
    assert request.body == {
        "schedules": [MARIA, BOB],
        "startTime": {"dateTime": "2026-11-24T00:00:00", "timeZone": "UTC"},
        "endTime": {"dateTime": "2026-11-25T00:00:00", "timeZone": "UTC"},
        "availabilityViewInterval": 5,
    }


async def test_the_configured_schedule_mailbox_answers_free_busy(setup: Setup) -> None:
    await setup.calendar(schedule_mailbox=setup.id_of(ALICE)).free_busy([BOB], day_window(24))
    [request] = setup.server.requests_to("POST", "/getSchedule")
    assert request.path == f"/users/{setup.id_of(ALICE)}/calendar/getSchedule"


# Finding 4: a schedule Graph could not read is unknown, never free


async def test_an_address_graph_does_not_know_is_unknown_not_free(
    setup: Setup, caplog: pytest.LogCaptureFixture,
) -> None:
    with caplog.at_level(logging.WARNING):
        busy = await setup.calendar().free_busy([MARIA, "pat@partner.example"], day_window(24))
    assert busy.unknown == {"pat@partner.example"} and not busy.complete
    assert busy["pat@partner.example"] == [BusyInterval(at(24, 0), at(25, 0))]
    assert busy[MARIA] == [BusyInterval(at(24, 10), at(24, 11)),
                           BusyInterval(at(24, 14), at(24, 16))]
    assert "ErrorMailRecipientNotFound" in caplog.text
    assert "pat@partner.example" not in caplog.text


async def test_an_errored_schedule_of_a_known_person_is_never_free(setup: Setup) -> None:
    setup.outlook.schedule_errors[BOB] = "ErrorProxyRequestProcessingFailed"

    busy = await setup.calendar().free_busy([MARIA, BOB], day_window(26))

    assert isinstance(busy, FreeBusy) and busy.unknown == {BOB}
    assert busy[BOB] == [BusyInterval(at(26, 0), at(27, 0))]
    assert busy[MARIA] == []


async def test_get_schedule_keeps_within_four_concurrent_requests_per_mailbox(
    setup: Setup,
) -> None:
    setup.outlook.latency_seconds = 0.05
    people = [MARIA] + [f"person{n}@contoso.example" for n in range(60)]
    window = TimeWindow(at(1, 0), at(1, 0) + timedelta(days=70))

    busy = await setup.calendar().free_busy(people, window)

    assert len(setup.server.requests_to("POST", "/getSchedule")) == 4 * 3, "no 429 retries"
    assert setup.outlook.most_in_flight == MAX_CONCURRENT_PER_MAILBOX
    assert busy[MARIA]


async def test_a_fifth_concurrent_request_to_a_mailbox_is_throttled_by_the_fake(
    setup: Setup,
) -> None:
    setup.outlook.latency_seconds = 0.2
    client = GraphClient(session=setup.session, token_source=FixedTokenSource(),
                         base_url=setup.server.base_url, timeout_seconds=0.6)
    path = f"/users/{setup.id_of(MARIA)}/calendarView"
    params = {"startDateTime": "2026-11-24T00:00:00Z", "endDateTime": "2026-11-25T00:00:00Z"}

    results = await asyncio.gather(*(client.get(path, params=params) for _ in range(5)),
                                   return_exceptions=True)

    throttled = [r for r in results if isinstance(r, Exception)]
    assert len(throttled) == 1 and "ApplicationThrottled" in str(throttled[0])
    assert setup.outlook.most_in_flight == 4


async def test_many_addresses_and_long_windows_are_split_into_calls_graph_accepts(
    setup: Setup,
) -> None:
    people = [MARIA] + [f"person{n}@contoso.example" for n in range(23)]
    window = TimeWindow(at(1, 0), at(1, 0) + timedelta(days=70))
    busy = await setup.calendar().free_busy(people, window)
    requests = setup.server.requests_to("POST", "/getSchedule")
    assert len(requests) == 2 * 3
    assert all(len(r.body["schedules"]) <= 20 for r in requests)
    for request in requests:
        start = datetime.fromisoformat(request.body["startTime"]["dateTime"])
        end = datetime.fromisoformat(request.body["endTime"]["dateTime"])
        assert end - start < timedelta(days=62)
        assert (end - start).total_seconds() / 60 / request.body["availabilityViewInterval"] \
            <= 1000
    assert busy[MARIA] == [BusyInterval(at(24, 10), at(24, 11)),
                           BusyInterval(at(24, 14), at(24, 16))]


async def test_a_schedule_with_only_the_availability_view_is_read_from_the_view(
    setup: Setup,
) -> None:
    setup.outlook.view_only = True
    busy = await setup.calendar().free_busy([MARIA], day_window(24))
    assert busy[MARIA] == [BusyInterval(at(24, 10), at(24, 11)),
                           BusyInterval(at(24, 14), at(24, 16))]


async def test_a_failing_get_schedule_is_a_backend_error(setup: Setup) -> None:
    setup.server.fail(500, path_contains="/getSchedule")
    with pytest.raises(BackendError):
        await setup.calendar().free_busy([MARIA], day_window(24))
    setup.server.fail(403, path_contains="/getSchedule")
    with pytest.raises(PermissionDeniedError):
        await setup.calendar().free_busy([MARIA], day_window(24))


# Create


async def test_create_books_a_teams_meeting_and_invites_the_attendees(setup: Setup) -> None:
    event = await book(setup.calendar())
    [request] = setup.server.requests_to("POST", "/events")
    assert request.path == f"/users/{setup.id_of(MARIA)}/events"
    body = request.body
    assert body["subject"] == "Check-in"
    assert body["body"] == {"contentType": "text", "content": "A short call about last week."}
    assert body["start"] == {"dateTime": "2026-11-25T10:00:00", "timeZone": "UTC"}
    assert body["end"] == {"dateTime": "2026-11-25T10:30:00", "timeZone": "UTC"}
    assert body["attendees"] == [{"emailAddress": {"address": BOB}, "type": "required"}]
    assert body["isOnlineMeeting"] is True and body["transactionId"]
    assert event.id.startswith(setup.id_of(MARIA) + "|")
    assert (event.organizer_email, event.attendee_emails) == (MARIA, (BOB,))
    assert (event.starts_at, event.ends_at) == (at(25, 10), at(25, 10, 30))
    assert event.online_meeting_url and event.online_meeting_url.startswith("https://teams")
    [invitation] = [e for e in setup.outlook.events_of(BOB) if e["subject"] == "Check-in"]
    assert not invitation["isOrganizer"] and invitation["iCalUId"]
    busy = await setup.calendar().free_busy([MARIA, BOB], day_window(25))
    assert busy[MARIA] == busy[BOB] == [BusyInterval(at(25, 10), at(25, 10, 30))]


async def test_online_meetings_can_be_turned_off(setup: Setup) -> None:
    event = await book(setup.calendar(online_meetings=False))
    [request] = setup.server.requests_to("POST", "/events")
    assert "isOnlineMeeting" not in request.body
    assert event.online_meeting_url is None


async def test_a_repeated_request_id_returns_the_event_without_a_call(setup: Setup) -> None:
    first = await book(setup.calendar())
    assert await book(setup.calendar(), hour=15) == first
    assert setup.posts("/events") == 1
    assert len(setup.outlook.events_of(MARIA)) == 5  # four seeded items and the meeting


async def test_a_create_whose_answer_was_lost_is_not_duplicated_on_retry(setup: Setup) -> None:
    setup.server.stall(1.0, method="POST", path_contains="/events")
    with pytest.raises(BackendError):
        await book(setup.calendar(timeout=0.3))
    retried = await book(setup.calendar())
    assert setup.posts("/events") == 2
    meetings = [e for e in setup.outlook.events_of(MARIA) if e["subject"] == "Check-in"]
    assert len(meetings) == 1
    assert retried.id == f"{setup.id_of(MARIA)}|{meetings[0]['id']}"


# Find, get, cancel


async def test_find_events_reads_the_attendees_calendar_and_skips_cancelled(
    setup: Setup,
) -> None:
    calendar = setup.calendar()
    first = await book(calendar, request_id="a", day=24, hour=11)
    await book(calendar, request_id="b", day=26, hour=10)
    await book(calendar, request_id="c", day=27, hour=9)
    week = TimeWindow(NOW, NOW + timedelta(days=7))
    found = await calendar.find_events(attendee_email=BOB, window=week)
    assert [(e.starts_at, e.subject) for e in found] == [
        (at(24, 8), "Busy"), (at(24, 11), "Check-in"), (at(26, 10), "Check-in"),
        (at(27, 9), "Check-in")]
    assert all(e.id.startswith(setup.id_of(BOB) + "|") for e in found)
    [request, *_more_pages] = setup.server.requests_to("GET", "/calendarView")
    assert request.query["startDateTime"] == "2026-11-22T10:00:00Z"
    assert request.query["endDateTime"] == "2026-11-29T10:00:00Z"
    await calendar.cancel_event(event_id=first.id, organizer_email=MARIA, comment="Done",
                                request_id="cancel-a")
    after = await calendar.find_events(attendee_email=BOB, window=week)
    assert [e.starts_at for e in after] == [at(24, 8), at(26, 10), at(27, 9)]


# Finding 3: people are addressed by Entra object id; never silently "no meetings"


async def test_a_person_without_an_object_id_is_a_typed_error_not_no_meetings(
    setup: Setup,
) -> None:
    week = TimeWindow(NOW, NOW + timedelta(days=7))
    with pytest.raises(GraphAddressError):
        await setup.calendar().find_events(attendee_email="nobody@contoso.example", window=week)
    await setup.db.execute(  # the directory loses Bob's object id
        "UPDATE people SET aad_object_id = NULL WHERE email = ?", (BOB,))
    with pytest.raises(GraphAddressError, match="Bob Smith has no Entra object id"):
        await setup.calendar().find_events(attendee_email=BOB, window=week)
    assert setup.server.requests_to("GET", "/calendarView") == []


async def test_a_mail_address_that_is_not_the_upn_is_not_a_user_for_graph(
    setup: Setup,
) -> None:
    setup.outlook.add_user("sam@contoso.example", upn="sam.k@contoso.onmicrosoft.example")
    client = GraphClient(session=setup.session, token_source=FixedTokenSource(),
                         base_url=setup.server.base_url)

    with pytest.raises(Exception, match="ErrorInvalidUser"):
        await client.get("/users/sam@contoso.example/calendarView",
                         params={"startDateTime": "2026-11-24T00:00:00Z",
                                 "endDateTime": "2026-11-25T00:00:00Z"})
    page = await client.get("/users/sam.k@contoso.onmicrosoft.example/calendarView",
                            params={"startDateTime": "2026-11-24T00:00:00Z",
                                    "endDateTime": "2026-11-25T00:00:00Z"})
    assert page["value"] == []


async def test_cancel_from_an_attendees_copy_cancels_the_organizers_event(setup: Setup) -> None:
    calendar = setup.calendar()
    booked = await book(calendar)
    [found] = await calendar.find_events(attendee_email=BOB, window=day_window(25))
    await calendar.cancel_event(event_id=found.id, organizer_email=MARIA,
                                comment="We spoke already.", request_id="cancel-1")
    [request] = setup.server.requests_to("POST", "/cancel")
    organizer_id = booked.id.split("|")[1]
    assert request.path == f"/users/{setup.id_of(MARIA)}/events/{organizer_id}/cancel"
    assert request.body == {"Comment": "We spoke already."}
    assert await calendar.get_event(booked.id) is None  # Outlook removes the organizer's copy
    copy = await calendar.get_event(found.id)
    assert copy is not None and copy.is_cancelled
    await calendar.cancel_event(event_id=found.id, organizer_email=MARIA,
                                comment="We spoke already.", request_id="cancel-1")
    assert setup.posts("/cancel") == 1


async def test_only_the_organizer_cancels_and_unknown_events_are_not_found(
    setup: Setup,
) -> None:
    calendar = setup.calendar()
    booked = await book(calendar)
    with pytest.raises(PermissionDeniedError):
        await calendar.cancel_event(event_id=booked.id, organizer_email=BOB, comment="",
                                    request_id="x")
    for missing in (f"{setup.id_of(MARIA)}|AAMkmissing", "not-an-id"):
        with pytest.raises(NotFoundError):
            await calendar.cancel_event(event_id=missing, organizer_email=MARIA, comment="",
                                        request_id=f"y-{missing}")
    assert setup.posts("/cancel") == 0
    assert await calendar.get_event("not-an-id") is None


async def test_a_cancel_whose_answer_was_lost_completes_on_retry(setup: Setup) -> None:
    booked = await book(setup.calendar())
    setup.server.stall(0.6, method="POST", path_contains="/cancel")
    with pytest.raises(BackendError):
        await setup.calendar(timeout=0.3).cancel_event(
            event_id=booked.id, organizer_email=MARIA, comment="", request_id="cancel-1")
    await asyncio.sleep(0.5)  # the fake finishes the cancel the client gave up waiting for
    assert len(setup.outlook.cancellations) == 1
    await setup.calendar().cancel_event(event_id=booked.id, organizer_email=MARIA, comment="",
                                        request_id="cancel-1")
    assert setup.posts("/cancel") == 1
    [copy] = [e for e in setup.outlook.events_of(BOB) if e["iCalUId"]
              and e["subject"].endswith("Check-in")]
    assert copy["isCancelled"]


async def test_a_cancel_refused_by_graph_can_be_retried(setup: Setup) -> None:
    booked = await book(setup.calendar())
    setup.server.fail(500, method="POST", path_contains="/cancel")
    with pytest.raises(BackendError):
        await setup.calendar().cancel_event(event_id=booked.id, organizer_email=MARIA,
                                            comment="", request_id="cancel-1")
    await setup.calendar().cancel_event(event_id=booked.id, organizer_email=MARIA, comment="",
                                        request_id="cancel-1")
    assert len(setup.outlook.cancellations) == 1


async def test_each_operation_fits_its_time_budget(setup: Setup) -> None:
    setup.server.stall(2.0, path_contains="/getSchedule")
    calendar = setup.calendar(timeout=5.0, budget_seconds=0.4)
    started = time.monotonic()
    with pytest.raises(BackendError, match="took longer"):
        await calendar.free_busy([MARIA], day_window(24))
    assert time.monotonic() - started < 1.0


# Finding 5: an attendee's cancel, reused transaction ids


async def test_graph_refusing_an_attendees_cancel_is_a_permission_refusal(
    setup: Setup,
) -> None:
    calendar = setup.calendar()
    booked = await book(calendar)
    # Maria's copy no longer marks her the organizer (say, a delegate booked it for her).
    setup.outlook.calendars[MARIA][booked.id.split("|")[1]]["isOrganizer"] = False

    with pytest.raises(PermissionDeniedError) as refused:
        await calendar.cancel_event(event_id=booked.id, organizer_email=MARIA, comment="",
                                    request_id="cancel-1")
    assert refused.value.code is ErrorCode.ONLY_ORGANISER_CANCELS

    [answer] = [r for r in setup.server.requests_to("POST", "/cancel")]
    assert answer.path.endswith("/cancel")
    assert setup.outlook.cancellations == []


async def test_a_transaction_id_reused_for_another_meeting_is_a_conflict(setup: Setup) -> None:
    meeting = MeetingRequest.of(
        organizer_email=MARIA, attendee_emails=[BOB], subject="Check-in",
        body="A short call about last week.", starts_at=at(25, 10), ends_at=at(25, 10, 30),
        request_id="book-1",
    )
    other = setup.outlook.add_busy(MARIA, at(25, 15), at(25, 16), subject="Something else")
    setup.outlook.calendars[MARIA][other]["transactionId"] = transaction_id(meeting)
    setup.outlook.calendars[MARIA][other]["_body"] = "another body"

    with pytest.raises(ConflictError) as refused:
        await book(setup.calendar())
    assert refused.value.code is ErrorCode.DUPLICATE_BOOKING_REQUEST

    again = await book(setup.calendar(), request_id="book-2")
    assert again.subject == "Check-in"


async def test_a_booking_retried_after_a_gateway_timeout_is_made_once(setup: Setup) -> None:
    setup.server.fail_after(504, method="POST", path_contains="/events")

    event = await book(setup.calendar())

    assert setup.posts("/events") == 2, "retried with the same transactionId"
    meetings = [e for e in setup.outlook.events_of(MARIA) if e["subject"] == "Check-in"]
    assert [f"{setup.id_of(MARIA)}|{m['id']}" for m in meetings] == [event.id]


# Several attendees: one event (user-post-events.md), each attendee invited


async def test_a_meeting_with_several_attendees_is_one_event_inviting_each(setup: Setup) -> None:
    calendar = setup.calendar()
    chen = "chen.wei@contoso.example"
    event = await book(calendar, attendees=(BOB, ALICE, chen))
    [request] = setup.server.requests_to("POST", "/events")
    assert request.body["attendees"] == [
        {"emailAddress": {"address": a}, "type": "required"} for a in (BOB, ALICE, chen)]
    assert event.attendee_emails == (BOB, ALICE, chen)
    for attendee in (BOB, ALICE, chen):
        [copy] = [e for e in setup.outlook.events_of(attendee) if e["subject"] == "Check-in"]
        assert not copy["isOrganizer"]
        [found] = [e for e in await calendar.find_events(attendee_email=attendee,
                                                         window=day_window(25))
                   if e.subject == "Check-in"]
        assert (found.organizer_email, found.attendee_emails) == (MARIA, (BOB, ALICE, chen))
    busy = await calendar.free_busy([BOB, ALICE, chen], day_window(25))
    for attendee in (BOB, ALICE, chen):
        assert any(i.start <= at(25, 10) and at(25, 10, 30) <= i.end for i in busy[attendee])
    await calendar.cancel_event(event_id=event.id, organizer_email=MARIA, comment="Sorted.",
                                request_id="cancel-all")
    for attendee in (BOB, ALICE, chen):
        [copy] = [e for e in setup.outlook.calendars[attendee].values()
                  if e["subject"].endswith("Check-in")]
        assert copy["isCancelled"] and copy["subject"] == "Canceled: Check-in"


# Adding people to a booked meeting (event-update.md)

CHEN = "chen.wei@contoso.example"


async def test_adding_someone_patches_the_organizers_event_with_every_attendee(
    setup: Setup,
) -> None:
    """From Bob's copy, Chen is added to Maria's event: one PATCH of the organizer's copy whose
    body is the whole attendees list (Bob kept, Chen added) and nothing else; Chen's calendar
    gets the invitation, Bob's copy lists Chen, and the event handed back has both."""
    calendar = setup.calendar()
    booked = await book(calendar)
    [found] = await calendar.find_events(attendee_email=BOB, window=day_window(25))
    event = await calendar.add_attendees(event_id=found.id, organizer_email=MARIA,
                                         attendee_emails=[CHEN.upper()], request_id="add-1")
    assert event.attendee_emails == (BOB, CHEN) and event.organizer_email == MARIA
    [request] = setup.server.requests_to("PATCH")
    assert request.path == f"/users/{setup.id_of(MARIA)}/events/{booked.id.split('|')[1]}"
    assert set(request.body) == {"attendees"}
    assert [a["emailAddress"]["address"].lower() for a in request.body["attendees"]] == [BOB,
                                                                                       CHEN]
    assert [who for who, _ in setup.outlook.invitations] == [CHEN]
    [chens] = await calendar.find_events(attendee_email=CHEN, window=day_window(25))
    assert chens.subject == "Check-in" and chens.organizer_email == MARIA
    [bobs] = await calendar.find_events(attendee_email=BOB, window=day_window(25))
    assert bobs.attendee_emails == (BOB, CHEN)


async def test_adding_again_with_the_same_request_or_someone_already_in_calls_once(
    setup: Setup,
) -> None:
    calendar = setup.calendar()
    booked = await book(calendar)
    for _ in range(2):
        await calendar.add_attendees(event_id=booked.id, organizer_email=MARIA,
                                     attendee_emails=[CHEN], request_id="add-1")
    assert len(setup.server.requests_to("PATCH")) == 1
    # Another request naming only people already in it changes nothing.
    same = await calendar.add_attendees(event_id=booked.id, organizer_email=MARIA,
                                        attendee_emails=[BOB, CHEN], request_id="add-2")
    assert same.attendee_emails == (BOB, CHEN)
    assert len(setup.server.requests_to("PATCH")) == 1
    assert [who for who, _ in setup.outlook.invitations] == [CHEN]


async def test_only_the_organizer_adds_people_and_a_failed_patch_can_be_retried(
    setup: Setup,
) -> None:
    calendar = setup.calendar()
    booked = await book(calendar)
    with pytest.raises(PermissionDeniedError):
        await calendar.add_attendees(event_id=booked.id, organizer_email=BOB,
                                     attendee_emails=[CHEN], request_id="add-bob")
    with pytest.raises(NotFoundError):
        await calendar.add_attendees(event_id=f"{setup.id_of(MARIA)}|AAMkmissing",
                                     organizer_email=MARIA, attendee_emails=[CHEN],
                                     request_id="add-missing")
    assert setup.server.requests_to("PATCH") == []
    setup.server.fail(503, method="PATCH")
    with pytest.raises(BackendError):
        await calendar.add_attendees(event_id=booked.id, organizer_email=MARIA,
                                     attendee_emails=[CHEN], request_id="add-1")
    assert setup.outlook.invitations == []
    event = await calendar.add_attendees(event_id=booked.id, organizer_email=MARIA,
                                         attendee_emails=[CHEN], request_id="add-1")
    assert event.attendee_emails == (BOB, CHEN)
    assert [who for who, _ in setup.outlook.invitations] == [CHEN]


# Taking people off a booked meeting (event-update.md)


async def test_taking_someone_off_patches_the_organizers_event_without_them(
    setup: Setup,
) -> None:
    """From Bob's copy, Chen is taken off Maria's event with Bob and Chen: one PATCH of the
    organizer's copy whose body is the attendees list without Chen (Bob kept) and nothing else;
    Chen's copy is cancelled (Outlook's meeting update to the attendee that changed), Bob's is
    not, and the event handed back has Bob alone."""
    calendar = setup.calendar()
    booked = await book(calendar)
    await calendar.add_attendees(event_id=booked.id, organizer_email=MARIA,
                                 attendee_emails=[CHEN], request_id="add-1")
    [found] = await calendar.find_events(attendee_email=BOB, window=day_window(25))
    event = await calendar.remove_attendees(event_id=found.id, organizer_email=MARIA,
                                            attendee_emails=[CHEN.upper()],
                                            request_id="remove-1")
    assert event.attendee_emails == (BOB,) and event.organizer_email == MARIA
    [_, request] = setup.server.requests_to("PATCH")
    assert request.path == f"/users/{setup.id_of(MARIA)}/events/{booked.id.split('|')[1]}"
    assert set(request.body) == {"attendees"}
    assert [a["emailAddress"]["address"].lower() for a in request.body["attendees"]] == [BOB]
    assert [who for who, _ in setup.outlook.removals] == [CHEN]
    assert await calendar.find_events(attendee_email=CHEN, window=day_window(25)) == []
    [bobs] = await calendar.find_events(attendee_email=BOB, window=day_window(25))
    assert bobs.attendee_emails == (BOB,) and not bobs.is_cancelled


async def test_taking_off_again_or_someone_not_in_it_calls_once(setup: Setup) -> None:
    calendar = setup.calendar()
    booked = await book(calendar)
    await calendar.add_attendees(event_id=booked.id, organizer_email=MARIA,
                                 attendee_emails=[CHEN], request_id="add-1")
    for _ in range(2):
        await calendar.remove_attendees(event_id=booked.id, organizer_email=MARIA,
                                        attendee_emails=[CHEN], request_id="remove-1")
    assert len(setup.server.requests_to("PATCH")) == 2
    # Another request naming only someone no longer in it (or the organizer) changes nothing.
    same = await calendar.remove_attendees(event_id=booked.id, organizer_email=MARIA,
                                           attendee_emails=[CHEN, MARIA],
                                           request_id="remove-2")
    assert same.attendee_emails == (BOB,)
    assert len(setup.server.requests_to("PATCH")) == 2
    assert [who for who, _ in setup.outlook.removals] == [CHEN]


async def test_only_the_organizer_takes_people_off_and_a_failed_patch_can_be_retried(
    setup: Setup,
) -> None:
    calendar = setup.calendar()
    booked = await book(calendar)
    with pytest.raises(PermissionDeniedError):
        await calendar.remove_attendees(event_id=booked.id, organizer_email=BOB,
                                        attendee_emails=[BOB], request_id="remove-bob")
    with pytest.raises(NotFoundError):
        await calendar.remove_attendees(event_id=f"{setup.id_of(MARIA)}|AAMkmissing",
                                        organizer_email=MARIA, attendee_emails=[BOB],
                                        request_id="remove-missing")
    assert setup.server.requests_to("PATCH") == []
    setup.server.fail(503, method="PATCH")
    with pytest.raises(BackendError):
        await calendar.remove_attendees(event_id=booked.id, organizer_email=MARIA,
                                        attendee_emails=[BOB], request_id="remove-1")
    assert setup.outlook.removals == []
    event = await calendar.remove_attendees(event_id=booked.id, organizer_email=MARIA,
                                            attendee_emails=[BOB], request_id="remove-1")
    assert event.attendee_emails == ()
    assert [who for who, _ in setup.outlook.removals] == [BOB]
