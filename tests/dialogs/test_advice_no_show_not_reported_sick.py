"""A manager telling that an employee did not call in sick but simply did not come ("bob never
called in sick, just didnt come") tells a no-show, an absence nobody explained: the no-show
advice (can you reach them?), never the absence report's "which day can't Bob come in?", the
cancelling of Bob's shift, nor the sickness advice."""

from __future__ import annotations

import pytest

from core.playbook import PlaybookStage
from services.playbook_library import PlaybookLibrary
from tests.bot_harness import BotHarness, joined

LIBRARY = PlaybookLibrary.load()


def _opening(playbook_id: str, language: str) -> str:
    """The first line of a playbook's clarifying turn in `language`, up to its name blank."""
    base = LIBRARY.get(playbook_id)
    assert base is not None
    local = LIBRARY.in_language(base, language) or base
    return local.template(PlaybookStage.CLARIFY).split("\n")[0].split("{")[0]


@pytest.mark.parametrize(("locale", "language", "message"), [
    ("en-US", "en", "bob smith never called in sick, just didnt come"),
    ("en-US", "en", "bob smith didnt call in sick, he just didnt come"),
    ("en-US", "en", "bob never called in sick, just didnt come"),
    ("de-DE", "de", "bob smith ist nicht gekommen und hat sich nicht krank gemeldet"),
    ("zh-CN", "zh", "鲍勃·史密斯没来也没打电话请病假"),
    ("fr-FR", "fr", "bob smith a pas prévenu qu'il était malade, il est juste pas venu"),
])
async def test_not_called_in_sick_is_a_no_show(
    bot: BotHarness, locale: str, language: str, message: str
) -> None:
    bot.as_person("maria").locale = locale
    said = joined(await bot.say(message))
    assert _opening("no_show", language) in said, said
    assert _opening("sickness", language) not in said, said


@pytest.mark.parametrize(("locale", "message", "playbook"), [
    ("en-US", "bob smith keeps calling in sick", "sickness"),
    ("de-DE", "bob smith meldet sich ständig krank", "sickness"),
])
async def test_calling_in_sick_is_still_sickness(
    bot: BotHarness, locale: str, message: str, playbook: str
) -> None:
    bot.as_person("maria").locale = locale
    said = joined(await bot.say(message))
    assert _opening(playbook, locale[:2]) in said, said
