"""The word joining the two days of a range ("saturday to 29/11", "de samedi jusqu'à vendredi",
"从周六到周日") is found with each language's range words (times.toml `[day_range]`), so a
shift move said as one range is cut into the day it leaves and the day it goes to."""

from __future__ import annotations

import pytest

from language.day_range import range_join


@pytest.mark.parametrize(("language", "phrase", "first", "last"), [
    ("en", "from saturday to 29/11", "from saturday", "29/11"),
    ("en", "from 28/11 until 29/11", "from 28/11", "29/11"),
    ("fr", "de samedi jusqu'à vendredi", "de samedi", "vendredi"),
    ("fr", "du samedi au dimanche", "du samedi", "dimanche"),
    ("es", "sábado hasta el viernes", "sábado", "viernes"),
    ("es", "28/11 al 29/11", "28/11", "29/11"),
    ("de", "vom samstag bis zum sonntag", "vom samstag", "sonntag"),
    ("it", "da sabato fino al 29/11", "da sabato", "29/11"),
    ("nl", "van zaterdag t/m 29/11", "van zaterdag", "29/11"),
    ("pl", "od soboty do 29.11", "od soboty", "29.11"),
    ("pt", "de sábado até 29/11", "de sábado", "29/11"),
    ("ja", "土曜日から日曜日", "土曜日", "日曜日"),
    ("zh-Hans", "从周六到周日", "从周六", "周日"),
    # The words of another language than the one ERA speaks, and a dash between spaces.
    ("en", "从11月28日到11月29日", "从11月28日", "11月29日"),
    ("en", "sat 28 - sun 29", "sat 28", "sun 29"),
])
def test_a_range_is_cut_at_its_joining_word(
    language: str, phrase: str, first: str, last: str
) -> None:
    joined = range_join(phrase, language)
    assert joined is not None
    start, end = joined
    assert (phrase[:start].strip(), phrase[end:].strip()) == (first, last)


@pytest.mark.parametrize(("language", "phrase"), [
    ("en", "saturday"), ("fr", "samedi"), ("zh-Hans", "周六"), ("en", "après-demain"),
])
def test_one_day_is_no_range(language: str, phrase: str) -> None:
    assert range_join(phrase, language) is None
