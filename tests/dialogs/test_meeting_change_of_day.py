"""A manager changes the day of a meeting being booked: the new day keeps the part of the day
and the length asked for before ("friday afternoon", then "actually thursday" is Thursday
afternoon), unless the new words name their own hours."""

from __future__ import annotations

import re

import pytest

from tests.bot_harness import BotHarness, shown

_SLOT_HOURS = re.compile(r"(\d\d):\d\d-\d\d:\d\d")


def _first_hours(offered: str) -> list[int]:
    return [int(hour) for hour in _SLOT_HOURS.findall(offered)]


@pytest.mark.parametrize(("locale", "request_text", "new_day"), [
    ("ja-JP", "アリスさんと金曜の午後にミーティング", "やっぱり木曜"),
    ("en-US", "book a meeting with alice friday afternoon", "actually thursday"),
    ("fr-FR", "réunion avec alice vendredi après-midi", "plutôt jeudi"),
    ("de-DE", "termin mit alice freitag nachmittag", "lieber Donnerstag"),
    ("es-ES", "reunión con alice el viernes por la tarde", "mejor el jueves"),
])
async def test_a_new_day_keeps_the_afternoon(
    bot: BotHarness, locale: str, request_text: str, new_day: str,
) -> None:
    bot.as_person("maria")
    bot.locale = locale
    first = shown(await bot.say(request_text))
    assert "27" in first and min(_first_hours(first)) >= 12, first
    offered = shown(await bot.say(new_day))
    hours = _first_hours(offered)
    assert "26" in offered and "27" not in offered, offered
    assert hours and min(hours) >= 12 and max(hours) < 17, offered


async def test_a_new_day_with_its_own_part_of_the_day_takes_it(bot: BotHarness) -> None:
    bot.as_person("maria")
    await bot.say("book a meeting with alice friday afternoon")
    offered = shown(await bot.say("actually thursday morning"))
    hours = _first_hours(offered)
    assert "26" in offered and hours and max(hours) < 12, offered


async def test_a_new_day_keeps_the_length(bot: BotHarness) -> None:
    bot.as_person("maria")
    await bot.say("book an hour-long meeting with alice friday afternoon")
    offered = shown(await bot.say("actually thursday"))
    assert re.search(r"12:00-13:00|13:00-14:00|14:00-15:00", offered), offered


@pytest.mark.parametrize(("locale", "request_text", "instead"), [
    ("en-US", "book a meeting with alice friday afternoon", "no, thursday instead"),
    ("en-US", "book a meeting with alice friday afternoon", "not friday, thursday"),
    ("fr-FR", "réunion avec alice vendredi après-midi", "non, plutôt jeudi"),
    ("de-DE", "termin mit alice freitag nachmittag", "nein, lieber Donnerstag"),
    ("zh-CN", "周五下午和Alice约个会", "不是周五，是周四"),
    ("ja-JP", "アリスさんと金曜の午後にミーティング", "金曜日ではなく木曜日で"),
])
async def test_another_day_with_a_no_at_the_booking_question_is_that_day(
    bot: BotHarness, locale: str, request_text: str, instead: str,
) -> None:
    """The finding: "no, thursday instead" at "Book a 30-minute meeting … on Fri 27 Nov?" got
    "OK, I haven't booked or changed anything" and the booking ended: the day asked for was
    dropped with it. "not friday, thursday" and "不是周五，是周四" were not understood."""
    bot.as_person("maria")
    bot.locale = locale
    first = shown(await bot.say(request_text))
    assert "27" in first, first
    await bot.say("1")
    offered = shown(await bot.say(instead))
    hours = _first_hours(offered)
    assert "26" in offered and "27" not in offered, offered
    assert hours and min(hours) >= 12, offered
