"""Phrasing tables: a person who cannot come to a meeting ("take me off thursday's meeting",
"je ne peux pas venir à la réunion de jeudi") is talking about the meeting, never about a shift
(the meeting flow then tells someone who did not organise it who can cancel it); the same words
about a shift or work stay a shift cancellation."""

from __future__ import annotations

import pytest

from core.intent import Intent
from language.understanding import understand

ABOUT_A_MEETING = [
    ("take me off thursdays meeting", "en-US"),
    ("take me off thursday's meeting", "en-US"),
    ("pls remove me from the rota review", "en-US"),
    ("I can't come to the meeting on thursday", "en-US"),
    ("i cant get to thurs mtg", "en-US"),
    ("i wont be at the meeting on thursday", "en-US"),
    ("I can't make the meeting", "en-US"),
    ("je ne peux pas venir à la réunion de jeudi", "fr-FR"),
    ("je peux pas venir a la reunion jeudi", "fr-FR"),
    ("ich kann nicht zum Meeting am Donnerstag", "de-DE"),
    ("no puedo ir a la reunión del jueves", "es-ES"),
    ("non posso venire alla riunione di giovedì", "it-IT"),
    ("ik kan niet naar de vergadering op donderdag", "nl-NL"),
    ("não posso ir à reunião de quinta", "pt-PT"),
    ("nie mogę przyjść na spotkanie w czwartek", "pl-PL"),
    ("木曜日の会議に出られません", "ja-JP"),
    ("会議に行けない", "ja-JP"),
    ("我周四的会议去不了", "zh-CN"),
    ("我不能参加周四的会议", "zh-CN"),
]

ABOUT_A_SHIFT = [
    ("i cant come to my shift thursday", "en-US"),
    ("i cant come in thursday", "en-US"),
    ("take me off the schedule thursday", "en-US"),
    ("can you take me off saturday", "en-US"),
    ("i cant come to work before the meeting", "en-US"),
]


@pytest.mark.parametrize(("text", "locale"), ABOUT_A_MEETING)
def test_not_coming_to_a_meeting_is_about_the_meeting(text: str, locale: str) -> None:
    assert understand(text, locale=locale).intent is Intent.MEETING_CANCEL


@pytest.mark.parametrize(("text", "locale"), ABOUT_A_SHIFT)
def test_not_coming_to_a_shift_is_still_a_shift(text: str, locale: str) -> None:
    assert understand(text, locale=locale).intent is Intent.SHIFT_CANCEL
