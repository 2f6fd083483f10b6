"""Held-out new users, starting cold: a greeting another language shares, a question with
typos, a colloquial "I'll be late". Each is answered in the person's language, for what it
asks, and nothing is handed over to HR unasked."""

from __future__ import annotations

from botbuilder.schema import ActivityTypes

from bots.handoff import HANDOFF_INITIATE
from language.catalogue import say
from tests.bot_harness import BotHarness, joined


def _handed_over(bot: BotHarness) -> bool:
    return any(a.type == ActivityTypes.event and a.name == HANDOFF_INITIATE
               for a in bot.last_activities)


async def test_a_dutch_hallo_is_answered_in_dutch(bot: BotHarness) -> None:
    """The finding: Alice's "hallo" from a Dutch client got "Hallo Alice! Ich kann: ..." (the
    German lexicon alone knew the word)."""
    bot.as_person("alice")
    bot.locale = "nl-NL"
    said = joined(await bot.say("hallo"))
    assert said.startswith(say("main.greeting", "nl", first_name="Alice", capabilities="").strip())
    assert say("main.capabilities_intro", "nl") in said


async def test_who_is_working_with_typos_lists_the_store_and_hands_nothing_over(
    bot: BotHarness,
) -> None:
    """The finding: Maria's "whos workng tomorow?" went to the advisor, which had no guidance
    and handed her to HR at once."""
    bot.as_person("maria")
    said = joined(await bot.say("whos workng tomorow?"))
    assert "Who's working at" in said
    assert not _handed_over(bot)


async def test_a_colloquial_german_late_notice_is_read_as_one(bot: BotHarness) -> None:
    """The finding: Bob's "ich bin heute 20 min später" was not understood."""
    bot.as_person("bob-smith")
    bot.locale = "de-DE"
    said = joined(await bot.say("ich bin heute 20 min später"))
    assert say("main.capabilities_intro", "de") not in said
    assert say("main.not_understood", "de", capabilities="").strip() not in said
    again = joined(await bot.say("ich bin 10 Minuten später"))
    assert say("main.capabilities_intro", "de") not in again
