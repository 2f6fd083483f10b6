"""Which Teams Shifts changes have been applied, so each applies once across every worker: one
document per change id ("applied-change/<id>") in the configured durable store.

Graph cannot share a transaction with the store, so the Graph backend claims the change id first
(`claim`: a 'pending' document, created only when none exists, so when two workers claim the same
id at the same moment exactly one wins), makes the Graph calls, then marks the entry applied
(`complete`) or gives the claim up (`release`). A pending claim older than `stale_after` (a
crashed worker) may be claimed again; it is replaced with its ETag, so again only one reclaimer
wins. The demo backend keeps its entries in the demo organisation database instead, in the same
transaction as the change (services.applied_change_ledger).
"""

from __future__ import annotations

import logging
import uuid
from datetime import datetime, timedelta
from typing import Any

from core.durable_store import DurableStore, StoredDocument
from core.errors import ConflictError
from core.shift_change import ShiftChangeKind
from services.applied_change_ledger import LedgerEntry

logger = logging.getLogger(__name__)

KEY_PREFIX = "applied-change/"
_PENDING, _APPLIED = "pending", "applied"
_ATTEMPTS = 5


class StoredChangeLedger:
    """Claims, completes and releases change ids in the durable store."""

    def __init__(
        self, store: DurableStore, *, stale_after: timedelta = timedelta(minutes=2)
    ) -> None:
        self._store = store
        self._stale_after = stale_after

    @staticmethod
    def key(change_id: str) -> str:
        """The document key of one change."""
        return f"{KEY_PREFIX}{change_id}"

    async def find(self, change_id: str) -> LedgerEntry | None:
        """The entry for a change id, applied or pending."""
        document = await self._store.read_document(self.key(change_id))
        return _entry(document) if document else None

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
        key = self.key(change_id)
        body = {
            "change_id": change_id, "kind": str(kind), "store_id": store_id,
            "actor_id": actor_id, "conversation_id": conversation_id, "summary": summary,
            "shift_ids": [], "result": None, "state": _PENDING,
            "claim_token": uuid.uuid4().hex, "updated_at": now.isoformat(),
        }
        for _attempt in range(_ATTEMPTS):
            if await self._store.create_document(key, body) is not None:
                return True
            document = await self._store.read_document(key)
            if document is None:
                continue  # released meanwhile: claim it afresh
            stale = (document.body.get("state") == _PENDING
                     and datetime.fromisoformat(document.body["updated_at"])
                     < now - self._stale_after)
            if not stale:
                return False
            logger.info("ledger: reclaiming %s from a claim that went stale", change_id)
            return await self._store.replace_document(key, body, e_tag=document.e_tag) is not None
        return False

    async def complete(
        self,
        change_id: str,
        *,
        shift_ids: tuple[str, ...],
        result: dict[str, Any] | None,
        now: datetime,
    ) -> None:
        """Mark a claimed change applied, with the shifts it affected."""
        key = self.key(change_id)
        for _attempt in range(_ATTEMPTS):
            document = await self._store.read_document(key)
            if document is None:
                raise ConflictError(f"change {change_id} was not claimed")
            body = {**document.body, "state": _APPLIED, "shift_ids": list(shift_ids),
                    "result": result, "updated_at": now.isoformat()}
            if await self._store.replace_document(key, body, e_tag=document.e_tag):
                return
        raise ConflictError(f"change {change_id} could not be marked applied")

    async def release(self, change_id: str) -> None:
        """Give up a claim after a failed apply, so the change can be tried again."""
        key = self.key(change_id)
        document = await self._store.read_document(key)
        if document is not None and document.body.get("state") == _PENDING:
            await self._store.delete_document(key, e_tag=document.e_tag)
            logger.info("ledger: released claim on %s", change_id)


def _entry(document: StoredDocument) -> LedgerEntry:
    body = document.body
    result = body.get("result")
    return LedgerEntry(
        change_id=str(body["change_id"]),
        kind=ShiftChangeKind(body["kind"]),
        actor_id=str(body.get("actor_id", "")),
        summary=str(body.get("summary", "")),
        shift_ids=tuple(str(i) for i in body.get("shift_ids") or ()),
        result=dict(result) if isinstance(result, dict) else None,
        applied=body.get("state") == _APPLIED,
    )
