"""A German worker says they can't come on a day as typed on a phone: a short weekday ("ich
kann nächsten mi nicht", "kann am sa nicht") or a day of the month with its dot ("ich kann am
27. nicht"). That day's shift is found and put to them to confirm (the help menu came back);
nothing is cancelled before the yes."""

from __future__ import annotations

from datetime import date
from zoneinfo import ZoneInfo

import pytest

from services.demo_organisation import RIVERSIDE
from tests.bot_harness import BotHarness, joined

LONDON = ZoneInfo("Europe/London")
DAYS = (date(2026, 11, 25), date(2026, 11, 27), date(2026, 11, 28))


@pytest.mark.parametrize(("text", "found"), [
    ("ich kann nächsten mi nicht", "Mi., 25. Nov., Vormittag 09:00-15:00"),
    ("ich kann am 27. nicht", "Fr., 27. Nov., Nachmittag 15:00-20:00"),
    ("kann am sa nicht", "Sa., 28. Nov., Vormittag 09:00-15:00"),
    ("kann am fr nicht", "Fr., 27. Nov., Nachmittag 15:00-20:00"),
])
async def test_the_days_shift_is_put_to_the_worker(
    bot: BotHarness, text: str, found: str
) -> None:
    bot.as_person("bob-smith").locale = "de-DE"
    said = joined(await bot.say(text))
    assert f"{found} (Verkauf) absagen?" in said, said
    for day in DAYS:
        assert [s for s in await bot.shifts.shifts_on(RIVERSIDE, day, LONDON)
                if s.person_id == "bob-smith"], day  # nothing cancelled before the yes


@pytest.mark.parametrize("text", ["ich kann so nicht arbeiten", "das mache ich so nicht"])
async def test_so_in_running_text_is_no_sunday(bot: BotHarness, text: str) -> None:
    bot.as_person("bob-smith").locale = "de-DE"
    said = joined(await bot.say(text))
    assert "absagen?" not in said, said


@pytest.mark.parametrize(("text", "found"), [
    # Held out: a short weekday right after "kann" listed every coming shift.
    ("ich kann fr nicht", "Fr., 27. Nov., Nachmittag 15:00-20:00"),
    ("ich kann sa nicht", "Sa., 28. Nov., Vormittag 09:00-15:00"),
    ("kann nicht fr", "Fr., 27. Nov., Nachmittag 15:00-20:00"),
])
async def test_a_short_weekday_after_kann_is_that_day(
    bot: BotHarness, text: str, found: str
) -> None:
    bot.as_person("bob-smith").locale = "de-DE"
    said = joined(await bot.say(text))
    assert f"{found} (Verkauf) absagen?" in said, said
    assert "Welche möchten Sie absagen" not in said, said


@pytest.mark.parametrize("text", ["ich kann am 27. nicht", "ich kann am 27. nicht kommen"])
async def test_the_day_of_the_month_is_no_reason(bot: BotHarness, text: str) -> None:
    """"ich kann am 27. nicht" quoted "Grund: „ich kann am 27“" (the date's dot was read as the
    end of a sentence); the worker is asked the reason instead."""
    bot.as_person("bob-smith").locale = "de-DE"
    said = joined(await bot.say(text))
    assert "Fr., 27. Nov., Nachmittag 15:00-20:00 (Verkauf) absagen?" in said, said
    assert "Grund: „" not in said, said
    assert "Was ist der Grund für die Absage?" in said, said


async def test_a_reason_after_the_date_with_its_dot_is_kept(bot: BotHarness) -> None:
    bot.as_person("bob-smith").locale = "de-DE"
    said = joined(await bot.say("ich kann am 27. nicht, mein Kind ist krank"))
    assert "Grund: „mein Kind ist krank“" in said, said
