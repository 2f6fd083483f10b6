"""The audit log Protocol: every side effect ERA performs is recorded here."""

from __future__ import annotations

from typing import Protocol

from core.audit_record import AuditRecord


class AuditLog(Protocol):
    """Append-only record of who did what. Implemented by services (SQLite by default)."""

    async def record(self, record: AuditRecord) -> None:
        """Append one entry."""
        ...

    async def recent(self, limit: int = 50) -> list[AuditRecord]:
        """The latest entries, newest first."""
        ...

