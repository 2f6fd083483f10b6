"""Times said with a word left out: "tomorrow and the day after", "this week and next" ("diese
und nächste Woche", "cette semaine et la prochaine", "esta semana y la próxima"). Only the
day or week said in full was taken: next week's shifts were never listed, and the day after
tomorrow was never offered for cancelling."""

from __future__ import annotations

import pytest

from tests.bot_harness import BotHarness, joined


async def test_tomorrow_and_the_day_after_are_both_offered(bot: BotHarness) -> None:
    bot.as_person("bob-smith")  # Sunday 22 November
    asked = joined(await bot.say("cancel my shifts tomorrow and the day after"))
    assert "Mon 23 Nov" in asked and "Tue 24 Nov" in asked


@pytest.mark.parametrize(("locale", "asked", "this_saturday", "next_saturday"), [
    ("en-GB", "what are my shifts this week and next", "Sat 28 Nov", "Sat 5 Dec"),
    ("de-DE", "meine Schichten diese und nächste Woche?", "Sa., 28. Nov.", "Sa., 5. Dez."),
    ("fr-FR", "mes postes cette semaine et la prochaine ?", "sam. 28 nov.", "sam. 5 déc."),
    ("es-ES", "¿mis turnos esta semana y la próxima?", "sáb., 28 nov.", "sáb., 5 dic."),
    ("it-IT", "i miei turni questa settimana e la prossima?", "sab 28 nov", "sab 5 dic"),
    ("pt-BR", "meus turnos esta semana e a próxima?", "sáb., 28 de nov.", "sáb., 5 de dez."),
    ("nl-NL", "mijn diensten deze en volgende week?", "za 28 nov.", "za 5 dec."),
    ("pl-PL", "moje zmiany w tym i przyszłym tygodniu?", "sob., 28 lis", "sob., 5 gru"),
])
async def test_this_week_and_next_lists_both_weeks(
    bot: BotHarness, locale: str, asked: str, this_saturday: str, next_saturday: str
) -> None:
    bot.as_person("bob-smith")
    bot.clock.advance(days=1)  # Monday 23 November
    listed = joined(await bot.say(asked, locale=locale))
    assert this_saturday in listed and next_saturday in listed, listed
