"""Keeps each flow's turn memory in the bot's Storage, one item per conversation and flow.

The item carries a storage `ttl` longer than the memory's own ten minutes, so that for a while
after expiry ERA can still tell "your question expired" from "there was no question"; past that
the storage purges it.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from datetime import datetime

from botbuilder.core import Storage

from core.turn_memory import TurnMemory
from state.conversation_keys import conversation_digest

logger = logging.getLogger(__name__)

_PURGE_AFTER_SECONDS = 24 * 3600


@dataclass(frozen=True)
class TurnMemoryLookup:
    """What a load found: the live memory, or none, and whether one had expired."""

    memory: TurnMemory | None
    expired: bool = False


class TurnMemoryStore:
    """Load, save and clear turn memory for (conversation, scope)."""

    def __init__(self, storage: Storage) -> None:
        self._storage = storage

    @staticmethod
    def key(conversation_key: str, scope: str) -> str:
        """The storage key; long Teams conversation ids are hashed to keep keys short."""
        return f"turn-memory/{conversation_digest(conversation_key)}/{scope}"

    async def load(self, conversation_key: str, scope: str, now: datetime) -> TurnMemoryLookup:
        """The memory for this flow, unless absent or expired."""
        key = self.key(conversation_key, scope)
        items = await self._storage.read([key])
        raw = items.get(key)
        if not raw:
            return TurnMemoryLookup(None)
        data = {k: v for k, v in dict(raw).items() if k not in ("e_tag", "ttl")}
        memory = TurnMemory.from_dict(data)
        if memory.is_expired(now):
            logger.info("turn memory %s expired at %s", scope, memory.expires_at.isoformat())
            return TurnMemoryLookup(None, expired=True)
        return TurnMemoryLookup(memory)

    async def save(self, conversation_key: str, memory: TurnMemory, now: datetime) -> None:
        """Store the memory (last writer wins: turns of one conversation are serialised)."""
        remaining = max(0, int((memory.expires_at - now).total_seconds()))
        item = {**memory.to_dict(), "ttl": remaining + _PURGE_AFTER_SECONDS, "e_tag": "*"}
        await self._storage.write({self.key(conversation_key, memory.scope): item})

    async def clear(self, conversation_key: str, scope: str) -> None:
        """Forget the flow's memory (the flow finished or was cancelled)."""
        await self._storage.delete([self.key(conversation_key, scope)])
