"""The audit log in the configured durable store (SQLite or Cosmos DB): one append-only record per
audited action in the stream "audit", so every worker's entries land in the one shared log.

Entries are never changed. A record carries the action's conversation and actor, so it can be
found by either, and its time, so a date range can be exported (`python -m tools.export_audit`).
`details` holds facts (ids, reasons, summaries), never message bodies or secrets.
"""

from __future__ import annotations

import json
import logging
from datetime import datetime

from core.audit_record import AuditRecord
from core.durable_store import DurableStore, NewRecord

logger = logging.getLogger(__name__)

AUDIT_STREAM = "audit"


class StoredAuditLog:
    """Implements core.audit_log.AuditLog over a core.durable_store.DurableStore."""

    def __init__(self, store: DurableStore) -> None:
        self._store = store

    async def record(self, record: AuditRecord) -> None:
        """Append one entry."""
        await self._store.append_records([NewRecord(
            stream=AUDIT_STREAM,
            # Odd detail values (a datetime...) are kept as their text, as JSON must.
            body=json.loads(json.dumps(record.to_dict(), sort_keys=True, default=str)),
            conversation=record.conversation_id,
            person=record.actor_id,
            at=record.at.timestamp(),
        )])
        logger.info("audit: %s by %s on %s", record.action, record.actor_id, record.target)

    async def recent(self, limit: int = 50) -> list[AuditRecord]:
        """The latest entries, newest first."""
        if limit <= 0:
            return []
        found = await self._store.read_records(AUDIT_STREAM, limit=limit)
        return [AuditRecord.from_dict(r.body) for r in reversed(found)]

    async def between(
        self, since: datetime | None = None, until: datetime | None = None
    ) -> list[AuditRecord]:
        """Every entry with since <= time < until (either end open when None), oldest first."""
        found = await self._store.read_records(
            AUDIT_STREAM,
            since=since.timestamp() if since else None,
            until=until.timestamp() if until else None,
            limit=None,
        )
        return [AuditRecord.from_dict(r.body) for r in found]
