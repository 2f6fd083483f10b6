"""gunicorn started for real: the loopback guard judges the sockets gunicorn bound (not HOST), a
refused configuration exits quickly before any worker is forked with one clear line, and a
loopback bind serves /healthz ("warming" until the date recognizers are loaded) from a worker on
uvloop, after which the first turn is as quick as the ones after it."""

from __future__ import annotations

import asyncio
import contextlib
import os
import re
import signal
import sys
import time
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import aiohttp
import pytest

from tests.conftest import FIXED_NOW
from tests.http_harness import demo_user, seed
from tools.local_connector import BotClient, LocalConnector

ROOT = Path(__file__).resolve().parents[1]
COMMAND = [sys.executable, "-m", "gunicorn", "app:APP", "--worker-class",
           "aiohttp.GunicornWebWorker", "--timeout", "30", "--no-control-socket"]


def _environment(tmp_path: Path, **extra: str) -> dict[str, str]:
    environment = {
        "PATH": os.environ.get("PATH", ""), "HOME": str(tmp_path),
        "ERA_DATA_DIR": str(tmp_path / "data"), **extra,
    }
    return environment


@contextlib.asynccontextmanager
async def _gunicorn(bind: str, environment: dict[str, str]
                    ) -> AsyncIterator[asyncio.subprocess.Process]:
    process = await asyncio.create_subprocess_exec(
        *COMMAND, "--bind", bind, cwd=ROOT, env=environment,
        stdout=asyncio.subprocess.DEVNULL, stderr=asyncio.subprocess.PIPE,
        start_new_session=True,
    )
    try:
        yield process
    finally:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(process.pid, signal.SIGKILL)
        await asyncio.wait_for(process.wait(), timeout=30)


async def test_a_public_bind_without_an_app_id_refuses_before_forking(tmp_path: Path) -> None:
    started = time.perf_counter()
    async with _gunicorn("0.0.0.0:0", _environment(tmp_path)) as process:
        assert process.stderr is not None
        stderr = (await asyncio.wait_for(process.stderr.read(), timeout=30)).decode()
        status = await asyncio.wait_for(process.wait(), timeout=30)
    took = time.perf_counter() - started
    assert status == 3, stderr
    assert took < 15
    refusals = [line for line in stderr.splitlines() if "ERA refuses to start" in line]
    assert len(refusals) == 1, stderr
    assert "0.0.0.0" in refusals[0] and "MicrosoftAppId" in refusals[0]
    assert "Booting worker" not in stderr, "no worker may be forked"
    assert "Traceback" not in stderr


async def test_any_bad_setting_refuses_before_forking(tmp_path: Path) -> None:
    environment = _environment(tmp_path, ERA_STORAGE="cassandra")
    async with _gunicorn("127.0.0.1:0", environment) as process:
        assert process.stderr is not None
        stderr = (await asyncio.wait_for(process.stderr.read(), timeout=30)).decode()
        status = await asyncio.wait_for(process.wait(), timeout=30)
    assert status == 3
    assert [line for line in stderr.splitlines() if "ERA refuses to start" in line] == [
        line for line in stderr.splitlines() if "ERA_STORAGE" in line]
    assert "Booting worker" not in stderr


async def _listening_port(process: asyncio.subprocess.Process) -> int:
    assert process.stderr is not None
    seen = []
    while line := (await process.stderr.readline()).decode():
        seen.append(line)
        match = re.search(r"Listening at: http://127\.0\.0\.1:(\d+)", line)
        if match:
            return int(match.group(1))
    raise AssertionError("gunicorn stopped before listening:\n" + "".join(seen))


async def _health_until_ready(session: aiohttp.ClientSession, url: str) -> list[dict[str, Any]]:
    answers: list[dict[str, Any]] = []
    deadline = time.monotonic() + 90
    while time.monotonic() < deadline:
        try:
            async with session.get(url) as response:
                body = await response.json()
                answers.append({"http": response.status, **body})
                if response.status == 200:
                    return answers
        except aiohttp.ClientConnectionError:
            pass  # the worker is still importing the app
        await asyncio.sleep(0.05)
    raise AssertionError(f"never ready: {answers[-3:]}")


@pytest.mark.parametrize("host_setting", ["0.0.0.0", ""])
async def test_a_loopback_bind_serves_once_warm(tmp_path: Path, host_setting: str) -> None:
    """HOST=0.0.0.0 does not matter: gunicorn's real socket is loopback. The worker says it is
    warming until its warm-up is done, then serves. (How quick the first turn is, is the
    benchmark's to print, not a test's to time: that the warm-up leaves nothing to compile for
    the first message is tests/language/test_understanding.py's structural check.)"""
    await seed(tmp_path / "data", FIXED_NOW)
    environment = _environment(tmp_path, HOST=host_setting)
    async with _gunicorn("127.0.0.1:0", environment) as process, LocalConnector() as connector:
        port = await asyncio.wait_for(_listening_port(process), timeout=60)
        async with aiohttp.ClientSession() as session:
            answers = await _health_until_ready(session, f"http://127.0.0.1:{port}/healthz")
        assert answers[-1]["http"] == 200 and answers[-1]["status"] == "ok"
        assert answers[-1]["auth"].startswith("off")
        assert answers[-1]["event_loop"] == "uvloop"  # chosen in the worker (gunicorn.conf.py)
        assert all(a["http"] == 503 and a["status"] == "warming" for a in answers[:-1])
        if host_setting:
            return
        assert len(answers) > 1, "a fresh process reports warming first"
        for _ in range(3):
            client = BotClient(bot_url=f"http://127.0.0.1:{port}/api/messages",
                               connector=connector, user=demo_user("bob-smith"))
            replies = await client.say("cancel my shift on tuesday")
            assert "Tue " in "\n".join(str(r.get("text", "")) for r in replies), replies
