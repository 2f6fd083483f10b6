"""A channel account linked to a person's Microsoft Entra ID account by a one-time sign-in.

Teams says who a user is (the Entra object id it sends is trusted); Slack and the other channels
only give their own user id. After the person signs in once through the Azure Bot Service OAuth
connection, ERA keeps this link (channel id + channel user id -> Entra object id, and when it was
made) and identifies the person by it from then on, until they sign out.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Any


@dataclass(frozen=True)
class IdentityLink:
    """One channel account linked to one Entra user."""

    channel_id: str
    channel_user_id: str
    aad_object_id: str
    linked_at: datetime
    display_name: str = ""

    def __post_init__(self) -> None:
        if not (self.channel_id and self.channel_user_id and self.aad_object_id):
            raise ValueError("a link needs a channel, a channel user id and an Entra object id")
        if self.linked_at.tzinfo is None:
            raise ValueError("linked_at must be timezone-aware")

    def to_dict(self) -> dict[str, Any]:
        """The link as a JSON-ready document."""
        return {
            "channel_id": self.channel_id,
            "channel_user_id": self.channel_user_id,
            "aad_object_id": self.aad_object_id,
            "linked_at": self.linked_at.isoformat(),
            "display_name": self.display_name,
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> IdentityLink | None:
        """The link a stored document describes, or None when it is not one."""
        try:
            return cls(
                channel_id=str(data["channel_id"]),
                channel_user_id=str(data["channel_user_id"]),
                aad_object_id=str(data["aad_object_id"]),
                linked_at=datetime.fromisoformat(str(data["linked_at"])),
                display_name=str(data.get("display_name") or ""),
            )
        except (KeyError, TypeError, ValueError):
            return None
