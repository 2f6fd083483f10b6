"""The local outbox: the embedded default mail service, which keeps messages in the organisation
database (table outbox) instead of sending them.

Nothing leaves the machine; `python -m tools.outbox` and the app's local-only route show what
ERA "sent". The request id is a UNIQUE column, so a repeated send is one INSERT that does
nothing, and the row already stored (the first message) is returned.
"""

from __future__ import annotations

import json
import logging
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime
from email.utils import make_msgid
from typing import Any

import aiosqlite

from core.outgoing_email import OutgoingEmail
from core.sent_email import SentEmail
from services.org_database import OrgDatabase

logger = logging.getLogger(__name__)

BACKEND = "outbox"
_MESSAGE_DOMAIN = "outbox.era.invalid"
_COLUMNS = "message_id, request_id, to_addresses, cc_addresses, reply_to, subject, body, sent_at"


@dataclass(frozen=True)
class OutboxEntry:
    """A message in the outbox and its sending record."""

    email: OutgoingEmail
    sent: SentEmail

    def to_dict(self) -> dict[str, Any]:
        """Plain JSON-ready form: the message's fields plus message_id, sent_at and backend."""
        return {**self.email.to_dict(), **self.sent.to_dict()}


class OutboxMailService:
    """Implements core.mail_service.MailService by storing messages locally."""

    def __init__(
        self, db: OrgDatabase, *, clock: Callable[[], datetime] = lambda: datetime.now(UTC)
    ) -> None:
        self._db = db
        self._clock = clock

    async def send(self, email: OutgoingEmail) -> SentEmail:
        """Store the message; a repeated request id returns the first stored message's record."""
        message_id = make_msgid(domain=_MESSAGE_DOMAIN)
        stored = await self._db.execute(
            f"INSERT OR IGNORE INTO outbox ({_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
            (message_id, email.request_id, json.dumps(list(email.to)), json.dumps(list(email.cc)),
             email.reply_to, email.subject, email.body, self._clock().astimezone(UTC).isoformat()),
        )
        row = await self._db.fetch_one(
            f"SELECT {_COLUMNS} FROM outbox WHERE request_id = ?", (email.request_id,)
        )
        if row is None:
            raise RuntimeError(f"outbox row for request {email.request_id} vanished")
        entry = _entry(row)
        if stored:
            logger.info("outbox: stored %s for request %s (%d recipients)",
                        entry.sent.message_id, email.request_id, len(email.recipients))
        else:
            logger.info("outbox: request %s was already stored as %s; not stored again",
                        email.request_id, entry.sent.message_id)
        return entry.sent

    async def list_recent(self, limit: int = 20) -> list[OutboxEntry]:
        """The newest messages first (at most `limit`)."""
        if limit < 1:
            raise ValueError("limit must be at least 1")
        rows = await self._db.fetch_all(
            f"SELECT {_COLUMNS} FROM outbox ORDER BY sent_at DESC, rowid DESC LIMIT ?", (limit,)
        )
        return [_entry(row) for row in rows]


def _entry(row: aiosqlite.Row) -> OutboxEntry:
    email = OutgoingEmail(
        request_id=row["request_id"],
        to=tuple(json.loads(row["to_addresses"])),
        subject=row["subject"],
        body=row["body"],
        cc=tuple(json.loads(row["cc_addresses"])),
        reply_to=row["reply_to"],
    )
    sent = SentEmail(
        message_id=row["message_id"],
        request_id=row["request_id"],
        sent_at=datetime.fromisoformat(row["sent_at"]),
        backend=BACKEND,
    )
    return OutboxEntry(email, sent)
