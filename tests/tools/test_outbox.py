"""`python -m tools.outbox` on a temporary data directory."""

from __future__ import annotations

import asyncio
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from core.outgoing_email import OutgoingEmail
from services.org_database import OrgDatabase
from services.outbox_mail_service import OutboxMailService
from tools.outbox import main

ROOT = Path(__file__).resolve().parents[2]


async def fill_outbox(data_dir: Path, count: int) -> None:
    db = await OrgDatabase.open(data_dir / "org.sqlite3")
    try:
        outbox = OutboxMailService(db)
        for number in range(1, count + 1):
            await outbox.send(OutgoingEmail(
                request_id=f"req-{number}", to=("bob.smith@contoso.example",),
                subject=f"Follow-up {number}", body=f"Hello Bob,\nmessage {number}.",
                cc=("maria.lopez@contoso.example",),
            ))
    finally:
        await db.close()


async def test_the_command_prints_the_newest_messages(tmp_path: Path) -> None:
    await fill_outbox(tmp_path, 3)
    env = {**os.environ, "ERA_DATA_DIR": str(tmp_path)}
    result = subprocess.run(
        [sys.executable, "-m", "tools.outbox", "--limit", "2"], cwd=ROOT, env=env,
        capture_output=True, text=True, timeout=30, check=False,
    )
    assert result.returncode == 0, result.stderr
    out = result.stdout
    assert "Subject: Follow-up 3" in out and "Subject: Follow-up 2" in out
    assert "Follow-up 1" not in out
    assert out.index("Follow-up 3") < out.index("Follow-up 2")
    assert "To: bob.smith@contoso.example" in out
    assert "Cc: maria.lopez@contoso.example" in out
    assert "    message 3." in out


async def test_json_output_lists_the_messages(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    await fill_outbox(tmp_path, 2)
    monkeypatch.setenv("ERA_DATA_DIR", str(tmp_path))
    # main() runs its own event loop, so it goes to a worker thread here.
    status = await _in_thread(["--json"])
    assert status == 0
    data = json.loads(capsys.readouterr().out)
    assert [item["subject"] for item in data] == ["Follow-up 2", "Follow-up 1"]
    assert data[0]["backend"] == "outbox" and data[0]["message_id"].startswith("<")


async def test_an_empty_data_directory_is_reported_and_not_created(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    data_dir = tmp_path / "nothing-yet"
    monkeypatch.setenv("ERA_DATA_DIR", str(data_dir))
    assert await _in_thread([]) == 0
    assert "is empty" in capsys.readouterr().out
    assert not data_dir.exists()


async def _in_thread(argv: list[str]) -> int:
    return await asyncio.to_thread(main, argv)
