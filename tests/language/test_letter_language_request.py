"""Which language a manager asks a letter in, in each of ERA's languages; and what is not
such a request (a blank's value that names a language, a longer text)."""

from __future__ import annotations

import pytest

from language.letter_language_request import asked_letter_language

LETTERS = ("en", "fr", "es", "de", "it", "pt", "pt-BR", "nl", "pl", "ja", "zh")


@pytest.mark.parametrize(("text", "language"), [
    ("write it in English", "en"),
    ("in english please", "en"),
    ("English", "en"),
    ("en français plutôt", "fr"),
    ("écris-la en anglais", "en"),
    ("escríbelo en español", "es"),
    ("mejor en inglés", "en"),
    ("schreib sie auf Deutsch", "de"),
    ("lieber auf Englisch", "en"),
    ("scrivila in italiano", "it"),
    ("in inglese, per favore", "en"),
    ("em português, por favor", "pt"),
    ("escreve-o em inglês", "en"),
    ("schrijf hem in het Nederlands", "nl"),
    ("liever in het Engels", "en"),
    ("napisz go po polsku", "pl"),
    ("po angielsku", "en"),
    ("英語で書いて", "en"),
    ("日本語で", "ja"),
    ("用中文写", "zh"),
    ("请用英文写", "en"),
])
def test_a_short_request_names_the_letters_language(text: str, language: str) -> None:
    assert asked_letter_language(text, LETTERS) == language


@pytest.mark.parametrize("text", [
    "send it",
    "English lessons",  # a blank's value
    "his French exam on Monday",
    "I know she reads English and French",
    "Dear Chen, please write the report in English before the end of the week. Thanks",
    "in Korean",  # no letters in Korean
])
def test_other_words_ask_for_no_language(text: str) -> None:
    assert asked_letter_language(text, LETTERS) is None
