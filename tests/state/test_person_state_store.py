"""A person's state document read and written by PersonStateStore on the real SQLite storage:
what a turn changed is saved, however deep and however it was changed; a turn that changed
nothing writes nothing; stored values come back as they were stored."""

from __future__ import annotations

from collections.abc import AsyncIterator
from datetime import UTC, datetime
from pathlib import Path

import pytest

from state.person_state import MEMORY, PersonStateStore
from state.sqlite_storage import SqliteStorage

KEY = "person-state/conversation/person"


@pytest.fixture
async def store(tmp_path: Path) -> AsyncIterator[PersonStateStore]:
    storage = await SqliteStorage.create(tmp_path / "state.sqlite3")
    yield PersonStateStore(storage)
    await storage.close()


async def _saved_with(store: PersonStateStore, memory: dict[str, object]) -> None:
    state = await store.load(KEY)
    state.section(MEMORY)["shift_cancel"] = memory
    assert await store.save(state, activity_id="a1")


async def test_a_value_changed_in_place_deep_in_a_turn_memory_is_saved(
    store: PersonStateStore,
) -> None:
    await _saved_with(store, {"data": {"shifts": {"s1": {"status": "assigned"}}}, "n": [1, 2]})
    state = await store.load(KEY)
    state.sections[MEMORY]["shift_cancel"]["data"]["shifts"]["s1"]["status"] = "cancelled"
    state.sections[MEMORY]["shift_cancel"]["n"].append(3)
    assert await store.save(state, activity_id="a2")
    again = await store.load(KEY)
    assert again.sections[MEMORY]["shift_cancel"] == {
        "data": {"shifts": {"s1": {"status": "cancelled"}}}, "n": [1, 2, 3]}


async def test_a_turn_that_changes_nothing_writes_nothing_and_values_come_back_as_stored(
    store: PersonStateStore,
) -> None:
    asked = datetime(2026, 11, 30, 9, 0, tzinfo=UTC)
    await _saved_with(store, {"$price": "$5", "asked": asked, "pair": (1, 2), "half": 0.5})
    state = await store.load(KEY)
    assert not await store.save(state, activity_id="a2")
    memory = state.sections[MEMORY]["shift_cancel"]
    assert memory == {"$price": "$5", "asked": asked, "pair": (1, 2), "half": 0.5}
    assert type(memory["pair"]) is tuple
    memory["asked"] = asked.replace(hour=10)
    assert await store.save(state, activity_id="a3")
    assert (await store.load(KEY)).sections[MEMORY]["shift_cancel"]["asked"].hour == 10
