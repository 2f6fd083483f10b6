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


@pytest.mark.parametrize(("locale", "language", "message"), [
    ("en-US", "en", "Bob has been late, I have not talked to him yet"),
    ("en-US", "en", "bob smith keeps coming in late, i talked to him last week"),
    ("fr-FR", "fr", "bob arrive tout le temps en retard, je ne lui ai pas encore parlé"),
    ("de-DE", "de", "Bob kommt ständig zu spät, ich habe noch nicht mit ihm gesprochen"),
    ("de-DE", "de", "Bob kommt ständig zu spät, ich habe letzte Woche mit ihm geredet"),
    ("es-ES", "es", "bob llega tarde cada día, todavía no he hablado con él"),
    ("it-IT", "it", "bob arriva sempre in ritardo, ho già parlato con lui"),
])
async def test_saying_whether_the_manager_talked_to_them_is_no_second_situation(
    bot: BotHarness, locale: str, language: str, message: str
) -> None:
    """The finding: "I have not talked to him yet" was a resignation ("talks about leaving")
    and "noch nicht mit ihm gesprochen" a harassment complaint ("hackt auf ihm rum"): ERA
    said it had been told two things. Talking to them is what every manager tells."""
    bot.as_person("maria").locale = locale
    said = joined(await bot.say(message))
    assert say("advice.two_situations", language, first="", second="")[:15] not in said, said
    assert _opening("lateness", language) in said, said


@pytest.mark.parametrize(("locale", "language", "lines", "employee", "other"), [
    ("en-US", "en", ["bob smith was late again and alice wants to quit", "3 times this week",
                     "no i havent spoken to him yet"], "Bob Smith", "Alice"),
    ("en-US", "en", ["alice wants to quit and bob smith keeps coming in late", "3 times this week",
                     "no not yet"], "Bob Smith", "Alice"),
    ("en-US", "en", ["bob smith was late again and he shouted at chen", "3 times this week",
                     "no not yet"], "Bob Smith", "Chen"),
    # The resignation is taken first here: the call is Alice's.
    ("fr-FR", "fr", ["bob smith est encore en retard et alice veut démissionner",
                     "elle n'est pas contente de ses horaires"], "Alice Martin", "Bob"),
    ("pt-BR", "pt-BR", ["o bob smith chegou atrasado de novo e a alice quer se demitir",
                        "3 vezes essa semana", "não, ainda não falei com ele"], "Bob Smith",
     "Alice"),
    ("ja-JP", "ja", ["ボブ・スミスさんがまた遅刻して、アリスさんが辞めたいと言っています",
                     "今週3回", "まだ話していません"], "Bob Smith", "アリス"),
])
async def test_the_call_is_offered_to_the_one_the_situation_is_about(
    bot: BotHarness, locale: str, language: str, lines: list[str], employee: str, other: str
) -> None:
    """The finding: "You'd talk to each of them on their own. Shall I find a time for the
    call with Bob Smith first? Then I'll offer one with Alice Martin." about Bob's lateness."""
    bot.as_person("maria").locale = locale
    for line in lines[:-1]:
        await bot.say(line)
    replies = await bot.say(lines[-1])
    offer = replies[-1].text
    assert offer == say("advice.offer_call", language, employee=employee), joined(replies)
    assert other not in offer
