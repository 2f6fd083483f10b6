"""A request for an email typed with typos keeps its topic: "emial bob smith abut the rota
chnage" asked "What is the email about?", the topic lost with the misspelt "about". The
draft says what the manager asked, and nothing is sent before the yes."""

from __future__ import annotations

import pytest

from tests.bot_harness import BotHarness, joined


@pytest.mark.parametrize("asked", [
    "emial bob smith abut the rota chnage",
    "email bob smith abut the rota change",
    "email Bob Smith regading the rota change",
])
async def test_a_typo_d_email_request_keeps_its_topic(bot: BotHarness, asked: str) -> None:
    bot.as_person("maria")
    draft = joined(await bot.say(asked))
    assert "Bob Smith (bob.smith@contoso.example)" in draft, draft
    assert "the rota change" in draft and "What is the email about" not in draft, draft
    assert await bot.components.services.mail.list_recent() == []
