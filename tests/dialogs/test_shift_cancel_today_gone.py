"""On a Sunday, "i can't make sunday and monday": Sunday is today. A shift of today's that is
over, or under way, is said as such (it was "You have no shift on Sun 22 Nov" for a shift that
had ended an hour before); Monday's shift goes on to the worker's own yes and reason, and
nothing is cancelled before it."""

from __future__ import annotations

from datetime import date
from zoneinfo import ZoneInfo

import pytest

from services.demo_organisation import RIVERSIDE
from tests.bot_harness import BotHarness, joined

LONDON = ZoneInfo("Europe/London")
SUNDAY, MONDAY = date(2026, 11, 22), date(2026, 11, 23)


async def _alices(bot: BotHarness) -> list[str]:
    """The labels of Alice Martin's shifts on Sunday and Monday."""
    return [s.label for day in (SUNDAY, MONDAY)
            for s in await bot.shifts.shifts_on(RIVERSIDE, day, LONDON)
            if s.person_id == "alice"]


@pytest.mark.parametrize(("locale", "text", "over", "monday"), [
    ("en-GB", "i cant make sunday and monday",
     "Your shift Sun 22 Nov, Morning 09:00-15:00 (cashier) is already over", "Mon 23 Nov"),
    ("fr-FR", "je peux pas venir dimanche et lundi",
     "Votre poste dim. 22 nov., Matin 09:00-15:00 (caisse) est déjà terminé", "lun. 23 nov."),
    ("de-DE", "ich kann sonntag und montag nicht",
     "Ihre Schicht So., 22. Nov., Vormittag 09:00-15:00 (Kasse) ist schon vorbei",
     "Mo., 23. Nov."),
    ("es-ES", "no puedo ir el domingo ni el lunes",
     "Su turno dom., 22 nov., Mañana 09:00-15:00 (caja) ya ha terminado", "lun., 23 nov."),
    ("pl-PL", "nie mogę w niedzielę i poniedziałek",
     "Twoja zmiana niedz., 22 lis, Rano 09:00-15:00 (kasa) już się skończyła", "pon., 23 lis"),
])
async def test_todays_shift_that_is_over_is_said_and_the_next_day_asked(
    bot: BotHarness, locale: str, text: str, over: str, monday: str
) -> None:
    bot.clock.advance(hours=6)  # Sunday 16:00: Alice's morning shift ended at 15:00
    bot.as_person("alice").locale = locale
    kept = await _alices(bot)
    said = joined(await bot.say(text))
    assert over in said, said
    assert monday in said, said
    assert await _alices(bot) == kept  # nothing before the yes and the reason


async def test_todays_shift_under_way_is_said_and_the_manager_named(bot: BotHarness) -> None:
    bot.as_person("alice").locale = "en-GB"
    kept = await _alices(bot)
    said = joined(await bot.say("i cant make sunday and monday"))
    assert ("Your shift Sun 22 Nov, Morning 09:00-15:00 (cashier) has already started, so I "
            "can't cancel it. If you can't finish it, please tell Maria Lopez") in said, said
    assert "no shift on Sun 22 Nov" not in said
    assert "Mon 23 Nov" in said, said
    assert await _alices(bot) == kept
