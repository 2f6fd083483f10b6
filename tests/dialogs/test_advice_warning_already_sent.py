"""A manager telling of a warning already sent ("I had to send him a written warning last
month") tells a situation: ERA advises on it. It was read as a request to send an email and
asked what the email should be about."""

from __future__ import annotations

import pytest

from language.catalogue import say
from services.playbook_library import PlaybookLibrary
from tests.bot_harness import BotHarness, joined

LIBRARY = PlaybookLibrary.load()


def _lateness_opening(language: str) -> str:
    playbook = LIBRARY.get("lateness")
    assert playbook is not None
    return (LIBRARY.in_language(playbook, language) or playbook).acknowledgement.split(".")[0]


@pytest.mark.parametrize(("locale", "language", "message"), [
    ("en-US", "en", "bob smith is late all the time, I had to send him a written warning last "
                    "month"),
    ("en-US", "en", "I sent bob smith a written warning last month and he is still late"),
    ("fr-FR", "fr", "bob smith est toujours en retard, je lui ai envoyé un avertissement écrit le "
                    "mois dernier"),
    ("es-ES", "es", "bob smith llega tarde siempre, le mandé una advertencia por escrito el mes "
                    "pasado"),
    ("pt-BR", "pt-BR", "o bob smith chega sempre atrasado, mandei uma advertência por escrito no "
                       "mês passado"),
])
async def test_a_warning_already_sent_is_advised_on_not_drafted(
    bot: BotHarness, locale: str, language: str, message: str
) -> None:
    bot.as_person("maria").locale = locale
    said = joined(await bot.say(message))
    assert say("email.ask_topic", language, name="\x00").split("\x00")[0] not in said, said
    assert _lateness_opening(language) in said, said


@pytest.mark.parametrize(("locale", "message"), [
    ("en-US", "send bob smith a written warning"),
    ("en-US", "can you send bob smith a warning letter, he was late yesterday"),
    ("fr-FR", "envoie un avertissement à bob smith"),
    ("es-ES", "redacta una advertencia para bob smith"),
    ("pt-BR", "manda uma advertência ao bob smith"),
])
async def test_a_warning_asked_for_is_still_drafted(
    bot: BotHarness, locale: str, message: str
) -> None:
    bot.as_person("maria").locale = locale
    said = joined(await bot.say(message))
    assert _lateness_opening(locale[:2]) not in said, said
    assert "Bob Smith" in said, said
