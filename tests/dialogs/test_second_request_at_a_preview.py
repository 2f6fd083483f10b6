"""A second request while a preview waits for its yes. Another kind of request goes on top and
ERA says the preview is kept, with nothing done ("I've put “write an email” on hold …"); one
of the same kind takes its place and ERA says the first was left. Nothing is ever done without
its own yes. The finding: "book a call with alice tomorrow at 4pm" at "Shall I send it?" showed
the call's times as though the email was gone; "unassign alice from friday" at Chen's preview
and "send alice an email about her great work" at Bob's draft dropped (or edited) the first
without a word."""

from __future__ import annotations

from datetime import date
from pathlib import Path
from zoneinfo import ZoneInfo

import pytest

from language.catalogue import say
from services.demo_organisation import RIVERSIDE
from services.org_database import OrgDatabase
from tests.bot_harness import BotHarness, joined

THURSDAY = date(2026, 11, 26)
LONDON = ZoneInfo("Europe/London")
EMAILS = {
    "en-US": "email Bob Smith about his lateness",
    "fr-FR": "envoie un email à Bob Smith à propos de son retard",
    "de-DE": "schreib Bob Smith eine E-Mail wegen seiner Verspätung",
    "es-ES": "envía un correo a Bob Smith sobre sus retrasos",
}
CALLS = {
    "en-US": "book a call with Alice tomorrow at 4pm",
    "fr-FR": "réserve un appel avec alice demain à 16h",
    "de-DE": "buch einen Anruf mit Alice morgen um 16 Uhr",
    "es-ES": "programa una llamada con alice mañana a las 4 de la tarde",
}
OTHER_EMAILS = {
    "en-US": "send alice an email about her great work",
    "fr-FR": "envoie un mail à alice à propos de son excellent travail",
    "de-DE": "schreib alice eine mail wegen ihrer guten arbeit",
}
DRAFTED = "I would like to talk with you about your punctuality."


async def _outbox(data_dir: Path) -> list[str]:
    db = await OrgDatabase.open(data_dir / "org.sqlite3")
    try:
        return [str(row["to_addresses"]) for row in
                await db.fetch_all("SELECT to_addresses FROM outbox ORDER BY rowid")]
    finally:
        await db.close()


@pytest.mark.parametrize("locale", sorted(CALLS))
async def test_a_call_asked_for_at_the_email_preview_says_the_email_is_kept(
    bot: BotHarness, tmp_path: Path, locale: str
) -> None:
    bot.as_person("maria").locale = locale
    language = locale[:2]
    assert DRAFTED in joined(await bot.say(EMAILS[locale]))
    times = joined(await bot.say(CALLS[locale]))
    assert say("flow.set_aside", language,
               request=say("main.request.email", language)) in times, times
    await bot.say("1")
    booked = joined(await bot.say(say("button.yes", language)))
    assert say("flow.email.resume", language) in booked, booked
    assert not any("bob.smith" in to for to in await _outbox(tmp_path))
    assert DRAFTED in joined(await bot.say(say("button.yes", language)))
    await bot.say(say("email.button_send", language))
    assert [to for to in await _outbox(tmp_path) if "bob.smith" in to] != []


async def _chen_works_thursday(bot: BotHarness) -> bool:
    shifts = await bot.shifts.shifts_on(RIVERSIDE, THURSDAY, LONDON)
    return any(s.person_id == "chen" for s in shifts)


@pytest.mark.parametrize(("locale", "first", "second"), [
    ("en-US", "unassign chen from thursday", "unassign alice from friday"),
    ("fr-FR", "retire chen du jeudi", "retire alice du vendredi"),
])
async def test_a_second_change_of_the_same_kind_says_the_first_was_left(
    bot: BotHarness, locale: str, first: str, second: str
) -> None:
    bot.as_person("maria").locale = locale
    await bot.say(first)
    left = joined(await bot.say(second))
    assert say("flow.replaced", locale[:2]) in left, left
    await bot.say(say("button.yes", locale[:2]))
    assert await _chen_works_thursday(bot)


@pytest.mark.parametrize("locale", sorted(OTHER_EMAILS))
async def test_a_new_email_at_the_preview_is_drafted_and_the_first_left_unsent(
    bot: BotHarness, tmp_path: Path, locale: str
) -> None:
    bot.as_person("maria").locale = locale
    language = locale[:2]
    assert DRAFTED in joined(await bot.say(EMAILS[locale]))
    drafted = joined(await bot.say(OTHER_EMAILS[locale]))
    assert say("flow.replaced", language) in drafted, drafted
    assert "alice.martin@contoso.example" in drafted
    await bot.say(say("email.button_send", language))
    sent = await _outbox(tmp_path)
    assert len(sent) == 1 and "alice.martin" in sent[0]
