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
