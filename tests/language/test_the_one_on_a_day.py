"""After ERA lists a worker's shifts, "cancel the one on Friday" names the shift by its day: in
every language it is a request to cancel the shift of that day, not a message ERA cannot
read. A meeting named in the same words stays a meeting."""

from __future__ import annotations

import pytest

from core.intent import Intent
from language.understanding import understand

CASES = [
    ("en-US", "I want to cancel the one on Friday"),
    ("en-US", "cancel the one on friday"),
    ("en-US", "can you cancel that one on Monday"),
    ("fr-FR", "je veux annuler celui de vendredi"),
    ("fr-FR", "annule celui du lundi"),
    ("es-ES", "quiero cancelar el del viernes"),
    ("es-ES", "cancela ese del lunes"),
    ("it-IT", "voglio cancellare quello di venerdì"),
    ("it-IT", "annulla quello di lunedì"),
    ("pt-PT", "quero cancelar o de sexta"),
    ("pt-BR", "cancela aquele de segunda-feira"),
    ("de-DE", "ich möchte den am Freitag absagen"),
    ("de-DE", "sag bitte den vom Montag ab"),
    ("de-DE", "storniere den am Samstag"),
    ("nl-NL", "ik wil die van vrijdag annuleren"),
    ("nl-NL", "annuleer die op maandag"),
    ("pl-PL", "chcę odwołać ten w piątek"),
    ("pl-PL", "anuluj tę z soboty"),
    ("ja-JP", "金曜日のをキャンセルしたい"),
    ("ja-JP", "月曜のを取り消してください"),
    ("zh-CN", "取消周五那个"),
    ("zh-CN", "星期一的那个取消"),
    # The day alone, as the whole message, the verb where people put it.
    ("de-DE", "Freitag absagen"),
    ("de-DE", "am Montag bitte stornieren"),
    ("nl-NL", "vrijdag afzeggen"),
    ("ja-JP", "水曜日をキャンセル"),
    ("zh-CN", "取消周三的"),
]


@pytest.mark.parametrize(("locale", "text"), CASES)
def test_the_one_on_a_day_is_a_shift_cancellation(locale: str, text: str) -> None:
    reading = understand(text, locale=locale)
    assert reading.intent is Intent.SHIFT_CANCEL, (text, reading)


@pytest.mark.parametrize(("locale", "text"), [
    ("en-US", "cancel the meeting on friday"),
    ("fr-FR", "annule la réunion de vendredi"),
    ("pt-PT", "cancela a reunião de sexta"),
    ("de-DE", "sag den Termin am Freitag ab"),
    ("de-DE", "Meeting am Freitag absagen"),
    ("ja-JP", "水曜日の会議をキャンセル"),
    ("zh-CN", "取消周三的会议"),
])
def test_a_meeting_on_a_day_stays_a_meeting(locale: str, text: str) -> None:
    assert understand(text, locale=locale).intent is Intent.MEETING_CANCEL
