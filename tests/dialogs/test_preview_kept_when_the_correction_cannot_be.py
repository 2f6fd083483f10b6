"""A yes with another day at a shift change's preview ("yes but saturday") when the change
cannot be made on that day: ERA says why, and the change shown is asked about again; a yes
then applies it once. It was dropped unsaid: the next "yes" found nothing waiting."""

from __future__ import annotations

from datetime import date
from zoneinfo import ZoneInfo

import pytest

from language.catalogue import default_catalogue
from services.demo_organisation import RIVERSIDE
from tests.bot_harness import BotHarness, joined

LONDON = ZoneInfo("Europe/London")
THURSDAY = date(2026, 11, 26)


async def _chen_works_thursday(bot: BotHarness) -> bool:
    shifts = await bot.shifts.shifts_on(RIVERSIDE, THURSDAY, LONDON)
    return any(s.person_id == "chen" for s in shifts)


@pytest.mark.parametrize(
    ("request_", "correction", "yes", "locale"),
    [("unassign chen from thursday", "yes but saturday", "yes", "en-US"),
     ("unassign chen from thursday", "ok but on saturday", "ok", "en-US"),
     ("retire chen de jeudi", "oui mais samedi", "oui", "fr-FR"),
     ("nimm chen am donnerstag raus", "ja aber samstag", "ja", "de-DE"),
     ("quita a chen del jueves", "sí pero el sábado", "sí", "es-ES")],
)
async def test_a_day_with_no_shift_keeps_the_preview_open(
    bot: BotHarness, request_: str, correction: str, yes: str, locale: str
) -> None:
    bot.as_person("maria")
    await bot.say(request_, locale=locale)
    answered = await bot.say(correction, locale=locale)
    said = [default_catalogue().identify(reply.text) for reply in answered]
    assert any("no_shift" in " ".join(ids) for ids in said), joined(answered)
    assert "shift_change.preview" in said[-1] and "Chen Wei" in answered[-1].text
    assert await _chen_works_thursday(bot)
    await bot.say(yes, locale=locale)
    assert not await _chen_works_thursday(bot)
