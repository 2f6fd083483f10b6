"""The WAL is checkpointed on its own thread: a turn's commit never waits for it, and what was
committed reaches the database file itself (what a power cut leaves) soon after."""

from __future__ import annotations

import asyncio
import shutil
import sqlite3
import time
from pathlib import Path

from core.durable_store import JSONText, NewRecord
from state.sqlite_storage import SqliteStorage
from state.wal_checkpointer import WalCheckpointer

PAGE = 4096


def _rows_in_main_file_alone(db_path: Path, tmp_path: Path) -> int:
    """Rows a reader finds in a copy of the database file without its WAL (as after a power cut
    that lost the WAL's unsynced pages)."""
    copy = tmp_path / "copy.sqlite3"
    for leftover in tmp_path.glob("copy.sqlite3*"):
        leftover.unlink()
    shutil.copyfile(db_path, copy)
    connection = sqlite3.connect(copy)
    try:
        return int(connection.execute("SELECT count(*) FROM era_records").fetchone()[0])
    except sqlite3.OperationalError:  # not even the table reached the file yet
        return 0
    finally:
        connection.close()


async def _append(storage: SqliteStorage, count: int, *, start: int = 0) -> None:
    body = JSONText('{"text":"' + "x" * 3000 + '"}')
    for i in range(start, start + count):
        await storage.append_records([NewRecord(stream="transcript/t", body=body,
                                                record_id=f"r{i}")])


async def _until(predicate, seconds: float = 10.0) -> bool:  # type: ignore[no-untyped-def]
    for _ in range(int(seconds / 0.02)):
        if predicate():
            return True
        await asyncio.sleep(0.02)
    return bool(predicate())


async def test_commits_never_checkpoint_and_the_checkpointer_catches_up(tmp_path: Path) -> None:
    db_path = tmp_path / "era.sqlite3"
    storage = await SqliteStorage.create(db_path, checkpoint_interval=3600)
    try:
        # ~1,500 pages of commits: SQLite on its own would checkpoint inside the commit that
        # passes 1,000 pages and start the WAL over.
        await _append(storage, 1500)
        wal = Path(f"{db_path}-wal")
        assert wal.stat().st_size > 1200 * PAGE
        assert _rows_in_main_file_alone(db_path, tmp_path) == 0
    finally:
        await storage.close()
    # Stopping checkpoints what is left.
    assert _rows_in_main_file_alone(db_path, tmp_path) == 1500


async def test_committed_records_reach_the_database_file_within_the_interval(
    tmp_path: Path,
) -> None:
    db_path = tmp_path / "era.sqlite3"
    storage = await SqliteStorage.create(db_path, checkpoint_interval=0.05)
    try:
        await _append(storage, 30)
        assert await _until(lambda: _rows_in_main_file_alone(db_path, tmp_path) == 30)
        await _append(storage, 5, start=30)
        assert await _until(lambda: _rows_in_main_file_alone(db_path, tmp_path) == 35)
        # Reads and writes go on meanwhile, from the storage's own connection.
        records = await storage.read_records("transcript/t", limit=None)
        assert len(records) == 35
    finally:
        await storage.close()


def test_a_checkpointer_with_nothing_committed_leaves_the_file_alone(tmp_path: Path) -> None:
    db_path = tmp_path / "quiet.sqlite3"
    with sqlite3.connect(db_path) as connection:
        connection.execute("PRAGMA journal_mode = WAL")
        connection.execute("CREATE TABLE t (x)")
    checkpointer = WalCheckpointer(str(db_path), interval=0.01)
    checkpointer.start()
    checkpointer.stop()
    assert checkpointer.checkpoints == 0


def test_a_failed_checkpoint_is_tried_again_after_the_next_interval(tmp_path: Path) -> None:
    db_path = tmp_path / "later" / "era.sqlite3"
    checkpointer = WalCheckpointer(str(db_path), interval=0.01)
    checkpointer.committed()
    checkpointer.start()
    try:
        time.sleep(0.1)  # the folder is missing: every attempt fails, none raises
        assert checkpointer.checkpoints == 0
        db_path.parent.mkdir()
        with sqlite3.connect(db_path) as connection:
            connection.execute("PRAGMA journal_mode = WAL")
            connection.execute("CREATE TABLE t (x)")
        deadline = time.monotonic() + 10
        while checkpointer.checkpoints == 0 and time.monotonic() < deadline:
            time.sleep(0.01)
        assert checkpointer.checkpoints >= 1
    finally:
        checkpointer.stop()


async def test_a_wal_past_its_limit_is_cut_back_even_while_commits_go_on(tmp_path: Path) -> None:
    """Under a load that never pauses a PASSIVE checkpoint never empties the WAL, so SQLite
    never starts it over: after 10,000 benchmark turns it was 320 MB. Past its limit the WAL is
    checkpointed whole and cut back, and every commit is still there."""
    db_path = tmp_path / "era.sqlite3"
    storage = await SqliteStorage.create(db_path, checkpoint_interval=3600)
    wal = Path(f"{db_path}-wal")
    checkpointer = WalCheckpointer(str(db_path), interval=0.01, size_limit=200 * PAGE)
    checkpointer.start()
    try:
        for round_ in range(5):
            await _append(storage, 300, start=round_ * 300)
            checkpointer.committed()
        assert await _until(lambda: wal.stat().st_size <= 200 * PAGE)
        assert len(await storage.read_records("transcript/t", limit=None)) == 1500
    finally:
        checkpointer.stop()
        await storage.close()
    assert _rows_in_main_file_alone(db_path, tmp_path) == 1500
