"""SmtpMailService against a local aiosmtpd server on 127.0.0.1 (STARTTLS off, as the test
server has no certificate): what arrives, login, one message per request id, and failures."""

from __future__ import annotations

import asyncio
import email
import socket
import time
from collections.abc import AsyncIterator
from dataclasses import dataclass, field
from datetime import UTC, datetime
from email.message import Message
from pathlib import Path
from typing import Any

import pytest
from aiosmtpd.smtp import SMTP as SMTPServer
from aiosmtpd.smtp import AuthResult, Envelope, LoginPassword, Session

from core.errors import BackendError, ConflictError
from core.mail_service import DeliveryUncertainError
from core.outgoing_email import OutgoingEmail
from services.org_database import OrgDatabase
from services.request_log import RequestLog
from services.smtp_mail_service import SmtpMailService
from state.sqlite_storage import SqliteStorage

NOW = datetime(2026, 11, 22, 10, 0, tzinfo=UTC)
SENDER = "era@contoso.example"


@dataclass
class Mailroom:
    """The test server's handler: records accepted messages; can refuse or stall."""

    messages: list[Envelope] = field(default_factory=list)
    data_commands: int = 0
    refuse_recipients: set[str] = field(default_factory=set)
    data_delay: float = 0.0

    async def handle_RCPT(self, server: SMTPServer, session: Session, envelope: Envelope,
                          address: str, rcpt_options: list[str]) -> str:
        if address in self.refuse_recipients:
            return "550 5.1.1 No such user"
        envelope.rcpt_tos.append(address)
        return "250 OK"

    async def handle_DATA(self, server: SMTPServer, session: Session,
                          envelope: Envelope) -> str:
        self.data_commands += 1
        if self.data_delay:
            await asyncio.sleep(self.data_delay)
        self.messages.append(envelope)
        return "250 Message accepted"

    def parsed(self) -> list[Message]:
        return [email.message_from_bytes(bytes(m.content or b"")) for m in self.messages]


def accept_era(server: SMTPServer, session: Session, envelope: Envelope, mechanism: str,
               auth_data: Any) -> AuthResult:
    ok = isinstance(auth_data, LoginPassword) and (
        _text(auth_data.login), _text(auth_data.password)) == ("era", "s3cret")
    # handled=False: the server sends the 235 / 535 reply itself.
    return AuthResult(success=ok, handled=False)


def _text(value: str | bytes) -> str:
    return value.decode() if isinstance(value, bytes) else value


@dataclass
class Setup:
    mailroom: Mailroom
    port: int
    log: RequestLog

    def service(self, *, port: int | None = None, timeout: float = 5.0,
                starttls: bool = False, **login: str) -> SmtpMailService:
        return SmtpMailService(host="127.0.0.1", port=port or self.port, sender=SENDER,
                               log=self.log, starttls=starttls, timeout_seconds=timeout,
                               clock=lambda: NOW, **login)


@pytest.fixture
async def setup(tmp_path: Path) -> AsyncIterator[Setup]:
    db = await OrgDatabase.open(tmp_path / "org.sqlite3")
    store = await SqliteStorage.create(tmp_path / "state.sqlite3")
    mailroom = Mailroom()
    loop = asyncio.get_running_loop()
    server = await loop.create_server(
        lambda: SMTPServer(mailroom, hostname="smtp.test", auth_require_tls=False,
                           authenticator=accept_era),
        "127.0.0.1", 0,
    )
    port = server.sockets[0].getsockname()[1]
    try:
        yield Setup(mailroom, port, RequestLog(store))
    finally:
        server.close()
        await db.close()
        await store.close()


def warning(request_id: str = "preview-3") -> OutgoingEmail:
    return OutgoingEmail(
        request_id=request_id, to=("bob.smith@contoso.example",), subject="Written warning",
        body="Dear Bob,\n\nThis is a written warning.\n", cc=("maria.lopez@contoso.example",),
        reply_to="maria.lopez@contoso.example",
    )


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


async def test_the_message_arrives_with_subject_body_and_message_id(setup: Setup) -> None:
    sent = await setup.service().send(warning())
    [envelope] = setup.mailroom.messages
    assert envelope.mail_from == SENDER
    assert sorted(envelope.rcpt_tos) == ["bob.smith@contoso.example",
                                         "maria.lopez@contoso.example"]
    [message] = setup.mailroom.parsed()
    assert message["Subject"] == "Written warning"
    assert message["Message-ID"] == sent.message_id
    assert message["From"] == SENDER
    assert message["To"] == "bob.smith@contoso.example"
    assert message["Cc"] == "maria.lopez@contoso.example"
    assert message["Reply-To"] == "maria.lopez@contoso.example"
    body = message.get_payload(decode=True).decode().replace("\r\n", "\n")
    assert body == "Dear Bob,\n\nThis is a written warning.\n"
    assert (sent.backend, sent.request_id, sent.sent_at) == ("smtp", "preview-3", NOW)
    assert sent.message_id.endswith("@contoso.example>")


async def test_a_repeated_request_id_is_delivered_once(setup: Setup) -> None:
    service = setup.service()
    first = await service.send(warning())
    assert await service.send(warning()) == first
    assert len(setup.mailroom.messages) == 1


async def test_login_when_configured(setup: Setup) -> None:
    with pytest.raises(BackendError, match="SMTPAuthenticationError"):
        await setup.service(username="era", password="wrong").send(warning())
    assert setup.mailroom.messages == []
    await setup.service(username="era", password="s3cret").send(warning())
    assert len(setup.mailroom.messages) == 1


async def test_starttls_required_but_not_offered_sends_nothing(setup: Setup) -> None:
    with pytest.raises(BackendError):
        await setup.service(starttls=True).send(warning())
    assert setup.mailroom.messages == []


async def test_a_refused_recipient_sends_nothing_and_a_retry_can_send(setup: Setup) -> None:
    setup.mailroom.refuse_recipients = {"maria.lopez@contoso.example"}
    with pytest.raises(BackendError, match="550"):
        await setup.service().send(warning())
    assert setup.mailroom.messages == []
    setup.mailroom.refuse_recipients = set()
    await setup.service().send(warning())
    assert len(setup.mailroom.messages) == 1


async def test_the_server_down_fails_quickly_and_stays_retryable(setup: Setup) -> None:
    started = time.monotonic()
    with pytest.raises(BackendError) as raised:
        await setup.service(port=free_port()).send(warning())
    assert not isinstance(raised.value, DeliveryUncertainError)
    assert time.monotonic() - started < 2.0
    await setup.service().send(warning())
    assert len(setup.mailroom.messages) == 1


async def test_a_silent_server_times_out_within_the_budget(setup: Setup) -> None:
    async def say_nothing(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        await asyncio.sleep(5)
        writer.close()

    silent = await asyncio.start_server(say_nothing, "127.0.0.1", 0)
    port = silent.sockets[0].getsockname()[1]
    try:
        started = time.monotonic()
        with pytest.raises(BackendError) as raised:
            await setup.service(port=port, timeout=0.5).send(warning())
        assert not isinstance(raised.value, DeliveryUncertainError)
        assert time.monotonic() - started < 2.0
    finally:
        silent.close()
    assert await setup.log.find("mail.send", "preview-3") is None


async def test_a_timeout_during_data_is_uncertain_and_never_resent(setup: Setup) -> None:
    setup.mailroom.data_delay = 1.5
    service = setup.service(timeout=0.5)
    started = time.monotonic()
    with pytest.raises(DeliveryUncertainError):
        await service.send(warning())
    assert time.monotonic() - started < 1.5
    with pytest.raises(ConflictError):
        await service.send(warning())
    assert setup.mailroom.data_commands == 1
