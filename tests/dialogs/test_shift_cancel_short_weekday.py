"""A worker names the day of the shift to cancel by its short form after the word that says a
day follows ("annulla il mio turno di gio", "sag meine Schicht am Do ab"): that day's shift is
found and put to the worker for the reason and yes (every coming shift was listed to pick
from); nothing is cancelled before it."""

from __future__ import annotations

from datetime import date
from zoneinfo import ZoneInfo

import pytest

from services.demo_organisation import RIVERSIDE
from tests.bot_harness import BotHarness, joined

LONDON = ZoneInfo("Europe/London")
THURSDAY = date(2026, 11, 26)


@pytest.mark.parametrize(("locale", "text", "found"), [
    ("it-IT", "annulla il mio turno di gio", "Ho trovato il Suo turno: gio 26 nov"),
    ("de-DE", "sag meine Schicht am Do ab", "Do., 26. Nov."),
    ("nl-NL", "annuleer mijn dienst van do", "do 26 nov."),
    ("pt-PT", "cancela o meu turno de qui", "qui., 26 de nov."),
    ("fr-FR", "annule mon poste de jeu.", "jeu. 26 nov."),
])
async def test_the_shift_on_the_short_weekday_is_the_one_asked_about(
    bot: BotHarness, locale: str, text: str, found: str
) -> None:
    bot.as_person("chen").locale = locale
    replies = await bot.say(text)
    said = joined(replies)
    assert found in said, said
    assert len(replies[-1].buttons) < 3, said  # not every coming shift to pick from
    assert [s.person_id for s in await bot.shifts.shifts_on(RIVERSIDE, THURSDAY, LONDON)
            if s.person_id == "chen"] == ["chen"]
