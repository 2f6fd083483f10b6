"""At the reason question, a "don't cancel" naming one of the shifts being cancelled ("n annule
pas le 1") keeps that shift: it is dropped from what is cancelled (nothing is, if it was the
only one), and ERA says so. It got "I need the reason... before cancelling anything"."""

from __future__ import annotations

from datetime import date, timedelta
from zoneinfo import ZoneInfo

import pytest

from services.demo_organisation import RIVERSIDE
from tests.bot_harness import BotHarness, joined

LONDON = ZoneInfo("Europe/London")
MONDAY = date(2026, 11, 23)
WEEK = [MONDAY + timedelta(days=n) for n in range(6)]  # Bob Smith works each day, Mon to Sat


async def _bobs_days(bot: BotHarness) -> list[date]:
    return [day for day in WEEK
            if any(s.person_id == "bob-smith"
                   for s in await bot.shifts.shifts_on(RIVERSIDE, day, LONDON))]


@pytest.mark.parametrize(("locale", "request_text", "keep", "kept_word", "reason"), [
    ("fr-FR", "annule mes postes de lundi et mardi", "n annule pas le 1", "garde",
     "rendez-vous chez le médecin"),
    ("en-GB", "cancel my shifts on monday and tuesday", "don't cancel the first one", "keep",
     "doctor's appointment"),
    ("es-ES", "cancela mis turnos del lunes y martes", "no canceles el 1", "mantengo",
     "tengo cita médica"),
    ("de-DE", "storniere meine Schichten am Montag und Dienstag", "storniere nicht die 1",
     "bleibt", "Arzttermin"),
])
async def test_a_dont_cancel_at_the_reason_question_keeps_that_shift(
    bot: BotHarness, locale: str, request_text: str, keep: str, kept_word: str, reason: str
) -> None:
    bot.as_person("bob-smith").locale = locale
    asked = joined(await bot.say(request_text))
    assert "23" in asked and "24" in asked, asked
    said = joined(await bot.say(keep))
    assert kept_word in said and "24" in said, said
    assert await _bobs_days(bot) == WEEK
    await bot.say(reason)
    assert await _bobs_days(bot) == [day for day in WEEK if day != WEEK[1]]


async def test_keeping_the_only_shift_cancels_nothing(bot: BotHarness) -> None:
    bot.as_person("bob-smith").locale = "fr-FR"
    await bot.say("annule mon poste de lundi")
    said = joined(await bot.say("n annule pas le 1"))
    assert "rien annulé" in said, said
    await bot.say("rendez-vous chez le médecin")
    assert await _bobs_days(bot) == WEEK
