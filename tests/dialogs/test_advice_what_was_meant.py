"""Situations said in words that mean something else elsewhere, over the bot: a manager whose
employee leaves early is asked about leaving early, not only "how late"; "we have to dismiss
Bob" is asked what happened (not advised on Bob resigning, nor shown the help); "lost his
phone" is no death in the family; "book a call with Bob" books a call."""

from __future__ import annotations

import pytest

from language.catalogue import say
from tests.bot_harness import BotHarness, joined

# How the lateness questions say "before the end of the shift" in each language.
EARLY = {
    "en-US": "left before the end of the shift",
    "de-DE": "vor Schichtende gegangen",
    "fr-FR": "départs avant la fin du service",
    "es-ES": "antes de que termine su turno",
    "it-IT": "ha lasciato il turno prima della fine",
    "nl-NL": "voor het einde van de dienst weggegaan",
    "pl-PL": "wychodzi przed końcem zmiany",
    "pt-BR": "saído antes do fim do turno",
    "ja-JP": "早退はおおよそ何回",
    "zh-CN": "早退过几次",
}


@pytest.mark.parametrize(("locale", "message"), [
    ("en-US", "Bob keeps leaving early"),
    ("de-DE", "Bob geht ständig früher"),
    ("fr-FR", "Bob part toujours en avance"),
    ("es-ES", "Bob se va antes de tiempo siempre"),
    ("it-IT", "Bob esce sempre prima della fine del turno"),
    ("nl-NL", "Bob gaat steeds eerder weg"),
    ("pl-PL", "Bob ciągle wychodzi wcześniej"),
    ("pt-BR", "o Bob sempre sai mais cedo"),
    ("ja-JP", "ボブがいつも早退します"),
    ("zh-CN", "Bob 经常早退"),
])
async def test_leaving_early_is_asked_about_as_leaving_early(
    bot: BotHarness, locale: str, message: str
) -> None:
    """The finding: "Bob keeps leaving early" was asked "how often has Bob been late, and by
    how much?" and told that repeated lateness is worth addressing."""
    bot.as_person("maria").locale = locale
    asked = joined(await bot.say(message))
    assert EARLY[locale] in asked, asked


@pytest.mark.parametrize(("locale", "message"), [
    ("de-DE", "wir müssen Bob kündigen"),
    ("fr-FR", "on doit licencier Bob"),
    ("es-ES", "tenemos que despedir a Bob"),
    ("it-IT", "dobbiamo licenziare Bob"),
    ("en-US", "we need to let Bob go"),
    ("pl-PL", "musimy Bob zwolnić"),
])
async def test_a_dismissal_is_asked_what_happened(
    bot: BotHarness, locale: str, message: str
) -> None:
    """The finding: "wir müssen Bob kündigen" and "dobbiamo licenziare Bob" were advised on as
    Bob resigning, "on doit licencier Bob" as a leave request, "we need to let Bob go" as a
    no-show. No playbook covers a dismissal: ERA asks what happened before anything else."""
    bot.as_person("maria").locale = locale
    language = locale.split("-")[0]
    answer = joined(await bot.say(message))
    assert answer in (say("advice.gap_question", language),
                      say("advice.opening_question", language)), answer
