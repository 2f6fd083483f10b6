""""cancel all my shifts next week" asks for every shift of that week: the worker is shown them
all with the reason question, and one reason cancels them all. It asked "Which one do you
want to cancel?" as if one were meant, in every language."""

from __future__ import annotations

from datetime import date
from zoneinfo import ZoneInfo

import pytest

from language.catalogue import say
from services.demo_organisation import RIVERSIDE
from tests.bot_harness import BotHarness, joined

LONDON = ZoneInfo("Europe/London")


@pytest.mark.parametrize(("locale", "request_text", "reason"), [
    ("en-US", "cancel all my shifts next week", "I'm having surgery"),
    ("es-ES", "cancela todos mis turnos de la semana que viene", "me operan"),
    ("fr-FR", "annule tous mes services de la semaine prochaine", "je me fais opérer"),
    ("de-DE", "sag alle meine Schichten nächste Woche ab", "ich werde operiert"),
    ("pl-PL", "odwołaj wszystkie moje zmiany w przyszłym tygodniu", "mam operację"),
    ("ja-JP", "来週のシフトを全部キャンセルして", "手術を受けます"),
    ("zh-CN", "取消我下周所有的班", "我要做手术"),
])
async def test_all_my_shifts_next_week_are_all_asked_about_and_cancelled(
    bot: BotHarness, locale: str, request_text: str, reason: str
) -> None:
    bot.as_person("bob-smith")
    bot.locale = locale
    language = locale.split("-")[0].replace("zh", "zh-Hans")
    week = joined(await bot.say("what are my shifts next week?"))
    asked = joined(await bot.say(request_text))
    assert say("shift_cancel.ask_which", language) not in asked
    days = [day for day in ("23", "24", "25", "26", "27", "28") if day in week]
    assert len(days) > 1 and all(day in asked for day in days), (days, asked)
    await bot.say(reason)
    left = [shift for day in range(23, 30)
            for shift in await bot.shifts.shifts_on(RIVERSIDE, date(2026, 11, day), LONDON)
            if shift.person_id == "bob-smith"]
    assert left == []


async def test_at_all_is_no_request_for_every_shift(bot: BotHarness) -> None:
    bot.as_person("bob-smith")
    asked = joined(await bot.say("I can't make it at all next week"))
    assert "Which one do you want to cancel?" in asked


@pytest.mark.parametrize(("locale", "request_text", "all_of_these"), [
    ("fr-FR", "annule mes services de la semaine prochaine", "Tous ceux-ci"),
    ("en-US", "cancel my shifts next week", "All of these"),
    ("ja-JP", "来週のシフトをキャンセルしたい", "すべて"),
])
async def test_the_shifts_of_the_days_asked_can_all_be_chosen_with_one_press(
    bot: BotHarness, locale: str, request_text: str, all_of_these: str
) -> None:
    """A list of the shifts of the days asked for had a button for each and 'None of these',
    none for all of them."""
    bot.as_person("bob-smith")
    bot.locale = locale
    listed = await bot.say(request_text)
    pressed = next(reply for r in listed for title, reply in r.buttons if title == all_of_these)
    asked = joined(await bot.press(pressed))
    week = [shift for day in range(23, 30)
            for shift in await bot.shifts.shifts_on(RIVERSIDE, date(2026, 11, day), LONDON)
            if shift.person_id == "bob-smith"]
    assert len(week) > 1 and all(str(s.starts_at.astimezone(LONDON).day) in asked for s in week)


async def test_no_button_for_all_when_no_days_were_asked(bot: BotHarness) -> None:
    bot.as_person("bob-smith")
    listed = await bot.say("cancel one of my shifts")
    titles = [title for reply in listed for title, _ in reply.buttons]
    assert "None of these" in titles and "All of these" not in titles
