"""An email ERA is asked to send: recipients, subject and plain-text body, plus the request id
that makes sending it idempotent.

The request id is the idempotency key: every mail service sends one message per request id, so
a retried or redelivered "Send" hands over the same OutgoingEmail and gets the first result back.
Validation happens here, once, so every backend receives addresses that are safe to put in a
header and a subject without line breaks.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from core.email_address import normalize_email_address
from core.errors import ValidationError

MAX_SUBJECT_LENGTH = 255
MAX_BODY_LENGTH = 100_000
MAX_RECIPIENTS = 50
MAX_REQUEST_ID_LENGTH = 200


@dataclass(frozen=True)
class OutgoingEmail:
    """A plain-text email to send.

    request_id: the idempotency key (for example the preview id the user confirmed).
    to, cc: recipient addresses; trimmed, lower-cased and de-duplicated on creation (an address
    in both keeps its place in `to`).
    reply_to: where replies should go, when not to the sender.
    Invalid input raises ValidationError naming what is wrong.
    """

    request_id: str
    to: tuple[str, ...]
    subject: str
    body: str
    cc: tuple[str, ...] = ()
    reply_to: str | None = None

    def __post_init__(self) -> None:
        request_id = self.request_id.strip()
        if not request_id or len(request_id) > MAX_REQUEST_ID_LENGTH:
            raise ValidationError(
                f"an email needs a request id of 1-{MAX_REQUEST_ID_LENGTH} characters"
            )
        to = _addresses(self.to)
        if not to:
            raise ValidationError("an email needs at least one recipient")
        cc = tuple(address for address in _addresses(self.cc) if address not in to)
        if len(to) + len(cc) > MAX_RECIPIENTS:
            raise ValidationError(f"an email can go to at most {MAX_RECIPIENTS} people")
        subject = self.subject.strip()
        if not subject:
            raise ValidationError("an email needs a subject")
        if len(subject) > MAX_SUBJECT_LENGTH or any(ch in subject for ch in "\r\n\0"):
            raise ValidationError(
                f"a subject is one line of at most {MAX_SUBJECT_LENGTH} characters"
            )
        if not self.body.strip():
            raise ValidationError("an email needs some text")
        if len(self.body) > MAX_BODY_LENGTH or "\0" in self.body:
            raise ValidationError(f"an email body is text of at most {MAX_BODY_LENGTH} characters")
        reply_to = normalize_email_address(self.reply_to) if self.reply_to else None
        object.__setattr__(self, "request_id", request_id)
        object.__setattr__(self, "to", to)
        object.__setattr__(self, "cc", cc)
        object.__setattr__(self, "subject", subject)
        object.__setattr__(self, "reply_to", reply_to)

    @property
    def recipients(self) -> tuple[str, ...]:
        """Everyone the message goes to: `to`, then `cc`."""
        return self.to + self.cc

    def to_dict(self) -> dict[str, Any]:
        """Plain JSON-ready form."""
        return {
            "request_id": self.request_id,
            "to": list(self.to),
            "cc": list(self.cc),
            "reply_to": self.reply_to,
            "subject": self.subject,
            "body": self.body,
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> OutgoingEmail:
        """Rebuild from `to_dict` output (validating again)."""
        return cls(
            request_id=str(data["request_id"]),
            to=tuple(str(address) for address in data["to"]),
            subject=str(data["subject"]),
            body=str(data["body"]),
            cc=tuple(str(address) for address in data.get("cc") or ()),
            reply_to=str(data["reply_to"]) if data.get("reply_to") else None,
        )


def _addresses(addresses: tuple[str, ...] | list[str] | str) -> tuple[str, ...]:
    """Normalized addresses in order, without duplicates; a lone string counts as one."""
    if isinstance(addresses, str):
        addresses = (addresses,)
    seen: dict[str, None] = {}
    for address in addresses:
        seen.setdefault(normalize_email_address(address), None)
    return tuple(seen)
