"""The event loop ERA serves on: uvloop by default (`python app.py` and gunicorn's workers, see
tests/test_gunicorn_guard.py), asyncio's own loop when chosen, and asyncio's loop with one log
line where uvloop cannot be loaded, instead of a process that cannot start."""

from __future__ import annotations

import asyncio
import logging
import os
import signal
import socket
import sys
import time
from pathlib import Path
from typing import Any

import aiohttp
import pytest

from config import EventLoopKind
from event_loop import new_event_loop, running_loop_kind
from tests.conftest import FIXED_NOW
from tests.http_harness import demo_user, seed
from tools.local_connector import BotClient, LocalConnector

ROOT = Path(__file__).resolve().parents[1]


def _kind_of_new_loop(kind: EventLoopKind) -> EventLoopKind:
    loop = new_event_loop(kind)
    try:
        return loop.run_until_complete(_running_kind())
    finally:
        loop.close()


async def _running_kind() -> EventLoopKind:
    return running_loop_kind()


@pytest.mark.parametrize("kind", list(EventLoopKind))
def test_the_chosen_loop_is_the_one_made(kind: EventLoopKind) -> None:
    assert _kind_of_new_loop(kind) is kind


def test_without_uvloop_asyncio_serves_and_the_log_says_why(
    monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    monkeypatch.setitem(sys.modules, "uvloop", None)  # what a missing or broken wheel does
    with caplog.at_level(logging.WARNING, logger="event_loop"):
        assert _kind_of_new_loop(EventLoopKind.UVLOOP) is EventLoopKind.ASYNCIO
    [line] = [r.getMessage() for r in caplog.records]
    assert line.startswith("uvloop cannot be loaded (ModuleNotFoundError")
    assert line.endswith("so ERA serves on asyncio's own event loop")


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


async def _healthy(url: str) -> dict[str, Any]:
    deadline = time.monotonic() + 120
    async with aiohttp.ClientSession() as session:
        while time.monotonic() < deadline:
            try:
                async with session.get(url) as response:
                    if response.status == 200:
                        return dict(await response.json())
            except aiohttp.ClientConnectionError:
                pass  # still importing
            await asyncio.sleep(0.1)
    raise AssertionError("ERA never became ready")


@pytest.mark.parametrize(("setting", "serving"), [("", "uvloop"), ("asyncio", "asyncio")])
async def test_python_app_py_serves_a_turn_on_the_chosen_loop(
    tmp_path: Path, setting: str, serving: str
) -> None:
    await seed(tmp_path / "data", FIXED_NOW)
    port = _free_port()
    environment = {"PATH": os.environ.get("PATH", ""), "HOME": str(tmp_path), "PORT": str(port),
                   "ERA_DATA_DIR": str(tmp_path / "data"), "ERA_EVENT_LOOP": setting}
    process = await asyncio.create_subprocess_exec(
        sys.executable, "app.py", cwd=ROOT, env=environment,
        stdout=asyncio.subprocess.DEVNULL, stderr=asyncio.subprocess.DEVNULL,
        start_new_session=True,
    )
    try:
        health = await _healthy(f"http://127.0.0.1:{port}/healthz")
        assert health["event_loop"] == serving
        async with LocalConnector() as connector:
            client = BotClient(bot_url=f"http://127.0.0.1:{port}/api/messages",
                               connector=connector, user=demo_user("bob-smith"))
            assert await client.say("help")
    finally:
        os.killpg(process.pid, signal.SIGTERM)
        await asyncio.wait_for(process.wait(), timeout=30)
