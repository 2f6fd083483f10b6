"""Just after ERA cancelled a worker's shift ("… has been cancelled. I've let Maria Lopez know.
Anything else?"), the worker says "cool", "wait what?" or "actually make it thursday". They got
"Sure, what would you like to do?" and the list of what ERA can do, or "not sure"; now "cool"
closes, "wait what?" gets a recap of what was done, and another day starts the cancellation of
that day's shift (asked before anything is done), saying the shift already cancelled stays
cancelled."""

from __future__ import annotations

from datetime import date
from zoneinfo import ZoneInfo

import pytest

from services.demo_organisation import RIVERSIDE
from tests.bot_harness import BotHarness, joined

MONDAY = date(2026, 11, 23)  # "tomorrow": Bob Smith's morning shift
THURSDAY = date(2026, 11, 26)  # Bob Smith's evening shift

# (locale, request, reason, praise, "wait what?", its recap, "actually thursday", what stands)
CASES = [
    ("en-US", "cancel my shift tomorrow", "im sick", "cool", "wait what?",
     "To recap: your shift on Mon 23 Nov", "actually make it thursday",
     "stays cancelled: I can't undo that, only Maria Lopez can put you back on it"),
    ("en-US", "cancel my shift tomorrow", "im sick", "ok cool!", "huh?",
     "To recap: your shift on Mon 23 Nov", "no i meant thursday",
     "stays cancelled: I can't undo that"),
    ("fr-FR", "annule mon poste demain", "je suis malade", "super", "quoi ?",
     "Pour résumer : votre poste du lun. 23 nov.", "non, je voulais dire jeudi",
     "reste annulé : je ne peux pas revenir dessus"),
    ("de-DE", "sag meine Schicht morgen ab", "ich bin krank", "super", "wie bitte?",
     "Zusammengefasst: Ihre Schicht am Mo., 23. Nov.", "nein, ich meinte Donnerstag",
     "bleibt abgesagt"),
    ("es-ES", "cancela mi turno de mañana", "estoy enfermo", "genial", "¿qué?",
     "En resumen: su turno del", "no, quería decir el jueves", "sigue cancelado"),
    ("pl-PL", "odwołaj moją jutrzejszą zmianę", "jestem chory", "super", "co?",
     "Podsumowując: zgodnie z Twoją prośbą zmiana", "nie, chodziło mi o czwartek",
     "pozostaje odwołana"),
    ("ja-JP", "明日のシフトをキャンセルして", "体調不良です", "了解です", "え？",
     "まとめると、ご依頼どおり", "いや、木曜日のことです", "キャンセルされたままです"),
    ("zh-CN", "取消我明天的班", "我生病了", "收到", "怎么回事",
     "总结一下：按您的要求", "不对，我是说周四", "仍然是取消状态"),
]


async def _bobs(bot: BotHarness, day: date) -> list[str]:
    return [s.id for s in await bot.shifts.shifts_on(RIVERSIDE, day, ZoneInfo("Europe/London"))
            if s.person_id == "bob-smith"]


@pytest.mark.parametrize(
    ("locale", "request_text", "reason", "praise", "what", "recap", "other_day", "stands"),
    CASES)
async def test_after_a_cancellation_praise_a_recap_and_another_day(
    bot: BotHarness, locale: str, request_text: str, reason: str, praise: str, what: str,
    recap: str, other_day: str, stands: str,
) -> None:
    bot.as_person("bob-smith")
    bot.locale = locale
    await bot.say(request_text)
    done = joined(await bot.say(reason))
    assert "Maria Lopez" in done, done
    assert await _bobs(bot, MONDAY) == []
    thursday = await _bobs(bot, THURSDAY)
    assert thursday

    closed = joined(await bot.say(praise))
    assert "Cancel my shift tomorrow" not in closed and "what would you like" not in closed, closed

    recapped = joined(await bot.say(what))
    assert recapped.startswith(recap), recapped
    assert "Maria Lopez" in recapped, recapped

    moved = await bot.say(other_day)
    assert stands in moved[0].text, joined(moved)
    assert "20:00-23:00" in joined(moved[1:]), joined(moved)
    # Nothing is cancelled before the reason and its yes; Monday's shift stays cancelled.
    assert await _bobs(bot, THURSDAY) == thursday
    assert await _bobs(bot, MONDAY) == []


@pytest.mark.parametrize(("locale", "request_text", "reason", "which", "recap"), [
    ("en-US", "cancel my shift tomorrow", "im sick", "wait, which shift was that?",
     "To recap: your shift on Mon 23 Nov"),
    ("nl-NL", "annuleer mijn dienst van morgen", "ik ben ziek", "wacht, welke dienst was dat?",
     "Kort samengevat:"),
    ("fr-FR", "annule mon poste demain", "je suis malade", "c'était quel poste déjà ?",
     "Pour résumer : votre poste du lun. 23 nov."),
    ("de-DE", "sag meine Schicht morgen ab", "ich bin krank", "welche Schicht war das nochmal?",
     "Zusammengefasst: Ihre Schicht am Mo., 23. Nov."),
    ("es-ES", "cancela mi turno de mañana", "estoy enfermo", "¿qué turno era?",
     "En resumen: su turno del"),
    ("ja-JP", "明日のシフトをキャンセルして", "体調不良です", "どのシフトでしたか？", "まとめると"),
])
async def test_which_shift_it_was_is_answered_with_the_recap(
    bot: BotHarness, locale: str, request_text: str, reason: str, which: str, recap: str,
) -> None:
    """ "wacht, welke dienst was dat?" just after the cancellation got "Sorry, het is mij niet
    duidelijk wat u wilt dat ik doe" and the help list: the worker asks which shift it was, and
    gets the recap of what was cancelled and who was told."""
    bot.as_person("bob-smith")
    bot.locale = locale
    await bot.say(request_text)
    assert "Maria Lopez" in joined(await bot.say(reason))
    recapped = joined(await bot.say(which))
    assert recapped.startswith(recap), recapped
    assert "Maria Lopez" in recapped, recapped
    assert await _bobs(bot, MONDAY) == []
