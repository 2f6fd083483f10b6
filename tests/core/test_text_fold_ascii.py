"""The ASCII fast path of text folding gives what the character-by-character rule gives."""

from __future__ import annotations

import random

from core.text_fold import _fold_ascii, _fold_by_character, fold, fold_text


def test_ascii_text_folds_as_every_character_would() -> None:
    chance = random.Random(11)
    alphabet = [chr(code) for code in range(128)]
    tricky = "ab C `'\t\n  x\x1c\x1f\x0b\r"
    samples = ["", " ", "  Hello,   World!  ", "Don`t\tSTOP\n\nnow", "\x1cA\x1fB\x0b"]
    for _ in range(20_000):
        source = alphabet if chance.random() < 0.3 else tricky
        samples.append("".join(chance.choice(source) for _ in range(chance.randint(0, 40))))
    for text in samples:
        assert _fold_ascii(text) == _fold_by_character(text), repr(text)
        assert fold_text(text) == _fold_by_character(text).text, repr(text)


def test_a_slot_comes_back_in_the_users_spelling() -> None:
    folded = fold("Cancel   my SHIFT on  Friday")
    start = folded.text.index("shift on friday")
    assert folded.original_span(start, start + len("shift on friday")) == "SHIFT on  Friday"
    accented = fold("Annulez   mon ÉQUIPE")
    start = accented.text.index("equipe")
    assert accented.original_span(start, start + len("equipe")) == "ÉQUIPE"
