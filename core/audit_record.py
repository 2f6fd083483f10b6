"""One audit entry: who did what, to what, when, and through which conversation."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime
from typing import Any


@dataclass(frozen=True)
class AuditRecord:
    """An audited action.

    action: a dotted verb such as "shift.assign", "shift.cancel", "mail.send".
    target: what it acted on (a shift id, a change id, an email address).
    details: plain JSON-ready facts (reason, summary, ids); never message bodies or secrets.
    """

    at: datetime
    actor_id: str
    action: str
    target: str
    details: dict[str, Any] = field(default_factory=dict)
    conversation_id: str = ""

    def __post_init__(self) -> None:
        if self.at.tzinfo is None:
            raise ValueError("audit times must be timezone-aware")
        if not self.actor_id or not self.action:
            raise ValueError("an audit record needs an actor and an action")

    def to_dict(self) -> dict[str, Any]:
        """Plain JSON-ready form."""
        return {
            "at": self.at.isoformat(),
            "actor_id": self.actor_id,
            "action": self.action,
            "target": self.target,
            "details": dict(self.details),
            "conversation_id": self.conversation_id,
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> AuditRecord:
        """Rebuild from `to_dict` output."""
        return cls(
            at=datetime.fromisoformat(data["at"]),
            actor_id=str(data["actor_id"]),
            action=str(data["action"]),
            target=str(data.get("target", "")),
            details=dict(data.get("details") or {}),
            conversation_id=str(data.get("conversation_id", "")),
        )
