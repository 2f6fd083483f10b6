"""A Japanese or Chinese shift assignment said as managers say it ("…を水曜日に販売員として
アサインして", "…を販売員として水曜日に割り当てて", "安排Bob Jones周三做销售员", "Bob Jones周三排个
班，销售员") was not understood: ERA answered as to an unknown message."""

from __future__ import annotations

import pytest

from language.catalogue import default_catalogue
from tests.bot_harness import BotHarness, joined


@pytest.mark.parametrize(("locale", "request_text"), [
    ("ja-JP", "ボブ・ジョーンズを水曜日に販売員としてアサインして"),
    ("ja-JP", "ボブ・ジョーンズを水曜日にアサインしてください"),
    ("ja-JP", "ボブ・ジョーンズを販売員として水曜日に割り当てて"),
    ("zh-CN", "安排Bob Jones周三做销售员"),
    ("zh-CN", "Bob Jones周三排个班，销售员"),
])
async def test_japanese_and_chinese_assignments_as_managers_type_them(
    bot: BotHarness, locale: str, request_text: str
) -> None:
    bot.as_person("maria").locale = locale
    asked = joined(await bot.say(request_text))
    said = default_catalogue().identify(asked, "ja" if locale == "ja-JP" else "zh-Hans")
    assert any(key.startswith("shift_assign.") for key in said), asked
    assert "Bob" in asked
