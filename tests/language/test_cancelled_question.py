"""Tests for the question whether a shift was cancelled (language/intent_rules.py): a
question about one's shifts in the ten languages, and the requests that stay requests."""

from __future__ import annotations

import pytest

from core.intent import Intent
from language.intent_rules import classify_intent


@pytest.mark.parametrize(("text", "locale"), [
    ("was my shift cancelled?", "en-GB"), ("has my shift been cancelled", "en-US"),
    ("did they cancel my shift on friday?", "en-GB"),
    ("mon service a été annulé ?", "fr-FR"), ("wurde meine Schicht abgesagt?", "de-DE"),
    ("¿mi turno del lunes fue cancelado?", "es-ES"), ("il mio turno è stato cancellato?", "it-IT"),
    ("meu turno foi cancelado?", "pt-BR"), ("is mijn dienst geannuleerd?", "nl-NL"),
    ("moja zmiana została odwołana?", "pl-PL"), ("私のシフトはキャンセルされましたか？", "ja-JP"),
    ("我的班被取消了吗？", "zh-CN"),
])
def test_whether_a_shift_was_cancelled_is_a_question_about_ones_shifts(
    text: str, locale: str
) -> None:
    assert classify_intent(text, locale=locale).intent is Intent.MY_SHIFTS


@pytest.mark.parametrize(("text", "locale"), [
    ("cancel my shift", "en-GB"), ("my shift is cancelled tomorrow, I'm sick", "en-GB"),
    ("czy moja zmiana we wtorek może zostać odwołana?", "pl-PL"),
    ("kan mijn dienst van morgen geannuleerd worden?", "nl-NL"),
    ("annule mon service de demain", "fr-FR"), ("storniere meine Schicht am Montag", "de-DE"),
])
def test_asking_to_cancel_stays_a_cancel_request(text: str, locale: str) -> None:
    assert classify_intent(text, locale=locale).intent is Intent.SHIFT_CANCEL
