"""Signed-in users for the fake Graph server: ``GET /me`` with a delegated (user) token.

`FakeSignedInUsers(server)` registers the route on a `FakeGraphServer` (before `start()`);
`issue(object_id, display_name)` makes a user token the server accepts (as the token service
would hand out after the user signed in through the bot's OAuth connection). ``/me`` answers
the token's user with the ``$select``-ed properties; with the app token it answers 400
``BadRequest`` as Graph does (``/me`` needs a delegated token).
"""

from __future__ import annotations

import uuid
from dataclasses import dataclass

from aiohttp import web

from tests.fakes.graph_server import FakeGraphServer, error_response, json_response


@dataclass(frozen=True)
class SignedInUser:
    """A user of the fake tenant."""

    object_id: str
    display_name: str
    user_principal_name: str


class FakeSignedInUsers:
    """``/me`` for the users it issued tokens to."""

    def __init__(self, server: FakeGraphServer) -> None:
        self._server = server
        self.users: dict[str, SignedInUser] = {}
        server.route("GET", "/me", self._me)

    def issue(self, object_id: str, display_name: str, upn: str = "") -> str:
        """A new delegated token for the user (known to the server from now on)."""
        token = f"user-token-{uuid.uuid4().hex}"
        self.users[object_id] = SignedInUser(
            object_id, display_name, upn or f"{display_name.split()[0].lower()}@contoso.example"
        )
        self._server.delegated_tokens[token] = object_id
        return token

    def revoke(self, token: str) -> None:
        """The token stops working (expired or revoked)."""
        self._server.delegated_tokens.pop(token, None)

    async def _me(self, request: web.Request) -> web.StreamResponse:
        token = request.headers.get("Authorization", "").removeprefix("Bearer ")
        object_id = self._server.delegated_tokens.get(token)
        if object_id is None:
            return error_response(400, "BadRequest", "/me request is only valid with delegated "
                                  "authentication flow.")
        user = self.users[object_id]
        document = {"id": user.object_id, "displayName": user.display_name,
                    "userPrincipalName": user.user_principal_name,
                    "mail": user.user_principal_name}
        selected = request.query.get("$select")
        if selected:
            wanted = {name.strip() for name in selected.split(",")}
            document = {key: value for key, value in document.items() if key in wanted}
        return json_response({"@odata.context": "https://graph.microsoft.com/v1.0/$metadata"
                              "#users/$entity", **document})
