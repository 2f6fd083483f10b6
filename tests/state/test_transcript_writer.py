"""TranscriptWriter on a real SQLite store: entries are written in the background, tagged with
the conversation and the person the turn was with, read back (stored and pending), kept for the
configured retention and purged after it, and one person's entries can be erased everywhere."""

from __future__ import annotations

from pathlib import Path

from botbuilder.schema import Activity, ActivityTypes, ChannelAccount

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
        assert [(r.person, r.body["text"]) for r in stored] == [
            ("29:maria", "hello"), ("29:maria", "re: hello"), ("29:bob", "hi"),
            ("29:bob", "re: hi")]
        assert {r.conversation for r in stored} == {conversation_digest("conv-a")}
        reader = TranscriptWriter(store)
        assert [a.text for a in await reader.read("msteams", "conv-a")] == [
            "hello", "re: hello", "hi", "re: hi"]

        clock.advance(30 * DAY + 1)
        assert await reader.read("msteams", "conv-a") == []
        assert await reader.purge_expired() == 4
        assert await store.read_records(STREAM_PREFIX, prefix=True, limit=None) == []


async def test_one_persons_entries_are_erased_in_every_conversation(tmp_path: Path) -> None:
    async with SqliteStorage(f"{tmp_path}/state.db") as store:
        writer = TranscriptWriter(store)
        writer.add("msteams", "conv-a", _turn("29:maria", "one"))
        writer.add("slack", "conv-b", _turn("29:maria", "two"))
        writer.add("msteams", "conv-a", _turn("29:bob", "three"))
        await writer.close()

        assert await writer.delete_person("29:maria") == 4
        left = await writer.read("msteams", "conv-a")
        assert [a.text for a in left] == ["three", "re: three"]
        assert await writer.read("slack", "conv-b") == []
