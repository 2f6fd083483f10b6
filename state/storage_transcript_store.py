"""A botbuilder TranscriptStore on ERA's Storage (SQLite or Cosmos DB), so that botbuilder's
TranscriptLoggerMiddleware records each conversation where the hand-over to a person can find it.

One item per conversation keeps its latest activities (typing indicators left out), bounded so
a long conversation cannot grow without limit; writes use ETags so concurrent appends are not
lost.
"""

from __future__ import annotations

import logging
from datetime import datetime

from botbuilder.core import Storage
from botbuilder.core.transcript_logger import PagedResult, TranscriptInfo, TranscriptStore
from botbuilder.schema import Activity, ActivityTypes

from core.errors import ConflictError
from state.conversation_keys import conversation_digest

logger = logging.getLogger(__name__)

MAX_ACTIVITIES = 100
_ATTEMPTS = 4
_PAGE = 100


class StorageTranscriptStore(TranscriptStore):  # type: ignore[misc]
    """Transcripts as Storage items: `transcript/<channel>/<digest of conversation id>`."""

    def __init__(self, storage: Storage, *, max_activities: int = MAX_ACTIVITIES) -> None:
        self._storage = storage
        self._max = max_activities

    @staticmethod
    def key(channel_id: str, conversation_id: str) -> str:
        """The storage key of one conversation's transcript."""
        return f"transcript/{channel_id}/{conversation_digest(conversation_id)}"

    @staticmethod
    def index_key(channel_id: str) -> str:
        """The storage key of a channel's list of transcripts."""
        return f"transcript-index/{channel_id}"

    async def log_activity(self, activity: Activity) -> None:
        """Append one activity (typing indicators are not kept)."""
        if activity.type == ActivityTypes.typing or not activity.conversation:
            return
        channel, conversation = activity.channel_id or "", activity.conversation.id
        # The transcript is a record, not the conversation: failing to write it must not fail
        # (or undo) a turn that worked.
        try:
            created = await self._append(self.key(channel, conversation), "activities",
                                         activity.serialize(), self._max)
            if created:
                await self._append(self.index_key(channel), "conversations",
                                   {"id": conversation, "created": _iso(activity.timestamp)},
                                   1000)
        except Exception as error:
            logger.warning("transcript entry not recorded: %r", error)

    async def get_transcript_activities(
        self,
        channel_id: str,
        conversation_id: str,
        continuation_token: str | None = None,
        start_date: datetime | None = None,
    ) -> PagedResult:
        """The conversation's activities, oldest first, in pages of 100."""
        key = self.key(channel_id, conversation_id)
        item = (await self._storage.read([key])).get(key) or {}
        activities = [Activity().deserialize(a) for a in item.get("activities", [])]
        if start_date is not None:
            activities = [a for a in activities if a.timestamp is None or a.timestamp >= start_date]
        start = int(continuation_token or 0)
        page = PagedResult()
        page.items = activities[start:start + _PAGE]
        page.continuation_token = str(start + _PAGE) if start + _PAGE < len(activities) else None
        return page

    async def list_transcripts(
        self, channel_id: str, continuation_token: str | None = None
    ) -> PagedResult:
        """The channel's conversations that have a transcript, oldest first."""
        key = self.index_key(channel_id)
        item = (await self._storage.read([key])).get(key) or {}
        infos = [
            TranscriptInfo(channel_id=channel_id, conversation_id=entry["id"],
                           created=entry.get("created"))
            for entry in item.get("conversations", [])
        ]
        start = int(continuation_token or 0)
        page = PagedResult()
        page.items = infos[start:start + _PAGE]
        page.continuation_token = str(start + _PAGE) if start + _PAGE < len(infos) else None
        return page

    async def delete_transcript(self, channel_id: str, conversation_id: str) -> None:
        """Forget a conversation's transcript."""
        await self._storage.delete([self.key(channel_id, conversation_id)])

    async def _append(self, key: str, field: str, entry: object, bound: int) -> bool:
        """Append to a list in an item with ETag retries; True when the item was created."""
        for _ in range(_ATTEMPTS):
            item = (await self._storage.read([key])).get(key)
            entries = list(item.get(field, [])) if item else []
            entries.append(entry)
            change: dict[str, object] = {field: entries[-bound:]}
            if item and item.get("e_tag"):
                change["e_tag"] = item["e_tag"]
            try:
                await self._storage.write({key: change})
                return item is None
            except ConflictError:
                continue
        logger.warning("transcript entry dropped after %d conflicting writes", _ATTEMPTS)
        return False


def _iso(moment: datetime | None) -> str | None:
    return moment.isoformat() if moment else None
