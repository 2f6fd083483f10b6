"""Email over SMTP with aiosmtplib: STARTTLS and login when configured, one time budget per
message that fits the 15-second turn, and one message per request id.

An SMTP server cannot recognise a repeated message, so the request id is claimed in the request
log before connecting and the result recorded after the server accepts the data. The envelope is
sent step by step (MAIL, RCPT, DATA) so a failure can be placed: anything before DATA, and any
refusal the server answers, means nothing was sent and the claim is released; a timeout or a
dropped connection during DATA may have delivered the message, so the claim stays and a repeat
is refused. The Message-ID header is set here (on the sender's domain) and is the id reported.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable
from datetime import UTC, datetime
from email.message import EmailMessage
from email.utils import format_datetime, make_msgid

import aiosmtplib

from core.email_address import normalize_email_address
from core.errors import BackendError, ConflictError
from core.mail_service import DeliveryUncertainError
from core.outgoing_email import OutgoingEmail
from core.sent_email import SentEmail
from services.request_log import RequestLog, RequestState

logger = logging.getLogger(__name__)

BACKEND = "smtp"
REQUEST_KIND = "mail.send"
# Connect, STARTTLS, login and the transaction together; leaves room in a 15 s turn.
DEFAULT_TIMEOUT_SECONDS = 10.0
_QUIT_SECONDS = 1.0


class _DataPhaseCutOff(Exception):
    """The connection failed after DATA began: the server may have taken the message."""


class SmtpMailService:
    """Implements core.mail_service.MailService with an SMTP relay.

    starttls: require STARTTLS (True) or never use it (False); use_tls: implicit TLS (port 465).
    username / password: log in when both are given.
    """

    def __init__(
        self,
        *,
        host: str,
        port: int,
        sender: str,
        log: RequestLog,
        username: str = "",
        password: str = "",
        starttls: bool = True,
        use_tls: bool = False,
        timeout_seconds: float = DEFAULT_TIMEOUT_SECONDS,
        local_hostname: str | None = None,
        clock: Callable[[], datetime] = lambda: datetime.now(UTC),
    ) -> None:
        if timeout_seconds <= 0:
            raise ValueError("timeout_seconds must be > 0")
        if starttls and use_tls:
            raise ValueError("use either STARTTLS or implicit TLS, not both")
        self._host = host
        self._port = port
        self._sender = normalize_email_address(sender)
        self._domain = self._sender.rsplit("@", 1)[1]
        self._log = log
        self._username = username
        self._password = password
        self._starttls = starttls
        self._use_tls = use_tls
        self._timeout = timeout_seconds
        # Without it aiosmtplib asks socket.getfqdn(), which can hang on DNS.
        self._local_hostname = local_hostname or self._domain
        self._clock = clock

    async def send(self, email: OutgoingEmail) -> SentEmail:
        """Send once per request id (see the module docstring for what a failure leaves)."""
        earlier = await self._log.claim(REQUEST_KIND, email.request_id, now=self._clock())
        if earlier is not None:
            if earlier.state is RequestState.DONE and earlier.result:
                logger.info("smtp: request %s was already sent; not sending again",
                            email.request_id)
                return SentEmail.from_dict(earlier.result)
            raise ConflictError(
                f"mail request {email.request_id} has an unconfirmed earlier attempt; "
                "it is not sent again"
            )
        message = self._message(email)
        message_id = str(message["Message-ID"])
        try:
            await self._deliver(message, email.recipients)
        except _DataPhaseCutOff as cut_off:
            logger.warning("smtp: request %s may or may not have been sent (%s)",
                           email.request_id, cut_off)
            raise DeliveryUncertainError(
                "smtp", f"cut off during DATA ({cut_off}): the message may have been sent"
            ) from cut_off.__cause__
        except Exception:
            await self._log.release(REQUEST_KIND, email.request_id)
            raise
        sent = SentEmail(message_id=message_id, request_id=email.request_id,
                         sent_at=self._clock(), backend=BACKEND)
        await self._log.complete(REQUEST_KIND, email.request_id, sent.to_dict(), now=sent.sent_at)
        logger.info("smtp: sent %s for request %s (%d recipients)",
                    message_id, email.request_id, len(email.recipients))
        return sent

    def _message(self, email: OutgoingEmail) -> EmailMessage:
        message = EmailMessage()
        message["From"] = self._sender
        message["To"] = ", ".join(email.to)
        if email.cc:
            message["Cc"] = ", ".join(email.cc)
        if email.reply_to:
            message["Reply-To"] = email.reply_to
        message["Subject"] = email.subject
        message["Date"] = format_datetime(self._clock().astimezone(UTC))
        message["Message-ID"] = make_msgid(domain=self._domain)
        message.set_content(email.body)
        return message

    async def _deliver(self, message: EmailMessage, recipients: tuple[str, ...]) -> None:
        """One SMTP session; BackendError when nothing was sent, _DataPhaseCutOff when the
        outcome is unknown."""
        client = aiosmtplib.SMTP(
            hostname=self._host, port=self._port, timeout=self._timeout,
            start_tls=self._starttls, use_tls=self._use_tls,
            local_hostname=self._local_hostname,
            username=self._username or None,
            password=self._password if self._username else None,
        )
        in_data = False
        try:
            async with asyncio.timeout(self._timeout):
                await client.connect()
                await client.mail(self._sender)
                for recipient in recipients:
                    await client.rcpt(recipient)
                in_data = True
                await client.data(message.as_bytes())
        except TimeoutError as error:
            client.close()
            if in_data:
                raise _DataPhaseCutOff("timeout") from error
            raise BackendError("smtp", f"timed out after {self._timeout:.1f} s") from None
        except aiosmtplib.SMTPResponseException as error:
            client.close()
            # The server answered with a refusal: it did not take the message.
            raise BackendError("smtp", f"{type(error).__name__} {error.code}") from error
        except (aiosmtplib.SMTPException, OSError) as error:
            client.close()
            if in_data:
                raise _DataPhaseCutOff(type(error).__name__) from error
            raise BackendError("smtp", type(error).__name__) from error
        await _quit(client)


async def _quit(client: aiosmtplib.SMTP) -> None:
    """End the session politely; the server has the message, so a failure here is ignored."""
    try:
        async with asyncio.timeout(_QUIT_SECONDS):
            await client.quit()
    except (TimeoutError, aiosmtplib.SMTPException, OSError):
        client.close()
