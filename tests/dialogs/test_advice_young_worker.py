"""A worker under 18 and their hours ("Zosia is 16 and works until 11pm"): ERA showed the
store's schedule (German), the performance questions (Polish, "pracuje") or asked what happened
(English). Young workers' working time has legal limits of its own that depend on the country:
ERA says so, says to check with HR before rostering them again, and offers the hand-over."""

from __future__ import annotations

import pytest

from language.catalogue import say
from tests.bot_harness import BotHarness, joined


@pytest.mark.parametrize(("locale", "message"), [
    ("en-US", "Zosia is 16 and works until 11pm"),
    ("de-DE", "Lena ist 16 und arbeitet bis 23 Uhr"),
    ("pl-PL", "Zosia ma 16 lat i pracuje do 23"),
    ("fr-FR", "alice a 16 ans et elle fait la fermeture jusqu a 22h"),
    ("es-ES", "lena tiene 16 años y trabaja hasta las 11 de la noche"),
    ("ja-JP", "ゾシアさんは16歳で23時まで働いています"),
])
async def test_a_young_worker_late_gets_the_legal_limits_and_hr(
    bot: BotHarness, locale: str, message: str
) -> None:
    language = locale[:2]
    reply = joined(await bot.say(message, locale=locale))
    assert reply == say("advice.young_worker", language), reply


async def test_the_hand_over_offered_is_taken(bot: BotHarness) -> None:
    await bot.say("Zosia is 16 and works until 11pm")
    handed = joined(await bot.say("talk to a person"))
    assert "passing your case to HR" in handed and "Zosia is 16" in handed


@pytest.mark.parametrize(("locale", "message"), [
    ("en-US", "bob smith is 17 and keeps arriving late"),
    ("de-DE", "Bob Smith kommt ständig zu spät"),
])
async def test_an_age_alone_is_still_its_situation(
    bot: BotHarness, locale: str, message: str
) -> None:
    reply = joined(await bot.say(message, locale=locale))
    assert reply != say("advice.young_worker", locale[:2])


@pytest.mark.parametrize(("locale", "message"), [
    ("en-US", "Chen is distracted at work lately, his dad is in hospital"),
    ("en-US", "chen seems distracted at work lately, his mum is in hospital"),
])
async def test_a_family_illness_told_is_no_schedule_to_show(
    bot: BotHarness, locale: str, message: str
) -> None:
    """"Chen is distracted at work lately, his dad is in hospital" showed Chen's shifts."""
    reply = joined(await bot.say(message, locale=locale))
    assert "Chen Wei" not in reply and "15:00" not in reply, reply


async def test_asking_for_someones_shifts_still_shows_them(bot: BotHarness) -> None:
    reply = joined(await bot.say("show me chen's shifts this week"))
    assert "Chen Wei" in reply
