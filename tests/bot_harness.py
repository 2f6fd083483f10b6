"""Talk to the real bot (app.build_components: every dialog, service and storage as in
production, on a seeded demo organisation and SQLite) through botbuilder's TestAdapter, as any
demo person, in any locale, with a clock the test can move."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any

from botbuilder.core.adapters import TestAdapter
from botbuilder.schema import Activity, ActivityTypes, ChannelAccount, ConversationAccount

from app import Components, build_components
from config import Settings
from core.shift_backend import ShiftBackend
from services.demo_organisation import PEOPLE, seed_demo
from services.org_database import OrgDatabase
from state.person_state import person_state_key
from tools.local_connector import render_activity


class MovableClock:
    """A clock that stands still until the test moves it."""

    def __init__(self, now: datetime) -> None:
        self.now = now

    def __call__(self) -> datetime:
        return self.now

    def advance(self, **delta: float) -> None:
        """Move forward, e.g. advance(minutes=11)."""
        self.now += timedelta(**delta)


@dataclass
class Reply:
    """One bot message as a user would read it: text (card text included) and buttons."""

    text: str
    buttons: list[tuple[str, str]]
    activity: Activity

    def __contains__(self, fragment: str) -> bool:
        return fragment.lower() in self.text.lower()


@dataclass
class BotHarness:
    """The bot, a TestAdapter, and helpers to send messages and card presses."""

    components: Components
    adapter: TestAdapter
    clock: MovableClock
    conversation_id: str = "conv-1"
    channel_id: str = "test"
    person_id: str = "maria"
    locale: str | None = "en-US"
    transcript: list[Reply] = field(default_factory=list)
    last_activities: list[Activity] = field(default_factory=list)

    @classmethod
    async def start(
        cls, tmp_path: Path, now: datetime, *, graph_token_source: Any = None,
        **setting_overrides: Any,
    ) -> BotHarness:
        """A bot on a fresh demo organisation in tmp_path, with the production middleware."""
        environ = {"ERA_DATA_DIR": str(tmp_path), **setting_overrides}
        settings = Settings.from_env(environ)
        db = await OrgDatabase.open(settings.data_dir / "org.sqlite3")
        await seed_demo(db, now.date())
        await db.close()
        clock = MovableClock(now)
        components = await build_components(
            settings, clock=clock, graph_token_source=graph_token_source
        )
        adapter = TestAdapter(components.bot.on_turn)
        for layer in components.middleware:
            adapter.use(layer)
        return cls(components, adapter, clock)

    async def close(self) -> None:
        """Close storages and services."""
        await self.components.close()

    @property
    def shifts(self) -> ShiftBackend:
        """The shift backend the bot uses."""
        return self.components.services.shifts

    async def stored_state(self) -> dict[str, Any]:
        """The current speaker's state document in this conversation, as stored."""
        key = person_state_key(self.channel_id, self.conversation_id, self._sender().id)
        return dict((await self.components.storage.read([key])).get(key) or {})

    def as_person(self, person_id: str) -> BotHarness:
        """Speak as another demo person from now on (same conversation unless changed)."""
        self.person_id = person_id
        return self

    def _sender(self) -> ChannelAccount:
        known = {p.id: p for p in PEOPLE}
        person = known.get(self.person_id)
        if person is None:
            return ChannelAccount(id=self.person_id, name=self.person_id)
        return ChannelAccount(id=person.channel_user_id, name=person.name,
                              aad_object_id=person.aad_object_id)

    async def send(self, activity: Activity) -> list[Reply]:
        """Deliver an activity; return the bot's replies (typing left out)."""
        activity.from_property = activity.from_property or self._sender()
        activity.conversation = activity.conversation or ConversationAccount(
            id=self.conversation_id, conversation_type="personal"
        )
        activity.channel_id = activity.channel_id or self.channel_id
        activity.locale = activity.locale or self.locale
        self.adapter.activity_buffer.clear()
        await self.adapter.receive_activity(activity)
        self.last_activities = list(self.adapter.activity_buffer)
        replies = []
        for sent in self.adapter.activity_buffer:
            if sent.type != ActivityTypes.message:
                continue
            text, buttons = render_activity(sent.serialize())
            replies.append(Reply(text, buttons, sent))
        self.adapter.activity_buffer.clear()
        self.transcript.extend(replies)
        return replies

    async def say(self, text: str, *, locale: str | None = None) -> list[Reply]:
        """The user types `text`."""
        return await self.send(Activity(type=ActivityTypes.message, text=text, locale=locale))

    async def press(self, reply: str) -> list[Reply]:
        """The user presses a card button carrying `reply` (a submit with no text)."""
        return await self.send(Activity(type=ActivityTypes.message, value={"era_reply": reply}))


def joined(replies: list[Reply]) -> str:
    """All reply texts as one string, for `in` checks."""
    return "\n".join(reply.text for reply in replies)


def shown(replies: list[Reply]) -> str:
    """Everything a person sees of the replies: their texts and their buttons' titles."""
    return "\n".join([joined(replies), *(title for reply in replies
                                         for title, _ in reply.buttons)])
