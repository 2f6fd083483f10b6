"""A meeting with several people: lists of people read the way each language lists them, a
first name shared at the preview is asked about, and people already invited are said so."""

from __future__ import annotations

import json
from datetime import timedelta
from typing import Any

import pytest

from core.time_window import TimeWindow
from services.org_database import OrgDatabase
from tests.bot_harness import BotHarness, joined
from tests.conftest import FIXED_NOW

ALICE = "alice.martin@contoso.example"
CHEN = "chen.wei@contoso.example"
_WEEK = TimeWindow(FIXED_NOW, FIXED_NOW + timedelta(days=14))


async def _outbox(bot: BotHarness) -> list[dict[str, Any]]:
    db = await OrgDatabase.open(bot.components.settings.data_dir / "org.sqlite3")
    try:
        return [dict(r) for r in await db.fetch_all("SELECT * FROM outbox ORDER BY rowid")]
    finally:
        await db.close()


@pytest.mark.parametrize(("locale", "request_text", "listed"), [
    ("en-US", "book a meeting with alice and chen on thursday",
     "for you, Alice Martin and Chen Wei."),
    ("fr-FR", "réunion avec alice et chen jeudi", "pour vous, Alice Martin et Chen Wei."),
    ("de-DE", "Besprechung mit Alice und Chen am Donnerstag buchen",
     "für Sie, Alice Martin und Chen Wei."),
    ("ja-JP", "木曜日にAliceとChenとのミーティングを予約して",
     "あなた、Alice Martin、Chen Weiの空き時間"),
])
async def test_the_people_of_a_meeting_are_listed_as_the_language_lists_them(
    bot: BotHarness, locale: str, request_text: str, listed: str,
) -> None:
    bot.as_person("maria")
    bot.locale = locale
    offered = joined(await bot.say(request_text))
    assert listed in offered, offered


async def test_the_invitation_subject_lists_everyone_once_in_the_invitees_language(
    bot: BotHarness,
) -> None:
    bot.as_person("maria")
    await bot.say("book a meeting with sophie, alice and chen on thursday")
    await bot.say("1")
    await bot.say("yes")
    subjects = {m["subject"] for m in await _outbox(bot)
                if ALICE in json.loads(m["to_addresses"])}
    # Sophie reads French: "Maria Lopez, Sophie Dubois, Alice Martin et Chen Wei", not
    # "Maria Lopez et Sophie Dubois et ...".
    assert any("Maria Lopez, Sophie Dubois, Alice Martin et Chen Wei" in s for s in subjects), \
        subjects


BOB = "bob.smith@contoso.example"


async def test_add_bob_with_bob_smith_invited_asks_which_bob_and_says_who_is_invited(
    bot: BotHarness,
) -> None:
    bot.as_person("maria")
    await bot.say("book a meeting with bob smith and alice on thursday")
    asked = joined(await bot.say("add bob"))
    # Two Bobs: ERA asks, it does not take Bob Jones because Bob Smith is invited.
    assert 'There are 2 people called "Bob"' in asked, asked
    again = joined(await bot.say("Bob Smith"))
    assert "Bob Smith is already invited." in again
    assert "for you, Bob Smith and Alice Martin." in again
    await bot.say("1")
    said = joined(await bot.say("add Bob Smith"))
    assert "Bob Smith is already invited." in said
    assert "Book a 30-minute meeting with Bob Smith and Alice Martin on Thu 26 Nov" in said
    assert "is booked" in joined(await bot.say("yes"))
    (event,) = await bot.components.services.calendar.find_events(
        attendee_email=ALICE, window=_WEEK)
    assert event.attendee_emails == (BOB, ALICE)
