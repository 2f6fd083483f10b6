"""SqliteStorage: ERA's embedded botbuilder Storage, one SQLite file on its own thread.

State survives restarts (WAL journal, one transaction per write call, synchronous=NORMAL: a commit
is durable against a process crash, and against a power cut once the WAL is checkpointed) and is
stored as plain JSON through the StateCodec, never pickled. Concurrency is optimistic, as
botbuilder's BotState expects: every item read carries an ``e_tag``; a write with a stale e_tag, or
a write without an e_tag (a create) of a key that already exists, raises ConflictError and changes
nothing; the e_tag "*" overwrites. After a successful write the caller's item is given its new
e_tag, so a second save in the same turn is not a conflict. A dict item with an integer "ttl" key
expires that many seconds after the write; reads treat expired rows as absent and purge them. All
SQLite work runs on the storage's own single thread (state.database_thread), one hop per operation
(a read is one SELECT, a write one transaction, followed in the same hop by the records a
`carry_records` source has waiting, in a statement of their own), so the event loop never blocks
and calls are serialised; the WAL is checkpointed on another thread (state.wal_checkpointer),
never inside a turn's commit; SQLite's own locking (with a busy timeout) keeps several processes
on one file apart. It is also ERA's durable store (core.durable_store): append-only records in
the table era_records (unique per stream and record id, with their conversation, person, time
and expiry) and documents in era_state, claimed create-only or with their ETag.
"""

from __future__ import annotations

import contextlib
import json
import logging
import sqlite3
import time
from collections.abc import Callable, Iterable, Iterator, Sequence
from pathlib import Path
from types import TracebackType
from typing import Any, TypeVar

import orjson
from botbuilder.core import Storage

from core.durable_store import (
    CarriedRecords,
    DurableRecord,
    JSONText,
    NewRecord,
    RecordsToCarry,
    new_record_id,
)
from core.errors import BackendError, ConflictError
from state.database_thread import DatabaseThread
from state.durable_documents import DurableDocuments
from state.state_codec import (
    EncodedDocument,
    EncodedItem,
    StateCodec,
    StateDecodeError,
    set_e_tag,
)
from state.wal_checkpointer import DEFAULT_INTERVAL_SECONDS, WalCheckpointer

logger = logging.getLogger(__name__)

BACKEND = "sqlite"

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
"""
# Added to era_records after its first release; files made before get them on open.
_RECORD_COLUMNS = (
    ("record_id", "TEXT"),
    ("conversation", "TEXT NOT NULL DEFAULT ''"),
    ("person", "TEXT NOT NULL DEFAULT ''"),
)
_RECORD_INDEXES = """
CREATE INDEX IF NOT EXISTS era_records_by_stream ON era_records (stream, seq);
CREATE UNIQUE INDEX IF NOT EXISTS era_records_by_id ON era_records (stream, record_id);
CREATE INDEX IF NOT EXISTS era_records_by_time ON era_records (stream, at);
CREATE INDEX IF NOT EXISTS era_records_by_person ON era_records (person);
CREATE INDEX IF NOT EXISTS era_records_by_expiry ON era_records (expires_at);
"""
_BUSY_TIMEOUT_MS = 5000
# SQLite allows 32766 bound variables per statement; stay far below it.
_READ_CHUNK = 500
_INSERT_CHUNK = 100  # rows of 7 values
_KEY_IN_MESSAGE = 120



def _document_text(document: Any) -> str:
    """A state document as JSON text. orjson writes one in a third of the standard library's
    time (a document carries its replies' JSON as strings, every quote escaped); what orjson
    refuses (an integer past 64 bits) goes through the standard encoder as before. NaN and
    infinity never get here: the state codec refuses them when it encodes the document."""
    try:
        return orjson.dumps(document).decode()
    except orjson.JSONEncodeError:
        return json.dumps(document, ensure_ascii=False, allow_nan=False, separators=(",", ":"))


def _parse_document(text: str) -> Any:
    """A stored state document, parsed by orjson; what it refuses and the standard library
    reads (an integer past 64 bits) is read by the standard library, as before."""
    try:
        return orjson.loads(text)
    except orjson.JSONDecodeError:
        return json.loads(text)

class SqliteStorage(DurableDocuments, Storage):  # type: ignore[misc]
    """A botbuilder Storage in one SQLite file, with e_tag concurrency and per-item expiry,
    and ERA's durable records and documents (core.durable_store.DurableStore)."""

    def __init__(
        self,
        path: str | Path,
        *,
        codec: StateCodec | None = None,
        clock: Callable[[], float] = time.time,
        checkpoint_interval: float = DEFAULT_INTERVAL_SECONDS,
    ) -> None:
        """Configure the storage; call `open()` (or use `SqliteStorage.create`) before use.
        `checkpoint_interval`: at most how often the WAL is checkpointed after commits."""
        super().__init__()
        self._path = str(path)
        self._codec = codec or StateCodec.default()
        self._clock = clock
        self._checkpoint_interval = checkpoint_interval
        self._connection: sqlite3.Connection | None = None
        self._thread: DatabaseThread | None = None
        self._checkpointer: WalCheckpointer | None = None
        self._carry: RecordsToCarry | None = None

    def carry_records(self, source: RecordsToCarry | None) -> None:
        """Append what `source` has waiting in the same trip to the database thread as each
        write (the transcript's batch rides on a turn's state write instead of taking a trip of
        its own); None stops it."""
        self._carry = source

    @classmethod
    async def create(
        cls,
        path: str | Path,
        *,
        codec: StateCodec | None = None,
        clock: Callable[[], float] = time.time,
        checkpoint_interval: float = DEFAULT_INTERVAL_SECONDS,
    ) -> SqliteStorage:
        """Build and open a storage on `path` (created with its parent folder if missing)."""
        storage = cls(path, codec=codec, clock=clock, checkpoint_interval=checkpoint_interval)
        await storage.open()
        return storage

    async def open(self) -> None:
        """Open the database file, switch it to WAL and create the tables if needed."""
        if self._connection is not None:
            return
        if self._path != ":memory:":
            Path(self._path).parent.mkdir(parents=True, exist_ok=True)
        self._thread = DatabaseThread("era-sqlite")
        try:
            self._connection = await self._run(self._connect)
            if self._path != ":memory:":
                self._checkpointer = WalCheckpointer(self._path, interval=self._checkpoint_interval)
                self._checkpointer.start()
        except BaseException:
            self._thread.stop()
            self._thread = None
            raise
        logger.info("SQLite storage opened at %s", self._path)

    def _connect(self) -> sqlite3.Connection:
        connection = sqlite3.connect(self._path, isolation_level=None, check_same_thread=False)
        try:
            connection.execute(f"PRAGMA busy_timeout = {_BUSY_TIMEOUT_MS}")
            connection.execute("PRAGMA journal_mode = WAL")
            connection.execute("PRAGMA synchronous = NORMAL")
            # Checkpoints run on their own thread (state.wal_checkpointer), never in a commit.
            connection.execute("PRAGMA wal_autocheckpoint = 0")
            connection.executescript(_SCHEMA)
            _add_record_columns(connection)
        except BaseException:
            connection.close()
            raise
        return connection

    async def close(self) -> None:
        """Close the database; the storage can be opened again later."""
        connection, self._connection = self._connection, None
        thread, self._thread = self._thread, None
        checkpointer, self._checkpointer = self._checkpointer, None
        if connection is not None and thread is not None:
            await thread.run(connection.close)
            if checkpointer is not None:
                await thread.run(checkpointer.stop)
            thread.stop()
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
        found = await self.read_documents(keys)
        return {key: self._decode(key, item.document, str(item.e_tag))
                for key, item in found.items()}

    async def read_documents(self, keys: Sequence[str]) -> dict[str, EncodedDocument]:
        """The live items under `keys` as stored JSON documents, not decoded (for a caller
        that decodes them itself and compares what it writes back with what it read)."""
        wanted = list(dict.fromkeys(keys or []))
        if not wanted:
            return {}
        now = self._clock()
        rows = await self._run(self._read_rows, wanted, now)
        return {
            key: EncodedDocument(_parse_document(document), e_tag)
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
            key: (item, _document_text(item.document))
            for key, item in ((k, self._codec.encode_item(v)) for k, v in changes.items())
        }
        now = self._clock()
        source = self._carry
        carried = None
        if source is not None:
            try:
                carried = source.take_records()
            except Exception:  # a transcript entry that cannot be stored never fails the write
                logger.warning("transcript entries not carried with a write", exc_info=True)
        try:
            new_e_tags = await self._run(self._write_all, encoded, now,
                                         _carried_rows(carried, now))
        finally:
            if source is not None and carried is not None:
                source.carried(carried)
        for key, item in changes.items():
            set_e_tag(item, new_e_tags[key])

    def _write_all(
        self, encoded: dict[str, tuple[EncodedItem, str]], now: float,
        carried: tuple[CarriedRecords, list[_RecordRow]] | None = None,
    ) -> dict[str, str]:
        try:
            return self._write_items(encoded, now)
        except sqlite3.OperationalError as error:
            if carried is not None:
                # The database is failing (locked past the busy timeout, disk full): the
                # entries wait for the background writer rather than a second timeout here.
                carried[0].error = _backend_error(error)
                carried = None
            raise
        finally:
            # After the write's own statement or transaction has ended, whatever its outcome.
            if carried is not None:
                self._append_carried(*carried)

    def _append_carried(self, carried: CarriedRecords, rows: list[_RecordRow]) -> None:
        try:
            self._insert_rows(rows)
        except sqlite3.Error as error:
            carried.error = _backend_error(error)
        except Exception as error:  # handed back to the writer, never to the turn
            carried.error = error
        else:
            carried.appended = True

    def _write_items(
        self, encoded: dict[str, tuple[EncodedItem, str]], now: float
    ) -> dict[str, str]:
        if len(encoded) == 1:
            # One item (a turn's state document): its one statement, with its ETag check, is
            # its own transaction (SQLite's autocommit), all or nothing as before. BEGIN and
            # COMMIT would be two statements more, each giving the GIL up and taking it back
            # twice: under a busy event loop, each take waits for the loop to let go.
            ((key, (item, document)),) = encoded.items()
            e_tag = _write_one(self._open_connection(), key, item, document, now)
            self._committed()
            return {key: e_tag}
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

    async def delete_document(self, key: str, *, e_tag: str | None = None) -> bool:
        """Remove the document (only if it still has `e_tag`, when given); whether it was."""

        def delete_row() -> int:
            with self._transaction() as connection:
                if e_tag is None:
                    return connection.execute(
                        "DELETE FROM era_state WHERE key = ?", (key,)).rowcount
                return connection.execute(
                    "DELETE FROM era_state WHERE key = ? AND e_tag = ?", (key, e_tag)).rowcount

        return await self._run(delete_row) > 0

    async def document_keys(
        self, prefix: str, *, where: tuple[tuple[str, ...], str] | None = None
    ) -> list[str]:
        """The keys of live documents starting with `prefix` (and holding `where`'s value at
        its path, when given)."""
        sql = ("SELECT key FROM era_state WHERE substr(key, 1, ?) = ? "
               "AND (expires_at IS NULL OR expires_at > ?)")
        params: list[Any] = [len(prefix), prefix, self._clock()]
        if where is not None:
            path, value = where
            sql += " AND json_extract(document, ?) = ?"
            params += ["$" + "".join(f'."{_json_path_part(part)}"' for part in path), value]

        def select() -> list[tuple[str]]:
            return self._open_connection().execute(sql + " ORDER BY key", params).fetchall()

        return [key for (key,) in await self._run(select)]

    async def append_records(
        self, records: Sequence[NewRecord], *, ttl_seconds: int | None = None,
        batch_id: str | None = None,
    ) -> int:
        """Append records in one transaction, skipping ids already in their stream: never
        read-modify-write, so concurrent appenders cannot conflict or lose each other's
        records. Returns how many were new. (A batch is one transaction here anyway: its id
        is not needed.)"""
        if not records:
            return 0
        return await self._run(self._insert_rows, _record_rows(records, ttl_seconds,
                                                               self._clock()))

    def _insert_rows(self, rows: list[_RecordRow]) -> int:
        """Insert records' rows (on the storage thread), skipping ids already in their stream;
        how many were new."""

        def insert_chunks(connection: sqlite3.Connection) -> int:
            before = connection.total_changes
            # One statement of many rows: SQLite inserts them in one step, where
            # executemany would hand the GIL back and forth with the event loop per row.
            for start in range(0, len(rows), _INSERT_CHUNK):
                chunk = rows[start : start + _INSERT_CHUNK]
                connection.execute(
                    "INSERT INTO era_records (stream, record_id, at, body, conversation, "
                    "person, expires_at) VALUES "
                    + ",".join(("(?,?,?,?,?,?,?)",) * len(chunk))
                    + " ON CONFLICT (stream, record_id) DO NOTHING",
                    [value for row in chunk for value in row],
                )
            return connection.total_changes - before

        if len(rows) <= _INSERT_CHUNK:
            # One statement (a transcript batch): its own transaction, without BEGIN and
            # COMMIT (see _write_items).
            added = insert_chunks(self._open_connection())
            self._committed()
            return added
        with self._transaction() as connection:
            return insert_chunks(connection)

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
        """The matching live records, the newest `limit` of them, oldest first."""
        where, params = _record_filter(stream, prefix, conversation, person)
        where += " AND (expires_at IS NULL OR expires_at > ?)"
        params.append(self._clock())
        if since is not None:
            where += " AND at >= ?"
            params.append(since)
        if until is not None:
            where += " AND at < ?"
            params.append(until)
        sql = ("SELECT stream, record_id, at, body, conversation, person FROM era_records "
               f"WHERE {where} ORDER BY at DESC, seq DESC")
        if limit is not None:
            sql += " LIMIT ?"
            params.append(limit)

        def select() -> list[tuple[str, str, float, str, str, str]]:
            return self._open_connection().execute(sql, params).fetchall()

        rows = await self._run(select)
        return [
            DurableRecord(stream=row_stream, record_id=record_id or "", at=at,
                          body=json.loads(body), conversation=conv or "", person=who or "")
            for row_stream, record_id, at, body, conv, who in reversed(rows)
        ]

    async def delete_records(
        self,
        stream: str,
        *,
        prefix: bool = False,
        conversation: str | None = None,
        person: str | None = None,
    ) -> int:
        """Remove the matching records; returns how many."""
        where, params = _record_filter(stream, prefix, conversation, person)

        def delete_rows() -> int:
            with self._transaction() as connection:
                return connection.execute(
                    f"DELETE FROM era_records WHERE {where}", params).rowcount

        return await self._run(delete_rows)

    async def purge_expired_records(self) -> int:
        """Remove records whose time to live has passed (transcripts past their retention)."""
        now = self._clock()

        def delete_rows() -> int:
            with self._transaction() as connection:
                return connection.execute(
                    "DELETE FROM era_records WHERE expires_at IS NOT NULL AND expires_at <= ?",
                    (now,),
                ).rowcount

        purged = await self._run(delete_rows)
        if purged:
            logger.info("SQLite storage purged %d expired record(s)", purged)
        return purged

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
            # SQLite has rolled back already after some errors (a full disk, an I/O error):
            # a second ROLLBACK would fail and hide the error that matters.
            if connection.in_transaction:
                connection.execute("ROLLBACK")
            raise
        self._committed()

    def _committed(self) -> None:
        if self._checkpointer is not None:
            self._checkpointer.committed()

    async def _run(self, function: Callable[..., T], *args: Any) -> T:
        if self._thread is None:
            raise RuntimeError("SqliteStorage is not open; call open() or SqliteStorage.create()")
        # A cancelled turn does not stop work already handed over: no half-done transaction.
        try:
            return await self._thread.run(function, *args)
        except sqlite3.OperationalError as error:
            # A full disk, an I/O error, a file locked past the busy timeout: the database
            # failed, as an unreachable Cosmos DB does (a BackendError, said as such and
            # counted), not a bug in the turn. The transaction was rolled back.
            raise _backend_error(error) from error

    def _open_connection(self) -> sqlite3.Connection:
        if self._connection is None:
            raise RuntimeError("SqliteStorage is not open; call open() or SqliteStorage.create()")
        return self._connection


def _write_one(
    connection: sqlite3.Connection, key: str, item: EncodedItem, document: str, now: float
) -> str:
    e_tag = new_record_id()  # uuid4().hex's digits without the UUID object, ~10 us a write
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


_RecordRow = tuple[str, str, float, str, str, str, float | None]


def _record_rows(records: Sequence[NewRecord], ttl_seconds: int | None,
                 now: float) -> list[_RecordRow]:
    """The era_records rows of records appended at `now` (bodies as JSON text)."""
    expires_at = now + ttl_seconds if ttl_seconds is not None else None
    return [
        (record.stream, record.record_id, record.at if record.at is not None else now,
         record.body.text if isinstance(record.body, JSONText)
         else json.dumps(record.body, ensure_ascii=False, separators=(",", ":")),
         record.conversation, record.person, expires_at)
        for record in records
    ]


def _carried_rows(
    carried: CarriedRecords | None, now: float
) -> tuple[CarriedRecords, list[_RecordRow]] | None:
    """The rows of records a write carries; None (and the error noted for their owner, who
    keeps them) when there are none or they cannot be written: never the write's failure."""
    if carried is None:
        return None
    try:
        return carried, _record_rows(carried.records, carried.ttl_seconds, now)
    except Exception as error:  # handed back to their owner, never the write's failure
        carried.error = error
        return None


def _backend_error(error: sqlite3.Error) -> BackendError:
    """A database failure as the turn reports it (said as such and counted)."""
    return BackendError(BACKEND, f"{type(error).__name__}: {error}")


def _add_record_columns(connection: sqlite3.Connection) -> None:
    present = {row[1] for row in connection.execute("PRAGMA table_info(era_records)")}
    for name, kind in _RECORD_COLUMNS:
        if name not in present:
            connection.execute(f"ALTER TABLE era_records ADD COLUMN {name} {kind}")
    # Records from before ids existed get their sequence number as id.
    connection.execute("UPDATE era_records SET record_id = 'seq-' || seq WHERE record_id IS NULL")
    connection.executescript(_RECORD_INDEXES)


def _record_filter(
    stream: str, prefix: bool, conversation: str | None, person: str | None
) -> tuple[str, list[Any]]:
    if prefix:
        where, params = "substr(stream, 1, ?) = ?", [len(stream), stream]
    else:
        where, params = "stream = ?", [stream]
    if conversation is not None:
        where += " AND conversation = ?"
        params.append(conversation)
    if person is not None:
        where += " AND person = ?"
        params.append(person)
    return where, params


def _json_path_part(part: str) -> str:
    if '"' in part or "\\" in part:
        raise ValueError(f"unsupported field name in a document query: {part!r}")
    return part


def _is_expired(expires_at: float | None, now: float) -> bool:
    return expires_at is not None and expires_at <= now


def _shown(key: str) -> str:
    """The key for messages and logs, shortened: Teams conversation ids can be very long."""
    if len(key) <= _KEY_IN_MESSAGE:
        return repr(key)
    return repr(key[:_KEY_IN_MESSAGE] + "...")
