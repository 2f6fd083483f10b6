"""A worker asking ERA to assign a shift is told plainly that it can't assign shifts and that
their manager, named, changes the schedule (they heard about moving and swapping shifts, which
they had not asked for); nothing is assigned."""

from __future__ import annotations

from datetime import date
from zoneinfo import ZoneInfo

import pytest

from services.demo_organisation import RIVERSIDE
from tests.bot_harness import BotHarness, joined

LONDON = ZoneInfo("Europe/London")
FRIDAY = date(2026, 11, 27)


@pytest.mark.parametrize(("locale", "text", "said"), [
    ("en-GB", "assign bob on friday",
     "I can't assign shifts for you: only your manager can change the schedule, so please "
     "ask Maria Lopez."),
    ("es-ES", "asigna a bob jones el viernes",
     "No puedo asignar turnos: solo su responsable puede cambiar el cuadrante, así que "
     "consúltelo con Maria Lopez."),
    ("fr-FR", "assigne bob jones vendredi", "Je ne peux pas attribuer de postes"),
])
async def test_the_worker_hears_who_assigns_shifts(
    bot: BotHarness, locale: str, text: str, said: str
) -> None:
    bot.as_person("alice").locale = locale
    before = [s.person_id for s in await bot.shifts.shifts_on(RIVERSIDE, FRIDAY, LONDON)]
    reply = joined(await bot.say(text))
    assert said in reply, reply
    assert "move or swap" not in reply and "mover ni intercambiar" not in reply
    assert [s.person_id for s in await bot.shifts.shifts_on(RIVERSIDE, FRIDAY, LONDON)] == before
