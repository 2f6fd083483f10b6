"""Bot Framework credentials that do not block the event loop.

botbuilder's credential factory builds new MicrosoftAppCredentials (and so a new MSAL app with
an empty token cache) for every turn, and the connector asks them for a token synchronously, on
the event loop: in production every turn would wait on an HTTPS round trip to Entra ID with the
whole process blocked. This factory keeps one credentials object per (app, scope, authority),
so MSAL's token cache lives on, and fetches or refreshes the token in a worker thread before the
connector asks for it, so the connector's synchronous call is a cache hit.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable
from typing import Any

from botframework.connector.auth import ServiceClientCredentialsFactory

logger = logging.getLogger(__name__)

TokenWarmer = Callable[[Any], str]


def _get_access_token(credentials: Any) -> str:
    token: str = credentials.get_access_token()
    return token


class CachedCredentialFactory(ServiceClientCredentialsFactory):  # type: ignore[misc]
    """Wraps a credential factory: one credentials object per key, tokens warmed off the
    loop."""

    def __init__(
        self, inner: ServiceClientCredentialsFactory, *, warm: TokenWarmer = _get_access_token
    ) -> None:
        self._inner = inner
        self._warm = warm
        self._cache: dict[tuple[str, str, str, bool], Any] = {}
        self._locks: dict[tuple[str, str, str, bool], asyncio.Lock] = {}

    async def is_valid_app_id(self, app_id: str) -> bool:
        """As the wrapped factory says."""
        valid: bool = await self._inner.is_valid_app_id(app_id)
        return valid

    async def is_authentication_disabled(self) -> bool:
        """As the wrapped factory says."""
        disabled: bool = await self._inner.is_authentication_disabled()
        return disabled

    async def create_credentials(
        self, app_id: str, oauth_scope: str, login_endpoint: str, validate_authority: bool
    ) -> Any:
        """The cached credentials, with a fresh token already in their cache."""
        if await self.is_authentication_disabled():
            return await self._inner.create_credentials(
                app_id, oauth_scope, login_endpoint, validate_authority
            )
        key = (app_id or "", oauth_scope or "", login_endpoint or "", validate_authority)
        lock = self._locks.setdefault(key, asyncio.Lock())
        async with lock:
            credentials = self._cache.get(key)
            if credentials is None:
                credentials = await self._inner.create_credentials(
                    app_id, oauth_scope, login_endpoint, validate_authority
                )
                self._cache[key] = credentials
            # MSAL answers from its cache when the token is fresh, else renews it: either way,
            # in a thread, so the connector's own synchronous call later is a cache hit.
            await asyncio.to_thread(self._warm, credentials)
        return credentials
