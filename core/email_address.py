"""Email addresses as ERA accepts them: a plain addr-spec (`name@example.org`), nothing else.

Display names, comments, quoted local parts and IP-literal domains are refused, and so is any
control character: an address goes into mail headers and Graph requests, so a newline in one
would let text inject headers. Addresses are case-insensitive in practice, so the accepted form
is trimmed and lower-cased; that is the form the calendar and mail services compare and store.
"""

from __future__ import annotations

import re

from core.errors import ErrorCode, ValidationError

_MAX_LENGTH = 254
_LOCAL = r"[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*"
_LABEL = r"[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?"
_ADDRESS = re.compile(rf"{_LOCAL}@(?:{_LABEL}\.)+[A-Za-z]{{2,63}}")


def is_email_address(text: str) -> bool:
    """Whether `text` (after trimming) is an address ERA would accept."""
    candidate = text.strip()
    return len(candidate) <= _MAX_LENGTH and _ADDRESS.fullmatch(candidate) is not None


def normalize_email_address(text: str) -> str:
    """The trimmed, lower-cased address; ValidationError when it is not one."""
    if not is_email_address(text):
        raise ValidationError(ErrorCode.NOT_AN_EMAIL_ADDRESS, text=text.strip()[:80])
    return text.strip().lower()
