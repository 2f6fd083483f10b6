"""The mail service Protocol: send one plain-text email, exactly once per request id.

Implemented by services/: the local outbox (the embedded default), Microsoft Graph sendMail and
SMTP. Neither Graph nor SMTP can recognise a repeated message, so each implementation keeps a
sent-log keyed by request id.
"""

from __future__ import annotations

from typing import Protocol

from core.errors import BackendError
from core.outgoing_email import OutgoingEmail
from core.sent_email import SentEmail


class DeliveryUncertainError(BackendError):
    """The backend was cut off after the message went out (a timeout or a dropped connection
    during the hand-over), so it may or may not have been sent. It is not sent again under the
    same request id; the user should check the sent items before sending a new copy."""


class MailService(Protocol):
    """Something that sends email."""

    async def send(self, email: OutgoingEmail) -> SentEmail:
        """Send `email`, or, when its request id was sent before, return that first SentEmail
        without sending again.

        Raises BackendError when the backend failed and nothing was sent (a retry may send);
        DeliveryUncertainError (a BackendError) when it failed mid-hand-over; ConflictError
        when an earlier attempt with this request id is unresolved (still in flight, or ended in
        DeliveryUncertainError), in which case nothing is sent. BackendError messages are for
        logs, not users.
        """
        ...
