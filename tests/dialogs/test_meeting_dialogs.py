"""Book, cancel and reschedule meetings through the real bot (design note 001): the note's two
example conversations (reschedule; cancel interrupted by "actually I want to book a new one"),
its failure cases (no slots in the window, no meetings found, an unclear selection), "actually
wednesday" at the slot question, and the confirm_cancel question where "yes cancel it" and
"cancel" confirm."""

from __future__ import annotations

import json
from collections.abc import AsyncIterator
from datetime import timedelta
from pathlib import Path
from typing import Any

import pytest

from core.calendar_event import CalendarEvent
from core.failure_tracker import FailureTracker
from core.time_window import TimeWindow
from language.catalogue import say
from services.org_database import OrgDatabase
from services.stored_audit_log import StoredAuditLog
from tests.bot_harness import BotHarness, joined, shown
from tests.conftest import FIXED_NOW
from tests.fakes.graph_outlook import FakeOutlook
from tests.fakes.graph_server import FakeGraphServer, FixedTokenSource

BOB = "bob.smith@contoso.example"
MARIA = "maria.lopez@contoso.example"
NEXT_WEEK = TimeWindow(FIXED_NOW, FIXED_NOW + timedelta(days=14))


@pytest.fixture
def meetings_bot(meetings_bot: BotHarness) -> BotHarness:
    """The shared bot with the demo meetings, as Bob (the meeting flows' first person)."""
    return meetings_bot.as_person("bob-smith")


@pytest.fixture
async def organiser_bot(tmp_path: Path) -> AsyncIterator[BotHarness]:
    """The bot as Bob, who organised a 1:1 check-in with Maria on Thu 26 Nov at 10:00 (only a
    meeting's organiser can cancel or move it for everyone)."""
    harness = await BotHarness.start(tmp_path, FIXED_NOW)
    await harness.components.services.calendar.create_event(
        organizer_email=BOB, attendee_emails=[MARIA], subject="1:1 check-in",
        body="Monthly one-to-one: how the new rota is working out.",
        starts_at=FIXED_NOW.replace(day=26), ends_at=FIXED_NOW.replace(day=26, minute=30),
        request_id="bobs-check-in")
    yield harness.as_person("bob-smith")
    await harness.close()


async def _meetings(bot: BotHarness, email: str) -> list[CalendarEvent]:
    return await bot.components.services.calendar.find_events(attendee_email=email,
                                                              window=NEXT_WEEK)


async def _outbox(bot: BotHarness) -> list[dict[str, Any]]:
    db = await OrgDatabase.open(bot.components.settings.data_dir / "org.sqlite3")
    try:
        return [dict(r) for r in await db.fetch_all("SELECT * FROM outbox ORDER BY rowid")]
    finally:
        await db.close()


async def test_reschedule_happy_path(organiser_bot: BotHarness) -> None:
    bot = organiser_bot
    (old,) = await _meetings(bot, BOB)
    found = joined(await bot.say("Reschedule"))
    assert "I found this meeting: Thu 26 Nov, 10:00-10:30: 1:1 check-in with Maria Lopez" in found
    assert "Is this the one?" not in found  # one confirmation, at the move itself
    assert "When do you want to move it to?" in found
    offered = await bot.say("Next wednesday")
    assert "Here are the free times on Wed 25 Nov" in joined(offered)
    titles = [title for reply in offered for title, _ in reply.buttons]
    # Bob works the Wednesday morning shift, so the first free time is after it.
    assert titles[:2] == ["1. Wed 25 Nov, 15:00-15:30", "2. Wed 25 Nov, 15:30-16:00"]
    confirm = joined(await bot.say("1"))
    assert "Move Thu 26 Nov, 10:00-10:30: 1:1 check-in with Maria Lopez to Wed 25 Nov, " \
           "15:00-15:30?" in confirm
    done = joined(await bot.say("yes"))
    assert "Booked Wed 25 Nov, 15:00-15:30. Cancelled Thu 26 Nov, 10:00-10:30" in done

    (new,) = await _meetings(bot, BOB)
    assert new.id != old.id and new.subject == "1:1 check-in"
    assert new.starts_at.isoformat() == "2026-11-25T15:00:00+00:00"
    assert new.organizer_email == BOB and new.attendee_emails == (MARIA,)
    cancelled = await bot.components.services.calendar.get_event(old.id)
    assert cancelled is not None and cancelled.is_cancelled
    to_maria = [m for m in await _outbox(bot) if MARIA in json.loads(m["to_addresses"])]
    assert {m["subject"] for m in to_maria} == {"Invitation: 1:1 check-in",
                                               "Cancelled: 1:1 check-in"}


async def test_interrupt_path_cancel_then_book_a_new_one(organiser_bot: BotHarness) -> None:
    bot = organiser_bot
    found = joined(await bot.say("Cancel my meeting"))
    assert "Do you want to cancel it?" in found
    switched = joined(await bot.say("Actually I want to book a new one"))
    assert "Do you have a preferred time?" in switched
    offered = joined(await bot.say("Friday"))
    assert "Here are the free times on Fri 27 Nov" in offered
    assert "Book a 30-minute meeting with Maria Lopez on Fri 27 Nov, 09:00-09:30?" in (
        joined(await bot.say("1")))
    booked = joined(await bot.say("yes"))
    assert "Your meeting with Maria Lopez on Fri 27 Nov, 09:00-09:30 is booked" in booked
    assert "Shall we get back to cancelling a meeting?" in booked
    assert "dropped cancelling a meeting" in joined(await bot.say("no"))
    starts = sorted(e.starts_at.isoformat() for e in await _meetings(bot, BOB))
    assert starts == ["2026-11-26T10:00:00+00:00", "2026-11-27T09:00:00+00:00"]
    audit = await StoredAuditLog(bot.components.storage).recent(10)  # type: ignore[arg-type]
    assert [r.action for r in audit] == ["calendar.book"]


async def test_no_slots_in_the_window_offers_the_nearest_free_times(
    meetings_bot: BotHarness,
) -> None:
    bot = meetings_bot
    await bot.say("book a meeting")
    offered = await bot.say("saturday")
    text = joined(offered)
    assert "Sat 28 Nov is not a working day: meetings are booked Monday to Friday." in text
    assert "Here are the free times nearest to it" in text
    titles = [title for reply in offered for title, _ in reply.buttons if title[0].isdigit()]
    days = [title.split(", ")[0].split(". ")[1] for title in titles]
    # The days either side of Saturday, not the whole week ahead from today (Sunday).
    assert "Fri 27 Nov" in days
    assert set(days) <= {"Thu 26 Nov", "Fri 27 Nov", "Mon 30 Nov"}


async def test_a_time_in_the_request_is_searched_at_once(meetings_bot: BotHarness) -> None:
    offered = joined(await meetings_bot.say("Book a meeting on Tuesday morning"))
    assert "Here are the free times on Tue 24 Nov between 09:00 and 12:00" in offered


@pytest.mark.parametrize(("locale", "request_text", "shown"), [
    ("de-DE", "Buche ein Meeting mit Alice Martin am Dienstag",
     "Hier sind die freien Zeiten am Di., 24. Nov. für Sie und Alice Martin. Welche passt Ihnen?"),
    ("fr-FR", "réserve une réunion avec Alice Martin mardi",
     "Voici les créneaux libres le mar. 24 nov. pour vous et Alice Martin. Lequel vous convient ?"),
])
async def test_a_sentence_ending_in_an_abbreviated_date_has_one_full_stop(
    bot: BotHarness, locale: str, request_text: str, shown: str
) -> None:
    bot.locale = locale
    offered = joined(await bot.say(request_text))
    assert shown in offered and ".." not in offered


@pytest.mark.parametrize("request_text", [
    "ich möchte mit Alice Martin ein Treffen vereinbaren",
    "Kannst du mit Alice Martin morgen um 15 Uhr ein Meeting buchen?",
])
async def test_a_german_request_with_the_verb_last_books_a_meeting(
    bot: BotHarness, request_text: str
) -> None:
    bot.locale = "de-DE"
    replies = await bot.say(request_text)
    said = joined(replies)
    assert ("freien Zeiten" in said
            or say("meeting.preference_question", "de") in said), said
    assert "Personalteam" not in said  # not handed over as a question ERA cannot answer


async def test_no_meetings_found_offers_a_new_booking(meetings_bot: BotHarness) -> None:
    bot = meetings_bot.as_person("chen")
    none = joined(await bot.say("cancel my meeting"))
    assert "I couldn't find any upcoming meetings for chen.wei@contoso.example" in none
    assert "book a new meeting" in none and "another email address" not in none
    refused = joined(await bot.say("maria.lopez@contoso.example"))
    assert "I can only look up your own meetings." in refused
    assert "Do you have a preferred time?" in joined(await bot.say("1"))


async def test_a_manager_can_look_under_an_employees_address(bot: BotHarness) -> None:
    calendar = bot.components.services.calendar
    await calendar.create_event(
        organizer_email="alice.martin@contoso.example", attendee_emails=["hr-desk@contoso.example"],
        subject="Return-to-work talk", body="", request_id="hr-alice",
        starts_at=FIXED_NOW + timedelta(days=2, hours=4),
        ends_at=FIXED_NOW + timedelta(days=2, hours=4, minutes=30),
    )
    none = joined(await bot.say("cancel my meeting"))
    assert f"I couldn't find any upcoming meetings for {MARIA}" in none
    assert "another email address" in none
    assert "Which email address" in joined(await bot.say("2"))
    found = joined(await bot.say("alice.martin@contoso.example"))
    assert "Return-to-work talk with" in found and "Alice Martin" in found
    assert "Do you want to cancel it?" in found
    assert "Cancelled: Tue 24 Nov, 14:00-14:30: Return-to-work talk" in joined(
        await bot.say("cancel"))
    assert await calendar.find_events(attendee_email="alice.martin@contoso.example",
                                      window=NEXT_WEEK) == []


async def test_change_time_at_the_slot_question_asks_for_a_time(
    meetings_bot: BotHarness,
) -> None:
    bot = meetings_bot
    await bot.say("book a meeting")
    await bot.say("tuesday morning")
    back = joined(await bot.say("change time"))
    assert "Do you have a preferred time?" in back
    assert "Here are the free times on Wed 25 Nov" in joined(await bot.say("wednesday"))


async def test_actually_wednesday_at_the_slot_question_searches_wednesday(
    meetings_bot: BotHarness,
) -> None:
    bot = meetings_bot
    await bot.say("book a meeting")
    assert "on Tue 24 Nov between 09:00 and 12:00" in joined(await bot.say("tuesday morning"))
    again = joined(await bot.say("actually wednesday"))
    # The new day keeps the morning: Wednesday morning is full, so the nearest times.
    assert "free 30-minute time on Wed 25 Nov between 09:00 and 12:00" in again, again
    assert "Wed 25 Nov, 15:00-15:30" in shown(await bot.say("wednesday afternoon"))
    confirm = joined(await bot.say("1"))
    assert "Book a 30-minute meeting with Maria Lopez on Wed 25 Nov, 15:00-15:30?" in confirm


@pytest.mark.parametrize(("locale", "request_text", "change", "searched"), [
    # A new time alone keeps the day asked for (it searched today at that time).
    ("en-US", "book a meeting on wednesday at 10am", "actually 2pm",
     "on Wed 25 Nov between 14:00 and 15:00"),
    ("ja-JP", "水曜日の10時にミーティングを予約して", "やっぱり14時で",
     "11月25日(水) 14:00～15:00"),
    ("zh-CN", "预约周三的会议", "改成下午两点吧", "11月25日周三 14:00至15:00"),
    ("it-IT", "fissa una riunione mercoledì alle 10", "anzi alle 14", "mer 25 nov tra le 14:00"),
    # A day said with the time is that day.
    ("en-US", "book a meeting on wednesday at 10am", "no, tomorrow at 2pm",
     "on Mon 23 Nov between 14:00 and 15:00"),
])
async def test_a_new_time_at_the_slot_question_keeps_the_day(
    meetings_bot: BotHarness, locale: str, request_text: str, change: str, searched: str,
) -> None:
    await meetings_bot.say(request_text, locale=locale)
    assert searched in joined(await meetings_bot.say(change, locale=locale))


@pytest.mark.parametrize("reply", ["yes cancel it", "cancel", "Yes, cancel it"])
async def test_yes_cancel_it_confirms_the_cancellation(
    organiser_bot: BotHarness, reply: str
) -> None:
    bot = organiser_bot
    asked = joined(await bot.say("cancel my meeting"))
    assert "I found this meeting: Thu 26 Nov, 10:00-10:30: 1:1 check-in with Maria Lopez. " \
        "Do you want to cancel it?" in asked
    done = joined(await bot.say(reply))
    assert "Cancelled: Thu 26 Nov, 10:00-10:30: 1:1 check-in with Maria Lopez" in done
    assert await _meetings(bot, BOB) == []
    notices = [json.loads(m["to_addresses"]) for m in await _outbox(bot)
               if m["subject"] == "Cancelled: 1:1 check-in"]
    # The organiser cancelled it: the calendar tells the attendee, Maria.
    assert sorted(notices) == [[MARIA]]


async def test_no_at_the_confirmation_keeps_the_meeting(organiser_bot: BotHarness) -> None:
    bot = organiser_bot
    await bot.say("cancel my meeting")
    assert "haven't cancelled it" in joined(await bot.say("no, keep it"))
    assert len(await _meetings(bot, BOB)) == 1


async def test_cancel_in_the_middle_ends_the_flow(organiser_bot: BotHarness) -> None:
    bot = organiser_bot
    await bot.say("reschedule my meeting")
    stopped = joined(await bot.say("cancel"))
    assert "stopped rescheduling a meeting" in stopped
    assert [e.starts_at.isoformat() for e in await _meetings(bot, BOB)] == [
        "2026-11-26T10:00:00+00:00"]


async def test_a_manager_books_a_meeting_with_hr(meetings_bot: BotHarness) -> None:
    bot = meetings_bot.as_person("maria")
    await bot.say("book a meeting")
    await bot.say("monday afternoon")
    confirm = joined(await bot.say("1"))
    assert "meeting with HR (hr-desk@contoso.example) on Mon 23 Nov" in confirm
    await bot.say("yes")
    booked = await _meetings(bot, "hr-desk@contoso.example")
    assert [e.organizer_email for e in booked] == [MARIA]


async def test_a_german_meeting_with_hr_lists_whose_free_times_in_german(
    meetings_bot: BotHarness,
) -> None:
    """The finding, in Web Chat: "Termin am Dienstagvormittag planen" got "Hier sind die freien
    Zeiten ... für Sie und der Personalabteilung": HR was said as after "mit" (dative), where
    "für" takes "die". The booking question keeps "mit der Personalabteilung"."""
    bot = meetings_bot.as_person("maria")
    bot.locale = "de-DE"
    listed = joined(await bot.say("Termin am Montagnachmittag planen"))
    assert "für Sie und die Personalabteilung (hr-desk@contoso.example)" in listed, listed
    confirm = joined(await bot.say("1"))
    assert "mit der Personalabteilung (hr-desk@contoso.example) am" in confirm, confirm


@pytest.fixture
async def outlook_bot(tmp_path: Path) -> AsyncIterator[tuple[BotHarness, FakeGraphServer]]:
    """The bot with its calendar in Outlook through Graph (the local fake), where Bob has a
    1:1 with Maria on Thursday at 10:00 that he organised."""
    graph = FakeGraphServer()
    FakeOutlook(graph).add_demo_staff()
    async with graph:
        harness = await BotHarness.start(
            tmp_path, FIXED_NOW, graph_token_source=FixedTokenSource(),
            ERA_CALENDAR_BACKEND="graph", GRAPH_TENANT_ID="tenant", GRAPH_CLIENT_ID="client",
            GRAPH_CLIENT_SECRET="secret", GRAPH_BASE_URL=graph.base_url,
        )
        await harness.components.services.calendar.create_event(
            organizer_email=BOB, attendee_emails=[MARIA], subject="1:1 check-in", body="",
            starts_at=FIXED_NOW.replace(day=26), ends_at=FIXED_NOW.replace(day=26, minute=30),
            request_id="demo-1-1",
        )
        yield harness.as_person("bob-smith"), graph
        await harness.close()


async def test_a_failed_cancel_after_rescheduling_says_both_meetings_stand(
    outlook_bot: tuple[BotHarness, FakeGraphServer],
) -> None:
    bot, graph = outlook_bot
    assert "Thu 26 Nov, 10:00-10:30: 1:1 check-in with Maria Lopez" in joined(
        await bot.say("reschedule my meeting"))
    await bot.say("friday")
    assert "Move Thu 26 Nov, 10:00-10:30" in joined(await bot.say("1"))
    graph.fail(503, method="POST", path_contains="/cancel", times=10)
    said = joined(await bot.say("yes"))
    assert "I booked the new meeting on Fri 27 Nov, 09:00-09:30" in said
    assert "could NOT cancel the old one (Thu 26 Nov, 10:00-10:30" in said
    assert "it still stands" in said
    starts = sorted(e.starts_at.isoformat() for e in await _meetings(bot, BOB))
    assert starts == ["2026-11-26T10:00:00+00:00", "2026-11-27T09:00:00+00:00"]
    audit = await StoredAuditLog(bot.components.storage).recent(10)  # type: ignore[arg-type]
    assert [r.action for r in audit] == ["calendar.book"]


async def test_no_free_time_in_seven_days_is_said_and_tracked(meetings_bot: BotHarness) -> None:
    bot = meetings_bot
    calendar = bot.components.services.calendar
    # Busy for the week asked about and the week around it, where the nearest times are looked for.
    for day in range(15):
        start = FIXED_NOW.replace(hour=0) + timedelta(days=day)
        await calendar.create_event(
            organizer_email=MARIA, attendee_emails=[], subject="Stocktake", body="",
            starts_at=start, ends_at=start + timedelta(hours=23, minutes=59),
            request_id=f"stocktake-{day}",
        )
    await bot.say("book a meeting")
    said = joined(await bot.say("friday"))
    assert "I couldn't find a free 30-minute time on Fri 27 Nov" in said
    assert "in the next 7 days either, so nothing was booked" in said
    tracker = FailureTracker.from_dict((await bot.stored_state())["tracker"])
    assert [record.detail for record in tracker.history] == ["no free slots in the next 7 days"]


async def test_the_person_and_day_named_choose_the_meeting(organiser_bot: BotHarness) -> None:
    bot = organiser_bot  # Bob's only meeting: Thursday's 1:1 with Maria
    refused = joined(await bot.say("cancel alice's meeting with maria on friday"))
    assert "Alice Martin and Maria Lopez aren't in any of your meetings on Fri 27 Nov." \
        in refused
    assert "Thu 26 Nov" not in refused
    assert "waiting for your answer" in joined(await bot.say("yes"))
    assert len(await _meetings(bot, BOB)) == 1
    wrong_day = joined(await bot.say("cancel my meeting with maria on friday"))
    assert "Maria Lopez isn't in any of your meetings on Fri 27 Nov." in wrong_day
    right = joined(await bot.say("cancel my meeting with maria on thursday"))
    assert "I found this meeting: Thu 26 Nov, 10:00-10:30: 1:1 check-in" in right
    assert "Cancelled" in joined(await bot.say("yes"))
    assert await _meetings(bot, BOB) == []


async def test_cancelling_a_meeting_asks_once(organiser_bot: BotHarness) -> None:
    bot = organiser_bot
    asked = joined(await bot.say("cancel my meeting"))
    assert asked.count("?") == 1
    done = joined(await bot.say("yes"))
    assert "Cancelled: Thu 26 Nov" in done and "?" not in done.split("Cancelled")[1]


async def test_someone_not_in_the_meeting_cannot_confirm_its_cancellation(
    meetings_bot: BotHarness,
) -> None:
    bot = meetings_bot
    await bot.say("cancel my meeting")
    bot.as_person("chen")  # someone else types "yes" in the same conversation
    answered = joined(await bot.say("yes"))
    assert "waiting for your answer" in answered and "went wrong" not in answered.lower()
    assert len(await _meetings(bot, BOB)) == 1


async def test_someone_else_cannot_confirm_a_booking_in_another_name(
    meetings_bot: BotHarness,
) -> None:
    bot = meetings_bot
    await bot.say("book a meeting")
    await bot.say("friday")
    assert "Book a 30-minute meeting" in joined(await bot.say("1"))
    bot.as_person("chen")
    answered = joined(await bot.say("yes"))
    assert "waiting for your answer" in answered and "Nothing was booked" not in answered
    assert len(await _meetings(bot, BOB)) == 1


async def test_yes_to_several_times_keeps_them_and_asks_which(meetings_bot: BotHarness) -> None:
    bot = meetings_bot
    await bot.say("book a meeting")
    offered = await bot.say("friday")
    titles = [t for r in offered for t, _ in r.buttons if t[0].isdigit()]
    assert len(titles) > 1
    again = await bot.say("yes")
    assert f"Which of these {len(titles)} times?" in joined(again)
    assert [t for r in again for t, _ in r.buttons if t[0].isdigit()] == titles
    confirm = joined(await bot.say("2"))
    assert f"on {titles[1].split('. ', 1)[1]}?" in confirm


async def test_a_day_matching_several_offered_times_narrows_them(
    meetings_bot: BotHarness,
) -> None:
    bot = meetings_bot
    await bot.say("book a meeting")
    offered = await bot.say("any time")
    titles = [t.split(". ", 1)[1] for r in offered for t, _ in r.buttons if t[0].isdigit()]
    thursday = [t for t in titles if t.startswith("Thu")]
    assert 1 < len(thursday) < len(titles)
    narrowed = await bot.say("thursday")
    assert f'These {len(thursday)} match "thursday". Which one?' in joined(narrowed)
    kept = [t.split(". ", 1)[1] for r in narrowed for t, _ in r.buttons if t[0].isdigit()]
    assert kept == thursday
    confirm = joined(await bot.say("2"))
    assert f"on {thursday[1]}?" in confirm


async def test_a_booking_the_calendar_did_not_take_is_kept_and_retried(
    outlook_bot: tuple[BotHarness, FakeGraphServer],
) -> None:
    bot, graph = outlook_bot
    await bot.say("book a meeting")
    await bot.say("friday")
    assert "Book a 30-minute meeting" in joined(await bot.say("1"))
    graph.fail(503, method="POST", path_contains="/events", times=3)
    failed = joined(await bot.say("yes"))
    assert "nothing was booked yet" in failed and "Shall I try again?" in failed
    assert len(await _meetings(bot, BOB)) == 1
    done = joined(await bot.say("yes"))
    assert "is booked" in done
    starts = sorted(e.starts_at.isoformat() for e in await _meetings(bot, BOB))
    assert starts == ["2026-11-26T10:00:00+00:00", "2026-11-27T09:00:00+00:00"]
    audit = await StoredAuditLog(bot.components.storage).recent(10)  # type: ignore[arg-type]
    assert [r.action for r in audit] == ["calendar.book"]


async def test_a_meeting_request_naming_someone_books_with_them(bot: BotHarness) -> None:
    bot.as_person("maria")
    offered = joined(await bot.say("book a meeting with Alice Martin tomorrow at 3pm"))
    assert "Mon 23 Nov between 15:00 and 16:00" in offered
    confirm = joined(await bot.say("1"))
    assert "meeting with Alice Martin on Mon 23 Nov, 15:00-15:30" in confirm
    assert "HR" not in confirm


@pytest.mark.parametrize(("locale", "request_text", "said"), [
    ("en-US", "book a meeting with John Doe tomorrow at 3pm",
     'I couldn\'t find "John Doe" in your store. Who is the meeting with?'),
    ("fr-FR", "réserve une réunion avec Jean Dupont demain",
     "Je n'ai pas trouvé « Jean Dupont » dans votre magasin. Avec qui est la réunion ?"),
])
async def test_a_meeting_with_someone_not_in_the_directory_asks_who_is_meant(
    bot: BotHarness, locale: str, request_text: str, said: str
) -> None:
    bot.as_person("maria").locale = locale
    asked = joined(await bot.say(request_text))
    assert said in asked and "hr-desk" not in asked
    offered = joined(await bot.say("Alice Martin"))
    assert "23 nov" in offered.lower()
    assert "Alice Martin" in joined(await bot.say("1"))


@pytest.mark.parametrize(("locale", "request_text", "shown"), [
    ("de-DE", "Buche ein Meeting mit Alice Martin morgen um 15 Uhr", "zwischen 15:00 und 16:00"),
    ("it-IT", "prenota una riunione con Alice Martin domani alle 15:30", "15:30"),
    ("ja-JP", "明日午後3時にAlice Martinとのミーティングを予約して", "15:00"),
])
async def test_a_clock_time_in_a_table_language_is_searched(
    bot: BotHarness, locale: str, request_text: str, shown: str
) -> None:
    bot.as_person("maria").locale = locale
    offered = joined(await bot.say(request_text))
    assert shown in offered and "10:00" not in offered, offered


@pytest.mark.parametrize(("locale", "request_text", "shown"), [
    ("en-US", "book a meeting with Alice Martin tomorrow at 3", "between 15:00 and 16:00"),
    ("de-DE", "Termin mit Alice Martin morgen um 3 Uhr buchen", "zwischen 15:00 und 16:00"),
    ("fr-FR", "réserve une réunion avec Alice Martin demain à 3h", "15:00"),
    ("es-ES", "reserva una reunión con Alice Martin mañana a las 3", "15:00"),
    ("it-IT", "prenota una riunione con Alice Martin domani alle 3", "15:00"),
])
async def test_a_meeting_at_a_bare_3_is_searched_at_15_00(
    bot: BotHarness, locale: str, request_text: str, shown: str
) -> None:
    bot.as_person("maria").locale = locale
    offered = joined(await bot.say(request_text))
    assert "23" in offered and shown in offered and "03:00" not in offered, offered


async def test_a_meeting_at_3am_is_still_searched_at_03_00(bot: BotHarness) -> None:
    bot.as_person("maria")
    offered = joined(await bot.say("book a meeting with Alice Martin tomorrow at 3am"))
    assert "Mon 23 Nov between 03:00 and 04:00" in offered, offered


async def test_a_spanish_request_at_three_in_the_afternoon_searches_15_00(
    bot: BotHarness
) -> None:
    bot.as_person("maria").locale = "es-ES"
    offered = joined(await bot.say(
        "reserva una reunión con Alice Martin mañana a las 3 de la tarde"))
    assert "el lun., 23 nov. entre las 15:00 y las 16:00" in offered, offered
    assert "01:00" not in offered and "dom." not in offered


async def test_a_manager_only_mentioned_is_not_the_one_to_meet(bot: BotHarness) -> None:
    # Chen's manager is Maria: "about Maria's feedback" names her, but the meeting is with Alice.
    bot.as_person("chen")
    offered = joined(await bot.say(
        "book a meeting with Alice Martin tomorrow at 3pm to talk about Maria's feedback"))
    assert "Maria Lopez" not in offered
    confirm = joined(await bot.say("1"))
    assert "meeting with Alice Martin" in confirm and "Maria Lopez" not in confirm


async def test_a_request_naming_the_manager_books_with_the_manager(bot: BotHarness) -> None:
    bot.as_person("chen")
    await bot.say("book a meeting with Maria tomorrow at 3pm")
    assert "meeting with Maria Lopez" in joined(await bot.say("1"))


@pytest.mark.parametrize(("locale", "request_text", "reply", "booked"), [
    ("zh-CN", "明天上午11点和Alice开个会", "是", "您与Alice Martin在"),
    ("ja-JP", "明日の午前11時にAliceと会議を予約して", "はい",
     "Alice Martinとのミーティングを予約しました"),
])
async def test_a_name_written_inside_chinese_or_japanese_is_the_one_to_meet(
    bot: BotHarness, locale: str, request_text: str, reply: str, booked: str
) -> None:
    bot.as_person("maria").locale = locale
    await bot.say(request_text)
    confirm = joined(await bot.say("1"))
    assert "Alice Martin" in confirm and "hr-desk" not in confirm
    assert booked in joined(await bot.say(reply))


@pytest.mark.parametrize(
    ("locale", "story", "accepted"),
    [
        ("en-US", "he said it's because the bus changed", "You can say a day"),
        ("en-US", "he said it's because the bus changed yesterday", "You can say a day"),
        ("fr-FR", "il a dit que c'est parce que le bus a changé hier",
         "Vous pouvez indiquer un jour"),
        ("zh-CN", "他说是因为公交车改线了", "您可以说一个日期"),
        ("zh-CN", "他说是因为公交车昨天改线了", "您可以说一个日期"),
    ],
)
async def test_a_story_at_the_time_question_is_not_a_time(
    bot: BotHarness, locale: str, story: str, accepted: str
) -> None:
    asked = joined(await bot.say("book a meeting with alice"))
    assert "Do you have a preferred time?" in asked
    again = await bot.say(story, locale=locale)
    assert accepted in joined(again)
    assert not any(title[0].isdigit() for reply in again for title, _ in reply.buttons)
    offered = joined(await bot.say("tuesday morning"))
    assert "Here are the free times on Tue 24 Nov" in offered


async def test_a_story_at_the_slot_question_shows_the_same_times_again(
    bot: BotHarness,
) -> None:
    listed = await bot.say("book a call with alice")
    times = [title for reply in listed for title, _ in reply.buttons if title[:1].isdigit()]
    again = await bot.say("he said it's because the bus changed yesterday")
    back = joined(again)
    assert "couldn't tell which time you meant" in back
    assert "Do you have a preferred time?" not in back
    assert [title for reply in again for title, _ in reply.buttons
            if title[:1].isdigit()] == times
    assert "Sat 21 Nov" not in back


@pytest.mark.parametrize(
    ("locale", "story", "accepted"),
    [
        ("en-US", "the bus changes tomorrow", "You can say a day"),
        ("en-US", "he said the bus changes on friday", "You can say a day"),
        ("it-IT", "il bus cambia domani", "Può indicare un giorno"),
        ("pl-PL", "autobus zmienia się jutro", "Możesz podać dzień"),
        ("de-DE", "der Bus fährt morgen anders", "Sie können einen Tag"),
    ],
)
async def test_a_story_naming_a_coming_day_at_the_time_question_is_not_a_time(
    bot: BotHarness, locale: str, story: str, accepted: str
) -> None:
    await bot.say("book a meeting with alice")
    again = await bot.say(story, locale=locale)
    assert accepted in joined(again), joined(again)
    assert not any(title[0].isdigit() for reply in again for title, _ in reply.buttons)


@pytest.mark.parametrize(
    ("locale", "preference", "searched"),
    [
        ("en-US", "how about next tuesday after 3pm", "Tue 24 Nov"),
        ("en-US", "actually wednesday morning would be great", "Wed 25 Nov"),
        ("it-IT", "meglio giovedì dopo le 15", "gio 26 nov"),
        ("pl-PL", "najlepiej w środę po południu", "w środę 25 listopada"),
        ("de-DE", "am besten am Mittwoch um 14 Uhr", "Mi., 25. Nov."),
    ],
)
async def test_a_time_preference_in_more_words_is_searched(
    bot: BotHarness, locale: str, preference: str, searched: str
) -> None:
    await bot.say("book a meeting with alice")
    offered = await bot.say(preference, locale=locale)
    assert searched in joined(offered), joined(offered)
    assert any(title[0].isdigit() for reply in offered for title, _ in reply.buttons)


@pytest.mark.parametrize(
    ("locale", "reply", "searched"),
    [
        ("en-US", "none of those work, anything on wednesday?", "Wed 25 Nov"),
        ("en-US", "those dont work, wednesday afternoon?", "Wed 25 Nov"),
        ("en-US", "none of them, something on thursday morning", "Thu 26 Nov"),
        ("fr-FR", "aucun ne me va, plutôt mercredi ?", "mer. 25 nov."),
    ],
)
async def test_turning_the_times_down_with_another_day_searches_that_day(
    bot: BotHarness, locale: str, reply: str, searched: str
) -> None:
    """Maria turns the free times down and names the day she wants in one message: that day's
    times are listed (never "Sorry, I couldn't tell which time you meant" and the old list)."""
    await bot.say("book a call with alice tomorrow afternoon", locale=locale)
    offered = await bot.say(reply, locale=locale)
    assert searched in joined(offered), joined(offered)
    assert all(searched in time for time in _times(offered)), _times(offered)
    assert await StoredAuditLog(bot.components.storage).recent(10) == []  # type: ignore[arg-type]


def _times(replies: list[Any]) -> list[str]:
    """The times a list offers, as their buttons read ("Mon 23 Nov, 09:00-09:30")."""
    return [title.split(". ", 1)[1] for reply in replies for title, _ in reply.buttons
            if title[:1].isdigit()]


@pytest.mark.parametrize("reply", ["any time", "whenever", "the earliest", "first available",
                                   "asap"])
async def test_leaving_the_time_to_era_at_the_list_asks_to_book_the_earliest(
    bot: BotHarness, reply: str
) -> None:
    bot.as_person("maria")
    await bot.say("book a meeting with Bob Smith")
    times = _times(await bot.say("any time"))
    assert len(times) > 2
    asked = joined(await bot.say(reply))
    assert f"Book a 30-minute meeting with Bob Smith on {times[0]}?" in asked
    assert "preferred time" not in asked
    assert await _meetings(bot, BOB) == []  # nothing is booked before the yes
    assert "is booked" in joined(await bot.say("yes"))
    (booked,) = await _meetings(bot, BOB)
    assert booked.attendee_emails == (BOB,)


@pytest.mark.parametrize(("locale", "reply", "asked"), [
    ("en-US", "first available", "Book a 30-minute meeting with Bob Smith on Mon 23 Nov"),
    ("fr-FR", "le plus tôt possible", "Planifier une réunion de 30 minutes avec Bob Smith le lun."),
    ("de-DE", "frühestmöglich", "Bob Smith"),
    ("ja-JP", "いちばん早い時間で", "Bob Smith"),
])
async def test_first_available_at_the_time_question_asks_to_book_the_earliest(
    bot: BotHarness, locale: str, reply: str, asked: str
) -> None:
    bot.as_person("maria").locale = locale
    await bot.say("book a meeting with Bob Smith")
    said = await bot.say(reply)
    assert asked in joined(said)
    assert _times(said) == []  # the one time, to confirm: no list
    assert await _meetings(bot, BOB) == []


@pytest.mark.parametrize("pick", ["2", "the second one"])
async def test_a_number_after_the_list_was_dropped_still_picks_from_it(
    bot: BotHarness, pick: str
) -> None:
    bot.as_person("maria")
    await bot.say("book a meeting with Bob Smith")
    times = _times(await bot.say("any time"))
    assert "Do you have a preferred time?" in joined(await bot.say("another time"))
    asked = joined(await bot.say(pick))
    assert f"Book a 30-minute meeting with Bob Smith on {times[1]}?" in asked


async def test_nothing_free_at_the_time_asked_offers_the_nearest_times(bot: BotHarness) -> None:
    bot.as_person("maria")
    calendar = bot.components.services.calendar
    # Tuesday 24 Nov afternoon is taken for Bob.
    start = FIXED_NOW.replace(day=24, hour=12)
    await calendar.create_event(organizer_email=BOB, attendee_emails=[], subject="Training",
                                body="", starts_at=start, ends_at=start + timedelta(hours=5),
                                request_id="training")
    offered = await bot.say("book a call with Bob Smith on tuesday afternoon")
    text = joined(offered)
    assert "I couldn't find a free 30-minute time on Tue 24 Nov between 12:00 and 17:00" in text
    assert "nearest to it" in text
    times = _times(offered)
    # Tuesday morning, and the days either side: not the week from today.
    assert any(t.startswith("Tue 24 Nov") for t in times)
    assert {t[:10] for t in times} <= {"Mon 23 Nov", "Tue 24 Nov", "Wed 25 Nov"}
    assert all(not (t.startswith("Tue 24 Nov") and "12:00" <= t[12:17] < "17:00")
               for t in times), times


@pytest.mark.parametrize(("request_text", "nearest"), [
    # Tuesday 09:00 is two hours from 7am; Monday afternoon is fourteen.
    ("book a meeting with Alice Martin on tuesday at 7am",
     ["Tue 24 Nov, 09:00-09:30", "Tue 24 Nov, 09:30-10:00", "Tue 24 Nov, 10:00-10:30"]),
    # Tuesday before the afternoon's call, then Wednesday morning: not Monday first.
    ("book a meeting with Alice after 6pm on tuesday",
     ["Tue 24 Nov, 13:30-14:00", "Tue 24 Nov, 13:00-13:30", "Tue 24 Nov, 12:30-13:00",
      "Wed 25 Nov, 09:30-10:00"]),
])
async def test_the_nearest_times_are_offered_nearest_first(
    bot: BotHarness, request_text: str, nearest: list[str]
) -> None:
    """'tuesday at 7am' (before meetings are booked) offered Monday 15:00 first and Tuesday
    09:00 fourth: the times nearest to the one asked for come first."""
    bot.as_person("maria")
    offered = await bot.say(request_text)
    assert "nearest to it" in joined(offered)
    times = _times(offered)
    assert times[:len(nearest)] == nearest, times


ALICE = "alice.martin@contoso.example"
CHEN = "chen.wei@contoso.example"


async def test_a_meeting_with_two_people_is_one_meeting_inviting_both(bot: BotHarness) -> None:
    bot.as_person("maria")
    offered = await bot.say("set up a meeting with alice and chen on thursday")
    text = joined(offered)
    assert "Which one is the meeting with?" not in text
    assert "Here are the free times on Thu 26 Nov for you, Alice Martin and Chen Wei" in text
    # Only times free for all three (their shifts and meetings count as busy).
    times = _times(offered)
    assert times and all(t.startswith("Thu 26 Nov") for t in times)
    busy = await bot.components.services.calendar.free_busy([MARIA, ALICE, CHEN], NEXT_WEEK)
    assert any(busy.values())
    for label in times:
        start = FIXED_NOW.replace(day=26, hour=int(label[12:14]), minute=int(label[15:17]))
        assert not any(i.overlaps(start, start + timedelta(minutes=30))
                       for intervals in busy.values() for i in intervals), label
    asked = joined(await bot.say("1"))
    assert f"Book a 30-minute meeting with Alice Martin and Chen Wei on {times[0]}?" in asked
    done = joined(await bot.say("yes"))
    assert "Your meeting with Alice Martin and Chen Wei on" in done
    (event,) = await _meetings(bot, ALICE)
    assert event.organizer_email == MARIA and event.attendee_emails == (ALICE, CHEN)
    assert await _meetings(bot, CHEN) == [event]
    # Each is told, in their own language (Chen reads Chinese).
    invited = sorted(address for m in await _outbox(bot) if "Meeting" in m["subject"]
                     for address in json.loads(m["to_addresses"]))
    assert invited == [ALICE, CHEN]


@pytest.mark.parametrize(("locale", "request_text", "shown"), [
    ("fr-FR", "organise une réunion avec Chen et Alice jeudi", "Chen Wei et Alice Martin"),
    ("de-DE", "buche ein Meeting mit Chen und Alice am Donnerstag", "Chen Wei und Alice Martin"),
    ("it-IT", "prenota una riunione con Chen ed Alice giovedì", "Chen Wei e Alice Martin"),
    ("it-IT", "prenota una riunione con Chen e la Alice giovedì", "Chen Wei e Alice Martin"),
    ("es-ES", "reserva una reunión con Chen y Alice el jueves", "Chen Wei y Alice Martin"),
    ("pl-PL", "umów spotkanie z Chen oraz Alice w czwartek", "Chen Wei i Alice Martin"),
    ("nl-NL", "plan een vergadering met Chen en Alice op donderdag", "Chen Wei en Alice Martin"),
    ("pt-PT", "marca uma reunião com o Chen e a Alice na quinta", "Chen Wei e Alice Martin"),
    ("ja-JP", "木曜日にチェンとアリスとの会議を予約して", "Chen Wei、Alice Martin"),
    ("zh-CN", "帮我预约周四和陈伟跟爱丽丝的会议", "Chen Wei和Alice Martin"),
])
async def test_names_joined_by_the_languages_and_are_one_meeting_with_both(
    bot: BotHarness, locale: str, request_text: str, shown: str
) -> None:
    bot.as_person("maria")
    bot.locale = locale
    offered = joined(await bot.say(request_text))
    assert shown in offered


async def test_a_call_with_bob_and_alice_asks_which_bob_only(bot: BotHarness) -> None:
    bot.as_person("maria")
    asked = joined(await bot.say("book a call with bob and alice"))
    assert 'There are 2 people called "Bob". Which one is the call with?' in asked
    assert "Alice" not in asked.split("Options")[0]
    offered = joined(await bot.say("Bob Smith"))
    assert "for you, Bob Smith and Alice Martin" in offered
    asked = joined(await bot.say("1"))
    assert "call with Bob Smith and Alice Martin on" in asked
    assert "I'll send Bob and Alice an invitation" in asked
    done = joined(await bot.say("yes"))
    assert f"({BOB}, {ALICE})" in done
    (event,) = await _meetings(bot, ALICE)
    assert event.attendee_emails == (BOB, ALICE)


@pytest.mark.parametrize(("locale", "request_text", "pick", "searched"), [
    ("en-US", "book a call with bob tomorrow afternoon", "the 2nd",
     "free times on Mon 23 Nov between 12:00 and 17:00 for you and Bob Smith"),
    ("en-US", "book a call with bob tomorrow afternoon", "the 2nd one",
     "free times on Mon 23 Nov between 12:00 and 17:00 for you and Bob Smith"),
    ("fr-FR", "réserve un appel avec bob demain aprem", "le 2e",
     "créneaux libres le lun. 23 nov. entre 12:00 et 17:00 pour vous et Bob Smith"),
])
async def test_the_2nd_at_which_bob_picks_him_and_keeps_the_day_asked(
    bot: BotHarness, locale: str, request_text: str, pick: str, searched: str
) -> None:
    """"the 2nd" at "which Bob?" is the second Bob, not the 2nd of the month: the call is
    still searched tomorrow afternoon, as asked."""
    bot.as_person("maria")
    bot.locale = locale
    await bot.say(request_text)
    offered = joined(await bot.say(pick))
    assert searched in offered
    assert "2 Dec" not in offered and "2 déc" not in offered
    assert await _meetings(bot, BOB) == []


async def test_a_1_1_to_move_is_the_meeting_not_one_minute_past_one(
    meetings_bot: BotHarness,
) -> None:
    """"reschedule my 1:1 with bob smith" looked for a meeting at 13:01 today ("I couldn't find
    a meeting of yours with Bob Smith on Sun 22 Nov between 13:01 and 14:01")."""
    bot = meetings_bot.as_person("maria")
    offered = joined(await bot.say("reschedule my 1:1 with bob smith to friday"))
    assert "I found this meeting: Thu 26 Nov, 10:00-10:30: 1:1 check-in with Bob Smith" in offered
    assert "free times on Fri 27 Nov for you and Bob Smith" in offered
    assert "13:01" not in offered


@pytest.mark.parametrize(("locale", "request_text", "found"), [
    ("en-US", "cancel my 1-1 with bob smith",
     "I found this meeting: Thu 26 Nov, 10:00-10:30: 1:1 check-in with Bob Smith."),
    ("en-US", "cancel my 1:1 with bob smith",
     "I found this meeting: Thu 26 Nov, 10:00-10:30: 1:1 check-in with Bob Smith."),
    ("fr-FR", "annule mon 1:1 avec bob smith",
     "J'ai trouvé cette réunion : jeu. 26 nov., 10:00-10:30 : 1:1 check-in avec Bob Smith."),
    ("es-ES", "cancela mi 1:1 con bob smith",
     "He encontrado esta reunión: jue., 26 nov., 10:00-10:30: 1:1 check-in con Bob Smith."),
    ("pt-BR", "cancela meu 1:1 com o bob smith",
     "Encontrei esta reunião: qui., 26 de nov., 10:00-10:30: 1:1 check-in com Bob Smith."),
    # A call as the Dutch say it ("belletje") was advice ("Dank u dat u het mij vertelt").
    ("nl-NL", "annuleer het belletje van donderdag met bob smith",
     "Ik heb deze afspraak gevonden: do 26 nov., 10:00-10:30: 1:1 check-in met Bob Smith."),
])
async def test_a_1_1_to_cancel_is_found_and_kept_on_a_no(
    meetings_bot: BotHarness, locale: str, request_text: str, found: str
) -> None:
    """A one-to-one as managers write it was advice ("tell me more"), the help menu (French)
    or a meeting at 13:01; it is the meeting, cancelled only on its own yes."""
    bot = meetings_bot.as_person("maria")
    bot.locale = locale
    asked = joined(await bot.say(request_text))
    assert found in asked, asked
    await bot.say({"en": "no", "fr": "non", "es": "no", "pt": "não", "nl": "nee"}[locale[:2]])
    assert len(await _meetings(bot, BOB)) == 1


@pytest.mark.parametrize(("request_text", "then"), [
    ("cancel the rota review", "Do you want to cancel it?"),
    ("move the rota review to friday", "free times on Fri 27 Nov for you and Alice Martin"),
])
async def test_a_meeting_named_by_its_title_is_that_meeting(
    meetings_bot: BotHarness, request_text: str, then: str
) -> None:
    """"cancel the rota review" got the advisor's "Is this about a specific employee?"; it is
    the meeting called "Rota review", cancelled or moved only on its own yes."""
    bot = meetings_bot.as_person("maria")
    asked = joined(await bot.say(request_text))
    assert "I found this meeting: Fri 27 Nov, 11:00-11:30: Rota review with Alice Martin" \
        in asked, asked
    assert then in asked and "check-in" not in asked, asked
    await bot.say("no")
    (review,) = await _meetings(bot, ALICE)
    assert review.subject == "Rota review" and review.starts_at.hour == 11


@pytest.mark.parametrize(("locale", "request_text", "no"), [
    ("de-DE", "sag das rota review ab", "nein"),
    ("fr-FR", "annule la rota review", "non"),
    ("es-ES", "cancela el rota review", "no"),
    ("pl-PL", "odwolaj rota review", "nie"),
])
async def test_a_meeting_with_an_english_title_is_found_in_other_languages(
    meetings_bot: BotHarness, locale: str, request_text: str, no: str
) -> None:
    """"sag das rota review ab" got the advisor's "Geht es um bestimmte Beschäftigte?"."""
    bot = meetings_bot.as_person("maria")
    bot.locale = locale
    asked = joined(await bot.say(request_text))
    assert "Rota review" in asked and "check-in" not in asked, asked
    await bot.say(no)
    assert len(await _meetings(bot, ALICE)) == 1


@pytest.mark.parametrize(("person", "request_text", "answer"), [
    ("bob-smith", "cancel the rota review", "I couldn't find that meeting."),
    ("maria", "cancel the weekly briefing", "I couldn't find that meeting."),
])
async def test_a_meeting_title_no_meeting_has_is_not_found(
    meetings_bot: BotHarness, person: str, request_text: str, answer: str
) -> None:
    """Bob, whose only meeting is his 1:1 check-in, asking to cancel the rota review (which he
    is not in) was offered to cancel his check-in; Maria's weekly briefing, which does not
    exist, listed all her meetings."""
    bot = meetings_bot.as_person(person)
    said = joined(await bot.say(request_text))
    assert answer in said, said
    assert "check-in" not in said and "cancel it?" not in said, said
    assert len(await _meetings(bot, BOB)) == 1


@pytest.mark.parametrize(("locale", "request_text", "answer"), [
    ("en-US", "cancel the budget review",
     'None of your upcoming meetings is called "budget review".'),
    ("en-US", "move my Dentist appointment to friday",
     'None of your upcoming meetings is called "Dentist appointment".'),
    ("fr-FR", "annule la réunion budget",
     "Aucune de vos prochaines réunions ne s'appelle « réunion budget »."),
    ("de-DE", "sag das budget review ab",
     "Keiner Ihrer anstehenden Termine heißt „budget review“."),
    ("pl-PL", "odwołaj spotkanie budżetowe",
     "Żadne z Twoich najbliższych spotkań nie nazywa się „spotkanie budżetowe”."),
])
async def test_a_title_sharing_a_word_with_a_meeting_is_not_that_meeting(
    meetings_bot: BotHarness, locale: str, request_text: str, answer: str
) -> None:
    """"cancel the budget review" listed all of Maria's meetings with nothing said of the
    budget review; "the budget review" said at that list picked her Rota review (one "yes" from
    cancelling it). No meeting is called that: she is told so and nothing is offered."""
    bot = meetings_bot.as_person("maria")
    bot.locale = locale
    said = joined(await bot.say(request_text))
    assert answer in said, said
    assert "Rota review" not in said and "check-in" not in said, said
    assert len(await _meetings(bot, ALICE)) == 1 and len(await _meetings(bot, BOB)) == 1


@pytest.mark.parametrize("request_text", ["cancel the check-in", "cancel my check in w bob"])
async def test_a_meeting_named_by_its_kind_is_that_meeting(
    meetings_bot: BotHarness, request_text: str
) -> None:
    """"cancel the check-in" listed every meeting of Maria's; it is her "1:1 check-in with Bob
    Smith", cancelled only on its own yes."""
    bot = meetings_bot.as_person("maria")
    asked = joined(await bot.say(request_text))
    assert "I found this meeting: Thu 26 Nov, 10:00-10:30: 1:1 check-in with Bob Smith" \
        in asked, asked
    assert "Rota review" not in asked, asked
    await bot.say("no")
    assert len(await _meetings(bot, BOB)) == 1


async def test_a_title_said_at_the_list_picks_only_a_meeting_called_that(
    meetings_bot: BotHarness,
) -> None:
    """"the budget review" at the list of Maria's meetings picked her Rota review; it is
    asked again, and "the rota review" then picks it."""
    bot = meetings_bot.as_person("maria")
    listed = joined(await bot.say("cancel a meeting"))
    assert "Which one do you want to cancel?" in listed, listed
    again = joined(await bot.say("the budget review"))
    assert "Are you sure" not in again and "Which one do you want to cancel?" in again, again
    picked = joined(await bot.say("the rota review"))
    assert "Are you sure you want to cancel this meeting? Fri 27 Nov, 11:00-11:30: Rota review" \
        in picked, picked
    await bot.say("no")
    assert len(await _meetings(bot, ALICE)) == 1


async def test_my_call_with_alice_is_the_call_not_her_rota_review(
    meetings_bot: BotHarness,
) -> None:
    """"move my call with alice to friday" asked which of two meetings with Alice to move: the
    call ERA booked and the rota review."""
    bot = meetings_bot.as_person("maria")
    await bot.say("book a call with alice on wednesday at 2pm")
    assert "Book" in joined(await bot.say("1"))
    await bot.say("yes")
    asked = joined(await bot.say("move my call with alice to friday"))
    assert "I found this meeting: Wed 25 Nov, 14:00-14:30: Call" in asked, asked
    assert "Rota review" not in asked and "free times on Fri 27 Nov" in asked, asked
    await bot.say("no")
    assert sorted(e.starts_at.day for e in await _meetings(bot, ALICE)) == [25, 27]


async def test_a_call_in_japanese_is_booked_and_cancelled_on_its_own_yes(
    meetings_bot: BotHarness,
) -> None:
    """"アリスと水曜日の午後に電話を入れて", "水曜日のアリスとの電話をキャンセルして" and
    "アリスとの電話を金曜日に移動して" (a call, 電話) got the advisor's "もう少し詳しく"."""
    bot = meetings_bot.as_person("maria")
    bot.locale = "ja-JP"
    offered = joined(await bot.say("アリスと水曜日の午後に15分の電話を入れて"))
    assert "11月25日(水) 12:00～17:00" in offered and "空き時間" in offered, offered
    await bot.say("1")
    await bot.say("はい")
    (call, review) = sorted(await _meetings(bot, ALICE), key=lambda e: e.starts_at)
    assert call.ends_at - call.starts_at == timedelta(minutes=15)
    assert review.subject == "Rota review"
    asked = joined(await bot.say("水曜日のアリスとの電話をキャンセルして"))
    assert "11月25日(水)" in asked and "Rota review" not in asked, asked
    await bot.say("いいえ")
    assert len(await _meetings(bot, ALICE)) == 2
    moved = joined(await bot.say("アリスとの電話を金曜日に移動して"))
    assert "詳しく" not in moved and "11月25日(水)" in moved, moved


async def test_a_call_cancelled_in_chinese_is_found_by_day_and_person(
    meetings_bot: BotHarness,
) -> None:
    """"取消周五和chen的电话" (a call, 电话) got the advisor's "能再多说一点吗"."""
    bot = meetings_bot.as_person("maria")
    await bot.say("book a call with chen on friday at 2pm")
    assert "Book" in joined(await bot.say("1"))
    await bot.say("yes")
    assert len(await _meetings(bot, CHEN)) == 1
    bot.locale = "zh-CN"
    asked = joined(await bot.say("取消周五和chen的电话"))
    assert "Chen Wei" in asked and "取消" in asked and "Rota review" not in asked, asked
    await bot.say("不")
    assert len(await _meetings(bot, CHEN)) == 1
    none = joined(await bot.say("取消周四和chen的电话"))
    assert "Chen Wei 没有参加您11月26日周四的任何会议" in none, none


@pytest.mark.parametrize("yes", ["blz", "fechou"])
async def test_a_brazilian_ok_at_the_booking_question_books_it(bot: BotHarness, yes: str) -> None:
    """"blz" (beleza) got "Ainda não marquei nada. Responda “sim” para marcar…"."""
    bot.as_person("maria").locale = "pt-BR"
    await bot.say("marca uma reunião com a Alice Martin amanhã às 15h")
    assert "Marco uma reunião de 30 minutos com Alice Martin" in joined(await bot.say("1"))
    done = joined(await bot.say(yes))
    assert "Ainda não marquei nada" not in done, done
    (event,) = await _meetings(bot, ALICE)
    assert event.attendee_emails == (ALICE,)


@pytest.mark.parametrize(("locale", "request_text", "not_that", "listed"), [
    ("en-US", "book a call with chen friday", "not that one",
     "Here are the free times on Fri 27 Nov for you and Chen Wei."),
    ("en-US", "book a call with chen friday", "no, not that one",
     "Here are the free times on Fri 27 Nov for you and Chen Wei."),
    ("fr-FR", "appel avec chen vendredi", "pas celui-là",
     "Voici les créneaux libres le ven. 27 nov. pour vous et Chen Wei."),
    ("es-ES", "llamada con chen el viernes", "ese no",
     "Estos son los huecos libres el vie., 27 nov. para usted y Chen Wei."),
    ("zh-CN", "约chen周五打电话", "不是这个", "以下是11月27日周五您和Chen Wei都有空的时间。"),
])
async def test_not_that_one_at_the_booking_question_shows_the_times_again(
    bot: BotHarness, locale: str, request_text: str, not_that: str, listed: str
) -> None:
    """"not that one" at "Book a 30-minute call … ?" ended the booking ("OK, I haven't booked
    or changed anything"): the manager had to ask again from the start."""
    bot.as_person("maria").locale = locale
    await bot.say(request_text)
    await bot.say("2")
    again = joined(await bot.say(not_that))
    assert listed in again, again
    assert await _meetings(bot, CHEN) == []


async def test_adding_someone_free_at_the_preview_keeps_the_time(bot: BotHarness) -> None:
    bot.as_person("maria")
    await bot.say("book a meeting with Alice Martin tomorrow at 3pm")
    assert "with Alice Martin on Mon 23 Nov, 15:00-15:30?" in joined(await bot.say("1"))
    asked = joined(await bot.say("add chen"))
    assert "Book a 30-minute meeting with Alice Martin and Chen Wei on Mon 23 Nov, " \
           "15:00-15:30?" in asked
    assert await _meetings(bot, ALICE) == []
    await bot.say("yes")
    (event,) = await _meetings(bot, CHEN)
    assert event.attendee_emails == (ALICE, CHEN)


async def test_adding_someone_busy_at_the_preview_says_so_and_searches_again(
    bot: BotHarness,
) -> None:
    bot.as_person("maria")
    start = FIXED_NOW.replace(day=23, hour=15)
    await bot.components.services.calendar.create_event(
        organizer_email=CHEN, attendee_emails=[], subject="Dentist", body="", starts_at=start,
        ends_at=start + timedelta(hours=1), request_id="dentist")
    await bot.say("book a meeting with Alice Martin tomorrow at 3pm")
    await bot.say("1")
    said = await bot.say("add Chen to the meeting")
    text = joined(said)
    assert "Mon 23 Nov, 15:00-15:30 is not free for Chen Wei." in text
    assert "for you, Alice Martin and Chen Wei" in text
    assert "Mon 23 Nov, 15:00-15:30" not in _times(said)
    assert await _meetings(bot, ALICE) == []


async def test_a_meeting_with_three_people_in_outlook_is_one_graph_event(
    outlook_bot: tuple[BotHarness, FakeGraphServer],
) -> None:
    bot, graph = outlook_bot
    bot.as_person("maria")
    await bot.say("book a meeting with Bob Smith, Alice and Chen on friday")
    asked = joined(await bot.say("1"))
    assert "meeting with Bob Smith, Alice Martin and Chen Wei on Fri 27 Nov" in asked
    assert "is booked" in joined(await bot.say("yes"))
    [request] = [r for r in graph.requests_to("POST", "/events")
                 if r.body.get("subject") != "1:1 check-in"]
    assert [a["emailAddress"]["address"] for a in request.body["attendees"]] == [
        BOB, ALICE, CHEN]
    [event] = [e for e in await _meetings(bot, CHEN)]
    assert event.organizer_email == MARIA and event.attendee_emails == (BOB, ALICE, CHEN)


@pytest.mark.parametrize(("locale", "request_text", "reply", "said"), [
    ("en-US", "book a call with Bob Smith", "in 2 weeks", "Sun 6 Dec"),
    ("de-DE", "Buche einen Anruf mit Bob Smith", "in 2 Wochen", "6. Dez."),
])
async def test_a_day_from_now_at_the_list_is_that_day_not_option_2(
    bot: BotHarness, locale: str, request_text: str, reply: str, said: str
) -> None:
    """At the list of times, "in 2 weeks" (Sunday 22 Nov) is Sunday 6 Dec: ERA searches that
    day and books nothing. "in 2 Wochen" was option 2, offered for a yes."""
    bot.as_person("maria").locale = locale
    listed = await bot.say(request_text)
    assert len(_times(listed)) > 2, joined(listed)
    text = joined(await bot.say(reply))
    assert said in text, text
    assert await _meetings(bot, BOB) == []


@pytest.mark.parametrize(("locale", "request_text", "reply", "said"), [
    ("en-US", "book a call with Bob Smith", "in 2 hours",
     "Sun 22 Nov is not a working day: meetings are booked Monday to Friday."),
    ("de-DE", "Buche einen Anruf mit Bob Smith", "in 2 Stunden",
     "So., 22. Nov. ist kein Arbeitstag"),
    ("pl-PL", "Umów rozmowę z Bob Smith", "za dwie godziny", "niedz., 22 lis to dzień wolny"),
    ("ja-JP", "Bob Smithとの通話を予約して", "2時間後", "11月22日(日)は営業日ではありません"),
    # Asked in English from a Spanish locale: the reply's words are the locale's.
    ("es-ES", "book a call with Bob Smith", "en 2 horas", "Sun 22 Nov is not a working day"),
])
async def test_a_time_from_now_at_the_list_is_searched_not_option_2_or_a_length(
    bot: BotHarness, locale: str, request_text: str, reply: str, said: str
) -> None:
    """At the list of times, "in 2 hours" (Sunday 10:00) is 12:00-13:00 on a Sunday, when
    meetings are not booked: ERA says so and offers the nearest times. It was option 2, and
    "in 2 Stunden" made the call two hours long."""
    bot.as_person("maria").locale = locale
    listed = await bot.say(request_text)
    assert len(_times(listed)) > 2, joined(listed)
    answered = await bot.say(reply)
    text = joined(answered)
    assert said in text, text
    assert _times(answered) and "120" not in text
    assert await _meetings(bot, BOB) == []


@pytest.mark.parametrize(("locale", "booking", "move", "yes"), [
    ("en-US", "book a meeting with Maria on Friday",
     "move my meeting with Maria on Thursday to Friday", "yes"),
    ("fr-FR", "réserve une réunion avec Maria vendredi",
     "déplace ma réunion de jeudi avec Maria à vendredi", "oui"),
    ("de-DE", "Buche ein Meeting mit Maria am Freitag",
     "verschiebe mein Meeting mit Maria von Donnerstag auf Freitag", "ja"),
    ("es-ES", "reserva una reunión con Maria el viernes",
     "mueve mi reunión del jueves con Maria al viernes", "sí"),
    ("ja-JP", "金曜日にMariaとのミーティングを予約して", "木曜日のMariaとの会議を金曜日に移して",
     "はい"),
    ("zh-Hans", "预约周五和Maria的会议", "把周四和Maria的会议改到周五", "是"),
])
async def test_the_day_a_meeting_moves_from_chooses_it_and_the_other_is_where_to(
    organiser_bot: BotHarness, locale: str, booking: str, move: str, yes: str
) -> None:
    bot = organiser_bot  # Bob: Thursday's 1:1 with Maria; a Friday meeting with her is booked
    bot.locale = locale
    await bot.say(booking)
    await bot.say("1")
    await bot.say(yes)
    (thursday, friday) = sorted(await _meetings(bot, BOB), key=lambda e: e.starts_at)
    assert friday.starts_at.date().isoformat() == "2026-11-27"
    found = await bot.say(move)
    # Thursday's meeting alone is found (no list of both), and times on Friday are offered.
    assert "1:1 check-in" in joined(found) and friday.subject not in joined(found)
    titles = [title for reply in found for title, _ in reply.buttons if title[0].isdigit()]
    assert titles and all("27" in title for title in titles), titles
    await bot.say("1")
    await bot.say(yes)
    cancelled = await bot.components.services.calendar.get_event(thursday.id)
    assert cancelled is not None and cancelled.is_cancelled
    left = await _meetings(bot, BOB)
    assert friday.id in {e.id for e in left}
    assert [e.starts_at.date().isoformat() for e in left] == ["2026-11-27", "2026-11-27"]


@pytest.mark.parametrize(("locale", "request_text", "said"), [
    ("en-US", "book a meeting with Alice Martin on Tuesday after 15h",
     "on Tue 24 Nov between 15:00 and 17:30"),
    ("fr-FR", "réserve une réunion avec Alice Martin mardi après 15h", "entre 15:00 et 17:30"),
    ("de-DE", "Buche ein Meeting mit Alice Martin am Dienstag nach 15 Uhr",
     "zwischen 15:00 und 17:30"),
])
async def test_a_search_after_a_time_says_the_hours_meetings_are_booked_in(
    bot: BotHarness, locale: str, request_text: str, said: str
) -> None:
    bot.as_person("maria").locale = locale
    offered = joined(await bot.say(request_text))
    assert said in offered and "22:00" not in offered, offered


@pytest.mark.parametrize(("locale", "move", "said"), [
    ("en-US", "move my meeting with Maria on Thursday to Friday after 3pm",
     "on Fri 27 Nov between 15:00 and 17:30"),
    ("de-DE", "verschiebe mein Meeting mit Maria von Donnerstag auf Freitag nach 15 Uhr",
     "zwischen 15:00 und 17:30"),
    # Said as a range, "from one day to another": the first is the meeting's, the second
    # (with its hours) where it goes; the time reader took the words for the days between.
    ("en-US", "move my meeting with maria from thursday to friday", "on Fri 27 Nov"),
    ("fr-FR", "déplace ma réunion avec Maria de jeudi à vendredi après 15h",
     "ven. 27 nov. entre 15:00 et 17:30"),
    ("fr-FR", "déplace ma réunion avec Maria du jeudi au vendredi après 15h",
     "ven. 27 nov. entre 15:00 et 17:30"),
    ("es-ES", "mueve mi reunión con Maria del jueves al viernes después de las 15h",
     "vie., 27 nov. entre las 15:00 y las 17:30"),
    ("de-DE", "verschiebe mein Meeting mit Maria von Donnerstag bis Freitag nach 15 Uhr",
     "zwischen 15:00 und 17:30"),
])
async def test_the_hours_after_the_day_a_meeting_moves_to_are_kept(
    organiser_bot: BotHarness, locale: str, move: str, said: str
) -> None:
    """'to Friday after 3pm' searched all of Friday: the hours were lost."""
    organiser_bot.locale = locale
    offered = joined(await organiser_bot.say(move))
    # Bob works on Friday afternoon, so the times nearest to it may be offered: the search
    # itself is said as asked.
    assert "1:1 check-in" in offered and said in offered, offered


@pytest.mark.parametrize(("locale", "reply"), [
    ("en-US", "whenever works"), ("en-US", "doesn't matter"), ("en-US", "up to you"),
    ("fr-FR", "quand vous voulez"), ("es-ES", "cuando quieras"), ("zh-CN", "随便"),
])
async def test_no_preference_said_as_people_say_it_offers_the_free_times(
    bot: BotHarness, locale: str, reply: str
) -> None:
    """'whenever works' at 'Do you have a preferred time?' was asked 'Which day or time would
    suit you?' again."""
    bot.as_person("maria").locale = locale
    await bot.say("book a meeting with Bob Smith")
    offered = await bot.say(reply)
    assert len(_times(offered)) > 2
    assert await _meetings(bot, BOB) == []


@pytest.mark.parametrize(("locale", "request_text", "said"), [
    ("en-US", "book a meeting with Alice Martin on Tuesday after 6pm",
     "Meetings are booked between 09:00 and 17:30, so not on Tue 24 Nov between 18:00"),
    ("fr-FR", "réserve une réunion avec Alice Martin mardi après 18h",
     "Les réunions se réservent entre 09:00 et 17:30, donc pas le mar. 24 nov. entre 18:00"),
    ("de-DE", "Buche ein Meeting mit Alice Martin am Dienstag nach 18 Uhr",
     "zwischen 09:00 und 17:30 gebucht, also nicht am Di., 24. Nov. zwischen 18:00"),
    ("es-ES", "reserva una reunión con Alice Martin el martes después de las 18h",
     "entre las 09:00 y las 17:30, así que no el mar., 24 nov. entre las 18:00"),
    ("it-IT", "prenota una riunione con Alice Martin martedì dopo le 18",
     "tra le 09:00 e le 17:30, quindi non"),
    ("nl-NL", "plan een vergadering met Alice Martin op dinsdag na 18 uur",
     "tussen 09:00 en 17:30, dus niet"),
    ("pl-PL", "umów spotkanie z Alice Martin we wtorek po 18",
     "między 09:00 a 17:30, więc nie"),
    ("pt-PT", "marca uma reunião com a Alice Martin na terça depois das 18h",
     "entre as 09:00 e as 17:30, por isso não"),
    ("ja-JP", "火曜日の18時以降にAlice Martinとの会議を予約して",
     "会議は09:00から17:30の間に予約します"),
    ("zh-CN", "帮我和Alice Martin约个会议，周二晚上6点以后", "会议只能安排在09:00到17:30之间"),
])
async def test_a_time_outside_the_booking_hours_is_said_so_with_the_nearest_times(
    bot: BotHarness, locale: str, request_text: str, said: str
) -> None:
    """'after 6pm' said nothing was free between 18:00 and 22:00, which was never searched:
    meetings are booked between 09:00 and 17:30, and the times nearest to it are offered."""
    bot.as_person("maria").locale = locale
    offered = await bot.say(request_text)
    text = joined(offered)
    assert said in text, text
    assert [title for reply in offered for title, _ in reply.buttons if title[0].isdigit()], text


@pytest.mark.parametrize(("locale", "request_text", "no", "kept"), [
    ("en-US", "cancel my meeting with bob", "dont cancel 1", "The meeting stands."),
    ("en-US", "cancel my meeting with bob", "do not cancel it", "The meeting stands."),
])
async def test_a_no_with_the_request_in_it_keeps_the_meeting_and_says_nothing_more(
    meetings_bot: BotHarness, locale: str, request_text: str, no: str, kept: str
) -> None:
    """"dont cancel 1" at "Do you want to cancel it?" kept the meeting, then added "Cancelling
    a shift is done by the person who works it…", the rest of the words read as a request."""
    bot = meetings_bot.as_person("maria")
    bot.locale = locale
    await bot.say(request_text)
    said = joined(await bot.say(no))
    assert kept in said and "shift" not in said, said
    assert len(await _meetings(bot, BOB)) == 1


@pytest.mark.parametrize("request_text", [
    "cancel my meeting tomorow", "cancel my call wiht bob", "cancel the zoom call",
])
async def test_a_typo_or_a_word_of_how_next_to_meeting_is_no_title(
    meetings_bot: BotHarness, request_text: str
) -> None:
    """"cancel my meeting tomorow" ended with 'None of your upcoming meetings is called
    "meeting tomorow"', the request dropped; a known word mistyped, a short word after the
    noun, or a word of how it is held ("zoom") names no title: the meetings are looked up."""
    bot = meetings_bot.as_person("maria")
    said = joined(await bot.say(request_text))
    assert "is called" not in said and "meeting" in said, said
    await bot.say("no")
    assert len(await _meetings(bot, BOB)) == 1
