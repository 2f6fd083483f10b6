"""Turn claims: a copy of an activity reaching a second worker while the first runs it is
dropped; a claim left by a worker that died lapses after the request budget."""

from __future__ import annotations

from core.turn_deadline import REQUEST_BUDGET_SECONDS
from state.sqlite_storage import SqliteStorage
from state.turn_claims import TurnClaims

KEY = "person-state/conversation/person"


class Clock:
    def __init__(self) -> None:
        self.now = 1_000_000.0

    def __call__(self) -> float:
        return self.now


async def test_a_second_worker_cannot_claim_an_activity_being_handled(
    sqlite_storage: SqliteStorage,
) -> None:
    first, second = TurnClaims(sqlite_storage), TurnClaims(sqlite_storage)
    assert await first.claim(KEY, "activity-1")
    assert not await second.claim(KEY, "activity-1")
    assert await second.claim(KEY, "activity-2")
    assert await second.claim("person-state/conversation/other", "activity-1")


async def test_a_released_claim_can_be_taken_again(sqlite_storage: SqliteStorage) -> None:
    first, second = TurnClaims(sqlite_storage), TurnClaims(sqlite_storage)
    assert await first.claim(KEY, "activity-1")
    await first.release(KEY, "activity-1")
    assert await second.claim(KEY, "activity-1")
    assert not await first.claim(KEY, "activity-1")


async def test_a_claim_older_than_the_request_budget_is_taken_over(
    sqlite_storage: SqliteStorage,
) -> None:
    clock = Clock()
    died, other, third = (TurnClaims(sqlite_storage, wall_clock=clock) for _ in range(3))
    assert await died.claim(KEY, "activity-1")
    clock.now += REQUEST_BUDGET_SECONDS - 1
    assert not await other.claim(KEY, "activity-1")
    clock.now += 2
    assert await other.claim(KEY, "activity-1")
    assert not await third.claim(KEY, "activity-1"), "the taken-over claim is fresh again"
