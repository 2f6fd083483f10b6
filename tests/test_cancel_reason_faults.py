"""A backend failing at a shift worker's reason question (Teams Shifts or the Entra ID directory
behind ERA, failing at the edge: the fake Graph server answers 503), in the worker's language:
the cancellation is not lost (the reason is kept and the worker's next "yes" carries on), the
worker is told honestly that nothing is cancelled yet, the failure is counted once, and the shift
is cancelled once."""

from __future__ import annotations

from collections.abc import AsyncIterator
from dataclasses import dataclass
from pathlib import Path

import pytest

from core.failure_tracker import FailureTracker
from language.catalogue import say
from services.demo_organisation import RIVERSIDE
from services.demo_shift_backend import DemoShiftBackend
from services.org_database import OrgDatabase
from services.sqlite_directory import SqliteDirectory
from services.stored_audit_log import StoredAuditLog
from tests.bot_harness import BotHarness, joined
from tests.conftest import FIXED_NOW
from tests.fakes.graph_directory import FakeDirectory
from tests.fakes.graph_server import FakeGraphServer, FixedTokenSource
from tests.services.test_graph_end_to_end import BOB_MONDAY_MORNING
from tests.services.test_graph_shift_backend import OWNER, TEAM, fill_team

APP_ID = "3f2e1d0c-aaaa-4b5c-9d8e-7f6a5b4c3d2e"
CANCEL = {
    "en-US": ("Cancel my shift tomorrow", "I'm sick", "yes", "has been cancelled"),
    "es-ES": ("Cancela mi turno de mañana", "estoy enfermo", "sí", "ha quedado cancelado"),
}


@dataclass
class ShiftsBot:
    bot: BotHarness
    graph: FakeGraphServer
    bob_monday: str


@pytest.fixture
async def shifts_bot(tmp_path: Path) -> AsyncIterator[ShiftsBot]:
    """ERA in the production shape: people from Entra ID, schedules from Teams Shifts."""
    graph = FakeGraphServer()
    FakeDirectory(graph).add_demo_staff(APP_ID, team_id=TEAM)
    async with graph:
        bot = await BotHarness.start(
            tmp_path,
            FIXED_NOW,
            graph_token_source=FixedTokenSource(),
            ERA_DIRECTORY_BACKEND="graph",
            ERA_DIRECTORY_STORE_ATTRIBUTE="team",
            ERA_DIRECTORY_ROLES_APP_ID=APP_ID,
            ERA_SHIFTS_BACKEND="graph",
            GRAPH_TENANT_ID="tenant",
            GRAPH_CLIENT_ID="client",
            GRAPH_CLIENT_SECRET="secret",
            GRAPH_TEAM_ID=TEAM,
            GRAPH_STORE_ID=RIVERSIDE,
            GRAPH_BASE_URL=graph.base_url,
            ERA_GRAPH_SHIFTS_OWNER_ID=OWNER,
        )
        try:
            db = await OrgDatabase.open(tmp_path / "org.sqlite3")
            try:
                people = {p.id: p for p in await SqliteDirectory(db).list_people()}
                audit = StoredAuditLog(bot.components.storage)
                ids, _groups = await fill_team(graph, DemoShiftBackend(db, audit), people)
            finally:
                await db.close()
            bot.channel_id = "msteams"
            bot.as_person("bob-smith")
            yield ShiftsBot(bot, graph, ids[BOB_MONDAY_MORNING])
        finally:
            await bot.close()


async def _failures(bot: BotHarness) -> int:
    tracker = (await bot.stored_state()).get("tracker")
    return FailureTracker.from_dict(tracker).failure_count if tracker else 0


@pytest.mark.parametrize("locale", ["en-US", "es-ES"])
async def test_teams_shifts_failing_at_the_reason_keeps_the_cancellation_pending(
    shifts_bot: ShiftsBot, locale: str
) -> None:
    """It used to say "NOT cancelled yet, try again in a few minutes" and end the cancellation:
    the worker had to start over, and their reason was lost."""
    bot, graph = shifts_bot.bot, shifts_bot.graph
    ask, reason, yes, cancelled = CANCEL[locale]
    language = locale[:2]
    bot.locale = locale
    assert "?" in joined(await bot.say(ask))
    graph.fail(503, path_contains=f"/teams/{TEAM}/schedule", times=20)
    said = joined(await bot.say(reason))
    assert cancelled not in said
    assert shifts_bot.bob_monday in graph.team(TEAM).shifts
    assert say("shift_cancel.not_cancelled_yet", language) in said
    assert reason in said  # the reason is kept, shown back with the question
    assert await _failures(bot) == 1

    graph.heal()
    done = joined(await bot.say(yes))
    assert cancelled in done
    assert shifts_bot.bob_monday not in graph.team(TEAM).shifts
    assert await _failures(bot) == 0
    # Never twice: a second yes cancels nothing more.
    assert cancelled not in joined(await bot.say(yes))


@pytest.mark.parametrize("locale", ["en-US", "es-ES"])
async def test_the_directory_failing_at_the_reason_still_cancels_once(
    shifts_bot: ShiftsBot, locale: str
) -> None:
    """Guard: Entra ID failing at the reason question; the copy of the people ERA holds serves
    the turn, so the shift is cancelled (once) and the manager named."""
    bot, graph = shifts_bot.bot, shifts_bot.graph
    ask, reason, yes, cancelled = CANCEL[locale]
    bot.locale = locale
    await bot.say(ask)
    graph.fail(503, path_contains="/users", times=20)
    done = joined(await bot.say(reason))
    assert cancelled in done and "Maria Lopez" in done
    assert shifts_bot.bob_monday not in graph.team(TEAM).shifts
    assert cancelled not in joined(await bot.say(yes))
