"""Only a meeting's organiser cancels or moves it for everyone: Bob, invited to Maria's 1:1
check-in, is told that Maria organised it and that only she can, in his language, and nothing
is cancelled, moved or sent, whatever he says next."""

from __future__ import annotations

from datetime import timedelta

import pytest

from core.calendar_event import CalendarEvent
from core.time_window import TimeWindow
from tests.bot_harness import BotHarness, joined
from tests.conftest import FIXED_NOW

MARIA = "maria.lopez@contoso.example"
BOB_SMITH = "bob.smith@contoso.example"
_WEEKS = TimeWindow(FIXED_NOW, FIXED_NOW + timedelta(days=14))


async def _bobs_meetings(bot: BotHarness) -> list[CalendarEvent]:
    return await bot.components.services.calendar.find_events(attendee_email=BOB_SMITH,
                                                              window=_WEEKS)


@pytest.mark.parametrize(("locale", "request_text", "refusal"), [
    ("en-US", "cancel thursday's meeting",
     "Only Maria Lopez, who organised Thu 26 Nov, 10:00-10:30: 1:1 check-in with Maria Lopez, "
     "can cancel it for everyone, so I haven't changed anything."),
    ("en-US", "pls cancel my mtg w maria", "Only Maria Lopez, who organised"),
    ("fr-FR", "annule la réunion de jeudi",
     "Seule la personne qui a organisé jeu. 26 nov., 10:00-10:30 : 1:1 check-in avec Maria "
     "Lopez, Maria Lopez, peut l'annuler pour tout le monde : je n'ai donc rien changé."),
    ("de-DE", "sag das Meeting am Donnerstag ab",
     "Nur Maria Lopez, der/die Do., 26. Nov., 10:00-10:30"),
    ("es-ES", "cancela la reunión del jueves", "Solo Maria Lopez, que organizó"),
    # Not coming to the meeting is about the meeting, not one of Bob's shifts.
    ("en-US", "take me off thursdays meeting", "Only Maria Lopez, who organised"),
    ("en-US", "I can't come to the meeting on thursday", "Only Maria Lopez, who organised"),
    ("ja-JP", "木曜日の会議に出られません", "主催者のMaria Lopezさんだけです"),
    ("zh-CN", "我周四的会议去不了", "组织者Maria Lopez才能"),
])
async def test_an_attendee_cannot_cancel_it_for_everyone(
    meetings_bot: BotHarness, locale: str, request_text: str, refusal: str,
) -> None:
    bot = meetings_bot.as_person("bob-smith")
    bot.locale = locale
    before = await _bobs_meetings(bot)
    said = joined(await bot.say(request_text))
    assert refusal in said, said
    await bot.say("1")
    await bot.say("yes")
    assert await _bobs_meetings(bot) == before
    assert not (await bot.stored_state()).get("memory")


@pytest.mark.parametrize(("locale", "request_text", "refusal"), [
    ("en-US", "move my meeting with maria to friday",
     "Only Maria Lopez, who organised Thu 26 Nov, 10:00-10:30: 1:1 check-in with Maria Lopez, "
     "can move it, so I haven't changed anything."),
    ("fr-FR", "déplace la réunion de jeudi à vendredi",
     "Seule la personne qui a organisé jeu. 26 nov., 10:00-10:30"),
])
async def test_an_attendee_cannot_move_it(
    meetings_bot: BotHarness, locale: str, request_text: str, refusal: str,
) -> None:
    bot = meetings_bot.as_person("bob-smith")
    bot.locale = locale
    before = await _bobs_meetings(bot)
    said = joined(await bot.say(request_text))
    assert refusal in said, said
    await bot.say("1")
    await bot.say("yes")
    assert await _bobs_meetings(bot) == before


async def test_the_organiser_still_cancels_it(meetings_bot: BotHarness) -> None:
    bot = meetings_bot
    said = joined(await bot.say("cancel my meeting with bob on thursday"))
    assert "cancel" in said.lower(), said
    await bot.say("yes")
    assert await _bobs_meetings(bot) == []
