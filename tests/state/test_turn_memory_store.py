"""Turn memory in storage: survives a restart, expires after ten minutes, and says so."""

from __future__ import annotations

from datetime import datetime, timedelta
from pathlib import Path

from core.choice_option import ChoiceOption
from core.turn_memory import TurnMemory
from state.sqlite_storage import SqliteStorage
from state.turn_memory_store import TurnMemoryStore

CONVERSATION = "msteams:a:1" + "x" * 300


async def test_memory_survives_a_restart(tmp_path: Path, fixed_now: datetime) -> None:
    memory = TurnMemory.start("shift_assignment", CONVERSATION, fixed_now).asking(
        "select_shift", "Which shift?", fixed_now,
        (ChoiceOption("opt_1", 0, "Morning (09:00-15:00)", "s1", "09:00", "15:00"),),
    )
    storage = await SqliteStorage.create(tmp_path / "state.sqlite3")
    await TurnMemoryStore(storage).save(CONVERSATION, memory, fixed_now)
    await storage.close()

    reopened = await SqliteStorage.create(tmp_path / "state.sqlite3")
    lookup = await TurnMemoryStore(reopened).load(
        CONVERSATION, "shift_assignment", fixed_now + timedelta(minutes=5)
    )
    await reopened.close()
    assert lookup.memory == memory and not lookup.expired


async def test_expired_memory_is_absent_and_reported(
    sqlite_storage: SqliteStorage, fixed_now: datetime
) -> None:
    store = TurnMemoryStore(sqlite_storage)
    await store.save(CONVERSATION, TurnMemory.start("shift_cancel", CONVERSATION, fixed_now),
                     fixed_now)
    lookup = await store.load(CONVERSATION, "shift_cancel", fixed_now + timedelta(minutes=11))
    assert lookup.memory is None and lookup.expired


async def test_flows_keep_separate_memories_and_clear_their_own(
    sqlite_storage: SqliteStorage, fixed_now: datetime
) -> None:
    store = TurnMemoryStore(sqlite_storage)
    for scope in ("shift_cancel", "meeting_book"):
        await store.save(CONVERSATION, TurnMemory.start(scope, CONVERSATION, fixed_now), fixed_now)
    await store.clear(CONVERSATION, "meeting_book")
    assert (await store.load(CONVERSATION, "shift_cancel", fixed_now)).memory is not None
    cleared = await store.load(CONVERSATION, "meeting_book", fixed_now)
    assert cleared.memory is None and not cleared.expired
