"""Concurrent turns and redelivered activities over HTTP: nothing lost, nothing done twice.

One worker serialises a conversation's turns; two workers (two app instances on the same
storage, as on a scaled-out App Service) resolve races with ETags, and every turn that could not
be saved tells the user to send it again.
"""

from __future__ import annotations

import asyncio
from datetime import datetime
from pathlib import Path
from typing import Any

import pytest

from bots.era_bot import CONCURRENT_UPDATE
from bots.person_state_middleware import BUSY_MESSAGE
from language.catalogue import say
from tests.conftest import FIXED_NOW
from tests.http_harness import RunningApp, client_for, seed, start_app
from tools.local_connector import BotClient, LocalConnector, render_activity


def _clock() -> datetime:
    return FIXED_NOW


async def _turns_counted(data_dir: Path, client: BotClient) -> int:
    """Turns that were handled: the messages the bot answered (each reply names the activity it
    answers), leaving out those it asked to have sent again."""
    answered = {
        a.get("replyToId") for a in client.connector.messages(client.conversation_id)
        if not _asks_to_resend(render_activity(a)[0])
    }
    answered.discard(None)
    return len(answered)


def _asks_to_resend(text: str) -> bool:
    return say(CONCURRENT_UPDATE, "en") in text or say(BUSY_MESSAGE, "en") in text


def _told_to_resend(connector: LocalConnector, client: BotClient) -> int:
    texts = [render_activity(a)[0] for a in connector.messages(client.conversation_id)]
    return sum(_asks_to_resend(text) for text in texts)


async def _burst(clients: list[BotClient], count: int) -> list[int]:
    messages = [clients[i % len(clients)] for i in range(count)]
    return list(await asyncio.gather(
        *(client.post(client.activity(text="what are my shifts?")) for client in messages)
    ))


async def test_fifty_concurrent_turns_in_one_worker_are_all_counted(
    tmp_path: Path, connector: LocalConnector
) -> None:
    await seed(tmp_path, FIXED_NOW)
    app = await start_app(tmp_path, _clock)
    try:
        client = client_for(app, connector, "bob-smith")
        statuses = await _burst([client], 50)
        assert all(status < 300 for status in statuses)
        assert await _turns_counted(tmp_path, client) == 50
        assert _told_to_resend(connector, client) == 0
    finally:
        await app.stop()


async def _two_workers(tmp_path: Path) -> tuple[RunningApp, RunningApp]:
    await seed(tmp_path, FIXED_NOW)
    return await start_app(tmp_path, _clock), await start_app(tmp_path, _clock)


@pytest.mark.parametrize("count", [50, 20])
async def test_across_two_workers_every_turn_is_counted_or_told(
    tmp_path: Path, connector: LocalConnector, count: int
) -> None:
    first, second = await _two_workers(tmp_path)
    try:
        one = client_for(first, connector, "bob-smith")
        other: Any = client_for(second, connector, "bob-smith",
                                conversation_id=one.conversation_id)
        statuses = await _burst([one, other], count)
        assert all(status < 300 for status in statuses)
        counted = await _turns_counted(tmp_path, one)
        told = _told_to_resend(connector, one)
        assert counted + told == count
        assert counted >= count // 2
    finally:
        await first.stop()
        await second.stop()


async def test_the_same_activity_delivered_three_times_is_handled_once(
    tmp_path: Path, connector: LocalConnector
) -> None:
    first, second = await _two_workers(tmp_path)
    try:
        client = client_for(first, connector, "bob-smith")
        await client.say("cancel my shift tomorrow")
        reason = client.activity(text="my car broke down")
        twin: Any = client_for(second, connector, "bob-smith",
                               conversation_id=client.conversation_id)
        before = len(connector.messages(client.conversation_id))
        statuses = await asyncio.gather(client.post(reason), twin.post(dict(reason)))
        statuses.append(await client.post(dict(reason)))
        assert all(status < 300 for status in statuses)
        replies = [render_activity(a)[0] for a in connector.messages(client.conversation_id)]
        new = replies[before:]
        assert sum("has been cancelled" in text for text in new) == 1
        assert len(new) == 1
    finally:
        await first.stop()
        await second.stop()
