"""GraphTokenProvider: caching until shortly before expiry, worker-thread acquisition, errors.

The MSAL call is the edge: the tests pass `acquire` (a function returning MSAL's result dict) and
a clock; the provider's caching and error handling under test are the real ones.
"""

from __future__ import annotations

import asyncio
import threading
from typing import Any

import pytest

from core.errors import BackendError
from services.graph_token_provider import GraphTokenProvider

SECRET = "client-secret-value"


class ScriptedAcquire:
    """Hands out token-1, token-2, ... valid for `lifetime` seconds; records calling threads."""

    def __init__(self, lifetime: float = 3600, result: dict[str, Any] | None = None) -> None:
        self.lifetime = lifetime
        self.result = result
        self.threads: list[int] = []

    def __call__(self) -> dict[str, Any]:
        self.threads.append(threading.get_ident())
        if self.result is not None:
            return self.result
        return {"access_token": f"token-{len(self.threads)}", "expires_in": self.lifetime,
                "token_type": "Bearer"}


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def provider(acquire: ScriptedAcquire, clock: Clock) -> GraphTokenProvider:
    return GraphTokenProvider(tenant_id="tenant", client_id="client", client_secret=SECRET,
                              acquire=acquire, clock=clock)


async def test_token_is_cached_until_five_minutes_before_expiry() -> None:
    acquire, clock = ScriptedAcquire(lifetime=3600), Clock()
    tokens = provider(acquire, clock)

    first = await tokens.get_token()
    clock.now += 3299
    still = await tokens.get_token()
    clock.now += 2
    renewed = await tokens.get_token()

    assert (first, still, renewed) == ("token-1", "token-1", "token-2")


async def test_short_lived_tokens_are_still_cached_for_half_their_life() -> None:
    acquire, clock = ScriptedAcquire(lifetime=120), Clock()
    tokens = provider(acquire, clock)

    await tokens.get_token()
    clock.now += 59
    assert await tokens.get_token() == "token-1"
    clock.now += 2
    assert await tokens.get_token() == "token-2"


async def test_msal_runs_in_a_worker_thread_once_for_concurrent_callers() -> None:
    acquire = ScriptedAcquire()
    tokens = provider(acquire, Clock())

    results = await asyncio.gather(*(tokens.get_token() for _ in range(5)))

    assert results == ["token-1"] * 5
    assert len(acquire.threads) == 1
    assert acquire.threads[0] != threading.get_ident()


async def test_an_msal_error_becomes_a_backend_error_without_the_secret() -> None:
    acquire = ScriptedAcquire(result={
        "error": "invalid_client",
        "error_description": "AADSTS7000215: Invalid client secret provided.",
    })

    with pytest.raises(BackendError) as raised:
        await provider(acquire, Clock()).get_token()

    assert raised.value.service == "graph-auth"
    assert "invalid_client" in str(raised.value)
    assert SECRET not in str(raised.value)


async def test_an_unusable_authority_fails_as_a_backend_error() -> None:
    tokens = GraphTokenProvider(tenant_id="tenant", client_id="client", client_secret=SECRET,
                                authority_host="http://127.0.0.1:9")

    with pytest.raises(BackendError, match="token request failed"):
        await tokens.get_token()


async def test_a_refused_token_is_dropped_and_a_new_one_fetched() -> None:
    acquire, clock = ScriptedAcquire(), Clock()
    tokens = provider(acquire, clock)
    first = await tokens.get_token()

    await tokens.invalidate(first)
    second = await tokens.get_token()
    await tokens.invalidate(first)  # a late 401 for the old token keeps the new one

    assert (first, second, await tokens.get_token()) == ("token-1", "token-2", "token-2")
