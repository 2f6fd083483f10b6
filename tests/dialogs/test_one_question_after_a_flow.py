"""A worker's request that ends with "Anything else?", done on top of one set aside: ERA then
asks "Shall we get back to …?" at once, and asking both left the person unsure which question
their "yes" answered. Only the question about the request set aside is asked."""

from __future__ import annotations

import pytest

from language.catalogue import say
from tests.bot_harness import BotHarness, joined

CASES = [
    ("en-US", "can i get more hours?", "cancel my shift tomorrow", "I'm sick"),
    ("fr-FR", "je peux avoir plus d'heures ?", "annule mon service de demain", "je suis malade"),
    ("de-DE", "kann ich mehr Stunden bekommen?", "sag meine Schicht morgen ab", "ich bin krank"),
    ("ja-JP", "もっと働きたいです", "明日のシフトをキャンセルして", "体調不良です"),
]


@pytest.mark.parametrize(("locale", "set_aside", "request_text", "reason"), CASES)
async def test_a_flow_ending_on_top_of_another_asks_only_whether_to_go_back(
    bot: BotHarness, locale: str, set_aside: str, request_text: str, reason: str
) -> None:
    """'Your shift … has been cancelled. I've let Maria Lopez know. Anything else?' then 'Shall
    we get back to passing your request for more hours on to your manager?': two questions.
    The first is now left out; the yes that follows takes the request set aside back up."""
    bot.as_person("bob-smith")
    bot.locale = locale
    language = locale.split("-")[0]
    await bot.say(set_aside)
    await bot.say(request_text)
    ended = joined(await bot.say(reason))
    assert say("flow.more_hours.resume", language) in ended
    assert say("flow.anything_else", language) not in ended
    back = joined(await bot.say(say("button.yes", language)))
    assert "Maria Lopez" in back


async def test_a_flow_ending_with_nothing_set_aside_still_asks_anything_else(
    bot: BotHarness,
) -> None:
    bot.as_person("bob-smith")
    await bot.say("cancel my shift tomorrow")
    ended = joined(await bot.say("I'm sick"))
    assert ended.endswith(say("flow.anything_else", "en"))
