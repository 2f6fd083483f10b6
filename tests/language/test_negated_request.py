"""A request said in the negative is told apart from a request, in each language."""

from __future__ import annotations

import pytest

from language.negated_request import affirmed, negates_request


@pytest.mark.parametrize(
    ("text", "locale"),
    [("don't cancel 1", "en-US"), ("do not cancel the first one", "en-US"),
     ("please don't email bob", "en-US"), ("don't cancel 1, please", "en-US"),
     ("n'annule pas le 1", "fr-FR"), ("ne l'annule pas", "fr-FR"),
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
    [("n'annule pas le 1", "fr-FR", "annule le 1"), ("no canceles el 1", "es-ES", "cancela el 1"),
     ("storniere nicht die 1", "de-DE", "storniere die 1"),
     ("不要取消第一个", "zh-CN", "取消第一个")],
)
def test_the_request_without_its_negation(text: str, locale: str, plain: str) -> None:
    assert affirmed(text, locale) == plain
