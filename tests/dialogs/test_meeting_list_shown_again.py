"""Words at a meeting's list of free times that are no time and no pick get the same list
again: a manager who did not follow sees the times again instead of being asked for a
preferred time, and "what are the options?" in any language shows the list.

"laisse tomber le 1" got "je n'ai pas compris de quel horaire il s'agit" and then the
time-preference question, without the times; "qué opciones hay?" and "welche Zeiten gibt es?"
asked for a preferred time instead of showing the list.
"""

from __future__ import annotations

import pytest

from language.catalogue import say
from tests.bot_harness import BotHarness, Reply, joined


def _numbered(replies: list[Reply]) -> list[str]:
    return [title for reply in replies for title, _ in reply.buttons if title[:1].isdigit()]


@pytest.mark.parametrize(("locale", "request_text", "odd"), [
    ("fr-FR", "organise une réunion avec alice vendredi", "laisse tomber le 1"),
    ("en-US", "book a meeting with alice on friday", "he said it's because the bus changed"),
    ("de-DE", "termin mit alice am freitag", "keine ahnung was du meinst"),
])
async def test_an_odd_reply_at_the_times_shows_the_same_times_again(
    bot: BotHarness, locale: str, request_text: str, odd: str,
) -> None:
    bot.as_person("maria").locale = locale
    listed = _numbered(await bot.say(request_text))
    assert listed
    again = await bot.say(odd)
    assert say("meeting.time_unclear", locale[:2]) in joined(again)
    assert _numbered(again) == listed
    assert say("meeting.preference_question", locale[:2]) not in joined(again)


@pytest.mark.parametrize(("locale", "request_text", "asking"), [
    ("es-ES", "reunión con alice el viernes", "qué opciones hay?"),
    ("es-ES", "reunión con alice el viernes", "que opciones tengo"),
    ("de-DE", "termin mit alice am freitag", "welche Zeiten gibt es?"),
    ("en-US", "book a meeting with alice on friday", "what are the options?"),
    ("fr-FR", "organise une réunion avec alice vendredi", "c'est quoi les options ?"),
    ("it-IT", "riunione con alice venerdì", "quali sono le opzioni?"),
    ("pt-BR", "reunião com alice na sexta", "quais são as opções?"),
    ("nl-NL", "afspraak met alice op vrijdag", "wat zijn de opties?"),
    ("pl-PL", "spotkanie z alice w piątek", "jakie są opcje?"),
    ("ja-JP", "金曜日にアリスと会議", "選択肢は？"),
    ("zh-CN", "周五和alice开会", "有哪些选项？"),
])
async def test_asking_for_the_options_at_the_times_shows_them(
    bot: BotHarness, locale: str, request_text: str, asking: str,
) -> None:
    bot.as_person("maria").locale = locale
    listed = _numbered(await bot.say(request_text))
    assert listed
    again = await bot.say(asking)
    assert _numbered(again) == listed
    assert say("meeting.preference_question", locale[:2]) not in joined(again)
    assert say("meeting.time_unclear", locale[:2]) not in joined(again)
