"""A manager asking ERA to book a call or a meeting with one of their people, as they type it
in each language ("buch einen Anruf mit Bob morgen", "plan een belletje met Bob morgen om 10
uur"): a booking with Bob, never the help menu or a situation to advise on."""

from __future__ import annotations

import pytest

from core.intent import Intent
from language.understanding import understand

BOOKINGS = [
    ("de", "buch einen Anruf mit Bob morgen"),
    ("de", "buche ein Gespräch mit Bob morgen um 10"),
    ("de", "kannst du einen Call mit Bob für morgen einplanen"),
    ("de", "buch mir einen Termin mit Bob morgen"),
    ("de", "mach einen Call mit Bob am Freitag"),
    ("fr", "réserve un appel avec Bob demain"),
    ("fr", "planifie un appel avec Bob demain à 10h"),
    ("fr", "tu peux organiser un call avec Bob pour demain ?"),
    ("es", "reserva una llamada con Bob mañana"),
    ("es", "agenda una llamada con Bob mañana a las 10"),
    ("es", "¿puedes programar una llamada con Bob para mañana?"),
    ("it", "prenota una chiamata con Bob domani"),
    ("it", "fissa una call con Bob domani alle 10"),
    ("it", "puoi organizzare una chiamata con Bob per domani?"),
    ("nl", "boek een gesprek met Bob morgen"),
    ("nl", "plan een belletje met Bob morgen om 10 uur"),
    ("nl", "kun je een call met Bob voor morgen inplannen?"),
    ("pl", "umów rozmowę z Bobem jutro"),
    ("pl", "zarezerwuj rozmowę z Bobem jutro o 10"),
    ("pl", "możesz zaplanować call z Bobem na jutro?"),
    ("pt", "marca uma ligação com o Bob amanhã"),
    ("pt", "agenda uma reunião com o Bob amanhã às 10"),
    ("pt", "você pode agendar uma call com o Bob para amanhã?"),
    ("ja", "明日ボブとの通話を予約して"),
    ("ja", "明日10時にボブとの面談を入れて"),
    ("zh", "帮我预约明天和Bob通话"),
    ("zh", "明天10点和Bob约个电话"),
]


@pytest.mark.parametrize(("language", "text"), BOOKINGS, ids=[text for _, text in BOOKINGS])
def test_a_booking_with_bob_is_read_as_one(language: str, text: str) -> None:
    understanding = understand(text, locale=language)
    assert understanding.intent in (Intent.CALL_EMPLOYEE, Intent.MEETING_BOOK), (
        understanding.intent)


@pytest.mark.parametrize("text", ["buch einen Anruf mit Bob morgen",
                                  "mach einen Call mit Bob am Freitag"])
def test_a_short_german_imperative_books_a_call(text: str) -> None:
    assert understand(text, locale="de-DE").intent is Intent.CALL_EMPLOYEE


def test_planning_a_call_further_in_a_german_sentence_is_no_request() -> None:
    """"plan" and "mach" are ordinary words past the start of a message."""
    said = "Bob kommt oft zu spät, soll ich einen Anruf planen?"
    assert understand(said, locale="de-DE").intent is not Intent.CALL_EMPLOYEE
