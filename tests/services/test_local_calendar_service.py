"""LocalCalendarService on the seeded demo organisation (FIXED_NOW: Sunday 22 Nov 2026 10:00 UTC,
London is on UTC in November): busy time from seeded meetings, shifts and booked events; booking,
finding and cancelling; one booking per request id; invitations through the outbox."""

from __future__ import annotations

import asyncio
from datetime import UTC, datetime, timedelta
from zoneinfo import ZoneInfo

import pytest

from core.busy_interval import BusyInterval
from core.calendar_event import CalendarEvent
from core.errors import NotFoundError, PermissionDeniedError, ValidationError
from core.person import Person
from core.slot_finder import find_free_slots
from core.time_window import TimeWindow
from services.demo_shift_backend import DemoShiftBackend
from services.local_calendar_service import LocalCalendarService
from services.org_database import OrgDatabase
from services.outbox_mail_service import OutboxMailService
from services.sqlite_directory import SqliteDirectory
from services.stored_audit_log import StoredAuditLog
from state.sqlite_storage import SqliteStorage
from tests.conftest import FIXED_NOW

LONDON = ZoneInfo("Europe/London")
MARIA = "maria.lopez@contoso.example"
BOB = "bob.smith@contoso.example"
ALICE = "alice.martin@contoso.example"
OUTSIDER = "pat@partner.example"
SOPHIE = "sophie.dubois@contoso.example"
YUKI = "yuki.tanaka@contoso.example"


def at(day: int, hour: int, minute: int = 0) -> datetime:
    """A time on day `day` of November 2026 (London = UTC in November)."""
    return datetime(2026, 11, day, hour, minute, tzinfo=UTC)


def day_window(day: int) -> TimeWindow:
    return TimeWindow(at(day, 0), at(day, 0) + timedelta(days=1))


def slot_starts(busy: dict[str, list[BusyInterval]], window: TimeWindow) -> list[str]:
    slots = find_free_slots(busy, window, duration=timedelta(minutes=30), tz=LONDON,
                            now=FIXED_NOW)
    return [slot.start.astimezone(LONDON).strftime("%a %H:%M") for slot in slots]


@pytest.fixture
def calendar(org_db: OrgDatabase) -> LocalCalendarService:
    return LocalCalendarService(org_db, tz=LONDON, clock=lambda: FIXED_NOW)


async def book(calendar: LocalCalendarService, *, request_id: str = "book-1", day: int = 25,
               hour: int = 10, attendees: tuple[str, ...] = (BOB,),
               subject: str = "Check-in") -> CalendarEvent:
    return await calendar.create_event(
        organizer_email=MARIA, attendee_emails=attendees, subject=subject,
        body="A short call about last week.", starts_at=at(day, hour),
        ends_at=at(day, hour, 30), request_id=request_id,
    )


async def test_marias_tuesday_call_is_busy_and_not_offered(
    calendar: LocalCalendarService,
) -> None:
    tuesday = day_window(24)
    busy = await calendar.free_busy([MARIA, BOB], tuesday)
    assert busy[MARIA] == [BusyInterval(at(24, 14), at(24, 16))]
    offered = slot_starts(busy, tuesday)
    assert {"Tue 14:00", "Tue 14:30", "Tue 15:00", "Tue 15:30"}.isdisjoint(offered)
    assert "Tue 13:30" in offered and "Tue 16:00" in offered


async def test_bob_smiths_shifts_block_him(calendar: LocalCalendarService) -> None:
    monday = day_window(23)
    busy = await calendar.free_busy([MARIA, BOB], monday)
    assert busy[BOB] == [BusyInterval(at(23, 9), at(23, 15))]  # Monday morning shift
    assert slot_starts(busy, monday) == ["Mon 15:00", "Mon 15:30", "Mon 16:00", "Mon 16:30",
                                         "Mon 17:00"]


async def test_a_cancelled_shift_no_longer_blocks(
    calendar: LocalCalendarService, org_db: OrgDatabase, sqlite_storage: SqliteStorage,
) -> None:
    bob = await SqliteDirectory(org_db).find_by_email(BOB)
    assert isinstance(bob, Person)
    shifts = DemoShiftBackend(org_db, StoredAuditLog(sqlite_storage))
    monday_shift = "shift-2026-11-23-riverside-morning-bob-smith-sales_associate"
    await shifts.cancel_shift(shift_id=monday_shift, worker=bob, reason="dentist",
                              conversation_id="c", request_id="r", now=FIXED_NOW)
    assert (await calendar.free_busy([BOB], day_window(23)))[BOB] == []


async def test_a_booked_event_is_busy_afterwards_for_everyone_in_it(
    calendar: LocalCalendarService,
) -> None:
    wednesday = day_window(25)
    event = await book(calendar, hour=16, attendees=(BOB, OUTSIDER))
    busy = await calendar.free_busy([MARIA, BOB, OUTSIDER, ALICE], wednesday)
    meeting = BusyInterval(at(25, 16), at(25, 16, 30))
    assert meeting in busy[MARIA]
    assert busy[BOB] == [BusyInterval(at(25, 9), at(25, 15)), meeting]
    assert busy[OUTSIDER] == [meeting]
    assert busy[ALICE] == [BusyInterval(at(25, 15), at(25, 20))]  # her afternoon shift
    assert "Wed 16:00" not in slot_starts({MARIA: busy[MARIA]}, wednesday)
    assert event.window == TimeWindow(meeting.start, meeting.end)


async def test_free_busy_keys_are_the_addresses_as_given(calendar: LocalCalendarService) -> None:
    busy = await calendar.free_busy(["Maria.Lopez@Contoso.example", OUTSIDER], day_window(24))
    assert busy == {"Maria.Lopez@Contoso.example": [BusyInterval(at(24, 14), at(24, 16))],
                    OUTSIDER: []}
    assert await calendar.free_busy([], day_window(24)) == {}


async def test_busy_time_is_clipped_to_nothing_outside_the_window(
    calendar: LocalCalendarService,
) -> None:
    window = TimeWindow(at(24, 16), at(24, 17))
    assert (await calendar.free_busy([MARIA], window))[MARIA] == []


async def test_create_returns_the_event_and_get_reads_it_back(
    calendar: LocalCalendarService,
) -> None:
    event = await book(calendar, attendees=(BOB, MARIA, BOB.upper()))
    assert event.organizer_email == MARIA
    assert event.attendee_emails == (BOB,)
    assert (event.subject, event.body) == ("Check-in", "A short call about last week.")
    assert await calendar.get_event(event.id) == event
    assert await calendar.get_event("evt-nope") is None


async def test_the_same_request_id_books_once(calendar: LocalCalendarService) -> None:
    first = await book(calendar)
    again = await book(calendar, hour=11, subject="Different")
    assert again == first
    concurrent = await asyncio.gather(*(book(calendar, request_id="book-2", hour=13)
                                        for _ in range(4)))
    assert len({event.id for event in concurrent}) == 1
    found = await calendar.find_events(attendee_email=BOB, window=day_window(25))
    assert [e.id for e in found] == [first.id, concurrent[0].id]


async def test_find_events_by_attendee_or_organizer_within_the_window(
    calendar: LocalCalendarService,
) -> None:
    early = await book(calendar, request_id="a", day=24, hour=11)
    late = await book(calendar, request_id="b", day=26, hour=10, attendees=(ALICE,))
    week = TimeWindow(FIXED_NOW, FIXED_NOW + timedelta(days=7))
    assert await calendar.find_events(attendee_email=BOB, window=week) == [early]
    assert await calendar.find_events(attendee_email="Alice.Martin@contoso.example",
                                      window=week) == [late]
    assert await calendar.find_events(attendee_email=MARIA, window=week) == [early, late]
    assert await calendar.find_events(attendee_email=MARIA, window=day_window(26)) == [late]
    assert await calendar.find_events(attendee_email=OUTSIDER, window=week) == []


async def test_cancel_frees_the_time_and_hides_the_event_from_find(
    calendar: LocalCalendarService,
) -> None:
    event = await book(calendar)
    await calendar.cancel_event(event_id=event.id, organizer_email=MARIA,
                                comment="Sorted out already.", request_id="cancel-1")
    assert await calendar.find_events(attendee_email=BOB, window=day_window(25)) == []
    cancelled = await calendar.get_event(event.id)
    assert cancelled is not None and cancelled.is_cancelled
    busy = await calendar.free_busy([MARIA], day_window(25))
    assert busy[MARIA] == [BusyInterval(at(25, 9), at(25, 9, 30))]  # only her stand-up
    await calendar.cancel_event(event_id=event.id, organizer_email=MARIA, comment="again",
                                request_id="cancel-1")


async def test_only_the_organizer_cancels_and_unknown_ids_are_not_found(
    calendar: LocalCalendarService,
) -> None:
    event = await book(calendar)
    with pytest.raises(PermissionDeniedError):
        await calendar.cancel_event(event_id=event.id, organizer_email=BOB, comment="",
                                    request_id="x")
    assert not (await calendar.get_event(event.id)).is_cancelled  # type: ignore[union-attr]
    with pytest.raises(NotFoundError):
        await calendar.cancel_event(event_id="evt-missing", organizer_email=MARIA, comment="",
                                    request_id="y")


@pytest.mark.parametrize("change", [
    {"ends_at": at(25, 9)},
    {"starts_at": datetime(2026, 11, 25, 10)},
    {"attendee_emails": ("not-an-address",)},
    {"subject": " "},
    {"request_id": ""},
])
async def test_unusable_bookings_are_refused(
    calendar: LocalCalendarService, change: dict[str, object]
) -> None:
    arguments: dict[str, object] = {
        "organizer_email": MARIA, "attendee_emails": (BOB,), "subject": "Check-in", "body": "",
        "starts_at": at(25, 10), "ends_at": at(25, 10, 30), "request_id": "r", **change}
    with pytest.raises(ValidationError):
        await calendar.create_event(**arguments)  # type: ignore[arg-type]


async def test_invitations_and_cancellations_go_to_the_outbox_once(
    org_db: OrgDatabase,
) -> None:
    outbox = OutboxMailService(org_db, clock=lambda: FIXED_NOW)
    calendar = LocalCalendarService(org_db, invitations=outbox, tz=LONDON,
                                    clock=lambda: FIXED_NOW)
    event = await book(calendar)
    await book(calendar)
    await calendar.cancel_event(event_id=event.id, organizer_email=MARIA,
                                comment="We spoke already.", request_id="c1")
    await calendar.cancel_event(event_id=event.id, organizer_email=MARIA,
                                comment="We spoke already.", request_id="c2")
    sent = [entry.email for entry in reversed(await outbox.list_recent())]
    assert [(m.subject, m.to) for m in sent] == [("Invitation: Check-in", (BOB,)),
                                                 ("Cancelled: Check-in", (BOB,))]
    assert "When: Wed 25 Nov 2026, 10:00-10:30 (Europe/London)" in sent[0].body
    assert "We spoke already." in sent[1].body
    assert sent[0].reply_to == MARIA


async def test_each_attendee_is_invited_in_their_own_language(org_db: OrgDatabase) -> None:
    """Sophie reads French, Yuki Japanese, Bob English: one notice per language."""
    outbox = OutboxMailService(org_db, clock=lambda: FIXED_NOW)
    calendar = LocalCalendarService(org_db, invitations=outbox, tz=LONDON,
                                    clock=lambda: FIXED_NOW)
    await book(calendar, attendees=(SOPHIE, BOB, YUKI))
    sent = {entry.email.to: entry.email for entry in await outbox.list_recent()}
    assert set(sent) == {(SOPHIE,), (BOB,), (YUKI,)}
    assert sent[(SOPHIE,)].subject == "Invitation : Check-in"
    assert "mer. 25 nov. 2026, 10:00-10:30 (Europe/London)" in sent[(SOPHIE,)].body
    assert "vous invite à une réunion" in sent[(SOPHIE,)].body
    assert sent[(YUKI,)].subject == "招待：Check-in"
    assert "2026年11月25日(水) 10:00-10:30" in sent[(YUKI,)].body
    assert sent[(BOB,)].subject == "Invitation: Check-in"


async def test_a_body_written_in_each_language_is_shown_once_in_each_notice(
    org_db: OrgDatabase,
) -> None:
    """A call's body says the same in English and French (one block each) and then the topic
    in the manager's words: Sophie's French notice keeps the French block and the topic, Bob's
    English one the English block and the topic; a body the organiser wrote stays whole."""
    outbox = OutboxMailService(org_db, clock=lambda: FIXED_NOW)
    calendar = LocalCalendarService(org_db, invitations=outbox, tz=LONDON,
                                    clock=lambda: FIXED_NOW)
    english = "A call between Maria Lopez and Bob Smith, booked through ERA."
    french = "Un appel entre Maria Lopez et Bob Smith, planifié via ERA."
    topic = "To talk about: late three times\n\nsince Monday"
    await calendar.create_event(
        organizer_email=MARIA, attendee_emails=(BOB, SOPHIE), subject="Check-in",
        body=f"{english}\n\n{french}\n\n{topic}", starts_at=at(25, 10),
        ends_at=at(25, 10, 30), request_id="call-1")
    sent = {entry.email.to: entry.email.body for entry in await outbox.list_recent()}
    assert sent[(SOPHIE,)].endswith(f"\n\n{french}\n\n{topic}\n")
    assert sent[(BOB,)].endswith(f"\n\n{english}\n\n{topic}\n")
    assert english not in sent[(SOPHIE,)] and french not in sent[(BOB,)]


async def test_a_long_subject_still_gets_its_invitation(org_db: OrgDatabase) -> None:
    outbox = OutboxMailService(org_db, clock=lambda: FIXED_NOW)
    calendar = LocalCalendarService(org_db, invitations=outbox, clock=lambda: FIXED_NOW)
    await book(calendar, subject="x" * 255)
    [entry] = await outbox.list_recent()
    assert entry.email.subject == ("Invitation: " + "x" * 255)[:255]


async def test_a_meeting_with_several_people_is_one_event_each_invited_naming_everyone(
    org_db: OrgDatabase,
) -> None:
    """Alice and Bob read English, Sophie French: each invitation says who else is invited,
    as an Outlook invitation lists its attendees; the time is busy for all of them."""
    outbox = OutboxMailService(org_db, clock=lambda: FIXED_NOW)
    calendar = LocalCalendarService(org_db, invitations=outbox, tz=LONDON,
                                    clock=lambda: FIXED_NOW)
    event = await book(calendar, attendees=(BOB, ALICE, SOPHIE))
    assert event.attendee_emails == (BOB, ALICE, SOPHIE)
    for email in (MARIA, BOB, ALICE, SOPHIE):
        assert [e.id for e in await calendar.find_events(
            attendee_email=email, window=TimeWindow(at(25, 0), at(26, 0)))] == [event.id]
    busy = await calendar.free_busy([BOB, ALICE, SOPHIE], TimeWindow(at(25, 10), at(25, 11)))
    for email in (BOB, ALICE, SOPHIE):
        assert any(i.start <= at(25, 10) and at(25, 10, 30) <= i.end for i in busy[email])
    sent = {entry.email.to: entry.email for entry in await outbox.list_recent()}
    assert set(sent) == {(BOB, ALICE), (SOPHIE,)}
    assert "Who: Maria Lopez, Bob Smith, Alice Martin and Sophie Dubois" in sent[(BOB, ALICE)].body
    assert "Participants : Maria Lopez, Bob Smith, Alice Martin et Sophie Dubois" in (
        sent[(SOPHIE,)].body)


async def test_an_invitation_to_one_person_names_nobody_else(org_db: OrgDatabase) -> None:
    outbox = OutboxMailService(org_db, clock=lambda: FIXED_NOW)
    calendar = LocalCalendarService(org_db, invitations=outbox, tz=LONDON,
                                    clock=lambda: FIXED_NOW)
    await book(calendar)
    (entry,) = await outbox.list_recent()
    assert "Who:" not in entry.email.body


async def test_people_added_to_a_booked_meeting_are_invited_alone_and_once(
    org_db: OrgDatabase,
) -> None:
    """Sophie added to Maria's check-in with Bob: she gets her own invitation (in French, saying
    who else is in it), Bob is sent nothing more; the same request again, or Bob named once more,
    adds and sends nothing."""
    outbox = OutboxMailService(org_db, clock=lambda: FIXED_NOW)
    calendar = LocalCalendarService(org_db, invitations=outbox, tz=LONDON,
                                    clock=lambda: FIXED_NOW)
    event = await book(calendar)
    for _ in range(2):
        changed = await calendar.add_attendees(event_id=event.id, organizer_email=MARIA,
                                               attendee_emails=[SOPHIE.upper(), BOB],
                                               request_id="add-1")
        assert changed.attendee_emails == (BOB, SOPHIE)
    again = await calendar.add_attendees(event_id=event.id, organizer_email=MARIA,
                                         attendee_emails=[SOPHIE], request_id="add-2")
    assert again.attendee_emails == (BOB, SOPHIE)
    sent = [entry.email for entry in reversed(await outbox.list_recent())]
    assert [(m.subject, m.to) for m in sent] == [("Invitation: Check-in", (BOB,)),
                                                 ("Invitation : Check-in", (SOPHIE,))]
    assert "Bob Smith" in sent[1].body and "mer. 25 nov. 2026" in sent[1].body
    [found] = await calendar.find_events(attendee_email=SOPHIE, window=day_window(25))
    assert found.id == event.id
    busy = await calendar.free_busy([SOPHIE], day_window(25))
    assert BusyInterval(at(25, 10), at(25, 10, 30)) in busy[SOPHIE]


async def test_only_the_organizer_adds_people_to_a_meeting_that_stands(
    calendar: LocalCalendarService,
) -> None:
    event = await book(calendar)
    with pytest.raises(PermissionDeniedError):
        await calendar.add_attendees(event_id=event.id, organizer_email=BOB,
                                     attendee_emails=[SOPHIE], request_id="add-bob")
    await calendar.cancel_event(event_id=event.id, organizer_email=MARIA, comment="",
                                request_id="c1")
    for missing in (event.id, "evt-missing"):
        with pytest.raises(NotFoundError):
            await calendar.add_attendees(event_id=missing, organizer_email=MARIA,
                                         attendee_emails=[SOPHIE], request_id=f"add-{missing}")
    assert await calendar.find_events(attendee_email=SOPHIE, window=day_window(25)) == []


async def test_people_taken_off_a_booked_meeting_are_told_alone_and_once(
    org_db: OrgDatabase,
) -> None:
    """Sophie taken off Maria's check-in with Bob and her: she gets a cancellation in French
    saying Maria took her off, Bob is sent nothing more; the same request again, or someone not
    in it named, takes off and sends nothing; her time is free again and she no longer finds
    the meeting."""
    outbox = OutboxMailService(org_db, clock=lambda: FIXED_NOW)
    calendar = LocalCalendarService(org_db, invitations=outbox, tz=LONDON,
                                    clock=lambda: FIXED_NOW)
    event = await book(calendar)
    await calendar.add_attendees(event_id=event.id, organizer_email=MARIA,
                                 attendee_emails=[SOPHIE], request_id="add-1")
    for _ in range(2):
        changed = await calendar.remove_attendees(event_id=event.id, organizer_email=MARIA,
                                                  attendee_emails=[SOPHIE.upper()],
                                                  request_id="remove-1")
        assert changed.attendee_emails == (BOB,)
    again = await calendar.remove_attendees(event_id=event.id, organizer_email=MARIA,
                                            attendee_emails=[SOPHIE, MARIA],
                                            request_id="remove-2")
    assert again.attendee_emails == (BOB,) and again.organizer_email == MARIA
    sent = [entry.email for entry in reversed(await outbox.list_recent())]
    assert [(m.subject, m.to) for m in sent] == [("Invitation: Check-in", (BOB,)),
                                                 ("Invitation : Check-in", (SOPHIE,)),
                                                 ("Annulée : Check-in", (SOPHIE,))]
    assert "a retiré votre participation" in sent[2].body
    assert await calendar.find_events(attendee_email=SOPHIE, window=day_window(25)) == []
    busy = await calendar.free_busy([SOPHIE], day_window(25))
    assert not any(i.overlaps(at(25, 10), at(25, 10, 30)) for i in busy[SOPHIE])


async def test_only_the_organizer_takes_people_off_a_meeting_that_stands(
    calendar: LocalCalendarService,
) -> None:
    event = await book(calendar)
    with pytest.raises(PermissionDeniedError):
        await calendar.remove_attendees(event_id=event.id, organizer_email=BOB,
                                        attendee_emails=[BOB], request_id="remove-bob")
    await calendar.cancel_event(event_id=event.id, organizer_email=MARIA, comment="",
                                request_id="c1")
    for missing in (event.id, "evt-missing"):
        with pytest.raises(NotFoundError):
            await calendar.remove_attendees(event_id=missing, organizer_email=MARIA,
                                            attendee_emails=[BOB],
                                            request_id=f"remove-{missing}")


async def test_each_language_of_a_notice_has_its_own_key(org_db: OrgDatabase) -> None:
    """Sophie (French) and Yuki (Japanese) taken off together: one cancellation each, keyed
    by the request and the language, not the key before it run into the next
    ("calendar-removed:calendar-removed:...")."""
    outbox = OutboxMailService(org_db, clock=lambda: FIXED_NOW)
    calendar = LocalCalendarService(org_db, invitations=outbox, tz=LONDON,
                                    clock=lambda: FIXED_NOW)
    event = await book(calendar, attendees=(BOB, SOPHIE, YUKI))
    await calendar.remove_attendees(event_id=event.id, organizer_email=MARIA,
                                    attendee_emails=[SOPHIE, YUKI], request_id="remove-1")
    removed = sorted(entry.email.request_id for entry in await outbox.list_recent()
                     if entry.email.request_id.startswith("calendar-removed:"))
    assert removed == [f"calendar-removed:{event.id}:remove-1:fr",
                       f"calendar-removed:{event.id}:remove-1:ja"]
