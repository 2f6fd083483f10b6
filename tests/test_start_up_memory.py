"""What an instance holds in memory after start: the SDKs of backends it was not configured for
are not imported (the Azure Cosmos DB SDK alone is ~8 MB resident), nor the emoji package's
tables the SDK's recognizers cannot use (~5 MB), and the C heap keeps no free
pages it could give back. A configured backend still imports at start
(tests/test_http_endpoint.py runs the bot on Cosmos DB)."""

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
                      or m.startswith(("azure.cosmos", "emoji.")))))
"""


def test_an_offline_sqlite_instance_does_not_load_the_cloud_sdks_or_the_emoji_tables() -> None:
    # The emoji package's tables (~5 MB) serve a test in recognizers-text that, with the pinned
    # release, no character can pass (bots/emoji_table_stand_in.py).
    loaded = subprocess.run(
        [sys.executable, "-c", _PROBE],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
        timeout=120,
    ).stdout.split()
    assert loaded == []


_TRIM_PROBE = """
import asyncio, ctypes, gc, tempfile
from pathlib import Path
from app import build_components
from config import Settings

def rss_kb():
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])

async def main():
    settings = Settings.from_env({"ERA_DATA_DIR": tempfile.mkdtemp(), "LOG_LEVEL": "WARNING"})
    components = await build_components(settings, settle_heap=True)
    while not gc.get_freeze_count():  # the serving process settles once the dates are loaded
        await asyncio.sleep(0.05)
    before = rss_kb()
    ctypes.CDLL(None).malloc_trim(0)
    print(before - rss_kb())
    await components.close()

asyncio.run(main())
"""


def test_a_settled_instance_holds_no_free_heap_it_could_give_back() -> None:
    # Linux with glibc, as App Service runs. Start-up's freed temporaries stayed resident
    # (0.7-1.2 MB) until malloc was asked to trim.
    released_kb = int(subprocess.run(
        [sys.executable, "-c", _TRIM_PROBE],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
        timeout=180,
    ).stdout.split()[-1])
    assert released_kb < 256


_COLLECTION_PROBE = """
import asyncio, gc, tempfile
from app import build_components
from config import Settings

collections = []
gc.callbacks.append(lambda phase, info: phase == "start" and collections.append(info))

async def main():
    settings = Settings.from_env({"ERA_DATA_DIR": tempfile.mkdtemp(), "LOG_LEVEL": "WARNING"})
    collections.clear()
    components = await build_components(settings, settle_heap=True)
    while not components.services.time_parser.warmed or not gc.get_freeze_count():
        await asyncio.sleep(0.05)
    await asyncio.sleep(0.1)  # the warm-up task's own end
    print(len(collections), gc.get_threshold() == (700, 10, 10))
    await components.close()

asyncio.run(main())
"""


def test_a_serving_instance_starts_without_scanning_its_growing_heap() -> None:
    # Start-up only builds what lives as long as the process: ~500 cyclic collections (~0.6 s
    # of CPU on a busy two-core box) scanned it at the default thresholds; a few still free
    # start-up's cycles, one settles the heap at the end, and collection runs as usual after.
    count, restored = subprocess.run(
        [sys.executable, "-c", _COLLECTION_PROBE],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
        timeout=180,
    ).stdout.split()[-2:]
    assert int(count) <= 50
    assert restored == "True"


_EMOJI_PROBE = """
import sys
import app
from recognizers_text.utilities import StringUtility
print([StringUtility.is_emoji(c) for c in ("😀", "a", "❤", "é", "会")])
print("emoji.unicode_codes" in sys.modules)
import emoji
print(emoji.emojize(":thumbs_up:") == "\\U0001F44D")
"""


def test_the_recognizers_see_emoji_as_before_without_the_emoji_tables() -> None:
    # The pinned table is keyed by language, so no character is "an emoji" to the recognizers,
    # and that answer needs no table; anything else asked of the package is the real one's.
    lines = subprocess.run(
        [sys.executable, "-c", _EMOJI_PROBE],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
        timeout=120,
    ).stdout.split("\n")
    assert lines[:3] == ["[False, False, False, False, False]", "False", "True"]
