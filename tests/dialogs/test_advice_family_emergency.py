"""A manager tells that someone's family member is in hospital and that they cannot work
("luca told me his wife is in hospital and he cant do his shifts this week",
     "she had an operation yesterday, he is very worried"), over the bot in
ten languages: ERA asks what happened and what worries the manager most, then the support
comes (a private word, flexibility, carer's or compassionate leave through HR), with how to have
the shifts covered when the manager asks, and the offer of a call. Nothing is taken off the
rota unasked. Before, it previewed taking Luca off one shift (en, fr, zh), or gave the sickness
questions about Luca's own absences (de, es, it, nl, pt)."""

from __future__ import annotations

from datetime import date, timedelta
from zoneinfo import ZoneInfo

import pytest

from language.catalogue import say
from services.demo_organisation import RIVERSIDE
from tests.bot_harness import BotHarness, joined

LONDON = ZoneInfo("Europe/London")
SUNDAY = date(2026, 11, 22)  # today at FIXED_NOW


async def _week(bot: BotHarness) -> list[tuple[str, str | None]]:
    """The store's shifts of the coming week and who holds each."""
    held = []
    for offset in range(8):
        for shift in await bot.shifts.shifts_on(RIVERSIDE, SUNDAY + timedelta(days=offset),
                                               LONDON):
            held.append((shift.id, shift.person_id))
    return held


@pytest.mark.parametrize(("locale", "language", "message", "answer"), [
    ("en-US", "en", "luca told me his wife is in hospital and he cant do his shifts this week",
     "she had an operation yesterday, he is very worried"),
    ("en-US", "en", "Luca can't come in this week, his dad had a heart attack",
     "it was sudden, he is in shock"),
    ("fr-FR", "fr",
     "la femme de luca est a l hopital il peut pas faire ses services cette semaine",
     "elle a ete operee hier, il est tres inquiet"),
    ("de-DE", "de", "lucas frau liegt im krankenhaus, er kann diese woche nicht arbeiten",
     "sie wurde gestern operiert, er macht sich große sorgen"),
    ("es-ES", "es", "la mujer de luca esta en el hospital y no puede trabajar esta semana",
     "la operaron ayer, esta muy preocupado"),
    ("it-IT", "it", "la moglie di luca è in ospedale e non può fare i turni questa settimana",
     "è stata operata ieri, è molto preoccupato"),
    ("nl-NL", "nl", "lucas vrouw ligt in het ziekenhuis, hij kan deze week niet werken",
     "ze is gisteren geopereerd, hij maakt zich veel zorgen"),
    ("pl-PL", "pl", "żona Luca jest w szpitalu i nie może pracować w tym tygodniu",
     "wczoraj miała operację, bardzo się martwi"),
    ("pt-PT", "pt", "a mulher do luca está no hospital e não pode trabalhar esta semana",
     "foi operada ontem, ele está muito preocupado"),
    ("ja-JP", "ja", "ルカさんの奥さんが入院して、今週は出勤できない",
     "昨日手術を受けて、本人はとても心配している"),
    ("zh-CN", "zh-Hans", "卢卡的妻子住院了，这周上不了班", "她昨天做了手术，他很担心"),
])
async def test_a_family_emergency_gets_the_support_first_and_no_shift_is_touched(
    bot: BotHarness, locale: str, language: str, message: str, answer: str,
) -> None:
    bot.as_person("maria").locale = locale
    before = await _week(bot)
    said = joined(await bot.say(message))
    assert said == say("advice.gap_question", language), said
    said = joined(await bot.say(answer))
    # Japanese speaks of a colleague with the honorific.
    first = "Lucaさん" if language == "ja" else "Luca"
    support = say("advice.wellbeing", language, employee=first)
    assert said.startswith(support.split("\n")[0]), said
    assert say("advice.wellbeing_shifts", language, employee=first) in said, said
    assert say("advice.offer_call", language, employee="Luca Rossi") in said, said
    assert await _week(bot) == before


async def test_the_shifts_are_previewed_when_the_manager_asks_and_changed_after_a_yes(
    bot: BotHarness,
) -> None:
    bot.as_person("maria").locale = "en-US"
    before = await _week(bot)
    await bot.say("luca told me his wife is in hospital and he cant do his shifts this week")
    await bot.say("she had an operation yesterday")
    declined = joined(await bot.say("no"))  # no call for now
    assert "is booked" not in declined, declined
    # His shifts that week are listed to choose from; the one chosen is previewed.
    listed = joined(await bot.say("take Luca off the shifts this week"))
    assert "Luca Rossi has several shifts between Mon 23 Nov and Sun 29 Nov" in listed, listed
    said = joined(await bot.say("1"))
    assert "Shall I apply this change?" in said, said
    assert await _week(bot) == before


async def test_a_worker_telling_the_same_of_their_own_family_cancels_their_shift(
    bot: BotHarness,
) -> None:
    bot.as_person("bob-smith").locale = "en-US"
    said = joined(await bot.say("my mum is in hospital, i cant do my shift tomorrow"))
    assert 'Reason: "my mum is in hospital"' in said, said
