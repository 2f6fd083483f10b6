"""Keeps each conversation's failure tracker in the bot Storage, apart from conversation state,
so that resetting a broken conversation does not forget how often it failed."""

from __future__ import annotations

from botbuilder.core import Storage

from core.failure_tracker import FailureTracker
from state.conversation_keys import conversation_digest


class FailureTrackerStore:
    """Load and save a conversation's FailureTracker."""

    def __init__(self, storage: Storage) -> None:
        self._storage = storage

    @staticmethod
    def key(conversation_key: str) -> str:
        """The storage key of a conversation's tracker."""
        return f"failure-tracker/{conversation_digest(conversation_key)}"

    async def load(self, conversation_key: str) -> FailureTracker:
        """The tracker (fresh when the conversation never failed)."""
        key = self.key(conversation_key)
        item = (await self._storage.read([key])).get(key)
        data = {k: v for k, v in dict(item).items() if k != "e_tag"} if item else None
        return FailureTracker.from_dict(data)

    async def save(self, conversation_key: str, tracker: FailureTracker) -> None:
        """Store the tracker (turns of one conversation are serialised, so last writer wins)."""
        await self._storage.write({self.key(conversation_key): {**tracker.to_dict(), "e_tag": "*"}})
