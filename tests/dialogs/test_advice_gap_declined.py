"""A manager's remark no guidance covers gets one question ("can you tell me a little more?").
A plain no to it ("no", "non") describes nothing: ERA says nothing was passed
on to HR, and the manager is not handed over (they were, with a ticket for HR about nothing).
An account of what happened still goes on to the advisor."""

from __future__ import annotations

import pytest

from tests.bot_harness import BotHarness, joined


@pytest.mark.parametrize(("locale", "remark", "no", "nothing_to_hr"), [
    ("en-GB", "move the first one to friday", "no", "haven't passed anything on to HR"),
    ("fr-FR", "déplace le premier à vendredi", "non", "je n'ai rien transmis aux RH"),
    ("it-IT", "sposta il primo a venerdì", "no", "non ho inoltrato nulla alle Risorse Umane"),
    ("es-ES", "mueve el primero al viernes", "no", "no he trasladado nada a RR. HH."),
])
async def test_a_no_to_the_one_question_hands_nobody_over(
    bot: BotHarness, locale: str, remark: str, no: str, nothing_to_hr: str
) -> None:
    bot.as_person("maria")
    await bot.say(remark, locale=locale)
    said = joined(await bot.say(no, locale=locale))
    assert nothing_to_hr in said
    again = joined(await bot.say("help"))
    assert "HR request" not in again and "request to HR" not in again  # nobody handed over
