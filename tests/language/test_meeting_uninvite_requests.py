"""Phrasing tables: taking a person off a booked meeting is its own request, but taking a thing
from a meeting (notes, feedback, minutes, conclusions, doubts) or dropping someone off after it is
not; a manager asking for notes must never be offered to remove anyone."""

from __future__ import annotations

import pytest

from core.intent import Intent
from language.understanding import understand

REMOVALS = [
    ("take chen off the rota review", "en-US"),
    ("remove chen from friday's meeting", "en-US"),
    ("pull sophie from the check-in", "en-US"),
    ("get alice off tmrw mtg", "en-US"),
    ("tira o chen da reunião de sexta", "pt-PT"),
    ("tira a alice da reuniao de amanha", "pt-BR"),
    ("saca a chen de la reunión del viernes", "es-ES"),
    ("quita a sofia de la reunion de mañana", "es-ES"),
    ("haal chen uit de vergadering van vrijdag", "nl-NL"),
    ("verwijder alice uit het overleg van morgen", "nl-NL"),
    ("nimm chen aus dem meeting am freitag raus", "de-DE"),
    ("entferne alice aus der besprechung morgen", "de-DE"),
]

NOT_REMOVALS = [
    ("can you get feedback from the team meeting", "en-US"),
    ("take notes from friday s meeting for me", "en-US"),
    ("drop bob off after the meeting", "en-US"),
    ("cut 10 minutes from the meeting", "en-US"),
    ("pull the key points from yesterday's meeting", "en-US"),
    ("take some ideas from the rota review", "en-US"),
    ("preciso tirar dúvidas da reunião de sexta", "pt-BR"),
    ("tire as conclusões da reunião", "pt-PT"),
    ("tira notas da reuniao de amanha", "pt-BR"),
    ("saca conclusiones de la reunión del viernes", "es-ES"),
    ("quita 10 minutos de la reunión", "es-ES"),
    ("haal even notulen uit de vergadering van vrijdag", "nl-NL"),
    ("haal wat ideeen uit het overleg", "nl-NL"),
    ("hol mir die notizen aus dem meeting", "de-DE"),
    ("hol das protokoll aus der besprechung", "de-DE"),
]


@pytest.mark.parametrize(("text", "locale"), REMOVALS)
def test_taking_a_person_off_a_meeting_is_a_removal(text: str, locale: str) -> None:
    assert understand(text, locale=locale).intent is Intent.MEETING_UNINVITE


@pytest.mark.parametrize(("text", "locale"), NOT_REMOVALS)
def test_taking_a_thing_from_a_meeting_is_no_removal(text: str, locale: str) -> None:
    assert understand(text, locale=locale).intent is not Intent.MEETING_UNINVITE
