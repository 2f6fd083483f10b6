"""The event loop ERA serves on: uvloop where it loads, asyncio's own loop otherwise.

uvloop (libuv under asyncio's interface) does the per-request work below ERA (socket reads and
writes, callbacks, timers) in C. On the side-by-side HTTP benchmark it takes a visible share off
every turn's CPU time without changing a single behaviour: the same asyncio API, the same
ordering guarantees. It is a compiled wheel, so a platform without one (or a broken build) must
not stop ERA: then ERA says so in one log line and serves on asyncio's loop. ERA_EVENT_LOOP=asyncio
chooses asyncio's loop on purpose (for comparing, or if uvloop is ever suspected of a fault).
"""

from __future__ import annotations

import asyncio
import logging

from config import EventLoopKind

logger = logging.getLogger(__name__)


def loop_policy(kind: EventLoopKind) -> asyncio.AbstractEventLoopPolicy:
    """The policy that makes loops of the chosen kind, or asyncio's when uvloop cannot load."""
    if kind is EventLoopKind.UVLOOP:
        try:
            import uvloop
        except ImportError as error:
            logger.warning(
                "uvloop cannot be loaded (%s: %s), so ERA serves on asyncio's own event loop",
                type(error).__name__, error,
            )
        else:
            policy: asyncio.AbstractEventLoopPolicy = uvloop.EventLoopPolicy()
            return policy
    return asyncio.DefaultEventLoopPolicy()


def new_event_loop(kind: EventLoopKind) -> asyncio.AbstractEventLoop:
    """A fresh loop of the chosen kind (asyncio's when uvloop cannot load)."""
    return loop_policy(kind).new_event_loop()


def use_event_loop(kind: EventLoopKind) -> None:
    """Make every loop this process creates from now on of the chosen kind (gunicorn's aiohttp
    worker creates its own loop with `asyncio.new_event_loop()`)."""
    asyncio.set_event_loop_policy(loop_policy(kind))


def running_loop_kind() -> EventLoopKind:
    """Which kind of loop is running now (shown by /healthz: whether uvloop really loaded)."""
    module = type(asyncio.get_running_loop()).__module__
    return EventLoopKind.UVLOOP if module.startswith("uvloop") else EventLoopKind.ASYNCIO
