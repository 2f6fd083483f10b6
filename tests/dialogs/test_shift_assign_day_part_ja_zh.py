"""A Japanese or Chinese manager puts someone on a day's part: "金曜の夜にチェンさんを入れて",
"周五晚上给陈排班" (the surname alone, as Chinese names a colleague). The shift named is
previewed, and nothing changes before the yes."""

from __future__ import annotations

from datetime import date
from zoneinfo import ZoneInfo

import pytest

from services.demo_organisation import RIVERSIDE
from tests.bot_harness import BotHarness, joined

FRIDAY = date(2026, 11, 27)


async def _chens_friday(bot: BotHarness) -> list[str]:
    return [s.label for s in await bot.shifts.shifts_on(RIVERSIDE, FRIDAY,
                                                        ZoneInfo("Europe/London"))
            if s.person_id == "chen"]


@pytest.mark.parametrize(("locale", "request_text", "preview", "yes"), [
    ("ja-JP", "金曜の夜にチェンさんを入れて", "Chen Weiさん → 11月27日(金) 夜 20:00-23:00", "はい"),
    ("ja-JP", "チェンさんを金曜の夜に入れて", "Chen Weiさん → 11月27日(金) 夜 20:00-23:00", "はい"),
    ("ja-JP", "金曜日の夜にチェンさんを割り当てて", "Chen Weiさん → 11月27日(金) 夜 20:00-23:00",
     "はい"),
    ("zh-CN", "周五晚上给陈排班", "Chen Wei → 11月27日周五 晚班 20:00-23:00", "是"),
    ("zh-CN", "给陈排周五晚上的班", "Chen Wei → 11月27日周五 晚班 20:00-23:00", "是"),
    ("zh-CN", "安排陈周五晚上上班", "Chen Wei → 11月27日周五 晚班 20:00-23:00", "好的"),
])
async def test_a_day_part_and_a_person_preview_that_shift(
    bot: BotHarness, locale: str, request_text: str, preview: str, yes: str
) -> None:
    bot.as_person("maria")
    bot.locale = locale
    before = await _chens_friday(bot)
    shown = joined(await bot.say(request_text))
    assert preview in shown, shown
    assert await _chens_friday(bot) == before
    assert preview in joined(await bot.say(yes))
    assert sorted(await _chens_friday(bot)) == sorted([*before, "Evening"])


@pytest.mark.parametrize(("locale", "request_text"), [
    ("ja-JP", "金曜の午後にチェンさんを入れて"),
    ("zh-CN", "周五下午给陈排班"),
    ("zh-CN", "周五下午安排陈上班"),
])
async def test_the_afternoon_asked_for_is_the_one_weighed(
    bot: BotHarness, locale: str, request_text: str
) -> None:
    bot.as_person("maria")
    bot.locale = locale
    before = await _chens_friday(bot)
    shown = joined(await bot.say(request_text))
    # Chen's weekly limit rules the afternoon out: it is named, and nothing is assigned.
    assert "Chen Wei" in shown and "15:00-20:00" in shown, shown
    assert await _chens_friday(bot) == before
