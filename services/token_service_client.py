"""A thin async client for the Bot Framework token service (the Azure Bot's OAuth connections).

The same REST calls botbuilder's UserTokenClient makes (botframework-connector's token API,
``api-version=token``), on one shared aiohttp session with a timeout cut to the turn's budget:

- ``GET /api/botsignin/GetSignInResource?state=`` — the sign-in link (and token exchange
  resources) for a base64 TokenExchangeState naming the connection, the conversation and the app;
- ``GET /api/usertoken/GetToken?userId&connectionName&channelId[&code]`` — the user's token, 200
  with a TokenResponse or 404 when there is none (or the magic code is wrong or expired);
- ``DELETE /api/usertoken/SignOut?userId&connectionName&channelId``;
- ``GET /api/usertoken/GetTokenStatus?userId&channelId[&include]``.

Calls carry the bot's own token (scope api.botframework.com, the one replies use) when Bot
Framework authentication is on. Failures (no answer, a timeout, a 5xx, a refused bot token)
raise BackendError("token_service", ...); the client knows nothing about botbuilder's types.
"""

from __future__ import annotations

import base64
import json
import logging
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any

import aiohttp

from core.errors import BackendError
from core.turn_deadline import remaining_seconds

logger = logging.getLogger(__name__)

SERVICE = "token_service"
DEFAULT_TOKEN_SERVICE_URL = "https://api.botframework.com"
API_VERSION = "token"
_MIN_TIMEOUT_SECONDS = 0.2

BotTokenGetter = Callable[[], Awaitable[str]]
"""Returns the bot's bearer token for the token service."""


@dataclass(frozen=True)
class UserToken:
    """A user's token for a connection, as the token service hands it out."""

    connection_name: str
    token: str
    expiration: str = ""
    channel_id: str = ""


@dataclass(frozen=True)
class SignInResource:
    """Where the user signs in, and the resources a channel may use for SSO."""

    sign_in_link: str
    token_exchange_resource: dict[str, Any] | None = None
    token_post_resource: dict[str, Any] | None = None


@dataclass(frozen=True)
class TokenStatus:
    """Whether the user has a token for one connection."""

    connection_name: str
    has_token: bool
    provider_display_name: str = ""


def token_exchange_state(
    *, connection_name: str, conversation: dict[str, Any], app_id: str,
    relates_to: dict[str, Any] | None = None,
) -> str:
    """The base64 TokenExchangeState the sign-in calls take (as UserTokenClient builds it):
    `conversation` is the activity's ConversationReference as JSON."""
    state = {"connectionName": connection_name, "conversation": conversation,
             "relatesTo": relates_to, "msAppId": app_id}
    return base64.b64encode(json.dumps(state).encode("utf-8")).decode("ascii")


class TokenServiceClient:
    """The user-token calls ERA needs, against one token service endpoint."""

    def __init__(
        self,
        *,
        session: aiohttp.ClientSession,
        base_url: str = DEFAULT_TOKEN_SERVICE_URL,
        bot_token: BotTokenGetter | None,
        timeout_seconds: float,
    ) -> None:
        """`bot_token` is None when Bot Framework authentication is off (local development)."""
        self._session = session
        self._base_url = base_url.rstrip("/")
        self._bot_token = bot_token
        self._timeout = timeout_seconds

    async def get_sign_in_resource(self, state: str) -> SignInResource:
        """The sign-in link for a TokenExchangeState (see `token_exchange_state`)."""
        status, body = await self._call("GET", "/api/botsignin/GetSignInResource",
                                        {"state": state})
        if status != 200 or not isinstance(body, dict) or not isinstance(
            body.get("signInLink"), str
        ):
            raise BackendError(SERVICE, f"GetSignInResource: HTTP {status}")
        return SignInResource(
            sign_in_link=body["signInLink"],
            token_exchange_resource=_object_or_none(body.get("tokenExchangeResource")),
            token_post_resource=_object_or_none(body.get("tokenPostResource")),
        )

    async def get_token(
        self, *, user_id: str, connection_name: str, channel_id: str, code: str | None = None
    ) -> UserToken | None:
        """The user's token, or None when they have none (or `code` is wrong or expired)."""
        query = {"userId": user_id, "connectionName": connection_name, "channelId": channel_id}
        if code:
            query["code"] = code
        status, body = await self._call("GET", "/api/usertoken/GetToken", query)
        if status == 404:
            return None
        if status != 200 or not isinstance(body, dict):
            raise BackendError(SERVICE, f"GetToken: HTTP {status}")
        token = body.get("token")
        if not isinstance(token, str) or not token:
            return None
        return UserToken(
            connection_name=str(body.get("connectionName") or connection_name),
            token=token,
            expiration=str(body.get("expiration") or ""),
            channel_id=str(body.get("channelId") or channel_id),
        )

    async def sign_out(self, *, user_id: str, connection_name: str, channel_id: str) -> None:
        """Drop the user's token for the connection (nothing happens when there is none)."""
        status, _ = await self._call(
            "DELETE", "/api/usertoken/SignOut",
            {"userId": user_id, "connectionName": connection_name, "channelId": channel_id},
        )
        if status not in (200, 204, 404):
            raise BackendError(SERVICE, f"SignOut: HTTP {status}")

    async def get_token_status(
        self, *, user_id: str, channel_id: str, include: str | None = None
    ) -> list[TokenStatus]:
        """Which connections the user has a token for."""
        query = {"userId": user_id, "channelId": channel_id}
        if include:
            query["include"] = include
        status, body = await self._call("GET", "/api/usertoken/GetTokenStatus", query)
        if status != 200 or not isinstance(body, list):
            raise BackendError(SERVICE, f"GetTokenStatus: HTTP {status}")
        return [
            TokenStatus(
                connection_name=str(item.get("connectionName") or ""),
                has_token=bool(item.get("hasToken")),
                provider_display_name=str(item.get("serviceProviderDisplayName") or ""),
            )
            for item in body if isinstance(item, dict)
        ]

    async def _call(
        self, method: str, path: str, query: dict[str, str]
    ) -> tuple[int, Any]:
        """The HTTP status and the JSON body (None when there is none) of one call."""
        headers = {"Accept": "application/json"}
        if self._bot_token is not None:
            headers["Authorization"] = "Bearer " + await self._bot_token()
        left = remaining_seconds()
        timeout = self._timeout if left is None else max(_MIN_TIMEOUT_SECONDS,
                                                         min(self._timeout, left))
        name = path.rsplit("/", 1)[-1]
        try:
            async with self._session.request(
                method, self._base_url + path, params={**query, "api-version": API_VERSION},
                headers=headers, timeout=aiohttp.ClientTimeout(total=timeout),
            ) as response:
                logger.debug("token service %s %s -> %d", method, name, response.status)
                if response.status in (401, 403) or response.status >= 500:
                    raise BackendError(SERVICE, f"{name}: HTTP {response.status}")
                body: Any = None
                if response.content_type == "application/json":
                    try:
                        body = await response.json()
                    except ValueError:
                        body = None
                return response.status, body
        except (aiohttp.ClientError, TimeoutError) as error:
            raise BackendError(SERVICE, f"{name}: {type(error).__name__}") from error


def _object_or_none(value: Any) -> dict[str, Any] | None:
    return value if isinstance(value, dict) else None
