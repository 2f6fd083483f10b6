"""SqliteStorage: the storage conformance suite, plus what only a file on disk can show."""

from __future__ import annotations

import json
import sqlite3
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from core.durable_store import CarriedRecords, NewRecord
from core.errors import BackendError, ConflictError
from state.sqlite_storage import SqliteStorage
from state.state_codec import StateDecodeError
from tests.state.durable_store_conformance import DurableStoreConformance
from tests.state.storage_conformance import ManualClock, StorageConformance


@pytest.fixture
def clock() -> ManualClock:
    return ManualClock()


@pytest.fixture
def db_path(tmp_path: Path) -> Path:
    return tmp_path / "data" / "state.db"


@pytest.fixture
async def storage(db_path: Path, clock: ManualClock) -> AsyncIterator[SqliteStorage]:
    async with SqliteStorage(db_path, clock=clock) as opened:
        yield opened


@pytest.fixture
async def peer_storage(
    db_path: Path, clock: ManualClock, storage: SqliteStorage
) -> AsyncIterator[SqliteStorage]:
    async with SqliteStorage(db_path, clock=clock) as opened:
        yield opened


class TestSqliteStorageConformance(StorageConformance):
    """SqliteStorage passes the shared suite, with a second connection as the peer worker."""


async def test_data_survives_closing_and_reopening_the_file(db_path: Path) -> None:
    first = await SqliteStorage.create(db_path)
    await first.write({"conv/1": {"step": "ask_reason", "options": ["a", "b"]}})
    e_tag = (await first.read(["conv/1"]))["conv/1"]["e_tag"]
    await first.close()

    async with SqliteStorage(db_path) as reopened:
        item = (await reopened.read(["conv/1"]))["conv/1"]
        assert item == {"step": "ask_reason", "options": ["a", "b"], "e_tag": e_tag}
        item["step"] = "done"
        await reopened.write({"conv/1": item})
        assert (await reopened.read(["conv/1"]))["conv/1"]["step"] == "done"


async def test_state_is_stored_as_plain_json(storage: SqliteStorage, db_path: Path) -> None:
    await storage.write({"k": {"when": "today", "$type": "not a tag"}})

    with sqlite3.connect(db_path) as raw:
        (document,) = raw.execute("SELECT document FROM era_state WHERE key = 'k'").fetchone()

    assert json.loads(document) == {"when": "today", "$$type": "not a tag"}


async def test_every_json_value_a_document_holds_comes_back_as_written(
    storage: SqliteStorage,
) -> None:
    # The fast encoder and parser stop at 64-bit integers; such a value still round-trips.
    item = {"big": 2**70, "small": -(2**63), "ratio": 0.1, "text": "Grüße — 交代 \"ok\"",
            "nested": [{"n": None, "t": True}], "reply": '{"type":"message","text":"2"}'}
    await storage.write({"k": dict(item)})

    read = (await storage.read(["k"]))["k"]

    assert {key: value for key, value in read.items() if key != "e_tag"} == item


async def test_a_stored_unknown_type_is_refused_not_instantiated(
    storage: SqliteStorage, db_path: Path, tmp_path: Path
) -> None:
    await storage.write({"k": {"v": 1}})
    marker = tmp_path / "pwned"
    tampered = {"v": {"$type": "subprocess.Popen", "args": ["touch", str(marker)]}}
    with sqlite3.connect(db_path) as raw:
        raw.execute("UPDATE era_state SET document = ? WHERE key = 'k'", (json.dumps(tampered),))

    with pytest.raises(StateDecodeError, match=r"'k'.*unknown stored type 'subprocess.Popen'"):
        await storage.read(["k"])

    assert not marker.exists()


async def test_a_conflict_in_a_multi_key_write_writes_none_of_the_keys(
    storage: SqliteStorage,
) -> None:
    await storage.write({"taken": {"v": 1}})

    with pytest.raises(ConflictError, match="taken"):
        await storage.write({"fresh": {"v": 2}, "taken": {"v": 3}})

    items = await storage.read(["fresh", "taken"])
    assert {key: item["v"] for key, item in items.items()} == {"taken": 1}


async def test_expired_rows_are_purged_from_the_file_when_read(
    storage: SqliteStorage, db_path: Path, clock: ManualClock
) -> None:
    await storage.write({"memory": {"ttl": 5}, "kept": {"v": 1}})
    clock.advance(6)

    await storage.read(["memory", "kept"])

    with sqlite3.connect(db_path) as raw:
        keys = [key for (key,) in raw.execute("SELECT key FROM era_state ORDER BY key")]
    assert keys == ["kept"]


async def test_using_a_closed_storage_says_so(db_path: Path) -> None:
    closed = SqliteStorage(db_path)

    with pytest.raises(RuntimeError, match="not open"):
        await closed.read(["k"])


class TestSqliteDurableStore(DurableStoreConformance):
    """SqliteStorage keeps durable records and documents as the suite requires."""


async def test_records_of_a_file_made_before_record_ids_are_kept_and_readable(
    db_path: Path,
) -> None:
    db_path.parent.mkdir(parents=True)
    with sqlite3.connect(db_path) as old:
        old.executescript(
            "CREATE TABLE era_records (seq INTEGER PRIMARY KEY AUTOINCREMENT, stream TEXT NOT "
            "NULL, at REAL NOT NULL, body TEXT NOT NULL, expires_at REAL);"
            "INSERT INTO era_records (stream, at, body) "
            "VALUES ('transcript/t/a', 1.0, '{\"n\":1}');"
        )
    async with SqliteStorage(db_path) as storage:
        await storage.append_records([NewRecord(stream="transcript/t/a", body={"n": 2},
                                                person="U1")])
        found = await storage.read_records("transcript/t/a")
    assert [(r.body, r.person) for r in found] == [({"n": 1}, ""), ({"n": 2}, "U1")]
    assert found[0].record_id == "seq-1"


async def test_a_full_disk_is_a_backend_error_and_changes_nothing(storage: SqliteStorage) -> None:
    """SQLite's "database or disk is full" (and any other OperationalError: an I/O error, a
    lock held past the busy timeout) is the database failing, as an unreachable Cosmos DB is:
    a BackendError that the turn says as such and the failure tracker counts, not a crash."""
    await storage.write({"doc": {"n": 1}})

    def no_room_to_grow() -> None:
        connection = storage._open_connection()
        pages = connection.execute("PRAGMA page_count").fetchone()[0]
        connection.execute(f"PRAGMA max_page_count = {pages}")

    await storage._run(no_room_to_grow)
    with pytest.raises(BackendError) as raised:
        await storage.write({"doc": {"n": 2, "text": "x" * 200_000, "e_tag": "*"}})
    assert raised.value.service == "sqlite" and "full" in str(raised.value)
    assert (await storage.read(["doc"]))["doc"]["n"] == 1


async def test_one_document_written_or_a_batch_appended_is_one_statement(
    storage: SqliteStorage,
) -> None:
    """A turn's state write (one document, with its ETag check) and a transcript batch run as
    one SQL statement each, its own transaction: every statement gives the GIL up and takes it
    back on the storage thread, which waits for a busy event loop each time. A stale ETag still
    changes nothing."""
    await storage.write({"doc": {"n": 1}})
    item = (await storage.read(["doc"]))["doc"]
    statements: list[str] = []

    def trace() -> None:
        storage._open_connection().set_trace_callback(statements.append)

    await storage._run(trace)
    item["n"] = 2
    await storage.write({"doc": item})
    await storage.append_records([NewRecord("transcript/t/1", {"n": i}) for i in range(3)])
    stale = {"n": 3, "e_tag": "stale"}
    with pytest.raises(ConflictError):
        await storage.write({"doc": stale})
    await storage._run(lambda: storage._open_connection().set_trace_callback(None))

    assert [s.split()[0] for s in statements] == ["UPDATE", "INSERT", "UPDATE"]
    assert (await storage.read(["doc"]))["doc"]["n"] == 2
    assert len(await storage.read_records("transcript/t/1")) == 3


async def test_records_carried_with_a_write_that_cannot_be_stored_never_fail_the_write(
    storage: SqliteStorage,
) -> None:
    """A record that cannot be turned into JSON is handed back to whoever had it waiting (with
    the error); the state write it rode on is stored as if nothing rode on it."""

    class Waiting:
        def __init__(self) -> None:
            self.handed_back: list[CarriedRecords] = []

        def take_records(self) -> CarriedRecords:
            return CarriedRecords([NewRecord("transcript/t/1", {"not json": object()})])

        def carried(self, batch: CarriedRecords) -> None:
            self.handed_back.append(batch)

    waiting = Waiting()
    storage.carry_records(waiting)
    await storage.write({"doc": {"n": 1}})

    assert (await storage.read(["doc"]))["doc"]["n"] == 1
    (batch,) = waiting.handed_back
    assert not batch.appended and isinstance(batch.error, TypeError)
    assert await storage.read_records("transcript/t/1") == []


async def test_records_that_cannot_be_built_never_fail_the_write(storage: SqliteStorage) -> None:
    """Re-read finding: a transcript entry whose record cannot be made (orjson refuses an
    integer beyond 64 bits in an activity's channel data) raised in the state write it was to
    ride on, before any guard: the turn's write failed. It is stored as if nothing rode on it."""

    class Unbuildable:
        def take_records(self) -> CarriedRecords:
            raise TypeError("Integer exceeds 64-bit range")

        def carried(self, batch: CarriedRecords) -> None:
            raise AssertionError("nothing was taken")

    storage.carry_records(Unbuildable())
    await storage.write({"doc": {"n": 1}})

    assert (await storage.read(["doc"]))["doc"]["n"] == 1
