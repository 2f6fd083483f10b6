"""Right after a call is booked, "make it 45 minutes", "actually make it an hour", "en fait 45
minutes", "mach eine Stunde draus" give that call a new length at the same start: ERA offers the
time (the call's own half hour counts as free), previews the change and makes it only after a
yes, so the call is not doubled. Before, "make it 45 minutes" got the help list. The call is
booked on Sun 22 Nov for Tue 24 Nov 10:00-10:30."""

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


async def _bobs_calls(bot: BotHarness) -> list[tuple[int, int, int]]:
    """(day, hour, minutes long) of Bob's calls."""
    events: list[CalendarEvent] = await bot.components.services.calendar.find_events(
        attendee_email=_BOB, window=TimeWindow(FIXED_NOW, FIXED_NOW + timedelta(days=14)))
    return [(e.starts_at.day, e.starts_at.hour, int((e.ends_at - e.starts_at).seconds // 60))
            for e in events if "Call" in e.subject]


@pytest.mark.parametrize(("locale", "change", "minutes", "shown_time"), [
    ("en-US", "make it 45 minutes", 45, "10:00-10:45"),
    ("en-US", "actually make it an hour", 60, "10:00-11:00"),
    ("fr-FR", "en fait 45 minutes", 45, "10:00-10:45"),
    ("de-DE", "mach eine stunde draus", 60, "10:00-11:00"),
])
async def test_a_new_length_keeps_the_start_after_a_preview_and_a_yes(
    bot: BotHarness, locale: str, change: str, minutes: int, shown_time: str,
) -> None:
    bot.as_person("maria")
    bot.locale = locale
    request, yes = _BOOK[locale]
    await bot.say(request)
    await bot.say("1")
    await bot.say(yes)
    assert await _bobs_calls(bot) == [(24, 10, 30)]
    offered = shown(await bot.say(change))
    assert shown_time in offered and "Bob Smith" in offered, offered
    preview = shown(await bot.say("1"))
    assert shown_time in preview, preview
    assert await _bobs_calls(bot) == [(24, 10, 30)]  # nothing changed before the yes
    await bot.say(yes)
    assert await _bobs_calls(bot) == [(24, 10, minutes)]  # changed, not doubled
