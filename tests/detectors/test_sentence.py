"""Sentence splitting, question marks in four scripts, and quoted speech taken out."""

from __future__ import annotations

import pytest

from detectors.sentence import mask_quoted_speech, split_sentences


@pytest.mark.parametrize(
    ("text", "questions"),
    [
        ("Have you called them? Schedule a call.", [True, False]),
        ("Have you checked the rota for this week？", [True]),
        ("Entiendo, ¿ha intentado llamarlo", [True]),
        ("هل حاولت الاتصال به؟", [True]),
        ("Were these consecutive shifts?Call them.", [True, False]),
        ("- Have you tried reaching them\n- Is there a doctor's note", [True, True]),
        ("Call them today. Keep a note.", [False, False]),
        ("Thanks... that helps. Call them (today).", [False, False, False]),
    ],
)
def test_questions_are_found_by_their_marks(text: str, questions: list[bool]) -> None:
    assert [sentence.is_question for sentence in split_sentences(text)] == questions


@pytest.mark.parametrize(
    "text",
    [
        'You could say "Can we talk tomorrow?" — then schedule a call.',
        "Open with 'Is everything okay at home?' and set up a call.",
        "Ask “Is there anything making it hard to get here on time?” Then send an email.",
        "Vous pouvez lui dire « Tout va bien de ton côté ? » puis fixer un rendez-vous.",
        "Sie könnten sagen: „Ist alles in Ordnung bei dir?“ und dann einen Termin vereinbaren.",
        "Può dirgli «Va tutto bene?» e poi fissare un appuntamento.",
    ],
)
def test_quoted_questions_are_not_questions(text: str) -> None:
    assert not any(sentence.is_question for sentence in split_sentences(mask_quoted_speech(text)))


def test_short_quoted_title_keeps_its_words() -> None:
    masked = mask_quoted_speech('Send the "Attendance concern" email today.')
    assert masked == "Send the Attendance concern email today."


def test_apostrophes_inside_words_are_not_quotes() -> None:
    text = "Don't wait; they've missed three shifts and it's the employees' first warning."
    assert mask_quoted_speech(text) == text


def test_typographic_apostrophes_are_normalised() -> None:
    (sentence,) = split_sentences("You’ve called twice.")
    assert sentence.lower == "you've called twice."
