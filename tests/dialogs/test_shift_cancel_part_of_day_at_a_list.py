"""Right after "what are my shifts?", Bob's "cancel the one on sat eve" or "cancel the saturday
night one" asked to cancel his Saturday MORNING shift: "eve" was no part of the day to the reply
reader, and "night one" was read as 1pm, inside the morning shift. Neither is that shift now."""

from __future__ import annotations

import pytest

from tests.bot_harness import BotHarness, joined


@pytest.mark.parametrize("request_text", [
    "cancel the one on sat eve", "cancel the saturday night one", "cancel the sat nite one",
    "cancel the saturday evening one",
])
async def test_a_part_of_the_day_no_listed_shift_is_in_is_not_another_shift(
    bot: BotHarness, request_text: str
) -> None:
    bot.as_person("bob-smith")
    listed = joined(await bot.say("what are my shifts?"))
    assert "Sat 28 Nov, Morning 09:00-15:00" in listed, listed
    shown = joined(await bot.say(request_text))
    assert "couldn't find a shift of yours" in shown, shown
    assert "match that" not in shown and "I found your shift" not in shown, shown


async def test_the_part_of_the_day_a_listed_shift_is_in_still_finds_it(bot: BotHarness) -> None:
    bot.as_person("bob-smith")
    await bot.say("what are my shifts?")
    shown = joined(await bot.say("cancel the saturday morning one"))
    assert "Sat 28 Nov, Morning 09:00-15:00" in shown and "cancelled" not in shown, shown
