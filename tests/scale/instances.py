"""Several ERA instances as separate processes on one shared store, for the scale-out test.

`running_instances(count, data_root, environ)` starts `count` processes of
`tests.scale.era_instance`, each with its own ERA_DATA_DIR under `data_root` and the same other
settings (one Cosmos DB container, one Graph), waits until every one answers /healthz with 200,
and stops them all on exit, whatever happened. The environment of the test process is not
passed on where it could change ERA's configuration. Each instance's log is kept in its data
folder; `log_tail()` gives the end of it, and a failed start raises with it.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import subprocess
import sys
import time
from collections.abc import AsyncIterator, Awaitable, Callable, Mapping
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path

import aiohttp

REPO_ROOT = Path(__file__).resolve().parents[2]
START_TIMEOUT_SECONDS = 60.0
_CONFIG_PREFIXES = ("ERA_", "COSMOS_", "GRAPH_", "OPENAI_", "AZURE_OPENAI_", "SMTP_",
                    "Microsoft", "USE_CONTEXT_AWARE", "HOST", "PORT")


class InstanceFailed(RuntimeError):
    """An instance did not start, or died; the message carries the end of its log."""


@dataclass
class EraInstance:
    """One running ERA process."""

    name: str
    data_dir: Path
    process: subprocess.Popen[bytes]
    url: str = ""

    @property
    def messages_url(self) -> str:
        """Its /api/messages endpoint."""
        return f"{self.url}/api/messages"

    @property
    def log_path(self) -> Path:
        """Where its output goes."""
        return self.data_dir / "era.log"

    def log_tail(self, chars: int = 6000) -> str:
        """The end of its log."""
        try:
            return self.log_path.read_text(errors="replace")[-chars:]
        except OSError:
            return "(no log)"

    def stop(self) -> None:
        """Terminate it (SIGTERM, then SIGKILL after 5 s)."""
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=5)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()


def _environment(data_dir: Path, environ: Mapping[str, str]) -> dict[str, str]:
    base = {k: v for k, v in os.environ.items() if not k.startswith(_CONFIG_PREFIXES)}
    return {**base, "ERA_DATA_DIR": str(data_dir), "PYTHONUNBUFFERED": "1", **environ}


def _spawn(name: str, data_dir: Path, now: datetime, environ: Mapping[str, str]) -> EraInstance:
    data_dir.mkdir(parents=True, exist_ok=True)
    port_file = data_dir / "port"
    port_file.unlink(missing_ok=True)
    with (data_dir / "era.log").open("wb") as log:
        process = subprocess.Popen(
            [sys.executable, "-m", "tests.scale.era_instance", "--now", now.isoformat(),
             "--port-file", str(port_file)],
            cwd=REPO_ROOT, env=_environment(data_dir, environ),
            stdout=log, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL,
        )
    return EraInstance(name, data_dir, process)


async def _wait_until_ready(instance: EraInstance, deadline: float) -> None:
    port_file = instance.data_dir / "port"
    async with aiohttp.ClientSession(timeout=aiohttp.ClientTimeout(total=5)) as session:
        while time.monotonic() < deadline:
            if instance.process.poll() is not None:
                raise InstanceFailed(f"{instance.name} exited with {instance.process.returncode}:"
                                     f"\n{instance.log_tail()}")
            if not instance.url and port_file.is_file():
                instance.url = f"http://127.0.0.1:{port_file.read_text().strip()}"
            if instance.url:
                with contextlib.suppress(aiohttp.ClientError, TimeoutError):
                    async with session.get(f"{instance.url}/healthz") as answer:
                        if answer.status == 200:
                            return
            await asyncio.sleep(0.2)
    raise InstanceFailed(f"{instance.name} was not ready within {START_TIMEOUT_SECONDS:.0f} s:"
                         f"\n{instance.log_tail()}")


@contextlib.asynccontextmanager
async def running_instances(
    count: int, data_root: Path, now: datetime, environ: Mapping[str, str],
    *, prepare: Callable[[Path], Awaitable[None]] | None = None,
) -> AsyncIterator[list[EraInstance]]:
    """`count` ready instances ("era-1", "era-2", ...), stopped on exit. `prepare` is run on
    each data folder before its instance starts (to seed what lives there)."""
    instances: list[EraInstance] = []
    try:
        for number in range(1, count + 1):
            name = f"era-{number}"
            data_dir = data_root / name
            data_dir.mkdir(parents=True, exist_ok=True)
            if prepare is not None:
                await prepare(data_dir)
            instances.append(_spawn(name, data_dir, now, environ))
        deadline = time.monotonic() + START_TIMEOUT_SECONDS
        await asyncio.gather(*(_wait_until_ready(i, deadline) for i in instances))
        yield instances
    finally:
        for instance in instances:
            instance.stop()
