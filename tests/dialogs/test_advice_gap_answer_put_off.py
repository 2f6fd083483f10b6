"""At "can you tell me a little more: what happened?" (a remark no playbook covers), "not yet"
was read as a no: "OK, I haven't passed anything on to HR", the conversation ended. The manager
only put the answer off: ERA says to take their time, the question stays open, and the account
given next is read with the remark."""

from __future__ import annotations

import pytest

from dialogs.advice_dialog import GAP_QUESTION
from language.catalogue import say
from tests.bot_harness import BotHarness, joined


@pytest.mark.parametrize(("locale", "remark", "reply", "then"), [
    ("en-US", "staff morale is low", "not yet", "everyone is just tired and fed up"),
    ("en-US", "staff morale is low", "hold on", "everyone is just tired and fed up"),
    ("fr-FR", "le moral de l'équipe est bas", "pas encore", "tout le monde est fatigué"),
    ("es-ES", "el ánimo del equipo está muy bajo", "todavía no", "no sé, todos están cansados"),
    ("de-DE", "Die Stimmung im Team ist schlecht", "noch nicht", "alle sind müde"),
    ("it-IT", "il morale della squadra è basso", "ancora no", "sono tutti stanchi"),
    ("ja-JP", "ユキさんが最近元気がありません", "まだです", "理由は分かりません"),
])
async def test_not_yet_keeps_the_question_open(
    bot: BotHarness, locale: str, remark: str, reply: str, then: str
) -> None:
    language = locale[:2]
    assert joined(await bot.say(remark, locale=locale)) == say(GAP_QUESTION, language)
    waited = joined(await bot.say(reply, locale=locale))
    assert waited == say("advice.gap_wait", language)
    assert waited != say("advice.gap_declined", language)
    answered = joined(await bot.say(then, locale=locale))
    assert answered not in (say("advice.gap_wait", language),
                            say("advice.gap_question_again", language),
                            say("advice.gap_declined", language)), answered
    assert say("advice.opening_question", language) not in answered


@pytest.mark.parametrize(("locale", "remark", "reply"), [
    ("en-US", "staff morale is low", "no"),
    ("de-DE", "Die Stimmung im Team ist schlecht", "nein danke"),
])
async def test_a_no_still_leaves_it(bot: BotHarness, locale: str, remark: str, reply: str) -> None:
    await bot.say(remark, locale=locale)
    left = joined(await bot.say(reply, locale=locale))
    assert left == say("advice.gap_declined", locale[:2])
