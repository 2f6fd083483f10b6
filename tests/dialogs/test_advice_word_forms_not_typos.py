"""A word the lexicons know with an ending of its own ("calling" of "call") is read as written,
never as a typo of a longer word: "alice didnt show up and didnt call, i tried calling" was read
as "... didnt call, i tried cancelling" and answered 'None of your upcoming meetings is called
"didnt call".', the absence never advised on."""

from __future__ import annotations

import pytest

from language.catalogue import say
from language.understanding import understand
from services.playbook_library import PlaybookLibrary
from tests.bot_harness import BotHarness, joined

LIBRARY = PlaybookLibrary.load()


def _no_show_opening() -> str:
    playbook = LIBRARY.get("no_show")
    assert playbook is not None
    return playbook.acknowledgement.split(".")[0]


@pytest.mark.parametrize("told", [
    "alice didnt show up and didnt call, i tried calling",
    "alice didnt show up for 3 days and didnt call, i tried calling her twice",
    "chen did not show up today and did not call, i tried calling him",
])
async def test_an_absence_told_with_calling_is_advised_on(bot: BotHarness, told: str) -> None:
    answer = joined(await bot.say(told))
    assert _no_show_opening() in answer, answer
    assert say("meeting.none_called", "en", title="didnt call") not in answer
    assert "cancel" not in answer.lower()


@pytest.mark.parametrize(("text", "word"), [
    ("bob didnt call, i tried calling him", "calling"),
    ("the meeting got moved, they kept calling", "calling"),
])
def test_a_known_word_with_an_ending_is_not_corrected(text: str, word: str) -> None:
    understood = understand(text, locale="en-US")
    assert word not in {typed for typed, _ in understood.corrections}
    assert str(understood.intent) != "meeting_cancel"


@pytest.mark.parametrize(("text", "meant"), [
    ("book a meting with alice", "meeting"),
    ("cancle my shfit tomorrow", "cancel"),
])
def test_real_typos_are_still_corrected(text: str, meant: str) -> None:
    assert meant in {read for _, read in understand(text, locale="en-US").corrections}
