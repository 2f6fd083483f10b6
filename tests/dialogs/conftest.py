"""A running bot (the production composition, TestAdapter in front) for dialog tests."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from tests.bot_harness import BotHarness
from tests.conftest import FIXED_NOW


@pytest.fixture
async def bot(tmp_path: Path) -> AsyncIterator[BotHarness]:
    """The bot on a fresh demo organisation, at FIXED_NOW (Sunday 22 Nov 2026, 10:00 UTC)."""
    harness = await BotHarness.start(tmp_path, FIXED_NOW)
    yield harness
    await harness.close()
