"""Faults over the real endpoint: a connector that hangs, a worker that dies after saving its
turn but before its replies went out, and a database that cannot be reached. Every turn ends
inside Teams' 15-second window with an honest message, and nothing is lost."""

from __future__ import annotations

import asyncio
import time
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import aiohttp
import pytest
from aiohttp import web

from core.turn_deadline import REQUEST_BUDGET_SECONDS
from tests.conftest import FIXED_NOW, fixed_clock
from tests.fakes.cosmos_server import CosmosFaultProxy, CosmosServer
from tests.http_harness import client_for, seed, start_app
from tools.local_connector import LocalConnector, render_activity


class HangingConnector:
    """A connector that takes replies but never answers the first `hang` of them."""

    def __init__(self, hang: int) -> None:
        self.hang = hang
        self.received: list[dict[str, Any]] = []
        self.service_url = ""
        self._runner: web.AppRunner | None = None

    async def start(self) -> None:
        app = web.Application()
        app.router.add_post("/v3/conversations/{conversation}/activities/{reply_to}", self._on)
        app.router.add_post("/v3/conversations/{conversation}/activities", self._on)
        self._runner = web.AppRunner(app, access_log=None)
        await self._runner.setup()
        site = web.TCPSite(self._runner, "127.0.0.1", 0)
        await site.start()
        port = site._server.sockets[0].getsockname()[1]  # type: ignore[union-attr]
        self.service_url = f"http://127.0.0.1:{port}"

    async def stop(self) -> None:
        if self._runner is not None:
            await self._runner.cleanup()

    async def _on(self, request: web.Request) -> web.Response:
        activity = await request.json()
        if self.hang > 0:
            self.hang -= 1
            await asyncio.sleep(60)
        self.received.append(activity)
        return web.json_response({"id": "sent"})


@pytest.fixture
async def hanging() -> AsyncIterator[HangingConnector]:
    connector = HangingConnector(hang=1)
    await connector.start()
    yield connector
    await connector.stop()


async def test_a_hung_connector_cannot_hold_a_turn_past_teams_window(
    tmp_path: Path, hanging: HangingConnector
) -> None:
    await seed(tmp_path, FIXED_NOW)
    app = await start_app(tmp_path, fixed_clock)
    try:
        client = client_for(app, hanging, "bob-smith")  # type: ignore[arg-type]
        started = time.monotonic()
        status = await client.post(client.activity(text="help"))
        assert status < 300
        assert time.monotonic() - started < 15
    finally:
        await app.stop()


async def test_a_redelivery_after_a_worker_died_before_replying_is_answered(
    tmp_path: Path, hanging: HangingConnector
) -> None:
    await seed(tmp_path, FIXED_NOW)
    first = await start_app(tmp_path, fixed_clock)
    second = await start_app(tmp_path, fixed_clock)
    try:
        worker = client_for(first, hanging, "bob-smith")  # type: ignore[arg-type]
        hanging.hang = 0
        await worker.post(worker.activity(text="cancel my shift tomorrow"))
        asked = "\n".join(render_activity(a)[0] for a in hanging.received)
        assert "reason" in asked.lower()
        # The reason reaches the first worker, which saves the turn and then dies while its
        # reply hangs; the channel, having had no answer, delivers the same activity again to
        # another worker.
        hanging.hang = 1
        reason = worker.activity(text="my car broke down")
        dying = asyncio.create_task(worker.post(reason))
        await asyncio.sleep(1.5)
        await first.stop()
        dying.cancel()
        # Teams redelivers once it has had no answer for a while (15 s); a delivery sooner
        # would be a twin of a turn still running, whose replies are that turn's to send.
        await asyncio.sleep(REQUEST_BUDGET_SECONDS)
        before = len(hanging.received)
        twin = client_for(second, hanging, "bob-smith",  # type: ignore[arg-type]
                          conversation_id=worker.conversation_id)
        assert await twin.post(dict(reason)) < 300
        replies = "\n".join(render_activity(a)[0] for a in hanging.received[before:])
        assert "Cancel Mon 23 Nov" in replies or "cancelled" in replies
    finally:
        await second.stop()


async def test_an_unreachable_database_is_said_as_such_and_nothing_is_reset(
    tmp_path: Path, cosmos_server: CosmosServer
) -> None:
    proxy = CosmosFaultProxy(cosmos_server.endpoint)
    endpoint = await proxy.start()
    await seed(tmp_path, FIXED_NOW)
    app = await start_app(
        tmp_path, fixed_clock, ERA_STORAGE="cosmos", COSMOS_ENDPOINT=endpoint,
        COSMOS_KEY=cosmos_server.key, COSMOS_VERIFY_TLS="false",
        COSMOS_CREATE_IF_MISSING="true", COSMOS_DATABASE="era-faults",
        COSMOS_CONTAINER=f"state-{tmp_path.name[-8:]}",
    )
    try:
        async with LocalConnector() as connector:
            client = client_for(app, connector, "bob-smith")
            asked = "\n".join(render_activity(a)[0]
                              for a in await client.say("cancel my shift tomorrow"))
            assert "reason" in asked.lower()
            await proxy.stop()  # the database refuses connections from now on
            started = time.monotonic()
            said = "\n".join(render_activity(a)[0] for a in await client.say("my car broke down"))
            assert time.monotonic() - started < 15
            assert "can't reach my database" in said and "reset" not in said.lower()
            assert "cancelled" not in said.replace("Nothing was changed", "")
    finally:
        await app.stop()


async def test_healthz_still_answers_while_a_turn_waits_on_a_hung_connector(
    tmp_path: Path, hanging: HangingConnector
) -> None:
    await seed(tmp_path, FIXED_NOW)
    app = await start_app(tmp_path, fixed_clock)
    try:
        client = client_for(app, hanging, "bob-smith")  # type: ignore[arg-type]
        turn = asyncio.create_task(client.post(client.activity(text="help")))
        await asyncio.sleep(0.5)
        started = time.monotonic()
        async with aiohttp.ClientSession() as session, session.get(f"{app.url}/healthz") as got:
            assert got.status in (200, 503)
        assert time.monotonic() - started < 1
        await turn
    finally:
        await app.stop()
