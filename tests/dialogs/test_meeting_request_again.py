"""A manager makes the booking request again while ERA asks when to meet: the new request is
what they want now. Its time is the answer ("book a meeting on friday afternoon" at "Do you
have a preferred time?"), and a person it names is invited ("set up a meeting with alice on
thursday" while the times of a meeting with HR are listed): neither is "I couldn't tell which
time you meant", and nobody named is dropped. A request of another kind with its own person
("book a call with chen tomorrow") is that request, never a time for the meeting in hand."""

from __future__ import annotations

import re

import pytest

from tests.bot_harness import BotHarness, shown

_SLOT_HOURS = re.compile(r"(\d\d):\d\d-\d\d:\d\d")


@pytest.mark.parametrize(("locale", "first", "again"), [
    ("en-US", "book a meeting on tuesday morning", "set up a meeting with alice on thursday"),
    ("es-ES", "reserva una reunión el martes por la mañana",
     "organiza una reunión con alice el jueves"),
    ("de-DE", "plane ein meeting am dienstag vormittag",
     "plane ein meeting mit alice am donnerstag"),
    ("fr-FR", "organise une réunion mardi matin", "organise une réunion avec alice jeudi"),
])
async def test_the_request_made_again_with_a_person_invites_them(
    bot: BotHarness, locale: str, first: str, again: str,
) -> None:
    bot.as_person("maria")
    bot.locale = locale
    listed = shown(await bot.say(first))
    assert "24" in listed and "Alice" not in listed, listed
    offered = shown(await bot.say(again))
    assert "Alice Martin" in offered, offered
    assert "26" in offered and "24" not in offered, offered


@pytest.mark.parametrize(("locale", "first", "another", "again"), [
    ("en-US", "book a meeting with alice on tuesday morning", "another time",
     "book a meeting on friday afternoon"),
    ("es-ES", "reserva una reunión con alice el martes por la mañana", "otro momento",
     "reserva una reunión el viernes por la tarde"),
    ("de-DE", "plane ein meeting mit alice am dienstag vormittag", "andere Zeit",
     "plane ein meeting am freitag nachmittag"),
])
async def test_the_request_made_again_at_the_time_question_gives_the_time(
    bot: BotHarness, locale: str, first: str, another: str, again: str,
) -> None:
    bot.as_person("maria")
    bot.locale = locale
    await bot.say(first)
    await bot.say(another)
    offered = shown(await bot.say(again))
    hours = [int(hour) for hour in _SLOT_HOURS.findall(offered)]
    assert "27" in offered and hours and min(hours) >= 12, offered
    assert "Alice Martin" in offered, offered  # the people asked for before stay invited


async def test_a_call_with_someone_else_is_no_time_for_the_meeting(bot: BotHarness) -> None:
    bot.as_person("maria")
    await bot.say("book a meeting with alice on tuesday morning")
    offered = shown(await bot.say("book a call with chen tomorrow"))
    assert "Chen Wei" in offered and "Alice" not in offered, offered
