"""The feedback store on a real SQLite storage: the last exchange per conversation, records that
carry it, and records written at once that are all kept."""

from __future__ import annotations

import asyncio
from datetime import timedelta

from state.feedback_store import AdviceExchange, FeedbackStore
from state.sqlite_storage import SqliteStorage
from tests.conftest import FIXED_NOW


def _exchange(user: str) -> AdviceExchange:
    return AdviceExchange(user=user, assistant="reply to " + user, at=FIXED_NOW.isoformat(),
                          playbook_id="lateness", launched="email")


async def test_the_latest_exchange_is_kept_per_conversation(
    sqlite_storage: SqliteStorage,
) -> None:
    store = FeedbackStore(sqlite_storage)
    await store.remember_exchange("test:a", _exchange("first"))
    await store.remember_exchange("test:a", _exchange("second"))
    await store.remember_exchange("test:b", _exchange("other"))
    assert (await store.last_exchange("test:a")) == _exchange("second")
    assert (await store.last_exchange("test:b")) == _exchange("other")
    assert await store.last_exchange("test:c") is None


async def test_a_record_carries_the_exchange_and_is_listed(
    sqlite_storage: SqliteStorage,
) -> None:
    store = FeedbackStore(sqlite_storage)
    await store.remember_exchange("test:a", _exchange("late again"))
    record = await store.record(conversation_key="test:a", person_id="maria",
                                feedback="too harsh", now=FIXED_NOW)
    assert record.exchange == _exchange("late again")
    assert await store.ids() == [record.id]
    assert await store.records() == [record]


async def test_records_written_at_once_all_reach_the_index(
    sqlite_storage: SqliteStorage,
) -> None:
    store = FeedbackStore(sqlite_storage)
    written = await asyncio.gather(*(
        store.record(conversation_key=f"test:{n}", person_id="maria", feedback=f"note {n}",
                     now=FIXED_NOW + timedelta(seconds=n))
        for n in range(6)
    ))
    assert sorted(await store.ids()) == sorted(r.id for r in written)
    assert {r.feedback for r in await store.records()} == {f"note {n}" for n in range(6)}
