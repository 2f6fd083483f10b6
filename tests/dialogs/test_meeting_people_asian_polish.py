"""Meetings with several people in Polish, Japanese and Chinese, as a held-out round found them:
the Polish booking question read "Ty i Alice Martin i Chen Wei", the Japanese and Chinese
requests with two names asked which ONE person the meeting was with."""

from __future__ import annotations

from tests.bot_harness import BotHarness, joined


async def test_the_polish_booking_question_lists_two_people_with_one_and(
    bot: BotHarness,
) -> None:
    bot.as_person("maria")
    bot.locale = "pl-PL"
    await bot.say("umów spotkanie z Alice i Chen w czwartek")
    question = joined(await bot.say("1"))
    assert "Alice Martin i Chen Wei" in question, question
    assert " i Alice Martin i " not in question, question
