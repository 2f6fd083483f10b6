"""'email my team leader about sunday' and 'send a note to my team lead' drafted one email to
the whole store (a preview addressed to every employee). Nothing is drafted to the team."""

from __future__ import annotations

import pytest

from tests.bot_harness import BotHarness, joined


@pytest.mark.parametrize("request_", [
    "email my team leader about sunday", "send a note to my team lead",
])
async def test_the_team_leader_is_never_the_whole_team(bot: BotHarness, request_: str) -> None:
    bot.as_person("maria").locale = "en-US"
    said = joined(await bot.say(request_))
    assert "alice.martin@contoso.example" not in said, said
    assert "chen.wei@contoso.example" not in said, said
    await bot.say("send")
    assert await bot.components.services.mail.list_recent() == []
