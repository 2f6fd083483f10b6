"""The demo organisation's SQLite database: stores, people, shift templates, shifts, calendars,
the local outbox and the log of requests made to outside systems.

This is the embedded default behind the directory, the shift backend and the local calendar. It
runs on aiosqlite so no query blocks the event loop. The schema is created on open; seeding the
demo data is `services.demo_organisation`.

All users share one connection, and SQLite transactions belong to a connection, so every query
and every write transaction holds one lock: otherwise two coroutines' statements would run inside
one transaction, and one's rollback (or a read in between) would see or undo the other's work.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any

import aiosqlite

logger = logging.getLogger(__name__)

_SCHEMA = """
CREATE TABLE IF NOT EXISTS stores (
    id TEXT PRIMARY KEY,
    name TEXT NOT NULL,
    timezone TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS people (
    id TEXT PRIMARY KEY,
    name TEXT NOT NULL,
    email TEXT NOT NULL UNIQUE COLLATE NOCASE,
    role TEXT NOT NULL CHECK (role IN ('manager', 'employee')),
    store_id TEXT NOT NULL REFERENCES stores(id),
    manager_id TEXT REFERENCES people(id),
    aad_object_id TEXT UNIQUE,
    channel_user_id TEXT UNIQUE,
    job_roles TEXT NOT NULL DEFAULT '[]',
    weekly_hour_limit REAL NOT NULL DEFAULT 40,
    unavailable_weekdays TEXT NOT NULL DEFAULT '[]',
    preferred_language TEXT
);
CREATE TABLE IF NOT EXISTS shift_templates (
    id TEXT PRIMARY KEY,
    store_id TEXT NOT NULL REFERENCES stores(id),
    name TEXT NOT NULL,
    start_time TEXT NOT NULL,
    end_time TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS shifts (
    id TEXT PRIMARY KEY,
    store_id TEXT NOT NULL REFERENCES stores(id),
    template_id TEXT REFERENCES shift_templates(id),
    person_id TEXT REFERENCES people(id),
    role TEXT NOT NULL,
    starts_at TEXT NOT NULL,
    ends_at TEXT NOT NULL,
    status TEXT NOT NULL DEFAULT 'assigned' CHECK (status IN ('assigned', 'open')),
    updated_at TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS shifts_by_person ON shifts (person_id, starts_at);
CREATE INDEX IF NOT EXISTS shifts_by_store ON shifts (store_id, starts_at);
CREATE TABLE IF NOT EXISTS busy_times (
    id TEXT PRIMARY KEY,
    person_id TEXT NOT NULL REFERENCES people(id),
    starts_at TEXT NOT NULL,
    ends_at TEXT NOT NULL,
    subject TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS busy_by_person ON busy_times (person_id, starts_at);
CREATE TABLE IF NOT EXISTS time_cards (
    person_id TEXT NOT NULL REFERENCES people(id),
    shift_id TEXT,
    clock_in TEXT NOT NULL,
    PRIMARY KEY (person_id, clock_in)
);
CREATE TABLE IF NOT EXISTS seeded_weeks (
    store_id TEXT NOT NULL,
    week_start TEXT NOT NULL,
    PRIMARY KEY (store_id, week_start)
);
CREATE TABLE IF NOT EXISTS audit_log (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    at TEXT NOT NULL,
    actor_id TEXT NOT NULL,
    action TEXT NOT NULL,
    target TEXT NOT NULL DEFAULT '',
    details TEXT NOT NULL DEFAULT '{}',
    conversation_id TEXT NOT NULL DEFAULT ''
);
CREATE TABLE IF NOT EXISTS applied_changes (
    change_id TEXT PRIMARY KEY,
    kind TEXT NOT NULL,
    store_id TEXT NOT NULL,
    actor_id TEXT NOT NULL,
    conversation_id TEXT NOT NULL DEFAULT '',
    summary TEXT NOT NULL DEFAULT '',
    shift_ids TEXT NOT NULL DEFAULT '[]',
    result TEXT,
    state TEXT NOT NULL CHECK (state IN ('pending', 'applied')),
    claim_token TEXT NOT NULL,
    updated_at TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS outbox (
    message_id TEXT PRIMARY KEY,
    request_id TEXT NOT NULL UNIQUE,
    to_addresses TEXT NOT NULL,
    cc_addresses TEXT NOT NULL DEFAULT '[]',
    reply_to TEXT,
    subject TEXT NOT NULL,
    body TEXT NOT NULL,
    sent_at TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS outbox_by_time ON outbox (sent_at);
CREATE TABLE IF NOT EXISTS external_requests (
    kind TEXT NOT NULL,
    request_id TEXT NOT NULL,
    state TEXT NOT NULL CHECK (state IN ('pending', 'done')),
    result TEXT,
    updated_at TEXT NOT NULL,
    PRIMARY KEY (kind, request_id)
);
CREATE TABLE IF NOT EXISTS calendar_events (
    id TEXT PRIMARY KEY,
    request_id TEXT NOT NULL UNIQUE,
    organizer_email TEXT NOT NULL COLLATE NOCASE,
    subject TEXT NOT NULL,
    body TEXT NOT NULL DEFAULT '',
    location TEXT NOT NULL DEFAULT '',
    online_meeting_url TEXT,
    starts_at TEXT NOT NULL,
    ends_at TEXT NOT NULL,
    is_cancelled INTEGER NOT NULL DEFAULT 0 CHECK (is_cancelled IN (0, 1)),
    cancel_comment TEXT NOT NULL DEFAULT '',
    created_at TEXT NOT NULL,
    updated_at TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS calendar_events_by_organizer
    ON calendar_events (organizer_email, starts_at);
CREATE TABLE IF NOT EXISTS calendar_event_attendees (
    event_id TEXT NOT NULL REFERENCES calendar_events(id),
    email TEXT NOT NULL COLLATE NOCASE,
    PRIMARY KEY (event_id, email)
);
CREATE INDEX IF NOT EXISTS calendar_attendees_by_email ON calendar_event_attendees (email);
"""


class OrgDatabase:
    """An open connection to the organisation database, with small query helpers."""

    def __init__(self, connection: aiosqlite.Connection, path: Path) -> None:
        self._connection = connection
        self._lock = asyncio.Lock()
        self.path = path
        # Bumped by every write through this object, so readers that cache (the directory)
        # see their copy is stale at once.
        self.generation = 0

    @classmethod
    async def open(cls, path: Path) -> OrgDatabase:
        """Open (creating the file and schema when missing)."""
        path.parent.mkdir(parents=True, exist_ok=True)
        connection = await aiosqlite.connect(path, timeout=5.0)
        connection.row_factory = aiosqlite.Row
        await connection.execute("PRAGMA journal_mode=WAL")
        await connection.execute("PRAGMA foreign_keys=ON")
        await connection.execute("PRAGMA busy_timeout=5000")
        await connection.executescript(_SCHEMA)
        await _add_missing_columns(connection)
        await connection.commit()
        return cls(connection, path)

    async def close(self) -> None:
        """Close the connection."""
        await self._connection.close()

    async def fetch_all(self, sql: str, params: Sequence[Any] = ()) -> list[aiosqlite.Row]:
        """Rows of a query (one trip to the database thread)."""
        async with self._lock:
            return list(await self._connection.execute_fetchall(sql, params))

    async def fetch_one(self, sql: str, params: Sequence[Any] = ()) -> aiosqlite.Row | None:
        """The first row of a query, or None."""
        rows = await self.fetch_all(sql, params)
        return rows[0] if rows else None

    async def data_version(self) -> int:
        """SQLite's data_version: changes when another connection (another process, a tool)
        committed a change since this connection last looked."""
        row = await self.fetch_one("PRAGMA data_version")
        return int(row[0]) if row else 0

    async def execute(self, sql: str, params: Sequence[Any] = ()) -> int:
        """Run one statement and commit; returns the number of rows changed."""
        async with self._lock:
            self.generation += 1
            try:
                cursor = await self._connection.execute(sql, params)
                await self._connection.commit()
            except Exception:
                await self._connection.rollback()
                raise
            return cursor.rowcount

    async def execute_many(self, statements: Iterable[tuple[str, Sequence[Any]]]) -> None:
        """Run several statements in one transaction (all or nothing)."""
        async with self._lock:
            self.generation += 1
            try:
                for sql, params in statements:
                    await self._connection.execute(sql, params)
                await self._connection.commit()
            except Exception:
                await self._connection.rollback()
                raise


# Columns added after a release: a database created before gets them on open.
_ADDED_COLUMNS = (("people", "preferred_language", "TEXT"),)


async def _add_missing_columns(connection: aiosqlite.Connection) -> None:
    for table, column, kind in _ADDED_COLUMNS:
        async with connection.execute(f"PRAGMA table_info({table})") as cursor:
            present = {row[1] for row in await cursor.fetchall()}
        if column not in present:
            await connection.execute(f"ALTER TABLE {table} ADD COLUMN {column} {kind}")
