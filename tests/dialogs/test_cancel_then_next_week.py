"""A worker who has just cancelled a shift asks about next week as a follow-up: "and next
week?", "et la semaine prochaine ?", "und nächste Woche?". ERA showed the help list ("Sorry, I'm
not sure what you'd like me to do"). It is the same request for next week: its shifts are
listed and ERA asks which one, and nothing more is cancelled without the worker's choice."""

from __future__ import annotations

import pytest

from language.catalogue import say
from services.org_database import OrgDatabase
from tests.bot_harness import BotHarness, joined


async def _cancelled(bot: BotHarness) -> int:
    db = await OrgDatabase.open(bot.components.settings.data_dir / "org.sqlite3")
    try:
        return len(await db.fetch_all("SELECT * FROM outbox"))
    finally:
        await db.close()


@pytest.mark.parametrize(("locale", "request_text", "reason", "follow_up"), [
    ("en-US", "cancel my shift tomorrow", "I'm sick", "and next week?"),
    ("en-US", "cancel my shift tomorrow", "I'm sick", "what about next week?"),
    ("fr-FR", "annule mon service de demain", "je suis malade", "et la semaine prochaine ?"),
    ("de-DE", "sag meine Schicht morgen ab", "ich bin krank", "und nächste Woche?"),
    ("es-ES", "cancela mi turno de mañana", "estoy enfermo", "¿y la semana que viene?"),
    ("it-IT", "annulla il mio turno di domani", "sono malato", "e la settimana prossima?"),
    ("ja-JP", "明日のシフトをキャンセルして", "体調不良です", "来週は？"),
])
async def test_next_week_after_a_cancel_asks_which_shift_of_next_week(
    bot: BotHarness, locale: str, request_text: str, reason: str, follow_up: str
) -> None:
    bot.as_person("bob-smith")
    bot.locale = locale
    language = locale.split("-")[0]
    await bot.say(request_text)
    done = joined(await bot.say(reason))
    assert done.endswith(say("flow.anything_else", language))
    told = await _cancelled(bot)
    replies = await bot.say(follow_up)
    asked = joined(replies)
    # Next week's shifts to choose from (and "none of these"), not the help list's examples.
    titles = [title for reply in replies for title, _ in reply.buttons]
    assert len(titles) >= 3 and titles[0].startswith("1.")
    assert say("main.example.my_shifts", language) not in asked
    assert await _cancelled(bot) == told
