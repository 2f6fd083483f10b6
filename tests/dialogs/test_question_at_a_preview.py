"""A question asked back at a yes/no preview ("q hora era?" at a swap, "which shift is that?"
at taking Chen off, "wem sagst du das?" at telling the manager of a late arrival, "tu vas dire
quoi ?" at passing on a request for more hours) gets the preview again, saying nothing is done
yet; a yes then does it once. The finding: they got "Sorry, I didn't understand that. Reply
"yes" or "no"." as if the question made no sense."""

from __future__ import annotations

from datetime import date
from zoneinfo import ZoneInfo

import pytest

from language.catalogue import say
from services.demo_organisation import RIVERSIDE
from services.org_database import OrgDatabase
from tests.bot_harness import BotHarness, joined

THURSDAY = date(2026, 11, 26)
LONDON = ZoneInfo("Europe/London")


async def _outbox(bot: BotHarness) -> int:
    db = await OrgDatabase.open(bot.components.settings.data_dir / "org.sqlite3")
    try:
        return len(await db.fetch_all("SELECT rowid FROM outbox"))
    finally:
        await db.close()


async def _chen_works_thursday(bot: BotHarness) -> bool:
    shifts = await bot.shifts.shifts_on(RIVERSIDE, THURSDAY, LONDON)
    return any(s.person_id == "chen" for s in shifts)


@pytest.mark.parametrize(("locale", "request_", "question"), [
    ("en-US", "unassign chen from thursday", "which shift is that?"),
    ("es-ES", "quita a chen del jueves", "q turno era?"),
    ("fr-FR", "retire chen du jeudi", "c'est quel poste ?"),
])
async def test_a_question_at_a_shift_preview_shows_it_again_and_changes_nothing(
    bot: BotHarness, locale: str, request_: str, question: str
) -> None:
    bot.as_person("maria").locale = locale
    language = locale[:2]
    preview = (await bot.say(request_))[-1].text
    answered = joined(await bot.say(question))
    assert say("prompt.preview_again", language) in answered, answered
    assert preview in answered
    assert await _chen_works_thursday(bot)
    await bot.say(say("button.yes", language))
    assert not await _chen_works_thursday(bot)


@pytest.mark.parametrize(("person", "locale", "request_", "question"), [
    ("bob-smith", "de-DE", "ich komme morgen später", "wem sagst du das?"),
    ("bob-smith", "en-US", "running late tomorrow", "who are you telling?"),
    ("chen", "fr-FR", "je peux avoir plus d'heures ?", "tu vas dire quoi ?"),
    ("chen", "es-ES", "¿puedo tener más horas?", "¿a quién se lo mandas?"),
])
async def test_a_question_at_a_pass_on_question_asks_it_again_and_sends_nothing(
    bot: BotHarness, person: str, locale: str, request_: str, question: str
) -> None:
    bot.as_person(person).locale = locale
    language = locale[:2]
    asked = (await bot.say(request_))[-1].text
    answered = joined(await bot.say(question))
    assert say("prompt.preview_again", language) in answered, answered
    assert asked in answered
    assert await _outbox(bot) == 0
    await bot.say(say("button.yes", language))
    assert await _outbox(bot) == 1
