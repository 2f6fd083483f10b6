"""Through /api/messages with ERA_DIRECTORY_BACKEND=graph: a Teams user known only by the
aadObjectId Teams sends is served as the person Entra ID says (their role and their language),
with no demo organisation and no person in any local file; an unknown account is told it is not
set up; when Graph cannot be read, the user is told so honestly; and with Teams Shifts as well
(the production shape) a worker's cancellation goes through."""

from __future__ import annotations

from collections.abc import AsyncIterator
from dataclasses import dataclass
from pathlib import Path

import pytest
from aiohttp import web

from app import create_app
from config import Settings
from core.intent import Intent
from language.catalogue import say
from services.demo_organisation import PEOPLE, RIVERSIDE
from services.demo_shift_backend import DemoShiftBackend
from services.org_database import OrgDatabase
from services.sqlite_directory import SqliteDirectory
from services.stored_audit_log import StoredAuditLog
from tests.bot_harness import BotHarness, joined
from tests.conftest import FIXED_NOW, fixed_clock
from tests.fakes.graph_directory import FakeDirectory
from tests.fakes.graph_server import FakeGraphServer, FixedTokenSource
from tests.services.test_graph_end_to_end import BOB_MONDAY_MORNING
from tests.services.test_graph_shift_backend import OWNER, TEAM, fill_team
from tools.local_connector import BotClient, LocalConnector, UserIdentity

APP_ID = "3f2e1d0c-aaaa-4b5c-9d8e-7f6a5b4c3d2e"
UNKNOWN = "00000000-0000-4000-8000-000000000404"


@dataclass
class GraphBot:
    """ERA on the Entra ID directory, served over HTTP, and the fake Graph behind it."""

    graph: FakeGraphServer
    url: str
    data_dir: Path

    def teams_user(self, connector: LocalConnector, aad_object_id: str) -> BotClient:
        """A Teams client whose channel id means nothing to ERA: only the object id does."""
        user = UserIdentity(id=f"29:{aad_object_id[-4:]}-teams", name="Teams user",
                            aad_object_id=aad_object_id)
        return BotClient(bot_url=f"{self.url}/api/messages", connector=connector, user=user,
                         channel_id="msteams", locale=None)


@pytest.fixture
async def graph_bot(tmp_path: Path) -> AsyncIterator[GraphBot]:
    graph = FakeGraphServer()
    FakeDirectory(graph).add_demo_staff(APP_ID)
    async with graph:
        settings = Settings.from_env({
            "ERA_DATA_DIR": str(tmp_path), "ERA_DIRECTORY_BACKEND": "graph",
            "ERA_DIRECTORY_ROLES_APP_ID": APP_ID, "GRAPH_TENANT_ID": "tenant",
            "GRAPH_CLIENT_ID": "client", "GRAPH_CLIENT_SECRET": "secret",
            "GRAPH_BASE_URL": graph.base_url,
        })
        runner = web.AppRunner(create_app(settings, clock=fixed_clock,
                                          graph_token_source=FixedTokenSource()),
                               access_log=None)
        await runner.setup()
        site = web.TCPSite(runner, "127.0.0.1", 0)
        await site.start()
        port = site._server.sockets[0].getsockname()[1]  # type: ignore[union-attr]
        try:
            yield GraphBot(graph, f"http://127.0.0.1:{port}", tmp_path)
        finally:
            await runner.cleanup()


def _aad(person_id: str) -> str:
    return next(p.aad_object_id for p in PEOPLE if p.id == person_id)


def _text(replies: list[dict[str, object]]) -> str:
    return " ".join(str(reply.get("text") or "") for reply in replies)


async def test_a_teams_employee_is_served_in_their_language_with_an_employees_options(
    graph_bot: GraphBot, connector: LocalConnector
) -> None:
    sophie = graph_bot.teams_user(connector, _aad("sophie"))

    welcome = _text(await sophie.join())
    manager = _text(await sophie.say("who is my manager?"))

    assert welcome.startswith("Bonjour Sophie"), "fr-FR from Entra ID"
    assert say(f"main.capability.{Intent.SHIFT_CANCEL}", "fr") in welcome
    assert say(f"main.capability.{Intent.ADVICE}", "fr") not in welcome
    assert "Maria Lopez" in manager, "her manager from Entra ID"
    db = await OrgDatabase.open(graph_bot.data_dir / "org.sqlite3")
    try:
        assert await db.fetch_all("SELECT id FROM people") == [], "no person in a local file"
    finally:
        await db.close()


async def test_a_manager_by_app_role_gets_a_managers_options(
    graph_bot: GraphBot, connector: LocalConnector
) -> None:
    maria = graph_bot.teams_user(connector, _aad("maria"))

    welcome = _text(await maria.join())

    assert welcome.startswith("Hi Maria")
    assert say(f"main.capability.{Intent.ADVICE}", "en") in welcome
    assert say(f"main.capability.{Intent.SHIFT_CANCEL}", "en") not in welcome


async def test_an_account_entra_id_does_not_know_is_not_set_up_and_not_a_demo_person(
    graph_bot: GraphBot, connector: LocalConnector
) -> None:
    stranger = graph_bot.teams_user(connector, UNKNOWN)

    said = _text(await stranger.say("cancel my shift tomorrow"))

    assert said == say("bot.not_set_up", "en")


async def test_when_graph_cannot_be_read_the_user_is_told_so_honestly(
    graph_bot: GraphBot, connector: LocalConnector
) -> None:
    bob = graph_bot.teams_user(connector, _aad("bob-smith"))
    assert "Hi Bob" in _text(await bob.join())
    graph_bot.graph.fail(503, path_contains="/users", times=1000)

    # The organisation read at start-up still serves Bob; someone it does not have is looked
    # up on their own, which fails.
    stranger = graph_bot.teams_user(connector, UNKNOWN)
    said = _text(await stranger.say("cancel my shift tomorrow"))
    served = _text(await bob.say("cancel my shift tomorrow"))

    assert say("service.directory", "en") in said and "Nothing was changed" in said
    assert say("bot.not_set_up", "en") not in said
    assert say("service.directory", "en") not in served, "the copy in hand still serves Bob"


async def test_people_from_entra_id_and_schedules_from_teams_shifts_work_together(
    tmp_path: Path,
) -> None:
    """The production shape: Bob, known only by his object id, cancels his Teams Shifts shift;
    his store is the Shifts team he belongs to."""
    graph = FakeGraphServer()
    FakeDirectory(graph).add_demo_staff(APP_ID, team_id=TEAM)
    async with graph:
        bot = await BotHarness.start(
            tmp_path, FIXED_NOW, graph_token_source=FixedTokenSource(),
            ERA_DIRECTORY_BACKEND="graph", ERA_DIRECTORY_STORE_ATTRIBUTE="team",
            ERA_DIRECTORY_ROLES_APP_ID=APP_ID, ERA_SHIFTS_BACKEND="graph",
            GRAPH_TENANT_ID="tenant", GRAPH_CLIENT_ID="client", GRAPH_CLIENT_SECRET="secret",
            GRAPH_TEAM_ID=TEAM, GRAPH_STORE_ID=RIVERSIDE, GRAPH_BASE_URL=graph.base_url,
            ERA_GRAPH_SHIFTS_OWNER_ID=OWNER,
        )
        try:
            db = await OrgDatabase.open(tmp_path / "org.sqlite3")
            try:  # the demo schedule, put into the fake team (the bot never reads these rows)
                people = {p.id: p for p in await SqliteDirectory(db).list_people()}
                audit = StoredAuditLog(bot.components.storage)
                ids, _groups = await fill_team(graph, DemoShiftBackend(db, audit), people)
            finally:
                await db.close()
            bot.channel_id = "msteams"
            bot.as_person("bob-smith")

            asked = joined(await bot.say("Cancel my shift tomorrow"))
            done = joined(await bot.say("I'm sick"))
            speaker = bot.components.directory
            bob = await speaker.get(_aad("bob-smith"))
        finally:
            await bot.close()

    assert "Mon 23 Nov, Morning 09:00-15:00" in asked
    assert "has been cancelled" in done
    assert ids[BOB_MONDAY_MORNING] not in graph.team(TEAM).shifts
    assert bob is not None and bob.id == _aad("bob-smith") and bob.store_id == RIVERSIDE
    assert "sales associate" in bob.job_roles, "from the team's scheduling groups"
