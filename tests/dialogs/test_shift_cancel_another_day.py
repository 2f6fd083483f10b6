"""A worker asked for the reason (or shown a list) answers with a request for another day: "I
can't come on Thursday, doctor's appointment" at Tuesday's "what's the reason?". That is not a
reason for Tuesday: Tuesday stays, and Thursday is restated with the reason for its own yes."""

from __future__ import annotations

from datetime import date, timedelta
from zoneinfo import ZoneInfo

import pytest

from services.demo_organisation import RIVERSIDE
from tests.bot_harness import BotHarness, joined

LONDON = ZoneInfo("Europe/London")
MONDAY = date(2026, 11, 23)
WEEK = [MONDAY + timedelta(days=n) for n in range(6)]  # Bob Smith works each day, Mon to Sat
TUESDAY, THURSDAY = WEEK[1], WEEK[3]


async def _bobs_days(bot: BotHarness) -> list[date]:
    return [day for day in WEEK
            if any(s.person_id == "bob-smith"
                   for s in await bot.shifts.shifts_on(RIVERSIDE, day, LONDON))]


@pytest.mark.parametrize(("locale", "request_text", "other_day", "reason", "yes"), [
    ("en-GB", "cancel my shift on tuesday", "I can't come on Thursday, doctor's appointment",
     "doctor", "yes"),
    ("fr-FR", "annule mon service de mardi", "je peux pas venir jeudi, rdv chez le médecin",
     "médecin", "oui"),
    ("es-ES", "cancela mi turno del martes", "no puedo ir el jueves, tengo cita médica",
     "médica", "sí"),
    ("de-DE", "storniere meine Schicht am Dienstag",
     "ich kann am Donnerstag nicht kommen, Arzttermin", "Arzttermin", "ja"),
    # Unspaced days fill no day slot: Tuesday was cancelled with these as its reason.
    ("zh-CN", "取消我周二的班", "我周四不能上班，要去看医生", "医生", "是"),
    ("zh-CN", "我周二不能上班", "我周四也不能上班，要去看医生", "医生", "好的"),
    ("ja-JP", "火曜日のシフトをキャンセルしたいです", "木曜日は病院に行くので行けません",
     "病院", "はい"),
])
async def test_another_day_at_the_reason_question_keeps_the_first_shift(
    bot: BotHarness, locale: str, request_text: str, other_day: str, reason: str, yes: str
) -> None:
    """The finding: Tuesday was cancelled with "I can't come on Thursday..." as its reason."""
    bot.as_person("bob-smith").locale = locale
    await bot.say(request_text)
    asked = joined(await bot.say(other_day))
    assert await _bobs_days(bot) == WEEK, asked
    assert "26" in asked and reason in asked, asked
    await bot.say(yes)
    assert await _bobs_days(bot) == [day for day in WEEK if day != THURSDAY]


async def test_the_same_day_with_a_reason_at_the_reason_question_is_the_reason(
    bot: BotHarness,
) -> None:
    bot.as_person("bob-smith").locale = "en-GB"
    await bot.say("cancel my shift on tuesday")
    said = joined(await bot.say("I can't come on Tuesday, I'm sick"))
    assert "has been cancelled" in said
    assert await _bobs_days(bot) == [day for day in WEEK if day != TUESDAY]


@pytest.mark.parametrize(("locale", "request_text", "other_day"), [
    ("en-GB", "cancel my shift on sunday", "I can't come on Thursday, doctor's appointment"),
    ("es-ES", "cancela mi turno del domingo", "no puedo ir el jueves, tengo cita médica"),
    ("pt-BR", "cancelar meu turno de domingo", "preciso cancelar meu turno de quinta"),
    ("en-GB", "cancel my shift on sunday", "cancel my shift on thursday"),
    ("zh-CN", "取消我周日的班", "我周四不能上班，要去看医生"),
    ("zh-CN", "取消我礼拜天的班", "星期四的班取消"),
    ("ja-JP", "日曜日のシフトをキャンセルして", "木曜日のシフトをキャンセルしたいです"),
])
async def test_a_request_for_a_day_at_the_list_of_next_shifts_is_that_days_request(
    bot: BotHarness, locale: str, request_text: str, other_day: str
) -> None:
    """The finding: at "no shift of yours on Sunday; your next shifts are below", a sentence
    naming Thursday was "Sorry, I didn't understand that"."""
    bot.as_person("bob-smith").locale = locale
    await bot.say(request_text)
    asked = joined(await bot.say(other_day))
    assert "26" in asked and "1 –" not in asked, asked
    assert await _bobs_days(bot) == WEEK


@pytest.mark.parametrize(("locale", "request_text", "day_request", "reason"), [
    ("en-GB", "cancel my shift", "I can't come on Thursday, doctor's appointment", "doctor"),
    ("zh-CN", "取消我的班", "我周四不能上班，要去看医生", "医生"),
    ("zh-CN", "我要取消班次", "星期四的班取消，我要去看医生", "医生"),
    ("ja-JP", "シフトをキャンセルしたい", "木曜日のシフトをキャンセル、病院に行きます", "病院"),
])
async def test_a_chinese_or_japanese_day_at_the_list_of_shifts_picks_that_day(
    bot: BotHarness, locale: str, request_text: str, day_request: str, reason: str
) -> None:
    """The finding: at the list of six shifts, "我周四不能上班，要去看医生" was "抱歉，我没有
    理解" and the list again, where "I can't come on Thursday, ..." is Thursday's request with
    its reason: Chinese and Japanese days filled no day slot."""
    bot.as_person("bob-smith").locale = locale
    listed = joined(await bot.say(request_text))
    assert "6" in listed, listed
    asked = joined(await bot.say(day_request))
    assert "26" in asked and reason in asked, asked
    assert await _bobs_days(bot) == WEEK
