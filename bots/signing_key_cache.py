"""The signing keys of one token issuer, read from its OpenID metadata and kept in memory.

The Bot Connector service and Entra ID (for the Emulator) publish the public keys their tokens
are signed with: an OpenID metadata document names a JWKS document, which lists the keys by key
id (`kid`), each with the channels it is endorsed for. This cache fetches both with aiohttp under
a total timeout (never blocking the event loop), shares one fetch among every request waiting
for it, keeps the keys for a day and refreshes them in the background after that (old keys stay
in use while the refresh runs or when it fails), fetches again at most every few minutes when a
token names a key it does not know (keys roll over), and remembers a failure for a while so that
requests arriving while the endpoint is down are refused at once instead of each waiting for it.
"""

from __future__ import annotations

import asyncio
import json
import logging
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

import aiohttp
from jwt.algorithms import RSAAlgorithm

logger = logging.getLogger(__name__)

KEYS_TTL_SECONDS = 24 * 3600.0
UNKNOWN_KEY_REFRESH_SECONDS = 300.0
FAILURE_RETRY_SECONDS = 30.0
FETCH_TIMEOUT_SECONDS = 5.0
MAX_DOCUMENT_BYTES = 512 * 1024

Monotonic = Callable[[], float]


class SigningKeysUnavailable(Exception):
    """The issuer's signing keys cannot be had now (endpoint down, slow or answering nonsense)."""


@dataclass(frozen=True)
class SigningKey:
    """One public key and the channels it is endorsed for (empty: no endorsement list)."""

    kid: str
    public_key: Any
    endorsements: frozenset[str]


class SigningKeyCache:
    """The signing keys published at one OpenID metadata URL."""

    def __init__(
        self,
        metadata_url: str,
        *,
        fetch_timeout_seconds: float = FETCH_TIMEOUT_SECONDS,
        keys_ttl_seconds: float = KEYS_TTL_SECONDS,
        unknown_key_refresh_seconds: float = UNKNOWN_KEY_REFRESH_SECONDS,
        failure_retry_seconds: float = FAILURE_RETRY_SECONDS,
        clock: Monotonic = time.monotonic,
    ) -> None:
        self._metadata_url = metadata_url
        self._timeout = aiohttp.ClientTimeout(total=fetch_timeout_seconds)
        self._ttl = keys_ttl_seconds
        self._unknown_key_refresh = unknown_key_refresh_seconds
        self._failure_retry = failure_retry_seconds
        self._clock = clock
        self._keys: dict[str, SigningKey] | None = None
        self._fetched_at = float("-inf")
        self._failed_at = float("-inf")
        self._fetch: asyncio.Task[None] | None = None
        self._session: aiohttp.ClientSession | None = None

    @property
    def metadata_url(self) -> str:
        """Where the keys are published."""
        return self._metadata_url

    async def key(self, kid: str) -> SigningKey | None:
        """The key with this id, or None when the issuer does not publish it.

        Raises SigningKeysUnavailable when no keys could be fetched (and none are cached).
        """
        now = self._clock()
        if self._keys is None:
            if now < self._failed_at + self._failure_retry:
                raise SigningKeysUnavailable(f"keys from {self._metadata_url} failed recently")
            await self._fetch_shared()
            if self._keys is None:
                raise SigningKeysUnavailable(f"keys from {self._metadata_url} could not be fetched")
        elif now >= self._fetched_at + self._ttl and self._may_fetch(now):
            self._start_fetch()  # the cached keys serve this request meanwhile
        found = self._keys.get(kid)
        if found is None and now >= self._fetched_at + self._unknown_key_refresh and (
            self._may_fetch(now)
        ):
            await self._fetch_shared()
            found = self._keys.get(kid)
        return found

    async def close(self) -> None:
        """Stop a running fetch and close the HTTP session."""
        if self._fetch is not None and not self._fetch.done():
            self._fetch.cancel()
        if self._session is not None:
            await self._session.close()

    def _may_fetch(self, now: float) -> bool:
        return now >= self._failed_at + self._failure_retry

    def _start_fetch(self) -> asyncio.Task[None]:
        if self._fetch is None or self._fetch.done():
            self._fetch = asyncio.create_task(self._refresh())
        return self._fetch

    async def _fetch_shared(self) -> None:
        # shield: a caller that gives up (its client went away) does not cancel the others' fetch.
        await asyncio.shield(self._start_fetch())

    async def _refresh(self) -> None:
        try:
            keys = await self._download()
        except Exception as error:  # any failure: the endpoint's, the network's or the JSON's
            self._failed_at = self._clock()
            logger.warning("signing keys from %s unavailable: %s", self._metadata_url,
                           type(error).__name__)
            return
        self._keys = keys
        self._fetched_at = self._clock()
        logger.info("signing keys from %s: %d key(s)", self._metadata_url, len(keys))

    async def _download(self) -> dict[str, SigningKey]:
        if self._session is None or self._session.closed:
            self._session = aiohttp.ClientSession(timeout=self._timeout)
        async with asyncio.timeout(self._timeout.total):
            metadata = await self._get_json(self._metadata_url)
            jwks_uri = metadata.get("jwks_uri")
            if not isinstance(jwks_uri, str) or not jwks_uri.startswith(("https://", "http://")):
                raise ValueError("the OpenID metadata names no jwks_uri")
            document = await self._get_json(jwks_uri)
        entries = document.get("keys")
        if not isinstance(entries, list):
            raise ValueError("the JWKS document has no key list")
        keys = {key.kid: key for key in map(_signing_key, entries) if key is not None}
        if not keys:
            raise ValueError("the JWKS document has no usable RSA key")
        return keys

    async def _get_json(self, url: str) -> Mapping[str, Any]:
        assert self._session is not None
        async with self._session.get(url) as response:
            response.raise_for_status()
            raw = await response.content.read(MAX_DOCUMENT_BYTES + 1)
        if len(raw) > MAX_DOCUMENT_BYTES:
            raise ValueError("the document is too large")
        document = json.loads(raw)
        if not isinstance(document, dict):
            raise ValueError("the document is not a JSON object")
        return document


def _signing_key(entry: Any) -> SigningKey | None:
    """One JWKS entry as a key, or None for entries that are not usable RSA keys."""
    if not isinstance(entry, dict) or entry.get("kty") != "RSA":
        return None
    kid = entry.get("kid")
    endorsements = entry.get("endorsements", [])
    if not isinstance(kid, str) or not kid or not isinstance(endorsements, list):
        return None
    try:
        public_key = RSAAlgorithm.from_jwk(entry)
    except Exception:  # a malformed key must not spoil the others
        return None
    return SigningKey(
        kid=kid,
        public_key=public_key,
        endorsements=frozenset(e for e in endorsements if isinstance(e, str)),
    )
