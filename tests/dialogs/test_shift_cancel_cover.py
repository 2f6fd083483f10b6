"""After a worker cancels a shift, their manager is told who could cover it: colleagues
qualified for the role and free then, by the shift backend's own fit check."""

from __future__ import annotations

from services.org_database import OrgDatabase
from tests.bot_harness import BotHarness, joined


async def _manager_mail(bot: BotHarness) -> str:
    db = await OrgDatabase.open(bot.components.settings.data_dir / "org.sqlite3")
    try:
        rows = await db.fetch_all("SELECT body FROM outbox ORDER BY rowid")
    finally:
        await db.close()
    assert len(rows) == 1
    return str(rows[0]["body"])


async def test_the_managers_notice_names_who_could_cover_the_shift(bot: BotHarness) -> None:
    bot.as_person("bob-smith")
    await bot.say("Cancel my shift tomorrow")  # Mon 23 Nov, Morning, sales associate
    done = joined(await bot.say("I'm sick"))
    assert "has been cancelled" in done
    body = await _manager_mail(bot)
    line = next(line for line in body.splitlines() if line.startswith("Who could cover it"))
    # Qualified sales associates free on Monday morning.
    assert "Bob Jones" in line and "Sophie Dubois" in line and "Yuki Tanaka" in line
    # Alice works Monday morning; Chen is never available on Mondays; Fatima is a cashier only;
    # Bob Smith is the one who cancelled.
    for busy in ("Alice Martin", "Chen Wei", "Fatima Khan", "Bob Smith"):
        assert busy not in line
