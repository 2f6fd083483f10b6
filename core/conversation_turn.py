"""One message of an advice conversation, as the detectors and the advisor see it."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import Any


class Role(StrEnum):
    """Who wrote a turn."""

    USER = "user"
    ASSISTANT = "assistant"


@dataclass(frozen=True)
class ConversationTurn:
    """A message in the server-side history: the manager's (user) or ERA's (assistant)."""

    role: Role
    content: str

    def __post_init__(self) -> None:
        if not isinstance(self.role, Role):
            object.__setattr__(self, "role", Role(self.role))

    def to_dict(self) -> dict[str, Any]:
        """Plain JSON-ready form."""
        return {"role": str(self.role), "content": self.content}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> ConversationTurn:
        """Rebuild from `to_dict` output or a {"role", "content"} record."""
        return cls(role=Role(data["role"]), content=str(data["content"]))
