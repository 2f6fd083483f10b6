"""ChannelConnector: replies reach the conversation named by the activity on its service URL."""

from __future__ import annotations

from collections.abc import AsyncIterator
from typing import Any
from urllib.parse import unquote

import pytest
from aiohttp import web
from botbuilder.schema import Activity, ChannelAccount, ConversationAccount

from bots.channel_connector import ChannelConnector


@pytest.fixture
async def service() -> AsyncIterator[tuple[str, list[str], list[Any]]]:
    """A connector service under a regional path (as Teams' smba.trafficmanager.net/amer/)."""
    paths: list[str] = []
    bodies: list[Any] = []

    async def on_post(request: web.Request) -> web.Response:
        paths.append(request.raw_path)
        bodies.append(await request.json())
        return web.Response(
            text=f' {{"id": "sent-{len(paths)}"}} ', content_type="application/json"
        )

    app = web.Application()
    app.router.add_post("/{tail:.*}", on_post)
    runner = web.AppRunner(app, access_log=None)
    await runner.setup()
    site = web.TCPSite(runner, "127.0.0.1", 0)
    await site.start()
    port = site._server.sockets[0].getsockname()[1]  # type: ignore[union-attr]
    try:
        yield f"http://127.0.0.1:{port}/amer/", paths, bodies
    finally:
        await runner.cleanup()


def _reply(service_url: str, conversation_id: str, text: str, **fields: Any) -> Activity:
    return Activity(
        type="message",
        text=text,
        service_url=service_url,
        conversation=ConversationAccount(id=conversation_id),
        from_property=ChannelAccount(id="era"),
        recipient=ChannelAccount(id="person"),
        **fields,
    )


async def test_replies_reach_each_conversation_under_the_service_path(
    service: tuple[str, list[str], list[Any]],
) -> None:
    service_url, paths, bodies = service
    connector = ChannelConnector(token=None, timeout_seconds=5)
    try:
        # A Teams conversation id holds ':' and '@', a Direct Line one may hold '/' and '|'.
        first = await connector.send(_reply(service_url, "a:1Bc@thread.v2", "hello"))
        second = await connector.send(
            _reply(service_url.rstrip("/"), "dl/x|y z", "again", reply_to_id="m/1")
        )
    finally:
        await connector.close()
    # Each id is one path segment, whatever it holds.
    assert [[unquote(part) for part in path.split("/")] for path in paths] == [
        ["", "amer", "v3", "conversations", "a:1Bc@thread.v2", "activities"],
        ["", "amer", "v3", "conversations", "dl/x|y z", "activities", "m/1"],
    ]
    assert [body["text"] for body in bodies] == ["hello", "again"]
    assert (first.id, second.id) == ("sent-1", "sent-2")
