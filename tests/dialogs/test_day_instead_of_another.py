"""A day said instead of another at a question for a day or time ("friday instead of saturday",
"vendredi au lieu de samedi", "土曜日ではなく金曜日にして", "不是周六，是周五") is that day alone.
The finding: ERA read "土曜日ではなく金曜日にして" as Saturday or Friday and listed both, and
"instead" in "friday instead of thursday" was read as a change of mind naming Thursday."""

from __future__ import annotations

from datetime import date
from zoneinfo import ZoneInfo

import pytest

from language.day_correction import meant_days
from services.demo_organisation import RIVERSIDE
from tests.bot_harness import BotHarness, joined

LONDON = ZoneInfo("Europe/London")
SATURDAY = date(2026, 11, 28)


@pytest.mark.parametrize(("text", "days", "expected"), [
    ("friday instead of saturday", ["friday", "saturday"], [0]),
    ("instead of saturday, friday", ["saturday", "friday"], [1]),
    ("vendredi au lieu de samedi", ["vendredi", "samedi"], [0]),
    ("Freitag statt Samstag", ["freitag", "samstag"], [0]),
    ("el viernes en vez del sábado", ["viernes", "sábado"], [0]),
    ("venerdì invece di sabato", ["venerdì", "sabato"], [0]),
    ("sexta em vez de sábado", ["sexta", "sábado"], [0]),
    ("vrijdag in plaats van zaterdag", ["vrijdag", "zaterdag"], [0]),
    ("piątek zamiast soboty", ["piątek", "soboty"], [0]),
    ("土曜日ではなく金曜日にして", ["土曜日", "金曜日"], [1]),
    ("土曜じゃなくて金曜で", ["土曜", "金曜"], [1]),
    ("土曜日の代わりに金曜日", ["土曜日", "金曜日"], [1]),
    ("不是周六，是周五", ["周六", "周五"], [1]),
    ("周五而不是周六", ["周五", "周六"], [0]),
    # As before: two days, or a self-correction.
    ("friday and saturday", ["friday", "saturday"], None),
    ("no sorry thursday, not wednesday", ["thursday", "wednesday"], [0]),
])
def test_the_day_meant_is_the_one_not_replaced(
    text: str, days: list[str], expected: list[int] | None
) -> None:
    assert meant_days(text, days) == expected


@pytest.mark.parametrize(("locale", "request_text", "reply", "meant", "replaced"), [
    ("ja-JP", "アリスとの会議を予約して", "土曜日ではなく金曜日にして", "11月27日(金)", "11月28日"),
    ("ja-JP", "アリスとの会議を予約して", "土曜じゃなくて金曜で", "11月27日(金)", "11月28日"),
    ("zh-CN", "预约和Alice的会议", "不是周六，是周五", "11月27日周五", "11月28日"),
    ("en-GB", "book a meeting with alice", "friday instead of thursday", "Fri 27 Nov",
     "Thu 26 Nov"),
    ("fr-FR", "réserve une réunion avec alice", "vendredi au lieu de jeudi", "ven. 27 nov.",
     "jeu. 26 nov."),
    ("de-DE", "Termin mit Alice vereinbaren", "Freitag statt Donnerstag", "Fr., 27. Nov.",
     "Do., 26. Nov."),
])
async def test_a_day_instead_of_another_at_the_meeting_time_question(
    bot: BotHarness, locale: str, request_text: str, reply: str, meant: str, replaced: str
) -> None:
    """At 'Do you have a preferred time?', only the day meant is listed."""
    bot.as_person("maria").locale = locale
    await bot.say(request_text)
    listed = joined(await bot.say(reply))
    assert meant in listed and replaced not in listed, listed


async def test_a_day_instead_of_the_one_listed_at_the_list_of_times(bot: BotHarness) -> None:
    """At the list of Thursday's times, 'friday instead of thursday' lists Friday's."""
    bot.as_person("maria")
    assert "Thu 26 Nov" in joined(await bot.say("book a meeting with alice on thursday"))
    listed = joined(await bot.say("friday instead of thursday"))
    assert "Fri 27 Nov" in listed and "Thu 26 Nov" not in listed, listed


async def test_a_japanese_move_said_with_ではなく_leaves_the_day_before_it(
    bot: BotHarness,
) -> None:
    """'ボブのシフトを土曜日ではなく金曜日に移して': from Saturday to Friday, not the reverse."""
    bot.as_person("maria").locale = "ja-JP"
    said = joined(await bot.say("ボブ・スミスのシフトを土曜日ではなく金曜日に移して"))
    assert "11月28日(土) 朝 09:00-15:00（販売）から11月27日(金)" in said, said
    assert [s.label for s in await bot.shifts.shifts_on(RIVERSIDE, SATURDAY, LONDON)
            if s.person_id == "bob-smith"] == ["Morning"]  # nothing before the yes


@pytest.mark.parametrize(("locale", "text", "said"), [
    ("es-ES", "¿trabajo el primer lunes del mes que viene?", "lun., 7 dic."),
    ("es-ES", "¿tengo turno el primer lunes del mes que viene?", "lun., 7 dic."),
    ("it-IT", "lavoro il primo lunedì del mese prossimo?", "lun 7 dic"),
    ("fr-FR", "est-ce que je travaille le premier lundi du mois prochain ?", "lun. 7 déc."),
    ("de-DE", "arbeite ich am ersten Montag nächsten Monats?", "Mo., 7. Dez."),
])
async def test_a_worker_asking_about_a_weekday_by_its_place_in_the_month(
    bot: BotHarness, locale: str, text: str, said: str
) -> None:
    """Held out: '¿trabajo el primer lunes del mes que viene?' and 'lavoro il primo lunedì
    del mese prossimo?' were not understood (the day words knew no ordinal); each now lists
    that Monday's shift, as the French and German did."""
    bot.as_person("bob-smith").locale = locale
    listed = joined(await bot.say(text))
    assert said in listed, listed
