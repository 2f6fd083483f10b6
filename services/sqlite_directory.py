"""The directory on the organisation database (the embedded default)."""

from __future__ import annotations

import json

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


class SqliteDirectory:
    """Implements core.directory.Directory over the organisation database."""

    def __init__(self, db: OrgDatabase) -> None:
        self._db = db

    async def identify(self, *, channel_user_id: str, aad_object_id: str | None) -> Person | None:
        """By Entra object id first (Teams), then by channel user id (Emulator, console)."""
        if aad_object_id:
            row = await self._db.fetch_one(
                f"SELECT {_COLUMNS} FROM people WHERE aad_object_id = ?", (aad_object_id,)
            )
            if row:
                return _person(row)
        if channel_user_id:
            row = await self._db.fetch_one(
                f"SELECT {_COLUMNS} FROM people WHERE channel_user_id = ?", (channel_user_id,)
            )
            if row:
                return _person(row)
        return None

    async def get(self, person_id: str) -> Person | None:
        """A person by id."""
        row = await self._db.fetch_one(f"SELECT {_COLUMNS} FROM people WHERE id = ?", (person_id,))
        return _person(row) if row else None

    async def find_by_email(self, email: str) -> Person | None:
        """A person by email, case-insensitively."""
        row = await self._db.fetch_one(
            f"SELECT {_COLUMNS} FROM people WHERE email = ? COLLATE NOCASE", (email.strip(),)
        )
        return _person(row) if row else None

    async def list_people(
        self, *, store_id: str | None = None, role: PersonRole | None = None
    ) -> list[Person]:
        """Everyone matching the filters, by name."""
        clauses, params = [], []
        if store_id:
            clauses.append("store_id = ?")
            params.append(store_id)
        if role:
            clauses.append("role = ?")
            params.append(str(role))
        where = f" WHERE {' AND '.join(clauses)}" if clauses else ""
        rows = await self._db.fetch_all(
            f"SELECT {_COLUMNS} FROM people{where} ORDER BY name", params
        )
        return [_person(row) for row in rows]

    async def get_store(self, store_id: str) -> Store | None:
        """A store by id."""
        row = await self._db.fetch_one(
            "SELECT id, name, timezone FROM stores WHERE id = ?", (store_id,)
        )
        return Store(row["id"], row["name"], row["timezone"]) if row else None
