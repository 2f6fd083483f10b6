"""At "Cancel Tue 24 Nov …? What's the reason for cancelling?", a worker asking ERA to do
something else with the shift ("can you move it instead", "tu peux le déplacer plutôt",
"kannst du sie stattdessen verschieben") keeps it: "can you move it instead" was taken for the
reason, the shift cancelled and the manager told. A reason alone still cancels."""

from __future__ import annotations

from datetime import date, timedelta
from zoneinfo import ZoneInfo

import pytest

from language.catalogue import say
from services.demo_organisation import RIVERSIDE
from tests.bot_harness import BotHarness, joined

LONDON = ZoneInfo("Europe/London")
MONDAY = date(2026, 11, 23)
WEEK = [MONDAY + timedelta(days=n) for n in range(6)]  # Bob Smith works each day, Mon to Sat


async def _bobs_days(bot: BotHarness) -> list[date]:
    return [day for day in WEEK
            if any(s.person_id == "bob-smith"
                   for s in await bot.shifts.shifts_on(RIVERSIDE, day, LONDON))]


@pytest.mark.parametrize(("locale", "request_text", "asked"), [
    ("en-GB", "i cant make tuesday", "can you move it instead"),
    ("en-GB", "i cant make tuesday", "could u change it first"),
    ("fr-FR", "je peux pas venir mardi", "tu peux le déplacer plutôt"),
    ("de-DE", "ich kann am dienstag nicht", "kannst du sie stattdessen verschieben"),
    ("es-ES", "no puedo ir el martes", "puedes cambiarlo a otro día"),
])
async def test_asking_for_something_else_at_the_reason_keeps_the_shift(
    bot: BotHarness, chats: list[tuple[str, str]], locale: str, request_text: str, asked: str
) -> None:
    bot.as_person("bob-smith").locale = locale
    await bot.say(request_text)
    kept = joined(await bot.say(asked))
    assert say("shift_cancel.finish_first", locale[:2]) in kept, kept
    assert await _bobs_days(bot) == WEEK
    assert chats == []


@pytest.mark.parametrize(("locale", "request_text", "reason"), [
    ("en-GB", "i cant make tuesday", "my kid is sick"),
    ("es-ES", "no puedo ir el martes", "puede que tenga fiebre, estoy fatal"),
])
async def test_a_reason_still_cancels(
    bot: BotHarness, locale: str, request_text: str, reason: str
) -> None:
    bot.as_person("bob-smith").locale = locale
    await bot.say(request_text)
    await bot.say(reason)
    assert await _bobs_days(bot) == [day for day in WEEK if day != WEEK[1]]
