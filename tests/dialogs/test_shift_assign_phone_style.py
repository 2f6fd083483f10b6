"""A manager types an assignment the way people do on a phone: "put luca on sat eve", "stick
sophie on tues morn", "give luca saturday evening". The shift named is previewed, and nothing
changes before the yes."""

from __future__ import annotations

from datetime import date
from zoneinfo import ZoneInfo

import pytest

from services.demo_organisation import RIVERSIDE
from tests.bot_harness import BotHarness, joined

SATURDAY = date(2026, 11, 28)


async def _lucas_saturday(bot: BotHarness) -> list[str]:
    return [s.label for s in await bot.shifts.shifts_on(RIVERSIDE, SATURDAY,
                                                        ZoneInfo("Europe/London"))
            if s.person_id == "luca"]


@pytest.mark.parametrize(("request_text", "preview"), [
    ("put luca on sat eve", "Preview: Luca Rossi → Sat 28 Nov, Evening 20:00-23:00"),
    ("give luca saturday evening", "Preview: Luca Rossi → Sat 28 Nov, Evening 20:00-23:00"),
    ("give luca sat eve", "Preview: Luca Rossi → Sat 28 Nov, Evening 20:00-23:00"),
    ("put luca on sat am", "Preview: Luca Rossi → Sat 28 Nov, Morning 09:00-15:00"),
    ("stick luca on saturday morning", "Preview: Luca Rossi → Sat 28 Nov, Morning 09:00-15:00"),
    ("put luca on sat arvo", "Preview: Luca Rossi → Sat 28 Nov, Afternoon 15:00-20:00"),
])
async def test_a_day_and_its_part_said_short_previews_that_shift(
    bot: BotHarness, request_text: str, preview: str
) -> None:
    bot.as_person("maria")
    shown = joined(await bot.say(request_text))
    assert preview in shown, shown
    assert await _lucas_saturday(bot) == []
    assert "Done:" in joined(await bot.say("yes"))
    assert await _lucas_saturday(bot) == [preview.split(", ")[1].split()[0]]


@pytest.mark.parametrize("message", [
    "give bob smith friday off", "give luca feedback saturday evening",
    "can you stick around on saturday evening", "i might pop out early on friday",
    "pop round to the office on monday",
])
async def test_everyday_words_are_no_assignment(bot: BotHarness, message: str) -> None:
    bot.as_person("maria")
    shown = joined(await bot.say(message))
    assert not any(w in shown for w in ("Preview:", "→", "role", "assign")), shown
    assert await _lucas_saturday(bot) == []
