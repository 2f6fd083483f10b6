"""A worker says which shift by its hours at the list of their shifts ("the 3pm one", "celle de
15h", "quello delle 15", "ta o 15", "下午三点那个"): that shift goes on to the reason question,
and nothing is cancelled before it. An hour no listed shift has picks none. The finding:
"quello delle 15" was taken for the reason ("Annotato, riferirò il motivo: «quello delle
15»") and the list asked again, "ta o 15" and "o das 15" were not understood, and "a das 3"
(the one at 3) picked the third shift on the list."""

from __future__ import annotations

from datetime import date
from zoneinfo import ZoneInfo

import pytest

from services.demo_organisation import RIVERSIDE
from tests.bot_harness import BotHarness, joined

LONDON = ZoneInfo("Europe/London")
FRIDAY = date(2026, 11, 27)  # Bob Smith's one afternoon shift of the week, 15:00-20:00


async def _bob_works_friday(bot: BotHarness) -> bool:
    return any(s.person_id == "bob-smith"
               for s in await bot.shifts.shifts_on(RIVERSIDE, FRIDAY, LONDON))


@pytest.mark.parametrize(("locale", "which"), [
    ("en-GB", "the 3pm one"), ("fr-FR", "celle de 15h"), ("de-DE", "die um 15 Uhr"),
    ("es-ES", "la de las 15:00"), ("it-IT", "quello delle 15"), ("it-IT", "il turno delle 15"),
    ("nl-NL", "die van 15 uur"), ("pl-PL", "ta o 15"), ("pl-PL", "zmiana o 15"),
    ("pt-PT", "o das 15"), ("pt-PT", "a das 3"), ("ja-JP", "15時のシフト"),
    ("zh-CN", "下午三点那个"),
])
async def test_the_shift_said_by_its_hours_is_the_one_picked(
    bot: BotHarness, locale: str, which: str
) -> None:
    bot.as_person("bob-smith")
    bot.locale = locale
    await bot.say("I want to cancel one of my shifts")
    picked = joined(await bot.say(which))
    assert "27" in picked and "15:00-20:00" in picked, picked
    assert "09:00-15:00" not in picked and "20:00-23:00" not in picked
    assert await _bob_works_friday(bot)


@pytest.mark.parametrize(("locale", "which"), [
    ("en-GB", "the 2pm one"), ("fr-FR", "celle de 14h"), ("de-DE", "die um 14 Uhr"),
    ("es-ES", "la de las 14:00"), ("ja-JP", "14時のシフト"), ("zh-CN", "下午两点那个"),
    ("it-IT", "quello delle 14"), ("pl-PL", "ta o 14"),
])
async def test_an_hour_no_listed_shift_has_picks_none(
    bot: BotHarness, locale: str, which: str
) -> None:
    bot.as_person("bob-smith")
    bot.locale = locale
    await bot.say("I want to cancel one of my shifts")
    asked = await bot.say(which)
    assert len([title for reply in asked for title, _ in reply.buttons]) >= 6  # asked again
    assert await _bob_works_friday(bot)
