"""A never mind as people type it, with a resigned word before it ("vabbè lascia perdere",
"meh forget it", "bof laisse tomber", "naja, lass mal"), ends what is open: at the list of
shifts to cancel "vabbè lascia perdere" was asked again. With nothing open, a never mind
("算了", "déjalo") is acknowledged in a line, not answered with the list of what ERA can do."""

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


@pytest.mark.parametrize(("locale", "request_text", "never_mind"), [
    ("it-IT", "cancella il mio turno", "vabbè lascia perdere"),
    ("it-IT", "cancella il mio turno", "mah, lascia stare"),
    ("en-GB", "cancel my shift", "meh forget it"),
    ("fr-FR", "annule mon service", "bof laisse tomber"),
    ("de-DE", "meine Schicht absagen", "naja, lass mal"),
    ("nl-NL", "annuleer mijn dienst", "ach laat maar"),
])
async def test_a_never_mind_at_the_list_of_shifts_ends_it(
    bot: BotHarness, chats: list[tuple[str, str]], locale: str, request_text: str,
    never_mind: str,
) -> None:
    bot.as_person("bob-smith").locale = locale
    listed = await bot.say(request_text)
    assert len([b for reply in listed for b in reply.buttons]) >= 5, joined(listed)
    ended = await bot.say(never_mind)
    assert not [b for reply in ended for b in reply.buttons], joined(ended)
    # The list is gone: a "1" now picks nothing.
    await bot.say("1")
    assert await _bobs_days(bot) == WEEK
    assert chats == []


@pytest.mark.parametrize(("locale", "never_mind"), [
    ("zh-CN", "算了"),
    ("es-ES", "déjalo"),
    ("ja-JP", "やっぱりいいです"),
    ("it-IT", "vabbè lascia perdere"),
    ("en-GB", "never mind"),
    ("de-DE", "ach egal, vergiss es"),
])
async def test_a_never_mind_with_nothing_open_is_acknowledged_in_a_line(
    bot: BotHarness, locale: str, never_mind: str
) -> None:
    bot.as_person("chen").locale = locale
    replies = await bot.say(never_mind)
    said = joined(replies)
    assert len(replies) == 1 and "\n" not in said, said
    assert not replies[0].buttons
