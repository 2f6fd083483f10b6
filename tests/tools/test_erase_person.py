"""`python -m tools.erase_person`: after real conversations with the bot, one person's
conversation state, transcript entries, feedback, conversation reference and sign-in links are
erased from the configured store (SQLite, and Cosmos DB through the local server), another
person's data stays, a dry run changes nothing, and the audit log records the erasure without
the person's identifiers."""

from __future__ import annotations

import asyncio
import json
import uuid
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest

from app import open_storage
from config import Settings
from core.durable_store import DurableStore
from services.demo_organisation import PEOPLE
from services.stored_audit_log import StoredAuditLog
from state.person_erasure import PERSON_ID_FLAG
from state.person_state import person_state_key
from tests.bot_harness import BotHarness
from tests.conftest import FIXED_NOW
from tests.fakes.cosmos_server import CosmosServer
from tools.erase_person import main

MARIA = next(p for p in PEOPLE if p.id == "maria")
BOB = next(p for p in PEOPLE if p.id == "bob-smith")
SLACK_ACCOUNT = "U0MARIA"


@pytest.fixture(params=["sqlite", "cosmos"])
def environ(
    request: pytest.FixtureRequest, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> dict[str, str]:
    """The settings of one deployment, set in the environment the tool reads."""
    values = {"ERA_DATA_DIR": str(tmp_path)}
    if request.param == "cosmos":
        server: CosmosServer = request.getfixturevalue("cosmos_server")
        values |= {
            "ERA_STORAGE": "cosmos", "COSMOS_ENDPOINT": server.endpoint,
            "COSMOS_KEY": server.key, "COSMOS_VERIFY_TLS": "false",
            "COSMOS_CREATE_IF_MISSING": "true", "COSMOS_DATABASE": "era-erase",
            "COSMOS_CONTAINER": f"state-{uuid.uuid4().hex[:12]}",
        }
    else:
        monkeypatch.delenv("ERA_STORAGE", raising=False)
    for name, value in values.items():
        monkeypatch.setenv(name, value)
    return values


@pytest.fixture
async def conversations(environ: dict[str, str], tmp_path: Path) -> AsyncIterator[None]:
    """Maria asks for advice and gives feedback; Bob checks his shifts; Maria's Slack account
    is linked to her Entra account and has state of its own."""
    bot = await BotHarness.start(tmp_path, FIXED_NOW, **environ)
    try:
        await bot.say("my employee didn't show up for 3 days")
        await bot.say("!improve ask whether he is ill first")
        bot.conversation_id = "conv-bob"
        await bot.as_person("bob-smith").say("what are my shifts this week?")
        storage = bot.components.storage
        await storage.write({  # type: ignore[union-attr]
            f"identity-link/slack/{SLACK_ACCOUNT}": {
                "channel_id": "slack", "channel_user_id": SLACK_ACCOUNT,
                "aad_object_id": MARIA.aad_object_id, "linked_at": FIXED_NOW.isoformat(),
                "display_name": "Maria Lopez"},
            person_state_key("slack", "D01", SLACK_ACCOUNT): {"flags": {"welcomed": True}},
        })
    finally:
        await bot.close()
    yield


async def _snapshot(environ: dict[str, str]) -> dict[str, Any]:
    """What the store holds about Maria and Bob."""
    storage = await open_storage(Settings.from_env(environ))
    store: DurableStore = storage  # type: ignore[assignment]
    try:
        async def states(person_id: str) -> list[str]:
            return await store.document_keys(
                "person-state/", where=((("flags", PERSON_ID_FLAG)), person_id))

        return {
            "maria_states": await states("maria"),
            "bob_states": await states("bob-smith"),
            "slack_state": await store.read_document(
                person_state_key("slack", "D01", SLACK_ACCOUNT)),
            "maria_transcript": await store.read_records(
                "transcript/", prefix=True, person=MARIA.channel_user_id),
            "bob_transcript": await store.read_records(
                "transcript/", prefix=True, person=BOB.channel_user_id),
            "feedback": await store.read_records("feedback", limit=None),
            "maria_reference": await store.read_document("conversation-reference/maria"),
            "bob_reference": await store.read_document("conversation-reference/bob-smith"),
            "links": await store.document_keys("identity-link/"),
            "audit": await StoredAuditLog(store).recent(100),
        }
    finally:
        await storage.close()  # type: ignore[attr-defined]


async def test_a_dry_run_lists_everything_and_erases_nothing(
    conversations: None, environ: dict[str, str], capsys: pytest.CaptureFixture[str],
) -> None:
    before = await _snapshot(environ)
    assert before["maria_states"] and before["maria_transcript"] and before["feedback"]

    assert await asyncio.to_thread(main, ["maria", "--dry-run"]) == 0

    out = capsys.readouterr().out
    assert "would erase for maria" in out
    assert f"channel accounts: {', '.join(sorted([MARIA.channel_user_id, SLACK_ACCOUNT]))}" in out
    assert f"transcript entries: {len(before['maria_transcript'])}" in out
    assert "feedback records: 1" in out
    assert f"identity-link/slack/{SLACK_ACCOUNT}" in out
    after = await _snapshot(environ)
    assert after["maria_transcript"] == before["maria_transcript"]
    assert after["maria_states"] == before["maria_states"]
    assert after["audit"] == before["audit"]


async def test_one_persons_data_is_erased_everywhere_and_the_others_stay(
    conversations: None, environ: dict[str, str], capsys: pytest.CaptureFixture[str],
) -> None:
    before = await _snapshot(environ)

    assert await asyncio.to_thread(
        main, ["maria", "--operator", "dpo@contoso.example"]) == 0

    out = capsys.readouterr().out
    assert "erased for maria" in out
    assert f"transcript entries: {len(before['maria_transcript'])}" in out
    after = await _snapshot(environ)
    assert after["maria_states"] == [] and after["slack_state"] is None
    assert after["maria_transcript"] == [] and after["feedback"] == []
    assert after["maria_reference"] is None and after["links"] == []
    assert after["bob_states"] == before["bob_states"] != []
    assert after["bob_transcript"] == before["bob_transcript"] != []
    assert after["bob_reference"] is not None
    erasures = [r for r in after["audit"] if r.action == "person.erase"]
    assert len(erasures) == 1
    assert erasures[0].actor_id == "dpo@contoso.example"
    assert erasures[0].target in out
    assert erasures[0].details["transcript_entries"] == len(before["maria_transcript"])
    recorded = json.dumps(erasures[0].to_dict())
    for identifier in ("maria", MARIA.channel_user_id, MARIA.aad_object_id, SLACK_ACCOUNT):
        assert identifier not in recorded
