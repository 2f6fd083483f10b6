"""A link in a worker's cancel request is no reason for cancelling.

The finding: Bob's "[click here](http://x.example) cancel my shift tomorrow" (which reads
"click here (http://x.example) cancel my shift tomorrow") was previewed with 'Reason: "click
here"'. A link and the words it is under are the page's, not the worker's: ERA asks for the
reason, and nothing is cancelled before it and the worker's yes.
"""

from __future__ import annotations

from datetime import date
from zoneinfo import ZoneInfo

import pytest

from language.catalogue import say
from services.demo_organisation import RIVERSIDE
from tests.bot_harness import BotHarness, joined

MONDAY = date(2026, 11, 23)


async def _works_monday(bot: BotHarness) -> bool:
    return any(shift.person_id == "bob-smith" for shift in
               await bot.shifts.shifts_on(RIVERSIDE, MONDAY, ZoneInfo("Europe/London")))


@pytest.mark.parametrize(("locale", "language", "text", "label"), [
    ("en-US", "en", "[click here](http://x.example) cancel my shift tomorrow", "click here"),
    ("fr-FR", "fr", "[cliquez ici](https://x.example/a) annule mon poste demain", "cliquez ici"),
    ("de-DE", "de", "sag meine Schicht morgen ab, siehe https://x.example/n", "siehe"),
])
async def test_a_link_in_the_request_is_no_reason(
    bot: BotHarness, locale: str, language: str, text: str, label: str
) -> None:
    bot.as_person("bob-smith")
    bot.locale = locale
    said = joined(await bot.say(text))
    assert say("shift_cancel.ask_reason", language).split("?")[0] in said
    assert label not in said
    assert await _works_monday(bot)


async def test_a_reason_beside_a_link_is_kept(bot: BotHarness) -> None:
    bot.as_person("bob-smith")
    said = joined(await bot.say(
        "cancel my shift tomorrow, I'm sick, see [the note](http://doc.example/n)"))
    assert "I'm sick" in said and "the note" not in said
    assert await _works_monday(bot)
