"""A call or meeting ERA booked is named in the language of the person reading ERA's reply:
Maria, writing French, books a call with Bob (whose invitation is in English, so its title is
"Call: Maria Lopez and Bob Smith"); her list of meetings says "Appel : Maria Lopez et Bob Smith".
Before, the title stayed English in French and German replies. A title someone else wrote
("Rota review") stays as written."""

from __future__ import annotations

import pytest

from tests.bot_harness import BotHarness, shown

_CASES = {
    "fr-FR": ("appel avec bob smith mardi à 10h", "oui",
              "quelles sont mes réunions cette semaine ?", "Appel : Maria Lopez et Bob Smith"),
    "de-DE": ("telefonat mit bob smith am dienstag um 10", "ja",
              "welche termine habe ich diese woche?", "Gespräch: Maria Lopez und Bob Smith"),
    "es-ES": ("llamada con bob smith el martes a las 10", "sí",
              "qué reuniones tengo esta semana?", "Llamada: Maria Lopez y Bob Smith"),
}


@pytest.mark.parametrize("locale", list(_CASES))
async def test_a_call_booked_is_listed_with_its_title_in_the_readers_language(
    meetings_bot: BotHarness, locale: str,
) -> None:
    bot = meetings_bot
    bot.locale = locale
    request, yes, listing, title = _CASES[locale]
    await bot.say(request)
    await bot.say("1")
    await bot.say(yes)
    listed = shown(await bot.say(listing))
    assert title in listed, listed
    assert "Call:" not in listed, listed
    assert "Rota review" in listed, listed
