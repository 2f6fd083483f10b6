"""Checks the Bot Framework token on an incoming activity before any turn runs.

The Bot Connector service (Teams, Slack, Web Chat) and the Bot Framework Emulator put a JWT in
`Authorization: Bearer ...`. This module checks it the way botbuilder's JwtTokenValidation
does, without its blocking metadata fetch and without letting a malformed token escape as a 500:

- Bot Connector tokens: issuer `https://api.botframework.com`, audience the bot's app id, the
  `serviceurl` claim equal to the activity's serviceUrl, keys from the Bot Framework OpenID
  metadata, and the key endorsed for the activity's channel.
- Emulator tokens: issued by Entra ID (the Bot Framework tenants, or the bot's own tenant for a
  single-tenant app), keys from Entra's OpenID metadata, `appid` (token version 1.0) or `azp`
  (2.0) and the audience both the bot's app id; accepted for the `emulator` channel only (Teams
  and the other channels always come through the Bot Connector). Skill tokens (another bot
  calling) are refused: ERA is not a skill.
- RS256 only; expiry and not-before with the SDK's five minutes of clock tolerance.

An optional tenant allowlist refuses Teams activities from other Microsoft 365 tenants.
Failures are typed: AuthenticationFailed (answer 401), KeysUnavailable (503), TenantRefused
(403); their messages are short and never contain the token.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

import jwt

from bots.signing_key_cache import FETCH_TIMEOUT_SECONDS, SigningKeyCache, SigningKeysUnavailable

CHANNEL_METADATA_URL = "https://login.botframework.com/v1/.well-known/openidconfiguration"
EMULATOR_METADATA_URL = (
    "https://login.microsoftonline.com/common/v2.0/.well-known/openid-configuration"
)
CHANNEL_ISSUER = "https://api.botframework.com"
# The Entra ID tenants the Bot Framework Emulator's tokens come from (as in botbuilder).
EMULATOR_TENANTS = (
    "d6d49420-f39b-4df7-a1dc-d59a935871db",
    "f8cdef31-a31e-4b4a-93e4-5f571e91255a",
)
ALGORITHM = "RS256"
CLOCK_TOLERANCE_SECONDS = 300
MAX_TOKEN_CHARS = 16_384
TEAMS_CHANNEL = "msteams"
EMULATOR_CHANNEL = "emulator"
_BEARER = re.compile(r"Bearer ([A-Za-z0-9_\-]+\.[A-Za-z0-9_\-]*\.[A-Za-z0-9_\-]*)", re.IGNORECASE)

__all__ = [
    "AuthenticatedCaller", "AuthenticationFailed", "CallerRefused", "KeysUnavailable",
    "RequestAuthenticator", "TenantRefused",
]


class CallerRefused(Exception):
    """The request may not run a turn; `status` is the HTTP answer."""

    status = 401


class AuthenticationFailed(CallerRefused):
    """The token is missing or not valid for this bot (401)."""


class KeysUnavailable(CallerRefused):
    """The signing keys cannot be had right now, so no token can be checked (503)."""

    status = 503


class TenantRefused(CallerRefused):
    """A valid Teams request from a tenant that is not on the allowlist (403)."""

    status = 403


@dataclass(frozen=True)
class AuthenticatedCaller:
    """Who sent a request that passed authentication."""

    app_id: str
    issuer: str
    channel_id: str
    from_emulator: bool
    claims: Mapping[str, Any] = field(repr=False)


def _emulator_issuers(tenant_ids: Iterable[str]) -> frozenset[str]:
    issuers: set[str] = set()
    for tenant in tenant_ids:
        issuers.add(f"https://sts.windows.net/{tenant}/")
        issuers.add(f"https://login.microsoftonline.com/{tenant}/v2.0")
    return frozenset(issuers)


class RequestAuthenticator:
    """Validates Bot Framework bearer tokens for one bot (its app id)."""

    def __init__(
        self,
        *,
        app_id: str,
        app_tenant_id: str = "",
        allowed_tenants: Iterable[str] = (),
        channel_keys: SigningKeyCache | None = None,
        emulator_keys: SigningKeyCache | None = None,
    ) -> None:
        """`channel_keys` / `emulator_keys` default to the public Bot Framework and Entra ID
        metadata (tests serve their own). `app_tenant_id` adds the bot's own tenant as an
        Emulator token issuer (single-tenant apps); `allowed_tenants`, when not empty, is the
        Teams tenant allowlist."""
        if not app_id:
            raise ValueError("authentication needs the bot's app id")
        self._app_id = app_id
        self._allowed_tenants = frozenset(t.strip().lower() for t in allowed_tenants if t.strip())
        self._channel_keys = channel_keys or SigningKeyCache(CHANNEL_METADATA_URL)
        self._emulator_keys = emulator_keys or SigningKeyCache(EMULATOR_METADATA_URL)
        tenants = [*EMULATOR_TENANTS, *([app_tenant_id] if app_tenant_id else [])]
        self._emulator_issuers = _emulator_issuers(tenants)

    @classmethod
    def with_metadata(
        cls,
        *,
        app_id: str,
        channel_metadata_url: str,
        emulator_metadata_url: str,
        fetch_timeout_seconds: float = FETCH_TIMEOUT_SECONDS,
        **options: Any,
    ) -> RequestAuthenticator:
        """An authenticator reading keys from these OpenID metadata URLs."""
        return cls(
            app_id=app_id,
            channel_keys=SigningKeyCache(
                channel_metadata_url, fetch_timeout_seconds=fetch_timeout_seconds
            ),
            emulator_keys=SigningKeyCache(
                emulator_metadata_url, fetch_timeout_seconds=fetch_timeout_seconds
            ),
            **options,
        )

    async def authenticate(
        self,
        auth_header: str,
        *,
        channel_id: str,
        service_url: str,
        tenant_id: str | None = None,
    ) -> AuthenticatedCaller:
        """The caller, when the header carries a valid token for this activity.

        `tenant_id` is the activity's `channelData.tenant.id` (Teams). Raises
        AuthenticationFailed, KeysUnavailable or TenantRefused.
        """
        token = _bearer_token(auth_header)
        try:
            header = jwt.get_unverified_header(token)
            unverified = jwt.decode(token, options={"verify_signature": False})
        except (jwt.PyJWTError, ValueError, TypeError) as error:
            raise AuthenticationFailed("malformed token") from error
        if header.get("alg") != ALGORITHM:
            raise AuthenticationFailed("signing algorithm not allowed")
        kid = header.get("kid")
        if not isinstance(kid, str) or not kid:
            raise AuthenticationFailed("token names no signing key")
        issuer = unverified.get("iss")
        if issuer == CHANNEL_ISSUER:
            keys, from_emulator = self._channel_keys, False
        elif isinstance(issuer, str) and issuer in self._emulator_issuers:
            if channel_id != EMULATOR_CHANNEL:
                # Teams and the other channels always come through the Bot Connector; a token
                # the bot's own credentials bought must not pass for them (it would make
                # Teams' aadObjectId, which ERA trusts, the sender's to choose).
                raise AuthenticationFailed("Emulator token on another channel")
            keys, from_emulator = self._emulator_keys, True
        else:
            raise AuthenticationFailed("issuer not trusted")
        try:
            key = await keys.key(kid)
        except SigningKeysUnavailable as error:
            raise KeysUnavailable("signing keys unavailable") from error
        if key is None:
            raise AuthenticationFailed("unknown signing key")
        if key.endorsements and channel_id not in key.endorsements:
            raise AuthenticationFailed("signing key not endorsed for the channel")
        claims = self._verified_claims(token, key.public_key, issuer)
        if from_emulator:
            self._check_emulator_claims(claims)
        else:
            self._check_channel_claims(claims, service_url)
        if self._allowed_tenants and channel_id == TEAMS_CHANNEL and (
            not tenant_id or tenant_id.strip().lower() not in self._allowed_tenants
        ):
            raise TenantRefused("tenant not allowed")
        return AuthenticatedCaller(
            app_id=self._app_id, issuer=issuer, channel_id=channel_id,
            from_emulator=from_emulator, claims=claims,
        )

    async def close(self) -> None:
        """Close the key caches' HTTP sessions."""
        await self._channel_keys.close()
        await self._emulator_keys.close()

    def _verified_claims(self, token: str, public_key: Any, issuer: str) -> dict[str, Any]:
        try:
            claims: dict[str, Any] = jwt.decode(
                token,
                public_key,
                algorithms=[ALGORITHM],
                issuer=issuer,
                leeway=CLOCK_TOLERANCE_SECONDS,
                options={"require": ["exp", "iss", "aud"], "verify_aud": False},
            )
        except jwt.ExpiredSignatureError as error:
            raise AuthenticationFailed("token expired") from error
        except jwt.ImmatureSignatureError as error:
            raise AuthenticationFailed("token not yet valid") from error
        except jwt.InvalidSignatureError as error:
            raise AuthenticationFailed("bad signature") from error
        except (jwt.PyJWTError, ValueError, TypeError) as error:
            raise AuthenticationFailed(f"invalid token ({type(error).__name__})") from error
        return claims

    def _check_channel_claims(self, claims: Mapping[str, Any], service_url: str) -> None:
        if claims.get("aud") != self._app_id:
            raise AuthenticationFailed("token not for this bot")
        claimed_url = claims.get("serviceurl")
        if not isinstance(claimed_url, str) or not claimed_url:
            raise AuthenticationFailed("token names no service URL")
        if claimed_url != service_url:
            raise AuthenticationFailed("service URL does not match the token")

    def _check_emulator_claims(self, claims: Mapping[str, Any]) -> None:
        version = claims.get("ver")
        if version in (None, "", "1.0"):
            app_id = claims.get("appid")
        elif version == "2.0":
            app_id = claims.get("azp")
        else:
            raise AuthenticationFailed("unknown token version")
        if app_id != self._app_id:
            raise AuthenticationFailed("token not from this bot's app")
        if claims.get("aud") not in (self._app_id, f"api://{self._app_id}"):
            raise AuthenticationFailed("token not for this bot")


def _bearer_token(auth_header: str) -> str:
    if not auth_header:
        raise AuthenticationFailed("no token")
    if len(auth_header) > MAX_TOKEN_CHARS:
        raise AuthenticationFailed("token too long")
    match = _BEARER.fullmatch(auth_header.strip())
    if match is None:
        raise AuthenticationFailed("not a bearer token")
    return match.group(1)
