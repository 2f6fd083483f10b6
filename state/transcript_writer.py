"""Keeps conversation transcripts off the turn's critical path.

A turn hands its activities (the person's message and ERA's replies) to the writer, which appends
them in the background, several turns per write, as append-only durable records (one stream per
conversation, one record per turn holding its activities, tagged with the person the turn was with,
kept for the configured retention): no read-modify-write, so concurrent conversations and workers
never conflict and nothing is dropped. A write that fails is retried, with growing waits, for as
long as the store is down (each entry keeps its record id, so a batch that half succeeded is not
written twice); only an outage that leaves more than `_MAX_PENDING` entries waiting drops the
oldest (logged as an error). What is still pending at shutdown is flushed. Each batch goes with
an id made from its entries' record ids, so a store that keeps a batch in one document (Cosmos
DB: one request for several turns of several conversations) refuses a batch written twice; a
failed batch is retried as it was, never grown with newer entries.
Reading a transcript (for a hand-over) sees the stored records and what is still pending.
A store that can (SQLite) carries the waiting entries with its next write, in the same trip to
its database thread as a turn's state write (state.sqlite_storage.carry_records): an entry then
waits for the next write, or `flush_after_seconds` at most, and the background writer takes a
trip of its own only for entries that no write took along in that time.
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import json
import logging
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from botbuilder.schema import Activity

from core.durable_store import (
    CarriedRecords,
    DurableStore,
    JSONText,
    NewRecord,
    new_record_id,
)
from state.activity_json import activity_from_json, to_json_text
from state.conversation_keys import conversation_digest

logger = logging.getLogger(__name__)

DEFAULT_RETENTION_SECONDS = 90 * 24 * 3600
STREAM_PREFIX = "transcript/"
# Short: a few turns' entries per batch spread the work evenly (at 0.2 s, a batch of ~100 rows
# every fifty turns held up the two or three turns that met it by 5-10 ms: the p99).
FLUSH_AFTER_SECONDS = 0.02
# On a store that keeps a batch in one document (Cosmos DB), where each write is a request of its
# own: a batch then gathers the turns of a fifth of a second, not one or two (shutdown still
# writes what waits; only a crash loses more of it).
PACKED_FLUSH_AFTER_SECONDS = 0.2
# One transaction each: the storage thread serves the turns queued meanwhile between two batches,
# so no turn waits behind more than about a millisecond of transcript.
_MAX_BATCH = 25
# A batch that cannot be written is retried, waiting twice as long each time up to the cap,
# for as long as the store is down; entries are dropped (the oldest first) only when more than
# _MAX_PENDING wait, which bounds the memory an outage can take.
_RETRY_FIRST_SECONDS = 0.2
_RETRY_MAX_SECONDS = 5.0
_MAX_PENDING = 5_000  # turns
# At shutdown, a store that still fails after this many attempts is given up on (logged).
_ATTEMPTS_AT_SHUTDOWN = 3
_PURGE_EVERY_SECONDS = 3600.0
MAX_ACTIVITIES = 100


def transcript_stream(channel_id: str, conversation_id: str) -> str:
    """The record stream of one conversation's transcript."""
    return f"{STREAM_PREFIX}{channel_id}/{conversation_digest(conversation_id)}"


@dataclass(frozen=True)
class _Entry:
    """One turn's activities: one record (one document on Cosmos DB, where each costs a
    request)."""

    stream: str
    conversation: str
    person: str
    activities: tuple[Activity | str, ...]
    # Fixed when queued, so a batch appended again after a failure adds each entry once.
    record_id: str = field(default_factory=new_record_id)
    # When it was queued, on the event loop's clock: it is written flush_after_seconds later at
    # the latest.
    queued_at: float = 0.0

    def record(self) -> NewRecord:
        """The record this entry is stored as."""
        return NewRecord(stream=self.stream, body=_body(self.activities),
                         record_id=self.record_id, conversation=self.conversation,
                         person=self.person)


@dataclass
class _CarriedEntries(CarriedRecords):
    """Entries a store's write carries, with the records they are stored as."""

    entries: tuple[_Entry, ...] = ()


class TranscriptWriter:
    """Batches transcript entries and appends them in the background."""

    def __init__(
        self,
        storage: DurableStore,
        *,
        retention_seconds: int = DEFAULT_RETENTION_SECONDS,
        monotonic: Callable[[], float] = time.monotonic,
        flush_after_seconds: float = FLUSH_AFTER_SECONDS,
    ) -> None:
        """`retention_seconds`: how long a transcript entry is kept (a Cosmos DB ttl; expired
        entries are also purged at the first write and then about hourly);
        `flush_after_seconds`: how long after a turn its entry is written, with the turns
        queued meanwhile."""
        if retention_seconds < 1:
            raise ValueError("transcript retention must be at least one second")
        self._flush_after = flush_after_seconds
        self._storage = storage
        self._retention = retention_seconds
        self._monotonic = monotonic
        self._last_purge: float | None = None
        self._pending: list[_Entry] = []
        # Entries a write is carrying, or the background writer appending, right now.
        self._in_flight: set[int] = set()
        self._wake = asyncio.Event()
        self._task: asyncio.Task[None] | None = None
        self._closing = False
        self._stopping = asyncio.Event()

    def add(
        self, channel_id: str, conversation_id: str, activities: Sequence[Activity | str]
    ) -> None:
        """Queue a turn's activities (typing indicators left out; a reply may come as the JSON
        text already made for it) as one entry, tagged with the conversation and with the person
        the turn was with (the first activity's sender)."""
        stream = transcript_stream(channel_id, conversation_id)
        first = activities[0] if activities else None
        sender = first.from_property if isinstance(first, Activity) else None
        person = sender.id if sender is not None and sender.id else ""
        conversation = conversation_digest(conversation_id)
        kept = tuple(a for a in activities if isinstance(a, str) or a.type != "typing")
        if not kept:
            return
        loop = asyncio.get_running_loop()
        self._pending.append(_Entry(stream, conversation, person, kept, queued_at=loop.time()))
        self._start()

    def take_records(self) -> CarriedRecords | None:
        """The entries waiting (up to a batch), for a store to append with the write it is
        about to make."""
        batch = tuple(self._waiting()[:_MAX_BATCH])
        if not batch:
            return None
        records = [e.record() for e in batch]  # before they are marked: it may raise
        self._in_flight.update(id(e) for e in batch)
        return _CarriedEntries(records=records, ttl_seconds=self._retention, entries=batch)

    def carried(self, batch: CarriedRecords) -> None:
        """A write carrying entries ended: those appended are done; the others wait for the
        next write or the background writer."""
        if not isinstance(batch, _CarriedEntries):
            return
        carried = {id(e) for e in batch.entries}
        self._in_flight -= carried
        if batch.appended:
            self._drop_written(batch.entries)
            if self._purge_due():  # entries past their retention go even if writes take all
                self._start()
            return
        if batch.error is not None:
            logger.warning("transcript entries not written with a write: %s: %s",
                           type(batch.error).__name__, batch.error)
        self._start()

    def _start(self) -> None:
        if self._closing:  # close() writes what is pending itself
            return
        if self._task is None or self._task.done():
            self._task = asyncio.get_running_loop().create_task(self._run())
        self._wake.set()

    def _waiting(self) -> list[_Entry]:
        """The pending entries nobody is writing right now (at shutdown: all of them)."""
        if self._closing or not self._in_flight:
            return self._pending
        return [e for e in self._pending if id(e) not in self._in_flight]

    async def read(self, channel_id: str, conversation_id: str) -> list[Activity]:
        """The conversation's latest activities, oldest first: stored ones, then pending."""
        stream = transcript_stream(channel_id, conversation_id)
        stored = await self._storage.read_records(stream, limit=MAX_ACTIVITIES)
        activities = [activity_from_json(body) for record in stored
                      for body in _activities_of(record.body)]
        activities += [
            activity_from_json(json.loads(a)) if isinstance(a, str) else a
            for e in self._pending if e.stream == stream for a in e.activities
        ]
        return activities[-MAX_ACTIVITIES:]

    async def delete(self, channel_id: str, conversation_id: str) -> None:
        """Forget a conversation's transcript."""
        stream = transcript_stream(channel_id, conversation_id)
        self._pending = [e for e in self._pending if e.stream != stream]
        await self._storage.delete_records(stream)

    async def delete_person(self, channel_user_id: str) -> int:
        """Erase the transcripts of the turns with this channel account, in every
        conversation; returns how many stored turns went."""
        self._pending = [e for e in self._pending if e.person != channel_user_id]
        return await self._storage.delete_records(STREAM_PREFIX, prefix=True,
                                                  person=channel_user_id)

    async def purge_expired(self) -> int:
        """Remove entries past their retention (Cosmos DB does so itself by ttl)."""
        self._last_purge = self._monotonic()
        return await self._storage.purge_expired_records()

    async def close(self) -> None:
        """Write what is pending, then stop."""
        self._closing = True
        self._stopping.set()
        self._wake.set()
        if self._task is not None:
            with contextlib.suppress(Exception):
                await self._task
        await self._flush()

    async def _run(self) -> None:
        loop = asyncio.get_running_loop()
        while not self._closing:
            await self._wake.wait()
            self._wake.clear()
            while not self._closing:
                waiting = self._waiting()
                if not waiting:
                    break
                # The oldest entry's time is up, unless a write took it along meanwhile.
                wait = waiting[0].queued_at + self._flush_after - loop.time()
                if wait > 0:
                    await asyncio.sleep(wait)
                    continue
                await self._flush()
            await self._purge_when_due()
            if not self._pending and not self._closing:
                return

    async def _flush(self) -> None:
        failures = 0
        batch: list[_Entry] = []
        while waiting := self._waiting():
            # A batch that failed is tried again as it was (less what was erased or dropped
            # meanwhile), never with newer entries added: its id then names the same records.
            ids = {id(e) for e in waiting}
            batch = [e for e in batch if id(e) in ids] or waiting[:_MAX_BATCH]
            records = [e.record() for e in batch]
            flying = {id(e) for e in batch}
            self._in_flight |= flying
            try:
                try:
                    await self._storage.append_records(records, ttl_seconds=self._retention,
                                                       batch_id=_batch_id(batch))
                finally:
                    self._in_flight -= flying
            except Exception as error:
                failures += 1
                logger.warning("transcript batch not written (attempt %d): %s: %s", failures,
                               type(error).__name__, error)
                if self._closing and failures >= _ATTEMPTS_AT_SHUTDOWN:
                    logger.error("transcript: %d entries not written at shutdown",
                                 len(self._pending))
                    self._pending.clear()
                    return
                self._drop_beyond_limit()
                delay = min(_RETRY_MAX_SECONDS, _RETRY_FIRST_SECONDS * 2 ** (failures - 1))
                if self._closing:
                    await asyncio.sleep(delay)
                else:  # shutdown cuts the wait short
                    with contextlib.suppress(TimeoutError):
                        await asyncio.wait_for(self._stopping.wait(), delay)
                continue
            failures = 0
            self._drop_written(batch)
            batch = []
        await self._purge_when_due()

    def _drop_written(self, written: Sequence[_Entry]) -> None:
        """Take entries just stored off the pending list (most often its head)."""
        head = self._pending[:len(written)]
        if len(head) == len(written) and all(a is b for a, b in zip(head, written, strict=True)):
            del self._pending[:len(written)]
        else:  # entries erased, dropped or carried out of order shifted the list
            ids = {id(e) for e in written}
            self._pending = [e for e in self._pending if id(e) not in ids]

    def _drop_beyond_limit(self) -> None:
        excess = len(self._pending) - _MAX_PENDING
        if excess > 0:
            logger.error("transcript: the store is unreachable and %d entries wait; the oldest "
                         "%d dropped", len(self._pending), excess)
            del self._pending[:excess]

    def _purge_due(self) -> bool:
        return (self._last_purge is None
                or self._monotonic() - self._last_purge >= _PURGE_EVERY_SECONDS)

    async def _purge_when_due(self) -> None:
        if not self._purge_due():
            return
        try:
            await self.purge_expired()
        except Exception as error:
            logger.warning("expired transcript entries not purged: %s", type(error).__name__)


def _batch_id(batch: Sequence[_Entry]) -> str:
    """The id of a batch of entries: the same entries, the same id (a store that keeps a batch
    together refuses it a second time)."""
    return hashlib.sha256("".join(e.record_id for e in batch).encode("ascii")).hexdigest()[:32]


def _body(activities: Sequence[Activity | str]) -> JSONText:
    """A turn's record body: the JSON array of its activities, as text (a reply's JSON text
    made earlier goes in as it is)."""
    return JSONText("[" + ",".join(a if isinstance(a, str) else to_json_text(a)
                                   for a in activities) + "]")


def _activities_of(body: Any) -> list[Any]:
    """The activities' JSON in a stored record: a turn's array, or one activity (a record
    written before turns were kept whole)."""
    return body if isinstance(body, list) else [body]
