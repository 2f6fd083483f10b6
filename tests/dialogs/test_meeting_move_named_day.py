"""A move request naming one day after "my meeting on" ("reschedule my meeting on tuesday",
"déplace ma réunion de mardi", "verschieb mein Meeting am Dienstag") names the meeting to move,
not where to move it: none that day is said as such, one that day is the one moved; a day after
"to" ("move my meeting to tuesday") is still where it goes. Maria's meetings: Thu 26 Nov with
Bob, Fri 27 Nov with Alice; the requests are made on Sun 22 Nov."""

from __future__ import annotations

from datetime import timedelta

import pytest

from core.calendar_event import CalendarEvent
from core.time_window import TimeWindow
from tests.bot_harness import BotHarness, shown
from tests.conftest import FIXED_NOW


async def _meetings(bot: BotHarness) -> list[CalendarEvent]:
    return await bot.components.services.calendar.find_events(
        attendee_email="maria.lopez@contoso.example",
        window=TimeWindow(FIXED_NOW, FIXED_NOW + timedelta(days=14)))


@pytest.mark.parametrize(("locale", "request_text"), [
    ("en-US", "reschedule my meeting on tuesday"),
    ("en-US", "pls move my mtg from tue"),
    ("fr-FR", "déplace ma réunion de mardi"),
    ("de-DE", "verschieb mein meeting am dienstag"),
    ("es-ES", "mueve mi reunión del martes"),
    ("ja-JP", "火曜日の会議を移動して"),
])
async def test_no_meeting_on_the_day_named_is_said(
    meetings_bot: BotHarness, locale: str, request_text: str,
) -> None:
    meetings_bot.locale = locale
    before = await _meetings(meetings_bot)
    said = shown(await meetings_bot.say(request_text))
    assert "24" in said, said  # the Tuesday asked about
    assert "26" not in said and "27" not in said, said  # not the other days' meetings
    assert await _meetings(meetings_bot) == before


@pytest.mark.parametrize(("locale", "request_text"), [
    ("en-US", "move my meeting on friday"),
    ("en-US", "move my mtg from fri"),
    ("fr-FR", "déplace ma réunion de vendredi"),
    ("de-DE", "verschieb mein Meeting am Freitag"),
    ("it-IT", "sposta la mia riunione di venerdì"),
])
async def test_the_meeting_on_the_day_named_is_the_one_moved(
    meetings_bot: BotHarness, locale: str, request_text: str,
) -> None:
    meetings_bot.locale = locale
    said = shown(await meetings_bot.say(request_text))
    assert "Rota review" in said and "check-in" not in said, said
    assert "27" in said and "26" not in said, said


@pytest.mark.parametrize(("locale", "request_text"), [
    ("en-US", "move my meeting to tuesday"),
    ("fr-FR", "déplace ma réunion à mardi"),
    ("de-DE", "verschieb mein Meeting auf Dienstag"),
])
async def test_a_day_it_moves_to_still_asks_which_meeting(
    meetings_bot: BotHarness, locale: str, request_text: str,
) -> None:
    meetings_bot.locale = locale
    said = shown(await meetings_bot.say(request_text))
    assert "check-in" in said and "Rota review" in said, said
