"""The words that ask whether to do something ("should I give him a written warning?") are each
language's, in its lexicon, handed to core.situation_facts as data: core holds none of them."""

from __future__ import annotations

from pathlib import Path

import pytest

from core.situation_facts import QuestionWords, read_facts, use_question_words
from language.lexicon import load_lexicons
from language.situation_words import question_words

_CORE_SOURCE = (Path(__file__).resolve().parents[2] / "core" / "situation_facts.py").read_text(
    encoding="utf-8")


@pytest.mark.parametrize("language", ["en", "fr", "es", "de", "it", "pt", "nl", "pl", "ja",
                                      "zh-Hans"])
def test_every_language_says_in_its_lexicon_how_it_asks_whether(language: str) -> None:
    lexicon = next(lexicon for lexicon in load_lexicons() if lexicon.language == language)
    said = (*lexicon.situations.get("asks_whether", ()),
            *lexicon.situations.get("asks_whether_after", ()))
    assert said


def test_core_holds_none_of_those_words() -> None:
    assert not [word for word in ("am i allowed", "puis-je", "deberia", "sollte ich", "dovrei",
                                  "pode-se", "zou ik", "powinienem", "该不该", "ほうがいい")
                if word in _CORE_SOURCE]


@pytest.mark.parametrize("asked", [
    "dois-je lui donner un avertissement écrit ?", "要不要给他书面警告？",
    "書面で警告すべきですか？",
    "moet ik hem een schriftelijke waarschuwing geven?",
])
def test_a_warning_asked_about_is_none_given_with_the_lexicons_words_only(asked: str) -> None:
    try:
        use_question_words(QuestionWords())
        assert read_facts(asked)["prior_warnings"] is True  # no words: read as a fact
        use_question_words(question_words())
        assert read_facts(asked)["prior_warnings"] is None
    finally:
        use_question_words(question_words())


@pytest.mark.parametrize("told", [
    "please note bob already had a written warning in may and was late again",
    "bitte beachten sie er hat schon eine schriftliche Abmahnung bekommen",
    "por favor ten en cuenta que ya tuvo una advertencia por escrito",
    "voglio sapere cosa fare visto che ha già avuto un richiamo scritto",
])
def test_a_polite_word_leaves_a_warning_told_as_given(told: str) -> None:
    """'please', 'bitte', 'por favor', 'voglio' were words that ask ERA to do something: a
    warning already given, told with one of them before it, read as none given, and the advice
    started over as if Bob had never been warned."""
    use_question_words(question_words())
    assert read_facts(told)["prior_warnings"] is True


@pytest.mark.parametrize("asked", [
    "I spoke to him on tuesday, can you draft a warning letter",
    "tu peux rédiger un avertissement écrit pour bob ?",
])
def test_a_warning_letter_asked_of_era_is_none_given(asked: str) -> None:
    use_question_words(question_words())
    assert read_facts(asked)["prior_warnings"] is None
