"""A letter to several people addresses them as several. Italian "scrivi a tutti riguardo al
nuovo turno" drafted "Gentile Alice, Bob, ... vorrei parlare con Lei", Spanish "Estimado/a
Alice, Bob ...: Me gustaría hablar con usted", Portuguese "consigo" and Chinese "和您": the
singular polite "you" to a whole team. Now the group's form is used (voi, ustedes, vocês /
convosco, 大家) where a language has one, one person still gets the singular, and nothing is
sent before a Send."""

from __future__ import annotations

import pytest

from tests.bot_harness import BotHarness, joined


@pytest.mark.parametrize(("locale", "request_", "plural", "singular"), [
    ("it-IT", "scrivi a tutti riguardo al nuovo turno", "vorrei parlare con voi",
     "con Lei"),
    ("es-ES", "escribe a todos sobre el nuevo horario", "hablar con ustedes", "con usted "),
    ("es-ES", "escribe a todos para recordarles la reunión del lunes", "recordarles",
     "recordarle "),
    ("pt-PT", "escreve a todos sobre o novo horário", "falar convosco", "consigo"),
    ("zh-CN", "给大家发邮件关于新排班", "我想和大家谈一谈", "和您谈"),
])
async def test_a_letter_to_the_team_addresses_them_as_several(
    bot: BotHarness, locale: str, request_: str, plural: str, singular: str
) -> None:
    bot.as_person("maria").locale = locale
    drafted = joined(await bot.say(request_))
    assert plural in drafted and singular not in drafted, drafted
    assert await bot.components.services.mail.list_recent() == []


@pytest.mark.parametrize(("locale", "request_", "singular"), [
    ("it-IT", "scrivi a luca riguardo al nuovo turno", "vorrei parlare con Lei"),
])
async def test_a_letter_to_one_keeps_the_singular(
    bot: BotHarness, locale: str, request_: str, singular: str
) -> None:
    bot.as_person("maria").locale = locale
    drafted = joined(await bot.say(request_))
    assert singular in drafted, drafted
