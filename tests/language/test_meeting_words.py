"""Phrasings for the meeting flows in the ten languages: replies that leave the time to ERA
("first available") and requests to invite one more person to the meeting ("add Chen")."""

from __future__ import annotations

import pytest

from language.meeting_words import (
    PeopleChange,
    adds_people,
    meeting_minutes,
    people_change,
    people_instead,
    requested_minutes,
    roles_named,
    takes_earliest,
    without_move_words,
)

EARLIEST = [
    "first available", "the first free slot", "the earliest", "earliest possible", "asap",
    "as soon as possible", "le plus tôt possible", "dès que possible", "le premier créneau libre",
    "frühestmöglich", "so bald wie möglich", "der erste freie Termin", "lo antes posible",
    "cuanto antes", "el primer hueco libre", "il prima possibile", "il primo orario libero",
    "o mais cedo possível", "o primeiro horário livre", "zo snel mogelijk", "de eerste vrije tijd",
    "jak najszybciej", "pierwszy wolny termin", "いちばん早い時間で", "最短で", "できるだけ早く",
    "最早的时间", "越快越好",
]
NOT_EARLIEST = ["2", "friday", "the first one", "next friday", "tomorrow morning", "earlier",
                "not the earliest", "vendredi", "金曜日"]
ADDS = [
    "add chen", "add Chen to the meeting", "also invite Alice", "ajoutez Chen",
    "füge Chen hinzu", "nimm Chen mit dazu", "añade a Chen", "aggiungi Chen", "adicione o Chen",
    "voeg Chen toe", "dodaj Chena", "チェンさんも追加して", "加上陈伟",
]
NOT_ADDS = ["bob", "chen", "addison", "yes", "book it with chen instead", "no"]


@pytest.mark.parametrize("text", EARLIEST)
def test_a_reply_leaving_the_time_to_era_takes_the_earliest(text: str) -> None:
    assert takes_earliest(text)


@pytest.mark.parametrize("text", NOT_EARLIEST)
def test_a_time_a_pick_or_a_comparison_is_not_the_earliest(text: str) -> None:
    assert not takes_earliest(text)


@pytest.mark.parametrize("text", ADDS)
def test_a_request_to_invite_someone_more_is_read(text: str) -> None:
    assert adds_people(text)


@pytest.mark.parametrize("text", NOT_ADDS)
def test_a_name_or_a_redirect_is_no_addition(text: str) -> None:
    assert not adds_people(text)


@pytest.mark.parametrize(("text", "change"), [
    ("remove alice", PeopleChange.REMOVE), ("not chen", PeopleChange.REMOVE),
    ("without Chen", PeopleChange.REMOVE), ("enlève alice", PeopleChange.REMOVE),
    ("pas chen", PeopleChange.REMOVE), ("entferne Alice", PeopleChange.REMOVE),
    ("lade Alice aus", PeopleChange.REMOVE), ("quita a alice", PeopleChange.REMOVE),
    ("Aliceを外して", PeopleChange.REMOVE), ("Chenなしで", PeopleChange.REMOVE),
    ("just me and bob", PeopleChange.ONLY), ("only Bob", PeopleChange.ONLY),
    ("juste moi et bob", PeopleChange.ONLY), ("nur ich und Bob", PeopleChange.ONLY),
    ("solo yo y bob", PeopleChange.ONLY), ("私とBobだけ", PeopleChange.ONLY),
    ("move it to 3pm", None), ("yes", None), ("lade Alice ein", None),
])
def test_a_change_of_people_at_the_preview_is_read(text: str, change: PeopleChange | None) -> None:
    assert people_change(text) is change


@pytest.mark.parametrize(("text", "minutes"), [
    ("make it 30 minutes", 30), ("45 min", 45), ("an hour", 60), ("fais-la de 45 minutes", 45),
    ("une heure", 60), ("eine halbe Stunde", 30), ("45 Minuten bitte", 45),
    ("que sea de 45 minutos", 45), ("45分にして", 45), ("1時間", 60),
    ("move it to 3pm", None), ("at 10:30", None), ("make it 2 minutes", None),
    ("make it an hour and a half", 90), ("anderthalb Stunden", 90), ("una hora y media", 90),
    ("1時間半で", 90), ("une heure et demie", 90), ("un'ora e mezza", 90),
    ("uma hora e meia", 90), ("anderhalf uur", 90), ("półtorej godziny", 90),
    ("一个半小时", 90), ("zweieinhalb Stunden", 150), ("1h30", None),
    # "ahora" (now) holds "a hora" (an hour): "ahora no" asked for no 60-minute meeting.
    ("ahora no", None), ("por ahora", None), ("un orario", None),
])
def test_the_length_a_reply_asks_for_is_read(text: str, minutes: int | None) -> None:
    assert meeting_minutes(text) == minutes


@pytest.mark.parametrize(("text", "left"), [
    ("move it to 3pm", "3pm"), ("déplace-la à 15h", "15h"), ("verschieb es auf 15 Uhr", "15 uhr"),
    ("auf 15 Uhr verschieben", "auf 15 uhr"), ("muévela a las 3", "las 3"),
    ("tomorrow", "tomorrow"),
])
def test_a_move_leaves_the_time_it_asks_for(text: str, left: str) -> None:
    assert without_move_words(text) == left


@pytest.mark.parametrize(("text", "roles"), [
    ("a meeting with the three cashiers on friday", ["cashier"]),
    ("book a call with all the shift leads", ["shift lead"]),
    ("réunion avec les caissiers", ["cashier"]), ("Besprechung mit allen Kassierern", ["cashier"]),
    ("reunión con los cajeros y los reponedores", ["cashier", "stock clerk"]),
    ("レジ係とのミーティング", ["cashier"]), ("a meeting with the deli team", ["deli team"]),
    ("a meeting with alice on friday", []),
])
def test_the_roles_a_request_names_are_read(text: str, roles: list[str]) -> None:
    assert roles_named(text, ["deli team", "cashier"]) == roles


@pytest.mark.parametrize(("text", "parts"), [
    ("no, chen not alice", ("chen", "alice")),
    ("Chen statt Alice", ("chen", "alice")),
    ("chen en vez de alice", ("chen", "alice")),
    ("avec chen au lieu d'alice", ("avec chen", "alice")),
    ("not chen", None),
    ("no, not chen", None),
    ("remove alice, not chen", None),
    ("just me and bob, not chen", None),
])
def test_who_a_correction_means_and_whom_they_replace(
    text: str, parts: tuple[str, str] | None
) -> None:
    assert people_instead(text) == parts


@pytest.mark.parametrize(("text", "language", "minutes"), [
    ("book a call with alice for 45 minutes", "en", 45),
    ("une réunion de 45 minutes avec alice", "fr", 45),
    ("una reunión de media hora con alice", "es", 30),
    ("een afspraak van anderhalf uur met alice", "nl", 90),
    ("spotkanie z alice na 2 godziny", "pl", 120),
    ("90分のミーティングを予約して", "ja", 90),
    ("约一个半小时的会", "zh", 90),
    # A length about something else, or a time, is none.
    ("il était en retard de 2 heures, planifie un appel", "fr", None),
    ("plan een afspraak van 2 uur tot 3 uur", "nl", None),
    ("umów spotkanie za godzinę", "pl", None),
    ("umów spotkanie na 15:00", "pl", None),
    ("两小时后的会", "zh", None),
    ("book a call for 12 hours", "en", None),
])
def test_the_length_a_request_gives_is_read_only_when_it_is_the_meetings(
    text: str, language: str, minutes: int | None,
) -> None:
    assert requested_minutes(text, language) == minutes
