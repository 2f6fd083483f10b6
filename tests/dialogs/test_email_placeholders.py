"""A draft with [placeholders] is never sent until they are filled: Send is not offered, a
typed value fills the first one, a replacement text that still has one keeps Send back, and a
replacement without any makes the draft ready."""

from __future__ import annotations

from services.org_database import OrgDatabase
from tests.bot_harness import BotHarness, Reply, joined


def _titles(replies: list[Reply]) -> list[str]:
    return [title for reply in replies for title, _ in reply.buttons]


async def _sent(bot: BotHarness) -> list[str]:
    db = await OrgDatabase.open(bot.components.settings.data_dir / "org.sqlite3")
    try:
        return [str(row["body"]) for row in await db.fetch_all("SELECT body FROM outbox")]
    finally:
        await db.close()


async def test_a_follow_up_waits_for_its_placeholders(bot: BotHarness) -> None:
    draft = await bot.say("draft a follow-up email to Alice about her lateness")
    text = joined(draft)
    assert "[date of our conversation]" in text and "[what we agreed]" in text
    assert "Send" not in _titles(draft) and "Edit" in _titles(draft)

    still = await bot.say("Subject: Our talk\nDear Alice,\nAs agreed on [date], you'll call "
                          "ahead.\nMaria")
    assert "please fill in [date]" in joined(still)
    assert "Send" not in _titles(still)
    assert "can't send it yet" in joined(await bot.say("yes send it"))
    assert await _sent(bot) == []

    ready = await bot.say("Monday 16 November")
    assert "As agreed on Monday 16 November, you'll call ahead." in joined(ready)
    assert "Send" in _titles(ready)
    assert "Sent to Alice Martin" in joined(await bot.say("send"))
    assert await _sent(bot) == ["Dear Alice,\nAs agreed on Monday 16 November, you'll call "
                                "ahead.\nMaria"]
