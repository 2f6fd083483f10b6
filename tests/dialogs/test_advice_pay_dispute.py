"""Pay the employee says is wrong or missing, told by their manager ("o bob diz que o salário
dele veio errado", "alice says her overtime wasn't paid"): no playbook covers pay, and it is
neither a pay rise nor a vague worry. ERA says what to check and what payroll needs, promises
nothing, and offers HR; nobody is handed over unasked."""

from __future__ import annotations

import pytest

from language.catalogue import say
from tests.bot_harness import BotHarness, joined


@pytest.mark.parametrize(("locale", "language", "message"), [
    ("pt-BR", "pt-BR", "o bob diz que o salário dele veio errado"),
    ("pt-BR", "pt-BR", "a alice reclama que não recebeu as horas extras"),
    ("pt-PT", "pt", "a alice diz que não lhe pagaram as horas extraordinárias"),
    ("en-US", "en", "bob says his pay was wrong this month"),
    ("en-US", "en", "alice says her overtime wasnt paid"),
    ("en-GB", "en", "chen says his paycheck is short"),
    ("fr-FR", "fr", "bob dit que sa paie est fausse"),
    ("fr-FR", "fr", "alice n a pas été payée pour ses heures sup"),
    ("de-DE", "de", "Bob sagt, sein Gehalt ist falsch"),
    ("es-ES", "es", "a alice no le han pagado las horas extra"),
    ("it-IT", "it", "bob dice che lo stipendio è sbagliato"),
    ("nl-NL", "nl", "bob zegt dat zijn salaris niet klopt"),
    ("pl-PL", "pl", "alicja mówi, że nie dostała całej wypłaty"),
    ("ja-JP", "ja", "アリスさんの残業代が払われていないそうです"),
    ("zh-CN", "zh", "Bob说他的工资算错了"),
    # Read as a colleague's pay asked for, or as someone off sick ("está mal"):
    ("pt-BR", "pt-BR", "o salário do bob veio errado"),
    ("es-ES", "es", "bob dice que su sueldo está mal"),
    ("pl-PL", "pl", "bob mówi, że jego pensja jest zła"),
])
async def test_pay_said_to_be_wrong_gets_what_to_check_and_payroll(
    bot: BotHarness, locale: str, language: str, message: str
) -> None:
    """The finding: "o bob diz que o salário dele veio errado" got "what happened, and what
    worries you most?", "a alice reclama que não recebeu as horas extras" the general policy
    questions ("Em que país ou região fica a loja…"), "bob says his pay was wrong" the same."""
    bot.as_person("maria").locale = locale
    said = joined(await bot.say(message))
    assert said == say("advice.pay_dispute", language), said
    assert not any(a.type == "event" for a in bot.last_activities)


@pytest.mark.parametrize(("locale", "language", "message"), [
    ("en-US", "en", "Bob wants a pay rise"),
    ("pt-BR", "pt-BR", "o Chen pediu um aumento"),
])
async def test_a_pay_rise_is_still_a_pay_rise(
    bot: BotHarness, locale: str, language: str, message: str
) -> None:
    bot.as_person("maria").locale = locale
    assert joined(await bot.say(message)) == say("advice.pay_rise", language)


@pytest.mark.parametrize(("locale", "message"), [
    ("en-US", "bob has been late 5 times this month"),
    ("pt-BR", "o bob chega atrasado todas as semanas"),
    ("fr-FR", "il manque deux personnes samedi"),
])
async def test_other_situations_are_not_taken_for_pay(
    bot: BotHarness, locale: str, message: str
) -> None:
    bot.as_person("maria").locale = locale
    said = joined(await bot.say(message))
    assert said != say("advice.pay_dispute", locale[:2] if locale != "pt-BR" else "pt-BR")


async def test_yes_after_the_pay_advice_hands_the_case_over(bot: BotHarness) -> None:
    bot.as_person("maria").locale = "pt-BR"
    await bot.say("o bob diz que o salário dele veio errado")
    said = joined(await bot.say("sim"))
    assert "o bob diz que o salário dele veio errado" in said, said
    assert any(a.type == "event" for a in bot.last_activities)


@pytest.mark.parametrize(("locale", "language", "message"), [
    ("en-US", "en", "my pay was wrong this month"),
    ("pt-BR", "pt-BR", "meu salário veio errado"),
])
async def test_a_worker_s_own_pay_is_still_for_payroll(
    bot: BotHarness, locale: str, language: str, message: str
) -> None:
    bot.as_person("bob-smith")
    said = joined(await bot.say(message, locale=locale))
    assert said.startswith(say("records.own", language)[:40]), said
