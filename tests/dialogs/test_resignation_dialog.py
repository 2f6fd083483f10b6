"""A worker says they are resigning: ERA answers kindly in their language, says it cannot take a
resignation, names their manager, and hands them to a person in HR (HR is told why); nothing
else is done. Quitting something else, and a manager telling of an employee who resigns, are not
this."""

from __future__ import annotations

import pytest
from botbuilder.schema import Activity, ActivityTypes

from bots.handoff import HANDOFF_INITIATE
from services.org_database import OrgDatabase
from tests.bot_harness import BotHarness, joined


def _handoff_events(bot: BotHarness) -> list[Activity]:
    return [a for a in bot.last_activities
            if a.type == ActivityTypes.event and a.name == HANDOFF_INITIATE]


async def _outbox(bot: BotHarness) -> list[dict[str, object]]:
    db = await OrgDatabase.open(bot.components.settings.data_dir / "org.sqlite3")
    try:
        return [dict(row) for row in await db.fetch_all("SELECT * FROM outbox ORDER BY rowid")]
    finally:
        await db.close()


async def _bobs_shifts(bot: BotHarness) -> list[object]:
    return list(await bot.shifts.upcoming_shifts("bob-smith", now=bot.clock.now))


@pytest.mark.parametrize(
    ("locale", "text", "answer"),
    [
        ("en-US", "I want to resign", "I can't take a resignation myself: please tell your "
         "manager, Maria Lopez"),
        ("en-US", "I quit", "I can't take a resignation myself"),
        ("en-US", "I'm handing in my notice", "I can't take a resignation myself"),
        ("fr-FR", "je démissionne", "Je ne peux pas recevoir une démission moi-même : prévenez "
         "votre responsable, Maria Lopez"),
        ("es-ES", "renuncio", "No puedo tramitar una renuncia yo mismo"),
        ("de-DE", "ich kündige", "Eine Kündigung kann ich selbst nicht entgegennehmen"),
        ("it-IT", "mi licenzio", "Non posso ricevere io le dimissioni"),
        ("pt-PT", "demito-me", "Não posso receber um pedido de demissão"),
        ("nl-NL", "ik neem ontslag", "Ik kan zelf geen ontslag aannemen"),
        ("ja-JP", "退職したい", "私は退職の受付はできません"),
        ("zh-CN", "我要辞职", "我无法直接受理辞职"),
    ],
)
async def test_a_worker_resigning_is_answered_kindly_and_handed_to_hr(
    bot: BotHarness, locale: str, text: str, answer: str
) -> None:
    bot.as_person("bob-smith")
    before = await _bobs_shifts(bot)
    replies = await bot.say(text, locale=locale)
    said = joined(replies)
    assert answer in said, said
    events = _handoff_events(bot)
    assert len(events) == 1 and events[0].value["reason"] == "resignation"
    # HR is emailed the hand-over, saying why; no shift was touched.
    mails = await _outbox(bot)
    assert len(mails) == 1 and "the user says they are resigning" in str(mails[0]["body"])
    assert await _bobs_shifts(bot) == before


async def test_resigning_while_choosing_a_shift_to_cancel_cancels_nothing(
    bot: BotHarness,
) -> None:
    bot.as_person("bob-smith")
    before = await _bobs_shifts(bot)
    await bot.say("cancel one of my shifts")
    said = joined(await bot.say("I quit, cancel all my shifts"))
    assert "I can't take a resignation myself" in said
    assert _handoff_events(bot)[0].value["reason"] == "resignation"
    assert await _bobs_shifts(bot) == before


@pytest.mark.parametrize("text", ["I quit smoking last year", "my colleague quit"])
async def test_quitting_something_else_is_not_a_resignation(bot: BotHarness, text: str) -> None:
    bot.as_person("bob-smith")
    said = joined(await bot.say(text))
    assert "resignation" not in said
    assert _handoff_events(bot) == []


async def test_a_manager_telling_of_an_employee_resigning_gets_the_resignation_playbook(
    bot: BotHarness,
) -> None:
    bot.as_person("maria")
    said = joined(await bot.say("Bob wants to resign"))
    assert "Has the employee resigned formally" in said
    assert "I can't take a resignation myself" not in said
    assert _handoff_events(bot) == []
