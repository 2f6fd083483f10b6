"""A Polish topic said on its own (a subject, a quoted phrase) has its head words back in the
nominative that the preposition before it ("w sprawie", "na temat", "o") took away; words
no rule fits, and other languages' topics, stay as typed."""

from __future__ import annotations

import pytest

from language.topic_articles import in_nominative


@pytest.mark.parametrize(("typed", "language", "said"), [
    ("szkolenia", "pl", "szkolenie"),
    ("Szkolenia BHP", "pl-PL", "Szkolenie BHP"),
    ("szkoleniu", "pl", "szkolenie"),
    ("nowego grafiku", "pl", "nowy grafik"),
    ("zmiany grafiku", "pl", "zmiana grafiku"),
    ("ostatniej zmiany", "pl", "ostatnia zmiana"),
    ("podwyżki", "pl", "podwyżka"),
    ("urlopu", "pl", "urlop"),
    ("spóźnienia Boba", "pl", "spóźnienie Boba"),
    ("nadgodzin", "pl", "nadgodzin"),
    ("szkolenia", "en", "szkolenia"),
    ("la réunion de lundi", "fr", "la réunion de lundi"),
])
def test_a_topic_said_on_its_own_reads_in_the_nominative(
    typed: str, language: str, said: str
) -> None:
    assert in_nominative(typed, language) == said
