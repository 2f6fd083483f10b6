"""Scale-out: two ERA instances (separate processes, separate data folders) on one Cosmos DB
container and one Microsoft Graph, with every person's turns alternating between them as a load
balancer without affinity sends them, and the confirming message of every flow delivered to
both at once (a double click, or the channel redelivering while the first is still running).

People come from the Entra ID directory in the same Graph. Each flow has exactly one effect in
Graph (one shift change, one sendMail), the person sees one answer, the one shared audit trail
shows every effect once, and no instance writes a file of its own.
"""

from __future__ import annotations

import asyncio
import logging
import uuid
from collections.abc import AsyncIterator
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest

from app import open_storage
from config import Settings
from core.audit_record import AuditRecord
from core.durable_store import DurableStore
from services.demo_organisation import PEOPLE, RIVERSIDE, seed_demo
from services.demo_shift_backend import DemoShiftBackend
from services.org_database import OrgDatabase
from services.sqlite_directory import SqliteDirectory
from services.stored_audit_log import StoredAuditLog
from state.sqlite_storage import SqliteStorage
from tests.conftest import FIXED_NOW
from tests.fakes.cosmos_server import CosmosServer
from tests.fakes.graph_directory import FakeDirectory
from tests.fakes.graph_outlook import FakeOutlook
from tests.fakes.graph_server import FakeGraphServer
from tests.http_harness import demo_user
from tests.scale.instances import EraInstance, running_instances
from tests.services.test_graph_shift_backend import OWNER, TEAM, fill_team
from tools.local_connector import BotClient, LocalConnector, render_activity

logger = logging.getLogger(__name__)

ERA_MAILBOX = "era@contoso.example"
HR_DESK = "hr-desk@contoso.example"


# The directory: the people, their managers, stores and roles come from Entra ID through the
# shared Graph (the demo organisation's people, with their object ids); nothing is seeded.

APP_ID = "3f2e1d0c-aaaa-4b5c-9d8e-7f6a5b4c3d2e"
DIRECTORY_SETTINGS: dict[str, str] = {
    "ERA_DIRECTORY_BACKEND": "graph", "ERA_DIRECTORY_STORE_ATTRIBUTE": "team",
    "ERA_DIRECTORY_ROLES_APP_ID": APP_ID,
}


def entra_id(person_id: str) -> str:
    """A demo person's Entra object id: their id in the Graph directory."""
    return next(p.aad_object_id or "" for p in PEOPLE if p.id == person_id)


# The audit log: one for the whole deployment, in the shared store (Cosmos DB).

async def audit_trail(environ: dict[str, str]) -> list[AuditRecord]:
    """Every audit record the deployment holds, oldest first."""
    store = await open_storage(Settings.from_env(environ))
    try:
        assert isinstance(store, DurableStore)
        records = await StoredAuditLog(store).recent(10_000)
    finally:
        await store.close()  # type: ignore[attr-defined]
    return sorted(records, key=lambda record: record.at)


@dataclass
class Deployment:
    """The running instances and the outside systems they share."""

    instances: list[EraInstance]
    graph: FakeGraphServer
    outlook: FakeOutlook
    connector: LocalConnector
    shift_ids: dict[str, str]  # demo shift id -> Graph shift id
    environ: dict[str, str]  # the instances' settings (the shared store among them)
    chats: int = 0

    def client(self, person_id: str) -> Chat:
        """A new personal chat with ERA as a demo person; each new chat starts on the next
        instance, so every instance starts flows as well as continuing them."""
        self.chats += 1
        return Chat(self, demo_user(person_id), first=self.chats)


class Chat:
    """One person's conversation, each message going to the next instance in turn."""

    def __init__(self, deployment: Deployment, user: Any, *, first: int = 0) -> None:
        self._deployment = deployment
        self._clients = [
            BotClient(bot_url=i.messages_url, connector=deployment.connector, user=user,
                      conversation_id=f"scale-{uuid.uuid4().hex[:12]}", timeout=30,
                      channel_id="msteams")
            for i in deployment.instances
        ]
        conversation = self._clients[0].conversation_id
        for client in self._clients:
            client.conversation_id = conversation
        self._turn = first

    @property
    def conversation_id(self) -> str:
        return self._clients[0].conversation_id

    def _replies_since(self, before: int) -> str:
        activities = self._deployment.connector.messages(self.conversation_id)[before:]
        lines = []
        for activity in activities:
            text, buttons = render_activity(activity)
            lines.append(text)
            lines.extend(f"[{title}]" for title, _reply in buttons)
        return "\n".join(lines)

    async def say(self, text: str) -> str:
        """Send to the next instance; what ERA answered."""
        client = self._clients[self._turn % len(self._clients)]
        self._turn += 1
        before = len(self._deployment.connector.messages(self.conversation_id))
        status = await client.post(client.activity(text=text))
        assert status < 300, f"HTTP {status} for {text!r}"
        return self._replies_since(before)

    async def say_to_all_at_once(self, text: str) -> str:
        """The same activity (same id) delivered to every instance at the same time."""
        activity = self._clients[0].activity(text=text)
        before = len(self._deployment.connector.messages(self.conversation_id))
        statuses = await asyncio.gather(*(c.post(dict(activity)) for c in self._clients))
        assert all(status < 300 for status in statuses), statuses
        return self._replies_since(before)


@pytest.fixture
async def deployment(
    tmp_path: Path, cosmos_server: CosmosServer
) -> AsyncIterator[Deployment]:
    graph = FakeGraphServer()
    outlook = FakeOutlook(graph)
    outlook.add_demo_staff()
    FakeDirectory(graph).add_demo_staff(APP_ID, team_id=TEAM)
    outlook.add_user(ERA_MAILBOX, HR_DESK)
    async with graph, LocalConnector() as connector:
        shift_ids = await _fill_team(tmp_path, graph)
        environ = {
            "ERA_STORAGE": "cosmos", "COSMOS_ENDPOINT": cosmos_server.endpoint,
            "COSMOS_KEY": cosmos_server.key, "COSMOS_VERIFY_TLS": "false",
            "COSMOS_CREATE_IF_MISSING": "true", "COSMOS_DATABASE": "era-scale-out",
            "COSMOS_CONTAINER": f"state-{uuid.uuid4().hex[:8]}",
            "ERA_SHIFTS_BACKEND": "graph", "ERA_CALENDAR_BACKEND": "graph",
            "ERA_MAIL_BACKEND": "graph", "GRAPH_TENANT_ID": "tenant", "GRAPH_CLIENT_ID": "client",
            "GRAPH_CLIENT_SECRET": "secret", "GRAPH_BASE_URL": graph.base_url,
            "GRAPH_TEAM_ID": TEAM, "GRAPH_STORE_ID": RIVERSIDE,
            "ERA_GRAPH_SHIFTS_OWNER_ID": OWNER, "GRAPH_MAILBOX": ERA_MAILBOX,
            "ERA_HR_ESCALATION_EMAIL": HR_DESK, "ERA_LOG_LEVEL": "INFO",
            **DIRECTORY_SETTINGS,
        }
        async with running_instances(2, tmp_path / "instances", FIXED_NOW,
                                     environ) as instances:
            try:
                yield Deployment(instances, graph, outlook, connector, shift_ids, environ)
            finally:
                for instance in instances:
                    logger.info("log of %s:\n%s", instance.name, instance.log_tail())


async def _fill_team(tmp_path: Path, graph: FakeGraphServer) -> dict[str, str]:
    """The Teams Shifts team holds the demo schedule."""
    db = await OrgDatabase.open(tmp_path / "schedule-source.sqlite3")
    try:
        await seed_demo(db, FIXED_NOW.date())
        people = {p.id: p for p in await SqliteDirectory(db).list_people()}
        async with SqliteStorage(tmp_path / "schedule-source-records.sqlite3") as records:
            ids, _groups = await fill_team(graph, DemoShiftBackend(db, StoredAuditLog(records)),
                                           people)
    finally:
        await db.close()
    return ids


BOB_SMITH = "00000000-0000-4000-8000-000000000011"
BOB_MONDAY_MORNING = "shift-2026-11-23-riverside-morning-bob-smith-sales_associate"
WEDNESDAY_EVENING = (datetime(2026, 11, 25, 20, 0, tzinfo=UTC),
                     datetime(2026, 11, 25, 23, 0, tzinfo=UTC))


async def _worker_cancels_a_shift(deployment: Deployment) -> None:
    bob = deployment.client("bob-smith")
    asked = await bob.say("cancel my shift tomorrow")
    assert "Cancel Mon 23 Nov, Morning 09:00-15:00 (sales associate)?" in asked
    done = await bob.say_to_all_at_once("I'm sick")
    assert done.count("has been cancelled") == 1, done
    assert "I've let Maria Lopez know" in done
    assert "no longer exists" not in done and "already" not in done, done


async def _manager_sends_an_email(deployment: Deployment) -> None:
    maria = deployment.client("maria")
    draft = await maria.say("email Bob Smith about his lateness")
    assert "To: Bob Smith (bob.smith@contoso.example)" in draft
    assert "Shall I send it?" in draft
    sent = await maria.say_to_all_at_once("send")
    assert sent.count("Sent to Bob Smith") == 1 and "bob.smith@contoso.example" in sent, sent
    assert "already" not in sent, sent


async def _manager_assigns_a_shift(deployment: Deployment) -> None:
    maria = deployment.client("maria")
    which = await maria.say("assign bob on wed sales associate")
    assert 'There are 2 people called "Bob"' in which
    shifts = await maria.say("Bob Smith")
    # Teams Shifts has no shift templates: what can be assigned is the team's open shift.
    assert "1. Evening (20:00-23:00)" in shifts
    preview = await maria.say("1")
    assert "Preview: Bob Smith → Wed 25 Nov, Evening 20:00-23:00" in preview
    done = await maria.say_to_all_at_once("yes")
    assert done.count("Done: Bob Smith → Wed 25 Nov, Evening 20:00-23:00") == 1, done
    assert "already" not in done, done


async def _worker_is_handed_to_hr(deployment: Deployment) -> str:
    alice = deployment.client("alice")
    asked = await alice.say("talk to a person")
    assert "tell me in a sentence what you need" in asked
    handed = await alice.say_to_all_at_once("my payslip is wrong")
    assert handed.count("I'm handing you over to a person in our HR team") == 1, handed
    assert "went wrong" not in handed, handed
    return alice.conversation_id


async def test_four_flows_alternating_between_two_instances_each_take_effect_once(
    deployment: Deployment,
) -> None:
    # Each person's turns alternate between the instances. Bob's cancellation comes first (it
    # frees the hours his Wednesday assignment needs); then three people at once.
    await _worker_cancels_a_shift(deployment)
    *_, alice_chat = await asyncio.gather(
        _manager_sends_an_email(deployment), _manager_assigns_a_shift(deployment),
        _worker_is_handed_to_hr(deployment),
    )
    graph, schedule = deployment.graph, deployment.graph.team(TEAM)

    # The cancellation: Bob's shift reopened once, his manager emailed once.
    cancelled = deployment.shift_ids[BOB_MONDAY_MORNING]
    assert cancelled not in schedule.shifts
    assert len(graph.requests_to("DELETE", "/schedule/shifts/")) == 1
    assert len(graph.requests_to("POST", "/schedule/openShifts")) == 1
    # The assignment: one new shift for Bob on Wednesday evening.
    assert len(graph.requests_to("POST", "/schedule/shifts")) == 1
    assigned = [s for s in schedule.shifts.values() if s["userId"] == BOB_SMITH
                and _times(s) == WEDNESDAY_EVENING]
    assert len(assigned) == 1
    # Mail: the manager's notice, the manager's email to Bob, HR told of the hand-over.
    recipients = sorted(r for mail in deployment.outlook.sent for r in mail.recipients)
    assert recipients == ["bob.smith@contoso.example", HR_DESK, "maria.lopez@contoso.example"]
    # The hand-over event went to the channel once.
    events = [a for a in deployment.connector.messages(alice_chat)
              if a.get("type") == "event" and a.get("name") == "handoff.initiate"]
    assert len(events) == 1

    trail = await audit_trail(deployment.environ)
    assert sorted((r.action, r.actor_id) for r in trail) == sorted([
        ("handoff", entra_id("alice")), ("mail.send", entra_id("maria")),
        ("shift.assign", entra_id("maria")), ("shift.cancel", entra_id("bob-smith")),
    ])
    mail = next(r for r in trail if r.action == "mail.send")
    assert mail.details["employee_id"] == entra_id("bob-smith")
    assert next(r for r in trail if r.action == "shift.cancel").target == cancelled
    # Cosmos DB and Microsoft Graph hold everything: no instance wrote a file of its own (the
    # test harness keeps each instance's log and port file in its folder).
    for instance in deployment.instances:
        kept = sorted(p.name for p in instance.data_dir.rglob("*")
                      if p != instance.log_path and p.name != "port")
        assert kept == [], (instance.name, kept)
    # Both instances served turns.
    for instance in deployment.instances:
        assert "route:" in instance.log_tail(200_000), instance.name


def _times(shift: dict[str, Any]) -> tuple[datetime, datetime]:
    item = shift["sharedShift"]
    return (datetime.fromisoformat(item["startDateTime"].replace("Z", "+00:00")),
            datetime.fromisoformat(item["endDateTime"].replace("Z", "+00:00")))
