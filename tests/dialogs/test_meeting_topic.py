"""What a call or meeting is about, said in the request: the invitation says it, and a holiday
named as the topic ("about the christmas party") is not a second day to search."""

from __future__ import annotations

from datetime import timedelta

import pytest

from core.time_window import TimeWindow
from tests.bot_harness import BotHarness, joined
from tests.conftest import FIXED_NOW

MONTH = TimeWindow(FIXED_NOW, FIXED_NOW + timedelta(days=40))


async def _booked_with(bot: BotHarness, email: str) -> list:
    return await bot.components.services.calendar.find_events(attendee_email=email,
                                                              window=MONTH)


@pytest.mark.parametrize(("locale", "request_text", "day", "topic"), [
    ("en-US", "book a meeting with alice on tuesday at 2pm about the christmas party",
     "Tue 24 Nov", "the christmas party"),
    ("en-US", "book a meeting with alice on tuesday about the xmas rota", "Tue 24 Nov",
     "the xmas rota"),
    ("fr-FR", "réserve une réunion avec alice mardi à 14h au sujet de la fête de noël",
     "mar. 24 nov.", "la fête de noël"),
    ("es-ES", "reserva una reunión con alice el martes a las 14h sobre la cena de navidad",
     "24 nov.", "la cena de navidad"),
])
async def test_a_holiday_as_the_topic_is_no_day_and_the_invitation_says_the_topic(
    bot: BotHarness, locale: str, request_text: str, day: str, topic: str
) -> None:
    """'on tuesday at 2pm about the christmas party' offered only 25 December, and the
    invitation never said what the meeting was about."""
    bot.as_person("maria").locale = locale
    offered = joined(await bot.say(request_text))
    assert day in offered
    assert "25 " not in offered  # no Christmas Day
    await bot.say("1")
    assert await _booked_with(bot, "alice.martin@contoso.example") == []  # not before a yes
    await bot.say("yes" if locale == "en-US" else {"fr-FR": "oui", "es-ES": "sí"}[locale])
    (event,) = await _booked_with(bot, "alice.martin@contoso.example")
    assert event.starts_at.astimezone(FIXED_NOW.tzinfo).day == 24
    assert topic in event.body


async def test_a_call_request_says_its_topic_in_the_invitation(bot: BotHarness) -> None:
    bot.as_person("maria")
    await bot.say("book a call with bob smith tomorrow about his hours")
    await bot.say("1")
    await bot.say("yes")
    (event,) = await _booked_with(bot, "bob.smith@contoso.example")
    assert "To talk about: his hours" in event.body
    listed = joined(await bot.say("what meetings do i have this week"))
    # The call's subject names Bob already: no "… and Bob Smith with Bob Smith".
    assert "Call: Maria Lopez and Bob Smith\n" in listed + "\n"
    assert "Bob Smith with Bob Smith" not in listed


async def test_a_holiday_that_is_the_day_stays_the_day(bot: BotHarness) -> None:
    bot.as_person("maria")
    said = joined(await bot.say("who is working on christmas eve"))
    assert "24 Dec" in said


async def test_an_email_about_cancelling_a_shift_changes_no_shift(bot: BotHarness) -> None:
    """Maria's "send alice an email about cancelling her saturday shift" was read as taking
    Alice off Saturday; it is a draft to Alice, about that."""
    bot.as_person("maria")
    drafted = joined(await bot.say("send alice an email about cancelling her saturday shift"))
    assert "To: Alice Martin" in drafted
    assert "cancelling your Saturday shift" in drafted
    assert "Shall I send it?" in drafted
    assert "Saturday shift?" not in drafted  # no change of a shift previewed


@pytest.mark.parametrize(("locale", "request_text"), [
    ("en-US", "i want a meeting with my manager to talk about my shifts"),
    ("fr-FR", "je voudrais un rdv avec ma manager pour parler de mes horaires"),
    ("zh-CN", "我想和经理约个会谈谈我的排班"),
])
async def test_a_worker_asking_to_meet_about_their_shifts_books_with_the_manager(
    bot: BotHarness, locale: str, request_text: str
) -> None:
    """Chen's request listed his shifts; it books a meeting with Maria, his manager, whose
    invitation says what about."""
    bot.as_person("chen").locale = locale
    asked = joined(await bot.say(request_text))
    assert "09:00-15:00" not in asked  # not his list of shifts
    offered = joined(await bot.say({"en-US": "tomorrow afternoon", "fr-FR": "demain après-midi",
                                    "zh-CN": "明天下午"}[locale]))
    assert "Maria Lopez" in offered
    await bot.say("1")
    await bot.say({"en-US": "yes", "fr-FR": "oui", "zh-CN": "好的"}[locale])
    (event,) = await _booked_with(bot, "chen.wei@contoso.example")
    assert "maria.lopez@contoso.example" in (event.organizer_email, *event.attendee_emails)
    topic = {"en-US": "my shifts", "fr-FR": "mes horaires", "zh-CN": "我的排班"}[locale]
    assert topic in event.body


async def test_the_day_and_time_are_no_part_of_the_topic(bot: BotHarness) -> None:
    """Re-read finding: the invitation said "To talk about: the rota on friday at 2pm", though
    another time may be booked."""
    bot.as_person("maria")
    await bot.say("book a meeting with alice about the rota on friday at 2pm")
    await bot.say("1")
    await bot.say("yes")
    (event,) = await _booked_with(bot, "alice.martin@contoso.example")
    assert event.body.endswith("To talk about: the rota")
