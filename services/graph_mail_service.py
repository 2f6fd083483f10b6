"""Email through Microsoft Graph: `POST /users/{mailbox}/sendMail` (api-reference/v1.0/api/
user-sendmail.md) from one configured mailbox, with an app token (application permission
Mail.Send, scoped to that mailbox by an Exchange application access policy or RBAC for
Applications). The mailbox is addressed by its Entra object id or userPrincipalName, as Graph's
/users/{id} requires; a mail address that is not the UPN would be 404 ErrorInvalidUser.

sendMail answers 202 Accepted with no body and no id: the message was accepted for delivery,
not delivered, and Graph names no message id. Graph cannot tell a repeated request from a new
one, so idempotency is ours: the request id is claimed in the request log before the call and
the result recorded after it. The id ERA reports is its own RFC 5322 Message-ID, sent as the
message's internetMessageId, not one Graph gave.

Failures: a 4xx (Graph answered and refused), a throttled 429 that did not clear in the budget,
or a connection that never opened, changed nothing and release the claim. A timeout, a dropped
connection after the request went out, or any 5xx may have sent the message
(`DeliveryUncertainError`): the claim stays and a repeat is refused rather than risk a second
copy. Only a 429 is retried (by the Graph client): throttled requests are refused unsent.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from datetime import UTC, datetime
from email.utils import make_msgid
from typing import Any
from urllib.parse import quote

from core.errors import ConflictError
from core.mail_service import DeliveryUncertainError
from core.outgoing_email import OutgoingEmail
from core.sent_email import SentEmail
from services.graph_client import GraphClient, GraphError
from services.request_log import RequestLog, RequestState

logger = logging.getLogger(__name__)

BACKEND = "graph"
REQUEST_KIND = "mail.send"
# The Message-ID domain when the mailbox is given by object id (no domain to borrow).
_FALLBACK_DOMAIN = "era.invalid"


class GraphMailService:
    """Implements core.mail_service.MailService with Graph sendMail.

    mailbox: the sending mailbox's Entra object id or userPrincipalName.
    """

    def __init__(
        self,
        *,
        client: GraphClient,
        mailbox: str,
        log: RequestLog,
        clock: Callable[[], datetime] = lambda: datetime.now(UTC),
    ) -> None:
        mailbox = mailbox.strip()
        if not mailbox:
            raise ValueError("Graph sendMail needs a mailbox (object id or userPrincipalName)")
        self._client = client
        self._mailbox = mailbox
        self._domain = mailbox.rsplit("@", 1)[1].lower() if "@" in mailbox else _FALLBACK_DOMAIN
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
            if error.may_have_applied:
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
        logger.info("graph mail: Graph accepted %s for request %s (%d recipients)",
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
