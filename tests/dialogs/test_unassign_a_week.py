"""A manager takes someone off their shifts of a week: "take Luca off the shifts this week".
ERA read the week as its first day ("Luca Rossi has no upcoming shift on Monday 23 November.
Nothing was changed."). Now it asks which of Luca's shifts that week, lists every one of them,
and takes him off the one picked, after its preview and yes; nothing changes before. Said on a
Sunday (the test clock's day), "this week" is the week ahead, Monday to Sunday, as it is for
the store's schedule."""

from __future__ import annotations

from datetime import date, timedelta
from zoneinfo import ZoneInfo

import pytest

from language.catalogue import say
from language.formatting import format_day
from services.demo_organisation import RIVERSIDE
from tests.bot_harness import BotHarness, joined

LONDON = ZoneInfo("Europe/London")
MONDAY = date(2026, 11, 23)  # the day after FIXED_NOW's Sunday
WEEK = [MONDAY + timedelta(days=n) for n in range(7)]


async def _lucas_shifts(bot: BotHarness) -> list[str]:
    return [shift.id for day in WEEK
            for shift in await bot.shifts.shifts_on(RIVERSIDE, day, LONDON)
            if shift.person_id == "luca"]


async def _holders(bot: BotHarness) -> dict[str, str | None]:
    return {shift.id: shift.person_id for day in WEEK
            for shift in await bot.shifts.shifts_on(RIVERSIDE, day, LONDON)}


@pytest.mark.parametrize(("locale", "text", "yes"), [
    ("en-GB", "take luca off the shifts this week", "yes"),
    ("fr-FR", "retire luca de ses postes cette semaine", "oui"),
    ("es-ES", "quita a luca de sus turnos esta semana", "sí"),
])
async def test_this_week_asks_which_of_his_shifts_that_week(
    bot: BotHarness, locale: str, text: str, yes: str,
) -> None:
    bot.as_person("maria").locale = locale
    language = locale[:2]
    theirs = await _lucas_shifts(bot)
    assert len(theirs) >= 2, "the demo schedule gives Luca several shifts that week"
    before = await _holders(bot)

    asked = await bot.say(text)
    reply = joined(asked)
    week = say("window.between_days", language, first=format_day(WEEK[0], language),
               last=format_day(WEEK[-1], language))
    assert say("shift_unassign.which_on_days", language, name="Luca Rossi", days=week) in reply
    options = [line for line in reply.splitlines() if line[:1].isdigit()]
    assert len(options) == len(theirs), reply
    assert await _holders(bot) == before  # nothing changed by asking

    joined(await bot.say("2"))
    assert await _holders(bot) == before  # nor by the preview
    joined(await bot.say(yes))
    after = await _holders(bot)
    assert after[theirs[1]] is None
    assert {k: v for k, v in after.items() if k != theirs[1]} == {
        k: v for k, v in before.items() if k != theirs[1]}


async def test_next_week_on_a_sunday_is_the_same_week(bot: BotHarness) -> None:
    bot.as_person("maria")
    reply = joined(await bot.say("take luca off his shifts next week"))
    week = say("window.between_days", "en", first=format_day(WEEK[0], "en"),
               last=format_day(WEEK[-1], "en"))
    assert say("shift_unassign.which_on_days", "en", name="Luca Rossi", days=week) in reply


async def test_a_single_day_is_as_before(bot: BotHarness) -> None:
    bot.as_person("maria")
    reply = joined(await bot.say("take luca off wednesday"))
    assert "Luca Rossi" in reply
    assert "between" not in reply
