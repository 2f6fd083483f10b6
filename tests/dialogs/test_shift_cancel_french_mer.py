"""French "mer" is the sea as well as Wednesday: "j'ai mangé des fruits de mer" at the end of a
cancellation put Wednesday's shift to the worker with the seafood as its reason; only "mer"
where a day stands ("je peux pas venir mer", "demain ni mer") is Wednesday."""

from __future__ import annotations

from datetime import date
from zoneinfo import ZoneInfo

import pytest

from services.demo_organisation import RIVERSIDE
from tests.bot_harness import BotHarness, joined

LONDON = ZoneInfo("Europe/London")


@pytest.mark.parametrize("text", [
    "je peux pas venir, j ai mangé des fruits de mer",
    "annule mon poste, j ai le mal de mer",
])
async def test_the_sea_names_no_day(bot: BotHarness, text: str) -> None:
    bot.as_person("bob-smith").locale = "fr-FR"
    said = joined(await bot.say(text))
    assert "Lequel souhaitez-vous annuler ?" in said, said
    assert "Annuler mer." not in said, said


async def test_mer_where_a_day_stands_is_wednesday(bot: BotHarness) -> None:
    bot.as_person("bob-smith").locale = "fr-FR"
    said = joined(await bot.say("je peux pas venir mer"))
    assert "Annuler mer. 25 nov., Matin 09:00-15:00 (vente) ?" in said, said
    assert [s for s in await bot.shifts.shifts_on(RIVERSIDE, date(2026, 11, 25), LONDON)
            if s.person_id == "bob-smith"]  # nothing cancelled before the yes
