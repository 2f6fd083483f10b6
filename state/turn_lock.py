"""One turn at a time per conversation within this worker: a user's two quick messages (or a
double click) are handled in order, never interleaved on the same state."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager


class ConversationLocks:
    """An asyncio lock per conversation key, dropped when nobody holds or waits for it."""

    def __init__(self) -> None:
        self._locks: dict[str, asyncio.Lock] = {}
        self._users: dict[str, int] = {}

    @asynccontextmanager
    async def hold(self, key: str, *, timeout: float) -> AsyncIterator[None]:
        """Hold the conversation's lock; TimeoutError if it cannot be had within `timeout`."""
        lock = self._locks.setdefault(key, asyncio.Lock())
        self._users[key] = self._users.get(key, 0) + 1
        try:
            if self._users[key] == 1:
                # Nobody else holds or waits for it (a lock goes with its last user): it is
                # taken at once, so no time-out is armed and cancelled for nothing.
                await lock.acquire()
            else:
                # asyncio.timeout, not wait_for: no task made for every turn's acquire (~6 us).
                async with asyncio.timeout(timeout):
                    await lock.acquire()
            try:
                yield
            finally:
                lock.release()
        finally:
            self._users[key] -= 1
            if self._users[key] == 0:
                del self._users[key]
                self._locks.pop(key, None)
