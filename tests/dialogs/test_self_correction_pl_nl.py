"""Polish and Dutch workers correcting the day at the reason question ("przepraszam, wtorek",
"nie, chodziło mi o wtorek", "sorry, ik bedoel dinsdag"): nothing is cancelled, and Tuesday's
shift is asked about instead. Monday's shift was cancelled with those words as the reason."""

from __future__ import annotations

import pytest

from tests.bot_harness import BotHarness, joined


@pytest.mark.parametrize(("locale", "monday", "correction", "tuesday", "monday_said"), [
    ("pl-PL", "odwołaj moją zmianę w poniedziałek", "przepraszam, wtorek", "wt., 24 lis",
     "pon., 23 lis"),
    ("pl-PL", "odwołaj moją zmianę w poniedziałek", "nie, chodziło mi o wtorek",
     "wt., 24 lis", "pon., 23 lis"),
    ("nl-NL", "annuleer mijn dienst van maandag", "sorry, ik bedoel dinsdag", "di 24 nov.",
     "ma 23 nov."),
])
async def test_a_corrected_day_cancels_nothing_and_asks_about_that_day(
    bot: BotHarness, locale: str, monday: str, correction: str, tuesday: str,
    monday_said: str,
) -> None:
    bot.as_person("bob-smith")  # Sunday 22 November: Bob works Monday morning, Tuesday evening
    asked = joined(await bot.say(monday, locale=locale))
    assert monday_said in asked
    again = joined(await bot.say(correction, locale=locale))
    assert tuesday in again and "Maria Lopez" not in again, again
    listed = joined(await bot.say("what are my shifts this week?"))
    assert "Mon 23 Nov" in listed  # Monday's shift was not cancelled
