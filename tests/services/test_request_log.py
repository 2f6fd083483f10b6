"""RequestLog in the durable store: a request id is claimed once across workers, a repeat sees
the pending or done entry, a release makes the request possible again, and a done result is
what a repeat returns."""

from __future__ import annotations

import asyncio
from datetime import UTC, datetime, timedelta

from core.durable_store import DurableStore
from services.request_log import RequestLog, RequestState

NOW = datetime(2026, 11, 23, 9, 0, tzinfo=UTC)


async def test_two_workers_claiming_one_request_at_once_exactly_one_wins(
    stores: tuple[DurableStore, DurableStore],
) -> None:
    logs = [RequestLog(store) for store in stores]
    outcomes = await asyncio.gather(*(
        logs[n % 2].claim("mail.send", "preview-1", now=NOW) for n in range(10)
    ))
    assert outcomes.count(None) == 1
    assert {o.state for o in outcomes if o is not None} == {RequestState.PENDING}


async def test_a_done_request_returns_its_result_to_a_repeat(
    stores: tuple[DurableStore, DurableStore],
) -> None:
    first, second = (RequestLog(store) for store in stores)
    assert await first.claim("mail.send", "preview/2 ?#", now=NOW) is None
    await first.complete("mail.send", "preview/2 ?#", {"message_id": "m-2"},
                         now=NOW + timedelta(seconds=1))
    earlier = await second.claim("mail.send", "preview/2 ?#", now=NOW + timedelta(minutes=5))
    assert earlier is not None and earlier.state is RequestState.DONE
    assert earlier.result == {"message_id": "m-2"}
    assert earlier.updated_at == NOW + timedelta(seconds=1)


async def test_release_lets_the_request_be_made_again_but_never_undoes_done(
    stores: tuple[DurableStore, DurableStore],
) -> None:
    first, second = (RequestLog(store) for store in stores)
    assert await first.claim("calendar.create", "r3", now=NOW) is None
    await first.release("calendar.create", "r3")
    assert await second.find("calendar.create", "r3") is None
    assert await second.claim("calendar.create", "r3", now=NOW) is None
    await second.complete("calendar.create", "r3", {"event_id": "e"}, now=NOW)
    await first.release("calendar.create", "r3")
    found = await first.find("calendar.create", "r3")
    assert found is not None and found.state is RequestState.DONE


async def test_complete_without_a_claim_records_the_result(
    stores: tuple[DurableStore, DurableStore],
) -> None:
    log = RequestLog(stores[0])
    await log.complete("calendar.cancel", "r4", {"done": True}, now=NOW)
    found = await log.find("calendar.cancel", "r4")
    assert found is not None and found.result == {"done": True}
