"""A weekday said by its place in a month ("the first Monday of next month", "le dernier
vendredi du mois", "来月の第1月曜日") is that day. The finding, in the held-out round: every
language read the weekday or the month alone ("first monday of next month" was Monday 30
November, "am ersten Montag nächsten Monats" the coming Monday, "last friday of the month" a
Friday already past, "下个月的第一个星期一" all of December)."""

from __future__ import annotations

import tomllib
from datetime import datetime
from pathlib import Path
from zoneinfo import ZoneInfo

import pytest

from language.weekday_of_month import validate_weekday_of_month
from services.time_phrase_parser import TimePhraseParser

LONDON = ZoneInfo("Europe/London")
SUNDAY = datetime(2026, 11, 22, 10, 0, tzinfo=LONDON)
LEXICONS = Path(__file__).resolve().parents[2] / "language" / "lexicons"


@pytest.fixture(scope="module")
def parser() -> TimePhraseParser:
    """One parser for the module (its recognizer models load once)."""
    return TimePhraseParser(LONDON)


def _days(parser: TimePhraseParser, text: str, locale: str) -> list[tuple[str, str]]:
    return [(f"{w.start:%a %d %b %H:%M}", f"{w.end:%a %d %b %H:%M}")
            for w in parser.parse_sync(text, now=SUNDAY, locale=locale)]


def _day(text: str) -> list[tuple[str, str]]:
    start = datetime.strptime(f"{text} 2026", "%a %d %b %Y")
    following = {"Mon 07 Dec": "Tue 08 Dec", "Tue 08 Dec": "Wed 09 Dec",
                 "Fri 27 Nov": "Sat 28 Nov"}[text]
    return [(f"{start:%a %d %b} 00:00", f"{following} 00:00")]


@pytest.mark.parametrize(("locale", "text", "expected"), [
    ("en-GB", "cancel my shift on the first monday of next month", "Mon 07 Dec"),
    ("en-GB", "what are my shifts next month's first monday", "Mon 07 Dec"),
    ("en-GB", "book a meeting with alice the first monday in december", "Mon 07 Dec"),
    ("en-GB", "swap alice and bob on the last friday of the month", "Fri 27 Nov"),
    ("en-US", "the second tuesday of december", "Tue 08 Dec"),
    ("fr-FR", "réunion avec alice le premier lundi du mois prochain", "Mon 07 Dec"),
    ("fr-FR", "annule mon poste du dernier vendredi du mois", "Fri 27 Nov"),
    ("de-DE", "Termin mit Alice am ersten Montag nächsten Monats", "Mon 07 Dec"),
    ("de-DE", "am letzten Freitag des Monats", "Fri 27 Nov"),
    ("es-ES", "el primer lunes del mes que viene", "Mon 07 Dec"),
    ("es-ES", "cancela mi turno del último viernes del mes", "Fri 27 Nov"),
    ("it-IT", "il primo lunedì del mese prossimo", "Mon 07 Dec"),
    ("nl-NL", "de eerste maandag van volgende maand", "Mon 07 Dec"),
    ("pl-PL", "w pierwszy poniedziałek przyszłego miesiąca", "Mon 07 Dec"),
    ("pt-PT", "na primeira segunda-feira do próximo mês", "Mon 07 Dec"),
    ("ja-JP", "来月の第1月曜日にアリスと会議", "Mon 07 Dec"),
    ("zh-CN", "下个月的第一个星期一", "Mon 07 Dec"),
])
def test_a_weekday_by_its_place_in_a_month_is_that_day(
    parser: TimePhraseParser, locale: str, text: str, expected: str
) -> None:
    assert _days(parser, text, locale) == _day(expected)


@pytest.mark.parametrize(("locale", "text", "expected"), [
    # As before: with no month named, the readers decide.
    ("en-GB", "cancel my shift last friday", [("Fri 20 Nov 00:00", "Sat 21 Nov 00:00")]),
    ("en-GB", "first thing monday", [("Mon 23 Nov 08:00", "Mon 23 Nov 12:00")]),
    ("pt-PT", "segunda-feira", [("Mon 23 Nov 00:00", "Tue 24 Nov 00:00")]),
])
def test_other_weekdays_read_as_before(
    parser: TimePhraseParser, locale: str, text: str, expected: list[tuple[str, str]]
) -> None:
    assert _days(parser, text, locale) == expected


def test_every_weekday_of_month_section_is_valid() -> None:
    for path in sorted(LEXICONS.glob("*/times.toml")):
        with path.open("rb") as handle:
            assert validate_weekday_of_month(str(path), tomllib.load(handle)) == [], path
    assert validate_weekday_of_month("x", {"weekday_of_month": {"ordinals": {"x": 9}}}) != []


@pytest.mark.parametrize(("locale", "text", "expected"), [
    # The month by its name, in the languages whose readers know no month names.
    ("de-DE", "am 1. Montag im Dezember", ("Mon 07 Dec 00:00", "Tue 08 Dec 00:00")),
    ("de-DE", "am ersten Montag im Dezember", ("Mon 07 Dec 00:00", "Tue 08 Dec 00:00")),
    ("fr-FR", "le premier lundi de décembre", ("Mon 07 Dec 00:00", "Tue 08 Dec 00:00")),
    ("es-ES", "el primer lunes de diciembre", ("Mon 07 Dec 00:00", "Tue 08 Dec 00:00")),
    ("it-IT", "il primo lunedì di dicembre", ("Mon 07 Dec 00:00", "Tue 08 Dec 00:00")),
    ("pt-PT", "a primeira segunda-feira de dezembro", ("Mon 07 Dec 00:00", "Tue 08 Dec 00:00")),
    ("pl-PL", "w pierwszy poniedziałek grudnia", ("Mon 07 Dec 00:00", "Tue 08 Dec 00:00")),
    ("ja-JP", "12月の第1月曜日", ("Mon 07 Dec 00:00", "Tue 08 Dec 00:00")),
    # The hour said with it is kept.
    ("en-GB", "first monday of next month at 10", ("Mon 07 Dec 10:00", "Mon 07 Dec 11:00")),
    ("en-GB", "the first monday of december at 10am", ("Mon 07 Dec 10:00", "Mon 07 Dec 11:00")),
    ("en-GB", "last friday of the month at 3pm", ("Fri 27 Nov 15:00", "Fri 27 Nov 16:00")),
    ("de-DE", "am ersten Montag im Dezember um 14:30",
     ("Mon 07 Dec 14:30", "Mon 07 Dec 15:30")),
    ("fr-FR", "le premier lundi de décembre à 10h", ("Mon 07 Dec 10:00", "Mon 07 Dec 11:00")),
    ("es-ES", "el primer lunes de diciembre a las 10", ("Mon 07 Dec 10:00", "Mon 07 Dec 11:00")),
    ("it-IT", "il primo lunedì di dicembre alle 10", ("Mon 07 Dec 10:00", "Mon 07 Dec 11:00")),
    ("nl-NL", "de eerste maandag van december om 10 uur",
     ("Mon 07 Dec 10:00", "Mon 07 Dec 11:00")),
    ("pl-PL", "pierwszy poniedziałek grudnia o 10", ("Mon 07 Dec 10:00", "Mon 07 Dec 11:00")),
    ("pt-PT", "a primeira segunda-feira de dezembro às 10h",
     ("Mon 07 Dec 10:00", "Mon 07 Dec 11:00")),
    ("ja-JP", "12月の第1月曜日10時", ("Mon 07 Dec 10:00", "Mon 07 Dec 11:00")),
    ("zh-CN", "12月的第一个星期一上午10点", ("Mon 07 Dec 10:00", "Mon 07 Dec 11:00")),
])
def test_a_month_by_its_name_and_an_hour_said_with_the_weekday_are_kept(
    parser: TimePhraseParser, locale: str, text: str, expected: tuple[str, str]
) -> None:
    """"first monday of next month at 10" was the whole day (the hour dropped); "am ersten
    Montag im Dezember", "il primo lunedì di dicembre", "12月の第1月曜日" the coming Monday."""
    assert _days(parser, text, locale) == [expected]


@pytest.mark.parametrize(("locale", "text", "expected"), [
    ("en-GB", "the first monday of december from 10 to 12",
     [("Mon 07 Dec 10:00", "Mon 07 Dec 12:00")]),
    ("de-DE", "am ersten Montag im Dezember von 10 bis 12 Uhr",
     [("Mon 07 Dec 10:00", "Mon 07 Dec 12:00")]),
    ("fr-FR", "le premier lundi de décembre de 9h à 11h",
     [("Mon 07 Dec 09:00", "Mon 07 Dec 11:00")]),
    ("en-GB", "last friday of the month at 3pm or 4pm",
     [("Fri 27 Nov 15:00", "Fri 27 Nov 16:00"), ("Fri 27 Nov 16:00", "Fri 27 Nov 17:00")]),
])
def test_hours_from_one_to_another_or_two_hours_are_on_that_day(
    parser: TimePhraseParser, locale: str, text: str, expected: list[tuple[str, str]]
) -> None:
    """"... from 10 to 12" was Monday 30 November; "at 3pm or 4pm" Fri 20 and Sun 15 Nov."""
    assert _days(parser, text, locale) == expected


@pytest.mark.parametrize(("locale", "text"), [
    ("en-GB", "book a call with chen first monday of next month at 10 for 45 minutes"),
    ("en-GB", "first monday of next month at 10"),
    ("fr-FR", "le premier lundi de décembre à 10h"),
    ("es-ES", "el primer lunes de diciembre a las 10"),
    ("it-IT", "il primo lunedì di dicembre alle 10"),
    ("pl-PL", "pierwszy poniedziałek grudnia o 10"),
])
def test_an_hour_said_with_it_after_that_hour_today_is_still_that_hour(
    parser: TimePhraseParser, locale: str, text: str
) -> None:
    """Held out: said at 13:00, "at 10" was read from now (tonight's 22:00), and the first
    Monday of December was booked from 22:00 ("Meetings are booked between 09:00 and 17:30,
    so not on Mon 7 Dec between 22:00 and 23:00")."""
    afternoon = SUNDAY.replace(hour=13)
    assert [(f"{w.start:%a %d %b %H:%M}", f"{w.end:%a %d %b %H:%M}")
            for w in parser.parse_sync(text, now=afternoon, locale=locale)] == [
        ("Mon 07 Dec 10:00", "Mon 07 Dec 11:00")]
