"""Scheduling reference data from the organisation database: stores and their time zones, shift
templates, and each person's work rules (weekly hour limit, weekdays they never work).

Both shift backends read it here: Teams Shifts has no shift templates, hour limits or weekday
availability in Graph v1.0, so the Graph backend takes them from the organisation database too.
"""

from __future__ import annotations

import json
from zoneinfo import ZoneInfo

from core.directory import Directory
from core.errors import ErrorCode, NotFoundError
from core.shift_template import ShiftTemplate
from core.store import Store
from core.work_rules import WorkRules
from services.org_database import OrgDatabase


class ScheduleReference:
    """Reads stores, templates and work rules."""

    def __init__(self, db: OrgDatabase, directory: Directory | None = None) -> None:
        self._db = db
        self._directory = directory

    async def store(self, store_id: str) -> Store:
        """A store by id, from the directory when there is one (Entra ID: the Shifts team's
        time zone), else from the organisation database; NotFoundError when unknown."""
        if self._directory is not None:
            found = await self._directory.get_store(store_id)
            if found is not None:
                return found
        row = await self._db.fetch_one(
            "SELECT id, name, timezone FROM stores WHERE id = ?", (store_id,)
        )
        if row is None:
            raise NotFoundError(ErrorCode.STORE_NOT_FOUND, store_id=store_id)
        return Store(row["id"], row["name"], row["timezone"])

    async def timezone(self, store_id: str) -> ZoneInfo:
        """The store's time zone."""
        return ZoneInfo((await self.store(store_id)).timezone)

    async def templates(self, store_id: str) -> list[ShiftTemplate]:
        """The store's shift templates, by start time."""
        rows = await self._db.fetch_all(
            "SELECT id, store_id, name, start_time, end_time FROM shift_templates "
            "WHERE store_id = ? ORDER BY start_time, name",
            (store_id,),
        )
        return [
            ShiftTemplate(row["id"], row["store_id"], row["name"], row["start_time"],
                          row["end_time"])
            for row in rows
        ]

    async def work_rules(self, person_id: str) -> WorkRules:
        """A person's rules; the defaults (40 h, every day) for someone not in the database."""
        row = await self._db.fetch_one(
            "SELECT weekly_hour_limit, unavailable_weekdays FROM people WHERE id = ?",
            (person_id,),
        )
        if row is None:
            return WorkRules()
        return WorkRules(
            weekly_hour_limit=float(row["weekly_hour_limit"]),
            unavailable_weekdays=frozenset(int(d) for d in json.loads(row["unavailable_weekdays"])),
        )
