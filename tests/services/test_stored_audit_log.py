"""StoredAuditLog: entries are kept in order, with their details, across a reopen, in the
configured durable store, and a date range can be read back."""

from __future__ import annotations

import asyncio
from datetime import UTC, datetime, timedelta
from pathlib import Path

from core.audit_record import AuditRecord
from services.stored_audit_log import StoredAuditLog
from state.sqlite_storage import SqliteStorage

AT = datetime(2026, 11, 22, 10, 0, tzinfo=UTC)


def entry(n: int, **details: object) -> AuditRecord:
    return AuditRecord(at=AT + timedelta(seconds=n), actor_id=f"person-{n}",
                       action="shift.cancel", target=f"shift-{n}", details=dict(details),
                       conversation_id=f"conv-{n}")


async def test_recent_returns_the_latest_entries_newest_first(tmp_path: Path) -> None:
    async with SqliteStorage(tmp_path / "state.db") as store:
        log = StoredAuditLog(store)
        for n in range(5):
            await log.record(entry(n, reason=f"reason {n}"))

        latest = await log.recent(3)

    assert [r.target for r in latest] == ["shift-4", "shift-3", "shift-2"]
    assert latest[0] == entry(4, reason="reason 4")


async def test_details_round_trip_and_odd_values_become_text(tmp_path: Path) -> None:
    async with SqliteStorage(tmp_path / "state.db") as store:
        log = StoredAuditLog(store)
        await log.record(entry(1, ids=["a", "b"], nested={"k": 1}, when=AT))

        (record,) = await log.recent(1)

    assert record.details == {"ids": ["a", "b"], "nested": {"k": 1}, "when": str(AT)}
    assert record.at == AT + timedelta(seconds=1) and record.conversation_id == "conv-1"


async def test_entries_survive_reopening_and_concurrent_writes_all_land(tmp_path: Path) -> None:
    async with SqliteStorage(tmp_path / "state.db") as store:
        await asyncio.gather(*(StoredAuditLog(store).record(entry(n)) for n in range(20)))

    async with SqliteStorage(tmp_path / "state.db") as reopened:
        log = StoredAuditLog(reopened)
        everything = await log.recent(100)
        nothing = await log.recent(0)

    assert sorted(r.target for r in everything) == sorted(f"shift-{n}" for n in range(20))
    assert nothing == []


async def test_a_time_range_is_read_oldest_first_with_open_ends(tmp_path: Path) -> None:
    async with SqliteStorage(tmp_path / "state.db") as store:
        log = StoredAuditLog(store)
        for n in (5, 1, 3, 2, 4):
            await log.record(entry(n))

        middle = await log.between(AT + timedelta(seconds=2), AT + timedelta(seconds=4))
        from_three = await log.between(AT + timedelta(seconds=3))
        everything = await log.between()

    assert [r.target for r in middle] == ["shift-2", "shift-3"]
    assert [r.target for r in from_three] == ["shift-3", "shift-4", "shift-5"]
    assert len(everything) == 5
