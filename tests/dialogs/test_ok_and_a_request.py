"""An acknowledgement joined to a request ("ok and send an email to alice", "d'accord et
envoie un mail à alice", "vale y manda un correo a alice") is that request, as after "ok"
alone. At the advisor's question it was read as the answer, and the advice went on about
Alice ("Have you already spoken to Alice about it?"); at the call times the advice offered,
it booked nothing and offered times for a call with Alice: the email asked for was lost."""

from __future__ import annotations

import pytest

from language.catalogue import say
from tests.bot_harness import BotHarness, shown

SITUATIONS = {
    "en": "my employee bob smith has been late three times this week",
    "fr": "mon employé bob smith est arrivé en retard trois fois cette semaine",
    "es": "mi empleado bob smith ha llegado tarde tres veces esta semana",
    "de": "mein mitarbeiter bob smith ist diese woche dreimal zu spät gekommen",
}
REQUESTS = [
    ("en-US", "en", "ok and send an email to alice"),
    ("en-US", "en", "okay, and then email alice"),
    ("fr-FR", "fr", "d accord et envoie un mail à alice"),
    ("fr-FR", "fr", "d'accord, et puis envoie un mail à alice"),
    ("es-ES", "es", "vale y manda un correo a alice"),
    ("de-DE", "de", "ok und schreib alice eine mail"),
]


@pytest.mark.parametrize(("locale", "language", "asked_for"), REQUESTS)
async def test_at_the_advisors_question_the_request_is_served(
    bot: BotHarness, locale: str, language: str, asked_for: str,
) -> None:
    bot.as_person("maria")
    bot.locale = locale
    await bot.say(SITUATIONS[language])
    asked = shown(await bot.say(asked_for))
    assert say("email.ask_topic", language, name="Alice") in asked, asked


@pytest.mark.parametrize(("locale", "language", "asked_for"), REQUESTS[2:4])
async def test_at_the_offered_call_times_the_request_is_served(
    bot: BotHarness, locale: str, language: str, asked_for: str,
) -> None:
    bot.as_person("maria")
    bot.locale = locale
    await bot.say(SITUATIONS[language])
    await bot.say("non je ne lui ai pas parlé, je ne sais pas pourquoi")
    offered = shown(await bot.say("oui"))  # the call ERA offered, taken up
    assert "Bob Smith" in offered and "09:" in offered, offered
    asked = shown(await bot.say(asked_for))
    assert say("email.ask_topic", language, name="Alice") in asked, asked
    assert "Alice Martin" not in asked, asked  # no call with Alice offered
