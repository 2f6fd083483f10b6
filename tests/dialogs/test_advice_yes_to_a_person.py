"""A yes to ERA's offer of a person: after advice that ends 'say "talk to a person" and I'll put
you through to HR', a plain "yes" (in the manager's language) takes the hand-over ERA offered,
with the case, as "talk to a person" does. It used to get "Glad that helps", as thanks do, and
nobody was handed over."""

from __future__ import annotations

import pytest
from botbuilder.schema import Activity, ActivityTypes

from bots.handoff import HANDOFF_INITIATE
from language.catalogue import say
from tests.bot_harness import BotHarness, joined


def _handoff_events(bot: BotHarness) -> list[Activity]:
    return [a for a in bot.last_activities
            if a.type == ActivityTypes.event and a.name == HANDOFF_INITIATE]


_AFTER_A_QUESTION = [
    ("en-US", "Alice told me Chen keeps making comments about her body",
     "it happened three times this week, I haven't talked to him yet",
     "should I tell the team?", "yes"),
    ("fr-FR", "je soupçonne Chen de voler dans la caisse",
     "il manque 50 euros trois fois ce mois-ci, je ne lui en ai pas parlé",
     "est-ce que je peux fouiller son sac ?", "oui"),
    ("de-DE", "Alice hat mir gesagt, dass sie schwanger ist", "sie arbeitet an der Kasse",
     "muss ich das der Personalabteilung melden?", "ja"),
    ("nl-NL", "Alice vertelde me dat ze zwanger is",
     "ze werkt in het magazijn en tilt zware dozen", "moet ik haar taken aanpassen?", "ja"),
    ("ja-JP", "アリスさんから妊娠したと報告がありました", "レジ担当で、立ち仕事が多いです",
     "人事に伝える必要がありますか？", "はい"),
    ("zh-CN", "Alice告诉我她怀孕了", "她在收银台工作", "我需要调整她的班次吗？", "是的"),
    ("it-IT", "Alice mi ha detto che è incinta",
     "lavora in magazzino e solleva pacchi pesanti", "devo cambiarle le mansioni?", "sì"),
]


@pytest.mark.parametrize(("locale", "situation", "fact", "question", "yes"), _AFTER_A_QUESTION)
async def test_yes_after_the_question_for_hr_hands_the_case_over(
    bot: BotHarness, locale: str, situation: str, fact: str, question: str, yes: str,
) -> None:
    language = locale[:2]
    bot.as_person("maria").locale = locale
    await bot.say(situation)
    await bot.say(fact)
    said = joined(await bot.say(question))
    assert said == say("advice.question_for_hr", language), said
    assert _handoff_events(bot) == [], "nobody is handed over unasked"
    said = joined(await bot.say(yes))
    assert said != say("advice.closing", language)
    assert len(_handoff_events(bot)) == 1, said
    assert situation in said  # the case HR is given, in the manager's words


@pytest.mark.parametrize(("locale", "yes"), [("en-US", "yes"), ("es-ES", "sí"),
                                              ("pl-PL", "tak"), ("pt-PT", "sim")])
async def test_yes_after_the_pregnancy_advice_hands_the_case_over(
    bot: BotHarness, locale: str, yes: str,
) -> None:
    situation = {"en-US": "Alice told me she is pregnant",
                 "es-ES": "Alice me ha dicho que está embarazada",
                 "pl-PL": "Alice powiedziała mi, że jest w ciąży",
                 "pt-PT": "A Alice disse-me que está grávida"}[locale]
    bot.as_person("maria").locale = locale
    said = joined(await bot.say(situation))
    assert said == say("advice.pregnancy", locale[:2]), said
    said = joined(await bot.say(yes))
    assert len(_handoff_events(bot)) == 1, said


async def test_thanks_after_the_question_for_hr_still_closes_without_a_hand_over(
    bot: BotHarness,
) -> None:
    bot.as_person("maria").locale = "en-US"
    await bot.say("Alice told me Chen keeps making comments about her body")
    await bot.say("it happened three times this week, I haven't talked to him yet")
    await bot.say("should I tell the team?")
    said = joined(await bot.say("ok thanks"))
    assert _handoff_events(bot) == [], said


@pytest.mark.parametrize(("locale", "situation", "yes"), [
    ("en-US", "Bob Smith wants a pay rise", "yes"),
    ("de-DE", "Chen möchte eine Gehaltserhöhung", "ja"),
])
async def test_yes_after_the_pay_rise_advice_hands_the_case_over(
    bot: BotHarness, locale: str, situation: str, yes: str,
) -> None:
    bot.as_person("maria").locale = locale
    said = joined(await bot.say(situation))
    assert said == say("advice.pay_rise", locale[:2]), said
    assert _handoff_events(bot) == []
    said = joined(await bot.say(yes))
    assert len(_handoff_events(bot)) == 1, said
