"""What an instance holds in memory after start: the SDKs of backends it was not configured for
are not imported (the Azure Cosmos DB SDK alone is ~8 MB resident). A configured backend still
imports at start (tests/test_http_endpoint.py runs the bot on Cosmos DB)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

_PROBE = """
import asyncio, sys, tempfile
from pathlib import Path
from app import build_components
from config import Settings

async def main():
    settings = Settings.from_env({"ERA_DATA_DIR": tempfile.mkdtemp(), "LOG_LEVEL": "WARNING"})
    await (await build_components(settings)).close()

asyncio.run(main())
print(" ".join(sorted(m for m in sys.modules
                      if m.split(".")[0] in {"openai", "pydantic", "aiosmtplib"}
                      or m.startswith("azure.cosmos"))))
"""


def test_an_offline_sqlite_instance_does_not_load_the_cloud_sdks() -> None:
    loaded = subprocess.run(
        [sys.executable, "-c", _PROBE],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
        timeout=120,
    ).stdout.split()
    assert loaded == []
