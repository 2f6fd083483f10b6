"""The fuzz corpus: ~1,400 malformed or odd requests over the whole request surface of
/api/messages (every activity type, Teams invokes with missing and odd values, odd field types,
lone surrogates in any string or key, deep nesting, broken JSON and bytes), generated
deterministically. None may get a 5xx or fail inside a turn, and the server keeps serving."""

from __future__ import annotations

import asyncio
import copy
import json
import logging
import random
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

import aiohttp
import pytest

from tests.http_harness import RunningApp, client_for
from tools.local_connector import LocalConnector, render_activity

SEED = 15
PATHS_PER_ACTIVITY = 10
CHANNELS = ("msteams", "emulator", "slack", "webchat")
ACTIVITY_TYPES = (
    "message", "conversationUpdate", "invoke", "messageReaction", "installationUpdate", "event",
    "typing", "endOfConversation", "deleteUserData", "messageUpdate", "messageDelete",
    "contactRelationUpdate", "trace", "handoff", "suggestion", "command", "commandResult",
    "mystery",
)
INVOKE_NAMES = (
    "adaptiveCard/action", "task/fetch", "task/submit", "composeExtension/query",
    "composeExtension/submitAction", "composeExtension/fetchTask",
    "composeExtension/queryLink", "composeExtension/selectItem", "composeExtension/setting",
    "composeExtension/onCardButtonClicked", "signin/verifyState", "signin/tokenExchange",
    "fileConsent/invoke", "actionableMessage/executeAction", "config/fetch", "config/submit",
    "tab/fetch", "tab/submit", "healthCheck", "application/search", "message/submitAction",
    "handoff/action", "unknown/thing", "", None, 5,
)
ODD_VALUES: tuple[Any, ...] = (
    None, "", 0, -1, 1e308, True, [], {}, "x" * 3000, "\ud800", "\udfff tail", [None],
    [{"a": "\ud83d"}], {"\ud800key": "v"}, {"nested": {"deeper": [1, {"x": []}]}},
    "<at>ERA</at>", "\x00\x01", "2026-13-45T99:99:99Z",
)
CARD_ACTION_VALUES: tuple[Any, ...] = (
    None, "string", [], 7, {}, {"action": None}, {"action": "x"}, {"action": []},
    {"action": {"type": "Action.Execute"}}, {"action": {"type": "Action.Execute", "data": 5}},
    {"action": {"type": "Action.Execute", "verb": "\ud800", "data": {"era_reply": "yes"}}},
    {"action": {"type": "Action.Submit", "data": {}}}, {"trigger": "manual"},
)
RAW_BODIES: tuple[bytes, ...] = (
    b"", b"null", b"[]", b"3", b'"text"', b"{", b'{"type": "message"', b"\xff\xfe\x00",
    b'{"type": "message", "text": "\xc3\x28"}', b"[" * 120_000 + b"]" * 120_000,
    b'{"a":' * 5_000 + b"1" + b"}" * 5_000, b'{"type": 1e999999}', b"NaN",
    b'{"type": "message", "text": "\\ud800"}', b"\x00" * 100,
)


@dataclass(frozen=True)
class FuzzCase:
    """One request: a JSON body (or raw bytes) and a content type."""

    name: str
    body: Any = None
    raw: bytes | None = None
    content_type: str = "application/json"


def _base(kind: str, channel: str, service_url: str, index: int) -> dict[str, Any]:
    activity: dict[str, Any] = {
        "type": kind, "id": f"fuzz-{index}", "timestamp": "2026-11-22T10:00:00Z",
        "channelId": channel, "serviceUrl": service_url,
        "from": {"id": f"fuzz-user-{index % 7}", "name": "Fuzz Person", "role": "user"},
        "recipient": {"id": "era-bot", "name": "ERA", "role": "bot"},
        "conversation": {"id": f"fuzz-conv-{index}", "conversationType": "personal"},
        "locale": "en-US",
    }
    if kind == "message":
        activity["text"] = ("help", "cancel my shift tomorrow", "", "2", "yes")[index % 5]
    if kind == "conversationUpdate":
        activity["membersAdded"] = [{"id": activity["from"]["id"]}, {"id": "era-bot"}]
    if kind == "invoke":
        activity["name"] = INVOKE_NAMES[index % len(INVOKE_NAMES)]
        activity["value"] = {}
    if kind == "messageReaction":
        activity["reactionsAdded"] = [{"type": "like"}]
    if kind == "installationUpdate":
        activity["action"] = "add"
    if kind == "event":
        activity["name"] = "webchat/join"
    if channel == "msteams":
        activity["channelData"] = {"tenant": {"id": "72f988bf-86f1-41af-91ab-2d7cd011db47"}}
    return activity


def _paths(value: Any, prefix: tuple[Any, ...] = ()) -> Iterator[tuple[Any, ...]]:
    """Every path to a value inside a JSON document."""
    if isinstance(value, dict):
        for key, item in value.items():
            yield (*prefix, key)
            yield from _paths(item, (*prefix, key))
    elif isinstance(value, list):
        for position, item in enumerate(value):
            yield (*prefix, position)
            yield from _paths(item, (*prefix, position))


def _set(document: Any, path: tuple[Any, ...], value: Any) -> None:
    for step in path[:-1]:
        document = document[step]
    document[path[-1]] = value


def _delete(document: Any, path: tuple[Any, ...]) -> None:
    for step in path[:-1]:
        document = document[step]
    del document[path[-1]]


def _add_surrogates(document: Any, path: tuple[Any, ...], *, rename_key: bool) -> None:
    """Lone surrogates appended to the string at path, or to its key (when it still exists)."""
    target = document
    for step in path[:-1]:
        if isinstance(target, dict) and step not in target:
            return
        target = target[step]
    last = path[-1]
    if isinstance(target, dict) and last in target:
        if rename_key:
            target[f"{last}\udc80"] = target.pop(last)
        elif isinstance(target[last], str):
            target[last] += "\ud800\udfff\ud83d"
    elif isinstance(target, list) and isinstance(target[last], str):
        target[last] += "\ud800"


def fuzz_corpus(service_url: str) -> list[FuzzCase]:
    """The corpus, the same on every run."""
    rng = random.Random(SEED)
    cases: list[FuzzCase] = []
    index = 0
    for kind in ACTIVITY_TYPES:
        for channel in CHANNELS:
            index += 1
            base = _base(kind, channel, service_url, index)
            cases.append(FuzzCase(f"{kind}/{channel} as is", base))
            paths = list(_paths(base))
            for path in rng.sample(paths, min(len(paths), PATHS_PER_ACTIVITY)):
                index += 1
                broken = copy.deepcopy(_base(kind, channel, service_url, index))
                if rng.random() < 0.3:
                    _delete(broken, path)
                    cases.append(FuzzCase(f"{kind}/{channel} without {path}", broken))
                else:
                    odd = rng.choice(ODD_VALUES)
                    _set(broken, path, copy.deepcopy(odd))
                    cases.append(FuzzCase(f"{kind}/{channel} {path}={odd!r:.30}", broken))
    for channel in CHANNELS:
        for value in CARD_ACTION_VALUES:
            index += 1
            card = _base("invoke", channel, service_url, index)
            card["name"] = "adaptiveCard/action"
            if value is None:
                del card["value"]
            else:
                card["value"] = copy.deepcopy(value)
            cases.append(FuzzCase(f"adaptiveCard/action/{channel} value={value!r:.30}", card))
        for name in INVOKE_NAMES:
            for value in (None, "x", [], {"a": "\ud800"}):
                index += 1
                invoke = _base("invoke", channel, service_url, index)
                invoke["name"] = name
                invoke["value"] = value
                cases.append(FuzzCase(f"invoke {name!r}/{channel} value={value!r}", invoke))
    for number in range(120):
        index += 1
        kind = rng.choice(ACTIVITY_TYPES)
        surrogates = _base(kind, rng.choice(CHANNELS), service_url, index)
        for path in rng.sample(list(_paths(surrogates)), 3):
            _add_surrogates(surrogates, path, rename_key=rng.random() < 0.3)
        surrogates["from"] = {"id": f"\ud800{number}", "name": "\udcff Name",
                              "aadObjectId": "\ud800"}
        cases.append(FuzzCase(f"surrogates {number}", surrogates))
    for depth in (60, 65, 200, 999, 1_000, 5_000):
        index += 1
        nested = _base("message", "emulator", service_url, index)
        nested["channelData"] = {"deep": "HERE"}
        deep = "[" * depth + '"bottom"' + "]" * depth
        raw = json.dumps(nested).replace('"HERE"', deep).encode()
        cases.append(FuzzCase(f"nested {depth}", raw=raw))
    for raw in RAW_BODIES:
        cases.append(FuzzCase(f"raw {raw[:20]!r}", raw=raw))
    for content_type in ("text/plain", "application/x-www-form-urlencoded", "", "multipart/x"):
        cases.append(FuzzCase(f"content type {content_type!r}", raw=b"{}",
                              content_type=content_type))
    return cases


def _encoded(case: FuzzCase) -> bytes:
    if case.raw is not None:
        return case.raw
    # Lone surrogates go out as JSON escapes, as a client's JSON encoder writes them.
    return json.dumps(case.body).encode()


async def post_corpus(url: str, cases: list[FuzzCase]) -> dict[str, int]:
    """POST every case (a few at a time); the HTTP status per case name."""
    statuses: dict[str, int] = {}
    gate = asyncio.Semaphore(6)
    timeout = aiohttp.ClientTimeout(total=60)

    async with aiohttp.ClientSession(timeout=timeout) as session:

        async def post(number: int, case: FuzzCase) -> None:
            headers = {"Content-Type": case.content_type} if case.content_type else {}
            async with gate, session.post(url, data=_encoded(case), headers=headers) as answer:
                await answer.read()
                statuses[f"{number:04d} {case.name}"] = answer.status

        await asyncio.gather(*(post(n, case) for n, case in enumerate(cases)))
    return statuses


def test_the_corpus_is_large_and_deterministic() -> None:
    corpus = fuzz_corpus("http://127.0.0.1:9")
    assert len(corpus) >= 1_000
    assert [case.name for case in corpus] == [case.name for case in
                                              fuzz_corpus("http://127.0.0.1:9")]


async def test_no_fuzzed_request_gets_a_5xx_and_the_server_keeps_serving(
    app: RunningApp, connector: LocalConnector, caplog: pytest.LogCaptureFixture
) -> None:
    statuses = await post_corpus(app.messages_url, fuzz_corpus(connector.service_url))
    server_errors = {name: status for name, status in statuses.items() if status >= 500}
    assert not server_errors, server_errors
    failed_turns = [r.getMessage() for r in caplog.records if r.levelno >= logging.ERROR]
    assert not failed_turns, "odd input is refused at the door, not failed in a turn"
    assert len(statuses) >= 1_000
    assert any(status == 400 for status in statuses.values())
    async with aiohttp.ClientSession() as session, session.get(f"{app.url}/healthz") as health:
        # Up, and healthy once the start-up warm-up is done (it may still run on a busy box).
        assert health.status == 200 or (await health.json())["status"] == "warming"
    replies = await client_for(app, connector, "bob-smith").say("help")
    assert any("cancel one of your shifts" in render_activity(r)[0] for r in replies), replies
