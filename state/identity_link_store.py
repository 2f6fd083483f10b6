"""Keeps identity links (core.identity_link) in the bot's Storage, so every instance sees them
(SQLite locally, Cosmos DB in production), under ``identity-link/<channel>/<channel user id>``."""

from __future__ import annotations

from botbuilder.core import Storage

from core.identity_link import IdentityLink

KEY_PREFIX = "identity-link/"


class IdentityLinkStore:
    """Read, save and remove the link of one channel account."""

    def __init__(self, storage: Storage) -> None:
        self._storage = storage

    @staticmethod
    def key(channel_id: str, channel_user_id: str) -> str:
        """The storage key of a channel account's link."""
        return f"{KEY_PREFIX}{channel_id}/{channel_user_id}"

    async def get(self, channel_id: str, channel_user_id: str) -> IdentityLink | None:
        """The account's link, if it has one."""
        key = self.key(channel_id, channel_user_id)
        item = (await self._storage.read([key])).get(key)
        if not isinstance(item, dict):
            return None
        link = IdentityLink.from_dict(item)
        if link is None or link.channel_id != channel_id or (
            link.channel_user_id != channel_user_id
        ):
            return None
        return link

    async def save(self, link: IdentityLink) -> None:
        """Store the link (a newer sign-in replaces an older one)."""
        key = self.key(link.channel_id, link.channel_user_id)
        await self._storage.write({key: {**link.to_dict(), "e_tag": "*"}})

    async def remove(self, channel_id: str, channel_user_id: str) -> None:
        """Forget the account's link (nothing happens when there is none)."""
        await self._storage.delete([self.key(channel_id, channel_user_id)])
