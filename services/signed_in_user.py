"""Who a signed-in user is, read from Microsoft Graph with their own token (``GET /me``).

The token comes from the Azure Bot's OAuth connection (AAD v2, scopes ``openid profile
User.Read``); ``/me?$select=id,displayName,userPrincipalName,mail`` gives the Entra object id
ERA links the channel account to. A refused token, a timeout or an answer without an id raises
BackendError("graph_me", ...).
"""

from __future__ import annotations

import logging
from dataclasses import dataclass

import aiohttp

from core.errors import BackendError
from core.turn_deadline import remaining_seconds

logger = logging.getLogger(__name__)

SERVICE = "graph_me"
_SELECT = "id,displayName,userPrincipalName,mail"
_MIN_TIMEOUT_SECONDS = 0.2


@dataclass(frozen=True)
class SignedInUser:
    """The Entra user a token belongs to."""

    aad_object_id: str
    display_name: str = ""
    user_principal_name: str = ""


class SignedInUserReader:
    """Reads ``/me`` with a user's delegated token."""

    def __init__(
        self, *, session: aiohttp.ClientSession, graph_base_url: str, timeout_seconds: float
    ) -> None:
        self._session = session
        self._url = graph_base_url.rstrip("/") + "/me"
        self._timeout = timeout_seconds

    async def read(self, user_token: str) -> SignedInUser:
        """The user the token was issued to."""
        left = remaining_seconds()
        timeout = self._timeout if left is None else max(_MIN_TIMEOUT_SECONDS,
                                                         min(self._timeout, left))
        try:
            async with self._session.get(
                self._url, params={"$select": _SELECT},
                headers={"Authorization": f"Bearer {user_token}", "Accept": "application/json"},
                timeout=aiohttp.ClientTimeout(total=timeout),
            ) as response:
                if response.status != 200:
                    raise BackendError(SERVICE, f"GET /me: HTTP {response.status}")
                body = await response.json(content_type=None)
        except (aiohttp.ClientError, TimeoutError, ValueError) as error:
            raise BackendError(SERVICE, f"GET /me: {type(error).__name__}") from error
        object_id = body.get("id") if isinstance(body, dict) else None
        if not isinstance(object_id, str) or not object_id:
            raise BackendError(SERVICE, "GET /me: no id in the answer")
        return SignedInUser(
            aad_object_id=object_id,
            display_name=str(body.get("displayName") or ""),
            user_principal_name=str(body.get("userPrincipalName") or ""),
        )
