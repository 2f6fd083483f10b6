"""A shift worker asking about their own shifts in their words, in each language: on a holiday
("do I work on Christmas?"), when they start tomorrow, how many hours this week."""

from __future__ import annotations

from datetime import date

import pytest

from language.catalogue import default_catalogue
from language.formatting import format_day, format_on_day
from tests.bot_harness import BotHarness, joined

CHRISTMAS = date(2026, 12, 25)
MONDAY = date(2026, 11, 23)  # "tomorrow" from FIXED_NOW's Sunday
SUNDAY = date(2026, 11, 29)
ABOUT_THE_DAYS_ASKED = {"my_shifts.none_in", "my_shifts.list_in", "my_shifts.hours_in"}


def _first_message(reply: str, language: str) -> str:
    return default_catalogue().identify(reply.splitlines()[0], language)[0]


@pytest.mark.parametrize(
    ("locale", "question"),
    [
        ("en-US", "do I work on christmas?"),
        ("fr-FR", "est-ce que je travaille à noël ?"),
        ("es-ES", "¿trabajo en navidad?"),
        ("de-DE", "arbeite ich an Weihnachten?"),
        ("de-DE", "arbeite ich am 25. Dezember?"),
        ("it-IT", "lavoro a natale?"),
        ("pt-PT", "trabalho no Natal?"),
        ("pt-BR", "eu trabalho no natal?"),
        ("nl-NL", "werk ik met kerst?"),
        ("pl-PL", "czy pracuję w Boże Narodzenie?"),
        ("ja-JP", "クリスマスは仕事ですか"),
        ("ja-JP", "12月25日は出勤ですか"),
        ("zh-CN", "我圣诞节上班吗？"),
    ],
)
async def test_do_i_work_on_christmas_is_answered_for_25_december(
    bot: BotHarness, locale: str, question: str
) -> None:
    """The finding: "¿trabajo en navidad?", "lavoro a natale?" were not understood, and
    "arbeite ich an Weihnachten?", "werk ik met kerst?", "我圣诞节上班吗？" listed the next two
    weeks, saying nothing about Christmas."""
    bot.as_person("bob-smith")
    language = locale[:2]
    reply = joined(await bot.say(question, locale=locale))
    assert _first_message(reply, language) in ABOUT_THE_DAYS_ASKED, reply
    assert format_on_day(CHRISTMAS, language) in reply, reply


@pytest.mark.parametrize(
    ("locale", "question"),
    [
        ("en-US", "what time do I start tomorrow?"),
        ("fr-FR", "je commence à quelle heure demain ?"),
        ("de-DE", "wann fange ich morgen an?"),
        ("nl-NL", "hoe laat begin ik morgen?"),
        ("pl-PL", "o której jutro zaczynam?"),
    ],
)
async def test_what_time_do_i_start_tomorrow_is_tomorrows_shift(
    bot: BotHarness, locale: str, question: str
) -> None:
    """The finding: "wann fange ich morgen an?", "hoe laat begin ik morgen?", "o której jutro
    zaczynam?", "je commence à quelle heure demain ?" got "I'm not sure what you'd like"."""
    bot.as_person("bob-smith")
    language = locale[:2]
    reply = joined(await bot.say(question, locale=locale))
    assert _first_message(reply, language) in ABOUT_THE_DAYS_ASKED, reply
    assert format_on_day(MONDAY, language) in reply.splitlines()[0], reply


async def test_essa_semana_is_this_week_in_brazilian_portuguese(bot: BotHarness) -> None:
    """The finding: "quantas horas eu tenho essa semana?" added up the next two weeks."""
    bot.as_person("bob-smith")
    bot.clock.advance(days=2)  # Tuesday: this week is Monday 23 to Sunday 29 November
    reply = joined(await bot.say("quantas horas eu tenho essa semana?", locale="pt-BR"))
    first = reply.splitlines()[0]
    assert format_day(MONDAY, "pt") in first and format_day(SUNDAY, "pt") in first, reply


# "which shifts do I have from Tuesday to Thursday?": all three days' shifts. Before, French,
# German and Spanish showed Tuesday's and Thursday's, English Tuesday's and Wednesday's.
@pytest.mark.parametrize(("locale", "question"), [
    ("en-US", "what are my shifts from Tuesday to Thursday?"),
    ("fr-FR", "quels sont mes services de mardi à jeudi ?"),
    ("de-DE", "welche Schichten habe ich von Dienstag bis Donnerstag?"),
    ("es-ES", "¿qué turnos tengo del martes al jueves?"),
    ("ja-JP", "火曜日から木曜日までのシフトは？"),
])
async def test_my_shifts_from_one_day_to_another_are_all_of_them(
    bot: BotHarness, locale: str, question: str
) -> None:
    bot.as_person("bob-smith").locale = locale
    said = joined(await bot.say(question))
    language = locale.split("-")[0]
    for day in (24, 25, 26):
        assert format_day(date(2026, 11, day), language) in said, said
    assert format_day(date(2026, 11, 27), language) not in said, said
