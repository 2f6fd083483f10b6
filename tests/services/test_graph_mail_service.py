"""GraphMailService against the fake Graph server: the sendMail request, the token, one message
per request id, and what each kind of failure leaves behind."""

from __future__ import annotations

import asyncio
import time
from collections.abc import AsyncIterator
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path

import aiohttp
import pytest

from core.errors import BackendError, ConflictError
from core.mail_service import DeliveryUncertainError
from core.outgoing_email import OutgoingEmail
from core.sent_email import SentEmail
from services.graph_client import GraphClient
from services.graph_mail_service import GraphMailService
from services.org_database import OrgDatabase
from services.request_log import RequestLog
from state.sqlite_storage import SqliteStorage
from tests.fakes.graph_outlook import FakeOutlook
from tests.fakes.graph_server import DEFAULT_TOKEN, FakeGraphServer, FixedTokenSource

MAILBOX = "era@contoso.example"
NOW = datetime(2026, 11, 22, 10, 0, tzinfo=UTC)


@dataclass
class Setup:
    server: FakeGraphServer
    outlook: FakeOutlook
    session: aiohttp.ClientSession
    log: RequestLog

    def service(self, *, timeout: float = 5.0, token: str = DEFAULT_TOKEN,
                base_url: str | None = None) -> GraphMailService:
        client = GraphClient(session=self.session, token_source=FixedTokenSource(token),
                             base_url=base_url or self.server.base_url, timeout_seconds=timeout)
        return GraphMailService(client=client, mailbox=MAILBOX, log=self.log, clock=lambda: NOW)

    def send_requests(self) -> int:
        return len(self.server.requests_to("POST", "/sendMail"))


@pytest.fixture
async def setup(tmp_path: Path) -> AsyncIterator[Setup]:
    db = await OrgDatabase.open(tmp_path / "org.sqlite3")
    store = await SqliteStorage.create(tmp_path / "state.sqlite3")
    server = FakeGraphServer()
    outlook = FakeOutlook(server)
    outlook.add_user(MAILBOX)
    try:
        async with server, aiohttp.ClientSession() as session:
            yield Setup(server, outlook, session, RequestLog(store))
    finally:
        await db.close()
        await store.close()


def warning(request_id: str = "preview-7") -> OutgoingEmail:
    return OutgoingEmail(
        request_id=request_id, to=("bob.smith@contoso.example",), subject="Written warning",
        body="Dear Bob,\nThis is a written warning.", cc=("maria.lopez@contoso.example",),
        reply_to="maria.lopez@contoso.example",
    )


async def test_send_posts_a_text_message_from_the_mailbox_with_the_token(setup: Setup) -> None:
    sent = await setup.service().send(warning())
    [request] = setup.server.requests_to("POST", "/sendMail")
    assert request.path == f"/users/{MAILBOX}/sendMail"
    assert request.headers["Authorization"] == f"Bearer {DEFAULT_TOKEN}"
    assert request.body == {
        "message": {
            "subject": "Written warning",
            "body": {"contentType": "Text", "content": "Dear Bob,\nThis is a written warning."},
            "toRecipients": [{"emailAddress": {"address": "bob.smith@contoso.example"}}],
            "ccRecipients": [{"emailAddress": {"address": "maria.lopez@contoso.example"}}],
            "replyTo": [{"emailAddress": {"address": "maria.lopez@contoso.example"}}],
            "internetMessageId": sent.message_id,
        },
        "saveToSentItems": True,
    }
    assert sent == SentEmail(message_id=sent.message_id, request_id="preview-7", sent_at=NOW,
                             backend="graph")
    assert sent.message_id.startswith("<") and sent.message_id.endswith("@contoso.example>")
    [accepted] = setup.outlook.sent
    assert accepted.recipients == ["bob.smith@contoso.example"]
    assert accepted.save_to_sent_items


async def test_a_repeated_request_id_returns_the_first_result_without_sending(
    setup: Setup,
) -> None:
    service = setup.service()
    first = await service.send(warning())
    again = await service.send(warning())
    assert again == first
    assert setup.send_requests() == 1
    assert len(setup.outlook.sent) == 1


async def test_the_sent_log_outlives_the_service_object(setup: Setup) -> None:
    first = await setup.service().send(warning())
    assert await setup.service().send(warning()) == first
    assert setup.send_requests() == 1


async def test_concurrent_confirmations_send_once_and_the_others_are_refused(
    setup: Setup,
) -> None:
    setup.server.stall(0.3, path_contains="/sendMail")
    service = setup.service()
    results = await asyncio.gather(*(service.send(warning()) for _ in range(3)),
                                   return_exceptions=True)
    sent = [r for r in results if isinstance(r, SentEmail)]
    refused = [r for r in results if isinstance(r, ConflictError)]
    assert (len(sent), len(refused)) == (1, 2)
    assert setup.send_requests() == 1


async def test_a_refusal_sends_nothing_and_a_retry_can_send(setup: Setup) -> None:
    service = setup.service()
    setup.server.fail(400, path_contains="/sendMail", code="ErrorInvalidRecipients")
    with pytest.raises(BackendError) as raised:
        await service.send(warning())
    assert not isinstance(raised.value, DeliveryUncertainError)
    assert setup.outlook.sent == []
    sent = await service.send(warning())
    assert [m.message["internetMessageId"] for m in setup.outlook.sent] == [sent.message_id]


# Finding 5: a 5xx on sendMail may have sent the message; it is never resent blindly


@pytest.mark.parametrize("status", [500, 503, 504])
async def test_a_server_error_may_have_sent_and_is_not_resent(
    setup: Setup, status: int
) -> None:
    setup.server.fail_after(status, path_contains="/sendMail")
    service = setup.service()

    with pytest.raises(DeliveryUncertainError):
        await service.send(warning())
    with pytest.raises(ConflictError):
        await service.send(warning())

    assert setup.send_requests() == 1, "no blind retry of a POST without an idempotency key"
    assert len(setup.outlook.sent) == 1, "Graph had in fact taken it"


async def test_a_throttled_send_is_retried_within_the_budget(setup: Setup) -> None:
    setup.server.fail(429, path_contains="/sendMail", retry_after="0")
    await setup.service().send(warning())
    assert setup.send_requests() == 2
    assert len(setup.outlook.sent) == 1


async def test_the_mailbox_is_addressed_by_object_id(setup: Setup) -> None:
    client = GraphClient(session=setup.session, token_source=FixedTokenSource(),
                         base_url=setup.server.base_url)
    object_id = setup.outlook.object_id(MAILBOX)
    service = GraphMailService(client=client, mailbox=object_id, log=setup.log)

    sent = await service.send(warning())

    assert setup.server.requests_to("POST", "/sendMail")[0].path == f"/users/{object_id}/sendMail"
    assert sent.message_id.endswith("@era.invalid>")
    assert [m.mailbox for m in setup.outlook.sent] == [MAILBOX]


async def test_a_mail_address_that_is_not_the_upn_is_an_unknown_user(setup: Setup) -> None:
    setup.outlook.add_user("hr@contoso.example", upn="hr.desk@contoso.onmicrosoft.example")
    client = GraphClient(session=setup.session, token_source=FixedTokenSource(),
                         base_url=setup.server.base_url)

    with pytest.raises(BackendError, match="ErrorInvalidUser"):
        await GraphMailService(client=client, mailbox="hr@contoso.example",
                               log=setup.log).send(warning("a"))
    await GraphMailService(client=client, mailbox="hr.desk@contoso.onmicrosoft.example",
                           log=setup.log).send(warning("b"))
    assert [m.mailbox for m in setup.outlook.sent] == ["hr@contoso.example"]


async def test_a_timeout_is_uncertain_and_the_message_is_not_sent_again(setup: Setup) -> None:
    setup.server.stall(2.0, path_contains="/sendMail")
    service = setup.service(timeout=0.4)
    started = time.monotonic()
    with pytest.raises(DeliveryUncertainError):
        await service.send(warning())
    assert time.monotonic() - started < 1.5
    with pytest.raises(ConflictError):
        await service.send(warning())
    assert setup.send_requests() == 1


async def test_a_refused_token_is_a_backend_error_and_nothing_is_sent(setup: Setup) -> None:
    with pytest.raises(BackendError) as raised:
        await setup.service(token="expired").send(warning())
    assert "InvalidAuthenticationToken" in str(raised.value)
    assert setup.outlook.sent == []
    await setup.service().send(warning())
    assert len(setup.outlook.sent) == 1


async def test_an_unknown_mailbox_is_a_backend_error(setup: Setup) -> None:
    client = GraphClient(session=setup.session, token_source=FixedTokenSource(),
                         base_url=setup.server.base_url, timeout_seconds=5)
    service = GraphMailService(client=client, mailbox="nobody@contoso.example", log=setup.log)
    with pytest.raises(BackendError, match="ErrorInvalidUser"):
        await service.send(warning())


async def test_graph_unreachable_fails_fast_and_leaves_the_request_retryable(
    setup: Setup,
) -> None:
    unreachable = setup.server.base_url
    await setup.server.close()
    started = time.monotonic()
    with pytest.raises(BackendError) as raised:
        await setup.service(base_url=unreachable).send(warning())
    assert not isinstance(raised.value, DeliveryUncertainError)
    assert time.monotonic() - started < 2.0
    assert await setup.log.find("mail.send", "preview-7") is None
