# ruff: noqa: F811  (the fixtures shared with the attack suite are imported by name)
"""Signing keys that cannot be had: a hung, failing or nonsensical key endpoint gets 503 quickly
and does not slow other requests; the cache refreshes, rolls keys over, rate-limits refreshes
for unknown key ids and keeps serving old keys when a refresh fails."""

from __future__ import annotations

import asyncio
import time
from collections.abc import AsyncIterator
from pathlib import Path

import aiohttp
import pytest

from bots.signing_key_cache import SigningKeyCache, SigningKeysUnavailable
from tests.fakes.openid_server import IssuerKey, OpenIdServer, ServerMode, channel_claims

# keys and openid are fixtures shared with the attack suite (connector comes from conftest).
from tests.test_auth_attacks import (  # noqa: F401
    APP_ID,
    Keys,
    _activity,
    _client,
    _post,
    keys,
    openid,
    start_secured,
)
from tools.local_connector import LocalConnector

SLACK_MS = 0.1


class ManualClock:
    """A monotonic clock the test moves."""

    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


async def _timed_get(url: str) -> tuple[int, float]:
    started = time.perf_counter()
    async with aiohttp.ClientSession() as session, session.get(url) as response:
        await response.read()
        return response.status, time.perf_counter() - started


async def _ready(url: str) -> None:
    """Wait for the start-up warm-up (it competes for the CPU and would skew the timings)."""
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        status, _took = await _timed_get(url)
        if status == 200:
            return
        await asyncio.sleep(0.05)
    raise AssertionError("the app never became ready")


async def _timed_post(url: str, body: dict[str, object], header: str | None) -> tuple[int, float]:
    started = time.perf_counter()
    status = await _post(url, body, header)
    return status, time.perf_counter() - started


async def test_a_hung_key_endpoint_gets_503_and_delays_nothing_else(
    tmp_path: Path, openid: OpenIdServer, connector: LocalConnector, keys: Keys
) -> None:
    app, runner = await start_secured(tmp_path, openid, fetch_timeout=1.0)
    try:
        client = _client(app, connector, "msteams")
        header = f"Bearer {keys.channel.mint(channel_claims(APP_ID, connector.service_url))}"
        await _ready(f"{app.url}/healthz")
        _, healthz_before = await _timed_get(f"{app.url}/healthz")
        _, refusal_before = await _timed_post(app.messages_url, _activity(client, "message"), None)
        openid.mode = ServerMode.HANG
        hung = asyncio.create_task(
            _timed_post(app.messages_url, _activity(client, "message"), header))
        await asyncio.sleep(0.2)  # the key fetch is now hanging
        assert openid.requests == 1 and not hung.done()
        status, healthz_during = await _timed_get(f"{app.url}/healthz")
        assert status == 200 and healthz_during < healthz_before + SLACK_MS
        status, refusal_during = await _timed_post(
            app.messages_url, _activity(client, "message"), None)
        assert status == 401 and refusal_during < refusal_before + SLACK_MS
        status, waited = await hung
        assert status == 503 and waited < 2.0
        # Right after the failure, requests needing the keys are refused at once, no new fetch.
        status, took = await _timed_post(app.messages_url, _activity(client, "message"), header)
        assert status == 503 and took < 0.5
        assert openid.requests == 1
        assert connector.messages() == []
    finally:
        await runner.cleanup()


@pytest.mark.parametrize("mode", [ServerMode.FAIL, ServerMode.GARBAGE])
async def test_a_broken_key_endpoint_gets_503(
    tmp_path: Path, openid: OpenIdServer, connector: LocalConnector, keys: Keys,
    mode: ServerMode,
) -> None:
    app, runner = await start_secured(tmp_path, openid)
    try:
        openid.mode = mode
        client = _client(app, connector, "emulator")
        header = f"Bearer {keys.channel.mint(channel_claims(APP_ID, connector.service_url))}"
        for _ in range(3):
            status, took = await _timed_post(
                app.messages_url, _activity(client, "message"), header)
            assert status == 503 and took < 1.0
        assert openid.requests == 1, "failures are remembered, not retried per request"
        assert connector.messages() == []
    finally:
        await runner.cleanup()


@pytest.fixture
async def cache(openid: OpenIdServer) -> AsyncIterator[tuple[SigningKeyCache, ManualClock]]:
    clock = ManualClock()
    keys = SigningKeyCache(openid.channel_metadata_url, fetch_timeout_seconds=1.0, clock=clock)
    yield keys, clock
    await keys.close()


async def test_keys_are_cached_and_refreshed_after_a_day(
    cache: tuple[SigningKeyCache, ManualClock], openid: OpenIdServer, keys: Keys
) -> None:
    signing_keys, clock = cache
    found = await signing_keys.key(keys.channel.kid)
    assert found is not None and "msteams" in found.endorsements
    await signing_keys.key(keys.channel.kid)
    assert openid.requests == 2  # metadata and JWKS, once
    clock.now += 25 * 3600
    assert await signing_keys.key(keys.channel.kid) is not None  # served while refreshing
    await asyncio.sleep(0.1)
    assert openid.requests == 4


async def test_concurrent_requests_share_one_fetch(
    cache: tuple[SigningKeyCache, ManualClock], openid: OpenIdServer, keys: Keys
) -> None:
    signing_keys, _clock = cache
    found = await asyncio.gather(*(signing_keys.key(keys.channel.kid) for _ in range(20)))
    assert all(key is not None for key in found)
    assert openid.requests == 2


async def test_an_unknown_key_id_refreshes_at_most_every_five_minutes(
    cache: tuple[SigningKeyCache, ManualClock], openid: OpenIdServer, keys: Keys
) -> None:
    signing_keys, clock = cache
    await signing_keys.key(keys.channel.kid)
    assert await signing_keys.key("forged-1") is None
    assert openid.requests == 2, "no refresh right after a fetch"
    rolled = IssuerKey("bf-key-2", endorsements=("msteams",))
    openid.channel_keys.append(rolled)
    clock.now += 301
    assert await signing_keys.key(rolled.kid) is not None, "a rolled-over key is picked up"
    assert openid.requests == 4
    for forged in ("forged-2", "forged-3", "forged-4"):
        assert await signing_keys.key(forged) is None
    assert openid.requests == 4, "forged key ids do not hammer the endpoint"


async def test_old_keys_serve_when_a_refresh_fails_and_the_endpoint_recovers(
    cache: tuple[SigningKeyCache, ManualClock], openid: OpenIdServer, keys: Keys
) -> None:
    signing_keys, clock = cache
    await signing_keys.key(keys.channel.kid)
    openid.mode = ServerMode.FAIL
    clock.now += 25 * 3600
    assert await signing_keys.key(keys.channel.kid) is not None
    await asyncio.sleep(0.1)
    assert await signing_keys.key(keys.channel.kid) is not None


async def test_no_keys_until_the_endpoint_recovers(
    cache: tuple[SigningKeyCache, ManualClock], openid: OpenIdServer, keys: Keys
) -> None:
    signing_keys, clock = cache
    openid.mode = ServerMode.FAIL
    with pytest.raises(SigningKeysUnavailable):
        await signing_keys.key(keys.channel.kid)
    openid.mode = ServerMode.NORMAL
    with pytest.raises(SigningKeysUnavailable):
        await signing_keys.key(keys.channel.kid)  # the failure is remembered for a while
    clock.now += 31
    assert await signing_keys.key(keys.channel.kid) is not None
