"""The audit log Protocol: every side effect ERA performs is recorded here."""

from __future__ import annotations

import logging
from typing import Protocol

from core.audit_record import AuditRecord

logger = logging.getLogger(__name__)


class AuditLog(Protocol):
    """Append-only record of who did what. Implemented by services (SQLite by default)."""

    async def record(self, record: AuditRecord) -> None:
        """Append one entry."""
        ...

    async def recent(self, limit: int = 50) -> list[AuditRecord]:
        """The latest entries, newest first."""
        ...


async def record_done(audit: AuditLog | None, record: AuditRecord) -> None:
    """Audit an action that has already happened: a failing audit write must not make it look
    failed (the user would do it again), so it is logged with what the entry would have said."""
    if audit is None:
        return
    try:
        await audit.record(record)
    except Exception:
        logger.exception("audit write failed: %s by %s on %s", record.action, record.actor_id,
                         record.target)
