"""Two situations told in one first message ("bob was late again and alice wants to quit"):
both are heard. ERA names the two, takes one now (its questions follow) and offers the other
for when this one is done; it no longer drops the second unsaid."""

from __future__ import annotations

import pytest

from language.catalogue import say
from services.playbook_library import PlaybookLibrary
from tests.bot_harness import BotHarness, joined

LIBRARY = PlaybookLibrary.load()


def _title(playbook_id: str, language: str) -> str:
    playbook = LIBRARY.get(playbook_id)
    assert playbook is not None
    return (LIBRARY.in_language(playbook, language) or playbook).title


def _opening(playbook_id: str, language: str) -> str:
    playbook = LIBRARY.get(playbook_id)
    assert playbook is not None
    return (LIBRARY.in_language(playbook, language) or playbook).acknowledgement.split(".")[0]


@pytest.mark.parametrize(("locale", "language", "message", "ids"), [
    ("en-US", "en", "bob smith was late again and alice wants to quit",
     {"lateness", "resignation"}),
    ("en-US", "en", "bob smith was late again and he shouted at chen",
     {"lateness", "misconduct"}),
    ("pt-BR", "pt-BR", "o bob chegou atrasado de novo e a alice quer se demitir",
     {"lateness", "resignation"}),
    ("fr-FR", "fr", "bob est encore en retard et alice veut démissionner",
     {"lateness", "resignation"}),
    ("ja-JP", "ja", "ボブさんがまた遅刻して、アリスさんが辞めたいと言っています",
     {"lateness", "resignation"}),
])
async def test_both_situations_are_heard_and_one_is_taken_first(
    bot: BotHarness, locale: str, language: str, message: str, ids: set[str]
) -> None:
    """The finding: only the lateness questions, nothing said of Alice wanting to quit."""
    bot.as_person("maria").locale = locale
    said = joined(await bot.say(message))
    first, second = sorted(ids, key=lambda i: said.find(_title(i, language)))
    assert said.startswith(say("advice.two_situations", language,
                               first=_title(first, language), second=_title(second, language)))
    assert _opening(first, language) in said, said


@pytest.mark.parametrize("message", [
    "bob smith was late again and he says it is the bus",
    "alice is off sick and didnt call in",
    "bob smith was late again, i havent spoken to him",
])
async def test_one_situation_with_more_said_of_it_is_one(
    bot: BotHarness, message: str
) -> None:
    said = joined(await bot.say(message))
    assert say("advice.two_situations", "en", first="", second="")[:20] not in said, said
