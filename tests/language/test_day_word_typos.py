"""Time words typed with a slip are read as the word meant; words of their own never are."""

from __future__ import annotations

import tomllib

import pytest

from core.text_fold import fold
from language.day_word_typos import day_word_typos, validate_typos
from language.time_from_now import LEXICON_ROOT
from language.weeks_after import validate_weeks_after


def _read(text: str, language: str) -> tuple[tuple[str, str], ...]:
    return day_word_typos(fold(text), language=language, nouns_capitalised=language == "de")


@pytest.mark.parametrize(("language", "text", "typed", "meant"), [
    ("en", "cancel my shift tomoro", "tomoro", "tomorrow"),
    ("en", "can't come in tomorow morning", "tomorow", "tomorrow"),
    ("de", "Morgn kann ich nicht", "Morgn", "morgen"),
    ("de", "ich kann mrgen nicht", "mrgen", "morgen"),
    ("nl", "ik kan morgn niet", "morgn", "morgen"),
    ("es", "no puedo ir mñn", "mñn", "mañana"),
    ("es", "cancela mi turno de mañna", "mañna", "mañana"),
    ("fr", "annule mon shift demian", "demian", "demain"),
    ("it", "annulla il turno di doamni", "doamni", "domani"),
    ("pl", "odwołaj zmianę jutr", "jutr", "jutro"),
    ("pt", "não posso ir amnh", "amnh", "amanhã"),
])
def test_a_time_word_typed_with_a_slip_is_read_as_meant(
    language: str, text: str, typed: str, meant: str,
) -> None:
    assert _read(text, language) == ((typed, meant),)


@pytest.mark.parametrize(("language", "text"), [
    # Words of their own one letter from a time word.
    ("de", "wir mogen das nicht"),
    ("de", "ich arbeite morgens"),
    ("nl", "mogen we ruilen?"),
    ("nl", "ik werk 's avonds"),
    ("pt", "a minha escala"),
    ("pt", "tem uma mancha"),
    ("fr", "réunion avec alice martin"),
    ("fr", "les matins"),
    ("es", "pásalo a alice"),
    ("es", "todas mis mañanas"),
    ("pl", "do jutra"),
    ("pl", "popołudnie"),
    ("it", "ho una domanda sul mattino"),
    ("en", "in mourning"),
    ("en", "a toady"),
    # A capitalised word inside the sentence may be a name.
    ("en", "call Tomorow Smith"),
    # Short words are too many to tell apart.
    ("es", "hoy no"),
])
def test_words_of_their_own_are_not_taken_for_a_time_word(language: str, text: str) -> None:
    assert _read(text, language) == ()


def test_every_typos_section_keeps_to_its_schema() -> None:
    for path in sorted(LEXICON_ROOT.glob("*/times.toml")):
        with path.open("rb") as handle:
            assert validate_typos(str(path), tomllib.load(handle)) == [], path
    assert validate_typos("x/times.toml", {"typos": {"words": [""]}}) != []
    assert validate_typos("x/times.toml", {"typos": {"spelled": {"a": 1}}}) != []


def test_every_weeks_after_section_keeps_to_its_schema() -> None:
    for path in sorted(LEXICON_ROOT.glob("*/times.toml")):
        with path.open("rb") as handle:
            assert validate_weeks_after(str(path), tomllib.load(handle)) == [], path
    assert validate_weeks_after("x/times.toml", {"weeks_after": {"after": {"week": 3}}}) != []
