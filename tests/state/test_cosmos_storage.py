"""CosmosStorage: the storage conformance suite against the local Cosmos DB server, plus ids,
raw documents, throttling (429) within the time budget, timeouts and start-up checks.

The local server has no throttling, so the 429 and stall tests go through CosmosFaultProxy, a
small HTTP proxy in front of it.
"""

from __future__ import annotations

import asyncio
import base64
import socket
import time
import uuid
from collections.abc import AsyncIterator
from typing import Any

import pytest
from azure.core.exceptions import ServiceRequestError
from azure.cosmos.aio import CosmosClient

from core.durable_store import NewRecord
from core.errors import BackendError, ConfigError, ConflictError
from state.cosmos_storage import MAX_ID_BYTES, CosmosStorage, cosmos_item_id
from tests.fakes.cosmos_server import CosmosFaultProxy, CosmosServer
from tests.state.durable_store_conformance import DurableStoreConformance
from tests.state.storage_conformance import ManualClock, StorageConformance

DATABASE = "era-tests"


@pytest.fixture
def clock() -> ManualClock:
    return ManualClock()


@pytest.fixture
def container_name() -> str:
    return f"state-{uuid.uuid4().hex[:12]}"


@pytest.fixture
async def storage(
    cosmos_server: CosmosServer, container_name: str, clock: ManualClock
) -> AsyncIterator[CosmosStorage]:
    async with CosmosStorage(
        endpoint=cosmos_server.endpoint,
        key=cosmos_server.key,
        database=DATABASE,
        container=container_name,
        verify_tls=False,
        create_if_missing=True,
        clock=clock,
    ) as opened:
        yield opened


@pytest.fixture
async def peer_storage(
    cosmos_server: CosmosServer, container_name: str, clock: ManualClock, storage: CosmosStorage
) -> AsyncIterator[CosmosStorage]:
    async with CosmosStorage(
        endpoint=cosmos_server.endpoint,
        key=cosmos_server.key,
        database=DATABASE,
        container=container_name,
        verify_tls=False,
        clock=clock,
    ) as opened:
        yield opened


@pytest.fixture
async def proxy(cosmos_server: CosmosServer) -> AsyncIterator[CosmosFaultProxy]:
    fault_proxy = CosmosFaultProxy(cosmos_server.endpoint)
    await fault_proxy.start()
    yield fault_proxy
    await fault_proxy.stop()


@pytest.fixture
async def proxied_storage(
    proxy: CosmosFaultProxy,
    cosmos_server: CosmosServer,
    container_name: str,
    storage: CosmosStorage,
) -> AsyncIterator[CosmosStorage]:
    """A storage that reaches the container through the fault proxy, with a 1-second budget."""
    async with CosmosStorage(
        endpoint=proxy.endpoint,
        key=cosmos_server.key,
        database=DATABASE,
        container=container_name,
        time_budget=1.0,
        call_timeout=0.5,
    ) as opened:
        yield opened


class TestCosmosStorageConformance(StorageConformance):
    """CosmosStorage passes the shared suite, with a second client as the peer worker."""


@pytest.mark.parametrize(
    "key",
    [
        "plain",
        "a/b\\c?d#e*f%g",
        "ctrl\x00\x1f\x7f\x9f",
        "会話/チーム#1 🙂",
        "19:" + "x" * 2000,
        "é" * 200,
        "",
    ],
)
def test_item_ids_are_valid_cosmos_ids(key: str) -> None:
    item_id = cosmos_item_id(key)

    assert item_id
    assert len(item_id.encode("utf-8")) <= MAX_ID_BYTES
    assert not set("/\\?#") & set(item_id)
    assert all(ord(char) >= 0x20 and not 0x7F <= ord(char) <= 0x9F for char in item_id)


def test_item_ids_keep_distinct_keys_distinct() -> None:
    long_key = "19:" + "x" * 2000
    keys = ["a/b", "a*2fb", "a*b", "a*2ab", long_key + "1", long_key + "2", "", "*h"]

    assert len({cosmos_item_id(key) for key in keys}) == len(keys)


async def test_documents_are_plain_json_with_the_original_key_and_ttl(
    storage: CosmosStorage, cosmos_server: CosmosServer, container_name: str
) -> None:
    key = "msteams/conversations/" + "19:abc" * 100
    await storage.write({key: {"ttl": 600, "$type": "data", "step": 1}})

    async with CosmosClient(
        cosmos_server.endpoint, credential=cosmos_server.key, connection_verify=False
    ) as client:
        container = client.get_database_client(DATABASE).get_container_client(container_name)
        raw = [document async for document in container.read_all_items()]

    assert len(raw) == 1
    assert raw[0]["key"] == key
    assert raw[0]["id"] == cosmos_item_id(key)
    assert raw[0]["ttl"] == 600
    assert raw[0]["value"] == {"ttl": 600, "$$type": "data", "step": 1}


async def test_a_batch_of_records_is_one_document_and_one_request(
    storage: CosmosStorage, cosmos_server: CosmosServer, container_name: str
) -> None:
    # Transcript turns of ten conversations flushed together: one create, not ten.
    batch = [NewRecord(stream=f"transcript/emulator/c{n}", body=[{"text": f"turn {n}"}],
                       conversation=f"c{n}", person="29:maria") for n in range(10)]

    added = await storage.append_records(batch, ttl_seconds=600, batch_id="b-1")

    raw = await _raw_documents(cosmos_server, container_name)
    assert added == 10
    assert len(raw) == 1
    assert raw[0]["ttl"] == 600
    found = await storage.read_records("transcript/emulator/c7")
    assert [r.body for r in found] == [[{"text": "turn 7"}]]


async def test_a_batch_beyond_the_document_size_takes_several_documents(
    storage: CosmosStorage, cosmos_server: CosmosServer, container_name: str
) -> None:
    text = "x" * 200_000  # five of these do not fit in one document
    batch = [NewRecord(stream="transcript/big", body=[{"text": text, "n": n}])
             for n in range(5)]

    assert await storage.append_records(batch, batch_id="b-big") == 5

    assert len(await _raw_documents(cosmos_server, container_name)) > 1
    found = await storage.read_records("transcript/big")
    assert [r.body[0]["n"] for r in found] == [0, 1, 2, 3, 4]


async def test_a_batch_retried_with_fewer_records_reads_each_record_once(
    storage: CosmosStorage,
) -> None:
    # The first attempt was stored although it failed for the writer (a timeout); the retry
    # lost one record to an erasure meanwhile, so it has another id.
    batch = [NewRecord(stream="transcript/r", body={"n": n}, record_id=f"r{n}")
             for n in range(3)]
    await storage.append_records(batch, batch_id="first-attempt")
    await storage.append_records(batch[1:], batch_id="retry")

    found = await storage.read_records("transcript/r")
    assert [r.body["n"] for r in found] == [0, 1, 2]


async def _raw_documents(cosmos_server: CosmosServer, container_name: str) -> list[Any]:
    async with CosmosClient(
        cosmos_server.endpoint, credential=cosmos_server.key, connection_verify=False
    ) as client:
        container = client.get_database_client(DATABASE).get_container_client(container_name)
        return [document async for document in container.read_all_items()]


async def test_writes_answered_without_a_body_still_keep_the_e_tag(
    proxied_storage: CosmosStorage,
) -> None:
    # Writes ask Cosmos DB not to send the document back (the proxy answers as it does: the
    # ETag in a header only): the next write with that ETag must succeed, a stale one not.
    item = {"step": 1}
    await proxied_storage.write({"k": item})
    created = item["e_tag"]
    item["step"] = 2
    await proxied_storage.write({"k": item})

    assert item["e_tag"] != created
    assert (await proxied_storage.read(["k"]))["k"]["e_tag"] == item["e_tag"]
    with pytest.raises(ConflictError):
        await proxied_storage.write({"k": {"step": 3, "e_tag": created}})
    overwritten = {"step": 4, "e_tag": "*"}
    await proxied_storage.write({"k": overwritten})
    assert (await proxied_storage.read(["k"]))["k"]["e_tag"] == overwritten["e_tag"]


async def test_the_turns_reads_and_writes_are_signed_with_the_account_key(
    proxied_storage: CosmosStorage, proxy: CosmosFaultProxy, cosmos_server: CosmosServer
) -> None:
    # The proxy checks each request's master-key signature as Cosmos DB does (the local server
    # accepts any): create, read, replace and a stale replace all reach the container.
    proxy.require_key(cosmos_server.key)
    item = {"step": 1}
    await proxied_storage.write({"k": item})
    created = item["e_tag"]
    item["step"] = 2
    await proxied_storage.write({"k": item})

    assert (await proxied_storage.read(["k"]))["k"]["step"] == 2
    with pytest.raises(ConflictError):
        await proxied_storage.write({"k": {"step": 3, "e_tag": created}})
    with pytest.raises(ConflictError):
        await proxied_storage.write({"k": {"step": 3}})


async def test_a_key_regenerated_meanwhile_is_an_honest_error_not_a_conflict(
    proxied_storage: CosmosStorage, proxy: CosmosFaultProxy
) -> None:
    item = {"step": 1}
    await proxied_storage.write({"k": item})
    proxy.require_key(base64.b64encode(b"the account's regenerated key").decode())

    with pytest.raises(BackendError, match="status 401"):
        await proxied_storage.read(["k"])
    with pytest.raises(BackendError, match="status 401"):
        await proxied_storage.write({"k": item})


async def test_a_read_carries_the_session_token_of_the_last_write(
    proxied_storage: CosmosStorage, proxy: CosmosFaultProxy
) -> None:
    # Session consistency: a replica that has not seen this worker's last write must not
    # answer its next read (that read would give a stale ETag, and the turn a conflict).
    item = {"step": 1}
    await proxied_storage.write({"k": item})
    item["step"] = 2
    await proxied_storage.write({"k": item})
    last_write = proxy.session_token

    await proxied_storage.read(["k"])

    assert proxy.session_tokens[-1] == last_write


async def test_a_replica_behind_the_session_is_asked_again_not_taken_for_a_missing_item(
    proxied_storage: CosmosStorage, proxy: CosmosFaultProxy
) -> None:
    item = {"step": 1}
    await proxied_storage.write({"k": item})
    proxy.lag(count=2)

    found = await proxied_storage.read(["k"])

    assert found["k"]["step"] == 1
    item["step"] = 2
    await proxied_storage.write({"k": item})


async def test_throttled_requests_are_retried_after_the_retry_after(
    proxied_storage: CosmosStorage, proxy: CosmosFaultProxy
) -> None:
    await proxied_storage.write({"k": {"v": 1}})
    proxy.throttle(count=2, retry_after_ms=150)
    calls_before = proxy.document_requests
    started = time.monotonic()

    items = await proxied_storage.read(["k"])

    assert items["k"]["v"] == 1
    assert proxy.document_requests - calls_before == 3
    assert time.monotonic() - started >= 0.3


async def test_a_passing_unavailable_answer_is_asked_again(
    proxied_storage: CosmosStorage, proxy: CosmosFaultProxy
) -> None:
    # 503 (gateway briefly unavailable), 410 (a replica moving), 449 (retry with): the SDK
    # retries these itself; the turn's own point read and replace must too, not fail the turn.
    await proxied_storage.write({"k": {"v": 1}})
    proxy.fail(503, 410)
    calls_before = proxy.document_requests

    items = await proxied_storage.read(["k"])

    assert items["k"]["v"] == 1
    assert proxy.document_requests - calls_before == 3
    proxy.fail(449)
    items["k"]["v"] = 2
    await proxied_storage.write(items)
    assert (await proxied_storage.read(["k"]))["k"]["v"] == 2


async def test_an_unavailable_database_is_an_honest_backend_error(
    proxied_storage: CosmosStorage, proxy: CosmosFaultProxy
) -> None:
    await proxied_storage.write({"k": {"v": 1}})
    proxy.fail(503, 503, 503, 503)

    with pytest.raises(BackendError, match="503"):
        await proxied_storage.read(["k"])


async def test_a_throttled_write_is_stored_once(
    proxied_storage: CosmosStorage, proxy: CosmosFaultProxy, storage: CosmosStorage
) -> None:
    proxy.throttle(count=1, retry_after_ms=50)

    await proxied_storage.write({"k": {"v": 1}})

    assert (await storage.read(["k"]))["k"]["v"] == 1


async def test_throttling_gives_up_within_the_time_budget(
    proxied_storage: CosmosStorage, proxy: CosmosFaultProxy
) -> None:
    proxy.throttle(count=1000, retry_after_ms=200)
    started = time.monotonic()

    with pytest.raises(BackendError, match="throttled"):
        await proxied_storage.read(["k"])

    assert time.monotonic() - started < 1.2
    assert 2 <= proxy.document_requests <= 6


async def test_a_retry_after_beyond_the_budget_fails_at_once(
    proxied_storage: CosmosStorage, proxy: CosmosFaultProxy
) -> None:
    proxy.throttle(count=1000, retry_after_ms=10_000)
    started = time.monotonic()

    with pytest.raises(BackendError, match="does not fit"):
        await proxied_storage.write({"k": {"v": 1}})

    assert time.monotonic() - started < 0.5
    assert proxy.document_requests == 1


async def test_a_stalled_server_times_out(
    proxied_storage: CosmosStorage, proxy: CosmosFaultProxy
) -> None:
    proxy.stall(seconds=5)
    started = time.monotonic()

    with pytest.raises(BackendError, match="timed out"):
        await proxied_storage.read(["k"])

    assert time.monotonic() - started < 0.9


async def test_a_batch_of_records_behind_a_slow_server_is_written_not_given_up(
    proxied_storage: CosmosStorage, proxy: CosmosFaultProxy
) -> None:
    # 24 records at 0.1 s each would spend the 1-second budget more than twice over one after
    # another (a busy bot's transcript batch fell behind that way and was dropped). The stall
    # leaves each call most of the budget: at 0.2 s, a loaded machine's slow local server made
    # single calls miss it with nothing wrong.
    proxy.stall(seconds=0.1)
    records = [NewRecord(stream="transcript/slow", body={"n": n}, record_id=f"r{n}")
               for n in range(24)]

    added = await proxied_storage.append_records(records)

    proxy.stall(seconds=0)
    found = await proxied_storage.read_records("transcript/slow", limit=None)
    assert added == 24
    assert [r.body["n"] for r in found] == list(range(24))


async def test_a_batch_that_partly_fails_adds_only_the_missing_records_when_appended_again(
    proxied_storage: CosmosStorage, proxy: CosmosFaultProxy
) -> None:
    records = [NewRecord(stream="transcript/partial", body={"n": n}, record_id=f"r{n}")
               for n in range(10)]
    proxy.throttle(count=3, retry_after_ms=10_000)

    with pytest.raises(BackendError, match="does not fit"):
        await proxied_storage.append_records(records)
    stored_after_failure = await proxied_storage.read_records("transcript/partial", limit=None)
    again = await proxied_storage.append_records(records)

    found = await proxied_storage.read_records("transcript/partial", limit=None)
    assert len(stored_after_failure) == 7
    assert again == 3
    assert sorted(r.body["n"] for r in found) == list(range(10))


async def test_a_missing_container_is_a_clear_start_up_error(
    cosmos_server: CosmosServer,
) -> None:
    storage = CosmosStorage(
        endpoint=cosmos_server.endpoint,
        key=cosmos_server.key,
        database=DATABASE,
        container="does-not-exist",
        verify_tls=False,
    )

    with pytest.raises(ConfigError, match="does-not-exist"):
        await storage.open()


async def test_create_if_missing_is_idempotent_across_workers(
    cosmos_server: CosmosServer, container_name: str
) -> None:
    settings = {
        "endpoint": cosmos_server.endpoint,
        "key": cosmos_server.key,
        "database": "era-fresh-" + container_name,
        "container": container_name,
        "verify_tls": False,
        "create_if_missing": True,
    }
    first, second = await asyncio.gather(
        CosmosStorage.create(**settings), CosmosStorage.create(**settings)
    )
    try:
        await first.write({"k": {"v": 1}})
        assert (await second.read(["k"]))["k"]["v"] == 1
    finally:
        await first.close()
        await second.close()


class TestCosmosDurableStore(DurableStoreConformance):
    """CosmosStorage keeps durable records and documents as the suite requires."""


async def test_a_proxy_set_in_the_environment_is_used(
    cosmos_server: CosmosServer, container_name: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    # The proxy variables are read once when the storage opens, not on every request; a
    # deployment that sets one still goes through it (here a proxy that is down: no answer).
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        dead_proxy = f"http://127.0.0.1:{probe.getsockname()[1]}"
    for name in ("NO_PROXY", "no_proxy"):
        monkeypatch.delenv(name, raising=False)
    for name in ("HTTPS_PROXY", "HTTP_PROXY"):
        monkeypatch.setenv(name, dead_proxy)
    storage = CosmosStorage(
        endpoint=cosmos_server.endpoint, key=cosmos_server.key, database=DATABASE,
        container=container_name, verify_tls=False, create_if_missing=True, setup_timeout=3.0,
    )
    with pytest.raises(ServiceRequestError, match=str(dead_proxy.rsplit(":", 1)[1])):
        await storage.open()  # the proxy's port: the request went to the proxy
    await storage.close()

    for name in ("HTTPS_PROXY", "HTTP_PROXY"):
        monkeypatch.delenv(name)
    async with CosmosStorage(
        endpoint=cosmos_server.endpoint, key=cosmos_server.key, database=DATABASE,
        container=container_name, verify_tls=False, create_if_missing=True,
    ) as direct:
        await direct.write({"k": {"v": 1}})
        assert (await direct.read(["k"]))["k"]["v"] == 1
