"""`python -m tools.export_feedback`: the recorded `!improve` feedback as JSONL, oldest first,
from the storage the settings select; nothing to export without a state database."""

from __future__ import annotations

import asyncio
import json
from datetime import datetime, timedelta
from pathlib import Path

import pytest

from state.feedback_store import AdviceExchange, FeedbackStore
from state.sqlite_storage import SqliteStorage
from tests.conftest import FIXED_NOW
from tools.export_feedback import main

DECISIONS = (
    {"detector": "email", "mode": "context_aware", "triggered": False, "reason": "no_keywords",
     "checks": {"keywords": False}},
    {"detector": "calendar", "mode": "context_aware", "triggered": True, "reason": "triggered",
     "checks": {"keywords": True}},
)


async def _seed(data_dir: Path) -> None:
    storage = await SqliteStorage.create(data_dir / "state.sqlite3")
    store = FeedbackStore(storage)
    try:
        await store.remember_exchange("msteams:conv-a", AdviceExchange(
            user="Mon employé ne s'est pas présenté", assistant="Je vous recommande un appel.",
            at=FIXED_NOW.isoformat(), decisions=DECISIONS, playbook_id="no_show",
        ))
        await store.record(conversation_key="msteams:conv-a", person_id="maria",
                           feedback="trop tôt pour l'appel", now=FIXED_NOW)
        await store.record(conversation_key="msteams:conv-b", person_id="daniel",
                           feedback="good timing", now=FIXED_NOW + timedelta(minutes=5))
    finally:
        await storage.close()


@pytest.fixture
def data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("ERA_DATA_DIR", str(tmp_path))
    monkeypatch.delenv("ERA_STORAGE", raising=False)
    return tmp_path


def test_the_feedback_is_written_as_jsonl_oldest_first(data_dir: Path) -> None:
    asyncio.run(_seed(data_dir))
    out = data_dir / "feedback.jsonl"
    assert main(["--out", str(out)]) == 0
    lines = out.read_text(encoding="utf-8").splitlines()
    first, second = (json.loads(line) for line in lines)
    assert first["feedback"] == "trop tôt pour l'appel" and "trop tôt" in lines[0]
    assert first["person_id"] == "maria"
    assert first["exchange"]["user"] == "Mon employé ne s'est pas présenté"
    assert first["exchange"]["decisions"] == [dict(d) for d in DECISIONS]
    assert first["exchange"]["playbook_id"] == "no_show"
    assert second["feedback"] == "good timing" and second["exchange"] is None
    assert datetime.fromisoformat(first["at"]) < datetime.fromisoformat(second["at"])
    assert first["conversation"] != second["conversation"]
    assert "conv-a" not in lines[0]


def test_without_out_it_writes_to_standard_output(
    data_dir: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    asyncio.run(_seed(data_dir))
    assert main([]) == 0
    captured = capsys.readouterr()
    assert [json.loads(line)["feedback"] for line in captured.out.splitlines()] == [
        "trop tôt pour l'appel", "good timing",
    ]
    assert "exported 2 feedback record(s)" in captured.err


def test_no_state_database_means_nothing_to_export_and_nothing_created(
    data_dir: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main([]) == 0
    assert capsys.readouterr().out == ""
    assert not (data_dir / "state.sqlite3").exists()


def test_a_bad_setting_is_reported(data_dir: Path, monkeypatch: pytest.MonkeyPatch,
                                   capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setenv("ERA_STORAGE", "floppy")
    assert main([]) == 2
    assert "ERA_STORAGE" in capsys.readouterr().err
