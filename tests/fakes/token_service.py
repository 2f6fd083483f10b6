"""A local fake of the Bot Framework token service (api.botframework.com) for HTTP-level tests.

`FakeTokenService` is an aiohttp app on 127.0.0.1 serving the endpoints botbuilder's
UserTokenClient calls, with their shapes (``api-version=token`` required):

- ``GET /api/botsignin/GetSignInResource?state=`` — the base64 TokenExchangeState must name the
  configured connection and a conversation with a user; answers ``{"signInLink",
  "tokenExchangeResource", "tokenPostResource"}``.
- ``GET /api/botsignin/GetSignInUrl?state=`` — the link alone, as text.
- ``GET /api/usertoken/GetToken?userId&connectionName&channelId[&code]`` — 200 TokenResponse
  ``{"channelId", "connectionName", "token", "expiration"}`` or 404. A magic code releases the
  token only for the user, connection and channel it was issued for, once, before it expires.
- ``DELETE /api/usertoken/SignOut?userId[&connectionName]&channelId`` — drops the tokens.
- ``GET /api/usertoken/GetTokenStatus?userId&channelId`` — ``[{"channelId", "connectionName",
  "hasToken", "serviceProviderDisplayName"}]``.

What the user does in the browser is `complete_sign_in`: with ``magic_code=True`` (Slack: no
``tokens/response`` event) the token waits for the 6-digit code it returns; otherwise it is
stored at once (a channel that then sends the event). `down = True` answers 503 to everything;
`bot_token` makes the bearer token required. Every request is recorded.
"""

from __future__ import annotations

import base64
import binascii
import json
import secrets
import time
from dataclasses import dataclass
from typing import Any

from aiohttp import web

CODE_LIFETIME_SECONDS = 300.0


@dataclass(frozen=True)
class RecordedCall:
    """A request the fake received."""

    method: str
    path: str
    query: dict[str, str]
    authorization: str


@dataclass
class _PendingCode:
    code: str
    token: str
    expires: float


class FakeTokenService:
    """The fake token service (see the module docstring). Use `async with FakeTokenService()`."""

    def __init__(self, *, connection_name: str = "era-entra",
                 bot_token: str | None = None) -> None:
        self.connection_name = connection_name
        self.bot_token = bot_token
        self.down = False
        self.calls: list[RecordedCall] = []
        self.tokens: dict[tuple[str, str, str], str] = {}
        self.states: list[dict[str, Any]] = []
        self._codes: dict[tuple[str, str, str], _PendingCode] = {}
        self._app = web.Application(middlewares=[self._middleware])
        self._app.router.add_get("/api/botsignin/GetSignInResource", self._sign_in_resource)
        self._app.router.add_get("/api/botsignin/GetSignInUrl", self._sign_in_url)
        self._app.router.add_get("/api/usertoken/GetToken", self._get_token)
        self._app.router.add_delete("/api/usertoken/SignOut", self._sign_out)
        self._app.router.add_get("/api/usertoken/GetTokenStatus", self._token_status)
        self._runner: web.AppRunner | None = None
        self.url = ""

    async def __aenter__(self) -> FakeTokenService:
        self._runner = web.AppRunner(self._app, shutdown_timeout=0.5)
        await self._runner.setup()
        site = web.TCPSite(self._runner, "127.0.0.1", 0)
        await site.start()
        host, port = self._runner.addresses[0][:2]
        self.url = f"http://{host}:{port}"
        return self

    async def __aexit__(self, *exc_info: object) -> None:
        if self._runner is not None:
            await self._runner.cleanup()
            self._runner = None

    # What the user does in the browser

    def complete_sign_in(self, *, user_id: str, channel_id: str, token: str,
                         magic_code: bool = True) -> str | None:
        """The user signed in on the sign-in page: the token is held for the magic code (which
        is returned), or stored at once."""
        key = (user_id, self.connection_name, channel_id)
        if not magic_code:
            self.tokens[key] = token
            return None
        code = f"{secrets.randbelow(10**6):06d}"
        self._codes[key] = _PendingCode(code, token, time.monotonic() + CODE_LIFETIME_SECONDS)
        return code

    def expire_codes(self) -> None:
        """Every magic code waiting to be typed expires."""
        for pending in self._codes.values():
            pending.expires = 0.0

    def calls_to(self, name: str) -> list[RecordedCall]:
        """The recorded calls to one endpoint ("GetToken", "SignOut", ...)."""
        return [call for call in self.calls if call.path.endswith("/" + name)]

    # Endpoints

    @web.middleware
    async def _middleware(self, request: web.Request, handler: Any) -> web.StreamResponse:
        authorization = request.headers.get("Authorization", "")
        self.calls.append(RecordedCall(request.method, request.path, dict(request.query),
                                       authorization))
        if self.down:
            return _error(503, "ServiceUnavailable", "The service is unavailable.")
        if self.bot_token is not None and authorization != f"Bearer {self.bot_token}":
            return _error(401, "Unauthorized", "Authorization has been denied.")
        if request.query.get("api-version") != "token":
            return _error(400, "BadArgument", "api-version must be 'token'.")
        return await handler(request)  # type: ignore[no-any-return]

    def _state(self, request: web.Request) -> dict[str, Any] | None:
        try:
            state = json.loads(base64.b64decode(request.query.get("state", ""), validate=True))
        except (binascii.Error, ValueError):
            return None
        if not isinstance(state, dict) or state.get("connectionName") != self.connection_name:
            return None
        conversation = state.get("conversation")
        user = conversation.get("user") if isinstance(conversation, dict) else None
        if not isinstance(user, dict) or not user.get("id"):
            return None
        self.states.append(state)
        return state

    def _link_for(self, state: dict[str, Any]) -> str:
        return f"{self.url}/api/oauth/signin?signin={secrets.token_urlsafe(16)}"

    async def _sign_in_resource(self, request: web.Request) -> web.StreamResponse:
        state = self._state(request)
        if state is None:
            return _error(400, "BadArgument", "The state is not a valid TokenExchangeState.")
        return web.json_response({
            "signInLink": self._link_for(state),
            "tokenExchangeResource": {"id": secrets.token_hex(8),
                                      "uri": "api://botid-era/access_as_user",
                                      "providerId": "fake-aadv2"},
            "tokenPostResource": {"sasUrl": f"{self.url}/api/sas/{secrets.token_hex(8)}"},
        })

    async def _sign_in_url(self, request: web.Request) -> web.StreamResponse:
        state = self._state(request)
        if state is None:
            return _error(400, "BadArgument", "The state is not a valid TokenExchangeState.")
        return web.Response(text=self._link_for(state), content_type="text/plain")

    async def _get_token(self, request: web.Request) -> web.StreamResponse:
        query = request.query
        user_id, connection = query.get("userId", ""), query.get("connectionName", "")
        channel_id = query.get("channelId", "")
        if not user_id or not connection:
            return _error(400, "BadArgument", "userId and connectionName are required.")
        if connection != self.connection_name:
            return _error(400, "BadArgument", f"Unknown connection '{connection}'.")
        key = (user_id, connection, channel_id)
        code = query.get("code")
        if code:
            pending = self._codes.get(key)
            if pending is None or pending.code != code or pending.expires < time.monotonic():
                return web.json_response(None, status=404)
            del self._codes[key]
            self.tokens[key] = pending.token
        token = self.tokens.get(key)
        if token is None:
            return web.json_response(None, status=404)
        return web.json_response({"channelId": channel_id, "connectionName": connection,
                                  "token": token, "expiration": "2099-01-01T00:00:00Z"})

    async def _sign_out(self, request: web.Request) -> web.StreamResponse:
        query = request.query
        user_id, channel_id = query.get("userId", ""), query.get("channelId", "")
        connection = query.get("connectionName")
        for key in list(self.tokens):
            if key[0] == user_id and key[2] == channel_id and connection in (None, key[1]):
                del self.tokens[key]
        return web.json_response({})

    async def _token_status(self, request: web.Request) -> web.StreamResponse:
        query = request.query
        key = (query.get("userId", ""), self.connection_name, query.get("channelId", ""))
        return web.json_response([{
            "channelId": key[2], "connectionName": self.connection_name,
            "hasToken": key in self.tokens,
            "serviceProviderDisplayName": "Azure Active Directory v2",
        }])


def _error(status: int, code: str, message: str) -> web.Response:
    return web.json_response({"error": {"code": code, "message": message}}, status=status)
