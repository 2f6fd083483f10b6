"""A booking question answered with the time shown moved ("30 minutes later", "une heure plus
tard", "eine halbe Stunde früher", "晚半小时"): the same call that much later or earlier, shown
for its own yes; nothing is booked before it, and the yes books it once, at the moved time."""

from __future__ import annotations

import re
from datetime import datetime, timedelta
from zoneinfo import ZoneInfo

import pytest

from services.org_database import OrgDatabase
from tests.bot_harness import BotHarness


@pytest.mark.parametrize(
    ("request_", "pick", "moved", "locale", "yes", "minutes"),
    [("book a call with bob smith", "1", "yes but make it 30 minutes later", "en-US", "yes",
      30),
     ("book a call with bob smith", "2", "half an hour earlier please", "en-US", "ok", -30),
     ("réserve un appel avec bob smith", "1", "oui mais une heure plus tard", "fr-FR",
      "oui", 60),
     ("buch einen Anruf mit bob smith", "2", "eine halbe Stunde früher bitte", "de-DE",
      "ja", -30),
     ("reserva una llamada con bob smith", "1", "media hora más tarde", "es-ES", "sí", 30),
     ("prenota una chiamata con bob smith", "1", "sì ma mezz'ora dopo", "it-IT", "sì", 30),
     ("umów rozmowę z bob smith", "1", "tak, ale pół godziny później", "pl-PL", "tak", 30),
     ("和bob smith约个电话", "1", "晚半小时", "zh-CN", "好的", 30)],
)
async def test_a_time_moved_at_the_booking_question_is_asked_about_then_booked_once(
    bot: BotHarness, request_: str, pick: str, moved: str, locale: str, yes: str,
    minutes: int,
) -> None:
    """The finding: "yes but make it 30 minutes later" at "Book a call ... 15:00-15:30?" said
    meetings are not booked "between 00:30 and 01:30"; "une heure plus tard" made the call an
    hour long at the same start; "eine halbe Stunde später" showed the same time unchanged."""
    bot.as_person("maria")
    await bot.say(request_, locale=locale)
    start, end = _times((await bot.say(pick, locale=locale))[-1].text)
    asked = await bot.say(moved, locale=locale)
    assert not await _booked(bot)
    wanted = (start + timedelta(minutes=minutes), end + timedelta(minutes=minutes))
    assert _times(asked[-1].text) == wanted
    await bot.say(yes, locale=locale)
    assert await _booked(bot) == [wanted]
    await bot.say(yes, locale=locale)
    assert await _booked(bot) == [wanted]


_SLOT = re.compile(r"(\d{2}):(\d{2})-(\d{2}):(\d{2})")


def _times(text: str) -> tuple[datetime, datetime]:
    """The start and end of the one time a booking question shows, on a day of no matter."""
    found = _SLOT.findall(text)
    assert len(found) == 1, text
    h1, m1, h2, m2 = (int(n) for n in found[0])
    return datetime(2000, 1, 1, h1, m1), datetime(2000, 1, 1, h2, m2)


async def _booked(bot: BotHarness) -> list[tuple[datetime, datetime]]:
    """The start and end (in the store's zone, London) of every call booked."""
    db = await OrgDatabase.open(bot.components.settings.data_dir / "org.sqlite3")
    try:
        rows = await db.fetch_all(
            "SELECT starts_at, ends_at FROM calendar_events WHERE is_cancelled = 0"
            " AND request_id NOT LIKE 'seed%' ORDER BY created_at")
    finally:
        await db.close()
    london = ZoneInfo("Europe/London")
    return [tuple(datetime.fromisoformat(str(v)).astimezone(london).replace(
        year=2000, month=1, day=1, tzinfo=None) for v in (row[0], row[1]))  # type: ignore[misc]
        for row in rows]


@pytest.mark.parametrize(
    ("moved", "locale"),
    [("an hour earlier", "en-US"), ("eine Stunde früher", "de-DE"), ("1時間早めて", "ja-JP")],
)
async def test_a_time_moved_to_when_someone_is_busy_offers_the_nearest_free_times(
    bot: BotHarness, moved: str, locale: str
) -> None:
    """Moved onto a time someone is busy, nothing is booked and the free times nearest to the
    moved time are offered, the moved time said."""
    bot.as_person("maria")
    await bot.say("book a call with bob smith")
    start, _ = _times((await bot.say("1"))[-1].text)
    asked = await bot.say(moved, locale=locale)
    assert not await _booked(bot)
    assert f"{start.hour - 1:02d}:{start.minute:02d}" in asked[-1].text
    assert asked[-1].buttons and len(asked[-1].buttons) > 1
