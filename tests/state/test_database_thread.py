"""The storage thread: work runs in order, off the loop, to its end even when its awaiter gives
up, and errors come back to the caller."""

from __future__ import annotations

import asyncio
import threading
import time

import pytest

from state.database_thread import DatabaseThread


async def test_work_runs_in_order_on_its_own_thread() -> None:
    worker = DatabaseThread("test-db")
    try:
        seen: list[tuple[int, str]] = []

        def note(number: int) -> int:
            seen.append((number, threading.current_thread().name))
            return number * 2

        results = await asyncio.gather(*(worker.run(note, n) for n in range(20)))
        assert results == [n * 2 for n in range(20)]
        assert [n for n, _ in seen] == list(range(20))
        assert {name for _, name in seen} == {"test-db"}
    finally:
        worker.stop()
        worker.join(2)


async def test_an_error_reaches_the_caller_and_the_thread_goes_on() -> None:
    worker = DatabaseThread("test-db")
    try:
        def fail() -> None:
            raise ValueError("no such table")

        with pytest.raises(ValueError, match="no such table"):
            await worker.run(fail)
        assert await worker.run(lambda: "still here") == "still here"
    finally:
        worker.stop()
        worker.join(2)


async def test_work_whose_awaiter_is_cancelled_still_finishes() -> None:
    worker = DatabaseThread("test-db")
    finished = threading.Event()
    try:
        def slow_commit() -> None:
            time.sleep(0.2)
            finished.set()

        waiting = asyncio.create_task(worker.run(slow_commit))
        await asyncio.sleep(0.05)
        waiting.cancel()
        with pytest.raises(asyncio.CancelledError):
            await waiting
        assert await worker.run(finished.is_set)  # in order: after the commit ended
    finally:
        worker.stop()
        worker.join(2)
    assert not worker._thread.is_alive()  # stopped once the work handed over was done
