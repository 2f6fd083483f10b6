"""Phrasings for the meeting flows in the ten languages: replies that leave the time to ERA
("first available") and requests to invite one more person to the meeting ("add Chen")."""

from __future__ import annotations

import pytest

from language.meeting_words import adds_people, takes_earliest

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
