"""TranscriptWriter on a real SQLite store: entries are written in the background, tagged with
the conversation and the person the turn was with, read back (stored and pending), kept for the
configured retention and purged after it, and one person's entries can be erased everywhere."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import pytest
from botbuilder.schema import Activity, ActivityTypes, ChannelAccount

from core.durable_store import NewRecord
from core.errors import BackendError, ConflictError
from state import transcript_writer
from state.conversation_keys import conversation_digest
from state.sqlite_storage import SqliteStorage
from state.transcript_writer import STREAM_PREFIX, TranscriptWriter, transcript_stream
from tests.state.storage_conformance import ManualClock

DAY = 24 * 3600


def _turn(person: str, text: str) -> list[Activity]:
    user = ChannelAccount(id=person, name=person)
    bot = ChannelAccount(id="era", name="ERA")
    return [
        Activity(type=ActivityTypes.message, text=text, from_property=user, recipient=bot),
        Activity(type=ActivityTypes.typing, from_property=bot, recipient=user),
        Activity(type=ActivityTypes.message, text=f"re: {text}", from_property=bot,
                 recipient=user),
    ]


async def test_entries_are_tagged_read_back_and_expire_after_the_retention(
    tmp_path: Path,
) -> None:
    clock = ManualClock()
    async with SqliteStorage(f"{tmp_path}/state.db", clock=clock) as store:
        writer = TranscriptWriter(store, retention_seconds=30 * DAY)
        writer.add("msteams", "conv-a", _turn("29:maria", "hello"))
        writer.add("msteams", "conv-a", _turn("29:bob", "hi"))
        pending = await writer.read("msteams", "conv-a")
        await writer.close()

        stored = await store.read_records(transcript_stream("msteams", "conv-a"))
        assert [a.text for a in pending] == ["hello", "re: hello", "hi", "re: hi"]
        # One record per turn (one document, one request on Cosmos DB).
        assert [(r.person, [a["text"] for a in r.body]) for r in stored] == [
            ("29:maria", ["hello", "re: hello"]), ("29:bob", ["hi", "re: hi"])]
        assert {r.conversation for r in stored} == {conversation_digest("conv-a")}
        reader = TranscriptWriter(store)
        assert [a.text for a in await reader.read("msteams", "conv-a")] == [
            "hello", "re: hello", "hi", "re: hi"]

        clock.advance(30 * DAY + 1)
        assert await reader.read("msteams", "conv-a") == []
        assert await reader.purge_expired() == 2
        assert await store.read_records(STREAM_PREFIX, prefix=True, limit=None) == []


async def test_one_persons_entries_are_erased_in_every_conversation(tmp_path: Path) -> None:
    async with SqliteStorage(f"{tmp_path}/state.db") as store:
        writer = TranscriptWriter(store)
        writer.add("msteams", "conv-a", _turn("29:maria", "one"))
        writer.add("slack", "conv-b", _turn("29:maria", "two"))
        writer.add("msteams", "conv-a", _turn("29:bob", "three"))
        await writer.close()

        assert await writer.delete_person("29:maria") == 2
        left = await writer.read("msteams", "conv-a")
        assert [a.text for a in left] == ["three", "re: three"]
        assert await writer.read("slack", "conv-b") == []


class _StoreDownFor:
    """The real store behind a link that refuses the first `failures` appends, and writes part
    of the batch before failing (as a store does when it fails in the middle)."""

    def __init__(self, store: SqliteStorage, failures: int) -> None:
        self._store = store
        self.failures_left = failures
        self.append_calls = 0

    async def append_records(self, records: Any, **options: Any) -> int:
        self.append_calls += 1
        if self.failures_left > 0:
            self.failures_left -= 1
            await self._store.append_records(records[:1], **options)  # the first turn
            raise BackendError("cosmos", "append timed out")
        return await self._store.append_records(records, **options)

    def __getattr__(self, name: str) -> Any:
        return getattr(self._store, name)


async def test_entries_wait_out_a_store_outage_and_are_written_once(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(transcript_writer, "_RETRY_FIRST_SECONDS", 0.01)
    monkeypatch.setattr(transcript_writer, "_RETRY_MAX_SECONDS", 0.05)
    async with SqliteStorage(f"{tmp_path}/state.db") as store:
        flaky = _StoreDownFor(store, failures=12)  # longer than the old five attempts
        writer = TranscriptWriter(flaky)  # type: ignore[arg-type]
        writer.add("msteams", "conv-a", _turn("29:maria", "one"))
        for _ in range(200):
            if flaky.failures_left == 0:
                break
            await asyncio.sleep(0.01)
        writer.add("msteams", "conv-a", _turn("29:maria", "two"))
        await writer.close()

        stored = await store.read_records(transcript_stream("msteams", "conv-a"))
        assert _texts(stored) == ["one", "re: one", "two", "re: two"]
        assert flaky.append_calls > 12


async def test_an_outage_longer_than_memory_allows_drops_the_oldest_entries_only(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(transcript_writer, "_RETRY_FIRST_SECONDS", 0.01)
    monkeypatch.setattr(transcript_writer, "_RETRY_MAX_SECONDS", 0.01)
    monkeypatch.setattr(transcript_writer, "_MAX_PENDING", 2)
    async with SqliteStorage(f"{tmp_path}/state.db") as store:
        flaky = _StoreDownFor(store, failures=3)
        writer = TranscriptWriter(flaky)  # type: ignore[arg-type]
        for text in ("one", "two", "three"):
            writer.add("msteams", "conv-a", _turn("29:maria", text))
        for _ in range(200):
            if flaky.failures_left == 0:
                break
            await asyncio.sleep(0.01)
        await writer.close()

        stored = await store.read_records(transcript_stream("msteams", "conv-a"))
        # Three turns waited, one more than allowed: "one" was dropped (it had reached the
        # store as the first failing append broke off); "two", written by each of the next two
        # failing appends, is there once.
        assert _texts(stored) == ["one", "re: one", "two", "re: two", "three", "re: three"]
        assert len(stored) == 3


def _texts(stored: Any) -> list[str]:
    return [a["text"] for r in stored for a in r.body]


async def test_a_transcript_stored_an_activity_per_record_still_reads_back(
    tmp_path: Path,
) -> None:
    async with SqliteStorage(f"{tmp_path}/state.db") as store:
        stream = transcript_stream("msteams", "conv-a")
        await store.append_records([
            NewRecord(stream=stream, body={"type": "message", "text": text}, at=at)
            for at, text in ((1.0, "before"), (2.0, "the upgrade"))])
        writer = TranscriptWriter(store)
        writer.add("msteams", "conv-a", _turn("29:maria", "after"))
        await writer.close()

        assert [a.text for a in await writer.read("msteams", "conv-a")] == [
            "before", "the upgrade", "after", "re: after"]


async def test_a_state_write_takes_the_waiting_entries_along(tmp_path: Path) -> None:
    """SQLite appends the waiting transcript entries in the same trip to its thread as the next
    write (a turn's state write): they are stored when it returns, long before the background
    writer would have written them, and nothing is written twice."""
    async with SqliteStorage(f"{tmp_path}/state.db") as store:
        writer = TranscriptWriter(store, flush_after_seconds=3600)
        store.carry_records(writer)
        writer.add("msteams", "conv-a", _turn("29:maria", "one"))
        writer.add("msteams", "conv-a", _turn("29:maria", "two"))
        await store.write({"person-state/a": {"n": 1}})
        stored = await store.read_records(transcript_stream("msteams", "conv-a"))
        assert _texts(stored) == ["one", "re: one", "two", "re: two"]

        writer.add("msteams", "conv-a", _turn("29:maria", "three"))
        await writer.close()
        stored = await store.read_records(transcript_stream("msteams", "conv-a"))
        assert _texts(stored) == ["one", "re: one", "two", "re: two", "three", "re: three"]
        assert (await store.read(["person-state/a"]))["person-state/a"]["n"] == 1


async def test_a_state_write_that_conflicts_still_stores_the_entries_it_carried(
    tmp_path: Path,
) -> None:
    """The carried entries are their own statement: a state write refused for its stale ETag
    (the turn runs again) neither loses them nor is changed by them."""
    async with SqliteStorage(f"{tmp_path}/state.db") as store:
        await store.write({"person-state/a": {"n": 1}})
        writer = TranscriptWriter(store, flush_after_seconds=3600)
        store.carry_records(writer)
        writer.add("msteams", "conv-a", _turn("29:maria", "one"))
        with pytest.raises(ConflictError):
            await store.write({"person-state/a": {"n": 2, "e_tag": "stale"}})
        stored = await store.read_records(transcript_stream("msteams", "conv-a"))
        assert _texts(stored) == ["one", "re: one"]
        assert (await store.read(["person-state/a"]))["person-state/a"]["n"] == 1
        await writer.close()
        assert len(await store.read_records(transcript_stream("msteams", "conv-a"))) == 1


async def test_entries_a_write_could_not_store_are_written_by_the_writer_once_it_can(
    tmp_path: Path,
) -> None:
    """When the carried append fails (here the records table is briefly gone) the state write
    still lands, and the entries wait for the background writer: nothing is lost."""
    async with SqliteStorage(f"{tmp_path}/state.db") as store:
        writer = TranscriptWriter(store, flush_after_seconds=0.05)
        store.carry_records(writer)

        def records_table_gone(gone: bool) -> None:
            names = ("era_records", "era_records_away") if gone else ("era_records_away",
                                                                      "era_records")
            store._open_connection().execute(f"ALTER TABLE {names[0]} RENAME TO {names[1]}")

        await store._run(records_table_gone, True)
        writer.add("msteams", "conv-a", _turn("29:maria", "one"))
        await store.write({"person-state/a": {"n": 1}})
        assert (await store.read(["person-state/a"]))["person-state/a"]["n"] == 1
        await store._run(records_table_gone, False)
        assert await store.read_records(transcript_stream("msteams", "conv-a")) == []

        for _ in range(200):
            if await store.read_records(transcript_stream("msteams", "conv-a")):
                break
            await asyncio.sleep(0.01)
        await writer.close()
        stored = await store.read_records(transcript_stream("msteams", "conv-a"))
        assert _texts(stored) == ["one", "re: one"]


async def test_entries_past_their_retention_are_purged_when_writes_take_every_entry_along(
    tmp_path: Path,
) -> None:
    """Where every turn writes (and takes the waiting entries along), the background writer
    has nothing left to write; entries past their retention still leave the file about
    hourly."""
    clock = ManualClock()
    hours = [0.0]
    async with SqliteStorage(f"{tmp_path}/state.db", clock=clock) as store:
        writer = TranscriptWriter(store, retention_seconds=30 * DAY, flush_after_seconds=3600,
                                  monotonic=lambda: hours[0] * 3600)
        store.carry_records(writer)

        def rows() -> int:
            return int(store._open_connection().execute(
                "SELECT count(*) FROM era_records").fetchone()[0])

        writer.add("msteams", "conv-a", _turn("29:maria", "old"))
        await store.write({"person-state/a": {"n": 1}})
        await asyncio.sleep(0.05)
        assert await store._run(rows) == 1

        clock.advance(30 * DAY + 1)
        hours[0] += 2
        writer.add("msteams", "conv-a", _turn("29:maria", "new"))
        await store.write({"person-state/b": {"n": 1}})
        for _ in range(100):
            if await store._run(rows) == 1:
                break
            await asyncio.sleep(0.01)
        stored = await store.read_records(transcript_stream("msteams", "conv-a"))
        assert _texts(stored) == ["new", "re: new"]
        assert await store._run(rows) == 1
        await writer.close()
