"""One thread that owns a SQLite connection, and the event loop's way to hand it work.

ThreadPoolExecutor + run_in_executor + shield cost ~130 us of CPU per call (two futures chained
across threads, a work item, the shield's own future); a turn makes two such calls. Here a call
is one tuple on a queue and one callback back on the loop (~90 us, most of it the thread wake-up
itself). Work handed over always runs to its end, even when the task that awaits it is
cancelled (a transaction is never left half done), as with the shielded executor before.
"""

from __future__ import annotations

import asyncio
import contextlib
import queue
import threading
from collections.abc import Callable
from typing import Any, TypeVar

T = TypeVar("T")

_Work = tuple[Callable[..., Any], tuple[Any, ...], asyncio.AbstractEventLoop, asyncio.Future[Any]]


def _settle(future: asyncio.Future[Any], result: Any, error: BaseException | None) -> None:
    if future.done():  # its awaiter was cancelled; the work itself is done
        return
    if error is not None:
        future.set_exception(error)
    else:
        future.set_result(result)


class DatabaseThread:
    """Runs functions one at a time, in order, on its own thread."""

    def __init__(self, name: str) -> None:
        self._queue: queue.SimpleQueue[_Work | None] = queue.SimpleQueue()
        self._thread = threading.Thread(target=self._serve, name=name, daemon=True)
        self._thread.start()

    async def run(self, function: Callable[..., T], *args: Any) -> T:
        """`function(*args)` on the thread; its result or its exception."""
        loop = asyncio.get_running_loop()
        future: asyncio.Future[T] = loop.create_future()
        self._queue.put((function, args, loop, future))
        return await future

    def stop(self) -> None:
        """Finish the work handed over so far, then end the thread (not waited for)."""
        self._queue.put(None)

    def join(self, timeout: float | None = None) -> None:
        """Wait for the thread to end (after `stop`)."""
        self._thread.join(timeout)

    def _serve(self) -> None:
        while True:
            work = self._queue.get()
            if work is None:
                return
            function, args, loop, future = work
            try:
                result = function(*args)
            except BaseException as error:  # handed back to the awaiting task
                outcome: tuple[Any, BaseException | None] = (None, error)
            else:
                outcome = (result, None)
            # A closed loop (RuntimeError) has nobody waiting any more.
            with contextlib.suppress(RuntimeError):
                loop.call_soon_threadsafe(_settle, future, *outcome)
