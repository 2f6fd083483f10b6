"""Which requests to outside systems were made (table external_requests), so each is made once.

Graph sendMail, SMTP and Graph calendar writes cannot share a transaction with SQLite and cannot
recognise a repeated request themselves, so a service claims the request id first (a 'pending'
row, inserted only if none exists), calls the backend, then records the result ('done'). A
failure that certainly changed nothing releases the claim so the request can be tried again; a
failure whose outcome is unknown (a timeout after the request went out) leaves it pending, and
the service decides what a pending row means for a repeat: mail refuses to send again, calendar
writes repeat safely because Graph deduplicates them itself.
"""

from __future__ import annotations

import json
import logging
from dataclasses import dataclass
from datetime import datetime
from enum import StrEnum
from typing import Any

import aiosqlite

from services.org_database import OrgDatabase

logger = logging.getLogger(__name__)


class RequestState(StrEnum):
    """How far a logged request got."""

    PENDING = "pending"
    DONE = "done"


@dataclass(frozen=True)
class LoggedRequest:
    """A logged request: kind ("mail.send", "calendar.create", ...), id, state, and the
    JSON-ready result a repeat should return once it is done."""

    kind: str
    request_id: str
    state: RequestState
    result: dict[str, Any] | None
    updated_at: datetime


class RequestLog:
    """Reads and writes the external_requests table."""

    def __init__(self, db: OrgDatabase) -> None:
        self._db = db

    async def find(self, kind: str, request_id: str) -> LoggedRequest | None:
        """The entry for a request, pending or done."""
        row = await self._db.fetch_one(
            "SELECT kind, request_id, state, result, updated_at FROM external_requests "
            "WHERE kind = ? AND request_id = ?",
            (kind, request_id),
        )
        return _entry(row) if row else None

    async def claim(self, kind: str, request_id: str, *, now: datetime) -> LoggedRequest | None:
        """Record a pending attempt. None when this call made the claim; otherwise the entry
        that already exists (pending or done), left unchanged."""
        inserted = await self._db.execute(
            "INSERT OR IGNORE INTO external_requests (kind, request_id, state, result, "
            "updated_at) VALUES (?, ?, 'pending', NULL, ?)",
            (kind, request_id, now.isoformat()),
        )
        if inserted:
            return None
        return await self.find(kind, request_id)

    async def complete(
        self, kind: str, request_id: str, result: dict[str, Any], *, now: datetime
    ) -> None:
        """Mark a request done with the result a repeat returns (inserting it if unclaimed)."""
        await self._db.execute(
            "INSERT INTO external_requests (kind, request_id, state, result, updated_at) "
            "VALUES (?, ?, 'done', ?, ?) ON CONFLICT(kind, request_id) DO UPDATE SET "
            "state = 'done', result = excluded.result, updated_at = excluded.updated_at",
            (kind, request_id, json.dumps(result), now.isoformat()),
        )

    async def release(self, kind: str, request_id: str) -> None:
        """Give up a pending claim after a failure that changed nothing."""
        await self._db.execute(
            "DELETE FROM external_requests WHERE kind = ? AND request_id = ? "
            "AND state = 'pending'",
            (kind, request_id),
        )
        logger.info("request log: released %s %s", kind, request_id)


def _entry(row: aiosqlite.Row) -> LoggedRequest:
    return LoggedRequest(
        kind=row["kind"],
        request_id=row["request_id"],
        state=RequestState(row["state"]),
        result=json.loads(row["result"]) if row["result"] else None,
        updated_at=datetime.fromisoformat(row["updated_at"]),
    )
