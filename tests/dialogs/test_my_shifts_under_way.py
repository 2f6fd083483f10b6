"""A shift under way (started, not ended) is in the worker's own list of shifts, marked so: Chen's
"what are my shifts?" at 16:00 left out his 15:00-20:00 shift. "cancel the first one" at that
list says it has started and who to tell, and cancels nothing; "when is my next shift?" is still
the one to come."""

from __future__ import annotations

from datetime import date, timedelta
from zoneinfo import ZoneInfo

import pytest

from core.shift import Shift
from language.catalogue import say
from services.demo_organisation import RIVERSIDE
from tests.bot_harness import BotHarness, joined

LONDON = ZoneInfo("Europe/London")
MONDAY = date(2026, 11, 23)


async def _bobs_monday(bot: BotHarness) -> Shift:
    return next(s for s in await bot.shifts.shifts_on(RIVERSIDE, MONDAY, LONDON)
                if s.person_id == "bob-smith")


async def _into_the_shift(bot: BotHarness) -> Shift:
    """The clock an hour into Bob Smith's Monday shift."""
    shift = await _bobs_monday(bot)
    bot.clock.advance(seconds=(shift.starts_at + timedelta(hours=1) - bot.clock()).total_seconds())
    return shift


@pytest.mark.parametrize(("locale", "language", "question"), [
    ("en-US", "en", "what are my shifts?"),
    ("fr-FR", "fr", "quels sont mes postes ?"),
    ("de-DE", "de", "meine Schichten anzeigen"),
    ("es-ES", "es", "¿cuáles son mis turnos?"),
    ("ja-JP", "ja", "私のシフトは？"),
])
async def test_the_shift_under_way_is_listed_first_and_marked(
    bot: BotHarness, locale: str, language: str, question: str
) -> None:
    await _into_the_shift(bot)
    bot.as_person("bob-smith").locale = locale
    listed = joined(await bot.say(question))
    lines = [line for line in listed.splitlines() if line.startswith("- ")]
    marked = say("my_shifts.under_way", language, shift="").strip(" :")
    assert marked in lines[0], listed
    assert sum(marked in line for line in lines) == 1


async def test_today_asked_during_the_shift_lists_it(bot: BotHarness) -> None:
    await _into_the_shift(bot)
    bot.as_person("bob-smith")
    listed = joined(await bot.say("what are my shifts today?"))
    assert "Mon 23 Nov" in listed and "under way now" in listed, listed


async def test_cancel_the_first_one_says_it_has_started_and_cancels_nothing(
    bot: BotHarness, chats: list[tuple[str, str]]
) -> None:
    shift = await _into_the_shift(bot)
    bot.as_person("bob-smith")
    await bot.say("what are my shifts?")
    said = joined(await bot.say("cancel the first one"))
    assert "has already started" in said and "Maria Lopez" in said, said
    assert "reason" not in said.lower()
    assert (await bot.shifts.get_shift(shift.id)).person_id == "bob-smith"
    assert chats == []


async def test_cancel_it_at_a_list_of_the_shift_under_way_alone_cancels_nothing(
    bot: BotHarness, chats: list[tuple[str, str]]
) -> None:
    shift = await _into_the_shift(bot)
    bot.as_person("bob-smith").locale = "fr-FR"
    await bot.say("mes postes aujourd'hui ?")
    said = joined(await bot.say("annule-le"))
    assert "a déjà commencé" in said and "Maria Lopez" in said, said
    assert (await bot.shifts.get_shift(shift.id)).person_id == "bob-smith"
    assert chats == []


async def test_the_next_shift_is_still_the_one_to_come(bot: BotHarness) -> None:
    await _into_the_shift(bot)
    bot.as_person("bob-smith")
    said = joined(await bot.say("when is my next shift?"))
    assert "Tue 24 Nov" in said and "under way" not in said, said
