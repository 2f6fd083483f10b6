"""The prompt every flow asks with: thanks typed at a question is acknowledged and the question
asked again, in the person's language, and nothing is done (it got "I didn't understand")."""

from __future__ import annotations

from datetime import date
from zoneinfo import ZoneInfo

import pytest

from language.catalogue import say
from services.demo_organisation import RIVERSIDE
from services.org_database import OrgDatabase
from tests.bot_harness import BotHarness, joined


async def _outbox(bot: BotHarness) -> list[dict[str, object]]:
    db = await OrgDatabase.open(bot.components.settings.data_dir / "org.sqlite3")
    try:
        return [dict(row) for row in await db.fetch_all("SELECT * FROM outbox")]
    finally:
        await db.close()


@pytest.mark.parametrize(("locale", "request_text", "thanks", "welcome", "not_understood"), [
    ("en-US", "book a meeting with bob tomorrow", "thanks", "You're welcome.", "didn't"),
    ("fr-FR", "réunion avec bob demain", "merci", "Je vous en prie.", "pas compris"),
    ("es-ES", "reunión con bob mañana", "gracias", "De nada.", "no lo he entendido"),
    ("de-DE", "Termin mit Bob morgen", "danke", "Gern geschehen.", "nicht verstanden"),
    ("ja-JP", "明日ボブと会議を予約して", "ありがとう", "どういたしまして。", "分かりませんでした"),
])
async def test_thanks_at_which_bob_is_welcomed_and_asked_again(
    bot: BotHarness, locale: str, request_text: str, thanks: str, welcome: str,
    not_understood: str,
) -> None:
    bot.as_person("maria")
    bot.locale = locale
    await bot.say(request_text)
    replies = joined(await bot.say(thanks))
    assert replies.startswith(welcome)
    assert "Bob" in replies.removeprefix(welcome)  # which Bob, asked again
    assert not_understood not in replies
    assert "Bob Smith" in joined(await bot.say("2"))


async def test_thanks_at_the_reason_cancels_nothing(bot: BotHarness) -> None:
    bot.as_person("bob-smith")
    await bot.say("Cancel my shift tomorrow")
    replies = joined(await bot.say("thanks"))
    assert replies.startswith("You're welcome.")
    assert "reason" in replies
    monday = date(2026, 11, 23)
    his = [s for s in await bot.shifts.shifts_on(RIVERSIDE, monday, ZoneInfo("Europe/London"))
           if s.person_id == "bob-smith"]
    assert len(his) == 1
    assert await _outbox(bot) == []
    assert "has been cancelled" in joined(await bot.say("I'm sick"))


@pytest.mark.parametrize(("locale", "request_text", "yes_thanks", "reason_needed"), [
    ("it-IT", "annulla il mio turno di domani", "ok grazie", "del motivo"),
    ("zh-CN", "取消我明天的班", "好的，谢谢", "原因"),
    ("en-US", "cancel my shift tomorrow", "ok thanks", "reason in your own words"),
    ("de-DE", "sag meine Schicht morgen ab", "ok danke", "Grund"),
])
async def test_a_yes_with_thanks_at_the_reason_asks_for_the_reason(
    bot: BotHarness, locale: str, request_text: str, yes_thanks: str, reason_needed: str
) -> None:
    """'ok grazie' at 'Cancel ...? What's the reason?' was welcomed ('Prego.') as if only
    thanks were said; it is a yes, and the flow needs the reason before cancelling."""
    bot.as_person("bob-smith")
    bot.locale = locale
    await bot.say(request_text)
    replies = joined(await bot.say(yes_thanks))
    assert not replies.startswith(say("prompt.thanks", locale[:2]))
    assert reason_needed in replies.split("\n")[0]
    assert await _outbox(bot) == []
