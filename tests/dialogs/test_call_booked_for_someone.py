""""book bob smith for a call", "get bob on a call", "set chen up for a chat": a call (or a
meeting) with the person named after the verb, however many words the name has."""

from __future__ import annotations

import pytest

from tests.bot_harness import BotHarness, joined

_CALLS = [
    ("book bob smith for a call", "Bob Smith"),
    ("book bobby smith for a call tomorrow", "Bob Smith"),
    ("get bob smith on a call", "Bob Smith"),
    ("set chen up for a chat", "Chen Wei"),
    ("set chen wei up for a quick chat on friday", "Chen Wei"),
    ("book bob smith in for a 1:1", "Bob Smith"),
]


@pytest.mark.parametrize(("text", "name"), _CALLS)
async def test_a_call_booked_for_someone_offers_the_free_times_with_them(
    bot: BotHarness, text: str, name: str
) -> None:
    """The finding: "book bob smith for a call" got unreported-absence advice, and "book bobby
    smith for a call tomorrow" got 'I couldn't find "Bobby smith" in your store. Who should I
    assign?' (read as a shift to assign)."""
    said = joined(await bot.say(text))
    assert "free times" in said and name in said, said
    assert "assign" not in said


async def test_a_meeting_booked_for_someone_is_a_meeting_with_them(bot: BotHarness) -> None:
    """"book alice for a meeting tomorrow" books a meeting with Alice, not one with nobody."""
    said = joined(await bot.say("book alice for a meeting tomorrow"))
    assert "Alice" in said, said
    assert "assign" not in said


async def test_a_shift_booked_for_someone_is_still_a_shift(bot: BotHarness) -> None:
    """The guard: "book bob smith for the early shift on saturday" stays a shift to assign."""
    said = joined(await bot.say("book bob smith for the early shift on saturday"))
    assert "free times" not in said, said
