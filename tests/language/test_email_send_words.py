"""Sending and putting off at an email's preview, by the lexicons' words (moved here with the
words from core/email_draft.py, the cases unchanged)."""

from __future__ import annotations

import pytest

from language.email_send_words import mentions_sending, says_later


@pytest.mark.parametrize(
    ("text", "sending", "later"),
    [
        ("send it tomorrow morning", True, False),
        ("envoie-le plus tard", True, True),
        ("schick sie später", True, True),
        ("envíalo mañana", True, False),
        ("make it shorter", False, False),
        ("send it later", True, True),
    ],
)
def test_sending_and_later_words(text: str, sending: bool, later: bool) -> None:
    assert (mentions_sending(text), says_later(text)) == (sending, later)
