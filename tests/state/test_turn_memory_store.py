"""Turn memory in the person's state document: survives a restart, expires after ten minutes,
and says so; each flow keeps its own."""

from __future__ import annotations

from datetime import datetime, timedelta
from pathlib import Path

import pytest

from core.choice_option import ChoiceOption
from core.turn_memory import TurnMemory
from state.person_state import PersonStateStore, person_state_in_use, person_state_key
from state.sqlite_storage import SqliteStorage
from state.turn_memory_store import TurnMemoryStore

CONVERSATION = "msteams:a:1" + "x" * 300
KEY = person_state_key("msteams", "a:1" + "x" * 300, "29:worker")


async def test_memory_survives_a_restart(tmp_path: Path, fixed_now: datetime) -> None:
    memory = TurnMemory.start("shift_assignment", CONVERSATION, fixed_now).asking(
        "select_shift", "Which shift?", fixed_now,
        (ChoiceOption("opt_1", 0, "Morning (09:00-15:00)", "s1", "09:00", "15:00"),),
    )
    storage = await SqliteStorage.create(tmp_path / "state.sqlite3")
    states = PersonStateStore(storage)
    state = await states.load(KEY)
    with person_state_in_use(state):
        await TurnMemoryStore().save(CONVERSATION, memory, fixed_now)
    assert await states.save(state, activity_id="a1")
    await storage.close()

    reopened = await SqliteStorage.create(tmp_path / "state.sqlite3")
    state = await PersonStateStore(reopened).load(KEY)
    with person_state_in_use(state):
        lookup = await TurnMemoryStore().load(
            CONVERSATION, "shift_assignment", fixed_now + timedelta(minutes=5)
        )
    await reopened.close()
    assert lookup.memory == memory and not lookup.expired
    assert state.has_seen("a1")


async def test_expired_memory_is_absent_and_reported(
    sqlite_storage: SqliteStorage, fixed_now: datetime
) -> None:
    store = TurnMemoryStore()
    with person_state_in_use(await PersonStateStore(sqlite_storage).load(KEY)):
        await store.save(CONVERSATION, TurnMemory.start("shift_cancel", CONVERSATION, fixed_now),
                         fixed_now)
        lookup = await store.load(CONVERSATION, "shift_cancel",
                                  fixed_now + timedelta(minutes=11))
    assert lookup.memory is None and lookup.expired


async def test_flows_keep_separate_memories_and_clear_their_own(
    sqlite_storage: SqliteStorage, fixed_now: datetime
) -> None:
    store = TurnMemoryStore()
    with person_state_in_use(await PersonStateStore(sqlite_storage).load(KEY)):
        for scope in ("shift_cancel", "meeting_book"):
            await store.save(CONVERSATION, TurnMemory.start(scope, CONVERSATION, fixed_now),
                             fixed_now)
        await store.clear(CONVERSATION, "meeting_book")
        assert (await store.load(CONVERSATION, "shift_cancel", fixed_now)).memory is not None
        cleared = await store.load(CONVERSATION, "meeting_book", fixed_now)
    assert cleared.memory is None and not cleared.expired


async def test_a_memory_expired_for_a_day_is_dropped_from_the_document(
    sqlite_storage: SqliteStorage, fixed_now: datetime
) -> None:
    store = TurnMemoryStore()
    state = await PersonStateStore(sqlite_storage).load(KEY)
    with person_state_in_use(state):
        await store.save(CONVERSATION, TurnMemory.start("shift_cancel", CONVERSATION, fixed_now),
                         fixed_now)
        later = fixed_now + timedelta(days=2)
        await store.save(CONVERSATION, TurnMemory.start("meeting_book", CONVERSATION, later),
                         later)
    assert set(state.sections["memory"]) == {"meeting_book"}


async def test_turn_memory_outside_a_turn_is_a_programming_error(fixed_now: datetime) -> None:
    with pytest.raises(RuntimeError):
        await TurnMemoryStore().load(CONVERSATION, "shift_cancel", fixed_now)


async def test_a_turn_reads_its_memory_once_and_sees_its_own_changes(
    sqlite_storage: SqliteStorage, fixed_now: datetime, monkeypatch: pytest.MonkeyPatch
) -> None:
    reads: list[str] = []
    original = TurnMemory.from_dict

    def counted(data: dict[str, object]) -> TurnMemory:
        reads.append(str(data["scope"]))
        return original(data)

    monkeypatch.setattr(TurnMemory, "from_dict", staticmethod(counted))
    states = PersonStateStore(sqlite_storage)
    store = TurnMemoryStore()
    asked = TurnMemory.start("shift_cancel", CONVERSATION, fixed_now).asking(
        "select_shift", "Which shift?", fixed_now,
        (ChoiceOption("opt_1", 0, "Morning (09:00-15:00)", "s1", "09:00", "15:00"),),
    )
    state = await states.load(KEY)
    with person_state_in_use(state):
        await store.save(CONVERSATION, asked, fixed_now)
    await states.save(state, activity_id="a1")

    state = await states.load(KEY)
    with person_state_in_use(state):
        first = await store.load(CONVERSATION, "shift_cancel", fixed_now)
        second = await store.load(CONVERSATION, "shift_cancel", fixed_now)
        assert first.memory == asked and second.memory == asked
        assert reads == ["shift_cancel"]  # the flow and its prompt share one reading
        answered = asked.with_data(picked="s1")
        await store.save(CONVERSATION, answered, fixed_now)
        assert (await store.load(CONVERSATION, "shift_cancel", fixed_now)).memory == answered
        await store.clear(CONVERSATION, "shift_cancel")
        assert (await store.load(CONVERSATION, "shift_cancel", fixed_now)).memory is None
    # The next turn reads the stored document afresh.
    with person_state_in_use(await states.load(KEY)):
        assert (await store.load(CONVERSATION, "shift_cancel", fixed_now)).memory == asked
    assert reads == ["shift_cancel", "shift_cancel"]
