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


WEDNESDAY = date(2026, 11, 25)


async def _labels(bot: BotHarness, person: str, day: date) -> list[str]:
    return [s.label for s in await bot.shifts.shifts_on(RIVERSIDE, day, ZoneInfo("Europe/London"))
            if s.person_id == person]


@pytest.mark.parametrize(("request_text", "person", "day", "preview"), [
    ("give bob smith wed evening", "bob-smith", WEDNESDAY,
     "Preview: Bob Smith → Wed 25 Nov, Evening 20:00-23:00"),
    ("give bob smith wednesday eve", "bob-smith", WEDNESDAY,
     "Preview: Bob Smith → Wed 25 Nov, Evening 20:00-23:00"),
    ("put bob smith wed eve", "bob-smith", WEDNESDAY,
     "Preview: Bob Smith → Wed 25 Nov, Evening 20:00-23:00"),
    ("schedule bob smith wed evening", "bob-smith", WEDNESDAY,
     "Preview: Bob Smith → Wed 25 Nov, Evening 20:00-23:00"),
    ("give luca rossi sat eve", "luca", SATURDAY,
     "Preview: Luca Rossi → Sat 28 Nov, Evening 20:00-23:00"),
    ("put luca rossi saturday morning", "luca", SATURDAY,
     "Preview: Luca Rossi → Sat 28 Nov, Morning 09:00-15:00"),
])
async def test_a_full_name_with_a_day_and_its_part_previews_that_shift(
    bot: BotHarness, request_text: str, person: str, day: date, preview: str
) -> None:
    bot.as_person("maria")
    before = await _labels(bot, person, day)
    shown = joined(await bot.say(request_text))
    if "Which role" in shown:
        shown = joined(await bot.say("1"))
    assert preview in shown, shown
    assert await _labels(bot, person, day) == before
    assert "Done:" in joined(await bot.say("yes"))
    assert sorted(await _labels(bot, person, day)) == sorted(
        [*before, preview.split(", ")[1].split()[0]])


@pytest.mark.parametrize("message", [
    "schedule a meeting fri morning", "schedule time friday morning",
])
async def test_scheduling_something_else_on_a_day_part_is_no_assignment(
    bot: BotHarness, message: str
) -> None:
    bot.as_person("maria")
    shown = joined(await bot.say(message))
    assert not any(
        w in shown for w in ("Preview:", "→", "Which role", "Who should I assign")), shown
