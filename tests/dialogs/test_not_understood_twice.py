"""Not understood twice in a row. The finding: "asdf", "hä?", "ich verstehe dich nicht", "???"
each got the same "not sure what you'd like me to do" and the list of what ERA can do, and
never the way to a person, so someone ERA keeps missing had no way out they could see. From
the second in a row, ERA also says how to reach a person, in the person's language, in the
words it understands for that."""

from __future__ import annotations

import pytest

from core.intent import Intent
from language.catalogue import say
from language.understanding import understand
from tests.bot_harness import BotHarness, joined

CASES = [
    ("en-US", "en", ("asdf", "what??")),
    ("de-DE", "de", ("asdf", "hä?")),
    ("fr-FR", "fr", ("asdf", "hein ?")),
    ("es-ES", "es", ("asdf", "¿qué?")),
    ("ja-JP", "ja", ("asdf", "？？")),
    ("zh-CN", "zh-Hans", ("asdf", "啥？")),
]
WAY_OUT = {"en": "talk to a person", "de": "mit einer Person sprechen", "fr": "parler à quelqu'un",
           "es": "hablar con una persona", "it": "parlare con una persona", "ja": "人間と話したい",
           "nl": "met iemand praten", "pl": "połącz z człowiekiem", "pt": "falar com uma pessoa",
           "pt-BR": "falar com uma pessoa", "zh-Hans": "转人工"}


@pytest.mark.parametrize(("locale", "language", "said"), CASES)
async def test_the_second_not_understood_in_a_row_names_the_way_to_a_person(
    bot: BotHarness, locale: str, language: str, said: tuple[str, str]
) -> None:
    bot.as_person("alice")
    bot.locale = locale
    first = joined(await bot.say(said[0]))
    assert say("main.not_understood_again", language) not in first
    second = joined(await bot.say(said[1]))
    assert say("main.not_understood_again", language) in second


@pytest.mark.parametrize(("language", "words"), WAY_OUT.items())
def test_the_words_it_names_ask_for_a_person(language: str, words: str) -> None:
    assert words in say("main.not_understood_again", language)
    assert understand(words, locale=language).intent is Intent.TRANSFER


async def test_a_while_later_it_is_not_in_a_row(bot: BotHarness) -> None:
    bot.as_person("alice")
    await bot.say("asdf")
    bot.clock.advance(minutes=10)
    assert say("main.not_understood_again", "en") not in joined(await bot.say("qwerty"))
