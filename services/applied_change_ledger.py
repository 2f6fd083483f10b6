"""Which schedule changes have been applied (table applied_changes), so each applies once.

Two ways in. The demo backend writes its entry in the same SQLite transaction as the change
itself (`applied_statement`), guarded so that the transaction fails when the change did not take.
The Graph backend cannot share a transaction with Graph, so it claims the change id first
(`claim`, a 'pending' row), makes the Graph calls, then marks the entry applied (`complete`) or
gives the claim up (`release`). A pending claim older than `stale_after` (a crashed worker) may be
claimed again.
"""

from __future__ import annotations

import json
import logging
import uuid
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

import aiosqlite

from core.shift_change import AppliedChange, ShiftChangeKind
from services.org_database import OrgDatabase

logger = logging.getLogger(__name__)

_COLUMNS = (
    "change_id, kind, store_id, actor_id, conversation_id, summary, shift_ids, result, state, "
    "claim_token, updated_at"
)


@dataclass(frozen=True)
class LedgerEntry:
    """A recorded change: applied, or claimed by a worker that is applying it ('pending')."""

    change_id: str
    kind: ShiftChangeKind
    actor_id: str
    summary: str
    shift_ids: tuple[str, ...]
    result: dict[str, Any] | None
    applied: bool

    def as_replay(self) -> AppliedChange:
        """The AppliedChange a repeated apply returns."""
        return AppliedChange(
            change_id=self.change_id, kind=self.kind, shift_ids=self.shift_ids,
            already_applied=True, summary=self.summary,
        )


class AppliedChangeLedger:
    """Reads and writes the applied_changes table."""

    def __init__(self, db: OrgDatabase, *, stale_after: timedelta = timedelta(minutes=2)) -> None:
        self._db = db
        self._stale_after = stale_after

    async def find(self, change_id: str) -> LedgerEntry | None:
        """The entry for a change id, applied or pending."""
        row = await self._db.fetch_one(
            f"SELECT {_COLUMNS} FROM applied_changes WHERE change_id = ?", (change_id,)
        )
        return _entry(row) if row else None

    @staticmethod
    def applied_statement(
        *,
        change_id: str,
        kind: ShiftChangeKind,
        store_id: str,
        actor_id: str,
        conversation_id: str,
        summary: str,
        shift_ids: tuple[str, ...],
        result: dict[str, Any] | None,
        now: datetime,
        condition: str,
        condition_params: tuple[object, ...],
    ) -> tuple[str, tuple[object, ...]]:
        """An INSERT of an applied entry that fails unless `condition` (SQL) holds.

        Put it last in the change's transaction: when the change did not take (a guarded UPDATE
        matched nothing) the condition is false, the state column gets NULL, its NOT NULL
        constraint fails, and the whole transaction rolls back. A second apply of the same id
        fails on the primary key the same way.
        """
        sql = (
            f"INSERT INTO applied_changes ({_COLUMNS}) SELECT ?, ?, ?, ?, ?, ?, ?, ?, "
            f"CASE WHEN ({condition}) THEN 'applied' END, ?, ?"
        )
        params = (
            change_id, str(kind), store_id, actor_id, conversation_id, summary,
            json.dumps(list(shift_ids)), json.dumps(result) if result is not None else None,
            *condition_params, uuid.uuid4().hex, now.isoformat(),
        )
        return sql, params

    async def claim(
        self,
        *,
        change_id: str,
        kind: ShiftChangeKind,
        store_id: str,
        actor_id: str,
        conversation_id: str,
        summary: str,
        now: datetime,
    ) -> bool:
        """Claim a change id before applying it; False when it is applied or being applied."""
        token = uuid.uuid4().hex
        await self._db.execute(
            f"INSERT INTO applied_changes ({_COLUMNS}) "
            "VALUES (?, ?, ?, ?, ?, ?, '[]', NULL, 'pending', ?, ?) "
            "ON CONFLICT(change_id) DO UPDATE SET claim_token = excluded.claim_token, "
            "actor_id = excluded.actor_id, conversation_id = excluded.conversation_id, "
            "updated_at = excluded.updated_at "
            "WHERE applied_changes.state = 'pending' AND applied_changes.updated_at < ?",
            (change_id, str(kind), store_id, actor_id, conversation_id, summary, token,
             now.isoformat(), (now - self._stale_after).isoformat()),
        )
        row = await self._db.fetch_one(
            "SELECT claim_token FROM applied_changes WHERE change_id = ?", (change_id,)
        )
        return row is not None and row["claim_token"] == token

    async def complete(
        self,
        change_id: str,
        *,
        shift_ids: tuple[str, ...],
        result: dict[str, Any] | None,
        now: datetime,
    ) -> None:
        """Mark a claimed change applied, with the shifts it affected."""
        await self._db.execute(
            "UPDATE applied_changes SET state = 'applied', shift_ids = ?, result = ?, "
            "updated_at = ? WHERE change_id = ?",
            (json.dumps(list(shift_ids)), json.dumps(result) if result is not None else None,
             now.isoformat(), change_id),
        )

    async def release(self, change_id: str) -> None:
        """Give up a claim after a failed apply, so the change can be tried again."""
        await self._db.execute(
            "DELETE FROM applied_changes WHERE change_id = ? AND state = 'pending'",
            (change_id,),
        )
        logger.info("ledger: released claim on %s", change_id)


def _entry(row: aiosqlite.Row) -> LedgerEntry:
    return LedgerEntry(
        change_id=row["change_id"],
        kind=ShiftChangeKind(row["kind"]),
        actor_id=row["actor_id"],
        summary=row["summary"],
        shift_ids=tuple(json.loads(row["shift_ids"])),
        result=json.loads(row["result"]) if row["result"] else None,
        applied=row["state"] == "applied",
    )
