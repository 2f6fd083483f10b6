"""Advice from a model is bounded, and carries no command tags, markup or foreign links."""

from __future__ import annotations

import pytest

from core.advice_text import ADVICE_LIMIT, clean_advice_text, links_in

OURS = "https://hr.contoso.example/policies/lateness"


@pytest.mark.parametrize(
    ("given", "expected"),
    [
        ("Talk to Bob first.", "Talk to Bob first."),
        ("Talk to him. <GETSHIFTS>tomorrow\nThen decide.", "Talk to him.\nThen decide."),
        ("Ask why. <REASON>I'm sick</REASON> Then act.", "Ask why. Then act."),
        ("<CONFIRM_CANCEL>opt_1 Done", ""),
        ("Be fair.<script>alert('x')</script> Be clear.", "Be fair. Be clear."),
        ("Hi <b>Maria</b>, <i>listen</i> first.", "Hi Maria, listen first."),
        ("<img src=x onerror=alert(1)>Document it.", "Document it."),
        ("Keep notes <!-- hidden --> of each talk.", "Keep notes of each talk."),
        ("<style>p{}</style>Stay calm.", "Stay calm."),
        ("Read https://evil.example/x now.", "Read now."),
        ("See www.evil.example for more.", "See for more."),
        ("Click [here](https://evil.example) to file it.", "Click here to file it."),
        ("Run javascript:alert(1) never.", "Run never."),
        (f"Our policy: {OURS}.", f"Our policy: {OURS}."),
        (f"Our [policy]({OURS}) applies.", f"Our [policy]({OURS}) applies."),
        ("Hours < 40 are part-time.", "Hours < 40 are part-time."),
        ("", ""),
    ],
)
def test_tags_markup_and_foreign_links_are_removed(given: str, expected: str) -> None:
    assert clean_advice_text(given, allowed_links=frozenset({OURS})) == expected


def test_a_runaway_answer_is_cut_at_a_sentence_boundary() -> None:
    sentence = "Talk to the employee privately and write down what was said. "
    cleaned = clean_advice_text(sentence * 10_000)
    assert len(cleaned) <= ADVICE_LIMIT
    assert cleaned.endswith("said.")
    assert len(cleaned) > ADVICE_LIMIT - len(sentence)


def test_a_text_without_sentences_is_cut_at_a_word_with_an_ellipsis() -> None:
    cleaned = clean_advice_text("word " * 2_000, limit=100)
    assert len(cleaned) <= 100 and cleaned.endswith("word…")


def test_the_allowed_links_are_read_from_eras_own_texts() -> None:
    assert links_in([f"See {OURS}.", "no link here"]) == frozenset({OURS})
