"""Chinese invites a colleague to a meeting already booked by the surname alone after "invite"
or "please" and "also" ("邀请陈参加周五的会议", "请陈也参加周五的会", "把陈也拉进周五的会议"):
ERA previews adding Chen Wei to Friday's meeting and adds him only after a yes. Before, each got
"要把谁添加到会议中？" (who should be added?): the surname was not read as a name there."""

from __future__ import annotations

from datetime import timedelta

import pytest

from core.hanzi_names import spell_hanzi_names
from core.time_window import TimeWindow
from tests.bot_harness import BotHarness, joined
from tests.conftest import FIXED_NOW

CHEN = "chen.wei@contoso.example"


async def _chens_meetings(bot: BotHarness) -> list[str]:
    events = await bot.components.services.calendar.find_events(
        attendee_email=CHEN, window=TimeWindow(FIXED_NOW, FIXED_NOW + timedelta(days=14)))
    return [e.subject for e in events]


@pytest.mark.parametrize("request_text", [
    "邀请陈参加周五的会议",
    "请陈也参加周五的会",
    "把陈也拉进周五的会议",
    "邀请陈加入周五的会议",
])
async def test_the_surname_after_invite_adds_them_after_a_yes(
    meetings_bot: BotHarness, request_text: str,
) -> None:
    bot = meetings_bot
    bot.locale = "zh-CN"
    preview = joined(await bot.say(request_text))
    assert "把Chen Wei加到" in preview and "Rota review" in preview, preview
    assert await _chens_meetings(bot) == []
    await bot.say("好的")
    assert await _chens_meetings(bot) == ["Rota review"]


@pytest.mark.parametrize("text", ["把陈列品放好", "请陈述一下理由"])
def test_words_that_start_with_the_surname_stay_words(text: str) -> None:
    assert spell_hanzi_names(text, ("chen", "wei")) == text
