"""'ERA is typing' shows only while a slow turn works, and always stops."""

from __future__ import annotations

import asyncio

import pytest
from botbuilder.core import TurnContext
from botbuilder.core.adapters import TestAdapter
from botbuilder.schema import Activity, ActivityTypes, ChannelAccount, ConversationAccount

from bots.typing_indicator_middleware import TypingIndicatorMiddleware


def _context(adapter: TestAdapter) -> TurnContext:
    return TurnContext(adapter, Activity(
        type=ActivityTypes.message, text="hi", channel_id="test",
        from_property=ChannelAccount(id="user"), recipient=ChannelAccount(id="bot"),
        conversation=ConversationAccount(id="c1"), service_url="http://localhost"))


def _typings(adapter: TestAdapter) -> int:
    return sum(1 for a in adapter.activity_buffer if a.type == ActivityTypes.typing)


async def test_a_quick_turn_shows_no_typing() -> None:
    adapter = TestAdapter()
    middleware = TypingIndicatorMiddleware(delay=0.1, period=0.1)

    async def quick() -> None:
        await asyncio.sleep(0.01)

    await middleware.on_turn(_context(adapter), quick)
    await asyncio.sleep(0.3)
    assert _typings(adapter) == 0


async def test_a_slow_turn_shows_typing_until_it_ends() -> None:
    adapter = TestAdapter()
    middleware = TypingIndicatorMiddleware(delay=0.05, period=0.1)

    async def slow() -> None:
        await asyncio.sleep(0.32)

    await middleware.on_turn(_context(adapter), slow)
    shown = _typings(adapter)
    assert 2 <= shown <= 4
    await asyncio.sleep(0.3)
    assert _typings(adapter) == shown  # stopped with the turn


async def test_a_failing_turn_stops_the_indicator() -> None:
    adapter = TestAdapter()
    middleware = TypingIndicatorMiddleware(delay=0.05, period=0.05)

    async def failing() -> None:
        await asyncio.sleep(0.12)
        raise RuntimeError("boom")

    with pytest.raises(RuntimeError):
        await middleware.on_turn(_context(adapter), failing)
    shown = _typings(adapter)
    assert shown >= 1
    await asyncio.sleep(0.3)
    assert _typings(adapter) == shown
