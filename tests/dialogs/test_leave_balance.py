"""A worker asking how much leave they have left: ERA has no leave balances, so it says so
in the person's language and offers the hand-over to HR; it never starts one unasked."""

from __future__ import annotations

import pytest

from language.catalogue import say
from tests.bot_harness import BotHarness, joined


@pytest.mark.parametrize(("locale", "question"), [
    ("fr-FR", "combien de jours de congé me reste-t-il ?"),
    ("en-GB", "how many days of leave do I have left?"),
    ("de-DE", "wie viele Urlaubstage habe ich noch?"),
    ("pt-BR", "quantos dias de férias eu ainda tenho?"),
])
async def test_a_leave_balance_question_gets_an_honest_answer_and_the_way_to_hr(
    bot: BotHarness, locale: str, question: str
) -> None:
    """The finding: "combien de jours de congé me reste-t-il ?" and "how many days of leave
    do I have left?" got "I'm not sure what you'd like me to do", as if nothing was asked."""
    bot.as_person("bob-smith").locale = locale
    said = joined(await bot.say(question))
    assert said.strip() == say("records.own", locale).strip(), said


@pytest.mark.parametrize(("locale", "question"), [
    ("en-GB", "when do I get paid?"),
    ("en-GB", "when is payday?"),
    ("fr-FR", "quand est-ce que je suis payé ?"),
    ("es-ES", "¿cuándo cobro este mes?"),
    ("de-DE", "wann ist Zahltag?"),
    ("it-IT", "quando mi pagano?"),
    ("pt-BR", "quando cai o salário?"),
    ("nl-NL", "wanneer krijg ik mijn salaris?"),
    ("pl-PL", "kiedy wypłata?"),
    ("ja-JP", "給料日はいつですか"),
    ("zh-CN", "什么时候发工资？"),
])
async def test_when_pay_comes_gets_the_same_honest_answer(
    bot: BotHarness, locale: str, question: str
) -> None:
    """The finding: "when do I get paid?" got the capability list in English, "給料日はいつですか"
    "didn't understand", each as if nothing had been asked; payroll keeps pay dates."""
    bot.as_person("bob-smith").locale = locale
    said = joined(await bot.say(question))
    assert said.strip() == say("records.own", locale).strip(), said


@pytest.mark.parametrize(("locale", "question"), [
    ("en-GB", "what's the ot rate"),
    ("en-GB", "how much is overtime paid"),
    ("fr-FR", "c'est combien les heures sup ?"),
    ("de-DE", "wie werden Überstunden bezahlt?"),
    ("es-ES", "¿cuánto se pagan las horas extras?"),
    ("pl-PL", "ile płacą za nadgodziny?"),
    ("ja-JP", "残業代はいくらですか"),
])
async def test_what_overtime_pays_gets_who_keeps_pay(
    bot: BotHarness, locale: str, question: str
) -> None:
    """The finding: "what's the ot rate" got the capability list, "how much is overtime paid"
    was refused as a colleague's ("overtime"'s) personal details, "wie werden Überstunden
    bezahlt?" was not understood: a pay question gets who keeps pay, and asks nobody for
    more hours."""
    bot.as_person("bob-smith").locale = locale
    said = joined(await bot.say(question))
    assert said.strip() == say("records.own", locale).strip(), said
