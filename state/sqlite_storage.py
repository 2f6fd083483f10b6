"""SqliteStorage: ERA's embedded botbuilder Storage, one SQLite file on its own thread.

State survives restarts (WAL journal, one transaction per write call, synchronous=NORMAL: a
commit is durable against a process crash, and against a power cut once the WAL is checkpointed)
and is stored as plain JSON through the StateCodec, never pickled. Concurrency is optimistic, as
botbuilder's BotState expects: every item read carries an ``e_tag``; a write with a stale e_tag,
or a write without an e_tag (a create) of a key that already exists, raises ConflictError and
changes nothing; the e_tag "*" overwrites. After a successful write the caller's item is given
its new e_tag, so a second save in the same turn is not a conflict. A dict item with an integer
"ttl" key expires that many seconds after the write; reads treat expired rows as absent and
purge them. All SQLite work runs on the storage's own single thread, one hop per operation (a
read is one SELECT, a write one transaction), so the event loop never blocks and calls are
serialised; SQLite's own locking (with a busy timeout) keeps several processes on one file
apart.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import sqlite3
import time
import uuid
from collections.abc import Callable, Iterable, Iterator, Sequence
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from types import TracebackType
from typing import Any, TypeVar

from botbuilder.core import Storage

from core.errors import ConflictError
from state.state_codec import (
    EncodedDocument,
    EncodedItem,
    StateCodec,
    StateDecodeError,
    set_e_tag,
)

logger = logging.getLogger(__name__)

T = TypeVar("T")

_SCHEMA = """
CREATE TABLE IF NOT EXISTS era_state (
    key TEXT PRIMARY KEY,
    document TEXT NOT NULL,
    e_tag TEXT NOT NULL,
    expires_at REAL
);
CREATE TABLE IF NOT EXISTS era_records (
    seq INTEGER PRIMARY KEY AUTOINCREMENT,
    stream TEXT NOT NULL,
    at REAL NOT NULL,
    body TEXT NOT NULL,
    expires_at REAL
);
CREATE INDEX IF NOT EXISTS era_records_by_stream ON era_records (stream, seq);
"""
_BUSY_TIMEOUT_MS = 5000
# SQLite allows 32766 bound variables per statement; stay far below it.
_READ_CHUNK = 500
_KEY_IN_MESSAGE = 120


class SqliteStorage(Storage):  # type: ignore[misc]
    """A botbuilder Storage in one SQLite file, with e_tag concurrency and per-item expiry."""

    def __init__(
        self,
        path: str | Path,
        *,
        codec: StateCodec | None = None,
        clock: Callable[[], float] = time.time,
    ) -> None:
        """Configure the storage; call `open()` (or use `SqliteStorage.create`) before use."""
        super().__init__()
        self._path = str(path)
        self._codec = codec or StateCodec.default()
        self._clock = clock
        self._connection: sqlite3.Connection | None = None
        self._executor: ThreadPoolExecutor | None = None

    @classmethod
    async def create(
        cls,
        path: str | Path,
        *,
        codec: StateCodec | None = None,
        clock: Callable[[], float] = time.time,
    ) -> SqliteStorage:
        """Build and open a storage on `path` (created with its parent folder if missing)."""
        storage = cls(path, codec=codec, clock=clock)
        await storage.open()
        return storage

    async def open(self) -> None:
        """Open the database file, switch it to WAL and create the tables if needed."""
        if self._connection is not None:
            return
        if self._path != ":memory:":
            Path(self._path).parent.mkdir(parents=True, exist_ok=True)
        self._executor = ThreadPoolExecutor(max_workers=1, thread_name_prefix="era-sqlite")
        try:
            self._connection = await self._run(self._connect)
        except BaseException:
            self._executor.shutdown(wait=False)
            self._executor = None
            raise
        logger.info("SQLite storage opened at %s", self._path)

    def _connect(self) -> sqlite3.Connection:
        connection = sqlite3.connect(self._path, isolation_level=None, check_same_thread=False)
        try:
            connection.execute(f"PRAGMA busy_timeout = {_BUSY_TIMEOUT_MS}")
            connection.execute("PRAGMA journal_mode = WAL")
            connection.execute("PRAGMA synchronous = NORMAL")
            connection.executescript(_SCHEMA)
        except BaseException:
            connection.close()
            raise
        return connection

    async def close(self) -> None:
        """Close the database; the storage can be opened again later."""
        connection, self._connection = self._connection, None
        executor, self._executor = self._executor, None
        if connection is not None and executor is not None:
            await asyncio.get_running_loop().run_in_executor(executor, connection.close)
            executor.shutdown(wait=True)
            logger.info("SQLite storage closed at %s", self._path)

    async def __aenter__(self) -> SqliteStorage:
        await self.open()
        return self

    async def __aexit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        traceback: TracebackType | None,
    ) -> None:
        await self.close()

    async def read(self, keys: Sequence[str]) -> dict[str, Any]:
        """The live items stored under `keys` (missing and expired keys are left out)."""
        wanted = list(dict.fromkeys(keys or []))
        if not wanted:
            return {}
        now = self._clock()
        rows = await self._run(self._read_rows, wanted, now)
        items: dict[str, Any] = {}
        for key, document, e_tag, expires_at in rows:
            if not _is_expired(expires_at, now):
                items[key] = self._decode(key, json.loads(document), e_tag)
        return items

    async def read_documents(self, keys: Sequence[str]) -> dict[str, EncodedDocument]:
        """The live items under `keys` as stored JSON documents, not decoded (for a caller
        that decodes them itself and compares what it writes back with what it read)."""
        wanted = list(dict.fromkeys(keys or []))
        if not wanted:
            return {}
        now = self._clock()
        rows = await self._run(self._read_rows, wanted, now)
        return {
            key: EncodedDocument(json.loads(document), e_tag)
            for key, document, e_tag, expires_at in rows if not _is_expired(expires_at, now)
        }

    def _read_rows(
        self, wanted: list[str], now: float
    ) -> list[tuple[str, str, str, float | None]]:
        connection = self._open_connection()
        rows: list[tuple[str, str, str, float | None]] = []
        for start in range(0, len(wanted), _READ_CHUNK):
            chunk = wanted[start : start + _READ_CHUNK]
            marks = ",".join("?" * len(chunk))
            rows.extend(connection.execute(
                "SELECT key, document, e_tag, expires_at FROM era_state "
                f"WHERE key IN ({marks})",
                chunk,
            ).fetchall())
        expired = [key for key, _d, _e, expires_at in rows if _is_expired(expires_at, now)]
        if expired:
            connection.executemany(
                "DELETE FROM era_state WHERE key = ? AND expires_at IS NOT NULL "
                "AND expires_at <= ?",
                [(key, now) for key in expired],
            )
            logger.debug("SQLite storage purged %d expired item(s)", len(expired))
        return rows

    async def write(self, changes: dict[str, Any]) -> None:
        """Store every item in `changes` in one transaction, or none of them on a conflict."""
        if changes is None:
            raise TypeError("SqliteStorage.write: changes are required")
        if not changes:
            return
        encoded = {
            key: (item, json.dumps(item.document, ensure_ascii=False, allow_nan=False,
                                   separators=(",", ":")))
            for key, item in ((k, self._codec.encode_item(v)) for k, v in changes.items())
        }
        now = self._clock()
        new_e_tags = await self._run(self._write_all, encoded, now)
        for key, item in changes.items():
            set_e_tag(item, new_e_tags[key])

    def _write_all(
        self, encoded: dict[str, tuple[EncodedItem, str]], now: float
    ) -> dict[str, str]:
        with self._transaction() as connection:
            return {
                key: _write_one(connection, key, item, document, now)
                for key, (item, document) in encoded.items()
            }

    async def delete(self, keys: Iterable[str]) -> None:
        """Remove the items under `keys`; keys that do not exist are ignored."""
        doomed = list(dict.fromkeys(keys or []))
        if not doomed:
            return

        def delete_rows() -> None:
            with self._transaction() as connection:
                connection.executemany(
                    "DELETE FROM era_state WHERE key = ?", [(key,) for key in doomed]
                )

        await self._run(delete_rows)

    async def append_records(
        self, records: Sequence[tuple[str, Any]], *, ttl_seconds: int | None = None
    ) -> None:
        """Append (stream, JSON body) records in one transaction: never read-modify-write, so
        concurrent appenders cannot conflict or lose each other's records."""
        if not records:
            return
        now = self._clock()
        expires_at = now + ttl_seconds if ttl_seconds is not None else None
        rows = [
            (stream, now, json.dumps(body, ensure_ascii=False, separators=(",", ":")),
             expires_at)
            for stream, body in records
        ]

        def insert() -> None:
            with self._transaction() as connection:
                connection.executemany(
                    "INSERT INTO era_records (stream, at, body, expires_at) "
                    "VALUES (?, ?, ?, ?)", rows,
                )

        await self._run(insert)

    async def read_records(self, stream: str, *, limit: int = 1000) -> list[Any]:
        """The stream's newest `limit` live records, oldest first."""
        now = self._clock()

        def select() -> list[tuple[str]]:
            return self._open_connection().execute(
                "SELECT body FROM era_records WHERE stream = ? "
                "AND (expires_at IS NULL OR expires_at > ?) ORDER BY seq DESC LIMIT ?",
                (stream, now, limit),
            ).fetchall()

        rows = await self._run(select)
        return [json.loads(body) for (body,) in reversed(rows)]

    async def delete_records(self, stream: str) -> None:
        """Remove every record of a stream."""

        def delete_rows() -> None:
            with self._transaction() as connection:
                connection.execute("DELETE FROM era_records WHERE stream = ?", (stream,))

        await self._run(delete_rows)

    def _decode(self, key: str, document: Any, e_tag: str) -> Any:
        try:
            return self._codec.decode_item(document, e_tag)
        except StateDecodeError as error:
            raise StateDecodeError(f"stored item {_shown(key)}: {error}") from error

    @contextlib.contextmanager
    def _transaction(self) -> Iterator[sqlite3.Connection]:
        """One write transaction (on the storage thread), committed on success and rolled back
        on any error."""
        connection = self._open_connection()
        connection.execute("BEGIN IMMEDIATE")
        try:
            yield connection
            connection.execute("COMMIT")
        except BaseException:
            connection.execute("ROLLBACK")
            raise

    async def _run(self, function: Callable[..., T], *args: Any) -> T:
        if self._executor is None:
            raise RuntimeError("SqliteStorage is not open; call open() or SqliteStorage.create()")
        # Shielded: a cancelled turn must not leave a transaction half done on the thread.
        return await asyncio.shield(
            asyncio.get_running_loop().run_in_executor(self._executor, function, *args)
        )

    def _open_connection(self) -> sqlite3.Connection:
        if self._connection is None:
            raise RuntimeError("SqliteStorage is not open; call open() or SqliteStorage.create()")
        return self._connection


def _write_one(
    connection: sqlite3.Connection, key: str, item: EncodedItem, document: str, now: float
) -> str:
    e_tag = uuid.uuid4().hex
    expires_at = now + item.ttl if item.ttl is not None else None
    values = {"key": key, "doc": document, "e_tag": e_tag, "exp": expires_at, "now": now}
    if item.e_tag is None:
        # A create: it may only replace a row that has expired, never a live one.
        changed = connection.execute(
            "INSERT INTO era_state (key, document, e_tag, expires_at) "
            "VALUES (:key, :doc, :e_tag, :exp) "
            "ON CONFLICT (key) DO UPDATE SET document = excluded.document, "
            "e_tag = excluded.e_tag, expires_at = excluded.expires_at "
            "WHERE era_state.expires_at IS NOT NULL AND era_state.expires_at <= :now",
            values,
        ).rowcount
        if changed == 0:
            raise ConflictError(
                f"storage key {_shown(key)} already exists; a write without an e_tag only "
                "creates (read the item and write it back with its e_tag)"
            )
    elif item.e_tag == "*":
        connection.execute(
            "INSERT INTO era_state (key, document, e_tag, expires_at) "
            "VALUES (:key, :doc, :e_tag, :exp) "
            "ON CONFLICT (key) DO UPDATE SET document = excluded.document, "
            "e_tag = excluded.e_tag, expires_at = excluded.expires_at",
            values,
        )
    else:
        changed = connection.execute(
            "UPDATE era_state SET document = :doc, e_tag = :e_tag, expires_at = :exp "
            "WHERE key = :key AND e_tag = :old "
            "AND (expires_at IS NULL OR expires_at > :now)",
            {**values, "old": item.e_tag},
        ).rowcount
        if changed == 0:
            raise ConflictError(
                f"storage key {_shown(key)} was changed or removed since it was read "
                "(stale e_tag); read it again and retry"
            )
    return e_tag


def _is_expired(expires_at: float | None, now: float) -> bool:
    return expires_at is not None and expires_at <= now


def _shown(key: str) -> str:
    """The key for messages and logs, shortened: Teams conversation ids can be very long."""
    if len(key) <= _KEY_IN_MESSAGE:
        return repr(key)
    return repr(key[:_KEY_IN_MESSAGE] + "...")
