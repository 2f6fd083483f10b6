"""SqliteStorage: ERA's embedded botbuilder Storage, one SQLite file on aiosqlite.

State survives restarts (WAL journal, one transaction per write call) and is stored as plain JSON
through the StateCodec, never pickled. Concurrency is optimistic, as botbuilder's BotState
expects: every item read carries an ``e_tag``; a write with a stale e_tag, or a write without an
e_tag (a create) of a key that already exists, raises ConflictError and changes nothing; the e_tag
"*" overwrites. After a successful write the caller's item is given its new e_tag, so a second save
in the same turn is not a conflict. A dict item with an integer "ttl" key expires that many seconds
after the write; reads treat expired rows as absent and purge them. All SQLite calls run on
aiosqlite's thread, so the event loop never blocks; one lock keeps this instance's transactions
apart, and SQLite's own locking (with a busy timeout) keeps several processes on one file apart.
"""

from __future__ import annotations

import asyncio
import json
import logging
import time
import uuid
from collections.abc import AsyncIterator, Callable, Iterable, Sequence
from contextlib import asynccontextmanager
from pathlib import Path
from types import TracebackType
from typing import Any

import aiosqlite
from botbuilder.core import Storage

from core.errors import ConflictError
from state.state_codec import EncodedItem, StateCodec, StateDecodeError, set_e_tag

logger = logging.getLogger(__name__)

_SCHEMA = """
CREATE TABLE IF NOT EXISTS era_state (
    key TEXT PRIMARY KEY,
    document TEXT NOT NULL,
    e_tag TEXT NOT NULL,
    expires_at REAL
)
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
        self._connection: aiosqlite.Connection | None = None
        self._lock = asyncio.Lock()

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
        """Open the database file, switch it to WAL and create the table if needed."""
        if self._connection is not None:
            return
        if self._path != ":memory:":
            Path(self._path).parent.mkdir(parents=True, exist_ok=True)
        connection = await aiosqlite.connect(self._path, isolation_level=None)
        try:
            await connection.execute(f"PRAGMA busy_timeout = {_BUSY_TIMEOUT_MS}")
            await connection.execute("PRAGMA journal_mode = WAL")
            await connection.execute("PRAGMA synchronous = FULL")
            await connection.execute(_SCHEMA)
        except BaseException:
            await connection.close()
            raise
        self._connection = connection
        logger.info("SQLite storage opened at %s", self._path)

    async def close(self) -> None:
        """Close the database; the storage can be opened again later."""
        connection, self._connection = self._connection, None
        if connection is not None:
            async with self._lock:
                await connection.close()
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
        rows: list[tuple[str, str, str, float | None]] = []
        async with self._lock:
            connection = self._open_connection()
            for start in range(0, len(wanted), _READ_CHUNK):
                chunk = wanted[start : start + _READ_CHUNK]
                marks = ",".join("?" * len(chunk))
                rows.extend(
                    await connection.execute_fetchall(  # type: ignore[arg-type]
                        "SELECT key, document, e_tag, expires_at FROM era_state "
                        f"WHERE key IN ({marks})",
                        chunk,
                    )
                )
            expired = [key for key, _d, _e, expires_at in rows if _is_expired(expires_at, now)]
            if expired:
                await self._purge(connection, expired, now)
        items: dict[str, Any] = {}
        for key, document, e_tag, expires_at in rows:
            if not _is_expired(expires_at, now):
                items[key] = self._decode(key, json.loads(document), e_tag)
        return items

    async def write(self, changes: dict[str, Any]) -> None:
        """Store every item in `changes` in one transaction, or none of them on a conflict."""
        if changes is None:
            raise TypeError("SqliteStorage.write: changes are required")
        if not changes:
            return
        encoded = {key: self._codec.encode_item(item) for key, item in changes.items()}
        now = self._clock()
        new_e_tags: dict[str, str] = {}
        async with self._transaction() as connection:
            for key, item in encoded.items():
                new_e_tags[key] = await self._write_one(connection, key, item, now)
        for key, item in changes.items():
            set_e_tag(item, new_e_tags[key])

    async def delete(self, keys: Iterable[str]) -> None:
        """Remove the items under `keys`; keys that do not exist are ignored."""
        doomed = list(dict.fromkeys(keys or []))
        if not doomed:
            return
        async with self._transaction() as connection:
            await connection.executemany(
                "DELETE FROM era_state WHERE key = ?", [(key,) for key in doomed]
            )

    async def _write_one(
        self, connection: aiosqlite.Connection, key: str, item: EncodedItem, now: float
    ) -> str:
        e_tag = uuid.uuid4().hex
        document = json.dumps(
            item.document, ensure_ascii=False, allow_nan=False, separators=(",", ":")
        )
        expires_at = now + item.ttl if item.ttl is not None else None
        values = {"key": key, "doc": document, "e_tag": e_tag, "exp": expires_at, "now": now}
        if item.e_tag is None:
            # A create: it may only replace a row that has expired, never a live one.
            changed = await _changed_rows(
                connection,
                "INSERT INTO era_state (key, document, e_tag, expires_at) "
                "VALUES (:key, :doc, :e_tag, :exp) "
                "ON CONFLICT (key) DO UPDATE SET document = excluded.document, "
                "e_tag = excluded.e_tag, expires_at = excluded.expires_at "
                "WHERE era_state.expires_at IS NOT NULL AND era_state.expires_at <= :now",
                values,
            )
            if changed == 0:
                raise ConflictError(
                    f"storage key {_shown(key)} already exists; a write without an e_tag only "
                    "creates (read the item and write it back with its e_tag)"
                )
        elif item.e_tag == "*":
            await _changed_rows(
                connection,
                "INSERT INTO era_state (key, document, e_tag, expires_at) "
                "VALUES (:key, :doc, :e_tag, :exp) "
                "ON CONFLICT (key) DO UPDATE SET document = excluded.document, "
                "e_tag = excluded.e_tag, expires_at = excluded.expires_at",
                values,
            )
        else:
            changed = await _changed_rows(
                connection,
                "UPDATE era_state SET document = :doc, e_tag = :e_tag, expires_at = :exp "
                "WHERE key = :key AND e_tag = :old "
                "AND (expires_at IS NULL OR expires_at > :now)",
                {**values, "old": item.e_tag},
            )
            if changed == 0:
                raise ConflictError(
                    f"storage key {_shown(key)} was changed or removed since it was read "
                    "(stale e_tag); read it again and retry"
                )
        return e_tag

    def _decode(self, key: str, document: Any, e_tag: str) -> Any:
        try:
            return self._codec.decode_item(document, e_tag)
        except StateDecodeError as error:
            raise StateDecodeError(f"stored item {_shown(key)}: {error}") from error

    async def _purge(self, connection: aiosqlite.Connection, keys: list[str], now: float) -> None:
        await connection.executemany(
            "DELETE FROM era_state WHERE key = ? AND expires_at IS NOT NULL AND expires_at <= ?",
            [(key, now) for key in keys],
        )
        logger.debug("SQLite storage purged %d expired item(s)", len(keys))

    @asynccontextmanager
    async def _transaction(self) -> AsyncIterator[aiosqlite.Connection]:
        """One write transaction, committed on success and rolled back on any error."""
        async with self._lock:
            connection = self._open_connection()
            await connection.execute("BEGIN IMMEDIATE")
            try:
                yield connection
                await connection.commit()
            except BaseException:
                # Shielded so that a cancelled turn still leaves no transaction open.
                await asyncio.shield(connection.rollback())
                raise

    def _open_connection(self) -> aiosqlite.Connection:
        if self._connection is None:
            raise RuntimeError("SqliteStorage is not open; call open() or SqliteStorage.create()")
        return self._connection


async def _changed_rows(
    connection: aiosqlite.Connection, sql: str, values: dict[str, Any]
) -> int:
    """Run one statement and return how many rows it inserted or changed."""
    async with connection.execute(sql, values) as cursor:
        return cursor.rowcount


def _is_expired(expires_at: float | None, now: float) -> bool:
    return expires_at is not None and expires_at <= now


def _shown(key: str) -> str:
    """The key for messages and logs, shortened: Teams conversation ids can be very long."""
    if len(key) <= _KEY_IN_MESSAGE:
        return repr(key)
    return repr(key[:_KEY_IN_MESSAGE] + "...")
