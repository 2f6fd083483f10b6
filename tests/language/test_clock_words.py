"""Clock times said in words ("half 2", "quarter to 3", "halb drei", "Viertel nach zwei", "half
drie", "wpół do trzeciej", "las tres menos cuarto") are that time of the day they name, and hours
written with a dash between them ("woensdag 13:30-14:30", "Mittwoch 13:30–14:30") are those hours.
The finding: "tomorrow at half 2" was all of tomorrow and "quarter to 3" 02:45, so a manager
booking a meeting was offered 09:00 first, and Dutch or en-dashed hours were the whole day."""

from __future__ import annotations

import tomllib
from datetime import datetime, timedelta
from pathlib import Path
from zoneinfo import ZoneInfo

import pytest

from language.clock_words import validate_clock_words
from services.time_phrase_parser import TimePhraseParser

LONDON = ZoneInfo("Europe/London")
SUNDAY = datetime(2026, 11, 22, 10, 0, tzinfo=LONDON)
LEXICONS = Path(__file__).resolve().parents[2] / "language" / "lexicons"


@pytest.fixture(scope="module")
def parser() -> TimePhraseParser:
    """One parser for the module (its recognizer models load once)."""
    return TimePhraseParser(LONDON)


def _at(day: int, hour: int, minute: int, length: int = 60) -> tuple[datetime, datetime]:
    start = datetime(2026, 11, day, hour, minute, tzinfo=LONDON)
    return start, start + timedelta(minutes=length)


def _spans(parser: TimePhraseParser, text: str, locale: str) -> list[tuple[datetime, datetime]]:
    return [(w.start, w.end) for w in parser.parse_sync(text, now=SUNDAY, locale=locale)]


@pytest.mark.parametrize(("locale", "text", "expected"), [
    ("en-GB", "book a meeting with alice tomorrow at half 2", _at(23, 14, 30)),
    ("en-GB", "tomorrow at half two", _at(23, 14, 30)),
    ("en-GB", "book a 1 hour meeting at half 2 on friday", _at(27, 14, 30)),
    ("en-GB", "friday half 10", _at(27, 10, 30)),
    ("en-GB", "book a meeting with alice tomorrow at quarter to 3", _at(23, 14, 45)),
    ("en-US", "tomorrow at a quarter of 3", _at(23, 14, 45)),
    ("de-DE", "Termin mit Alice morgen um Viertel nach zwei", _at(23, 14, 15)),
    ("de-DE", "morgen um Viertel vor drei", _at(23, 14, 45)),
    ("de-DE", "morgen um dreiviertel drei", _at(23, 14, 45)),
    ("nl-NL", "morgen om kwart over twee", _at(23, 14, 15)),
    ("nl-NL", "morgen om kwart voor drie", _at(23, 14, 45)),
    ("nl-NL", "morgen om kwart over half drie", _at(23, 14, 45)),
    ("pl-PL", "umów spotkanie z Alice jutro o wpół do trzeciej", _at(23, 14, 30)),
    ("pl-PL", "jutro o wpół do 3", _at(23, 14, 30)),
    ("pl-PL", "jutro kwadrans po drugiej", _at(23, 14, 15)),
    ("pl-PL", "jutro za kwadrans trzecia", _at(23, 14, 45)),
    ("fr-FR", "demain à deux heures et demie", _at(23, 14, 30)),
    ("fr-FR", "demain à trois heures moins le quart", _at(23, 14, 45)),
    ("es-ES", "mañana a las tres menos cuarto", _at(23, 14, 45)),
    ("it-IT", "domani alle due e mezza", _at(23, 14, 30)),
    ("it-IT", "domani alle tre meno un quarto", _at(23, 14, 45)),
    ("pt-PT", "amanhã às duas e meia", _at(23, 14, 30)),
    ("pt-BR", "amanhã às três menos um quarto", _at(23, 14, 45)),
    # Held out: a French clock before "demain" was 30 May ("30 demain" read as "30 de mai").
    ("fr-FR", "réunion avec alice à 14:30 demain", _at(23, 14, 30)),
    ("fr-FR", "vers midi et demi demain", _at(23, 12, 30)),
])
def test_a_clock_time_said_in_words_is_that_time(
    parser: TimePhraseParser, locale: str, text: str, expected: tuple[datetime, datetime]
) -> None:
    assert _spans(parser, text, locale) == [expected]


@pytest.mark.parametrize(("locale", "text", "expected"), [
    # As before: said in the morning, or a length, or from now.
    ("en-GB", "tomorrow at half past two in the morning", _at(23, 2, 30)),
    ("de-DE", "morgen um halb drei", _at(23, 14, 30)),
    ("de-DE", "morgen um halb eins", _at(23, 12, 30)),
    ("nl-NL", "morgen om half drie", _at(23, 14, 30)),
    ("fr-FR", "dans deux heures et demie", _at(22, 12, 30)),
    ("es-ES", "mañana a las dos y media", _at(23, 14, 30)),
])
def test_other_clock_words_read_as_before(
    parser: TimePhraseParser, locale: str, text: str, expected: tuple[datetime, datetime]
) -> None:
    assert _spans(parser, text, locale) == [expected]


@pytest.mark.parametrize(("locale", "text"), [
    ("nl-NL", "plan een meeting met alice woensdag 13:30-14:30"),
    ("nl-NL", "woensdag 13:30 - 14:30"),
    ("de-DE", "Termin mit Alice Mittwoch 13:30–14:30"),
    ("fr-FR", "mercredi 13h30—14h30"),
    ("pl-PL", "środa 13:30–14:30"),
])
def test_hours_written_with_a_dash_are_those_hours(
    parser: TimePhraseParser, locale: str, text: str
) -> None:
    assert _spans(parser, text, locale) == [_at(25, 13, 30)]


def test_every_clock_words_section_is_valid() -> None:
    for path in sorted(LEXICONS.glob("*/times.toml")):
        with path.open("rb") as handle:
            assert validate_clock_words(str(path), tomllib.load(handle)) == [], path
    assert validate_clock_words("x", {"clock_words": {"phrases": [["half", 30, 0]]}}) != []
    assert validate_clock_words("x", {"clock_words": {"hours": {"one": 13}}}) != []
