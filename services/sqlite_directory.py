"""The directory on the organisation database (the embedded default)."""

from __future__ import annotations

import asyncio
import json
import time
from collections.abc import Callable
from dataclasses import dataclass, field

import aiosqlite

from core.person import Person, PersonRole
from core.store import Store
from services.org_database import OrgDatabase

_COLUMNS = (
    "id, name, email, role, store_id, manager_id, job_roles, aad_object_id, channel_user_id, "
    "preferred_language"
)


def _person(row: aiosqlite.Row) -> Person:
    return Person(
        id=row["id"],
        name=row["name"],
        email=row["email"],
        role=PersonRole(row["role"]),
        store_id=row["store_id"],
        manager_id=row["manager_id"],
        job_roles=tuple(json.loads(row["job_roles"])),
        aad_object_id=row["aad_object_id"],
        channel_user_id=row["channel_user_id"],
        preferred_language=row["preferred_language"],
    )


@dataclass(frozen=True)
class _Snapshot:
    """The people and stores tables, as read at one moment."""

    people: tuple[Person, ...]
    stores: dict[str, Store]
    generation: int
    data_version: int
    by_id: dict[str, Person] = field(default_factory=dict)
    by_aad: dict[str, Person] = field(default_factory=dict)
    by_channel: dict[str, Person] = field(default_factory=dict)
    by_email: dict[str, Person] = field(default_factory=dict)

    def __post_init__(self) -> None:
        for person in self.people:
            self.by_id[person.id] = person
            if person.aad_object_id:
                self.by_aad.setdefault(person.aad_object_id, person)
            if person.channel_user_id:
                self.by_channel.setdefault(person.channel_user_id, person)
            self.by_email.setdefault(person.email.casefold(), person)


# How soon a change made by another process (an admin tool) is seen.
RECHECK_SECONDS = 1.0


class SqliteDirectory:
    """Implements core.directory.Directory over the organisation database.

    Every turn asks who is speaking and which store's time zone applies, so the tables are read
    whole and kept in memory, and read again after any write: through this database object
    (its generation, seen at once) or through another connection, a tool or another process
    (SQLite's data_version, one pragma on the database thread, asked at most once every
    `recheck_seconds`, not in every turn).
    """

    def __init__(
        self, db: OrgDatabase, *, recheck_seconds: float = RECHECK_SECONDS,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self._db = db
        self._snapshot: _Snapshot | None = None
        self._recheck = recheck_seconds
        self._clock = clock
        self._checked_at = float("-inf")
        self._loading: asyncio.Lock = asyncio.Lock()

    async def _tables(self) -> _Snapshot:
        snapshot = self._snapshot
        if snapshot is not None and await self._fresh(snapshot):
            return snapshot
        async with self._loading:
            snapshot = self._snapshot
            if snapshot is not None and await self._fresh(snapshot):
                return snapshot
            generation = self._db.generation
            version = await self._db.data_version()
            people = await self._db.fetch_all(f"SELECT {_COLUMNS} FROM people ORDER BY name, id")
            stores = await self._db.fetch_all("SELECT id, name, timezone FROM stores")
            snapshot = _Snapshot(
                people=tuple(_person(row) for row in people),
                stores={row["id"]: Store(row["id"], row["name"], row["timezone"])
                        for row in stores},
                generation=generation,
                data_version=version,
            )
            self._snapshot = snapshot
            self._checked_at = self._clock()
            return snapshot

    async def _fresh(self, snapshot: _Snapshot) -> bool:
        if snapshot.generation != self._db.generation:
            return False
        now = self._clock()
        if now - self._checked_at < self._recheck:
            return True
        if snapshot.data_version != await self._db.data_version():
            return False
        self._checked_at = now
        return True

    async def identify(self, *, channel_user_id: str, aad_object_id: str | None) -> Person | None:
        """By Entra object id first (Teams), then by channel user id (Emulator, console)."""
        tables = await self._tables()
        person = tables.by_aad.get(aad_object_id) if aad_object_id else None
        if person is None and channel_user_id:
            person = tables.by_channel.get(channel_user_id)
        return person

    async def get(self, person_id: str) -> Person | None:
        """A person by id."""
        return (await self._tables()).by_id.get(person_id)

    async def find_by_email(self, email: str) -> Person | None:
        """A person by email, case-insensitively."""
        return (await self._tables()).by_email.get(email.strip().casefold())

    async def list_people(
        self, *, store_id: str | None = None, role: PersonRole | None = None
    ) -> list[Person]:
        """Everyone matching the filters, by name."""
        return [
            person for person in (await self._tables()).people
            if (not store_id or person.store_id == store_id) and (not role or person.role == role)
        ]

    async def get_store(self, store_id: str) -> Store | None:
        """A store by id."""
        return (await self._tables()).stores.get(store_id)
