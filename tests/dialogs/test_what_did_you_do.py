"""Maria's first message "what did you do?" was taken for a situation no playbook covers and
handed to HR at once ("I'm handing you over to a person in our HR team"); after it, "and
tomorrow?" was passed to HR too. A question about what ERA did is about ERA: it says what it
can do, and nothing goes to HR."""

from __future__ import annotations

import pytest

from tests.bot_harness import BotHarness, joined


@pytest.mark.parametrize(("locale", "text"), [
    ("en-US", "what did you do?"),
    ("fr-FR", "qu'est-ce que tu as fait ?"),
    ("de-DE", "was hast du gemacht?"),
    ("es-ES", "¿qué has hecho?"),
    ("it-IT", "cosa hai fatto?"),
    ("nl-NL", "wat heb je gedaan?"),
    ("pt-BR", "o que você fez?"),
    ("pl-PL", "co zrobiłaś?"),
    ("ja-JP", "何をしたの？"),
    ("zh-CN", "你做了什么？"),
])
async def test_asking_what_era_did_is_no_case_for_hr(
    bot: BotHarness, locale: str, text: str
) -> None:
    bot.as_person("maria").locale = locale
    shown = joined(await bot.say(text))
    assert "hr-desk@" not in shown, shown
