"""A local Direct Line 3.0 endpoint and the Web Chat page, for trying ERA in a browser.

`GET /` serves webchat/index.html, which loads Microsoft's Web Chat (botframework-webchat,
installed from npm into webchat/node_modules by the Makefile; no CDN) from `/webchat/webchat.js`
and talks to this endpoint:

- `POST /v3/directline/conversations` starts a conversation; the bearer token is the demo
  identity's channel user id (`demo-maria`), which the page's person picker chooses. The bot
  gets a conversationUpdate, so it welcomes the person.
- `POST /v3/directline/conversations/{id}/activities` takes the user's activity (echoed into
  the conversation, as Direct Line does, so Web Chat marks it sent) and runs the bot's turn.
- `GET /v3/directline/conversations/{id}/activities?watermark=N` returns what came after N
  (Web Chat polls it).

The activities handed to the bot carry a serviceUrl pointing back at this server, which
implements the connector routes the bot POSTs its replies to
(`/v3/conversations/{id}/activities[/{replyToId}]`). Local only: app.py adds these routes only
when Bot Framework authentication is off, like `/api/outbox`.
"""

from __future__ import annotations

import asyncio
import logging
import re
import uuid
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from aiohttp import web

logger = logging.getLogger(__name__)

WEBCHAT_DIR = Path(__file__).resolve().parent.parent / "webchat"
WEBCHAT_BUNDLE = WEBCHAT_DIR / "node_modules" / "botframework-webchat" / "dist" / "webchat.js"
CHANNEL_ID = "webchat"
BOT_ACCOUNT = {"id": "era-bot", "name": "ERA", "role": "bot"}
MAX_CONVERSATIONS = 200
MAX_ACTIVITIES = 1000
_LOCALE = re.compile(r"[A-Za-z]{2,3}(?:-[A-Za-z0-9]{2,8}){0,3}", re.ASCII)
NO_BUNDLE = (
    "The Web Chat page needs Node.js and npm: install them, then run `make webchat` "
    "(npm ci in webchat/) and restart ERA."
)

TurnRunner = Callable[[dict[str, Any]], Awaitable[None]]
"""Runs one bot turn for an activity (as /api/messages would)."""
ActivityCheck = Callable[[dict[str, Any]], str | None]
"""What is wrong with an activity, in words for the caller, or None when it can be run."""


@dataclass(frozen=True)
class DemoIdentity:
    """A person the page's picker offers: the channel user id the bot knows them by."""

    user_id: str
    name: str
    role: str


@dataclass
class _Conversation:
    user: dict[str, Any]
    activities: list[dict[str, Any]] = field(default_factory=list)


class LocalDirectLine:
    """The Direct Line 3.0 subset Web Chat uses (polling), the connector routes the bot replies
    to, and the static page."""

    def __init__(
        self, *, run_turn: TurnRunner, people: Sequence[DemoIdentity],
        problem_with: ActivityCheck = lambda _activity: None,
        webchat_bundle: Path = WEBCHAT_BUNDLE,
    ) -> None:
        """`problem_with` says what keeps the bot from running an activity (the checks of
        /api/messages), which is then refused with a 400."""
        self._run_turn = run_turn
        self._problem = problem_with
        self._people = {person.user_id: person for person in people}
        self._people_order = list(people)
        self._bundle = webchat_bundle
        self._conversations: dict[str, _Conversation] = {}
        self._turns: set[asyncio.Task[None]] = set()

    @property
    def page_available(self) -> bool:
        """Whether Web Chat's bundle is installed (npm ci in webchat/)."""
        return self._bundle.is_file()

    def add_routes(self, router: web.UrlDispatcher) -> None:
        """The page, Direct Line and connector routes."""
        router.add_get("/", self._page)
        router.add_get("/webchat/webchat.js", self._bundle_file)
        router.add_get("/webchat/people", self._people_list)
        base = "/v3/directline"
        router.add_post(f"{base}/conversations", self._start)
        router.add_post(f"{base}/tokens/refresh", self._refresh)
        router.add_get(f"{base}/conversations/{{conversation_id}}", self._resume)
        router.add_get(f"{base}/conversations/{{conversation_id}}/activities", self._poll)
        router.add_post(f"{base}/conversations/{{conversation_id}}/activities", self._from_user)
        router.add_post("/v3/conversations/{conversation_id}/activities", self._from_bot)
        router.add_post("/v3/conversations/{conversation_id}/activities/{reply_to}",
                        self._from_bot)
        router.add_put("/v3/conversations/{conversation_id}/activities/{activity_id}",
                       self._from_bot)

    async def close(self) -> None:
        """Wait briefly for turns still running, then cancel them."""
        if self._turns:
            _, pending = await asyncio.wait(self._turns, timeout=5)
            for task in pending:
                task.cancel()

    # -- the page ----------------------------------------------------------------------------

    async def _page(self, request: web.Request) -> web.StreamResponse:
        if not self.page_available:
            return web.Response(text=NO_BUNDLE, status=503, content_type="text/plain")
        return web.FileResponse(WEBCHAT_DIR / "index.html",
                                headers={"Cache-Control": "no-store"})

    async def _bundle_file(self, request: web.Request) -> web.StreamResponse:
        if not self.page_available:
            raise web.HTTPNotFound(text=NO_BUNDLE)
        return web.FileResponse(self._bundle)

    async def _people_list(self, request: web.Request) -> web.Response:
        return web.json_response([
            {"userId": p.user_id, "name": p.name, "role": p.role} for p in self._people_order
        ])

    # -- Direct Line ---------------------------------------------------------------------------

    async def _start(self, request: web.Request) -> web.Response:
        user_id = _bearer(request)
        person = self._people.get(user_id)
        if person is None:
            return web.json_response(
                {"error": {"code": "BadArgument", "message": "unknown demo identity"}},
                status=403,
            )
        while len(self._conversations) >= MAX_CONVERSATIONS:
            self._conversations.pop(next(iter(self._conversations)))
        conversation_id = f"webchat-{uuid.uuid4().hex[:16]}"
        user = {"id": person.user_id, "name": person.name, "role": "user"}
        self._conversations[conversation_id] = _Conversation(user=user)
        update: dict[str, Any] = {
            "type": "conversationUpdate",
            "membersAdded": [{"id": user["id"], "name": user["name"]}, dict(BOT_ACCOUNT)],
            "from": user,
        }
        locale = await _start_locale(request)
        if locale is not None:  # the welcome is in the browser's language
            update["locale"] = locale
        self._start_turn(request, conversation_id, update)
        return web.json_response({
            "conversationId": conversation_id, "token": user_id, "expires_in": 3600,
        }, status=201)

    async def _refresh(self, request: web.Request) -> web.Response:
        return web.json_response({"token": _bearer(request), "expires_in": 3600})

    async def _resume(self, request: web.Request) -> web.Response:
        conversation_id = request.match_info["conversation_id"]
        self._conversation(request, conversation_id)
        return web.json_response({"conversationId": conversation_id, "token": _bearer(request),
                                  "expires_in": 3600})

    async def _poll(self, request: web.Request) -> web.Response:
        conversation_id = request.match_info["conversation_id"]
        conversation = self._conversation(request, conversation_id)
        try:
            watermark = int(request.query.get("watermark") or 0)
        except ValueError:
            return web.json_response({"error": "watermark must be a whole number"}, status=400)
        watermark = max(0, min(watermark, len(conversation.activities)))
        return web.json_response({
            "activities": conversation.activities[watermark:],
            "watermark": str(len(conversation.activities)),
        })

    async def _from_user(self, request: web.Request) -> web.Response:
        conversation_id = request.match_info["conversation_id"]
        conversation = self._conversation(request, conversation_id)
        try:
            activity = await request.json()
        except ValueError:
            return web.json_response({"error": "the body is not valid JSON"}, status=400)
        if not isinstance(activity, dict) or not isinstance(activity.get("type"), str):
            return web.json_response({"error": "an activity needs a type"}, status=400)
        activity["from"] = dict(conversation.user)
        # Refused here as /api/messages refuses it, with the reason (the real Direct Line
        # answers a bad activity with a 400 too): taken, its turn failed with no word to anyone.
        problem = self._problem(self._turn_activity(request, conversation_id, activity))
        if problem is not None:
            return web.json_response({"error": {"code": "BadArgument", "message": problem}},
                                     status=400)
        activity_id = self._add(conversation_id, conversation, activity)
        if activity["type"] in ("message", "event", "invoke"):
            self._start_turn(request, conversation_id, activity)
        return web.json_response({"id": activity_id})

    # -- connector (the bot's replies) ----------------------------------------------------------

    async def _from_bot(self, request: web.Request) -> web.Response:
        conversation_id = request.match_info["conversation_id"]
        conversation = self._conversations.get(conversation_id)
        if conversation is None:
            raise web.HTTPNotFound()
        try:
            activity = await request.json()
        except ValueError:
            return web.json_response({"error": "the body is not valid JSON"}, status=400)
        if not isinstance(activity, dict):
            return web.json_response({"error": "an activity must be an object"}, status=400)
        activity.pop("id", None)
        if "reply_to" in request.match_info:
            activity.setdefault("replyToId", request.match_info["reply_to"])
        activity["from"] = {**dict(BOT_ACCOUNT), **(activity.get("from") or {}), "role": "bot"}
        return web.json_response({"id": self._add(conversation_id, conversation, activity)})

    # -- helpers ---------------------------------------------------------------------------------

    def _conversation(self, request: web.Request, conversation_id: str) -> _Conversation:
        conversation = self._conversations.get(conversation_id)
        if conversation is None or conversation.user["id"] != _bearer(request):
            raise web.HTTPNotFound()
        return conversation

    def _add(
        self, conversation_id: str, conversation: _Conversation, activity: dict[str, Any]
    ) -> str:
        activity_id = f"{conversation_id}|{len(conversation.activities):07d}"
        activity.update({
            "id": activity_id, "channelId": CHANNEL_ID,
            "conversation": {"id": conversation_id},
            "timestamp": datetime.now(UTC).isoformat().replace("+00:00", "Z"),
        })
        if len(conversation.activities) < MAX_ACTIVITIES:
            conversation.activities.append(activity)
        return activity_id

    def _turn_activity(
        self, request: web.Request, conversation_id: str, activity: dict[str, Any]
    ) -> dict[str, Any]:
        """The activity as the bot gets it: from the conversation's person, to ERA, with a
        service URL back to this server."""
        conversation = self._conversations[conversation_id]
        turn = dict(activity)
        turn.update({
            "id": turn.get("id") or uuid.uuid4().hex,
            "channelId": CHANNEL_ID,
            "serviceUrl": f"{request.scheme}://{request.host}",
            "from": dict(conversation.user),
            "recipient": dict(BOT_ACCOUNT),
            "conversation": {"id": conversation_id, "conversationType": "personal"},
            "timestamp": datetime.now(UTC).isoformat(),
        })
        return turn

    def _start_turn(
        self, request: web.Request, conversation_id: str, activity: dict[str, Any]
    ) -> None:
        turn = self._turn_activity(request, conversation_id, activity)
        task = asyncio.create_task(self._turn(turn))
        self._turns.add(task)
        task.add_done_callback(self._turns.discard)

    async def _turn(self, activity: dict[str, Any]) -> None:
        try:
            await self._run_turn(activity)
        except Exception:
            logger.exception("local Web Chat turn failed")


async def _start_locale(request: web.Request) -> str | None:
    """The locale Web Chat starts the conversation in (DirectLineJS posts
    `conversationStartProperties.locale` as the body's `locale`), when it is a language tag."""
    if not request.can_read_body:
        return None
    try:
        body = await request.json()
    except ValueError:
        return None
    locale = body.get("locale") if isinstance(body, dict) else None
    if isinstance(locale, str) and _LOCALE.fullmatch(locale):
        return locale
    return None


def _bearer(request: web.Request) -> str:
    header = request.headers.get("Authorization", "")
    return header[7:].strip() if header[:7].lower() == "bearer " else ""
