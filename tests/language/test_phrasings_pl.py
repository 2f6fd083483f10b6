"""What a Polish store manager and a shift worker type in a work chat (with and without
diacritics, the names declined, the days as adjectives): the intent, and the person and day
where the flow needs them. Written apart from the sweep in test_phrasings_de_nl_pl.py."""

from __future__ import annotations

import pytest

from core.intent import Intent
from language.understanding import understand

PL = "pl-PL"

# (text, intent, slots the reading must hold: each starts with the value given)
PHRASINGS: list[tuple[str, Intent, dict[str, str]]] = [
    # A call.
    ("Zadzwoń do Boba Smitha", Intent.CALL_EMPLOYEE, {}),
    ("zadzwon do alice", Intent.CALL_EMPLOYEE, {"person": "alice"}),
    (
        "Umów rozmowę telefoniczną z Chen Wei na jutro",
        Intent.CALL_EMPLOYEE,
        {"person": "Chen", "day": "jutro"},
    ),
    ("Możesz zadzwonić do Luki?", Intent.CALL_EMPLOYEE, {}),
    ("Zadzwoń proszę do Yuki Tanaki", Intent.CALL_EMPLOYEE, {}),
    ("Zadzwoń do Sophie w piątek", Intent.CALL_EMPLOYEE, {"person": "Sophie", "day": "piątek"}),
    # A meeting: booked, moved, cancelled.
    ("Umów mi spotkanie z Bobem na wtorek", Intent.MEETING_BOOK, {"day": "wtorek"}),
    (
        "Zaplanuj spotkanie z Alice Martin w środę o 10",
        Intent.MEETING_BOOK,
        {"person": "Alice", "day": "środę"},
    ),
    ("umow spotkanie z chen wei jutro", Intent.MEETING_BOOK, {"person": "chen", "day": "jutro"}),
    ("Chcę się spotkać z Lucą w czwartek", Intent.MEETING_BOOK, {"day": "czwartek"}),
    (
        "Zorganizuj spotkanie z Sophie na przyszły tydzień",
        Intent.MEETING_BOOK,
        {"person": "Sophie"},
    ),
    (
        "Umów spotkanie z Chen Wei na piątkowe popołudnie",
        Intent.MEETING_BOOK,
        {"person": "Chen", "day": "piątkowe"},
    ),
    ("Przełóż spotkanie z Bobem na czwartek", Intent.MEETING_RESCHEDULE, {"day": "czwartek"}),
    ("Przesuń jutrzejsze spotkanie z Alice na piątek", Intent.MEETING_RESCHEDULE, {}),
    (
        "Możemy przenieść spotkanie z Chen Wei na poniedziałek?",
        Intent.MEETING_RESCHEDULE,
        {"day": "poniedziałek"},
    ),
    ("Zmień termin spotkania z Lucą", Intent.MEETING_RESCHEDULE, {}),
    ("Odwołaj spotkanie z Bobem", Intent.MEETING_CANCEL, {}),
    ("Anuluj jutrzejsze spotkanie z Alice", Intent.MEETING_CANCEL, {"day": "jutrzejsze"}),
    ("odwolaj spotkanie z Chen Wei w piatek", Intent.MEETING_CANCEL, {"day": "piatek"}),
    # An email.
    ("Wyślij maila do Boba w sprawie spóźnień", Intent.EMAIL, {"topic": "spóźnień"}),
    (
        "Napisz maila do Alice o grafiku na przyszły tydzień",
        Intent.EMAIL,
        {"person": "Alice", "topic": "grafiku"},
    ),
    ("Wyślij e-mail do Chen Wei odnośnie szkolenia", Intent.EMAIL, {"person": "Chen"}),
    ("Napisz do Luki wiadomość w sprawie urlopu", Intent.EMAIL, {}),
    # Someone put on a shift, the day often an adjective ("na piątkową zmianę").
    ("Wpisz Boba na piątkową zmianę", Intent.SHIFT_ASSIGN, {"day": "piątkową"}),
    (
        "Przydziel Alice do sobotniej zmiany",
        Intent.SHIFT_ASSIGN,
        {"person": "Alice", "day": "sobotniej"},
    ),
    ("Dodaj Chen Wei do grafiku na środę", Intent.SHIFT_ASSIGN, {"person": "Chen", "day": "środę"}),
    ("Daj Lukę na jutrzejszą zmianę", Intent.SHIFT_ASSIGN, {"day": "jutrzejszą"}),
    (
        "Wstaw Sophie na zmianę w niedzielę",
        Intent.SHIFT_ASSIGN,
        {"person": "Sophie", "day": "niedzielę"},
    ),
    ("Wstaw Alice na wtorkową zmianę", Intent.SHIFT_ASSIGN, {"person": "Alice", "day": "wtorkową"}),
    # Two people's shifts swapped.
    ("Zamień zmiany Boba i Alice", Intent.SHIFT_SWAP, {}),
    ("Zamień Chen Wei z Lucą w sobotę", Intent.SHIFT_SWAP, {"person": "Chen", "day": "sobotę"}),
    ("Zamień zmianę Alice ze zmianą Boba w czwartek", Intent.SHIFT_SWAP, {"day": "czwartek"}),
    # Someone taken off a shift.
    ("Zdejmij Boba Smitha z piątkowej zmiany", Intent.SHIFT_UNASSIGN, {"day": "piątkowej"}),
    (
        "Usuń Alice z sobotniej zmiany",
        Intent.SHIFT_UNASSIGN,
        {"person": "Alice", "day": "sobotniej"},
    ),
    (
        "Wypisz Chen Wei z jutrzejszej zmiany",
        Intent.SHIFT_UNASSIGN,
        {"person": "Chen", "day": "jutrzejszej"},
    ),
    ("Zdejmij Lucę z grafiku na niedzielę", Intent.SHIFT_UNASSIGN, {"day": "niedzielę"}),
    ("Usun boba ze zmiany w piatek", Intent.SHIFT_UNASSIGN, {"day": "piatek"}),
    (
        "Usuń Alice z dzisiejszej zmiany",
        Intent.SHIFT_UNASSIGN,
        {"person": "Alice", "day": "dzisiejszej"},
    ),
    (
        "Wypisz Sophie z poniedziałkowej zmiany",
        Intent.SHIFT_UNASSIGN,
        {"person": "Sophie", "day": "poniedziałkowej"},
    ),
    # Who is working on a day.
    ("Kto pracuje w piątek?", Intent.STORE_SCHEDULE, {"day": "piątek"}),
    ("Kto jest jutro na zmianie?", Intent.STORE_SCHEDULE, {"day": "jutro"}),
    ("Kto ma dziś zmianę?", Intent.STORE_SCHEDULE, {"day": "dziś"}),
    ("Pokaż grafik na sobotę", Intent.STORE_SCHEDULE, {"day": "sobotę"}),
    ("Kto jest na poniedziałkowej zmianie?", Intent.STORE_SCHEDULE, {"day": "poniedziałkowej"}),
    ("kto bedzie na sobotniej zmianie", Intent.STORE_SCHEDULE, {"day": "sobotniej"}),
    # A worker: their own shift cancelled, their shifts, late, their manager.
    ("Muszę odwołać swoją piątkową zmianę", Intent.SHIFT_CANCEL, {"day": "piątkową"}),
    ("Nie dam rady przyjść na sobotnią zmianę", Intent.SHIFT_CANCEL, {"day": "sobotnią"}),
    ("Anuluj moją jutrzejszą zmianę", Intent.SHIFT_CANCEL, {"day": "jutrzejszą"}),
    ("Pokaż moje zmiany", Intent.MY_SHIFTS, {}),
    ("Kiedy mam zmiany w tym tygodniu?", Intent.MY_SHIFTS, {}),
    ("Spóźnię się 15 minut", Intent.RUNNING_LATE, {}),
    ("Będę trochę spóźniony, korki", Intent.RUNNING_LATE, {}),
    ("Kto jest moim kierownikiem?", Intent.MY_MANAGER, {}),
    ("kto jest moim szefem", Intent.MY_MANAGER, {}),
    # A manager's situation stays a situation, even about a shift.
    # A second round, written apart from the first.
    ("przedzwoń do Sophie", Intent.CALL_EMPLOYEE, {}),
    ("umów call z Alice", Intent.CALL_EMPLOYEE, {}),
    ("zaplanuj spotkanie z alicją na jutro", Intent.MEETING_BOOK, {"day": "jutro"}),
    ("przenieś jutrzejsze spotkanie z Lucą na poniedziałek", Intent.MEETING_RESCHEDULE, {}),
    ("odwołaj jutrzejsze spotkanie", Intent.MEETING_CANCEL, {"day": "jutrzejsze"}),
    ("wyślij Alice maila w sprawie grafiku", Intent.EMAIL, {}),
    ("dodaj Lucę do piątkowej zmiany", Intent.SHIFT_ASSIGN, {"day": "piątkowej"}),
    ("zamien boba z alice w sobote", Intent.SHIFT_SWAP, {"day": "sobote"}),
    ("wykreśl Lucę z niedzielnej zmiany", Intent.SHIFT_UNASSIGN, {"day": "niedzielnej"}),
    ("kto jest w pracy w sobotę?", Intent.STORE_SCHEDULE, {"day": "sobotę"}),
    ("chcę odwołać sobotnią zmianę", Intent.SHIFT_CANCEL, {"day": "sobotnią"}),
    ("stoję w korku", Intent.RUNNING_LATE, {}),
    ("kim jest mój kierownik?", Intent.MY_MANAGER, {}),
    ("Mój pracownik nie może przyjść jutro", Intent.ADVICE, {}),
    ("Bob nie może przyjść w piątek", Intent.ABSENCE_REPORT, {"person": "Bob", "day": "piątek"}),
    ("Bob nie przyszedł na piątkową zmianę", Intent.ADVICE, {}),
]


@pytest.mark.parametrize(
    ("text", "intent", "slots"), PHRASINGS, ids=[text for text, _, _ in PHRASINGS]
)
def test_a_polish_phrasing_is_understood(text: str, intent: Intent, slots: dict[str, str]) -> None:
    understood = understand(text, locale=PL)
    assert understood.intent is intent, understood.match
    for slot, value in slots.items():
        assert understood.slots.get(slot, "").startswith(value), understood.match
