"""Which requests to outside systems were made, so each is made once: one document per request
("request/<kind>/<id>") in the configured durable store, shared by every worker.

Graph sendMail, SMTP and Graph calendar writes cannot share a transaction with the store and
cannot recognise a repeated request themselves, so a service claims the request id first (a
'pending' document, created only if none exists: when two workers claim at once exactly one
wins), calls the backend, then records the result ('done'). A failure that certainly changed
nothing releases the claim so the request can be tried again; a failure whose outcome is unknown
(a timeout after the request went out) leaves it pending, and the service decides what a pending
entry means for a repeat: mail refuses to send again, calendar writes repeat safely because Graph
deduplicates them itself.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from datetime import datetime
from enum import StrEnum
from typing import Any

from core.durable_store import DurableStore, StoredDocument
from core.errors import ConflictError

logger = logging.getLogger(__name__)

KEY_PREFIX = "request/"
_ATTEMPTS = 5


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
    """Reads and writes the request documents."""

    def __init__(self, store: DurableStore) -> None:
        self._store = store

    @staticmethod
    def key(kind: str, request_id: str) -> str:
        """The document key of one request."""
        return f"{KEY_PREFIX}{kind}/{request_id}"

    async def find(self, kind: str, request_id: str) -> LoggedRequest | None:
        """The entry for a request, pending or done."""
        document = await self._store.read_document(self.key(kind, request_id))
        return _entry(document) if document else None

    async def claim(self, kind: str, request_id: str, *, now: datetime) -> LoggedRequest | None:
        """Record a pending attempt. None when this call made the claim; otherwise the entry
        that already exists (pending or done), left unchanged."""
        key = self.key(kind, request_id)
        for _attempt in range(_ATTEMPTS):
            body = _body(kind, request_id, RequestState.PENDING, None, now)
            if await self._store.create_document(key, body) is not None:
                return None
            document = await self._store.read_document(key)
            if document is not None:
                return _entry(document)
            # Released between our create and our read: try to claim it again.
        raise ConflictError(f"request {kind} {request_id} keeps changing; try again")

    async def complete(
        self, kind: str, request_id: str, result: dict[str, Any], *, now: datetime
    ) -> None:
        """Mark a request done with the result a repeat returns (creating it if unclaimed)."""
        key = self.key(kind, request_id)
        body = _body(kind, request_id, RequestState.DONE, result, now)
        for _attempt in range(_ATTEMPTS):
            document = await self._store.read_document(key)
            if document is None:
                if await self._store.create_document(key, body) is not None:
                    return
            elif await self._store.replace_document(key, body, e_tag=document.e_tag):
                return
        raise ConflictError(f"request {kind} {request_id} could not be marked done")

    async def release(self, kind: str, request_id: str) -> None:
        """Give up a pending claim after a failure that changed nothing."""
        key = self.key(kind, request_id)
        document = await self._store.read_document(key)
        if document is not None and document.body.get("state") == RequestState.PENDING:
            await self._store.delete_document(key, e_tag=document.e_tag)
            logger.info("request log: released %s %s", kind, request_id)


def _body(
    kind: str, request_id: str, state: RequestState, result: dict[str, Any] | None,
    now: datetime,
) -> dict[str, Any]:
    return {"kind": kind, "request_id": request_id, "state": str(state), "result": result,
            "updated_at": now.isoformat()}


def _entry(document: StoredDocument) -> LoggedRequest:
    body = document.body
    result = body.get("result")
    return LoggedRequest(
        kind=str(body["kind"]),
        request_id=str(body["request_id"]),
        state=RequestState(body["state"]),
        result=dict(result) if isinstance(result, dict) else None,
        updated_at=datetime.fromisoformat(body["updated_at"]),
    )
