"""StoredChangeLedger: a Teams Shifts change id is claimed by exactly one worker, even when two
claim it at the same moment; a claim that went stale (a crashed worker) can be taken over, by
one worker only; a released claim can be made again; an applied change stays applied."""

from __future__ import annotations

import asyncio
from datetime import UTC, datetime, timedelta

from core.durable_store import DurableStore
from core.shift_change import ShiftChangeKind
from services.stored_change_ledger import StoredChangeLedger

NOW = datetime(2026, 11, 23, 9, 0, tzinfo=UTC)


async def _claim(ledger: StoredChangeLedger, change_id: str, now: datetime = NOW,
                 actor: str = "maria") -> bool:
    return await ledger.claim(change_id=change_id, kind=ShiftChangeKind.ASSIGN,
                              store_id="riverside", actor_id=actor, conversation_id="c",
                              summary="Bob on Wednesday evening", now=now)


async def test_two_workers_claiming_at_once_exactly_one_wins(
    stores: tuple[DurableStore, DurableStore],
) -> None:
    ledgers = [StoredChangeLedger(store) for store in stores]
    outcomes = await asyncio.gather(*(
        _claim(ledgers[n % 2], "change-1", actor=f"worker-{n}") for n in range(10)
    ))
    assert outcomes.count(True) == 1
    entry = await ledgers[1].find("change-1")
    assert entry is not None and not entry.applied


async def test_a_completed_change_is_found_applied_and_not_claimed_again(
    stores: tuple[DurableStore, DurableStore],
) -> None:
    first, second = (StoredChangeLedger(store) for store in stores)
    assert await _claim(first, "change-2")
    await first.complete("change-2", shift_ids=("s1", "s2"), result={"id": "s2"}, now=NOW)
    assert not await _claim(second, "change-2", now=NOW + timedelta(hours=1))
    entry = await second.find("change-2")
    assert entry is not None and entry.applied
    assert entry.shift_ids == ("s1", "s2") and entry.result == {"id": "s2"}
    assert entry.as_replay().already_applied


async def test_a_stale_claim_is_taken_over_by_exactly_one_worker(
    stores: tuple[DurableStore, DurableStore],
) -> None:
    first, second = (StoredChangeLedger(store) for store in stores)
    assert await _claim(first, "change-3")
    assert not await _claim(second, "change-3", now=NOW + timedelta(minutes=1))
    later = NOW + timedelta(minutes=3)
    outcomes = await asyncio.gather(*(
        _claim((first, second)[n % 2], "change-3", now=later) for n in range(6)
    ))
    assert outcomes.count(True) == 1


async def test_a_released_claim_can_be_claimed_again_but_an_applied_one_stays(
    stores: tuple[DurableStore, DurableStore],
) -> None:
    first, second = (StoredChangeLedger(store) for store in stores)
    assert await _claim(first, "change-4")
    await first.release("change-4")
    assert await first.find("change-4") is None
    assert await _claim(second, "change-4")
    await second.complete("change-4", shift_ids=("s9",), result=None, now=NOW)
    await first.release("change-4")
    entry = await first.find("change-4")
    assert entry is not None and entry.applied
