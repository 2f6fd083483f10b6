"""Through the whole bot (every dialog and service as in production) on the Graph backends, the
local fake Graph playing Teams Shifts and Outlook: a worker's "cancel my shift" acts as the
configured team owner on every call, directly or as a time-off request for the manager's
approval; a calendar Graph could not read is said, and no time is offered over it."""

from __future__ import annotations

from collections.abc import AsyncIterator, Callable, Coroutine
from pathlib import Path
from typing import Any

import pytest

from dialogs.meeting_flow_dialog import UNREADABLE_CALENDARS
from dialogs.shift_cancel_dialog import AWAITING_APPROVAL
from language.catalogue import say
from services.demo_organisation import RIVERSIDE
from services.demo_shift_backend import DemoShiftBackend
from services.org_database import OrgDatabase
from services.sqlite_directory import SqliteDirectory
from services.stored_audit_log import StoredAuditLog
from tests.bot_harness import BotHarness, joined
from tests.conftest import FIXED_NOW
from tests.fakes.graph_outlook import FakeOutlook
from tests.fakes.graph_server import FakeGraphServer, FixedTokenSource
from tests.services.test_graph_shift_backend import OWNER, TEAM, fill_team

BOB_MONDAY_MORNING = "shift-2026-11-23-riverside-morning-bob-smith-sales_associate"

StartBot = Callable[..., Coroutine[Any, Any, tuple[BotHarness, dict[str, str]]]]


@pytest.fixture
async def graph() -> AsyncIterator[FakeGraphServer]:
    async with FakeGraphServer() as server:
        yield server


@pytest.fixture
async def start_bot(tmp_path: Path, graph: FakeGraphServer) -> AsyncIterator[StartBot]:
    """Starts the bot on Teams Shifts (the fake team holds the demo schedule)."""
    started: list[BotHarness] = []

    async def start(**settings: str) -> tuple[BotHarness, dict[str, str]]:
        bot = await BotHarness.start(
            tmp_path, FIXED_NOW, graph_token_source=FixedTokenSource(),
            ERA_SHIFTS_BACKEND="graph", GRAPH_TENANT_ID="tenant", GRAPH_CLIENT_ID="client",
            GRAPH_CLIENT_SECRET="secret", GRAPH_TEAM_ID=TEAM, GRAPH_STORE_ID=RIVERSIDE,
            GRAPH_BASE_URL=graph.base_url, ERA_GRAPH_SHIFTS_OWNER_ID=OWNER, **settings,
        )
        started.append(bot)
        db = await OrgDatabase.open(bot.components.settings.data_dir / "org.sqlite3")
        try:
            people = {p.id: p for p in await SqliteDirectory(db).list_people()}
            ids, _groups = await fill_team(
                graph, DemoShiftBackend(db, StoredAuditLog(bot.components.storage)), people)
        finally:
            await db.close()
        return bot.as_person("bob-smith"), ids

    yield start
    for bot in started:
        await bot.close()


async def test_a_worker_cancels_on_teams_shifts_acting_as_the_owner(
    start_bot: StartBot, graph: FakeGraphServer
) -> None:
    bot, ids = await start_bot()
    schedule = graph.team(TEAM)

    asked = joined(await bot.say("Cancel my shift tomorrow"))
    assert "Mon 23 Nov, Morning 09:00-15:00" in asked
    done = joined(await bot.say("I'm sick"))

    assert "has been cancelled" in done
    assert ids[BOB_MONDAY_MORNING] not in schedule.shifts
    assert [r.method for r in graph.requests if r.method != "GET"] == ["POST", "DELETE"]
    assert {r.headers.get("MS-APP-ACTS-AS") for r in graph.requests} == {OWNER}
    assert "00000000-0000-4000-8000-000000000011" not in schedule.owners, "Bob is no owner"


async def test_with_approval_the_manager_gets_a_time_off_request(
    start_bot: StartBot, graph: FakeGraphServer
) -> None:
    bot, ids = await start_bot(ERA_GRAPH_SHIFTS_CANCEL_MODE="approval")
    schedule = graph.team(TEAM)

    await bot.say("Cancel my shift tomorrow")
    done = joined(await bot.say("I'm sick"))

    assert say(AWAITING_APPROVAL, "en", count=1,
               shift="Mon 23 Nov, Morning 09:00-15:00 (sales associate)") in done
    assert "has been cancelled" not in done
    assert ids[BOB_MONDAY_MORNING] in schedule.shifts
    [request] = schedule.time_off_requests.values()
    assert (request["senderUserId"], request["senderMessage"]) == (
        "00000000-0000-4000-8000-000000000011", "I'm sick")
    assert {r.headers.get("MS-APP-ACTS-AS") for r in graph.requests} == {OWNER}


async def test_a_misconfigured_owner_is_not_told_as_a_missing_shift(
    start_bot: StartBot, graph: FakeGraphServer
) -> None:
    bot, _ids = await start_bot()
    graph.team(TEAM).owners.clear()  # the configured owner left the team

    said = joined(await bot.say("Cancel my shift tomorrow"))

    assert "couldn't reach" in said and "Nothing was changed" in said
    assert "no longer exists" not in said


# Finding 4 through the meeting dialog: an unreadable calendar is never taken as free


async def test_an_unreadable_calendar_is_said_and_no_time_is_offered_over_it(
    tmp_path: Path,
) -> None:
    graph_with_outlook = FakeGraphServer()
    outlook = FakeOutlook(graph_with_outlook)
    outlook.add_demo_staff()
    outlook.schedule_errors["maria.lopez@contoso.example"] = "ErrorProxyRequestProcessingFailed"
    async with graph_with_outlook:
        bot = await BotHarness.start(
            tmp_path, FIXED_NOW, graph_token_source=FixedTokenSource(),
            ERA_CALENDAR_BACKEND="graph", GRAPH_TENANT_ID="tenant", GRAPH_CLIENT_ID="client",
            GRAPH_CLIENT_SECRET="secret", GRAPH_BASE_URL=graph_with_outlook.base_url,
        )
        try:
            bot.as_person("bob-smith")
            await bot.say("book a meeting")
            said = joined(await bot.say("friday"))
            outlook.schedule_errors.clear()
            await bot.say("book a meeting")
            readable = joined(await bot.say("friday"))
        finally:
            await bot.close()

    assert say(UNREADABLE_CALENDARS, "en", who="maria.lopez@contoso.example") in said
    assert "Here are the free times" not in said
    assert say(UNREADABLE_CALENDARS, "en", who="maria.lopez@contoso.example") not in readable
    assert "Here are the free times on Fri 27 Nov" in readable
