"""Email through Microsoft Graph: `POST /users/{mailbox}/sendMail` from one configured mailbox,
with an app token (application permission Mail.Send).

sendMail answers 202 with no body and no id, and Graph cannot tell a repeated request from a new
one, so idempotency is ours: the request id is claimed in the request log before the call and
the result recorded after it. The message id is made here: an RFC 5322 Message-ID on the
mailbox's domain, sent as the message's internetMessageId, so the id ERA reports is the one in
the recipient's headers and in Sent Items (saveToSentItems is on). A failure in which Graph
answered, or the connection never opened, changed nothing and releases the claim; a timeout or
a dropped connection after the request went out may have sent the message, so the claim stays
and a repeat is refused rather than risk a second copy.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from datetime import UTC, datetime
from email.utils import make_msgid
from typing import Any
from urllib.parse import quote

import aiohttp

from core.email_address import normalize_email_address
from core.errors import ConflictError
from core.mail_service import DeliveryUncertainError
from core.outgoing_email import OutgoingEmail
from core.sent_email import SentEmail
from services.graph_client import GraphClient, GraphError
from services.request_log import RequestLog, RequestState

logger = logging.getLogger(__name__)

BACKEND = "graph"
REQUEST_KIND = "mail.send"


class GraphMailService:
    """Implements core.mail_service.MailService with Graph sendMail."""

    def __init__(
        self,
        *,
        client: GraphClient,
        mailbox: str,
        log: RequestLog,
        clock: Callable[[], datetime] = lambda: datetime.now(UTC),
    ) -> None:
        self._client = client
        self._mailbox = normalize_email_address(mailbox)
        self._domain = self._mailbox.rsplit("@", 1)[1]
        self._log = log
        self._clock = clock

    async def send(self, email: OutgoingEmail) -> SentEmail:
        """Send once per request id (see the module docstring for what a failure leaves)."""
        earlier = await self._log.claim(REQUEST_KIND, email.request_id, now=self._clock())
        if earlier is not None:
            if earlier.state is RequestState.DONE and earlier.result:
                logger.info("graph mail: request %s was already sent; not sending again",
                            email.request_id)
                return SentEmail.from_dict(earlier.result)
            raise ConflictError(
                f"mail request {email.request_id} has an unconfirmed earlier attempt; "
                "it is not sent again"
            )
        message_id = make_msgid(domain=self._domain)
        path = f"/users/{quote(self._mailbox, safe='@')}/sendMail"
        try:
            await self._client.post(path, _send_mail_body(email, message_id))
        except GraphError as error:
            if _may_have_been_sent(error):
                logger.warning("graph mail: request %s may or may not have been sent (%s)",
                               email.request_id, error.code)
                raise DeliveryUncertainError(
                    "graph", f"sendMail {error.code}: the message may have been sent"
                ) from error
            await self._log.release(REQUEST_KIND, email.request_id)
            raise
        except Exception:
            # Raised before the request left (a token failure, say): nothing was sent. A
            # cancelled task is not caught here: it may have been cut off mid-request, so its
            # claim stays.
            await self._log.release(REQUEST_KIND, email.request_id)
            raise
        sent = SentEmail(message_id=message_id, request_id=email.request_id,
                         sent_at=self._clock(), backend=BACKEND)
        await self._log.complete(REQUEST_KIND, email.request_id, sent.to_dict(), now=sent.sent_at)
        logger.info("graph mail: sent %s for request %s (%d recipients)",
                    message_id, email.request_id, len(email.recipients))
        return sent


def _send_mail_body(email: OutgoingEmail, message_id: str) -> dict[str, Any]:
    """The sendMail request body: a plain-text message, saved to Sent Items."""
    message: dict[str, Any] = {
        "subject": email.subject,
        "body": {"contentType": "Text", "content": email.body},
        "toRecipients": [_recipient(address) for address in email.to],
        "internetMessageId": message_id,
    }
    if email.cc:
        message["ccRecipients"] = [_recipient(address) for address in email.cc]
    if email.reply_to:
        message["replyTo"] = [_recipient(email.reply_to)]
    return {"message": message, "saveToSentItems": True}


def _recipient(address: str) -> dict[str, Any]:
    return {"emailAddress": {"address": address}}


def _may_have_been_sent(error: GraphError) -> bool:
    """No HTTP answer and not a refused connection: Graph may have taken the message."""
    if error.status is not None:
        return False
    return not isinstance(error.__cause__, aiohttp.ClientConnectorError)
