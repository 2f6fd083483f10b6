"""Seed (or top up) the demo organisation: `python -m tools.seed_demo`.

Idempotent: run by `make run` every time. Nothing is seeded when people come from Entra ID
(ERA_DIRECTORY_BACKEND=graph). Weeks already seeded are left as they are, and the
demo meetings (for the meeting cancel and reschedule flows) are booked once per week.
"""

from __future__ import annotations

import asyncio
import logging
import sys
from datetime import datetime

from config import Settings
from core.errors import ConfigError
from services.demo_meetings import seed_demo_meetings
from services.demo_organisation import seed_demo
from services.org_database import OrgDatabase


async def _main() -> int:
    try:
        settings = Settings.from_env()
    except ConfigError as exc:
        print(f"configuration error: {exc}", file=sys.stderr)
        return 2
    if settings.uses_graph_directory:
        print("ERA_DIRECTORY_BACKEND=graph: people come from Entra ID, so the demo organisation "
              "is not seeded")
        return 0
    db = await OrgDatabase.open(settings.data_dir / "org.sqlite3")
    try:
        today = datetime.now(settings.timezone).date()
        seeded = await seed_demo(db, today)
        meetings = await seed_demo_meetings(db, today, settings.timezone)
    finally:
        await db.close()
    print(f"demo organisation ready in {settings.data_dir / 'org.sqlite3'} "
          f"({seeded} store-weeks newly seeded, {len(meetings)} demo meetings in the coming week)")
    return 0


if __name__ == "__main__":
    logging.basicConfig(level=logging.WARNING)
    sys.exit(asyncio.run(_main()))
