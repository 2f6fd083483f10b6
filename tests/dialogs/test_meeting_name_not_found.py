"""A name listed with the people a meeting or call request found that is nobody ("a meeting
with Alice and Chne") is said back, with the close spelling offered for a yes or the store's
people to choose from: ERA never books without a person the manager named. The finding: Chne
was dropped without a word and the times offered, then booked, were Alice's alone."""

from __future__ import annotations

from datetime import timedelta

import pytest

from core.calendar_event import CalendarEvent
from core.time_window import TimeWindow
from language.catalogue import say
from tests.bot_harness import BotHarness, joined
from tests.conftest import FIXED_NOW

ALICE = "alice.martin@contoso.example"
CHEN = "chen.wei@contoso.example"
_WEEKS = TimeWindow(FIXED_NOW, FIXED_NOW + timedelta(days=14))


async def _meetings_of(bot: BotHarness, email: str) -> list[CalendarEvent]:
    return await bot.components.services.calendar.find_events(attendee_email=email,
                                                              window=_WEEKS)


@pytest.mark.parametrize(("locale", "language", "request_text", "yes", "written"), [
    ("en-US", "en", "book a meeting with Alice and Chne on thursday", "yes", "Chne"),
    ("fr-FR", "fr", "organise une réunion avec Alice et Chne jeudi", "oui", "Chne"),
    ("de-DE", "de", "Besprechung mit Alice und Chne am Donnerstag buchen", "ja", "Chne"),
    ("es-ES", "es", "reserva una reunión con Alice y Chne el jueves", "sí", "Chne"),
    ("it-IT", "it", "prenota una riunione con Alice e Chne giovedì", "sì", "Chne"),
    ("nl-NL", "nl", "plan een vergadering met Alice en Chne op donderdag", "ja", "Chne"),
    ("pt-PT", "pt", "marca uma reunião com a Alice e o Chne na quinta", "sim", "Chne"),
    ("ja-JP", "ja", "木曜日にAliceとChneとのミーティングを予約して", "はい", "Chne"),
    ("zh-CN", "zh-Hans", "周四和Alice和Chne开个会", "是的", "Chne"),
    ("en-US", "en", "book a meeting with Alice, Chenn on thursday", "yes", "Chenn"),
])
async def test_a_misspelt_second_name_is_offered_and_booked_only_after_yes(
    bot: BotHarness, locale: str, language: str, request_text: str, yes: str, written: str,
) -> None:
    bot.as_person("maria").locale = locale
    asked = joined(await bot.say(request_text))
    assert say("meeting.name_close", language, answer=written, names="Chen Wei") in asked, asked
    assert await _meetings_of(bot, ALICE) == []
    listed = joined(await bot.say(yes))
    assert "Alice Martin" in listed and "Chen Wei" in listed, listed
    await bot.say("1")
    await bot.say(yes)
    [meeting] = await _meetings_of(bot, CHEN)
    assert set(meeting.attendee_emails) == {ALICE, CHEN}


async def test_no_to_the_close_spelling_books_nothing(bot: BotHarness) -> None:
    bot.as_person("maria")
    await bot.say("book a meeting with Alice and Chne on thursday")
    said = joined(await bot.say("no"))
    assert say("meeting.nothing_booked", "en") in said, said
    assert await _meetings_of(bot, ALICE) == []


async def test_a_name_that_is_nobody_asks_who_was_meant(bot: BotHarness) -> None:
    """"Tom" is spelled like no one: ERA says so and lists the store's people (not Alice, who
    is in already); the one picked is invited with Alice."""
    bot.as_person("maria")
    asked = joined(await bot.say("book a meeting with Alice and Tom on thursday"))
    assert say("meeting.name_unknown", "en", answer="Tom") in asked, asked
    assert "Chen Wei" in asked and "1. Alice Martin" not in asked, asked
    listed = joined(await bot.say("Chen"))
    assert "for you, Alice Martin and Chen Wei" in listed, listed


async def test_a_call_with_a_misspelt_second_name_asks_too(bot: BotHarness) -> None:
    bot.as_person("maria")
    asked = joined(await bot.say("book a call with Alice and Chne"))
    assert say("meeting.name_close", "en", answer="Chne", names="Chen Wei") in asked, asked
    listed = joined(await bot.say("yes"))
    assert "Alice Martin" in listed and "Chen Wei" in listed, listed


async def test_adding_a_misspelt_name_at_the_list_asks_who(bot: BotHarness) -> None:
    bot.as_person("maria")
    await bot.say("book a meeting with Bob Jones on thursday")
    asked = joined(await bot.say("add Alice and Chne"))
    assert say("meeting.name_close", "en", answer="Chne", names="Chen Wei") in asked, asked
    listed = joined(await bot.say("yes"))
    assert "Alice Martin" in listed and "Chen Wei" in listed, listed


@pytest.mark.parametrize(("locale", "language", "request_text"), [
    ("en-US", "en", "book a meeting with Alcie and Chen on friday"),
    ("fr-FR", "fr", "réunion avec Alcie et Chen vendredi"),
])
async def test_a_misspelt_first_name_is_not_dropped_either(
    bot: BotHarness, locale: str, language: str, request_text: str,
) -> None:
    """The finding of the held-out round: "Alcie and Chen" offered Chen's times alone."""
    bot.as_person("maria").locale = locale
    asked = joined(await bot.say(request_text))
    assert say("meeting.name_close", language, answer="Alcie", names="Alice Martin") in asked, asked
