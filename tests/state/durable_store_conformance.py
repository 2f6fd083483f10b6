"""The durable-store conformance suite: what every core.durable_store.DurableStore must do.

A test module runs it by subclassing `DurableStoreConformance` in a class named ``Test...`` with
the fixtures of the storage conformance suite: ``clock`` (a ManualClock the store reads time
from), ``storage`` (an open, empty store) and ``peer_storage`` (a second instance over the same
data, as another worker has). It covers records (ids, at-most-once appends, queries by
conversation, person, time range and stream prefix, newest-first limits, deletion, expiry) and
documents (create-only, ETag-conditional replace and delete, key queries, and claims raced by
two workers, where exactly one may win).
"""

from __future__ import annotations

import asyncio
from typing import Any

from core.durable_store import DurableStore, NewRecord
from tests.state.storage_conformance import ManualClock

RACERS = 20


def _records(stream: str, count: int, **fields: Any) -> list[NewRecord]:
    return [NewRecord(stream=stream, body={"n": n}, record_id=f"r{n}", **fields)
            for n in range(count)]


class DurableStoreConformance:
    """The behaviour every durable store shares; subclass it as Test<Store> with the fixtures."""

    async def test_records_read_back_in_order_with_their_ids_and_fields(
        self, storage: DurableStore
    ) -> None:
        await storage.append_records([
            NewRecord(stream="audit", body={"action": "shift.cancel", "note": "naïve 日本"},
                      record_id="a1", conversation="c1", person="p1", at=1000.0),
            NewRecord(stream="audit", body={"action": "mail.send"}, record_id="a2", at=2000.0),
        ])
        found = await storage.read_records("audit")
        assert [(r.record_id, r.at, r.conversation, r.person) for r in found] == [
            ("a1", 1000.0, "c1", "p1"), ("a2", 2000.0, "", ""),
        ]
        assert found[0].body == {"action": "shift.cancel", "note": "naïve 日本"}

    async def test_a_batch_without_times_reads_back_in_its_order(
        self, storage: DurableStore
    ) -> None:
        await storage.append_records(_records("transcript/t", 30))
        await storage.append_records(_records("transcript/t", 33)[30:])

        found = await storage.read_records("transcript/t", limit=None)
        assert [r.body["n"] for r in found] == list(range(33))

    async def test_an_id_appended_twice_is_stored_once(
        self, storage: DurableStore, peer_storage: DurableStore
    ) -> None:
        first = await storage.append_records(_records("audit", 3))
        again = await asyncio.gather(*(
            store.append_records(_records("audit", 4))
            for store in (storage, peer_storage, storage)
        ))
        assert first == 3
        assert sum(again) == 1
        assert [r.record_id for r in await peer_storage.read_records("audit")] == [
            "r0", "r1", "r2", "r3"]

    async def test_the_same_id_in_another_stream_is_another_record(
        self, storage: DurableStore
    ) -> None:
        await storage.append_records(_records("one", 1) + _records("two", 1))
        assert len(await storage.read_records("one")) == 1
        assert len(await storage.read_records("two")) == 1

    async def test_concurrent_appenders_lose_nothing(
        self, storage: DurableStore, peer_storage: DurableStore
    ) -> None:
        await asyncio.gather(*(
            (storage if n % 2 else peer_storage).append_records(
                [NewRecord(stream="transcript/x", body={"n": n})])
            for n in range(40)
        ))
        found = await storage.read_records("transcript/x", limit=None)
        assert sorted(r.body["n"] for r in found) == list(range(40))

    async def test_queries_by_conversation_person_and_time_range(
        self, storage: DurableStore
    ) -> None:
        await storage.append_records([
            NewRecord(stream="audit", body={"n": n}, conversation=f"c{n % 2}",
                      person=f"p{n % 3}", at=1000.0 + n)
            for n in range(12)
        ])
        by_conversation = await storage.read_records("audit", conversation="c1")
        assert [r.body["n"] for r in by_conversation] == [1, 3, 5, 7, 9, 11]
        by_person = await storage.read_records("audit", person="p2")
        assert [r.body["n"] for r in by_person] == [2, 5, 8, 11]
        in_range = await storage.read_records("audit", since=1003.0, until=1006.0)
        assert [r.body["n"] for r in in_range] == [3, 4, 5]
        both = await storage.read_records("audit", conversation="c0", person="p0",
                                          since=1001.0)
        assert [r.body["n"] for r in both] == [6]

    async def test_limit_keeps_the_newest_oldest_first(self, storage: DurableStore) -> None:
        await storage.append_records([NewRecord(stream="s", body=n, at=100.0 + n)
                                      for n in range(10)])
        assert [r.body for r in await storage.read_records("s", limit=3)] == [7, 8, 9]
        assert len(await storage.read_records("s", limit=None)) == 10

    async def test_stream_prefix_reads_and_deletes_across_streams(
        self, storage: DurableStore
    ) -> None:
        await storage.append_records(
            _records("transcript/slack/a", 2, person="U1")
            + _records("transcript/msteams/b", 2, person="U1")
            + _records("transcript/msteams/c", 1, person="U2")
            + _records("transcripts-other", 1, person="U1")
        )
        mine = await storage.read_records("transcript/", prefix=True, person="U1")
        assert sorted(r.stream for r in mine) == [
            "transcript/msteams/b", "transcript/msteams/b",
            "transcript/slack/a", "transcript/slack/a",
        ]
        assert await storage.delete_records("transcript/", prefix=True, person="U1") == 4
        assert [r.stream for r in await storage.read_records("transcript/", prefix=True)] == [
            "transcript/msteams/c"]
        assert len(await storage.read_records("transcripts-other")) == 1

    async def test_delete_records_of_one_conversation(self, storage: DurableStore) -> None:
        await storage.append_records(
            [*_records("t", 3, conversation="c1"), NewRecord(stream="t", body={},
                                                            conversation="c2")])
        assert await storage.delete_records("t", conversation="c1") == 3
        assert [r.conversation for r in await storage.read_records("t")] == ["c2"]
        assert await storage.delete_records("t") == 1
        assert await storage.read_records("t") == []

    async def test_records_expire_after_their_ttl_and_are_purged(
        self, storage: DurableStore, clock: ManualClock
    ) -> None:
        await storage.append_records(_records("transcript/t", 2), ttl_seconds=60)
        await storage.append_records([NewRecord(stream="audit", body={})])
        clock.advance(30)
        assert len(await storage.read_records("transcript/t")) == 2
        clock.advance(31)
        assert await storage.read_records("transcript/t") == []
        assert await storage.purge_expired_records() == 2
        assert len(await storage.read_records("audit")) == 1

    async def test_a_batch_reads_back_per_stream_is_stored_once_and_erased_per_person(
        self, storage: DurableStore, peer_storage: DurableStore, clock: ManualClock
    ) -> None:
        # Transcript turns of several conversations and people, queued together.
        batch = [
            NewRecord(stream=f"transcript/t/{n % 3}", body=[{"n": n}], record_id=f"b{n}",
                      conversation=f"c{n % 3}", person=f"p{n % 2}")
            for n in range(6)
        ]
        first = await storage.append_records(batch, ttl_seconds=60, batch_id="batch-1")
        again = await peer_storage.append_records(batch, ttl_seconds=60, batch_id="batch-1")

        assert (first, again) == (6, 0)
        assert [r.body for r in await peer_storage.read_records("transcript/t/1")] == [
            [{"n": 1}], [{"n": 4}]]
        by_person = await storage.read_records("transcript/", prefix=True, person="p0")
        assert [(r.record_id, r.conversation) for r in by_person] == [
            ("b0", "c0"), ("b2", "c2"), ("b4", "c1")]
        assert await storage.delete_records("transcript/", prefix=True, person="p0") == 3
        left = await peer_storage.read_records("transcript/", prefix=True)
        assert [r.record_id for r in left] == ["b1", "b3", "b5"]
        clock.advance(61)
        assert await storage.read_records("transcript/", prefix=True) == []
        assert await storage.purge_expired_records() == 3

    async def test_a_document_is_created_once(
        self, storage: DurableStore, peer_storage: DurableStore
    ) -> None:
        e_tag = await storage.create_document("claim/1", {"state": "pending", "by": "w1"})
        assert e_tag
        assert await peer_storage.create_document("claim/1", {"state": "pending"}) is None
        document = await peer_storage.read_document("claim/1")
        assert document is not None
        assert document.body == {"state": "pending", "by": "w1"}
        assert document.e_tag == e_tag

    async def test_concurrent_claims_of_one_key_have_exactly_one_winner(
        self, storage: DurableStore, peer_storage: DurableStore
    ) -> None:
        outcomes = await asyncio.gather(*(
            (storage if n % 2 else peer_storage).create_document(
                "change/abc", {"state": "pending", "worker": n})
            for n in range(RACERS)
        ))
        winners = [n for n, e_tag in enumerate(outcomes) if e_tag is not None]
        assert len(winners) == 1
        document = await storage.read_document("change/abc")
        assert document is not None and document.body["worker"] == winners[0]

    async def test_concurrent_reclaims_of_a_stale_claim_have_exactly_one_winner(
        self, storage: DurableStore, peer_storage: DurableStore
    ) -> None:
        await storage.create_document("change/stale", {"state": "pending", "worker": -1})
        read = await storage.read_document("change/stale")
        assert read is not None
        outcomes = await asyncio.gather(*(
            (storage if n % 2 else peer_storage).replace_document(
                "change/stale", {"state": "pending", "worker": n}, e_tag=read.e_tag)
            for n in range(RACERS)
        ))
        assert len([e for e in outcomes if e is not None]) == 1

    async def test_replace_and_delete_need_the_current_e_tag(
        self, storage: DurableStore, peer_storage: DurableStore
    ) -> None:
        first = await storage.create_document("request/mail/1", {"state": "pending"})
        assert first is not None
        second = await peer_storage.replace_document(
            "request/mail/1", {"state": "done"}, e_tag=first)
        assert second is not None and second != first
        assert await storage.replace_document("request/mail/1", {"state": "x"},
                                              e_tag=first) is None
        assert await storage.delete_document("request/mail/1", e_tag=first) is False
        assert await storage.delete_document("request/mail/1", e_tag=second) is True
        assert await storage.read_document("request/mail/1") is None
        assert await storage.delete_document("request/mail/1") is False
        assert await storage.replace_document("request/mail/1", {}, e_tag=second) is None

    async def test_an_expired_document_can_be_created_again(
        self, storage: DurableStore, clock: ManualClock
    ) -> None:
        assert await storage.create_document("claim/t", {"n": 1}, ttl_seconds=10)
        assert await storage.create_document("claim/t", {"n": 2}) is None
        clock.advance(11)
        assert await storage.read_document("claim/t") is None
        assert await storage.create_document("claim/t", {"n": 3})
        document = await storage.read_document("claim/t")
        assert document is not None and document.body == {"n": 3}

    async def test_document_keys_by_prefix_and_by_field(self, storage: DurableStore) -> None:
        await storage.create_document("person-state/c1/a", {"flags": {"person_id": "p-1"}})
        await storage.create_document("person-state/c2/b", {"flags": {"person_id": "p-2"}})
        await storage.create_document("person-state/c3/c", {"flags": {"person_id": "p-1"}})
        await storage.create_document("identity-link/slack/U1", {"person_id": "p-1"})
        await storage.append_records([NewRecord(stream="person-state/x", body={})])
        assert await storage.document_keys("person-state/") == [
            "person-state/c1/a", "person-state/c2/b", "person-state/c3/c"]
        assert await storage.document_keys(
            "person-state/", where=(("flags", "person_id"), "p-1")) == [
            "person-state/c1/a", "person-state/c3/c"]
        assert await storage.document_keys("identity-link/", where=(("person_id",), "p-9")) == []
