"""Bob works Saturday morning and asks to cancel his Saturday evening shift. ERA said "I couldn't
find a shift of yours on Sat 28 Nov" (he has one that day) and offered his next five shifts
without the Saturday morning one. Now it says the evening was searched, and his Saturday shift is
among those offered, so one press picks it (and then its reason is asked; nothing is cancelled
without it)."""

from __future__ import annotations

import pytest

from language.catalogue import say
from tests.bot_harness import BotHarness, joined

CASES = [
    ("en-US", "cancel my saturday evening shift"),
    ("fr-FR", "annule mon poste de samedi soir"),
    ("de-DE", "sag meine Schicht am Samstagabend ab"),
    ("es-ES", "cancela mi turno del sábado por la noche"),
    ("ja-JP", "土曜日の夜のシフトをキャンセルして"),
]
# Bob's shift on Saturday 28 November, in the morning.
SATURDAY, MORNING = "28", "09:00-15:00"


@pytest.mark.parametrize(("locale", "request_text"), CASES)
async def test_the_part_of_day_asked_is_said_and_that_days_shift_is_offered(
    bot: BotHarness, locale: str, request_text: str
) -> None:
    bot.as_person("bob-smith").locale = locale
    language = locale.split("-")[0]
    before = await bot.shifts.upcoming_shifts("bob-smith", now=bot.clock())
    replies = await bot.say(request_text)
    said = joined(replies)
    searched = say("window.on_day_between_times", language, day="\x00", start="17:00",
                   end="24:00").partition("\x00")[2]
    assert searched in said, said
    offered = [button for reply in replies for button in reply.buttons]
    on_saturday = [(label, value) for label, value in offered if SATURDAY in label]
    assert len(on_saturday) == 1 and MORNING in on_saturday[0][0], offered
    assert len([label for label, _ in offered if ":" in label]) == 5, offered

    picked = joined(await bot.press(on_saturday[0][1]))
    assert SATURDAY in picked and MORNING in picked
    # Picked, not cancelled: the reason is asked first.
    assert await bot.shifts.upcoming_shifts("bob-smith", now=bot.clock()) == before
