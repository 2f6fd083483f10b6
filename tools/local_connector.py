"""A local stand-in for the Bot Framework connector service, as the Emulator runs one.

The bot replies by POSTing activities to the `serviceUrl` of the activity it received. This
module runs a small aiohttp server that accepts those calls and keeps what it gets, and a client
that posts user activities (typed messages, card submits, conversation updates) to the bot's
`/api/messages`. The console client (`tools/chat.py`) and the HTTP-level tests both use it.
"""

from __future__ import annotations

import logging
import uuid
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

import aiohttp
from aiohttp import web

logger = logging.getLogger(__name__)


class LocalConnector:
    """Receives the bot's outgoing activities on 127.0.0.1 (an ephemeral port by default)."""

    def __init__(self, *, host: str = "127.0.0.1", port: int = 0) -> None:
        self._host = host
        self._port = port
        self._runner: web.AppRunner | None = None
        self.service_url = ""
        self.received: list[dict[str, Any]] = []

    async def start(self) -> str:
        """Start listening; returns the service URL to put in activities."""
        app = web.Application()
        app.router.add_post("/v3/conversations/{conversation_id}/activities/{activity_id}",
                            self._on_activity)
        app.router.add_post("/v3/conversations/{conversation_id}/activities", self._on_activity)
        app.router.add_put("/v3/conversations/{conversation_id}/activities/{activity_id}",
                           self._on_update)
        app.router.add_delete("/v3/conversations/{conversation_id}/activities/{activity_id}",
                              self._on_delete)
        app.router.add_post("/v3/conversations", self._on_create_conversation)
        self._runner = web.AppRunner(app, access_log=None)
        await self._runner.setup()
        site = web.TCPSite(self._runner, self._host, self._port)
        await site.start()
        port = site._server.sockets[0].getsockname()[1]  # type: ignore[union-attr]
        self.service_url = f"http://{self._host}:{port}"
        return self.service_url

    async def stop(self) -> None:
        """Stop listening."""
        if self._runner is not None:
            await self._runner.cleanup()
            self._runner = None

    async def __aenter__(self) -> LocalConnector:
        await self.start()
        return self

    async def __aexit__(self, *exc_info: object) -> None:
        await self.stop()

    def messages(self, conversation_id: str | None = None) -> list[dict[str, Any]]:
        """What the bot sent for people to see (typing indicators and Emulator-only traces
        left out), optionally for one conversation."""
        return [
            a for a in self.received
            if a.get("type") not in ("typing", "trace")
            and (conversation_id is None or a.get("conversation", {}).get("id") == conversation_id)
        ]

    async def _on_activity(self, request: web.Request) -> web.Response:
        activity = await request.json()
        activity.setdefault("conversation", {"id": request.match_info["conversation_id"]})
        activity["id"] = activity.get("id") or uuid.uuid4().hex
        self.received.append(activity)
        return web.json_response({"id": activity["id"]})

    async def _on_update(self, request: web.Request) -> web.Response:
        activity = await request.json()
        activity["_updated"] = True
        self.received.append(activity)
        return web.json_response({"id": request.match_info["activity_id"]})

    async def _on_delete(self, request: web.Request) -> web.Response:
        return web.Response(status=200)

    async def _on_create_conversation(self, request: web.Request) -> web.Response:
        return web.json_response({"id": f"conv-{uuid.uuid4().hex[:12]}", "activityId": None})


@dataclass
class UserIdentity:
    """Who the user is as the channel would say: channel id, aadObjectId, display name."""

    id: str
    name: str
    aad_object_id: str | None = None


@dataclass
class BotClient:
    """Posts user activities to a bot as a channel would, with replies going to a connector."""

    bot_url: str
    connector: LocalConnector
    user: UserIdentity
    channel_id: str = "emulator"
    locale: str | None = "en-US"
    conversation_id: str = field(default_factory=lambda: f"local-{uuid.uuid4().hex[:12]}")
    conversation_type: str = "personal"
    timeout: float = 30.0

    def activity(self, activity_type: str = "message", **fields: Any) -> dict[str, Any]:
        """A Bot Framework activity from this user in this conversation."""
        sender: dict[str, Any] = {"id": self.user.id, "name": self.user.name, "role": "user"}
        if self.user.aad_object_id:
            sender["aadObjectId"] = self.user.aad_object_id
        activity: dict[str, Any] = {
            "type": activity_type,
            "id": uuid.uuid4().hex,
            "timestamp": datetime.now(UTC).isoformat(),
            "channelId": self.channel_id,
            "serviceUrl": self.connector.service_url,
            "from": sender,
            "recipient": {"id": "era-bot", "name": "ERA", "role": "bot"},
            "conversation": {"id": self.conversation_id,
                             "conversationType": self.conversation_type},
        }
        if self.locale:
            activity["locale"] = self.locale
        activity.update(fields)
        return activity

    async def post(self, activity: dict[str, Any]) -> int:
        """POST an activity; returns the HTTP status once the bot has finished the turn."""
        timeout = aiohttp.ClientTimeout(total=self.timeout)
        async with aiohttp.ClientSession(timeout=timeout) as session, session.post(
            self.bot_url, json=activity
        ) as response:
            await response.read()
            return response.status

    async def say(self, text: str) -> list[dict[str, Any]]:
        """Send a typed message; returns the bot's replies to it. In a Teams channel or group
        chat, or a Slack channel or group DM, the message @mentions the bot, as people there
        do to speak to it (the text starts with the mention, "<at>ERA</at>" in Teams, "@ERA"
        as the Azure Bot Service connector passes a Slack one on, and a mention entity names
        the bot)."""
        mention = {"msteams": "<at>ERA</at>", "slack": "@ERA"}.get(self.channel_id)
        if mention is not None and self.shared:
            return await self._exchange(self.activity(
                text=f"{mention} {text}",
                entities=[{"type": "mention", "text": mention,
                           "mentioned": {"id": "era-bot", "name": "ERA"}}],
            ))
        return await self._exchange(self.activity(text=text))

    @property
    def shared(self) -> bool:
        """Whether others read the conversation: Teams says so by its type, a Slack
        conversation id by its channel's ("B…:T…:C…" or "G…", a direct message's "D…")."""
        if self.conversation_type in ("channel", "groupChat"):
            return True
        parts = self.conversation_id.split(":")[2:3] if self.channel_id == "slack" else []
        return any(part[:1] in ("C", "G") for part in parts)

    async def press(self, reply: str) -> list[dict[str, Any]]:
        """Press a card button that carries `reply` (an Action.Submit with no text)."""
        return await self._exchange(self.activity(value={"era_reply": reply}))

    async def send(self, activity_type: str = "message", **fields: Any) -> list[dict[str, Any]]:
        """Send any activity from this user (a file, a reaction...); returns the replies."""
        return await self._exchange(self.activity(activity_type, **fields))

    async def join(self) -> list[dict[str, Any]]:
        """The conversationUpdate a channel sends when the user opens the chat."""
        return await self._exchange(self.activity(
            "conversationUpdate",
            membersAdded=[{"id": self.user.id, "name": self.user.name},
                          {"id": "era-bot", "name": "ERA"}],
        ))

    async def _exchange(self, activity: dict[str, Any]) -> list[dict[str, Any]]:
        before = len(self.connector.messages(self.conversation_id))
        status = await self.post(activity)
        if status >= 400:
            raise RuntimeError(f"the bot answered HTTP {status}")
        return self.connector.messages(self.conversation_id)[before:]


def render_activity(activity: dict[str, Any]) -> tuple[str, list[tuple[str, str]]]:
    """An activity as readable text, and its buttons as (title, reply) in order."""
    lines: list[str] = []
    buttons: list[tuple[str, str]] = []
    if activity.get("text"):
        lines.append(str(activity["text"]))
    for attachment in activity.get("attachments") or []:
        content = attachment.get("content") or {}
        kind = attachment.get("contentType", "")
        if kind == "application/vnd.microsoft.card.adaptive":
            lines.extend(_adaptive_texts(content.get("body") or []))
            actions = list(content.get("actions") or [])
            actions += _nested_actions(content.get("body") or [])
            for action in actions:
                data = action.get("data") or {}
                if isinstance(data, dict) and "era_form" in data:
                    continue  # a form's submit: a text client types the change instead
                reply = data.get("era_reply") if isinstance(data, dict) else None
                buttons.append((str(action.get("title", "")), str(reply or action.get("title"))))
        elif kind.startswith("application/vnd.microsoft.card."):
            for key in ("title", "subtitle", "text"):
                if content.get(key):
                    lines.append(str(content[key]))
            for action in content.get("buttons") or []:
                buttons.append((str(action.get("title", "")), str(action.get("value", ""))))
        else:
            lines.append(f"[attachment: {kind}]")
    for action in (activity.get("suggestedActions") or {}).get("actions") or []:
        buttons.append((str(action.get("title", "")), str(action.get("value", ""))))
    return "\n".join(lines), buttons


def _adaptive_texts(elements: list[dict[str, Any]]) -> list[str]:
    texts: list[str] = []
    for element in elements:
        kind = element.get("type")
        if kind == "TextBlock" and element.get("text"):
            texts.append(str(element["text"]))
        elif kind == "RichTextBlock":  # a line shown as written (no markdown): its runs
            texts.append("".join(str(run.get("text") or "") if isinstance(run, dict)
                                 else str(run) for run in element.get("inlines") or []))
        elif kind == "FactSet":
            texts.extend(f"{f.get('title')}: {f.get('value')}" for f in element.get("facts", []))
        elif kind in ("Container", "Column"):
            texts.extend(_adaptive_texts(element.get("items") or []))
        elif kind == "ColumnSet":
            for column in element.get("columns") or []:
                texts.extend(_adaptive_texts(column.get("items") or []))
    return texts


def _nested_actions(elements: list[dict[str, Any]]) -> list[dict[str, Any]]:
    actions: list[dict[str, Any]] = []
    for element in elements:
        if element.get("type") == "ActionSet":
            actions.extend(element.get("actions") or [])
        elif element.get("type") == "Container":
            actions.extend(_nested_actions(element.get("items") or []))
    return actions
