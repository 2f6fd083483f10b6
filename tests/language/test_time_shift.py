"""How far a reply moves a time it was shown, in every language with time words."""

from __future__ import annotations

import tomllib

import pytest

from language.lexicon import LEXICON_ROOT
from language.time_shift import shift_minutes, validate_shift


@pytest.mark.parametrize(
    ("text", "language", "minutes"),
    [("make it 30 minutes later", "en", 30), ("half an hour earlier please", "en", -30),
     ("2 hours later", "en", 120), ("oui mais une heure plus tard", "fr", 60),
     ("une demi-heure plus tot", "fr", -30), ("eine halbe Stunde später bitte", "de", 30),
     ("30 min spaeter", "de", 30), ("eine Stunde früher", "de", -60),
     ("media hora más tarde", "es", 30), ("una hora antes", "es", -60),
     ("mezz'ora dopo", "it", 30), ("un'ora prima", "it", -60),
     ("meia hora mais tarde", "pt-BR", 30), ("uma hora antes", "pt", -60),
     ("een half uur later", "nl", 30), ("een uur eerder", "nl", -60),
     ("pół godziny później", "pl", 30), ("godzinę wcześniej", "pl", -60),
     ("30分遅くして", "ja", 30), ("1時間早めて", "ja", -60),
     ("晚半小时", "zh", 30), ("提前一个小时", "zh-CN", -60), ("推迟30分钟", "zh", 30)],
)
def test_a_move_is_read_with_its_direction(text: str, language: str, minutes: int) -> None:
    assert shift_minutes(text, language) == minutes


@pytest.mark.parametrize(
    ("text", "language"),
    [("I'll be 30 minutes late", "en"), ("tomorrow at 3", "en"), ("later", "en"),
     ("in 30 minutes", "en"), ("make it 45 minutes", "en"), ("早上九点", "zh"),
     ("dans une heure", "fr"), ("plus tard", "fr")],
)
def test_no_move_without_an_amount_and_a_direction(text: str, language: str) -> None:
    assert shift_minutes(text, language) is None


def test_every_times_file_has_a_valid_shift_section() -> None:
    for path in sorted(LEXICON_ROOT.glob("*/times.toml")):
        assert validate_shift(str(path), tomllib.loads(path.read_text("utf-8"))) == [], path
    assert validate_shift("x/times.toml", {"shift": {"later": [""]}}) != []
    assert validate_shift("x/times.toml", {"shift": {"sooner": ["x"]}}) != []
