"""SqliteAuditLog: entries are kept in order, with their details, across a reopen."""

from __future__ import annotations

import asyncio
from datetime import UTC, datetime, timedelta
from pathlib import Path

from core.audit_record import AuditRecord
from services.org_database import OrgDatabase
from services.sqlite_audit_log import SqliteAuditLog

AT = datetime(2026, 11, 22, 10, 0, tzinfo=UTC)


def entry(n: int, **details: object) -> AuditRecord:
    return AuditRecord(at=AT + timedelta(seconds=n), actor_id=f"person-{n}",
                       action="shift.cancel", target=f"shift-{n}", details=dict(details),
                       conversation_id=f"conv-{n}")


async def test_recent_returns_the_latest_entries_newest_first(tmp_path: Path) -> None:
    db = await OrgDatabase.open(tmp_path / "org.db")
    try:
        log = SqliteAuditLog(db)
        for n in range(5):
            await log.record(entry(n, reason=f"reason {n}"))

        latest = await log.recent(3)
    finally:
        await db.close()

    assert [r.target for r in latest] == ["shift-4", "shift-3", "shift-2"]
    assert latest[0] == entry(4, reason="reason 4")


async def test_details_round_trip_and_odd_values_become_text(tmp_path: Path) -> None:
    db = await OrgDatabase.open(tmp_path / "org.db")
    try:
        log = SqliteAuditLog(db)
        await log.record(entry(1, ids=["a", "b"], nested={"k": 1}, when=AT))

        (record,) = await log.recent(1)
    finally:
        await db.close()

    assert record.details == {"ids": ["a", "b"], "nested": {"k": 1}, "when": str(AT)}
    assert record.at == AT + timedelta(seconds=1) and record.conversation_id == "conv-1"


async def test_entries_survive_reopening_and_concurrent_writes_all_land(tmp_path: Path) -> None:
    db = await OrgDatabase.open(tmp_path / "org.db")
    try:
        await asyncio.gather(*(SqliteAuditLog(db).record(entry(n)) for n in range(20)))
    finally:
        await db.close()

    reopened = await OrgDatabase.open(tmp_path / "org.db")
    try:
        log = SqliteAuditLog(reopened)
        everything = await log.recent(100)
        nothing = await log.recent(0)
    finally:
        await reopened.close()

    assert sorted(r.target for r in everything) == sorted(f"shift-{n}" for n in range(20))
    assert nothing == []
