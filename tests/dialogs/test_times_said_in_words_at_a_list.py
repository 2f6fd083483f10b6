"""A time said in words at a list of times ("half ten", "um halb elf", "om half elf", "o wpół
do jedenastej", "dix heures et demie") picks the time listed at 10:30; it was met with the
list asked again (the reply reader reads clock times in digits only). Nothing is booked
before its own yes."""

from __future__ import annotations

import pytest

from services.org_database import OrgDatabase
from tests.bot_harness import BotHarness, joined


async def _booked(bot: BotHarness) -> int:
    db = await OrgDatabase.open(bot.components.settings.data_dir / "org.sqlite3")
    try:
        return len(await db.fetch_all("SELECT id FROM calendar_events WHERE is_cancelled = 0"))
    finally:
        await db.close()


@pytest.mark.parametrize(("locale", "request_", "half_ten"), [
    ("en-GB", "book a meeting with alice on tuesday", "half ten"),
    ("en-GB", "book a meeting with alice on tuesday", "the half past ten one"),
    ("de-DE", "Termin mit Alice am Dienstag", "um halb elf"),
    ("nl-NL", "plan een afspraak met alice op dinsdag", "om half elf"),
    ("pl-PL", "umów spotkanie z alice we wtorek", "o wpół do jedenastej"),
    ("fr-FR", "réunion avec alice mardi", "dix heures et demie"),
])
async def test_a_time_said_in_words_picks_that_time(
    bot: BotHarness, locale: str, request_: str, half_ten: str
) -> None:
    bot.as_person("maria")
    bot.locale = locale
    listed = joined(await bot.say(request_))
    assert "10:30-11:00" in listed or any(
        "10:30-11:00" in title for reply in bot.transcript for title, _ in reply.buttons)
    before = await _booked(bot)
    picked = await bot.say(half_ten)
    assert "10:30-11:00" in picked[-1].text, joined(picked)
    assert len(picked[-1].buttons) <= 3  # a yes or no, not the list again
    assert await _booked(bot) == before
