"""The audit log on the organisation database (table audit_log): the embedded default.

Entries are appended and never changed. `details` is stored as JSON; callers put facts there
(ids, reasons, summaries), never message bodies or secrets.
"""

from __future__ import annotations

import json
import logging
from datetime import datetime

from core.audit_record import AuditRecord
from services.org_database import OrgDatabase

logger = logging.getLogger(__name__)


class SqliteAuditLog:
    """Implements core.audit_log.AuditLog over the organisation database."""

    def __init__(self, db: OrgDatabase) -> None:
        self._db = db

    async def record(self, record: AuditRecord) -> None:
        """Append one entry."""
        await self._db.execute(
            "INSERT INTO audit_log (at, actor_id, action, target, details, conversation_id) "
            "VALUES (?, ?, ?, ?, ?, ?)",
            (record.at.isoformat(), record.actor_id, record.action, record.target,
             json.dumps(record.details, sort_keys=True, default=str),
             record.conversation_id),
        )
        logger.info("audit: %s by %s on %s", record.action, record.actor_id, record.target)

    async def recent(self, limit: int = 50) -> list[AuditRecord]:
        """The latest entries, newest first (in the order they were recorded)."""
        if limit <= 0:
            return []
        rows = await self._db.fetch_all(
            "SELECT at, actor_id, action, target, details, conversation_id FROM audit_log "
            "ORDER BY id DESC LIMIT ?",
            (limit,),
        )
        return [
            AuditRecord(
                at=datetime.fromisoformat(row["at"]),
                actor_id=row["actor_id"],
                action=row["action"],
                target=row["target"],
                details=json.loads(row["details"]),
                conversation_id=row["conversation_id"],
            )
            for row in rows
        ]
