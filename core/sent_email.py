"""What a mail service reports after sending: the message id, when, and through which backend.

A second send with the same request id returns the SentEmail of the first, unchanged, so a
dialog can confirm "sent" with the same message id however often the confirmation arrives.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any


@dataclass(frozen=True)
class SentEmail:
    """A sent message.

    message_id: an RFC 5322 Message-ID ("<...@...>"): the header SMTP and Graph sent, or the
    id the local outbox stored the message under.
    backend: "outbox", "graph" or "smtp".
    """

    message_id: str
    request_id: str
    sent_at: datetime
    backend: str

    def __post_init__(self) -> None:
        if not self.message_id or not self.request_id or not self.backend:
            raise ValueError("a sent email needs a message id, a request id and a backend")
        if self.sent_at.tzinfo is None:
            raise ValueError("sent_at must be timezone-aware")
        object.__setattr__(self, "sent_at", self.sent_at.astimezone(UTC))

    def to_dict(self) -> dict[str, Any]:
        """Plain JSON-ready form."""
        return {
            "message_id": self.message_id,
            "request_id": self.request_id,
            "sent_at": self.sent_at.isoformat(),
            "backend": self.backend,
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> SentEmail:
        """Rebuild from `to_dict` output."""
        return cls(
            message_id=str(data["message_id"]),
            request_id=str(data["request_id"]),
            sent_at=datetime.fromisoformat(str(data["sent_at"])),
            backend=str(data["backend"]),
        )
