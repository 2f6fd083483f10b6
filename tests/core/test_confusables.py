"""Latin lookalikes in case-folded text: a capital lookalike folded to its small letter is
still read as the Latin letter it showed; words wholly in another script are left alone."""

from __future__ import annotations

import pytest

from core.confusables import unconfuse, unconfuse_folded


@pytest.mark.parametrize(
    ("folded", "read"),
    [
        ("email аlice about the rota", "email alice about the rota"),  # Cyrillic а
        ("вob is late", "bob is late"),  # a Cyrillic В, folded
        ("tell μaria", "tell maria"),  # a Greek Μ, folded
        ("вов опаздывает", "вов опаздывает"),  # Russian words stay Russian
        ("νίκος", "νίκος"),
        ("plain ascii", "plain ascii"),
    ],
)
def test_folded_lookalikes_read_as_latin(folded: str, read: str) -> None:
    assert unconfuse_folded(folded) == read


def test_folding_then_reading_agrees_with_reading_then_folding() -> None:
    for typed in ("Аlice", "Вob", "Μaria", "Нenry", "Тom", "Кate"):
        assert unconfuse_folded(typed.casefold()) == unconfuse(typed).casefold()
