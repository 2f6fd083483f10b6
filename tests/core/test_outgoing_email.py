"""OutgoingEmail and the address rule: normalization, de-duplication, and what is refused."""

from __future__ import annotations

import pytest

from core.email_address import is_email_address, normalize_email_address
from core.errors import ErrorCode, ValidationError
from core.outgoing_email import OutgoingEmail
from core.sent_email import SentEmail


@pytest.mark.parametrize(("text", "ok"), [
    ("bob.smith@contoso.example", True),
    ("  Bob.Smith@Contoso.Example ", True),
    ("o'brien+hr@sub.contoso.co.uk", True),
    ("bob", False),
    ("bob@localhost", False),
    ("Bob Smith <bob@contoso.example>", False),
    ("bob@contoso.example, alice@contoso.example", False),
    ("bob@contoso.example\r\nBcc: x@contoso.example", False),
    (".bob@contoso.example", False),
    ("bob..smith@contoso.example", False),
    ("bob@-contoso.example", False),
    ("a" * 250 + "@contoso.example", False),
])
def test_which_addresses_are_accepted(text: str, ok: bool) -> None:
    assert is_email_address(text) is ok


def test_normalizing_trims_and_lowercases_or_refuses() -> None:
    assert normalize_email_address(" Maria.Lopez@Contoso.EXAMPLE ") == "maria.lopez@contoso.example"
    with pytest.raises(ValidationError) as refused:
        normalize_email_address("maria at contoso")
    assert refused.value.code is ErrorCode.NOT_AN_EMAIL_ADDRESS
    assert refused.value.data == {"text": "maria at contoso"}


def test_recipients_are_normalized_and_cc_never_repeats_to() -> None:
    email = OutgoingEmail(
        request_id=" r1 ", to=("Bob@Contoso.example", "bob@contoso.example"), subject=" Hi ",
        body="Text", cc=("BOB@contoso.example", "hr@contoso.example", "hr@contoso.example"),
    )
    assert email.request_id == "r1"
    assert email.to == ("bob@contoso.example",)
    assert email.cc == ("hr@contoso.example",)
    assert email.subject == "Hi"
    assert email.recipients == ("bob@contoso.example", "hr@contoso.example")


def test_a_single_string_recipient_is_one_address() -> None:
    email = OutgoingEmail(request_id="r", to="bob@contoso.example",  # type: ignore[arg-type]
                          subject="Hi", body="Text")
    assert email.to == ("bob@contoso.example",)


def test_too_many_recipients_are_refused() -> None:
    with pytest.raises(ValidationError, match="at most 50"):
        OutgoingEmail(request_id="r", to=tuple(f"p{n}@contoso.example" for n in range(51)),
                      subject="Hi", body="Text")


def test_dict_round_trips() -> None:
    email = OutgoingEmail(request_id="r", to=("bob@contoso.example",), subject="Hi",
                          body="Line 1\nLine 2", reply_to="maria@contoso.example")
    assert OutgoingEmail.from_dict(email.to_dict()) == email
    sent = SentEmail.from_dict({"message_id": "<a@b.example>", "request_id": "r",
                                "sent_at": "2026-11-22T11:00:00+01:00", "backend": "smtp"})
    assert sent.sent_at.isoformat() == "2026-11-22T10:00:00+00:00"
    assert SentEmail.from_dict(sent.to_dict()) == sent
