"""A worker new to ERA opens with "I need help with my shift" ("ich brauche Hilfe mit meiner
Schicht", "necesito ayuda con mi turno"): ERA said it was not sure what they wanted ("Sorry,
I'm not sure what you'd like me to do"). It is a request for help: what ERA can do for them,
in their language, with no apology."""

from __future__ import annotations

import pytest

from language.catalogue import say
from tests.bot_harness import BotHarness, joined


@pytest.mark.parametrize(("locale", "text"), [
    ("en-US", "hi, I need help with my shift"),
    ("fr-FR", "bonjour, j'ai besoin d'aide avec mon service"),
    ("de-DE", "Hallo, ich brauche Hilfe mit meiner Schicht"),
    ("es-ES", "hola necesito ayuda con mi turno"),
    ("it-IT", "ciao, ho bisogno di aiuto con il mio turno"),
    ("nl-NL", "hoi, ik heb hulp nodig met mijn dienst"),
    ("pl-PL", "cześć, potrzebuję pomocy ze zmianą"),
    ("pt-BR", "oi, preciso de ajuda com meu turno"),
    ("ja-JP", "シフトのことで助けてほしい"),
    ("zh-CN", "我的班次需要帮助"),
])
async def test_help_with_ones_shift_lists_what_era_can_do_without_an_apology(
    bot: BotHarness, locale: str, text: str
) -> None:
    bot.as_person("alice")
    bot.locale = locale
    language = {"zh": "zh-Hans", "pt": "pt-BR"}.get(locale.split("-")[0], locale.split("-")[0])
    answered = joined(await bot.say(text))
    assert say("main.capability.shift_cancel", language) in answered
    assert not answered.startswith(say("main.not_understood", language, capabilities="").strip())


async def test_help_with_an_employee_still_goes_to_the_advisor(bot: BotHarness) -> None:
    bot.as_person("maria")
    answered = joined(await bot.say("I need help with an employee"))
    assert say("main.capability.shift_cancel", "en") not in answered


@pytest.mark.parametrize("locale", ["en-US", "fr-FR", "de-DE", "ja-JP", "zh-CN"])
async def test_a_wave_alone_is_greeted_in_the_persons_language(
    bot: BotHarness, locale: str
) -> None:
    """A first-time user's "👋" got "Sorry, I'm not sure what you'd like me to do"; it is a
    greeting, answered with what ERA can do, in the client's language."""
    bot.as_person("chen")
    bot.locale = locale
    language = "zh-Hans" if locale.startswith("zh") else locale.split("-")[0]
    answered = joined(await bot.say("👋"))
    assert say("main.capability.shift_cancel", language) in answered
    assert not answered.startswith(say("main.not_understood", language, capabilities="").strip())
