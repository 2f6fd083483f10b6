"""A call or meeting request that says how long ("a 90-minute call", "for an hour and a half",
"un appel d'une heure", "für 2 Stunden", "1時間の面談") is offered times of that length in every
language ERA speaks; a length about something else ("2 hours late", "in 2 hours", "1時間後")
leaves the usual 30 minutes."""

from __future__ import annotations

import re

import pytest

from tests.bot_harness import BotHarness, Reply, shown

_RANGE = re.compile(r"(\d\d):(\d\d)-(\d\d):(\d\d)")


def _offered_minutes(replies: list[Reply]) -> set[int]:
    """The lengths of the times offered ("15:00-16:30": 90)."""
    return {(int(h2) * 60 + int(m2)) - (int(h1) * 60 + int(m1))
            for h1, m1, h2, m2 in _RANGE.findall(shown(replies))}


@pytest.mark.parametrize(("locale", "request_text", "minutes"), [
    ("en-US", "book a 90 minute call with alice on friday", 90),
    ("en-US", "book a call with alice in 2 weeks for an hour and a half", 90),
    ("en-US", "book an hour-long meeting with alice on friday", 60),
    ("fr-FR", "planifie un appel d'une heure avec alice vendredi", 60),
    ("es-ES", "programa una llamada de una hora con alice el viernes", 60),
    ("de-DE", "plane einen Anruf mit alice am Freitag für 2 Stunden", 120),
    ("it-IT", "prenota una chiamata di un'ora con alice venerdì", 60),
    ("pt-BR", "marque uma reunião de uma hora com a alice na sexta", 60),
    ("nl-NL", "plan een gesprek van een uur met alice op vrijdag", 60),
    ("pl-PL", "umów rozmowę z alice na godzinę w piątek", 60),
    ("ja-JP", "金曜日にAliceと1時間の面談を予約して", 60),
    ("zh-CN", "帮我周五和Alice约一个小时的会", 60),
    ("de-DE", "buche ein einstündiges Gespräch mit alice am freitag", 60),
    ("de-DE", "plane eine zweistündige Besprechung mit alice am Freitag", 120),
    ("fr-FR", "planifie une heure de réunion avec alice vendredi", 60),
])
async def test_the_length_a_request_gives_is_the_length_of_the_times_offered(
    bot: BotHarness, locale: str, request_text: str, minutes: int,
) -> None:
    bot.as_person("maria")
    bot.locale = locale
    offered = await bot.say(request_text)
    assert _offered_minutes(offered) == {minutes}, shown(offered)


async def test_a_length_is_no_time_of_day(bot: BotHarness) -> None:
    # "de una hora" is an hour long, not at 13:00 on Friday.
    bot.as_person("maria")
    bot.locale = "es-ES"
    offered = shown(await bot.say("programa una llamada de una hora con alice el viernes"))
    assert "13:00" not in offered, offered


@pytest.mark.parametrize(("locale", "request_text"), [
    ("en-US", "alice was 2 hours late, book a call with her"),
    ("en-US", "book a call with alice in 2 hours"),
    ("en-US", "book a call with alice about her 3 hours of overtime"),
    ("ja-JP", "1時間後にAliceと面談を予約して"),
])
async def test_a_length_about_something_else_leaves_thirty_minutes(
    bot: BotHarness, locale: str, request_text: str,
) -> None:
    bot.as_person("maria")
    bot.locale = locale
    offered = await bot.say(request_text)
    assert _offered_minutes(offered) == {30}, shown(offered)
