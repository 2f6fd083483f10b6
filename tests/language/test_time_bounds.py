"""A time said as a bound ("after 3pm", "après 15h", "vor 11 Uhr", "15時以降") is read as the
hours from it to the evening, or from the morning up to it. The finding: "mardi après 15h" was
Tuesday and 15:00 today, two times, and the list said "on Tue 1 Dec or Sun 29 Nov between
03:00 and 04:00"; "tuesday after 3pm" and "Dienstag nach 15 Uhr" were all of Tuesday, so times
before 3pm were offered."""

from __future__ import annotations

import tomllib
from datetime import datetime, timedelta
from pathlib import Path
from zoneinfo import ZoneInfo

import pytest

from language.time_bounds import TimeBound, time_bound, validate_bounds
from services.time_phrase_parser import TimePhraseParser

LONDON = ZoneInfo("Europe/London")
SUNDAY = datetime(2026, 11, 22, 10, 0, tzinfo=LONDON)
LEXICONS = Path(__file__).resolve().parents[2] / "language" / "lexicons"


@pytest.fixture(scope="module")
def parser() -> TimePhraseParser:
    """One parser for the module (its recognizer models load once)."""
    return TimePhraseParser(LONDON)


def _hours(day: int, start: int, end: int) -> tuple[datetime, datetime]:
    first = datetime(2026, 11, day, tzinfo=LONDON)
    return first + timedelta(hours=start), first + timedelta(hours=end)


@pytest.mark.parametrize(("locale", "text", "expected"), [
    ("en-US", "tuesday after 3pm", _hours(24, 15, 24)),
    ("en-US", "book a meeting with Alice tuesday before 11am", _hours(24, 8, 11)),
    ("fr-FR", "mardi après 15h", _hours(24, 15, 24)),
    ("fr-FR", "mardi à partir de 15h", _hours(24, 15, 24)),
    ("fr-FR", "jeudi avant 11h", _hours(26, 8, 11)),
    ("de-DE", "Dienstag nach 15 Uhr", _hours(24, 15, 24)),
    ("de-DE", "am Donnerstag vor 11 Uhr", _hours(26, 8, 11)),
    ("es-ES", "el martes después de las 15h", _hours(24, 15, 24)),
    ("es-ES", "el jueves antes de las 11", _hours(26, 8, 11)),
    ("it-IT", "martedì dopo le 15", _hours(24, 15, 24)),
    ("nl-NL", "dinsdag na 15 uur", _hours(24, 15, 24)),
    ("pt-PT", "terça depois das 15h", _hours(24, 15, 24)),
    ("pl-PL", "we wtorek po 15", _hours(24, 15, 24)),
    ("ja-JP", "火曜日の15時以降", _hours(24, 15, 24)),
    ("ja-JP", "木曜日の11時まで", _hours(26, 8, 11)),
    ("zh-CN", "周二下午3点以后", _hours(24, 15, 24)),
])
def test_a_bound_time_runs_to_the_evening_or_from_the_morning(
    parser: TimePhraseParser, locale: str, text: str, expected: tuple[datetime, datetime],
) -> None:
    windows = parser.parse_sync(text, now=SUNDAY, locale=locale)
    assert [(w.start, w.end) for w in windows] == [expected], windows


@pytest.mark.parametrize(("language", "text", "bound"), [
    ("en", "after 3pm", TimeBound.FROM),
    ("fr", "avant 11h", TimeBound.UNTIL),
    ("ja", "15時から", TimeBound.FROM),
])
def test_the_bound_words_are_read_next_to_a_clock(language: str, text: str,
                                                  bound: TimeBound) -> None:
    found = time_bound(text, language)
    assert found is not None and found.bound is bound


def test_every_language_s_bound_words_are_well_formed() -> None:
    for path in sorted(LEXICONS.glob("*/times.toml")):
        with path.open("rb") as handle:
            assert validate_bounds(str(path), tomllib.load(handle)) == [], path
    assert validate_bounds("x/times.toml", {"bounds": {"from_before": [""]}}) != []
