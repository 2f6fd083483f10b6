"""One state document per person per turn, over the real endpoint: a turn that changes nothing
writes nothing, a turn reads once, a turn that acts claims its activity once right before its
side effect (one small create, so that another worker drops a copy of the same activity), and
in a shared conversation (a Teams channel thread) each
person's flow is their own: another person's "send", "cancel" or card press never touches it."""

from __future__ import annotations

import contextlib
import json
import sqlite3
import time
from collections import Counter
from collections.abc import AsyncIterator, Iterable, Sequence
from pathlib import Path
from typing import Any

import aiohttp
import pytest
from aiohttp import web

from app import create_app
from bots.person_state_middleware import NEWER_RELEASE
from config import Settings
from core.turn_memory import TurnMemory
from language.catalogue import say
from state.sqlite_storage import SqliteStorage
from state.turn_claims import CLAIM_PREFIX
from tests.conftest import FIXED_NOW, fixed_clock
from tests.http_harness import RunningApp, client_for, seed
from tools.local_connector import BotClient, LocalConnector, render_activity


class CountingStorage:
    """The real SQLite storage, with its calls counted (turn claims apart)."""

    def __init__(self, inner: SqliteStorage) -> None:
        self.inner = inner
        self.calls: Counter[str] = Counter()
        self.written: list[list[str]] = []

    async def read(self, keys: Sequence[str]) -> dict[str, Any]:
        self.calls["read"] += 1
        return await self.inner.read(keys)

    async def read_documents(self, keys: Sequence[str]) -> dict[str, Any]:
        self.calls["read"] += 1
        return await self.inner.read_documents(keys)

    async def write(self, changes: dict[str, Any]) -> None:
        claims = all(key.startswith(CLAIM_PREFIX) for key in changes)
        self.calls["claim" if claims else "write"] += 1
        if not claims:
            self.written.append(sorted(changes))
        await self.inner.write(changes)

    async def delete(self, keys: Iterable[str]) -> None:
        self.calls["delete"] += 1
        await self.inner.delete(keys)

    def __getattr__(self, name: str) -> Any:
        # The durable records and documents go straight through, uncounted.
        return getattr(self.inner, name)


@pytest.fixture
async def counted(tmp_path: Path) -> AsyncIterator[tuple[RunningApp, CountingStorage]]:
    await seed(tmp_path, FIXED_NOW)
    storage = CountingStorage(await SqliteStorage.create(tmp_path / "state.sqlite3"))
    settings = Settings.from_env({"ERA_DATA_DIR": str(tmp_path)})
    runner = web.AppRunner(create_app(settings, storage=storage, clock=fixed_clock),  # type: ignore[arg-type]
                           access_log=None)
    await runner.setup()
    site = web.TCPSite(runner, "127.0.0.1", 0)
    await site.start()
    port = site._server.sockets[0].getsockname()[1]  # type: ignore[union-attr]
    yield RunningApp(runner, f"http://127.0.0.1:{port}"), storage
    await runner.cleanup()
    await storage.inner.close()


def _texts(activities: list[dict[str, Any]]) -> str:
    return "\n".join(render_activity(a)[0] for a in activities)


async def test_a_turn_that_changes_nothing_reads_once_and_writes_nothing(
    counted: tuple[RunningApp, CountingStorage], connector: LocalConnector
) -> None:
    app, storage = counted
    client = client_for(app, connector, "bob-smith")
    await client.say("hi")
    storage.calls.clear()
    for _ in range(3):
        assert "cancel one of your shifts" in _texts(await client.say("help"))
    assert storage.calls == Counter({"read": 3})


async def test_a_turn_inside_a_flow_reads_once_and_writes_once(
    counted: tuple[RunningApp, CountingStorage], connector: LocalConnector
) -> None:
    app, storage = counted
    client = client_for(app, connector, "bob-smith")
    listed = _texts(await client.say("cancel one of my shifts"))
    assert "Which one" in listed or "which one" in listed
    storage.calls.clear()
    await client.say("2")
    assert storage.calls == Counter({"read": 1, "write": 1})


async def test_an_advice_turn_writes_the_managers_document_alone_and_improve_still_has_it(
    counted: tuple[RunningApp, CountingStorage], connector: LocalConnector
) -> None:
    app, storage = counted
    client = client_for(app, connector, "maria")
    await client.say("hi")
    storage.calls.clear()
    storage.written.clear()
    await client.say("My employee didn't show up for 3 days")
    # The exchange `!improve` is about goes in the one write of Maria's document (on Cosmos DB
    # every further item would be a round trip of its own).
    assert storage.calls == Counter({"read": 1, "write": 1})
    assert [[key.split("/")[0] for key in keys] for keys in storage.written] == [["person-state"]]
    thanks = _texts(await client.say("!improve ask whether he is ill first"))
    assert "together with my last answer" in thanks


def _channel_member(app: RunningApp, connector: LocalConnector, person: str,
                    thread: str) -> BotClient:
    return client_for(app, connector, person, channel_id="msteams", conversation_id=thread,
                      conversation_type="channel")


async def _moved_to_private(
    app: RunningApp, connector: LocalConnector, member: BotClient, text: str
) -> tuple[BotClient, list[dict[str, Any]]]:
    """Say `text` in the shared conversation; the client of the private chat it moved to and
    what ERA said there."""
    before = len(connector.received)
    assert "private chat" in _texts(await member.say(text))
    private = [a for a in connector.received[before:]
               if a.get("type") == "message" and a["conversation"]["id"] != member.conversation_id]
    conversation_id = private[0]["conversation"]["id"]
    return client_for(app, connector, _person_of(member), channel_id=member.channel_id,
                      conversation_id=conversation_id), private


def _person_of(client: BotClient) -> str:
    return client.user.id.removeprefix("demo-")


async def test_in_a_channel_thread_another_persons_replies_never_touch_a_managers_draft(
    counted: tuple[RunningApp, CountingStorage], connector: LocalConnector
) -> None:
    app, _storage = counted
    thread = "19:store-team@thread.tacv2;messageid=1700000000000"
    maria = _channel_member(app, connector, "maria", thread)
    bob = _channel_member(app, connector, "bob-smith", thread)
    private, preview = await _moved_to_private(
        app, connector, maria, "email Alice Martin about the weekend rota")
    assert "Subject" in _texts(preview)
    for text in ("send", "cancel", "yes", "Subject: You are dismissed with immediate effect"):
        answer = _texts(await bob.say(text))
        assert "Sent to" not in answer and "stopped" not in answer, text
    assert "Sent to Alice Martin" in _texts(await private.say("send"))
    async with aiohttp.ClientSession() as session, session.get(f"{app.url}/api/outbox") as got:
        outbox = await got.json()
    assert len(outbox) == 1
    assert "weekend rota" in str(outbox[0]) and "dismissed" not in str(outbox[0])


async def test_pressing_someone_elses_card_button_does_nothing_and_says_so(
    counted: tuple[RunningApp, CountingStorage], connector: LocalConnector
) -> None:
    app, _storage = counted
    thread = "19:store-team@thread.tacv2;messageid=1700000000001"
    maria = _channel_member(app, connector, "maria", thread)
    bob = _channel_member(app, connector, "bob-smith", thread)
    private, preview = await _moved_to_private(
        app, connector, maria, "email Alice Martin about the weekend rota")
    card = next(a for a in preview if a.get("attachments"))
    send = next(action for action in _actions(card) if action.get("title") == "Send")
    assert send["data"]["era_for"] == "maria"
    answer = _texts(await bob._exchange(bob.activity(value=send["data"])))
    assert "belongs to Maria's request" in answer
    assert "Sent to" in _texts(await private._exchange(private.activity(value=send["data"])))


def _actions(activity: dict[str, Any]) -> list[dict[str, Any]]:
    content = activity["attachments"][0]["content"]
    actions = list(content.get("actions") or [])
    for element in content.get("body") or []:
        if element.get("type") == "ActionSet":
            actions += element.get("actions") or []
    return actions


async def test_a_request_about_an_employee_in_a_channel_is_answered_in_the_private_chat(
    counted: tuple[RunningApp, CountingStorage], connector: LocalConnector
) -> None:
    app, _storage = counted
    thread = "19:store-team@thread.tacv2;messageid=1700000000002"
    maria = _channel_member(app, connector, "maria", thread)
    in_channel = _texts(await maria.say("email Alice Martin about the weekend rota"))
    assert "private chat" in in_channel
    assert "Alice" not in in_channel and "rota" not in in_channel
    private = [a for a in connector.messages() if a["conversation"]["id"] != thread]
    private_text = _texts(private)
    assert "Alice Martin" in private_text and "Subject" in private_text
    assert {a["conversation"]["id"] for a in private} and all(
        a["recipient"]["id"] == maria.user.id for a in private)
    # Help is answered about what waits, in the private chat (04ccbc29); the thread says only
    # where, nothing of the email.
    helped = _texts(await maria.say("help"))
    assert "waiting for you in our private chat" in helped
    assert "Alice" not in helped and "rota" not in helped


async def test_a_worker_with_a_private_chat_gets_the_shift_list_there(
    counted: tuple[RunningApp, CountingStorage], connector: LocalConnector
) -> None:
    app, _storage = counted
    personal = client_for(app, connector, "bob-smith", channel_id="msteams")
    await personal.say("hi")
    thread = "19:store-team@thread.tacv2;messageid=1700000000003"
    bob = _channel_member(app, connector, "bob-smith", thread)
    before = len(connector.messages(personal.conversation_id))
    assert "private chat" in _texts(await bob.say("cancel one of my shifts"))
    moved = _texts(connector.messages(personal.conversation_id)[before:])
    assert "cancel one of my shifts" in moved and "Which" in moved
    assert "Nov" not in _texts(connector.messages(thread))


async def test_a_turn_that_acts_claims_its_activity_once_before_the_effect(
    counted: tuple[RunningApp, CountingStorage], connector: LocalConnector
) -> None:
    app, storage = counted
    client = client_for(app, connector, "bob-smith")
    await client.say("cancel one of my shifts")
    await client.say("2")
    storage.calls.clear()
    done = _texts(await client.say("I'm sick"))
    assert "cancelled" in done.lower()
    assert storage.calls["claim"] == 1


async def test_a_stale_private_chat_is_replaced_and_the_thread_is_told_only_what_happened(
    counted: tuple[RunningApp, CountingStorage], connector: LocalConnector
) -> None:
    app, _storage = counted
    # Maria's one-to-one chat was reached through a connector that is gone now.
    async with LocalConnector() as gone:
        assert "I can" in _texts(await client_for(app, gone, "maria", channel_id="msteams",
                                                  conversation_id="a:old-personal-chat",
                                                  conversation_type="personal").say("help"))
    thread = "19:store-team@thread.tacv2;messageid=1700000000002"
    maria = _channel_member(app, connector, "maria", thread)
    private, said = await _moved_to_private(
        app, connector, maria, "email Alice Martin about the weekend rota")
    assert private.conversation_id != "a:old-personal-chat"
    assert "weekend rota" in _texts(said) and "Send" in str(said)


async def test_a_personal_chat_labelled_shared_is_served_at_once_where_it_is(
    counted: tuple[RunningApp, CountingStorage], connector: LocalConnector
) -> None:
    app, _storage = counted
    personal = client_for(app, connector, "bob-smith", channel_id="msteams")
    await personal.say("hi")
    # The same chat, from a client that calls it a group chat.
    odd = client_for(app, connector, "bob-smith", channel_id="msteams",
                     conversation_id=personal.conversation_id, conversation_type="groupChat",
                     timeout=5.0)
    answer = _texts(await odd.say("cancel one of my shifts"))
    assert "Which" in answer
    assert "private chat" not in answer and "moment" not in answer


async def test_a_question_waiting_in_the_private_chat_costs_ordinary_thread_turns_nothing(
    counted: tuple[RunningApp, CountingStorage], connector: LocalConnector
) -> None:
    app, storage = counted
    thread = "19:store-team@thread.tacv2;messageid=1700000000004"
    maria = _channel_member(app, connector, "maria", thread)
    bob = _channel_member(app, connector, "bob-smith", thread)
    await _moved_to_private(app, connector, maria, "email Alice Martin about the weekend rota")
    await maria.say("help")
    await bob.say("hi")
    # Maria's "help" is about her question, asked again in the private chat (04ccbc29): no
    # ordinary thread turn, so not counted here.
    assert "waiting for you in our private chat" in _texts(await maria.say("help"))
    storage.calls.clear()
    assert "waiting for your answer" in _texts(await bob.say("yes"))
    # Bob's answer, with no note in his document, also reads the channel's note (a question of
    # his may wait from another thread): two reads, no write.
    assert storage.calls == Counter({"read": 2})
    storage.calls.clear()
    # Only an answer from the person the question waits for reads their private chat's state.
    assert "waiting for you in our private chat" in _texts(await maria.say("yes"))
    assert storage.calls == Counter({"read": 2})


async def test_a_shift_cancel_question_asked_before_a_deploy_is_answered_after_it(
    counted: tuple[RunningApp, CountingStorage], connector: LocalConnector, tmp_path: Path
) -> None:
    app, _storage = counted
    bob = client_for(app, connector, "bob-smith")
    listed = _texts(await bob.say("cancel one of my shifts"))
    assert "Which one" in listed
    # His document as the previous release stored it: version 1, every option in full.
    with contextlib.closing(sqlite3.connect(tmp_path / "state.sqlite3")) as db, db:
        key, text = db.execute("SELECT key, document FROM era_state "
                               "WHERE document LIKE '%shift_cancel%'").fetchone()
        document = json.loads(text)
        stored = document["memory"]["shift_cancel"]
        assert all(isinstance(option, list) for option in stored["options"])
        memory = TurnMemory.from_dict(stored)
        del stored["format"]
        stored["options"] = [option.to_dict() for option in memory.options]
        document["v"] = 1
        db.execute("UPDATE era_state SET document = ? WHERE key = ?",
                   (json.dumps(document), key))
    asked = _texts(await bob.say("2"))
    assert memory.options[1].label in asked and "reason" in asked.lower()


def _stored_cancel_document(tmp_path: Path) -> tuple[str, dict[str, Any]]:
    with contextlib.closing(sqlite3.connect(tmp_path / "state.sqlite3")) as db:
        key, text = db.execute("SELECT key, document FROM era_state "
                               "WHERE document LIKE '%shift_cancel%'").fetchone()
    return key, json.loads(text)


def _store_document(tmp_path: Path, key: str, document: dict[str, Any]) -> None:
    with contextlib.closing(sqlite3.connect(tmp_path / "state.sqlite3")) as db, db:
        db.execute("UPDATE era_state SET document = ? WHERE key = ?",
                   (json.dumps(document), key))


def _document_text(tmp_path: Path, key: str) -> str:
    with contextlib.closing(sqlite3.connect(tmp_path / "state.sqlite3")) as db:
        return str(db.execute("SELECT document FROM era_state WHERE key = ?",
                              (key,)).fetchone()[0])


def _as_a_newer_release_wrote_it(document: dict[str, Any], *, saved_at: float) -> None:
    """Format 3, which this release cannot read: a section holding a type it does not know."""
    document.update({"v": 3, "r": 3, "at": saved_at,
                     "coming": {"$type": "era.future.Thing", "x": 1}})


async def _bob_at_his_cancel_list(
    app: RunningApp, connector: LocalConnector, tmp_path: Path
) -> tuple[BotClient, str, dict[str, Any]]:
    """Bob with his list of shifts open, and his stored document (key, JSON)."""
    bob = client_for(app, connector, "bob-smith")
    assert "Which one" in _texts(await bob.say("cancel one of my shifts"))
    key, document = _stored_cancel_document(tmp_path)
    return bob, key, document


async def test_a_document_a_newer_release_wrote_during_a_deploy_is_left_as_it_is(
    counted: tuple[RunningApp, CountingStorage], connector: LocalConnector, tmp_path: Path
) -> None:
    app, storage = counted
    bob, key, document = await _bob_at_his_cancel_list(app, connector, tmp_path)
    original = dict(document)
    _as_a_newer_release_wrote_it(document, saved_at=time.time())
    _store_document(tmp_path, key, document)
    newer = _document_text(tmp_path, key)

    storage.calls.clear()
    said = _texts(await bob.say("2"))

    assert say(NEWER_RELEASE, "en") in said
    assert "reason" not in said.lower() and "starting afresh" not in said
    # Neither rewritten in the older format nor deleted: the newer release's worker takes it.
    assert _document_text(tmp_path, key) == newer
    assert storage.calls["write"] == 0 and storage.calls["delete"] == 0
    # Once a worker that reads it answers (here: the document as it was), nothing was lost.
    _store_document(tmp_path, key, original)
    assert "reason" in _texts(await bob.say("2")).lower()


async def test_a_document_left_by_a_release_rolled_back_long_ago_starts_afresh(
    counted: tuple[RunningApp, CountingStorage], connector: LocalConnector, tmp_path: Path
) -> None:
    app, _storage = counted
    bob, key, document = await _bob_at_his_cancel_list(app, connector, tmp_path)
    _as_a_newer_release_wrote_it(document, saved_at=time.time() - 3600)
    _store_document(tmp_path, key, document)

    said = _texts(await bob.say("cancel one of my shifts"))

    assert "starting afresh" in said and say(NEWER_RELEASE, "en") not in said
    assert "Which one" in said
    assert json.loads(_document_text(tmp_path, key))["v"] == 2


async def test_a_newer_document_that_says_this_release_can_read_it_is_read_and_kept_whole(
    counted: tuple[RunningApp, CountingStorage], connector: LocalConnector, tmp_path: Path
) -> None:
    app, _storage = counted
    bob, key, document = await _bob_at_his_cancel_list(app, connector, tmp_path)
    document.update({"v": 3, "r": 2, "coming": {"plain": ["data", 1]}})
    _store_document(tmp_path, key, document)

    assert "reason" in _texts(await bob.say("2")).lower()

    rewritten = json.loads(_document_text(tmp_path, key))
    assert rewritten["coming"] == {"plain": ["data", 1]}
    assert (rewritten["v"], rewritten["r"]) == (2, 2)
