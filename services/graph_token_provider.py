"""App-only Microsoft Graph tokens from MSAL (client credentials), cached until shortly before
they expire.

MSAL is synchronous and talks to Entra ID over the network (even building the client fetches the
tenant's metadata), so every MSAL call runs in a worker thread, never on the event loop. Callers
depend on the `TokenSource` Protocol only, so tests hand the Graph client a fixed token instead.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Callable
from typing import Any, Protocol

import msal

from core.errors import BackendError

logger = logging.getLogger(__name__)

GRAPH_SCOPE = "https://graph.microsoft.com/.default"
# Refresh this long before expiry (at most half the lifetime), so a token never runs out in the
# middle of a turn.
_REFRESH_MARGIN_SECONDS = 300.0


class TokenSource(Protocol):
    """Something that hands out a bearer token for Graph."""

    async def get_token(self) -> str:
        """A valid access token."""
        ...

    async def invalidate(self, token: str) -> None:
        """Graph refused `token` (401): forget it, so the next get_token fetches a new one."""
        ...


AcquireToken = Callable[[], dict[str, Any]]


class GraphTokenProvider:
    """Client-credentials tokens for one app registration, cached in memory.

    `acquire` is the synchronous call that fetches a token (MSAL's `acquire_token_for_client`
    by default); it returns MSAL's result dict (access_token and expires_in, or error and
    error_description). `clock` is a monotonic clock in seconds.
    """

    def __init__(
        self,
        *,
        tenant_id: str,
        client_id: str,
        client_secret: str,
        authority_host: str = "https://login.microsoftonline.com",
        acquire: AcquireToken | None = None,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self._authority = f"{authority_host.rstrip('/')}/{tenant_id}"
        self._client_id = client_id
        self._client_secret = client_secret
        self._acquire = acquire or self._acquire_with_msal
        self._clock = clock
        self._app: msal.ConfidentialClientApplication | None = None
        self._token: str | None = None
        self._expires_at = 0.0
        self._lock = asyncio.Lock()

    async def get_token(self) -> str:
        """The cached token, or a new one when it is missing or about to expire."""
        async with self._lock:
            if self._token is not None and self._clock() < self._expires_at:
                return self._token
            try:
                result = await asyncio.to_thread(self._acquire)
            except Exception as error:
                raise BackendError(
                    "graph-auth", f"token request failed ({type(error).__name__})"
                ) from error
            token = result.get("access_token")
            if not token:
                # error_description can quote the request but never the secret; keep it short.
                detail = str(result.get("error_description") or "")[:200]
                raise BackendError("graph-auth", f"{result.get('error', 'no token')}: {detail}")
            lifetime = float(result.get("expires_in") or 0)
            self._token = str(token)
            margin = min(_REFRESH_MARGIN_SECONDS, lifetime / 2)
            self._expires_at = self._clock() + lifetime - margin
            logger.info("graph: acquired an app token valid for %.0f s", lifetime)
            return self._token

    async def invalidate(self, token: str) -> None:
        """Drop the cached token if it is the one Graph refused (a newer one is kept)."""
        async with self._lock:
            if self._token == token:
                self._token = None
                self._expires_at = 0.0
                logger.info("graph: dropped a refused app token")

    def _acquire_with_msal(self) -> dict[str, Any]:
        if self._app is None:
            self._app = msal.ConfidentialClientApplication(
                self._client_id,
                authority=self._authority,
                client_credential=self._client_secret,
            )
        result: dict[str, Any] = self._app.acquire_token_for_client(scopes=[GRAPH_SCOPE])
        return result
