"""A manager swaps two people's shifts on different days ("swap Bob Smith's Wednesday shift
with Chen's on Thursday"), in any language: each person's shift is the one on the day said
with their name, both are previewed, and only a yes swaps them. It used to look for Chen's
shift on Wednesday and say there was nothing to swap."""

from __future__ import annotations

from datetime import date
from zoneinfo import ZoneInfo

import pytest

from services.demo_organisation import RIVERSIDE
from tests.bot_harness import BotHarness, joined

_WEDNESDAY, _THURSDAY = date(2026, 11, 25), date(2026, 11, 26)
_LONDON = ZoneInfo("Europe/London")


async def _holder(bot: BotHarness, day: date, starts: int) -> str | None:
    """Who holds the sales associate shift starting at `starts` o'clock that day."""
    shifts = await bot.shifts.shifts_on(RIVERSIDE, day, _LONDON)
    return next(s.person_id for s in shifts if s.role == "sales associate"
                and s.starts_at.astimezone(_LONDON).hour == starts)


@pytest.mark.parametrize(("locale", "request_text", "yes", "wednesday", "thursday"), [
    ("en-GB", "swap Bob Smith's Wednesday shift with Chen's on Thursday", "yes",
     "Wed 25 Nov", "Thu 26 Nov"),
    ("fr-FR", "échange le poste de Bob Smith mercredi avec celui de Chen jeudi", "oui",
     "mer. 25 nov.", "jeu. 26 nov."),
    ("de-DE", "tausche die Schicht von Bob Smith am Mittwoch mit der von Chen am Donnerstag",
     "ja", "Mi., 25. Nov.", "Do., 26. Nov."),
    ("es-ES", "intercambia el turno de Bob Smith del miércoles con el de Chen del jueves",
     "sí", "mié., 25 nov.", "jue., 26 nov."),
    ("ja-JP", "水曜日のボブ・スミスのシフトと木曜日のチェンのシフトを交換して", "はい",
     "11月25日(水)", "11月26日(木)"),
])
async def test_each_person_keeps_their_own_day(
    bot: BotHarness, locale: str, request_text: str, yes: str, wednesday: str, thursday: str,
) -> None:
    bot.as_person("maria")
    preview = joined(await bot.say(request_text, locale=locale))
    assert wednesday in preview and thursday in preview
    assert await _holder(bot, _WEDNESDAY, 9) == "bob-smith"  # nothing moved before the yes
    await bot.say(yes, locale=locale)
    assert await _holder(bot, _WEDNESDAY, 9) == "chen"
    assert await _holder(bot, _THURSDAY, 15) == "bob-smith"


async def test_a_day_corrected_on_the_way_is_one_day(bot: BotHarness) -> None:
    bot.as_person("maria")
    said = joined(await bot.say("swap Bob Smith and Chen on tuesday, no sorry thursday"))
    assert "Tue 24 Nov" not in said and "Thu 26 Nov" in said
