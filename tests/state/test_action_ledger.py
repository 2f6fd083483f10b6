"""The once-only ledger: a side effect runs once however many times it is confirmed."""

from __future__ import annotations

import asyncio
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any

import pytest

from state.action_ledger import ActionInProgressError, ActionLedger
from state.sqlite_storage import SqliteStorage


async def test_a_second_confirmation_replays_the_result(
    sqlite_storage: SqliteStorage, fixed_now: datetime
) -> None:
    ledger = ActionLedger(sqlite_storage, clock=lambda: fixed_now)
    calls: list[int] = []

    async def send() -> dict[str, Any]:
        calls.append(1)
        return {"message_id": "m-1"}

    first = await ledger.run_once("email-send", "draft-1", send)
    second = await ledger.run_once("email-send", "draft-1", send)
    assert calls == [1]
    assert not first.replayed and second.replayed
    assert second.result == {"message_id": "m-1"}


async def test_concurrent_confirmations_act_once(
    sqlite_storage: SqliteStorage, fixed_now: datetime
) -> None:
    ledger = ActionLedger(sqlite_storage, clock=lambda: fixed_now)
    calls: list[int] = []

    async def apply() -> dict[str, Any]:
        calls.append(1)
        await asyncio.sleep(0.05)
        return {"ok": True}

    results = await asyncio.gather(
        *(ledger.run_once("shift-apply", "prev-1", apply) for _ in range(10)),
        return_exceptions=True,
    )
    assert calls == [1]
    done = [r for r in results if not isinstance(r, BaseException)]
    busy = [r for r in results if isinstance(r, ActionInProgressError)]
    assert len(done) + len(busy) == 10 and len(done) >= 1


async def test_a_failed_action_can_be_tried_again(
    sqlite_storage: SqliteStorage, fixed_now: datetime
) -> None:
    ledger = ActionLedger(sqlite_storage, clock=lambda: fixed_now)

    async def failing() -> dict[str, Any]:
        raise ConnectionError("smtp down")

    async def working() -> dict[str, Any]:
        return {"message_id": "m-2"}

    with pytest.raises(ConnectionError):
        await ledger.run_once("email-send", "draft-2", failing)
    outcome = await ledger.run_once("email-send", "draft-2", working)
    assert outcome.result == {"message_id": "m-2"} and not outcome.replayed


async def test_an_unfinished_claim_is_not_silently_redone(
    sqlite_storage: SqliteStorage, fixed_now: datetime
) -> None:
    key = ActionLedger.key("shift-apply", "prev-9")
    await sqlite_storage.write(
        {key: {"status": "running", "started_at": (fixed_now - timedelta(hours=1)).isoformat()}}
    )
    ledger = ActionLedger(sqlite_storage, clock=lambda: fixed_now)

    async def apply() -> dict[str, Any]:
        raise AssertionError("must not run")

    with pytest.raises(ActionInProgressError, match="never finished"):
        await ledger.run_once("shift-apply", "prev-9", apply)


class _StorageThatFailsOnce(SqliteStorage):
    """The storage edge failing the first time a result is recorded."""

    failed = False

    async def write(self, changes: dict[str, Any]) -> None:
        if not self.failed and any(v.get("status") == "done" for v in changes.values()):
            self.failed = True
            raise ConnectionError("database went away")
        await super().write(changes)


async def test_a_failed_record_does_not_turn_a_done_action_into_a_failure(
    tmp_path: Path, fixed_now: datetime
) -> None:
    storage = await _StorageThatFailsOnce.create(tmp_path / "state.sqlite3")
    try:
        ledger = ActionLedger(storage, clock=lambda: fixed_now)
        calls: list[int] = []

        async def send() -> dict[str, Any]:
            calls.append(1)
            return {"message_id": "m-9"}

        first = await ledger.run_once("email-send", "draft-9", send)
        second = await ledger.run_once("email-send", "draft-9", send)
        assert first.result == {"message_id": "m-9"} and not first.replayed
        assert second.replayed and calls == [1]
    finally:
        await storage.close()
