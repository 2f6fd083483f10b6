"""Fixtures shared by the whole suite: a fixed clock, a seeded demo organisation, a real SQLite
storage in a temporary folder, and the local Cosmos DB server (started once per session; without
Node or the server package the Cosmos DB tests fail with a message saying what to install —
never skipped, because the storage they cover is the production one)."""

from __future__ import annotations

import asyncio
import faulthandler
import gc
import os
import sys
import threading
from collections.abc import AsyncIterator, Iterator
from contextlib import ExitStack
from datetime import UTC, datetime
from pathlib import Path

import pytest

from core.situation_facts import use_question_words
from language.situation_words import question_words
from services.demo_organisation import seed_demo
from services.org_database import OrgDatabase
from state.sqlite_storage import SqliteStorage
from tests.fakes.cosmos_server import CosmosServer, CosmosServerUnavailable, running_cosmos_server
from tests.http_harness import RunningApp, seed, start_app
from tools.local_connector import LocalConnector

# Sunday 22 November 2026, 10:00 UTC: the seeded weeks start Monday 16 and Monday 23 November.
FIXED_NOW = datetime(2026, 11, 22, 10, 0, tzinfo=UTC)


@pytest.fixture(autouse=True, scope="session")
def question_words_in_use() -> None:
    """Every test reads a message's facts with the lexicons' words that ask whether to do
    something, as the app does from its start (tests of core and services build no app)."""
    use_question_words(question_words())


@pytest.fixture
def fixed_now() -> datetime:
    """The suite's reference time."""
    return FIXED_NOW


def fixed_clock() -> datetime:
    """A clock that always reads FIXED_NOW, for apps under test."""
    return FIXED_NOW


@pytest.fixture
async def connector() -> AsyncIterator[LocalConnector]:
    """A local Bot Framework connector that receives the bot's replies."""
    async with LocalConnector() as running:
        yield running


@pytest.fixture
async def app(tmp_path: Path) -> AsyncIterator[RunningApp]:
    """The real app over HTTP on a seeded demo organisation, at FIXED_NOW."""
    await seed(tmp_path, FIXED_NOW)
    running = await start_app(tmp_path, fixed_clock)
    yield running
    await running.stop()


@pytest.fixture
async def org_db(tmp_path: Path) -> AsyncIterator[OrgDatabase]:
    """A demo organisation seeded for the weeks around FIXED_NOW."""
    db = await OrgDatabase.open(tmp_path / "org.sqlite3")
    await seed_demo(db, FIXED_NOW.date())
    yield db
    await db.close()


@pytest.fixture
async def sqlite_storage(tmp_path: Path) -> AsyncIterator[SqliteStorage]:
    """A real SQLite storage in a temporary file."""
    storage = await SqliteStorage.create(tmp_path / "state.sqlite3")
    yield storage
    await storage.close()


@pytest.fixture(scope="session")
def cosmos_server() -> Iterator[CosmosServer]:
    """A running local Cosmos DB server shared by the session's tests."""
    with ExitStack() as stack:
        try:
            server = stack.enter_context(running_cosmos_server())
        except CosmosServerUnavailable as error:
            pytest.fail(f"cannot run the Cosmos DB tests: {error}", pytrace=False)
        yield server


# A test that leaves a database or server open leaves a non-daemon thread behind, and Python
# would wait for it forever after the summary: CI would hang instead of finishing. At exit the
# leftovers are named and the process ends with the run's own status (threading's exit hooks run
# before it joins the remaining threads).

def pytest_sessionfinish(session: pytest.Session, exitstatus: int) -> None:
    status = int(exitstatus)

    def end_if_threads_are_left() -> None:
        leftovers = [t for t in threading.enumerate()
                     if t is not threading.current_thread() and not t.daemon and t.is_alive()
                     and not t.name.startswith("ThreadPoolExecutor")]
        for thread in leftovers:
            thread.join(timeout=2.0)
        leftovers = [t for t in leftovers if t.is_alive()]
        if leftovers:
            names = ", ".join(sorted(t.name for t in leftovers))
            sys.stderr.write(f"warning: threads left running by the tests (a resource not "
                             f"closed): {names}\n")
            sys.stderr.flush()
            sys.stdout.flush()
            os._exit(status)

    threading._register_atexit(end_if_threads_are_left)  # type: ignore[attr-defined]


# A test that hangs (a task waiting for something that never comes) would hold CI until its time
# limit and say nothing. After TEST_LIMIT_SECONDS the running event loops print every task's
# stack, then faulthandler prints every thread's and ends the run with a failure.
TEST_LIMIT_SECONDS = 240.0
# Where the report goes: the terminal's (or CI log's) stderr as it was before pytest captured it.
_REPORT = sys.__stderr__


def pytest_configure(config: pytest.Config) -> None:
    global _REPORT
    capturing = getattr(config.pluginmanager.getplugin("capturemanager"), "_global_capturing",
                        None)
    saved = getattr(getattr(capturing, "err", None), "targetfd_save", None)
    if isinstance(saved, int):
        _REPORT = os.fdopen(os.dup(saved), "w", buffering=1)


def _print_tasks_of_running_loops() -> None:
    for candidate in gc.get_objects():
        if isinstance(candidate, asyncio.AbstractEventLoop) and candidate.is_running():
            candidate.call_soon_threadsafe(_print_tasks)


def _print_tasks() -> None:
    for task in asyncio.all_tasks():
        _REPORT.write(f"\n--- task {task.get_name()} ({task.get_coro()!r})\n")
        task.print_stack(limit=25, file=_REPORT)
    _REPORT.flush()


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_protocol(item: pytest.Item, nextitem: pytest.Item | None) -> Iterator[None]:
    def report() -> None:
        _REPORT.write(f"\n{item.nodeid} is still running after {TEST_LIMIT_SECONDS - 5:.0f} s\n")
        _print_tasks_of_running_loops()

    tasks_dump = threading.Timer(TEST_LIMIT_SECONDS - 5, report)
    tasks_dump.daemon = True
    tasks_dump.start()
    _REPORT.flush()
    faulthandler.dump_traceback_later(TEST_LIMIT_SECONDS, exit=True, file=_REPORT)
    try:
        yield
    finally:
        faulthandler.cancel_dump_traceback_later()
        tasks_dump.cancel()
