"""A manager's vague worry about someone ("alice seems off lately", "alice a l'air bizarre
ces temps-ci"), over the bot in ten languages: it tells no situation a playbook covers, so ERA
asks what happened; an answer that tells no other situation gets the wellbeing support. Before,
"seems off" was read as a day off (the leave-request questions) and "l'air bizarre ces
temps-ci" as a resignation ("temps", "part")."""

from __future__ import annotations

import pytest

from core.playbook import PlaybookStage
from language.catalogue import say
from services.playbook_library import PlaybookLibrary
from tests.bot_harness import BotHarness, joined

LIBRARY = PlaybookLibrary.load()


def _opening(playbook_id: str, language: str) -> str:
    """The first line of a playbook's clarifying turn in `language`."""
    base = LIBRARY.get(playbook_id)
    assert base is not None
    local = LIBRARY.in_language(base, language)
    assert local is not None
    return local.template(PlaybookStage.CLARIFY).split("\n")[0]


def _wellbeing_opening(language: str, first_name: str) -> str:
    """The first paragraph of the support for a personal difficulty."""
    return say("advice.wellbeing", language, employee=first_name).split("\n")[0]


@pytest.mark.parametrize(("locale", "language", "remark", "answer"), [
    ("en-US", "en", "alice seems off lately", "she is very quiet and doesnt talk to anyone"),
    ("en-US", "en", "Alice is not herself these days", "she barely says a word"),
    ("fr-FR", "fr", "alice a l air bizarre ces temps-ci", "elle parle plus a personne"),
    ("de-DE", "de", "alice wirkt komisch in letzter zeit", "sie redet kaum noch"),
    ("es-ES", "es", "alice esta rara ultimamente", "casi no habla con nadie"),
    ("it-IT", "it", "alice sembra strana ultimamente", "non parla più con nessuno"),
    ("nl-NL", "nl", "alice doet raar de laatste tijd", "ze zegt bijna niks meer"),
    ("pl-PL", "pl", "alice dziwnie sie zachowuje ostatnio", "prawie z nikim nie rozmawia"),
    ("pt-PT", "pt", "a alice anda estranha", "quase nao fala com ninguem"),
    ("ja-JP", "ja", "アリスさんの様子がおかしい", "いつも一人で黙っている"),
    ("zh-CN", "zh-Hans", "爱丽丝最近不对劲", "她不跟任何人说话"),
])
async def test_a_vague_worry_is_asked_about_then_gets_the_wellbeing_support(
    bot: BotHarness, locale: str, language: str, remark: str, answer: str,
) -> None:
    bot.as_person("maria").locale = locale
    said = joined(await bot.say(remark))
    assert said == say("advice.gap_question", language), said
    for playbook_id in ("leave_request", "resignation", "lateness"):
        assert _opening(playbook_id, language) not in said
    said = joined(await bot.say(answer))
    # Japanese speaks of a colleague with the honorific.
    first = "Aliceさん" if language == "ja" else "Alice"
    assert said.startswith(_wellbeing_opening(language, first)), said


@pytest.mark.parametrize(("locale", "language", "message", "playbook_id"), [
    ("en-US", "en", "alice seems off lately and keeps arriving late", "lateness"),
    ("en-US", "en", "alice wants a day off next friday", "leave_request"),
    ("fr-FR", "fr", "bob est souvent en retard ces derniers temps", "lateness"),
    ("de-DE", "de", "bob kommt in letzter zeit oft zu spät", "lateness"),
])
async def test_a_situation_told_with_a_worry_or_a_when_keeps_its_playbook(
    bot: BotHarness, locale: str, language: str, message: str, playbook_id: str,
) -> None:
    bot.as_person("maria").locale = locale
    said = joined(await bot.say(message))
    assert said.startswith(_opening(playbook_id, language)), said
