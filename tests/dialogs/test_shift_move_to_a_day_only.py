"""Maria's "move chen to tuesday morning" (only the day the shift moves to) got the advisor's
"Thank you for telling me. Before I suggest anything …"; it is a shift move, which asks which
day Chen's shift is on, and changes nothing before its own yes. A meeting moved to a day stays
a meeting."""

from __future__ import annotations

import pytest

from language.understanding import understand
from tests.bot_harness import BotHarness, joined


@pytest.mark.parametrize("text", ["move chen to tuesday morning", "move chen to tuesday",
                                  "move bob jones to friday afternoon please"])
def test_a_person_moved_to_a_day_is_a_shift_move(text: str) -> None:
    assert understand(text, locale="en-US").intent.value == "shift_move"


@pytest.mark.parametrize("text", ["move the meeting to tuesday", "move my call with bob to tuesday",
                                  "move it to tuesday", "move training to friday",
                                  "move standup to tuesday morning", "move lunch to friday",
                                  "move everything to friday", "push back to monday"])
def test_a_meeting_or_a_pronoun_moved_to_a_day_is_no_shift_move(text: str) -> None:
    assert understand(text, locale="en-US").intent.value != "shift_move"


async def test_the_shift_to_move_is_asked_for_and_nothing_changes(bot: BotHarness) -> None:
    bot.as_person("maria")
    asked = joined(await bot.say("move chen to tuesday morning"))
    assert "Which day is Chen's shift on?" in asked, asked
    assert "Before I suggest anything" not in asked, asked
    said = joined(await bot.say("no"))
    assert "I haven't changed anything" in said, said
