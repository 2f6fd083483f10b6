"""A running bot (the production composition, TestAdapter in front) for dialog tests."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path
from zoneinfo import ZoneInfo

import pytest

from bots.proactive_notifier import ProactiveNotifier
from services.demo_meetings import seed_demo_meetings
from services.org_database import OrgDatabase
from tests.bot_harness import BotHarness
from tests.conftest import FIXED_NOW
from tests.fakes.openai_server import DEFAULT_API_KEY, FakeOpenAIServer, openai_server

__all__ = ["openai_server"]


@pytest.fixture
async def bot(tmp_path: Path) -> AsyncIterator[BotHarness]:
    """The bot on a fresh demo organisation, at FIXED_NOW (Sunday 22 Nov 2026, 10:00 UTC)."""
    harness = await BotHarness.start(tmp_path, FIXED_NOW)
    yield harness
    await harness.close()


@pytest.fixture
async def llm_bot(tmp_path: Path, openai_server: FakeOpenAIServer) -> AsyncIterator[BotHarness]:
    """The bot in LLM mode, its chat model the local fake OpenAI-compatible server."""
    harness = await BotHarness.start(
        tmp_path, FIXED_NOW, OPENAI_BASE_URL=openai_server.base_url,
        OPENAI_API_KEY=DEFAULT_API_KEY, OPENAI_TIMEOUT_SECONDS="2",
    )
    yield harness
    await harness.close()


@pytest.fixture
def chats(monkeypatch: pytest.MonkeyPatch) -> list[tuple[str, str]]:
    """The chat messages ERA sends people proactively, as (person id, text)."""
    sent: list[tuple[str, str]] = []

    async def notify(self: ProactiveNotifier, person_id: str, text: str) -> bool:
        sent.append((person_id, text))
        return True

    monkeypatch.setattr(ProactiveNotifier, "notify", notify)
    return sent


@pytest.fixture
async def meetings_bot(tmp_path: Path) -> AsyncIterator[BotHarness]:
    """Maria's demo meetings booked (with Bob on Thu 26 Nov at 10:00, with Alice on Fri 27
    Nov), as Maria."""
    harness = await BotHarness.start(tmp_path, FIXED_NOW)
    db = await OrgDatabase.open(tmp_path / "org.sqlite3")
    try:
        await seed_demo_meetings(db, FIXED_NOW.date(), ZoneInfo("Europe/London"))
    finally:
        await db.close()
    yield harness.as_person("maria")
    await harness.close()
