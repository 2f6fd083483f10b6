"""At "can you tell me a little more: what happened?" (a remark no playbook covers), a reply
that tells nothing ("1", "?", "ok", "はい") handed the manager to HR with nothing to pass on. The
question is asked again, saying how to leave it; nobody is handed over."""

from __future__ import annotations

import pytest

from dialogs.advice_dialog import GAP_QUESTION
from language.catalogue import say
from tests.bot_harness import BotHarness, joined


@pytest.mark.parametrize(("locale", "remark", "reply", "then"), [
    ("en-US", "staff morale is low", "1", "everyone is just tired and fed up"),
    ("en-US", "staff morale is low", "ok", "everyone is just tired and fed up"),
    ("es-ES", "el ánimo del equipo está muy bajo", "?", "no sé, todos están cansados"),
    ("de-DE", "Die Stimmung im Team ist schlecht", "👍", "alle sind müde"),
    ("ja-JP", "ユキさんが最近元気がありません", "はい", "理由は分かりません"),
])
async def test_a_reply_that_tells_nothing_is_asked_again_not_handed_to_hr(
    bot: BotHarness, locale: str, remark: str, reply: str, then: str
) -> None:
    language = locale[:2]
    assert joined(await bot.say(remark, locale=locale)) == say(GAP_QUESTION, language)
    again = joined(await bot.say(reply, locale=locale))
    assert again == say("advice.gap_question_again", language)
    # A real answer is then read with the remark, as before.
    answered = joined(await bot.say(then, locale=locale))
    assert answered != say("advice.gap_question_again", language)


async def test_no_after_the_question_asked_again_still_leaves_it(bot: BotHarness) -> None:
    await bot.say("staff morale is low")
    await bot.say("1")
    left = joined(await bot.say("no"))
    assert "handing you over" not in left


@pytest.mark.parametrize("remark", [
    "the coffee machine is broken again",
    "the fridge in the staff room smells again",
    "the printer is broken",
])
async def test_broken_equipment_is_no_misconduct(bot: BotHarness, remark: str) -> None:
    """'the coffee machine is broken again' got the serious-misconduct questions ("Has the
    employee been spoken to about this kind of behaviour before?") by 'broke the rules', and
    'the fridge smells' by 'smells of alcohol'. No one's conduct is told: ERA asks what
    happened."""
    asked = joined(await bot.say(remark))
    assert asked == say(GAP_QUESTION, "en")
    assert "behaviour" not in asked


@pytest.mark.parametrize("remark", [
    "he smells of alcohol",
    "bob broke a glass and lied about it",
    "he broke the printer on purpose",
])
async def test_conduct_is_still_misconduct(bot: BotHarness, remark: str) -> None:
    asked = joined(await bot.say(remark))
    assert "That sounds serious" in asked
