"""A call or meeting asked for as a noun phrase, with no verb, the way a calendar entry is typed
("Gespräch mit Alice am Freitag", "un rendez-vous d'une demi-heure avec alice vendredi"), in the
ten languages: a booking request whose length is kept, never a situation for HR."""

from __future__ import annotations

import pytest

from core.intent import Intent
from language.intent_rules import classify_intent
from language.time_from_now import meeting_length, without_length_words

BOOKING = {Intent.CALL_EMPLOYEE, Intent.MEETING_BOOK}

NOUN_PHRASES = [
    ("en-US", "call with alice friday"),
    ("fr-FR", "rendez-vous avec alice vendredi"),
    ("de-DE", "Gespräch mit Alice am Freitag"),
    ("es-ES", "reunión con alice el viernes"),
    ("it-IT", "chiamata con alice venerdì"),
    ("pt-BR", "reunião com a alice na sexta"),
    ("nl-NL", "gesprek met alice vrijdag"),
    ("nl-NL", "afspraak met Bob morgen om 10 uur"),
    ("pl-PL", "rozmowa z alicją w piątek"),
    ("pl-PL", "spotkanie z Bobem jutro"),
    ("ja-JP", "アリスと金曜日に面談"),
    ("zh-CN", "和alice周五开会"),
    ("zh-CN", "和alice周五通话"),
]

WITH_A_LENGTH = [
    ("en-US", "a 30 minute call with alice on friday", 30),
    ("fr-FR", "un rendez-vous d une demi-heure avec alice vendredi", 30),
    ("fr-FR", "un rendez-vous d'une demi-heure avec alice vendredi", 30),
    ("de-DE", "halbstündiges Gespräch mit alice am freitag", 30),
    ("es-ES", "una reunión de media hora con alice el viernes", 30),
    ("it-IT", "una chiamata di mezz'ora con alice venerdì", 30),
    ("pt-BR", "reunião de meia hora com a alice na sexta", 30),
    ("nl-NL", "half uur gesprek met alice vrijdag", 30),
    ("pl-PL", "półgodzinna rozmowa z alicją w piątek", 30),
    ("ja-JP", "アリスと金曜日に30分の面談", 30),
    ("zh-CN", "和alice周五半小时通话", 30),
]


@pytest.mark.parametrize(("locale", "text"), NOUN_PHRASES)
def test_a_noun_phrase_is_a_booking_request(locale: str, text: str) -> None:
    assert classify_intent(text, locale=locale).intent in BOOKING


@pytest.mark.parametrize(("locale", "text", "minutes"), WITH_A_LENGTH)
def test_a_noun_phrase_with_a_length_is_a_booking_request_and_keeps_it(
        locale: str, text: str, minutes: int) -> None:
    found = classify_intent(text, locale=locale)
    assert found.intent in BOOKING
    assert found.slots.get("person", "alice").casefold().startswith("alic")
    assert meeting_length(text, locale.split("-")[0]) == minutes


@pytest.mark.parametrize(("locale", "text"), [
    ("nl-NL", "gesprek met alice was gisteren slecht"),
    ("pl-PL", "rozmowa z alicją wczoraj była trudna"),
    ("ja-JP", "昨日Bobさんとミーティング"),
    ("zh-CN", "昨天和Bob通话"),
    ("de-DE", "das Gespräch mit Alice gestern war schwierig"),
])
def test_a_past_meeting_told_about_is_no_booking(locale: str, text: str) -> None:
    assert classify_intent(text, locale=locale).intent not in BOOKING


@pytest.mark.parametrize(("language", "text", "shorter"), [
    ("fr", "un rendez-vous d'une demi-heure avec alice", "un rendez-vous avec alice"),
    ("de", "halbstündiges Gespräch mit alice", "gesprach mit alice"),
    ("en", "call for an hour with bob", "call with bob"),
    ("en", "a 90-minute call with bob", "a call with bob"),
    ("ja", "アリスと30分の面談", "アリスと面談"),
    ("en", "bob was 2 hours late", "bob was 2 hours late"),
])
def test_the_length_words_are_taken_out_and_the_noun_kept(
        language: str, text: str, shorter: str) -> None:
    assert without_length_words(text, language) == shorter
