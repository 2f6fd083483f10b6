"""Who a worker suggests should take the shift they cancel, and the request without it."""

from __future__ import annotations

from dataclasses import replace

import pytest

from language import cover_suggestion as cover_words
from language.cover_suggestion import cover_suggestion
from language.lexicon import load_lexicons

_NAMES = [("Alice Martin", "Alice"), ("Chen Wei", "Chen")]


@pytest.mark.parametrize(
    ("text", "language", "index", "rest"),
    [
        ("cancel my shift on friday and give it to alice", "en", 0, "cancel my shift on friday"),
        ("cancel my shift friday, I'm sick, chen will cover", "en", 1,
         "cancel my shift friday, I'm sick"),
        ("alice can take it, cancel my friday shift", "en", 0, "cancel my friday shift"),
        ("annule mon service de vendredi, alice peut le prendre", "fr", 0,
         "annule mon service de vendredi"),
        ("annule mon service de vendredi et donne-le à Alice", "fr", 0,
         "annule mon service de vendredi"),
        ("cancela mi turno del viernes, alice puede cubrirlo", "es", 0,
         "cancela mi turno del viernes"),
        ("sag meine Schicht am Freitag ab, Alice kann sie übernehmen", "de", 0,
         "sag meine Schicht am Freitag ab"),
    ],
)
def test_the_suggested_colleague_is_taken_out_of_the_request(
    text: str, language: str, index: int, rest: str
) -> None:
    suggestion = cover_suggestion(text, _NAMES, language)
    assert suggestion is not None
    assert (suggestion.index, suggestion.rest) == (index, rest)


@pytest.mark.parametrize(
    ("text", "language"),
    [
        ("cancel alice's shift on friday", "en"),
        ("cancel my shift on friday", "en"),
        ("annule le service d'alice vendredi", "fr"),
        ("give it to alice", "en"),  # nothing of the worker's own is asked for
    ],
)
def test_no_suggestion(text: str, language: str) -> None:
    assert cover_suggestion(text, _NAMES, language) is None


def test_a_language_is_added_by_its_lexicon_words(monkeypatch: pytest.MonkeyPatch) -> None:
    handovers = {"cover_handovers": ("(?:dallo|dalla) (?:a|ad) %NAME%", "%NAME% puo coprirlo"),
                 "cover_joins": ("e", "poi")}
    lexicons = tuple(
        replace(lexicon, interrupts={**lexicon.interrupts, **handovers})
        if lexicon.language == "it" else lexicon for lexicon in load_lexicons())
    monkeypatch.setattr(cover_words, "load_lexicons", lambda: lexicons)
    monkeypatch.setattr(cover_words, "_WORDS", None)
    suggestion = cover_suggestion("cancella il mio turno di venerdì e dallo ad Alice", _NAMES, "it")
    assert suggestion is not None
    assert (suggestion.index, suggestion.rest) == (0, "cancella il mio turno di venerdì")
    suggestion = cover_suggestion("cancella il mio turno di venerdì, Chen può coprirlo", _NAMES,
                                  "it")
    assert suggestion is not None
    assert (suggestion.index, suggestion.rest) == (1, "cancella il mio turno di venerdì")
