"""A manager says "put me down for fri morning" (herself), or "put bob down for fri", "pencil
chen in for saturday": the first is answered for what it is (she is not on her store's
schedule, so nothing can be assigned and nothing changes), not as a search for a person called
"Me down"; the others are assignments of that person on that day."""

from __future__ import annotations

from datetime import date
from zoneinfo import ZoneInfo

import pytest

from services.demo_organisation import RIVERSIDE
from tests.bot_harness import BotHarness, joined

FRIDAY = date(2026, 11, 27)
SATURDAY = date(2026, 11, 28)


async def _schedule(bot: BotHarness) -> list[tuple[str | None, str]]:
    found = []
    for day in (FRIDAY, SATURDAY):
        found += [(s.person_id, s.id)
                  for s in await bot.shifts.shifts_on(RIVERSIDE, day, ZoneInfo("Europe/London"))]
    return sorted(found, key=str)


@pytest.mark.parametrize(("locale", "request_text", "told"), [
    ("en-US", "put me down for fri morning", "You're not on your store's schedule yourself"),
    ("en-US", "assign myself on saturday", "You're not on your store's schedule yourself"),
    ("en-US", "can you pencil me in for sat evening", "You're not on your store's schedule"),
    ("fr-FR", "mets-moi vendredi matin", "Vous ne figurez pas vous-même au planning"),
    ("de-DE", "trag mich am freitag früh ein", "Sie stehen selbst nicht im Schichtplan"),
    ("es-ES", "ponme el viernes por la mañana", "Usted no figura en el cuadrante"),
    ("it-IT", "mettimi venerdì mattina", "Lei non è nella pianificazione"),
    ("nl-NL", "zet mij vrijdagochtend in", "U staat zelf niet op het rooster"),
    ("pl-PL", "wpisz mnie na piątek rano", "Nie ma Cię w grafiku"),
    ("pt-PT", "põe-me na sexta de manhã", "Não consta da escala da sua loja"),
    ("ja-JP", "金曜の朝に私を入れて", "ご自身は店舗のシフト表に載っていない"),
    ("zh-CN", "周五早上给我排班", "您本人不在门店的排班表中"),
])
async def test_a_manager_putting_herself_on_a_shift_is_told_she_is_not_on_the_schedule(
    bot: BotHarness, locale: str, request_text: str, told: str
) -> None:
    bot.as_person("maria")
    before = await _schedule(bot)
    shown = joined(await bot.say(request_text, locale=locale))
    assert told in shown, shown
    assert "Me down" not in shown and "Myself" not in shown, shown
    assert await _schedule(bot) == before
    # Nothing waits for an answer: a "yes" next assigns nobody.
    await bot.say({"fr-FR": "oui", "de-DE": "ja", "es-ES": "sí", "it-IT": "sì", "nl-NL": "ja",
                   "pl-PL": "tak", "pt-PT": "sim", "ja-JP": "はい",
                   "zh-CN": "是"}.get(locale, "yes"), locale=locale)
    assert await _schedule(bot) == before


@pytest.mark.parametrize(("request_text", "asked"), [
    ("put bob down for fri morning", 'There are 2 people called "Bob"'),
    ("pencil chen in for saturday", "Chen Wei on Sat 28 Nov"),
    ("stick alice down for saturday", "Alice"),
])
async def test_down_for_and_in_for_a_day_assign_that_person(
    bot: BotHarness, request_text: str, asked: str
) -> None:
    bot.as_person("maria")
    before = await _schedule(bot)
    shown = joined(await bot.say(request_text))
    assert asked in shown, shown
    assert "couldn't find" not in shown and "no upcoming shift" not in shown, shown
    assert await _schedule(bot) == before
