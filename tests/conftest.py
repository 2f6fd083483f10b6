"""Fixtures shared by the whole suite: a fixed clock, a seeded demo organisation and a real
SQLite storage in a temporary folder."""

from __future__ import annotations

from collections.abc import AsyncIterator
from datetime import datetime, timezone
from pathlib import Path

import pytest

from services.demo_organisation import seed_demo
from services.org_database import OrgDatabase
from state.sqlite_storage import SqliteStorage

# Sunday 22 November 2026, 10:00 UTC: the seeded weeks start Monday 16 and Monday 23 November.
FIXED_NOW = datetime(2026, 11, 22, 10, 0, tzinfo=timezone.utc)


@pytest.fixture
def fixed_now() -> datetime:
    """The suite's reference time."""
    return FIXED_NOW


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
