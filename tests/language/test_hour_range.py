"""Hours after a day ("Dienstag von 9 bis 11 Uhr", "mardi de 9h à 11h", "火曜日の9時から11時")
are those hours on that day, and the words for around noon ("lunchtime", "à midi", "mittags",
"お昼", "中午") are that day from 11:30 to 14:00. The finding: the readers of times took most of
them for the whole day, so a manager asking for a meeting from 2 to 4 was offered 09:00 first,
and "mardi de 9 à 11" was Tuesday 9 December."""

from __future__ import annotations

import tomllib
from datetime import datetime, timedelta
from pathlib import Path
from zoneinfo import ZoneInfo

import pytest

from language.hour_range import NOON, validate_hour_range
from services.time_phrase_parser import TimePhraseParser

LONDON = ZoneInfo("Europe/London")
SUNDAY = datetime(2026, 11, 29, 10, 0, tzinfo=LONDON)
LEXICONS = Path(__file__).resolve().parents[2] / "language" / "lexicons"


@pytest.fixture(scope="module")
def parser() -> TimePhraseParser:
    """One parser for the module (its recognizer models load once)."""
    return TimePhraseParser(LONDON)


def _at(day: int, start_minute: int, end_minute: int) -> tuple[datetime, datetime]:
    first = datetime(2026, 11, 1, tzinfo=LONDON) if day > 7 else datetime(2026, 12, 1,
                                                                          tzinfo=LONDON)
    midnight = first.replace(day=day)
    return (midnight + timedelta(minutes=start_minute), midnight + timedelta(minutes=end_minute))


def _hours(day: int, start: int, end: int) -> tuple[datetime, datetime]:
    return _at(day, start * 60, end * 60)


def _spans(parser: TimePhraseParser, text: str, locale: str) -> list[tuple[datetime, datetime]]:
    return [(w.start, w.end) for w in parser.parse_sync(text, now=SUNDAY, locale=locale)]


@pytest.mark.parametrize(("locale", "text"), [
    ("de-DE", "Dienstag von 9 bis 11 Uhr"),
    ("fr-FR", "mardi de 9h à 11h"),
    ("fr-FR", "mardi de 9 à 11"),
    ("it-IT", "martedì dalle 9 alle 11"),
    ("nl-NL", "dinsdag van 9 tot 11"),
    ("pl-PL", "wtorek od 9 do 11"),
    ("pt-PT", "terça das 9 às 11"),
    ("en-US", "tuesday from 9 to 11"),
    ("en-US", "tuesday between 9 and 11"),
    ("ja-JP", "火曜日の9時から11時"),
    ("zh-CN", "周二9点到11点"),
    ("es-ES", "el martes entre las 9 y las 11"),
    ("de-DE", "Buche ein Meeting mit Alice Martin am Dienstag von 9:00 bis 11:00"),
    ("it-IT", "prenota una riunione con Alice Martin martedì dalle ore 9 alle ore 11"),
    ("nl-NL", "plan een vergadering met Alice Martin dinsdag van 9 uur tot 11 uur"),
    ("pl-PL", "umów spotkanie z Alice Martin we wtorek od godziny 9 do 11"),
    ("pt-BR", "marca uma reunião com Alice Martin terça-feira das 9h às 11h"),
    ("ja-JP", "アリス・マーティンと火曜日の9時から11時に会議を予約して"),
])
def test_hours_after_a_day_are_those_hours_on_that_day(
    parser: TimePhraseParser, locale: str, text: str
) -> None:
    assert _spans(parser, text, locale) == [_hours(1, 9, 11)]


@pytest.mark.parametrize(("locale", "text", "expected"), [
    ("en-US", "tuesday from 2 to 4", _hours(1, 14, 16)),  # at work: the afternoon
    ("en-US", "tuesday from 2 to 4pm", _hours(1, 14, 16)),
    ("en-US", "tuesday from 11 to 1", _hours(1, 11, 13)),
    ("ja-JP", "火曜日の午後2時から4時", _hours(1, 14, 16)),
    ("de-DE", "meine Schicht am Freitag von 14 bis 22 Uhr absagen", _hours(4, 14, 22)),
])
def test_the_half_of_the_day_of_hours_from_one_to_another(
    parser: TimePhraseParser, locale: str, text: str, expected: tuple[datetime, datetime]
) -> None:
    assert _spans(parser, text, locale) == [expected]


@pytest.mark.parametrize(("locale", "text", "day"), [
    ("en-US", "book a meeting with Alice tomorrow at lunchtime", 30),
    ("en-US", "tuesday at noon", 1),
    ("fr-FR", "mardi à midi", 1),
    ("fr-FR", "demain midi", 30),
    ("de-DE", "Dienstag mittags", 1),
    ("de-DE", "morgen Mittag", 30),
    ("es-ES", "el martes a mediodía", 1),
    ("it-IT", "martedì a pranzo", 1),
    ("nl-NL", "dinsdag rond de middag", 1),
    ("pl-PL", "we wtorek w południe", 1),
    ("pt-PT", "terça ao meio-dia", 1),
    ("ja-JP", "火曜日のお昼", 1),
    ("zh-CN", "周二中午", 1),
])
def test_around_noon_is_from_half_past_eleven_to_two(
    parser: TimePhraseParser, locale: str, text: str, day: int
) -> None:
    assert _spans(parser, text, locale) == [_at(day, *NOON)]


@pytest.mark.parametrize(("locale", "text", "expected"), [
    # The afternoon and the morning are no noon ("après-midi", "przed południem", "in de middag").
    ("fr-FR", "mardi après-midi", _hours(1, 12, 17)),
    ("fr-FR", "mardi apres midi", _hours(1, 12, 17)),
    ("pl-PL", "wtorek przed południem", _hours(1, 8, 12)),
    ("pl-PL", "wtorek po południu", _hours(1, 12, 17)),
    ("nl-NL", "dinsdag in de middag", _hours(1, 12, 17)),
    # Days from one to another stay days; a length stays a length.
    ("fr-FR", "du 3 au 5 décembre", (_hours(3, 0, 0)[0], _hours(5, 0, 0)[0])),
    ("es-ES", "del 3 al 5 de diciembre", (_hours(3, 0, 0)[0], _hours(5, 0, 0)[0])),
    ("en-US", "book a 2 to 3 hour meeting tuesday", _hours(1, 0, 24)),
    # Hours with a week, not a day: the week stands.
    ("en-US", "next week from 9 to 11", (_hours(30, 0, 0)[0], _hours(7, 0, 0)[0])),
])
def test_other_times_are_read_as_before(
    parser: TimePhraseParser, locale: str, text: str, expected: tuple[datetime, datetime]
) -> None:
    assert _spans(parser, text, locale) == [expected]


def test_every_hour_range_section_is_valid() -> None:
    for path in sorted(LEXICONS.glob("*/times.toml")):
        with path.open("rb") as handle:
            assert validate_hour_range(str(path), tomllib.load(handle)) == [], path
    assert validate_hour_range("x/times.toml", {"hour_range": {"noon": ["("]}}) != []
    assert validate_hour_range("x/times.toml", {"hour_range": {"pairs": [["from", ""]]}}) != []


@pytest.mark.parametrize(("locale", "text", "expected"), [
    # Held out: "from 3 to 8" was 03:00-08:00 (a worker's 15:00-20:00 shift not found).
    ("en-GB", "cancel my shift on tuesday from 3 to 8", _hours(1, 15, 20)),
    ("de-DE", "Dienstag von 6 bis 11 Uhr", _hours(1, 6, 11)),  # an early shift stays early
    # Held out: before noon was the whole day; it is the morning up to 12, after noon from 12.
    ("en-GB", "book a meeting with chen tomorrow before noon", _hours(30, 8, 12)),
    ("en-GB", "tuesday after noon", _hours(1, 12, 24)),
    ("fr-FR", "réunion avec chen demain avant midi", _hours(30, 8, 12)),
    ("de-DE", "Meeting mit Chen morgen vor Mittag", _hours(30, 8, 12)),
    ("es-ES", "reunión con chen mañana antes del mediodía", _hours(30, 8, 12)),
    ("it-IT", "riunione con chen domani prima di mezzogiorno", _hours(30, 8, 12)),
    ("pt-PT", "reunião amanhã antes do meio-dia", _hours(30, 8, 12)),
    ("nl-NL", "vergadering morgen voor de middag", _hours(30, 8, 12)),
    ("ja-JP", "明日のお昼前", _hours(30, 8, 12)),
    ("zh-CN", "周二中午以前", _hours(1, 8, 12)),
    ("zh-CN", "周二中午以后", _hours(1, 12, 24)),
    # Held out: "vormittags" was no part of the day ("Dienstag vormittags": all of Tuesday).
    ("de-DE", "sag meine Schicht Dienstag vormittags ab", _hours(1, 8, 12)),
])
def test_held_out_hours_said_about_noon_and_in_the_afternoon(
    parser: TimePhraseParser, locale: str, text: str, expected: tuple[datetime, datetime]
) -> None:
    assert _spans(parser, text, locale) == [expected]


@pytest.mark.parametrize(("locale", "text"), [
    # Held out: half past said as "時半" read no hours (the whole of Friday); "点半" was read
    # by the Chinese recognizer and still is.
    ("ja-JP", "金曜日の15時半から16時半にアリスと会議"),
    ("zh-CN", "周五3点半到4点半和alice开会"),
])
def test_half_past_in_japanese_and_chinese(parser: TimePhraseParser, locale: str,
                                           text: str) -> None:
    assert _spans(parser, text, locale) == [_at(4, 15 * 60 + 30, 16 * 60 + 30)]

