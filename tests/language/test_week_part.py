"""The part of a week a message names ("early next week", "end of the week", "Anfang nächster
Woche", "来週の初め") is those days of it. The finding, in the held-out round: each was the whole
week, so a manager asking for a meeting at the end of the week was offered Monday first."""

from __future__ import annotations

import tomllib
from datetime import datetime
from pathlib import Path
from zoneinfo import ZoneInfo

import pytest

from language.week_part import validate_week_part
from services.time_phrase_parser import TimePhraseParser

LONDON = ZoneInfo("Europe/London")
SUNDAY = datetime(2026, 11, 22, 10, 0, tzinfo=LONDON)
LEXICONS = Path(__file__).resolve().parents[2] / "language" / "lexicons"
EARLY = [(datetime(2026, 11, 23, tzinfo=LONDON), datetime(2026, 11, 25, tzinfo=LONDON))]
MIDDLE = [(datetime(2026, 11, 24, tzinfo=LONDON), datetime(2026, 11, 27, tzinfo=LONDON))]
LATE = [(datetime(2026, 11, 26, tzinfo=LONDON), datetime(2026, 11, 30, tzinfo=LONDON))]


@pytest.fixture(scope="module")
def parser() -> TimePhraseParser:
    """One parser for the module (its recognizer models load once)."""
    return TimePhraseParser(LONDON)


@pytest.mark.parametrize(("locale", "text", "expected"), [
    ("en-GB", "book a meeting with alice at the end of the week", LATE),
    ("en-GB", "meeting with alice early next week", EARLY),
    ("en-GB", "meeting with alice mid next week", MIDDLE),
    ("fr-FR", "réunion avec alice en début de semaine prochaine", EARLY),
    ("de-DE", "Termin mit Alice Ende der Woche", LATE),
    ("de-DE", "Termin mit Alice Anfang nächster Woche", EARLY),
    ("es-ES", "reunión con alice a finales de semana", LATE),
    ("es-ES", "reunión con alice a principios de la semana que viene", EARLY),
    ("it-IT", "riunione con alice all'inizio della prossima settimana", EARLY),
    ("nl-NL", "afspraak met alice eind van de week", LATE),
    ("nl-NL", "afspraak met alice begin volgende week", EARLY),
    ("pl-PL", "spotkanie z alice pod koniec tygodnia", LATE),
    ("pt-PT", "reunião com a alice no fim da semana", LATE),
    ("pt-PT", "reunião com a alice no início da próxima semana", EARLY),
    ("ja-JP", "来週の初めにアリスと会議", EARLY),
    ("ja-JP", "今週の後半にアリスと会議", LATE),
    ("zh-CN", "下周初和Alice开会", EARLY),
])
def test_a_part_of_a_week_is_those_days(
    parser: TimePhraseParser, locale: str, text: str, expected: list
) -> None:
    assert [(w.start, w.end) for w in parser.parse_sync(text, now=SUNDAY, locale=locale)] == (
        expected)


@pytest.mark.parametrize(("locale", "text"), [
    ("en-GB", "meeting with alice next week"),
    ("de-DE", "Termin mit Alice nächste Woche"),
])
def test_a_week_said_alone_stays_the_week(parser: TimePhraseParser, locale: str,
                                          text: str) -> None:
    assert [(w.start, w.end) for w in parser.parse_sync(text, now=SUNDAY, locale=locale)] == [
        (datetime(2026, 11, 23, tzinfo=LONDON), datetime(2026, 11, 30, tzinfo=LONDON))]


def test_every_week_part_section_is_valid() -> None:
    for path in sorted(LEXICONS.glob("*/times.toml")):
        with path.open("rb") as handle:
            assert validate_week_part(str(path), tomllib.load(handle)) == [], path
    assert validate_week_part("x", {"week_part": {"end": "fin"}}) != []
