"""A corrected delay replaces the one in a worker's words; anything more is no correction."""

from __future__ import annotations

import pytest

from core.question_id import QuestionId
from language.delay_correction import corrected_delay

_LATE = str(QuestionId.CONFIRM_LATE)


@pytest.mark.parametrize(("locale", "words", "reply", "expected"), [
    ("en-US", "I will be 15 min late", "no, 30 min", "I will be 30 min late"),
    ("en-US", "I will be 15 min late", "30 mins", "I will be 30 mins late"),
    ("en-US", "I will be 15 min late", "yes, 30 min", "I will be 30 min late"),
    ("en-US", "I will be an hour late", "no, 2 hours", "I will be 2 hours late"),
    ("en-US", "I will be 15 min late", "no, more like half an hour",
     "I will be half an hour late"),
    ("it-IT", "arrivo 10 minuti in ritardo", "no, 30 minuti", "arrivo 30 minuti in ritardo"),
    ("nl-NL", "ik ben 10 minuten te laat", "nee, 20 minuten", "ik ben 20 minuten te laat"),
    ("pt-BR", "vou chegar 10 min atrasado", "não, 30 min", "vou chegar 30 min atrasado"),
    # No correction: no delay in the words, more words than a no, a question, a plain yes.
    ("en-US", "running late", "no, 30 min", None),
    ("en-US", "I will be 15 min late", "the bus broke down, 30 min", None),
    ("en-US", "I will be 15 min late", "what about 30 min?", None),
    ("en-US", "I will be 15 min late", "yes", None),
    ("en-US", "I will be 15 min late", "no", None),
    # Re-read finding: a time of day was taken for minutes ("I'll be 10 min late"), and a no
    # to telling anyone was dropped with the correction.
    ("en-US", "I will be 15 min late", "no, at 10", None),
    ("en-US", "I will be 15 min late", "no, 10 am", None),
    ("fr-FR", "je serai en retard de 15 min", "non, à 10h", None),
    ("en-US", "I will be 15 min late", "no, 30 min, but don't tell her", None),
    ("en-US", "I will be 15 min late", "no it's 5 min, never mind", None),
])
def test_corrected_delay(locale: str, words: str, reply: str, expected: str | None) -> None:
    assert corrected_delay(words, reply, _LATE, locale) == expected
