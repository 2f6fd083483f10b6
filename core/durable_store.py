"""The durable-record store Protocol: append-only records and claimable documents, in whichever
store ERA is configured with (SQLite or Cosmos DB).

Records belong to a stream ("audit", "feedback", "transcript/<channel>/<digest>"), carry an id
(appending an id that is already stored in the stream does nothing, so a retried append never
doubles a record), a time, and optionally the conversation and the person they are about, so they
can be queried by conversation, by person and by time range, and erased per person. Documents are
keyed JSON objects with an ETag: a create succeeds only when no live document has the key, a
replace or a conditional delete only with the ETag last read, so when two workers claim the same
key at the same moment exactly one wins.
"""

from __future__ import annotations

import json
import os
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol, runtime_checkable


def new_record_id() -> str:
    """A fresh, unique record id: a random (version 4) UUID's 32 hex digits, as
    `uuid.uuid4().hex` writes them, without building the UUID object (every turn's transcript
    entry takes one: 9-18 -> 2-3.5 us)."""
    raw = bytearray(os.urandom(16))
    raw[6] = raw[6] & 0x0F | 0x40  # the version, 4
    raw[8] = raw[8] & 0x3F | 0x80  # the RFC 4122 variant
    return raw.hex()


@dataclass(frozen=True)
class JSONText:
    """A record body that is already JSON text: a store that keeps text stores it as it is
    (no parse and dump again); `value()` is the JSON value."""

    text: str

    def value(self) -> Any:
        """The JSON value of the text."""
        return json.loads(self.text)


@dataclass(frozen=True)
class NewRecord:
    """A record to append: its stream, JSON-ready body (or JSONText), id, the conversation and
    person it is about ("" when none) and its time in epoch seconds (None: when it is
    appended)."""

    stream: str
    body: Any
    record_id: str = field(default_factory=new_record_id)
    conversation: str = ""
    person: str = ""
    at: float | None = None

    def __post_init__(self) -> None:
        if not self.stream or not self.record_id:
            raise ValueError("a record needs a stream and an id")


@dataclass(frozen=True)
class DurableRecord:
    """A stored record."""

    stream: str
    record_id: str
    at: float
    body: Any
    conversation: str = ""
    person: str = ""


@dataclass(frozen=True)
class StoredDocument:
    """A stored document and the ETag to replace or delete it with."""

    key: str
    body: dict[str, Any]
    e_tag: str


@dataclass
class CarriedRecords:
    """Records a store appends in the same trip to its database as its next write (one hop
    instead of two), each statement still its own transaction as an append on its own: what the
    write does never depends on them. The store sets `appended` when they were (then or
    earlier: ids already stored are skipped), or `error` when they could not be."""

    records: Sequence[NewRecord]
    ttl_seconds: int | None = None
    appended: bool = False
    error: Exception | None = None


class RecordsToCarry(Protocol):
    """Whoever has records waiting to be appended (the transcript writer): a store that can
    carry them with its writes asks for them at each write and hands them back after it."""

    def take_records(self) -> CarriedRecords | None:
        """Records to append with the write about to go (None: nothing waits)."""
        ...

    def carried(self, batch: CarriedRecords) -> None:
        """The write's trip ended: `batch.appended` or `batch.error` says how theirs went (both
        unset: the write's task was cancelled before its trip was known to have ended)."""
        ...


@runtime_checkable
class DurableStore(Protocol):
    """Append-only records and ETag-guarded documents in the configured store."""

    async def append_records(
        self, records: Sequence[NewRecord], *, ttl_seconds: int | None = None,
        batch_id: str | None = None,
    ) -> int:
        """Append the records (removed after `ttl_seconds` when given); a record whose id is
        already in its stream is skipped. Returns how many were new. Records appended with a
        `batch_id` (unique to exactly these records) may be stored together, in one write:
        appending the same batch again then adds nothing, as a record appended twice."""
        ...

    async def read_records(
        self,
        stream: str,
        *,
        prefix: bool = False,
        conversation: str | None = None,
        person: str | None = None,
        since: float | None = None,
        until: float | None = None,
        limit: int | None = 1000,
    ) -> list[DurableRecord]:
        """The live records of `stream` (every stream starting with it when `prefix`) that match
        the filters, with since <= at < until; the newest `limit` of them, oldest first."""
        ...

    async def delete_records(
        self,
        stream: str,
        *,
        prefix: bool = False,
        conversation: str | None = None,
        person: str | None = None,
    ) -> int:
        """Remove the matching records; returns how many."""
        ...

    async def purge_expired_records(self) -> int:
        """Remove records whose time to live has passed; returns how many."""
        ...

    async def read_document(self, key: str) -> StoredDocument | None:
        """The live document under `key`, or None."""
        ...

    async def create_document(
        self, key: str, body: dict[str, Any], *, ttl_seconds: int | None = None
    ) -> str | None:
        """Store a new document; its ETag, or None when a live one already has the key."""
        ...

    async def replace_document(
        self, key: str, body: dict[str, Any], *, e_tag: str, ttl_seconds: int | None = None
    ) -> str | None:
        """Replace the document if it still has `e_tag`; the new ETag, or None when it changed
        or was removed meanwhile."""
        ...

    async def delete_document(self, key: str, *, e_tag: str | None = None) -> bool:
        """Remove the document (only if it still has `e_tag`, when given); whether it was."""
        ...

    async def document_keys(
        self, prefix: str, *, where: tuple[tuple[str, ...], str] | None = None
    ) -> list[str]:
        """The keys of live documents starting with `prefix`; with `where` = (path, value),
        only those whose body has the string `value` at the nested field `path`."""
        ...
