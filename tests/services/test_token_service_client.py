"""The token-service client against the local fake: the real endpoints' shapes, the bot's token,
and failures as BackendError."""

from __future__ import annotations

from collections.abc import AsyncIterator

import aiohttp
import pytest

from core.errors import BackendError
from services.token_service_client import TokenServiceClient, token_exchange_state
from tests.fakes.token_service import FakeTokenService

BOT_TOKEN = "bot-token-for-api.botframework.com"


@pytest.fixture
async def service() -> AsyncIterator[FakeTokenService]:
    async with FakeTokenService(connection_name="era-entra", bot_token=BOT_TOKEN) as fake:
        yield fake


@pytest.fixture
async def client(service: FakeTokenService) -> AsyncIterator[TokenServiceClient]:
    async def bot_token() -> str:
        return BOT_TOKEN

    async with aiohttp.ClientSession() as session:
        yield TokenServiceClient(session=session, base_url=service.url, bot_token=bot_token,
                                 timeout_seconds=2.0)


def _state(user_id: str = "U1:T1", connection: str = "era-entra") -> str:
    return token_exchange_state(
        connection_name=connection, app_id="app-id",
        conversation={"user": {"id": user_id}, "bot": {"id": "B1"}, "channelId": "slack",
                      "conversation": {"id": "D1"}, "serviceUrl": "https://slack.botframework.com"},
    )


async def test_sign_in_resource_and_the_token_after_the_magic_code(
    service: FakeTokenService, client: TokenServiceClient
) -> None:
    resource = await client.get_sign_in_resource(_state())
    assert resource.sign_in_link.startswith(service.url)
    assert resource.token_exchange_resource is not None
    assert service.states[-1]["msAppId"] == "app-id"
    ask = {"user_id": "U1:T1", "connection_name": "era-entra", "channel_id": "slack"}
    assert await client.get_token(**ask) is None
    code = service.complete_sign_in(user_id="U1:T1", channel_id="slack", token="tok")
    assert await client.get_token(**ask, code="999999" if code != "999999" else "000000") is None
    token = await client.get_token(**ask, code=code)
    assert token is not None and token.token == "tok" and token.connection_name == "era-entra"
    assert (await client.get_token(**ask)) == token  # kept until sign-out
    assert [s.has_token for s in await client.get_token_status(user_id="U1:T1",
                                                               channel_id="slack")] == [True]
    await client.sign_out(**ask)
    assert await client.get_token(**ask) is None
    assert all(call.authorization == f"Bearer {BOT_TOKEN}" for call in service.calls)
    assert all(call.query["api-version"] == "token" for call in service.calls)


async def test_a_state_for_another_connection_is_refused(client: TokenServiceClient) -> None:
    with pytest.raises(BackendError):
        await client.get_sign_in_resource(_state(connection="other"))


async def test_the_service_down_or_refusing_the_bot_is_a_backend_error(
    service: FakeTokenService,
) -> None:
    async def wrong_token() -> str:
        return "not-the-bot"

    async with aiohttp.ClientSession() as session:
        refused = TokenServiceClient(session=session, base_url=service.url,
                                     bot_token=wrong_token, timeout_seconds=2.0)
        with pytest.raises(BackendError, match="HTTP 401"):
            await refused.get_token(user_id="U1", connection_name="era-entra", channel_id="slack")
        nobody = TokenServiceClient(session=session, base_url="http://127.0.0.1:9",
                                    bot_token=None, timeout_seconds=1.0)
        with pytest.raises(BackendError, match="token_service"):
            await nobody.sign_out(user_id="U1", connection_name="era-entra", channel_id="slack")
