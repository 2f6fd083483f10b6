"""Which demo schedule changes have been applied (table applied_changes), so each applies once.

The demo backend's shifts live in the demo organisation database, so it writes its entry in the
same SQLite transaction as the change itself (`applied_statement`), guarded so that the
transaction fails when the change did not take. The Graph backend keeps its entries in the
configured durable store instead (services.stored_change_ledger).
"""

from __future__ import annotations

import json
import logging
import uuid
from dataclasses import dataclass
from datetime import datetime
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
    """Reads and writes the applied_changes table of the demo organisation database."""

    def __init__(self, db: OrgDatabase) -> None:
        self._db = db

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
