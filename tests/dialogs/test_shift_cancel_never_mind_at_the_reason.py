"""At "What's the reason for cancelling?", a "never mind" after a word or two ("ach egal, vergiss
es", "bon, laisse tomber", "vabbè, lascia perdere") keeps the shift: "ach egal, vergiss es" was
taken for the reason, the shift cancelled and the manager told. With a reason before it ("my
kid is sick, never mind") nothing is cancelled without a plain yes."""

from __future__ import annotations

from datetime import date, timedelta
from zoneinfo import ZoneInfo

import pytest

from services.demo_organisation import RIVERSIDE
from tests.bot_harness import BotHarness, joined

LONDON = ZoneInfo("Europe/London")
MONDAY = date(2026, 11, 23)
WEEK = [MONDAY + timedelta(days=n) for n in range(6)]  # Bob Smith works each day, Mon to Sat


async def _bobs_days(bot: BotHarness) -> list[date]:
    return [day for day in WEEK
            if any(s.person_id == "bob-smith"
                   for s in await bot.shifts.shifts_on(RIVERSIDE, day, LONDON))]


@pytest.mark.parametrize(("locale", "request_text", "never_mind"), [
    ("de-DE", "ich kann am dienstag nicht", "ach egal, vergiss es"),
    ("en-GB", "i cant make tuesday", "oh well, never mind"),
    ("fr-FR", "je peux pas venir mardi", "bon, laisse tomber"),
    ("es-ES", "no puedo ir el martes", "bueno, olvídalo"),
    ("it-IT", "non posso venire martedì", "vabbè, lascia perdere"),
    ("zh-CN", "我周二去不了", "哎，算了"),
])
async def test_a_never_mind_at_the_reason_question_keeps_the_shift(
    bot: BotHarness, chats: list[tuple[str, str]], locale: str, request_text: str,
    never_mind: str,
) -> None:
    bot.as_person("bob-smith").locale = locale
    asked = joined(await bot.say(request_text))
    assert "24" in asked, asked
    await bot.say(never_mind)
    assert await _bobs_days(bot) == WEEK
    assert chats == []


async def test_a_reason_then_never_mind_cancels_nothing_without_a_yes(
    bot: BotHarness, chats: list[tuple[str, str]]
) -> None:
    bot.as_person("bob-smith").locale = "en-GB"
    await bot.say("i cant make tuesday")
    await bot.say("my kid is sick, never mind")
    assert await _bobs_days(bot) == WEEK
    assert chats == []


async def test_a_reason_alone_still_cancels(
    bot: BotHarness, chats: list[tuple[str, str]]
) -> None:
    bot.as_person("bob-smith").locale = "de-DE"
    await bot.say("ich kann am dienstag nicht")
    await bot.say("ich habe einen Arzttermin")
    assert await _bobs_days(bot) == [day for day in WEEK if day != WEEK[1]]
