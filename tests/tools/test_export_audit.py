"""`python -m tools.export_audit`: the audit log for a date range, as JSONL or CSV, to a file or
standard output, from the store the settings select (SQLite, and Cosmos DB through the local
server), including the entry a real shift cancellation through the bot leaves."""

from __future__ import annotations

import asyncio
import csv
import io
import json
import uuid
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from app import open_storage
from config import Settings
from core.audit_record import AuditRecord
from services.stored_audit_log import StoredAuditLog
from tests.bot_harness import BotHarness
from tests.conftest import FIXED_NOW
from tests.fakes.cosmos_server import CosmosServer
from tools.export_audit import main

DAY = datetime(2026, 11, 20, tzinfo=UTC)


@pytest.fixture(params=["sqlite", "cosmos"])
def environ(
    request: pytest.FixtureRequest, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> dict[str, str]:
    values = {"ERA_DATA_DIR": str(tmp_path)}
    if request.param == "cosmos":
        server: CosmosServer = request.getfixturevalue("cosmos_server")
        values |= {
            "ERA_STORAGE": "cosmos", "COSMOS_ENDPOINT": server.endpoint,
            "COSMOS_KEY": server.key, "COSMOS_VERIFY_TLS": "false",
            "COSMOS_CREATE_IF_MISSING": "true", "COSMOS_DATABASE": "era-audit",
            "COSMOS_CONTAINER": f"state-{uuid.uuid4().hex[:12]}",
        }
    else:
        monkeypatch.delenv("ERA_STORAGE", raising=False)
    for name, value in values.items():
        monkeypatch.setenv(name, value)
    return values


async def _seed(environ: dict[str, str]) -> None:
    storage = await open_storage(Settings.from_env(environ))
    try:
        log = StoredAuditLog(storage)  # type: ignore[arg-type]
        for day, action, target in ((0, "shift.cancel", "shift-1"), (1, "mail.send", "p-7"),
                                    (2, "shift.assign", "change-3"), (3, "handoff", "c-4")):
            await log.record(AuditRecord(
                at=DAY + timedelta(days=day, hours=9), actor_id="maria", action=action,
                target=target, details={"reason": "malade, « vraiment »", "n": day},
                conversation_id=f"conv-{day}"))
    finally:
        await storage.close()  # type: ignore[attr-defined]


def test_a_date_range_is_exported_as_jsonl_oldest_first(
    environ: dict[str, str], tmp_path: Path
) -> None:
    asyncio.run(_seed(environ))
    out = tmp_path / "audit.jsonl"
    assert main(["--since", "2026-11-21", "--until", "2026-11-23", "--out", str(out)]) == 0
    entries = [json.loads(line) for line in out.read_text(encoding="utf-8").splitlines()]
    assert [e["action"] for e in entries] == ["mail.send", "shift.assign"]
    assert entries[0] == {
        "at": "2026-11-21T09:00:00+00:00", "actor_id": "maria", "action": "mail.send",
        "target": "p-7", "details": {"reason": "malade, « vraiment »", "n": 1},
        "conversation_id": "conv-1",
    }


def test_csv_goes_to_standard_output_with_a_header_and_open_ends(
    environ: dict[str, str], capsys: pytest.CaptureFixture[str]
) -> None:
    asyncio.run(_seed(environ))
    assert main(["--format", "csv", "--since", "2026-11-22T00:00+00:00"]) == 0
    captured = capsys.readouterr()
    rows = list(csv.DictReader(io.StringIO(captured.out)))
    assert [r["action"] for r in rows] == ["shift.assign", "handoff"]
    assert json.loads(rows[0]["details"]) == {"n": 2, "reason": "malade, « vraiment »"}
    assert rows[1]["conversation_id"] == "conv-3"
    assert "exported 2 audit entries" in captured.err


def test_a_backwards_range_and_a_bad_date_are_refused(
    environ: dict[str, str], capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["--since", "2026-11-23", "--until", "2026-11-21"]) == 2
    with pytest.raises(SystemExit):
        main(["--since", "23/11/2026"])
    assert "ISO 8601" in capsys.readouterr().err


def test_without_a_state_database_there_is_nothing_to_export(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("ERA_DATA_DIR", str(tmp_path / "empty"))
    monkeypatch.delenv("ERA_STORAGE", raising=False)
    assert main([]) == 0
    assert capsys.readouterr().out == ""
    assert not (tmp_path / "empty" / "state.sqlite3").exists()


async def test_a_shift_cancelled_through_the_bot_is_in_the_export(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("ERA_DATA_DIR", str(tmp_path))
    monkeypatch.delenv("ERA_STORAGE", raising=False)
    bot = await BotHarness.start(tmp_path, FIXED_NOW)
    try:
        bob = bot.as_person("bob-smith")
        shifts = await bot.shifts.upcoming_shifts("bob-smith", now=FIXED_NOW)
        await bob.say("cancel my shift tomorrow")
        await bob.say("1")
        await bob.say("I'm sick")
        after = await bot.shifts.upcoming_shifts("bob-smith", now=FIXED_NOW)
    finally:
        await bot.close()
    assert len(after) < len(shifts), "the cancellation went through"
    since = (FIXED_NOW - timedelta(days=1)).date().isoformat()
    assert await asyncio.to_thread(main, ["--since", since]) == 0
    entries = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert [(e["action"], e["actor_id"]) for e in entries] == [("shift.cancel", "bob-smith")]
