"""Tests for language/time_from_now.py: "in 2 hours" in the ten languages, and its lexicons."""

from __future__ import annotations

import tomllib

import pytest

from language.lexicon import LEXICON_ROOT
from language.time_from_now import TIMES_FILE, minutes_from_now, validate_times

TIMES_FILES = sorted(LEXICON_ROOT.glob(f"*/{TIMES_FILE}"))


def test_the_ten_languages_have_their_time_words() -> None:
    assert {path.parent.name for path in TIMES_FILES} >= {
        "en", "fr", "es", "de", "it", "pt", "nl", "pl", "ja", "zh-Hans"}


@pytest.mark.parametrize("path", TIMES_FILES, ids=[p.parent.name for p in TIMES_FILES])
def test_every_times_file_follows_the_schema(path) -> None:
    assert validate_times(path.parent.name, tomllib.loads(path.read_text("utf-8"))) == []


def test_a_broken_times_file_is_reported() -> None:
    problems = validate_times("de", {"language": "de", "from_now": {"hours": ["stunden"]}})
    assert any("before or after" in problem for problem in problems)
    assert any("minute" in problem for problem in problems)


@pytest.mark.parametrize(("language", "text", "minutes"), [
    ("en", "can we do it in an hour?", 60),
    ("en", "two hours from now", 120),
    ("fr", "d'ici 45 minutes", 45),
    ("de", "in 2 Stunden bitte", 120),
    ("it", "tra un'ora", 60),
    ("pl", "za godzinę", 60),
    ("pt", "dentro de duas horas", 120),
    ("nl", "over twee uur", 120),
    ("ja", "1時間後にお願いします", 60),
    ("zh", "两个小时后", 120),
])
def test_an_amount_of_time_from_now(language: str, text: str, minutes: int) -> None:
    assert minutes_from_now(text, language) == minutes


@pytest.mark.parametrize(("language", "text"), [
    ("en", "in the morning"), ("en", "in 2 weeks"), ("nl", "om 2 uur"),
    ("pt", "em 2 de dezembro"), ("es", "en la tarde"), ("es", "a las 2"), ("fr", "à 14h"),
    ("de", "am Dienstag um 2 Uhr"), ("ja", "2時に"), ("zh", "下午2点"), ("en", "in 30 hours"),
])
def test_a_clock_time_a_date_or_a_far_amount_is_not_from_now(language: str, text: str) -> None:
    assert minutes_from_now(text, language) is None
