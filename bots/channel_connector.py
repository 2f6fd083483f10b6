"""Sends the bot's activities to the channel's connector service (Bot Framework REST API v3).

One keep-alive HTTP client for the whole process (core/keepalive_http.py, lighter than
aiohttp's client on the reply path), and a bearer token fetched from Entra ID only when it is near
expiry (in a worker thread: MSAL is synchronous), instead of botbuilder's
ConnectorClient built for every activity (its msrest retry policy alone costs ~10 ms per turn)
with replies posted through `requests` in a thread pool. Every call has a timeout that fits in
the turn's budget. A service URL is parsed once, not for every reply: the paths added to it are
percent-encoded here.
"""

from __future__ import annotations

import asyncio
import json
import logging
import time
from collections.abc import Callable
from typing import Any
from urllib.parse import quote

import orjson
from botbuilder.schema import Activity, ResourceResponse
from yarl import URL

from core.errors import BackendError
from core.keepalive_http import HttpProtocolError, KeepAliveHttpClient, Origin
from core.turn_deadline import remaining_seconds
from state.activity_json import to_json_text

logger = logging.getLogger(__name__)

SERVICE = "connector"
_TOKEN_REFRESH_MARGIN = 5 * 60
_TOKEN_LIFETIME_GUESS = 45 * 60
# Service URLs seen (one per channel and region in practice); past this the cache starts over.
_MAX_SERVICE_URLS = 256

TokenFetcher = Callable[[], str]
"""Returns a fresh bearer token for the connector (synchronous, called in a thread)."""


class BotToken:
    """The bot's connector token: cached, renewed off the event loop, one renewal at a time."""

    def __init__(self, fetch: TokenFetcher, *, clock: Callable[[], float] = time.monotonic):
        self._fetch = fetch
        self._clock = clock
        self._token = ""
        self._good_until = 0.0
        self._lock = asyncio.Lock()

    async def get(self) -> str:
        """A token valid for at least a few minutes."""
        if self._token and self._clock() < self._good_until:
            return self._token
        async with self._lock:
            if not (self._token and self._clock() < self._good_until):
                self._token = await asyncio.to_thread(self._fetch)
                self._good_until = self._clock() + _TOKEN_LIFETIME_GUESS - _TOKEN_REFRESH_MARGIN
        return self._token

    def forget(self) -> None:
        """Drop the cached token (the connector refused it)."""
        self._good_until = 0.0


class ChannelConnector:
    """POST / PUT / DELETE activities on the connector named by each activity's serviceUrl."""

    def __init__(self, *, token: BotToken | None, timeout_seconds: float) -> None:
        """`token` is None when Bot Framework authentication is off (local development)."""
        self._token = token
        self._timeout = timeout_seconds
        self._http = KeepAliveHttpClient()
        self._service_urls: dict[str, tuple[Origin, str]] = {}

    async def close(self) -> None:
        """Close the kept-alive connections."""
        await self._http.close()

    async def send(self, activity: Activity, *, text: str | None = None) -> ResourceResponse:
        """Send one activity to its conversation (as a reply when it has `reply_to_id`);
        `text` is the activity's JSON when the caller already has it."""
        conversation_id = quote(activity.conversation.id, safe="")
        path = f"/v3/conversations/{conversation_id}/activities"
        if activity.reply_to_id:
            path += "/" + quote(activity.reply_to_id, safe="")
        body = await self._call("POST", activity.service_url, path,
                                text if text is not None else to_json_text(activity))
        return ResourceResponse(id=(body or {}).get("id", ""))

    async def update(self, activity: Activity) -> ResourceResponse:
        """Replace an activity the bot sent earlier."""
        conversation_id = quote(activity.conversation.id, safe="")
        path = f"/v3/conversations/{conversation_id}/activities/{quote(activity.id, safe='')}"
        body = await self._call("PUT", activity.service_url, path, to_json_text(activity))
        return ResourceResponse(id=(body or {}).get("id", activity.id))

    async def delete(self, service_url: str, conversation_id: str, activity_id: str) -> None:
        """Delete an activity the bot sent earlier."""
        path = (f"/v3/conversations/{quote(conversation_id, safe='')}/activities/"
                f"{quote(activity_id, safe='')}")
        await self._call("DELETE", service_url, path, None)

    async def create_personal_conversation(
        self, service_url: str, *, bot: dict[str, Any], member: dict[str, Any],
        tenant_id: str | None,
    ) -> str:
        """Open (or find) the one-to-one conversation between the bot and a member; its id."""
        body: dict[str, Any] = {"bot": bot, "members": [member], "isGroup": False}
        if tenant_id:
            body["tenantId"] = tenant_id
            body["channelData"] = {"tenant": {"id": tenant_id}}
        answer = await self._call("POST", service_url, "/v3/conversations", body)
        conversation_id = (answer or {}).get("id")
        if not isinstance(conversation_id, str) or not conversation_id:
            raise BackendError(SERVICE, "create conversation: no id in the answer")
        return conversation_id

    async def _call(
        self, method: str, service_url: str, path: str, body: dict[str, Any] | str | None
    ) -> dict[str, Any] | None:
        origin, base_path = self._service_url(service_url)
        target = base_path + path
        data = None
        if body is not None:
            data = (body if isinstance(body, str) else json.dumps(body)).encode()
        for attempt in (1, 2):
            headers = {"Content-Type": "application/json"} if data is not None else {}
            if self._token is not None:
                headers["Authorization"] = "Bearer " + await self._token.get()
            left = remaining_seconds()
            timeout = self._timeout if left is None else max(0.2, min(self._timeout, left))
            try:
                response = await self._http.request(method, origin, target, headers=headers,
                                                    body=data, timeout=timeout)
            except (OSError, HttpProtocolError, TimeoutError) as error:
                raise BackendError(SERVICE, f"{method} activity: {type(error).__name__}") from error
            if response.status == 401 and self._token is not None and attempt == 1:
                self._token.forget()
                continue
            if response.status >= 300:
                raise BackendError(SERVICE, f"{method} activity: HTTP {response.status}")
            if response.content_type == "application/json":
                answer = orjson.loads(response.body.strip() or b"null")
                return answer if isinstance(answer, dict) else None
            return None
        raise BackendError(SERVICE, f"{method} activity: token refused")

    def _service_url(self, service_url: str) -> tuple[Origin, str]:
        """The service URL's origin, and its path normalised and percent-encoded, without its
        trailing slash."""
        known = self._service_urls.get(service_url)
        if known is None:
            if len(self._service_urls) >= _MAX_SERVICE_URLS:
                self._service_urls.clear()
            url = URL(service_url.rstrip("/"))
            known = (Origin.of(str(url)), url.raw_path.rstrip("/"))
            self._service_urls[service_url] = known
        return known
