"""Days, times, lists and numbers per language from CLDR; English keeps ERA's short forms."""

from __future__ import annotations

import statistics
import timeit
from datetime import UTC, date, datetime
from zoneinfo import ZoneInfo

import pytest

from core.reply_interpreter import AcceptedReplies
from language.catalogue import say
from language.formatting import (
    format_accepted,
    format_day,
    format_hours,
    format_list,
    format_long_day,
    format_on_day,
    format_shift_label,
    format_weekday,
)

TUESDAY = date(2026, 11, 24)


@pytest.mark.parametrize(("language", "expected"), [
    ("en", "Tue 24 Nov"), ("fr", "mar. 24 nov."), ("de", "Di., 24. Nov."),
    ("ja", "11月24日(火)"), ("zh-Hans", "11月24日周二"), ("es", "mar., 24 nov."),
    ("it", "mar 24 nov"), ("pt", "ter., 24 de nov."), ("nl", "di 24 nov."),
])
def test_a_day_reads_the_way_each_language_writes_it(language: str, expected: str) -> None:
    assert format_day(TUESDAY, language) == expected


@pytest.mark.parametrize(("language", "expected"), [
    ("en", "Tuesday 24 November"), ("fr", "mardi 24 novembre"),
    ("de", "Dienstag, 24. November"), ("ja", "11月24日火曜日"),
    ("es", "martes, 24 de noviembre"),
])
def test_a_long_day_has_no_year(language: str, expected: str) -> None:
    assert format_long_day(TUESDAY, language) == expected


def test_an_english_shift_label_is_the_one_erA_always_showed() -> None:
    start = datetime(2026, 11, 24, 20, tzinfo=UTC)
    end = datetime(2026, 11, 24, 23, tzinfo=UTC)
    london = ZoneInfo("Europe/London")
    assert format_shift_label("Evening", start, end, london, "en") == (
        "Tue 24 Nov, Evening 20:00-23:00")
    assert format_shift_label("", start, end, london, "en") == "Tue 24 Nov, 20:00-23:00"
    # The usual names of shifts are said in the reader's language; a schedule's own stay.
    assert format_shift_label("Evening", start, end, london, "fr") == (
        "mar. 24 nov., Soir 20:00-23:00")
    assert format_shift_label("Evening", start, end, london, "ja") == "11月24日(火) 夜 20:00-23:00"
    assert format_shift_label("Inventaire B", start, end, london, "fr") == (
        "mar. 24 nov., Inventaire B 20:00-23:00")


def test_lists_and_numbers_follow_the_language() -> None:
    assert format_list(["Mon", "Tue", "Wed"], "en", "or") == "Mon, Tue or Wed"
    assert format_list(["lun.", "mar."], "fr", "or") == "lun. ou mar."
    assert format_list(["a", "b"], "ja", "or") == "aまたはb"
    assert format_hours(7.5, "en") == "7.5"
    assert format_hours(7.5, "de") == "7,5"
    assert format_hours(40.0, "fr") == "40"
    assert format_weekday(1, "it") == "martedì"


def test_accepted_replies_are_said_with_a_local_example_time() -> None:
    accepted = AcceptedReplies("reply.accepted.number_or_time",
                               {"first": 1, "last": 3, "hour": 15, "minute": 30})
    assert format_accepted(accepted, "en") == (
        'Reply with a number from 1 to 3, or a time such as "3:30pm".')
    assert "15:30" in format_accepted(accepted, "fr")


def test_formatting_a_label_is_cached() -> None:
    start = datetime(2026, 11, 24, 20, tzinfo=UTC)
    end = datetime(2026, 11, 24, 23, tzinfo=UTC)

    def one() -> str:
        return format_shift_label("Evening", start, end, UTC, "ja")

    one()
    runs = [timeit.timeit(one, number=200) / 200 for _ in range(15)]
    assert statistics.median(runs) < 50e-6


@pytest.mark.parametrize(
    ("language", "day", "long", "expected"),
    [
        ("en", date(2026, 11, 27), False, "Fri 27 Nov"),
        ("pl", date(2026, 11, 27), False, "w piątek 27 listopada"),
        ("pl", date(2026, 11, 24), False, "we wtorek 24 listopada"),
        ("pl", date(2026, 11, 25), True, "w środę 25 listopada"),
        ("pl", date(2026, 11, 29), False, "w niedzielę 29 listopada"),
        ("pt", date(2026, 11, 27), True, "na sexta-feira, 27 de novembro"),
        ("pt-BR", date(2026, 11, 28), False, "no sáb., 28 de nov."),
    ],
)
def test_a_day_after_on_reads_as_the_language_says_it(
    language: str, day: date, long: bool, expected: str
) -> None:
    assert format_on_day(day, language, long=long) == expected


@pytest.mark.parametrize(
    ("language", "expected"),
    [
        ("pl", "Bob ma 2 zmiany w piątek 27 listopada. Którą?"),
        ("pt", "Bob tem 2 turnos na sex., 27 de nov. Qual?"),
        ("en", "Bob has 2 shifts on Fri 27 Nov. Which one?"),
        ("fr", "Bob a 2 postes le ven. 27 nov. Lequel ?"),
        ("de", "Bob hat am Fr., 27. Nov. 2 Schichten. Welche?"),
    ],
)
def test_which_shift_on_a_day_says_the_day_naturally(language: str, expected: str) -> None:
    """The finding: Polish said "w dniu pt., 27 lis", Portuguese "em sex., 27 de nov."."""
    day = format_on_day(date(2026, 11, 27), language)
    said = say("shift_change.which_of_their_shifts", language, name="Bob", count=2, day=day)
    assert said == expected
    assert "w dniu" not in say("window.on_day_between_times", language, day=day, start="9:00",
                               end="12:00")


@pytest.mark.parametrize(("language", "expected"), [
    ("en", "Thursday 3 December"), ("fr", "jeudi 3 décembre"),
])
def test_a_long_day_of_one_digit_has_no_leading_zero(language: str, expected: str) -> None:
    """"Chen Wei has no upcoming shift on Thursday 03 December" read as a form, not English."""
    assert format_long_day(date(2026, 12, 3), language) == expected
