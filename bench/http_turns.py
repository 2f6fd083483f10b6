"""Side-by-side HTTP benchmark: the stock botbuilder echo bot and ERA, on loopback, in one run.

Both bots run as their own processes, offline, replying to a local connector that this process
runs. Each turn kind is driven in interleaved repetitions (stock, then ERA, then stock...), at
concurrency 1 and 10, over many conversations and over one hot conversation. Printed per kind:
turns/s, p50 and p99 latency (request sent to HTTP answer, the reply delivered to the connector
before that), bot CPU milliseconds per turn (from /proc), ERA's storage operations per turn, and
ERA's throughput as a multiple of the stock bot's. Then ERA's memory (RSS) after start and after
10,000 turns over 1,000 conversations.

Turn kinds: `help` in an existing conversation; `short reply`, a "2" at the list of a worker's
shifts (each in its own conversation, prepared by an unmeasured "cancel one of my shifts");
`advice`, a manager describing a situation; `first turn`, "help" in a brand-new conversation;
`hot help`, "help" over and over in one conversation.

`python -m bench.http_turns [--turns N] [--reps R] [--cosmos ENDPOINT KEY | --local-cosmos]
[--era-loop uvloop|asyncio]` (ERA's event loop, uvloop by default as it serves; the stock bot
always runs as its sample does, on asyncio's loop).
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import os
import socket
import subprocess
import sys
import tempfile
import time
import uuid
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import aiohttp

from config import EventLoopKind
from services.demo_organisation import PEOPLE
from tools.local_connector import LocalConnector

CLOCK_TICKS = os.sysconf("SC_CLK_TCK")
_PERSON = {p.id: p for p in PEOPLE}


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def _cpu_seconds(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / CLOCK_TICKS


def _rss_mb(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return 0.0


@dataclass
class Bot:
    """A bot process on a port."""

    name: str
    process: subprocess.Popen[bytes]
    port: int

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}/api/messages"


async def _start(name: str, args: list[str], port: int,
                 environ: dict[str, str] | None = None) -> Bot:
    process = subprocess.Popen(
        [sys.executable, "-m", *args], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
        env={**os.environ, **(environ or {})},
    )
    async with aiohttp.ClientSession() as session:
        for _ in range(1800):  # a loaded machine takes a minute or more to load the models
            try:
                async with session.get(f"http://127.0.0.1:{port}/healthz") as response:
                    # The stock bot has no /healthz (404 means it is up); ERA says 200 when ready.
                    if response.status == 200 or (name == "stock" and response.status < 500):
                        return Bot(name, process, port)
            except aiohttp.ClientError:
                pass
            await asyncio.sleep(0.1)
    process.kill()
    raise RuntimeError(f"{name} did not start")


@dataclass
class Driver:
    """Posts activities like a channel would."""

    session: aiohttp.ClientSession
    connector: LocalConnector

    def activity(self, conversation: str, person: str, text: str) -> dict[str, Any]:
        demo = _PERSON[person]
        return {
            "type": "message", "id": uuid.uuid4().hex, "text": text,
            "timestamp": datetime.now(UTC).isoformat(), "channelId": "emulator",
            "serviceUrl": self.connector.service_url, "locale": "en-US",
            "from": {"id": demo.channel_user_id, "name": demo.name, "role": "user",
                     "aadObjectId": demo.aad_object_id},
            "recipient": {"id": "era-bot", "name": "ERA", "role": "bot"},
            "conversation": {"id": conversation, "conversationType": "personal"},
        }

    async def post(self, bot: Bot, activity: dict[str, Any]) -> float:
        started = time.perf_counter()
        async with self.session.post(bot.url, json=activity) as response:
            await response.read()
            if response.status >= 400:
                raise RuntimeError(f"{bot.name} answered HTTP {response.status}")
        return time.perf_counter() - started


@dataclass
class Kind:
    """A turn kind: who speaks, what, and how its conversations are prepared."""

    name: str
    person: str
    text: str
    setup: tuple[str, ...] = ()
    fresh_conversation: bool = False
    hot: bool = False


KINDS = (
    Kind("help", "bob-smith", "help", setup=("hi",)),
    Kind("short reply", "bob-smith", "2", setup=("cancel one of my shifts",),
         fresh_conversation=True),
    Kind("advice", "maria", "my employee didn't show up for 3 days and didn't call", setup=("hi",),
         fresh_conversation=True),
    Kind("first turn", "bob-smith", "help", fresh_conversation=True),
    Kind("hot help", "bob-smith", "help", hot=True),
)


@dataclass
class Sample:
    """Latencies and CPU of one run of one kind on one bot."""

    latencies: list[float] = field(default_factory=list)
    wall: float = 0.0
    cpu: float = 0.0
    ops: int = 0


async def _storage_ops(session: aiohttp.ClientSession, bot: Bot) -> int:
    if bot.name == "stock":
        return 0
    async with session.get(f"http://127.0.0.1:{bot.port}/bench/storage-ops") as response:
        counts = await response.json()
    return int(sum(counts.values()) - counts.get("append", 0) - counts.get("read_records", 0))


async def _run(driver: Driver, bot: Bot, kind: Kind, turns: int, concurrency: int) -> Sample:
    slug = kind.name.replace(" ", "-")
    hot_conversation = f"hot-{bot.name}-{slug}"
    conversations = []
    for i in range(turns):
        if kind.hot:
            conversations.append(hot_conversation)
            continue
        conversation = f"{bot.name}-{slug}-{uuid.uuid4().hex[:10]}-{i}"
        conversations.append(conversation)
    prepared = set()
    for conversation in conversations:
        if conversation in prepared:
            continue
        prepared.add(conversation)
        for text in kind.setup:
            await driver.post(bot, driver.activity(conversation, kind.person, text))
    activities = [driver.activity(c, kind.person, kind.text) for c in conversations]
    sample = Sample()
    ops_before = await _storage_ops(driver.session, bot)
    cpu_before = _cpu_seconds(bot.process.pid)
    queue = list(reversed(activities))

    async def worker() -> None:
        while queue:
            sample.latencies.append(await driver.post(bot, queue.pop()))

    # The load generator itself must not pause in a collection while it times the bots.
    gc.collect()
    gc.disable()
    try:
        started = time.perf_counter()
        await asyncio.gather(*(worker() for _ in range(concurrency)))
        sample.wall = time.perf_counter() - started
    finally:
        gc.enable()
    sample.cpu = _cpu_seconds(bot.process.pid) - cpu_before
    sample.ops = await _storage_ops(driver.session, bot) - ops_before
    return sample


def _merge(samples: list[Sample]) -> Sample:
    merged = Sample()
    for s in samples:
        merged.latencies += s.latencies
        merged.wall += s.wall
        merged.cpu += s.cpu
        merged.ops += s.ops
    return merged


def _p(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


async def _memory_run(driver: Driver, bot: Bot, turns: int, conversations: int) -> None:
    queue = [driver.activity(f"mem-{i % conversations}", "bob-smith",
                             "what are my shifts?" if i % 2 else "help") for i in range(turns)]

    async def worker() -> None:
        while queue:
            await driver.post(bot, queue.pop())

    await asyncio.gather(*(worker() for _ in range(10)))


async def main_async(args: argparse.Namespace) -> None:
    data_dir = Path(tempfile.mkdtemp(prefix="era-bench-"))
    stock_port, era_port = _free_port(), _free_port()
    era_args = ["bench.era_server", str(era_port), str(data_dir)]
    if args.cosmos:
        era_args += ["cosmos", *args.cosmos]
    stock = await _start("stock", ["bench.stock_echo_bot", str(stock_port)], stock_port)
    era = await _start("ERA", era_args, era_port, {"ERA_EVENT_LOOP": args.era_loop})
    rss_start = _rss_mb(era.process.pid)
    try:
        async with LocalConnector() as connector, aiohttp.ClientSession(
            timeout=aiohttp.ClientTimeout(total=60)
        ) as session:
            driver = Driver(session, connector)
            for bot in (stock, era):  # warm both up, unmeasured
                for kind in KINDS:
                    await _run(driver, bot, kind, 20, 1)
            connector.received.clear()
            results: dict[tuple[str, str, int], list[Sample]] = {}
            for _rep in range(args.reps):
                for concurrency in (1, 10):
                    for kind in KINDS:
                        for bot in (stock, era):
                            sample = await _run(driver, bot, kind, args.turns, concurrency)
                            results.setdefault((bot.name, kind.name, concurrency), []).append(
                                sample)
                        connector.received.clear()
            async with session.get(f"http://127.0.0.1:{era.port}/healthz") as response:
                serving_loop = (await response.json())["event_loop"]
            _print_table(results, args, serving_loop)
            await _memory_run(driver, era, 10_000, 1_000)
            connector.received.clear()
            print(f"\nERA RSS: {rss_start:.0f} MB after start, "
                  f"{_rss_mb(era.process.pid):.0f} MB after 10,000 turns over 1,000 conversations"
                  " (target <= 150 MB and flat)")
    finally:
        for bot in (stock, era):
            bot.process.terminate()
            bot.process.wait(timeout=10)


def _print_table(results: dict[tuple[str, str, int], list[Sample]],
                 args: argparse.Namespace, serving_loop: str) -> None:
    store = "Cosmos DB (local server)" if args.cosmos else "SQLite"
    target = 3 if args.cosmos else 10
    print(f"\nSide by side, {args.reps} interleaved repetitions x {args.turns} turns, "
          f"ERA on {store} and {serving_loop}, offline; target >= {target}x the stock bot")
    header = (f"{'kind':<12} {'conc':>4} | {'stock/s':>8} {'p50ms':>6} {'p99ms':>6} "
              f"{'cpu ms':>6} | {'ERA/s':>8} {'p50ms':>6} {'p99ms':>6} {'cpu ms':>6} "
              f"{'ops':>5} | {'ratio':>6}")
    print(header)
    print("-" * len(header))
    for concurrency in (1, 10):
        for kind in KINDS:
            stock = _merge(results[("stock", kind.name, concurrency)])
            era = _merge(results[("ERA", kind.name, concurrency)])
            n = len(era.latencies)
            stock_rate = len(stock.latencies) / stock.wall
            era_rate = n / era.wall
            print(
                f"{kind.name:<12} {concurrency:>4} | {stock_rate:>8.0f} "
                f"{_p(stock.latencies, .5) * 1000:>6.1f} {_p(stock.latencies, .99) * 1000:>6.1f} "
                f"{stock.cpu / len(stock.latencies) * 1000:>6.2f} | {era_rate:>8.0f} "
                f"{_p(era.latencies, .5) * 1000:>6.1f} {_p(era.latencies, .99) * 1000:>6.1f} "
                f"{era.cpu / n * 1000:>6.2f} {era.ops / n:>5.2f} | {era_rate / stock_rate:>5.1f}x"
            )
    print("ops: ERA storage reads + writes per turn (transcript appends, batched in the "
          "background, not counted)")


def main() -> None:
    """Parse the arguments and run."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--turns", type=int, default=200)
    parser.add_argument("--reps", type=int, default=3)
    parser.add_argument("--cosmos", nargs=2, metavar=("ENDPOINT", "KEY"))
    parser.add_argument("--era-loop", choices=[str(kind) for kind in EventLoopKind],
                        default=str(EventLoopKind.UVLOOP), help="the event loop ERA serves on")
    parser.add_argument("--local-cosmos", action="store_true",
                        help="start the local Cosmos DB server (make test installs it) and use it")
    args = parser.parse_args()
    if args.local_cosmos:
        from tests.fakes.cosmos_server import running_cosmos_server

        with running_cosmos_server() as server:
            args.cosmos = (server.endpoint, server.key)
            asyncio.run(main_async(args))
        return
    asyncio.run(main_async(args))


if __name__ == "__main__":
    main()
