"""A manager telling that a worker touched another ("a alice disse que o chen passou a mão nela
no estoque", "alice says chen grabbed her") tells a harassment claim: its advice (the clarifying
turn of the harassment playbook), never "what happened?" followed by wellbeing support about
hospital visits."""

from __future__ import annotations

import pytest

from core.playbook import PlaybookStage
from services.playbook_library import PlaybookLibrary
from tests.bot_harness import BotHarness, joined

LIBRARY = PlaybookLibrary.load()


def _opening(language: str) -> str:
    base = LIBRARY.get("harassment")
    assert base is not None
    local = LIBRARY.in_language(base, language) or base
    return local.template(PlaybookStage.CLARIFY).split("\n")[0].split("{")[0]


@pytest.mark.parametrize(("locale", "language", "message"), [
    ("pt-BR", "pt-BR", "a alice disse que o chen passou a mão nela no estoque"),
    ("en-US", "en", "alice says chen grabbed her in the stockroom"),
    ("es-ES", "es", "alice dice que chen le metió mano en el almacén"),
    ("fr-FR", "fr", "alice dit que chen lui a mis la main aux fesses"),
    ("de-DE", "de", "alice sagt, chen hat sie im lager begrapscht"),
])
async def test_touching_told_is_a_harassment_claim(
    bot: BotHarness, locale: str, language: str, message: str
) -> None:
    bot.as_person("maria").locale = locale
    said = joined(await bot.say(message))
    assert _opening(language) in said, said
