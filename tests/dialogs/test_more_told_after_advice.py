"""More about the situation told after the advice ("he says it's the bus", "actually it was 6
times"): Maria is telling ERA something, not thanking it. The finding: each got "Glad that
helps", as "thanks" does, and the call ERA had just offered was dropped, so her "yes" after it
got "Glad that helps" again. Now ERA says it has noted it and that the step stands, and asks
its offer again; a fact that changes the step still changes the advice."""

from __future__ import annotations

import pytest

from language.catalogue import say
from tests.bot_harness import BotHarness, Reply, joined

OPENING = {
    "en-US": ("Bob Smith keeps coming in late, every day this week", "no, not yet"),
    "fr-FR": ("Bob Smith arrive en retard tous les jours cette semaine", "non pas encore"),
    "es-ES": ("Bob Smith llega tarde todos los días esta semana", "no, todavía no"),
    "de-DE": ("Bob Smith kommt ständig zu spät, diese Woche jeden Tag", "nein, noch nicht"),
    "it-IT": ("Bob Smith arriva sempre in ritardo", "no, non ancora"),
    "pt-BR": ("Bob Smith chega sempre atrasado", "não, ainda não"),
    "nl-NL": ("Bob Smith komt steeds te laat", "nee, nog niet"),
}
LANGUAGE = {"en-US": "en", "fr-FR": "fr", "es-ES": "es", "de-DE": "de", "it-IT": "it",
            "pt-BR": "pt-BR", "nl-NL": "nl"}
YES = {"en-US": "yes", "fr-FR": "oui", "es-ES": "sí", "de-DE": "ja", "it-IT": "sì",
       "pt-BR": "sim", "nl-NL": "ja"}
TOLD = {
    "en-US": ("he says it's the bus", "he says it is the traffic", "actually it was 6 times",
              "he said it was his kids"),
    "fr-FR": ("il dit que c'est le bus", "c'est à cause du train"),
    "es-ES": ("dice que es por el autobús",),
    "de-DE": ("er sagt, es liegt am Bus",),
    "it-IT": ("dice che è colpa del treno",),
    "pt-BR": ("ele diz que é o ônibus",),
    "nl-NL": ("hij zegt dat het door de trein komt",),
}


def _yes_no(replies: list[Reply]) -> bool:
    return bool(replies) and [reply for _, reply in replies[-1].buttons] == ["yes", "no"]


def _times(replies: list[Reply]) -> bool:
    return bool(replies) and sum(reply in ("1", "2") for _, reply in replies[-1].buttons) == 2


async def _offered(bot: BotHarness, locale: str) -> None:
    bot.locale = locale
    opening, answer = OPENING[locale]
    await bot.say(opening)
    assert _yes_no(await bot.say(answer)), "the call is offered"


@pytest.mark.parametrize(("locale", "told"), [
    (locale, told) for locale, said in TOLD.items() for told in said
])
async def test_more_told_at_the_offer_is_noted_and_the_offer_stands(
    bot: BotHarness, locale: str, told: str
) -> None:
    await _offered(bot, locale)
    language = LANGUAGE[locale]
    answer = await bot.say(told)
    said = joined(answer)
    assert say("advice.noted_after_advice", language) in said
    assert say("advice.closing", language) not in said
    assert _yes_no(answer), "the call is offered again"
    assert not _times(answer), "nothing is listed before a yes"
    assert _times(await bot.say(YES[locale])), "the yes takes the offer up"


async def test_more_told_after_the_offer_was_declined_is_noted_not_thanked(
    bot: BotHarness,
) -> None:
    await _offered(bot, "en-US")
    await bot.say("no thanks")
    answer = joined(await bot.say("he says it is the traffic"))
    assert say("advice.noted_after_advice", "en") in answer
    assert say("advice.closing", "en") not in answer
    assert "Here are the free times" not in answer


async def test_thanks_after_the_advice_still_closes(bot: BotHarness) -> None:
    await _offered(bot, "en-US")
    await bot.say("no thanks")
    answer = joined(await bot.say("ok thanks"))
    assert say("advice.noted_after_advice", "en") not in answer


async def test_a_fact_that_changes_the_step_changes_the_advice(bot: BotHarness) -> None:
    """A verbal warning already given: the written warning, not "noted"."""
    await _offered(bot, "en-US")
    answer = joined(await bot.say("actually he already had a verbal warning last month"))
    assert say("advice.noted_after_advice", "en") not in answer
    assert "put it in writing" in answer


@pytest.mark.parametrize(("locale", "again"), [
    ("en-US", "Bob Smith keeps coming in late"),
    ("zh-CN", "Bob Smith 总是迟到"),
])
async def test_the_situation_said_again_at_the_offer_is_not_taken_for_thanks(
    bot: BotHarness, locale: str, again: str
) -> None:
    """The finding: "Bob Smith 总是迟到" said again at the offer got "很高兴能帮上忙" (glad that
    helps), the Chinese keyword not found in words run together; the offer was dropped."""
    bot.locale = locale
    language = {"en-US": "en", "zh-CN": "zh-Hans"}[locale]
    await bot.say(again)
    assert _yes_no(await bot.say({"en-US": "no, not yet", "zh-CN": "没有，还没有"}[locale]))
    answer = await bot.say(again)
    assert say("advice.closing", language) not in joined(answer)
    assert _yes_no(answer), "the call is offered again"
