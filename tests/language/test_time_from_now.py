"""Tests for language/time_from_now.py: "in 2 hours" in the ten languages, and its lexicons."""

from __future__ import annotations

import tomllib

import pytest

from language.lexicon import LEXICON_ROOT
from language.time_from_now import (
    TIMES_FILE,
    days_from_now,
    half_hour_length,
    meeting_length,
    minutes_from_now,
    validate_times,
)

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


# An hour and a half from now, at the list of free times, in the ten languages.
@pytest.mark.parametrize(("language", "text", "minutes"), [
    ("en", "in an hour and a half", 90), ("en", "in 2 and a half hours", 150),
    ("fr", "dans une heure et demie", 90), ("fr", "dans deux heures et demie", 150),
    ("es", "en una hora y media", 90), ("de", "in anderthalb Stunden", 90),
    ("de", "in zweieinhalb Stunden", 150), ("it", "tra un'ora e mezza", 90),
    ("pt", "daqui a uma hora e meia", 90), ("nl", "over anderhalf uur", 90),
    ("pl", "za półtorej godziny", 90), ("ja", "1時間半後", 90), ("zh", "一个半小时后", 90),
    ("en", "in 1.5 hours", 90),
])
def test_an_hour_and_a_half_from_now(language: str, text: str, minutes: int) -> None:
    assert minutes_from_now(text, language) == minutes


@pytest.mark.parametrize(("language", "text", "days"), [
    ("en", "in 2 weeks", 14), ("en", "in two weeks", 14), ("en", "in 3 days", 3),
    ("fr", "dans deux semaines", 14), ("es", "en dos semanas", 14),
    ("de", "in 2 Wochen", 14), ("de", "in drei Tagen", 3), ("it", "tra due settimane", 14),
    ("pt", "daqui a duas semanas", 14), ("nl", "over twee weken", 14),
    ("pl", "za dwa tygodnie", 14), ("ja", "2週間後", 14), ("zh", "两周后", 14),
    ("zh", "三天后", 3),
])
def test_days_and_weeks_from_now(language: str, text: str, days: int) -> None:
    assert days_from_now(text, language) == days


@pytest.mark.parametrize(("language", "text"), [
    ("en", "in 2 hours"), ("en", "next week"), ("fr", "la semaine prochaine"),
    ("de", "in 2 Stunden"), ("en", "in 20 weeks"),
])
def test_no_day_count_is_read_where_none_is_said(language: str, text: str) -> None:
    assert days_from_now(text, language) is None


@pytest.mark.parametrize(("text", "minutes"), [
    ("an hour and a half", 90), ("anderthalb Stunden", 90), ("una hora y media", 90),
    ("1時間半", 90), ("une heure et demie", 90), ("un'ora e mezza", 90),
    ("uma hora e meia", 90), ("anderhalf uur", 90), ("półtorej godziny", 90),
    ("一个半小时", 90), ("zweieinhalb Stunden", 150), ("1,5 uur", 90),
])
def test_a_length_with_a_half_hour_in_it(text: str, minutes: int) -> None:
    languages = ("en", "fr", "es", "de", "it", "pt", "nl", "pl", "ja", "zh-Hans")
    assert half_hour_length(text, *languages) == minutes


@pytest.mark.parametrize("text", ["2 uur", "an hour", "1h30", "at 1:30", "1時半"])
def test_whole_hours_and_clock_times_are_no_half_hour_length(text: str) -> None:
    assert half_hour_length(text, "en", "fr", "nl", "ja") is None


@pytest.mark.parametrize(("language", "text", "minutes"), [
    ("de", "buche ein einstündiges Gespräch mit alice", 60),
    ("de", "ein halbstündiges Gespräch mit alice", 30),
    ("de", "eine zweistündige Besprechung mit bob", 120),
    ("fr", "planifie une heure de réunion avec alice", 60),
    ("fr", "une demi-heure d'entretien avec bob", 30),
    ("fr", "un rendez-vous d'une demi-heure avec alice", 30),
    ("ja", "アリスさんと30分の面談", 30),
])
def test_a_length_said_before_the_meeting_it_is_of(language: str, text: str, minutes: int) -> None:
    assert meeting_length(text, language) == minutes


@pytest.mark.parametrize(("language", "text", "minutes"), [
    ("nl", "plan een belletje met alice morgenmiddag van 15 min", 15),
    ("fr", "appel avec alice demain apres-midi de 15 min", 15),
    ("de", "termin mit alice morgen von 15 minuten", 15),
    ("es", "llamada con alice mañana por la tarde de 15 min", 15),
    ("it", "chiamata con alice domani pomeriggio di 45 minuti", 45),
    ("pt", "ligação com a alice amanhã à tarde de 15 min", 15),
    ("pl", "rozmowa z alice jutro po południu 15 min", 15),
    ("en", "call with alice tomorrow afternoon, 15 min", 15),
])
def test_minutes_that_end_a_meeting_request_are_its_length(
    language: str, text: str, minutes: int
) -> None:
    """The length at the end, away from the meeting's noun, was dropped: a 30-minute call."""
    assert meeting_length(text, language) == minutes


@pytest.mark.parametrize(("language", "text"), [
    ("en", "call with alice in 15 min"),
    ("fr", "appel avec alice dans 15 min"),
    ("nl", "belletje met alice over 15 min"),
    ("en", "bob was late 15 min"),
    ("en", "book a call with alice at 3:15 min"),
])
def test_trailing_minutes_from_now_or_without_a_meeting_are_no_length(
    language: str, text: str
) -> None:
    assert meeting_length(text, language) is None


@pytest.mark.parametrize(("language", "text"), [
    ("fr", "alice avait une heure de retard, planifie un appel"),
    ("de", "einstündige Verspätung, plane einen Anruf mit bob"),
])
def test_a_length_of_something_else_is_no_meeting_length(language: str, text: str) -> None:
    assert meeting_length(text, language) is None


def test_a_length_adjective_must_be_minutes() -> None:
    problems = validate_times("de", {"language": "de", "from_now": {
        "before": ["in"], "hours": ["stunden"], "minutes": ["minuten"]},
        "length": {"adjectives": {"einstündig": "eine stunde"}}})
    assert any("adjectives" in problem for problem in problems)
