"""Keeps conversation transcripts off the turn's critical path.

A turn hands its activities (the person's message and ERA's replies) to the writer, which appends
them in the background, several turns per write, as append-only records (one stream per
conversation): no read-modify-write, so concurrent conversations and workers never conflict and
nothing is dropped. A write that fails is retried; what is still pending at shutdown is flushed.
Reading a transcript (for a hand-over) sees the stored records and what is still pending.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
from collections.abc import Sequence
from typing import Any, Protocol

from botbuilder.schema import Activity

from state.activity_json import activity_from_json, to_json
from state.conversation_keys import conversation_digest

logger = logging.getLogger(__name__)

DEFAULT_RETENTION_SECONDS = 90 * 24 * 3600
_FLUSH_AFTER_SECONDS = 0.2
_MAX_BATCH = 200
_RETRIES = 5
MAX_ACTIVITIES = 100


class RecordStorage(Protocol):
    """What the writer needs of a storage (SqliteStorage and CosmosStorage provide it)."""

    async def append_records(
        self, records: Sequence[tuple[str, Any]], *, ttl_seconds: int | None = None
    ) -> None: ...

    async def read_records(self, stream: str, *, limit: int = 1000) -> list[Any]: ...

    async def delete_records(self, stream: str) -> None: ...


def transcript_stream(channel_id: str, conversation_id: str) -> str:
    """The record stream of one conversation's transcript."""
    return f"transcript/{channel_id}/{conversation_digest(conversation_id)}"


class TranscriptWriter:
    """Batches transcript entries and appends them in the background."""

    def __init__(
        self, storage: RecordStorage, *, retention_seconds: int = DEFAULT_RETENTION_SECONDS
    ) -> None:
        self._storage = storage
        self._retention = retention_seconds
        self._pending: list[tuple[str, Activity | str]] = []
        self._wake = asyncio.Event()
        self._task: asyncio.Task[None] | None = None
        self._closing = False

    def add(
        self, channel_id: str, conversation_id: str, activities: Sequence[Activity | str]
    ) -> None:
        """Queue a turn's activities (typing indicators left out)."""
        stream = transcript_stream(channel_id, conversation_id)
        kept = [(stream, a) for a in activities if isinstance(a, str) or a.type != "typing"]
        if not kept:
            return
        self._pending.extend(kept)
        if self._task is None or self._task.done():
            self._task = asyncio.get_running_loop().create_task(self._run())
        self._wake.set()

    async def read(self, channel_id: str, conversation_id: str) -> list[Activity]:
        """The conversation's latest activities, oldest first: stored ones, then pending."""
        stream = transcript_stream(channel_id, conversation_id)
        stored = await self._storage.read_records(stream, limit=MAX_ACTIVITIES)
        activities = [activity_from_json(body) for body in stored]
        activities += [
            activity_from_json(json.loads(a)) if isinstance(a, str) else a
            for s, a in self._pending if s == stream
        ]
        return activities[-MAX_ACTIVITIES:]

    async def delete(self, channel_id: str, conversation_id: str) -> None:
        """Forget a conversation's transcript."""
        stream = transcript_stream(channel_id, conversation_id)
        self._pending = [(s, a) for s, a in self._pending if s != stream]
        await self._storage.delete_records(stream)

    async def close(self) -> None:
        """Write what is pending, then stop."""
        self._closing = True
        self._wake.set()
        if self._task is not None:
            with contextlib.suppress(Exception):
                await self._task
        await self._flush()

    async def _run(self) -> None:
        while not self._closing:
            await self._wake.wait()
            self._wake.clear()
            if not self._closing:
                await asyncio.sleep(_FLUSH_AFTER_SECONDS)
            await self._flush()
            if not self._pending and not self._closing:
                return

    async def _flush(self) -> None:
        while self._pending:
            batch = self._pending[:_MAX_BATCH]
            records = [(stream, _body(entry)) for stream, entry in batch]
            for attempt in range(1, _RETRIES + 1):
                try:
                    await self._storage.append_records(records, ttl_seconds=self._retention)
                    break
                except Exception as error:
                    logger.warning("transcript batch not written (attempt %d): %s", attempt,
                                   type(error).__name__)
                    if attempt == _RETRIES:
                        logger.error("transcript batch of %d entries dropped", len(batch))
                        break
                    await asyncio.sleep(0.2 * attempt)
            del self._pending[:len(batch)]


def _body(entry: Any) -> Any:
    """A transcript entry as a JSON value: an activity, or its JSON text made earlier."""
    return json.loads(entry) if isinstance(entry, str) else to_json(entry)
