"""At "which Bob?" a manager names the person and a new day at once, or only the new day: the
person is read and the rest of the request kept (the part of the day, the people), or the new
day is said back and the question asked again; before, both got "Sorry, I didn't understand"."""

from __future__ import annotations

import pytest

from tests.bot_harness import BotHarness, joined, shown


@pytest.mark.parametrize(("locale", "request_text", "answer", "listed"), [
    ("en-US", "set up a meeting with bob friday afternoon", "bob smith on thursday",
     "Bob Smith"),
    ("fr-FR", "réunion avec bob vendredi après-midi", "bob smith, plutôt jeudi", "Bob Smith"),
    ("en-US", "set up a meeting with alice and bob friday afternoon", "smith, thursday",
     "Alice Martin and Bob Smith"),
    ("ja-JP", "ボブさんと金曜の午後にミーティング", "スミスさん、やっぱり木曜", "Bob Smith"),
])
async def test_the_person_and_a_new_day_in_one_answer(
    bot: BotHarness, locale: str, request_text: str, answer: str, listed: str,
) -> None:
    bot.as_person("maria")
    bot.locale = locale
    await bot.say(request_text)
    offered = shown(await bot.say(answer))
    assert listed in offered and "26" in offered and "27" not in offered, offered
    assert "12:00-12:30" in offered and "09:00" not in offered, offered


async def test_a_new_day_alone_is_said_back_and_which_one_asked_again(bot: BotHarness) -> None:
    bot.as_person("maria")
    await bot.say("set up a meeting with bob friday afternoon")
    again = joined(await bot.say("thursday"))
    assert "Noted: I'll look on Thu 26 Nov between 12:00 and 17:00." in again, again
    assert 'Which one is the meeting with?' in again, again
    offered = shown(await bot.say("2"))
    assert "Bob Smith" in offered and "Thu 26 Nov, 12:00-12:30" in offered, offered


async def test_words_that_are_neither_still_ask_which_one(bot: BotHarness) -> None:
    bot.as_person("maria")
    await bot.say("set up a meeting with bob friday afternoon")
    again = joined(await bot.say("hmm"))
    assert "Sorry, I didn't understand" in again and "Which one" in again, again
