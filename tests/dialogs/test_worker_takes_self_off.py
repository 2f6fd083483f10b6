"""A worker taking someone else off a shift hears that only their manager changes the schedule
(they heard about moving and swapping shifts, which they had not asked for); a worker taking
themselves off a day ("take me off monday", "trag mich am montag aus") is cancelling their own
shift there, asked for its reason and yes (it was "I'm not sure what you'd like"). Nothing
changes without that yes."""

from __future__ import annotations

from datetime import date
from zoneinfo import ZoneInfo

import pytest

from language.understanding import understand
from services.demo_organisation import RIVERSIDE
from tests.bot_harness import BotHarness, joined

LONDON = ZoneInfo("Europe/London")
MONDAY = date(2026, 11, 23)


async def _on_monday(bot: BotHarness) -> list[str]:
    return sorted(s.person_id for s in await bot.shifts.shifts_on(RIVERSIDE, MONDAY, LONDON))


@pytest.mark.parametrize(("locale", "text", "said"), [
    ("en-GB", "unassign alice from monday",
     "I can't take people off shifts for you: only your manager can change the schedule, so "
     "please ask Maria Lopez."),
    ("fr-FR", "retire alice du planning de lundi", "Je ne peux retirer personne d'un poste"),
    ("ja-JP", "アリスを月曜のシフトから外して", "ほかの方をシフトから外すことは私からはできません"),
])
async def test_the_worker_hears_who_takes_people_off_shifts(
    bot: BotHarness, locale: str, text: str, said: str
) -> None:
    bot.as_person("bob-smith").locale = locale
    before = await _on_monday(bot)
    reply = joined(await bot.say(text))
    assert said in reply, reply
    assert "move or swap" not in reply and "déplacer ni échanger" not in reply, reply
    assert await _on_monday(bot) == before


@pytest.mark.parametrize(("locale", "text", "asked", "no"), [
    ("en-GB", "take me off monday", "What's the reason for cancelling?", "no"),
    ("en-GB", "unassign me from the rota on monday", "What's the reason for cancelling?", "no"),
    ("fr-FR", "retire-moi du planning de lundi", "Quel est le motif de l'annulation ?", "non"),
    ("de-DE", "trag mich am montag aus", "Was ist der Grund für die Absage?", "nein"),
    ("es-ES", "quítame del turno del lunes", "¿Cuál es el motivo", "no"),
    ("it-IT", "toglimi dal turno di lunedì", "Qual è il motivo", "no"),
    ("nl-NL", "haal me van het rooster op maandag", "Wat is de reden", "nee"),
    ("pl-PL", "zdejmij mnie z grafiku w poniedziałek", "Z jakiego powodu?", "nie"),
])
async def test_taking_oneself_off_a_day_cancels_ones_own_shift_on_its_yes(
    bot: BotHarness, locale: str, text: str, asked: str, no: str
) -> None:
    bot.as_person("bob-smith").locale = locale
    before = await _on_monday(bot)
    reply = joined(await bot.say(text))
    assert "Mon 23 Nov" in reply or "23" in reply, reply
    assert asked in reply, reply
    await bot.say(no)
    assert await _on_monday(bot) == before


@pytest.mark.parametrize(("text", "locale"), [
    ("remove me from the schedule group chat", "en-GB"), ("get me off the rota emails", "en-GB"),
    ("get me out of the rota whatsapp", "en-GB"), ("retire-moi du groupe planning", "fr-FR"),
])
def test_leaving_a_group_or_a_list_is_no_shift_cancelled(text: str, locale: str) -> None:
    """"remove me from the schedule group chat" was read as cancelling one's own shift."""
    assert understand(text, locale=locale).intent.value != "shift_cancel"
