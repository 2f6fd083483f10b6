"""The attack suite against authentication, over the real /api/messages endpoint with an app id
and password set: forged, broken and missing tokens for every activity kind on Teams and the
Emulator get 401 with one short log line and run no turn (nothing reaches the connector, no state
is written); valid Bot Connector and Emulator tokens run the turn; the Teams tenant allowlist
refuses other tenants with 403. Keys come from a local OpenID server with locally generated RSA
keys; the bot's replies go to a local connector."""

from __future__ import annotations

import base64
import hashlib
import hmac
import json
import logging
import sqlite3
import time
from collections.abc import AsyncIterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import aiohttp
import jwt
import pytest
from aiohttp import web
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import padding

from app import create_app
from bots.request_authenticator import RequestAuthenticator
from config import Settings
from tests.conftest import FIXED_NOW, fixed_clock
from tests.fakes.openid_server import (
    CHANNEL_ENDORSEMENTS,
    IssuerKey,
    LocalBotCredentials,
    OpenIdServer,
    channel_claims,
    emulator_claims,
)
from tests.http_harness import demo_user, seed
from tools.local_connector import BotClient, LocalConnector

APP_ID = "5c1b2f3e-0000-4000-8000-0000000000b1"
OTHER_APP_ID = "9d0c1e2f-0000-4000-8000-0000000000c2"
TENANT = "72f988bf-86f1-41af-91ab-2d7cd011db47"
OTHER_TENANT = "11111111-2222-4333-8444-555555555555"
CHANNELS = ("msteams", "emulator")
KINDS = ("message", "conversationUpdate", "invoke")


@dataclass
class Keys:
    """The published keys and an attacker's."""

    channel: IssuerKey
    slack_only: IssuerKey
    emulator: IssuerKey
    attacker: IssuerKey


@pytest.fixture(scope="module")
def keys() -> Keys:
    channel = IssuerKey("bf-key-1", endorsements=CHANNEL_ENDORSEMENTS)
    return Keys(
        channel=channel,
        slack_only=IssuerKey("bf-key-slack", endorsements=("slack",)),
        emulator=IssuerKey("aad-key-1"),
        # The attacker signs with their own key but names the published key id.
        attacker=IssuerKey("bf-key-1", endorsements=CHANNEL_ENDORSEMENTS),
    )


@pytest.fixture
async def openid(keys: Keys) -> AsyncIterator[OpenIdServer]:
    server = await OpenIdServer(channel_keys=[keys.channel, keys.slack_only],
                                emulator_keys=[keys.emulator]).start()
    yield server
    await server.stop()


@dataclass
class SecuredApp:
    """The app with authentication on, and where its state lives."""

    url: str
    data_dir: Path

    @property
    def messages_url(self) -> str:
        """The bot's endpoint."""
        return f"{self.url}/api/messages"

    def state_rows(self) -> list[tuple[Any, ...]]:
        """Every stored state record (conversation state, references, transcripts...)."""
        path = self.data_dir / "state.sqlite3"
        with sqlite3.connect(path) as db:
            return sorted(db.execute("SELECT * FROM era_state").fetchall())


async def start_secured(tmp_path: Path, openid: OpenIdServer, *, allowed_tenants: str = "",
                        fetch_timeout: float = 1.0) -> tuple[SecuredApp, web.AppRunner]:
    """The app on a free loopback port, reading keys from the local OpenID server."""
    await seed(tmp_path, FIXED_NOW)
    settings = Settings.from_env({
        "ERA_DATA_DIR": str(tmp_path), "MicrosoftAppId": APP_ID,
        "MicrosoftAppPassword": "secret", "ERA_ALLOWED_TENANTS": allowed_tenants,
    })
    authenticator = RequestAuthenticator.with_metadata(
        app_id=APP_ID, channel_metadata_url=openid.channel_metadata_url,
        emulator_metadata_url=openid.emulator_metadata_url,
        fetch_timeout_seconds=fetch_timeout, allowed_tenants=settings.allowed_tenants,
    )
    application = create_app(settings, clock=fixed_clock, authenticator=authenticator,
                             bot_credentials=LocalBotCredentials(APP_ID))
    runner = web.AppRunner(application, access_log=None)
    await runner.setup()
    site = web.TCPSite(runner, "127.0.0.1", 0)
    await site.start()
    port = site._server.sockets[0].getsockname()[1]  # type: ignore[union-attr]
    return SecuredApp(f"http://127.0.0.1:{port}", tmp_path), runner


@pytest.fixture
async def secured(tmp_path: Path, openid: OpenIdServer) -> AsyncIterator[SecuredApp]:
    app, runner = await start_secured(tmp_path, openid)
    yield app
    await runner.cleanup()


def _activity(client: BotClient, kind: str) -> dict[str, Any]:
    if kind == "message":
        body = client.activity(text="cancel my shift tomorrow")
    elif kind == "conversationUpdate":
        body = client.activity("conversationUpdate", membersAdded=[
            {"id": client.user.id, "name": client.user.name}, {"id": "era-bot", "name": "ERA"}])
    else:
        body = client.activity("invoke", name="healthCheck", value={})
    if client.channel_id == "msteams":
        body["channelData"] = {"tenant": {"id": TENANT}}
    return body


def _b64(data: dict[str, Any] | bytes) -> str:
    raw = data if isinstance(data, bytes) else json.dumps(data).encode()
    return base64.urlsafe_b64encode(raw).rstrip(b"=").decode()


def _public_pem(key: IssuerKey) -> bytes:
    return key.private_key.public_key().public_bytes(
        serialization.Encoding.PEM, serialization.PublicFormat.SubjectPublicKeyInfo)


def forged_headers(keys: Keys, service_url: str) -> dict[str, str | None]:
    """Authorization headers that must never run a turn, by name (None: no header)."""
    good = channel_claims(APP_ID, service_url)
    now = int(time.time())
    valid = keys.channel.mint(good)
    head, payload, _signature = valid.split(".")
    tampered_payload = _b64({**good, "aud": APP_ID, "serviceurl": "https://evil.example/"})
    emu = emulator_claims(APP_ID)
    without = {claim: {k: v for k, v in good.items() if k != claim}
               for claim in ("exp", "aud", "iss", "serviceurl")}
    tokens: dict[str, str | None] = {
        "missing header": None,
        "empty bearer": "",
        "basic scheme": "Basic dXNlcjpwYXNz",
        "garbage": "not-a-jwt",
        "bad base64": "a.b.c",
        "two segments": f"{head}.{payload}",
        "alg none": f"{_b64({'alg': 'none', 'kid': 'bf-key-1', 'typ': 'JWT'})}.{payload}.",
        "hs256 with the public key": jwt.encode(good, "x" * 32, algorithm="HS256",
                                                headers={"kid": "bf-key-1"}),
        "hs256 key confusion": _hs256_confusion(good, _public_pem(keys.channel)),
        "rs384": keys.channel.mint(good, algorithm="RS384"),
        "attacker key, published kid": keys.attacker.mint(good),
        "unknown kid": IssuerKey("no-such-key", private_key=keys.attacker.private_key)
        .mint(good),
        "no kid": jwt.encode(good, keys.channel.private_key, algorithm="RS256"),
        "kid not a string": _rs256({"alg": "RS256", "kid": 17}, good, keys.channel),
        "expired": keys.channel.mint({**good, "exp": now - 3600, "nbf": now - 7200}),
        "not yet valid": keys.channel.mint({**good, "nbf": now + 3600, "exp": now + 7200}),
        "no expiry": keys.channel.mint(without["exp"]),
        "exp not a number": keys.channel.mint({**good, "exp": "never"}),
        "wrong audience": keys.channel.mint({**good, "aud": OTHER_APP_ID}),
        "no audience": keys.channel.mint(without["aud"]),
        "wrong issuer": keys.channel.mint({**good, "iss": "https://evil.example"}),
        "no issuer": keys.channel.mint(without["iss"]),
        "service url mismatch": keys.channel.mint({**good, "serviceurl": "https://evil.example/"}),
        "no service url": keys.channel.mint(without["serviceurl"]),
        "key not endorsed for the channel": keys.slack_only.mint(good),
        "channel token signed with the emulator key": keys.emulator.mint(good),
        "emulator token signed with the channel key": IssuerKey(
            "aad-key-1", private_key=keys.channel.private_key).mint(emu),
        "emulator token for another app": keys.emulator.mint({**emu, "appid": OTHER_APP_ID}),
        "emulator v2 token, wrong azp": keys.emulator.mint(
            {**emulator_claims(APP_ID, version="2.0"), "azp": OTHER_APP_ID}),
        "emulator token, unknown version": keys.emulator.mint({**emu, "ver": "3.0"}),
        "skill token (audience another bot)": keys.emulator.mint({**emu, "aud": OTHER_APP_ID}),
        "anonymous skill": keys.emulator.mint({**emu, "appid": "AnonymousSkill"}),
        "emulator token expired": keys.emulator.mint({**emu, "exp": now - 3600}),
        "tampered payload": f"{head}.{tampered_payload}.{_signature}",
        "signature stripped": f"{head}.{payload}.",
        "jku pointing elsewhere": keys.attacker.mint(
            good, headers={"jku": "https://evil.example/keys"}),
        "two tokens": f"{valid} {valid}",
        "huge header": "x" * 7_000,
    }
    return {name: None if token is None else (
        token if token.startswith("Basic") else f"Bearer {token}")
        for name, token in tokens.items()}


def _hs256_confusion(claims: dict[str, Any], secret: bytes) -> str:
    """HS256 signed with the RSA public key as the HMAC secret (PyJWT refuses to encode it)."""
    header = _b64({"alg": "HS256", "typ": "JWT", "kid": "bf-key-1"})
    body = _b64(claims)
    signature = hmac.new(secret, f"{header}.{body}".encode(), hashlib.sha256).digest()
    return f"{header}.{body}.{_b64(signature)}"


def _rs256(header: dict[str, Any], claims: dict[str, Any], key: IssuerKey) -> str:
    """A really RS256-signed token with any header at all (PyJWT refuses odd headers)."""
    signing_input = f"{_b64(header)}.{_b64(claims)}"
    signature = key.private_key.sign(signing_input.encode(), padding.PKCS1v15(), hashes.SHA256())
    return f"{signing_input}.{_b64(signature)}"


async def _post(url: str, body: dict[str, Any], header: str | None) -> int:
    headers = {} if header is None else {"Authorization": header}
    async with aiohttp.ClientSession() as session, session.post(
        url, json=body, headers=headers, timeout=aiohttp.ClientTimeout(total=10)
    ) as response:
        await response.read()
        return response.status


def _client(app: SecuredApp, connector: LocalConnector, channel: str) -> BotClient:
    return BotClient(bot_url=app.messages_url, connector=connector,
                     user=demo_user("bob-smith"), channel_id=channel)


async def test_every_forged_token_gets_401_and_runs_no_turn(
    secured: SecuredApp, connector: LocalConnector, keys: Keys,
    caplog: pytest.LogCaptureFixture,
) -> None:
    forged = forged_headers(keys, connector.service_url)
    assert len(forged) >= 32
    before = secured.state_rows()
    answers: dict[tuple[str, str, str], int] = {}
    caplog.set_level(logging.INFO)
    for channel in CHANNELS:
        client = _client(secured, connector, channel)
        for kind in KINDS:
            for name, header in forged.items():
                answers[(channel, kind, name)] = await _post(
                    secured.messages_url, _activity(client, kind), header)
    wrong = {key: status for key, status in answers.items() if status != 401}
    assert not wrong, wrong
    assert len(answers) == len(forged) * len(CHANNELS) * len(KINDS)
    assert connector.messages() == [], "a forged request made the bot reply"
    assert secured.state_rows() == before, "a forged request changed stored state"
    refusals = [r for r in caplog.records if "refused (401)" in r.getMessage()]
    assert len(refusals) == len(answers), "one log line per refused request"
    for record in caplog.records:
        assert record.exc_info is None, record.getMessage()
        assert "eyJ" not in record.getMessage(), "a token reached the log"
        assert len(record.getMessage()) < 200


@pytest.mark.parametrize(("channel", "issuer"), [
    ("msteams", "bot connector"), ("emulator", "bot connector"), ("emulator", "emulator v1"),
    ("emulator", "emulator v2"),
])
async def test_a_valid_token_runs_the_turn(
    secured: SecuredApp, connector: LocalConnector, keys: Keys, channel: str, issuer: str
) -> None:
    if issuer == "bot connector":
        token = keys.channel.mint(channel_claims(APP_ID, connector.service_url))
    else:
        version = issuer.split()[-1][1:] + ".0"
        token = keys.emulator.mint(emulator_claims(APP_ID, version=version))
    client = _client(secured, connector, channel)
    status = await _post(secured.messages_url, _activity(client, "message"), f"Bearer {token}")
    assert status in (200, 201)
    replies = connector.messages(client.conversation_id)
    assert any("shift" in (reply.get("text") or "").lower() or reply.get("attachments")
               for reply in replies), replies
    assert secured.state_rows(), "the turn saved its state"


@pytest.mark.parametrize("channel", ["msteams", "slack", "webchat"])
async def test_an_emulator_token_is_not_good_for_other_channels(
    secured: SecuredApp, connector: LocalConnector, keys: Keys, channel: str
) -> None:
    """Teams' aadObjectId is trusted, so Teams activities must come through the Bot Connector."""
    token = keys.emulator.mint(emulator_claims(APP_ID))
    client = _client(secured, connector, channel)
    status = await _post(secured.messages_url, _activity(client, "message"), f"Bearer {token}")
    assert status == 401 and connector.messages() == []


async def test_a_channel_token_is_only_good_for_its_service_url(
    secured: SecuredApp, connector: LocalConnector, keys: Keys
) -> None:
    """A token the channel issued for one service URL cannot point the bot's replies elsewhere."""
    token = keys.channel.mint(channel_claims(APP_ID, "https://smba.trafficmanager.net/emea/"))
    client = _client(secured, connector, "msteams")
    status = await _post(secured.messages_url, _activity(client, "message"), f"Bearer {token}")
    assert status == 401 and connector.messages() == []


async def test_the_tenant_allowlist_refuses_other_teams_tenants(
    tmp_path: Path, openid: OpenIdServer, connector: LocalConnector, keys: Keys
) -> None:
    app, runner = await start_secured(tmp_path, openid, allowed_tenants=TENANT)
    try:
        header = f"Bearer {keys.channel.mint(channel_claims(APP_ID, connector.service_url))}"
        client = _client(app, connector, "msteams")
        outsider = _activity(client, "message") | {
            "channelData": {"tenant": {"id": OTHER_TENANT}}}
        no_tenant = {k: v for k, v in _activity(client, "message").items()
                     if k != "channelData"}
        assert await _post(app.messages_url, outsider, header) == 403
        assert await _post(app.messages_url, no_tenant, header) == 403
        assert connector.messages() == []
        assert await _post(app.messages_url, _activity(client, "message"), header) in (200, 201)
        assert connector.messages(client.conversation_id)
    finally:
        await runner.cleanup()
