"""A local stand-in for the two OpenID key publishers a bot trusts, and a token minter.

`OpenIdServer` is an aiohttp app on 127.0.0.1 (an ephemeral port) serving, like
login.botframework.com and login.microsoftonline.com do, an OpenID metadata document that names
a JWKS document: ``/channel/.well-known/openidconfiguration`` -> ``/channel/keys`` (keys with
``endorsements``, as the Bot Connector publishes) and
``/emulator/.well-known/openid-configuration`` -> ``/emulator/keys`` (Entra ID keys, no
endorsements). The RSA keys are generated locally; `IssuerKey.mint` signs tokens with them.
The server counts requests, and `mode` makes it answer normally, hang, fail with 500, or serve
nonsense, to test how the validator copes with a key endpoint that is down.
`LocalBotCredentials` stands in for Entra ID when the bot replies (a fixed outbound token).
"""

from __future__ import annotations

import asyncio
import json
import time
from collections.abc import Iterable
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any

import jwt
from aiohttp import web
from botframework.connector.auth import AppCredentials, ServiceClientCredentialsFactory
from cryptography.hazmat.primitives.asymmetric import rsa
from jwt.algorithms import RSAAlgorithm

BOT_FRAMEWORK_ISSUER = "https://api.botframework.com"
EMULATOR_ISSUER_V1 = "https://sts.windows.net/d6d49420-f39b-4df7-a1dc-d59a935871db/"
EMULATOR_ISSUER_V2 = "https://login.microsoftonline.com/f8cdef31-a31e-4b4a-93e4-5f571e91255a/v2.0"
CHANNEL_ENDORSEMENTS = ("msteams", "emulator", "webchat", "slack", "directline")


def new_rsa_key() -> rsa.RSAPrivateKey:
    """A fresh 2048-bit RSA private key."""
    return rsa.generate_private_key(public_exponent=65537, key_size=2048)


@dataclass
class IssuerKey:
    """A signing key: its id, private key and the channels it is endorsed for."""

    kid: str
    private_key: rsa.RSAPrivateKey = field(default_factory=new_rsa_key)
    endorsements: tuple[str, ...] = ()

    def jwk(self) -> dict[str, Any]:
        """The public key as a JWKS entry."""
        entry: dict[str, Any] = json.loads(RSAAlgorithm.to_jwk(self.private_key.public_key()))
        entry.update({"kid": self.kid, "use": "sig"})
        if self.endorsements:
            entry["endorsements"] = list(self.endorsements)
        return entry

    def mint(self, claims: dict[str, Any], *, headers: dict[str, Any] | None = None,
             algorithm: str = "RS256") -> str:
        """A token with these claims, signed with this key (kid in the header)."""
        return jwt.encode(claims, self.private_key, algorithm=algorithm,
                          headers={"kid": self.kid, **(headers or {})})


class ServerMode(StrEnum):
    """How the key endpoints answer."""

    NORMAL = "normal"
    HANG = "hang"
    FAIL = "fail"
    GARBAGE = "garbage"


def channel_claims(app_id: str, service_url: str, **extra: Any) -> dict[str, Any]:
    """The claims of a Bot Connector token for a bot, valid for an hour from now."""
    now = int(time.time())
    return {"iss": BOT_FRAMEWORK_ISSUER, "aud": app_id, "serviceurl": service_url,
            "nbf": now - 60, "iat": now - 60, "exp": now + 3600, **extra}


def emulator_claims(app_id: str, *, version: str = "1.0", **extra: Any) -> dict[str, Any]:
    """The claims of an Emulator token (Entra ID client credentials), valid for an hour."""
    now = int(time.time())
    issued_by = (
        {"iss": EMULATOR_ISSUER_V1, "appid": app_id} if version == "1.0"
        else {"iss": EMULATOR_ISSUER_V2, "azp": app_id}
    )
    return {"aud": app_id, "ver": version, "nbf": now - 60, "iat": now - 60,
            "exp": now + 3600, **issued_by, **extra}


class OpenIdServer:
    """The local key publisher; `start()` then read `channel_metadata_url` and
    `emulator_metadata_url`."""

    def __init__(self, *, channel_keys: Iterable[IssuerKey],
                 emulator_keys: Iterable[IssuerKey]) -> None:
        self.channel_keys = list(channel_keys)
        self.emulator_keys = list(emulator_keys)
        self.mode = ServerMode.NORMAL
        self.requests = 0
        self._runner: web.AppRunner | None = None
        self.url = ""

    @property
    def channel_metadata_url(self) -> str:
        """The Bot Connector metadata document."""
        return f"{self.url}/channel/.well-known/openidconfiguration"

    @property
    def emulator_metadata_url(self) -> str:
        """The Entra ID (Emulator) metadata document."""
        return f"{self.url}/emulator/.well-known/openid-configuration"

    async def start(self) -> OpenIdServer:
        """Listen on a free loopback port."""
        app = web.Application()
        app.router.add_get("/channel/.well-known/openidconfiguration", self._metadata)
        app.router.add_get("/emulator/.well-known/openid-configuration", self._metadata)
        app.router.add_get("/{issuer}/keys", self._keys)
        self._runner = web.AppRunner(app, access_log=None, shutdown_timeout=0.1)
        await self._runner.setup()
        site = web.TCPSite(self._runner, "127.0.0.1", 0)
        await site.start()
        port = site._server.sockets[0].getsockname()[1]  # type: ignore[union-attr]
        self.url = f"http://127.0.0.1:{port}"
        return self

    async def stop(self) -> None:
        """Stop listening (hung requests are cut off)."""
        if self._runner is not None:
            await self._runner.cleanup()

    async def _answer_fault(self) -> web.Response | None:
        self.requests += 1
        if self.mode is ServerMode.HANG:
            await asyncio.sleep(3600)
        if self.mode is ServerMode.FAIL:
            return web.Response(status=500, text="down")
        if self.mode is ServerMode.GARBAGE:
            return web.Response(text="<html>not json</html>", content_type="text/html")
        return None

    async def _metadata(self, request: web.Request) -> web.Response:
        fault = await self._answer_fault()
        if fault is not None:
            return fault
        issuer = request.path.split("/")[1]
        return web.json_response({"issuer": issuer, "jwks_uri": f"{self.url}/{issuer}/keys"})

    async def _keys(self, request: web.Request) -> web.Response:
        fault = await self._answer_fault()
        if fault is not None:
            return fault
        keys = self.channel_keys if request.match_info["issuer"] == "channel" else (
            self.emulator_keys)
        return web.json_response({"keys": [key.jwk() for key in keys]})


class LocalBotCredentials(ServiceClientCredentialsFactory):  # type: ignore[misc]
    """Entra ID's side of the bot's replies: credentials with a fixed token, so a bot under
    test can reply to a local connector without signing in to Entra ID."""

    def __init__(self, app_id: str) -> None:
        self._app_id = app_id

    async def is_valid_app_id(self, app_id: str) -> bool:
        """Only the bot's own app id."""
        return app_id == self._app_id

    async def is_authentication_disabled(self) -> bool:
        """Authentication is on."""
        return False

    async def create_credentials(self, app_id: str, oauth_scope: str, login_endpoint: str,
                                 validate_authority: bool) -> AppCredentials:
        """Credentials whose token is fixed."""
        return _FixedTokenCredentials(app_id=app_id, oauth_scope=oauth_scope)


class _FixedTokenCredentials(AppCredentials):  # type: ignore[misc]
    def get_access_token(self, force_refresh: bool = False) -> str:
        return "local-entra-token"
