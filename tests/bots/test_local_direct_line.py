"""The local Direct Line endpoint behind the Web Chat page, over HTTP as Web Chat uses it: start
a conversation as a demo person, post a message, poll the bot's replies with a watermark; bad
requests get a 4xx; nothing of it exists with Bot Framework authentication on."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import aiohttp
import pytest

from tests.conftest import FIXED_NOW
from tests.http_harness import RunningApp, seed, start_app

DL = "/v3/directline"


@pytest.fixture
async def app(tmp_path: Path) -> AsyncIterator[RunningApp]:
    """The app on a loopback port, on the seeded demo organisation."""
    await seed(tmp_path, FIXED_NOW)
    running = await start_app(tmp_path, lambda: FIXED_NOW)
    yield running
    await running.stop()


def _auth(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


async def _start(session: aiohttp.ClientSession, app: RunningApp, who: str) -> str:
    async with session.post(f"{app.url}{DL}/conversations", headers=_auth(who)) as response:
        assert response.status == 201
        conversation_id: str = (await response.json())["conversationId"]
        return conversation_id


async def _poll_until(
    session: aiohttp.ClientSession, app: RunningApp, conversation: str, who: str,
    watermark: str, count: int,
) -> tuple[list[dict[str, Any]], str]:
    """Poll (as Web Chat does) until `count` bot messages came after `watermark`."""
    seen: list[dict[str, Any]] = []
    for _ in range(100):
        async with session.get(
            f"{app.url}{DL}/conversations/{conversation}/activities",
            params={"watermark": watermark}, headers=_auth(who),
        ) as response:
            assert response.status == 200
            body = await response.json()
        seen += body["activities"]
        watermark = body["watermark"]
        bot_messages = [a for a in seen if a["from"]["role"] == "bot" and a["type"] == "message"]
        if len(bot_messages) >= count:
            return seen, watermark
        await asyncio.sleep(0.1)
    raise AssertionError(f"no reply from the bot: {seen}")


async def test_a_conversation_through_direct_line(app: RunningApp) -> None:
    async with aiohttp.ClientSession() as session:
        conversation = await _start(session, app, "demo-bob-smith")
        welcome, watermark = await _poll_until(session, app, conversation, "demo-bob-smith",
                                               "0", 1)
        assert "Hi Bob, I'm ERA" in welcome[0]["text"]
        async with session.post(
            f"{app.url}{DL}/conversations/{conversation}/activities",
            json={"type": "message", "text": "I want to cancel one of my shifts",
                  "from": {"id": "someone-else"}},
            headers=_auth("demo-bob-smith"),
        ) as response:
            assert response.status == 200
            assert (await response.json())["id"]
        seen, _ = await _poll_until(session, app, conversation, "demo-bob-smith", watermark, 1)
        # The user's message is echoed (Web Chat marks it sent), as the person the page chose.
        assert seen[0]["from"] == {"id": "demo-bob-smith", "name": "Bob Smith", "role": "user"}
        assert seen[0]["text"] == "I want to cancel one of my shifts"
        card = next(a for a in seen if a["from"]["role"] == "bot" and a.get("attachments"))
        content = card["attachments"][0]["content"]
        assert content["version"] in ("1.0", "1.2") and "Which one do you want to cancel?" in (
            content["fallbackText"])
        # Polling from the end returns nothing new.
        async with session.get(
            f"{app.url}{DL}/conversations/{conversation}/activities",
            params={"watermark": "999"}, headers=_auth("demo-bob-smith"),
        ) as response:
            assert (await response.json())["activities"] == []


async def test_the_welcome_is_in_the_language_the_conversation_starts_in(app: RunningApp) -> None:
    """Web Chat starts the conversation with the browser's language (Direct Line's `locale`):
    a French or German browser is welcomed in French or German, not in English."""
    async with aiohttp.ClientSession() as session:
        for locale, hello in (("fr-FR", "Bonjour Bob"), ("de-DE", "Hallo Bob"),
                              ("en-GB", "Hi Bob")):
            async with session.post(
                f"{app.url}{DL}/conversations", headers=_auth("demo-bob-smith"),
                json={"user": {"id": "demo-bob-smith"}, "locale": locale},
            ) as response:
                assert response.status == 201
                conversation = (await response.json())["conversationId"]
            welcome, _ = await _poll_until(session, app, conversation, "demo-bob-smith", "0", 1)
            assert welcome[0]["text"].startswith(hello), (locale, welcome[0]["text"])
        # A locale that is no language tag is ignored (English, as with none).
        async with session.post(
            f"{app.url}{DL}/conversations", headers=_auth("demo-bob-smith"),
            json={"locale": "<script>" * 20},
        ) as response:
            assert response.status == 201
            conversation = (await response.json())["conversationId"]
        welcome, _ = await _poll_until(session, app, conversation, "demo-bob-smith", "0", 1)
        assert welcome[0]["text"].startswith("Hi Bob")


async def test_the_page_lists_the_demo_people(app: RunningApp) -> None:
    async with aiohttp.ClientSession() as session, session.get(
        f"{app.url}/webchat/people"
    ) as response:
        people = await response.json()
    assert {"userId": "demo-maria", "name": "Maria Lopez", "role": "manager"} in people
    assert {"userId": "demo-bob-smith", "name": "Bob Smith", "role": "employee"} in people


async def test_bad_requests_get_a_4xx(app: RunningApp) -> None:
    async with aiohttp.ClientSession() as session:
        async with session.post(f"{app.url}{DL}/conversations",
                                headers=_auth("nobody")) as response:
            assert response.status == 403
        conversation = await _start(session, app, "demo-maria")
        url = f"{app.url}{DL}/conversations/{conversation}/activities"
        async with session.get(url, headers=_auth("demo-bob-smith")) as response:
            assert response.status == 404  # another person's conversation
        async with session.get(url, params={"watermark": "x"},
                               headers=_auth("demo-maria")) as response:
            assert response.status == 400
        async with session.post(url, data=b"{not json", headers={
                **_auth("demo-maria"), "Content-Type": "application/json"}) as response:
            assert response.status == 400
        async with session.post(url, json=["a list"], headers=_auth("demo-maria")) as response:
            assert response.status == 400
        async with session.post(f"{app.url}/v3/conversations/unknown/activities",
                                json={"type": "message"}) as response:
            assert response.status == 404


async def test_nothing_of_it_exists_with_authentication_on(tmp_path: Path) -> None:
    await seed(tmp_path, FIXED_NOW)
    secured = await start_app(tmp_path, lambda: FIXED_NOW, MicrosoftAppId="app",
                              MicrosoftAppPassword="pw")
    try:
        async with aiohttp.ClientSession() as session:
            for method, path in (("GET", "/"), ("GET", "/webchat/people"),
                                 ("POST", f"{DL}/conversations"),
                                 ("POST", "/v3/conversations/x/activities")):
                async with session.request(method, f"{secured.url}{path}",
                                           headers=_auth("demo-maria")) as response:
                    assert response.status in (404, 405), (method, path)
    finally:
        await secured.stop()


async def test_an_activity_the_bot_cannot_read_is_refused_at_the_door(app: RunningApp) -> None:
    """The finding: Web Chat's endpoint took any JSON with a type, answered 200, and the turn
    then failed in the log ("activity.entities must be a list") with no word to the person;
    /api/messages refuses the same activities with a 400 that says why. A long message that
    can be read (10,000 characters) is answered."""
    async with aiohttp.ClientSession() as session:
        conversation = await _start(session, app, "demo-maria")
        _, watermark = await _poll_until(session, app, conversation, "demo-maria", "0", 1)
        url = f"{app.url}{DL}/conversations/{conversation}/activities"
        for bad, problem in (({"text": 5}, "'text' must be a string"),
                             ({"text": "hi", "entities": "x"}, "'entities' must be a list"),
                             ({"text": "x" * 28_001}, "longer than 28000 characters"),
                             ({"text": "hi", "locale": 7}, "'locale' must be a language tag")):
            async with session.post(url, json={"type": "message", **bad},
                                    headers=_auth("demo-maria")) as response:
                assert response.status == 400, bad
                assert problem in (await response.json())["error"]["message"]
        async with session.post(url, json={"type": "message", "text": "bonjour " * 1250},
                                headers=_auth("demo-maria")) as response:
            assert response.status == 200
        seen, _ = await _poll_until(session, app, conversation, "demo-maria", watermark, 1)
        assert [a["text"] for a in seen if a["from"]["role"] == "user"] == ["bonjour " * 1250]
