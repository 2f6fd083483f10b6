"""Right after a call is booked, "can you change it to 3pm" or "actually make it friday" is a
move of that call: ERA shows the call, offers times on the day asked for (a time alone keeps the
call's day) and moves it only after its own preview and a yes. Before, the first got the help
list and the second performance advice. The call is booked on Sun 22 Nov for Tue 24 Nov 10:00."""

from __future__ import annotations

from datetime import timedelta

import pytest

from core.calendar_event import CalendarEvent
from core.time_window import TimeWindow
from tests.bot_harness import BotHarness, shown
from tests.conftest import FIXED_NOW

_BOB = "bob.smith@contoso.example"

_BOOK = {
    "en-US": ("call with bob smith on tuesday at 10", "yes"),
    "fr-FR": ("appel avec bob smith mardi à 10h", "oui"),
    "de-DE": ("telefonat mit bob smith am dienstag um 10", "ja"),
}


async def _bobs_calls(bot: BotHarness) -> list[tuple[int, int]]:
    events: list[CalendarEvent] = await bot.components.services.calendar.find_events(
        attendee_email=_BOB, window=TimeWindow(FIXED_NOW, FIXED_NOW + timedelta(days=14)))
    return [(e.starts_at.day, e.starts_at.hour) for e in events if "Call" in e.subject]


async def _book(bot: BotHarness, locale: str) -> None:
    bot.as_person("maria")
    bot.locale = locale
    request, yes = _BOOK[locale]
    await bot.say(request)
    await bot.say("1")
    await bot.say(yes)
    assert await _bobs_calls(bot) == [(24, 10)]


@pytest.mark.parametrize(("locale", "change"), [
    ("en-US", "can you change it to 3pm"),
    ("en-US", "pls change it to 3pm"),
    ("fr-FR", "tu peux le changer à 15h ?"),
    ("de-DE", "kannst du es auf 15 uhr ändern?"),
])
async def test_a_new_hour_moves_the_call_on_its_day_after_a_yes(
    bot: BotHarness, locale: str, change: str,
) -> None:
    await _book(bot, locale)
    offered = shown(await bot.say(change))
    assert "Bob Smith" in offered and "24" in offered and "15:00" in offered, offered
    assert await _bobs_calls(bot) == [(24, 10)]  # nothing moved before its preview
    preview = shown(await bot.say("1"))
    assert await _bobs_calls(bot) == [(24, 10)], preview
    await bot.say(_BOOK[locale][1])
    [(day, hour)] = await _bobs_calls(bot)  # moved, not doubled: the 10:00 call is gone
    assert day == 24 and 15 <= hour < 17, (day, hour)


@pytest.mark.parametrize(("locale", "change"), [
    ("en-US", "actually make it friday"),
    ("en-US", "move it to friday"),
    ("fr-FR", "en fait mets-le vendredi"),
    ("de-DE", "mach es lieber freitag"),
])
async def test_another_day_offers_times_that_day_and_moves_nothing(
    bot: BotHarness, locale: str, change: str,
) -> None:
    await _book(bot, locale)
    offered = shown(await bot.say(change))
    assert "Bob Smith" in offered and "27" in offered, offered
    assert await _bobs_calls(bot) == [(24, 10)]
