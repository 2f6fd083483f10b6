"""Runs the real aiohttp app on an ephemeral loopback port, with a local connector receiving the
bot's replies, as the Emulator and the console client do."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import Any

from aiohttp import web

from app import create_app
from config import Settings
from services.demo_organisation import PEOPLE, seed_demo
from services.org_database import OrgDatabase
from tools.local_connector import BotClient, LocalConnector, UserIdentity


@dataclass
class RunningApp:
    """One running instance of the app."""

    runner: web.AppRunner
    url: str

    @property
    def messages_url(self) -> str:
        """The bot's endpoint."""
        return f"{self.url}/api/messages"

    async def stop(self) -> None:
        """Shut the app down (components closed, as on a real restart)."""
        await self.runner.cleanup()


async def seed(data_dir: Path, now: datetime) -> None:
    """Seed the demo organisation in data_dir."""
    db = await OrgDatabase.open(data_dir / "org.sqlite3")
    await seed_demo(db, now.date())
    await db.close()


async def start_app(
    data_dir: Path, clock: Callable[[], datetime], **environ: str
) -> RunningApp:
    """Start the app on 127.0.0.1 with a free port."""
    settings = Settings.from_env({"ERA_DATA_DIR": str(data_dir), **environ})
    runner = web.AppRunner(create_app(settings, clock=clock), access_log=None)
    await runner.setup()
    site = web.TCPSite(runner, "127.0.0.1", 0)
    await site.start()
    port = site._server.sockets[0].getsockname()[1]  # type: ignore[union-attr]
    return RunningApp(runner, f"http://127.0.0.1:{port}")


def demo_user(person_id: str) -> UserIdentity:
    """The identity the console client uses for a demo person."""
    person = next(p for p in PEOPLE if p.id == person_id)
    return UserIdentity(id=person.channel_user_id, name=person.name,
                        aad_object_id=person.aad_object_id)


def client_for(app: RunningApp, connector: LocalConnector, person_id: str,
               **fields: Any) -> BotClient:
    """A channel-side client speaking as a demo person."""
    return BotClient(bot_url=app.messages_url, connector=connector, user=demo_user(person_id),
                     **fields)
