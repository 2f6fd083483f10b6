"""A request said in the negative is told apart from a request, in each language."""

from __future__ import annotations

import pytest

from language import negated_request
from language.lexicon import load_lexicons, validate_lexicon
from language.negated_request import affirmed, cancels, negates_request


@pytest.mark.parametrize(
    ("text", "locale"),
    [("don't cancel 1", "en-US"), ("do not cancel the first one", "en-US"),
     ("please don't email bob", "en-US"), ("don't cancel 1, please", "en-US"),
     ("n'annule pas le 1", "fr-FR"), ("ne l'annule pas", "fr-FR"),
     # As typed on a phone, with no apostrophe.
     ("n annule pas le 1", "fr-FR"), ("ne l annule pas", "fr-FR"),
     ("je ne veux pas annuler", "fr-FR"), ("no canceles el 1", "es-ES"),
     ("no quiero cancelar mi turno", "es-ES"), ("storniere nicht die 1", "de-DE"),
     ("die 1 nicht stornieren", "de-DE"), ("sag die 1 nicht ab", "de-DE"),
     ("non cancellare il turno", "it-IT"), ("não cancele o 1", "pt-BR"),
     ("キャンセルしないで", "ja-JP"), ("不要取消", "zh-CN")],
)
def test_a_negated_request_is_read_as_one(text: str, locale: str) -> None:
    assert negates_request(text, locale)


@pytest.mark.parametrize(
    ("text", "locale"),
    [("cancel 1", "en-US"), ("no, cancel 1", "en-US"),
     ("cancel my friday shift, not saturday", "en-US"),
     ("I don't feel well, cancel my shift", "en-US"), ("don't email him, call him", "en-US"),
     ("annule le 1", "fr-FR"), ("je ne peux pas venir, annule mon service", "fr-FR"),
     ("n'envoie pas l'email, appelle-le", "fr-FR"), ("no, cancela el 1", "es-ES"),
     ("no puedo ir el viernes, cancela mi turno", "es-ES"),
     ("ich kann freitag nicht, storniere die schicht", "de-DE"), ("取消第二个", "zh-CN")],
)
def test_a_request_is_not_read_as_negated(text: str, locale: str) -> None:
    assert not negates_request(text, locale)


@pytest.mark.parametrize(
    ("text", "locale", "plain"),
    [("n'annule pas le 1", "fr-FR", "annule le 1"), ("n annule pas le 1", "fr-FR", "annule le 1"),
     ("no canceles el 1", "es-ES", "cancela el 1"),
     ("storniere nicht die 1", "de-DE", "storniere die 1"),
     ("不要取消第一个", "zh-CN", "取消第一个")],
)
def test_the_request_without_its_negation(text: str, locale: str, plain: str) -> None:
    assert affirmed(text, locale) == plain


@pytest.mark.parametrize(
    ("text", "locale"),
    [("niet annuleren", "nl-NL"), ("annuleer dienst 1 niet", "nl-NL"),
     ("nie anuluj zmiany", "pl-PL"), ("nie odwołuj jutrzejszej zmiany", "pl-PL")],
)
def test_a_negated_request_is_read_as_one_in_dutch_and_polish(text: str, locale: str) -> None:
    assert negates_request(text, locale)


@pytest.mark.parametrize(
    ("text", "locale"),
    [("niet sturen, bel hem", "nl-NL"), ("nie wysyłaj, zadzwoń do niego", "pl-PL"),
     ("non mandarla, chiamalo", "it-IT"), ("não envies, liga-lhe", "pt-PT")],
)
def test_a_no_to_one_request_then_another_is_a_request(text: str, locale: str) -> None:
    assert not negates_request(text, locale)


@pytest.mark.parametrize(
    ("text", "locale", "plain"),
    [("Don't cancel 1", "en-US", "cancel 1"), ("non cancellare il turno", "it-IT",
                                              "cancellare il turno"),
     ("Não cancele o 1", "pt-BR", "cancele o 1"), ("annuleer dienst 1 niet", "nl-NL",
                                                  "annuleer dienst 1"),
     ("nie anuluj zmiany", "pl-PL", "anuluj zmiany"),
     ("キャンセルしないで", "ja-JP", "キャンセルして")],
)
def test_the_request_without_its_negation_in_other_languages(
    text: str, locale: str, plain: str
) -> None:
    assert affirmed(text, locale) == plain


@pytest.mark.parametrize(
    "text",
    ["cancela el 1", "storniere die 1", "annuleer dienst 1", "odwołaj zmianę", "cancella il 2",
     "キャンセルして", "取消第一个"],
)
def test_cancel_verbs_of_each_language(text: str) -> None:
    assert cancels(text)


def test_a_language_is_added_by_its_lexicon_words(monkeypatch: pytest.MonkeyPatch) -> None:
    swedish, problems = validate_lexicon(
        "sv", {"language": "sv", "control": {"help": ["hjälp"]}},
        {"language": "sv", "negation_verbs": ["avboka", "skicka"],
         "negation_requests": [r"^(?:men\s+)?avboka\s+inte\b", r"^inte\s+%VERBS%"],
         "negation_words": [r"\s*\binte\b"], "negation_cancels": [r"avbok\w*"]})
    assert not problems
    monkeypatch.setattr(negated_request, "load_lexicons", lambda: (*load_lexicons(), swedish))
    monkeypatch.setattr(negated_request, "_WORDS", None)
    assert negates_request("avboka inte passet", "sv-SE")
    assert negates_request("inte skicka mejlet", "sv-SE")
    assert not negates_request("avboka passet", "sv-SE")
    assert affirmed("avboka inte passet", "sv-SE") == "avboka passet"
    assert cancels("avboka passet")
