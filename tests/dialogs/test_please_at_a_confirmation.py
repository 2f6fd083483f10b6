"""A please said alone at ERA's yes/no question ("Shall I pass your request on?" "please",
"bitte", "お願い") is the person's yes: done once; a second please does nothing more."""

from __future__ import annotations

from datetime import date
from zoneinfo import ZoneInfo

import pytest

from services.demo_organisation import RIVERSIDE
from services.org_database import OrgDatabase
from tests.bot_harness import BotHarness

THURSDAY = date(2026, 11, 26)


async def _outbox(bot: BotHarness) -> int:
    db = await OrgDatabase.open(bot.components.settings.data_dir / "org.sqlite3")
    try:
        return len(await db.fetch_all("SELECT rowid FROM outbox"))
    finally:
        await db.close()


@pytest.mark.parametrize(
    ("request_", "please", "locale"),
    [("can i get more hours?", "please", "en-US"),
     ("kann ich mehr Stunden bekommen?", "bitte", "de-DE"),
     ("¿puedo tener más horas?", "por favor", "es-ES"),
     ("posso avere più ore?", "per favore", "it-IT"),
     ("czy mogę dostać więcej godzin?", "proszę", "pl-PL"),
     ("もっとシフトに入りたいです", "お願い", "ja-JP")],
)
async def test_a_please_passes_a_request_for_more_hours_on_once(
    bot: BotHarness, chats: list[tuple[str, str]], request_: str, please: str, locale: str
) -> None:
    """The finding: "お願い" at "Shall I pass your request on to Maria Lopez?" got "Sorry, I
    didn't understand that" (as did "please", "bitte", "por favor", "proszę")."""
    bot.as_person("chen")
    await bot.say(request_, locale=locale)
    assert await _outbox(bot) == 0
    await bot.say(please, locale=locale)
    assert await _outbox(bot) == 1 and len(chats) == 1
    await bot.say(please, locale=locale)
    assert await _outbox(bot) == 1 and len(chats) == 1


@pytest.mark.parametrize(("please", "locale"),
                         [("please", "en-US"), ("s'il te plaît", "fr-FR"), ("bitte", "de-DE")])
async def test_a_please_applies_a_previewed_shift_change(
    bot: BotHarness, please: str, locale: str
) -> None:
    bot.as_person("maria")
    await bot.say("unassign chen from thursday", locale=locale)
    assert await _chen_works_thursday(bot)
    await bot.say(please, locale=locale)
    assert not await _chen_works_thursday(bot)


async def _chen_works_thursday(bot: BotHarness) -> bool:
    shifts = await bot.shifts.shifts_on(RIVERSIDE, THURSDAY, ZoneInfo("Europe/London"))
    return any(s.person_id == "chen" for s in shifts)
