""""give chen fri arvo" when the afternoon would take Chen past his weekly hours: ERA asked
"which shift?" and listed the afternoon as unavailable among the others, without saying first
that the shift asked for cannot be his, and why. It says so now, then offers the day's shifts;
nothing is assigned without a pick and a yes."""

from __future__ import annotations

import pytest

from language.catalogue import say
from tests.bot_harness import BotHarness, joined

CASES = [
    ("en-US", "give chen fri arvo"),
    ("en-US", "assign chen on friday afternoon"),
    ("fr-FR", "mets chen vendredi après-midi"),
    ("de-DE", "trag chen am freitag nachmittag ein"),
    ("es-ES", "pon a chen el viernes por la tarde"),
]


@pytest.mark.parametrize(("locale", "request_text"), CASES)
async def test_why_the_part_asked_for_cannot_be_his_is_said_first(
    bot: BotHarness, locale: str, request_text: str
) -> None:
    bot.as_person("maria").locale = locale
    language = locale.split("-")[0]
    before = await bot.shifts.upcoming_shifts("chen", now=bot.clock())

    replies = await bot.say(request_text)

    head = say("shift_assign.asked_not_free", language, name="Chen Wei", shift="\x00",
               reason="\x02").partition("\x00")[0]
    first = replies[0].text
    assert first.startswith(head) and "15:00-20:00" in first, joined(replies)
    assert "21" in first  # the weekly hours it would bring him to
    assert "15:00-20:00" in joined(replies[1:])  # the day's shifts are offered after it
    assert await bot.shifts.upcoming_shifts("chen", now=bot.clock()) == before
