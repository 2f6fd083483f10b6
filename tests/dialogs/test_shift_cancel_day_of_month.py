"""A worker names the day of their shift by its day of the month alone: "annule mon poste du
26", "cancel my shift on the 26th", "30号". That day's shift is the one meant (every coming
shift was listed); a day with no shift of theirs says so and shows the shifts there are."""

from __future__ import annotations

import re
import tomllib

import pytest

from language.day_of_month import day_of_month, validate_day_of_month
from language.day_range import validate_day_range
from language.lexicon import LEXICON_ROOT
from tests.bot_harness import BotHarness, joined, shown

# At FIXED_NOW (Sunday 22 Nov 2026) Bob Smith works each day from Monday 23 to Saturday 28.
ON_THE_26TH = [
    ("en-GB", "cancel my shift on the 26th"),
    ("fr-FR", "annule mon poste du 26"),
    ("es-ES", "cancela mi turno el 26"),
    ("de-DE", "storniere meine Schicht am 26."),
    ("it-IT", "annulla il mio turno il 26"),
    ("pt-BR", "cancela meu turno dia 26"),
    ("nl-NL", "annuleer mijn dienst van de 26e"),
    ("pl-PL", "anuluj moją zmianę 26-go"),
    ("ja-JP", "26日のシフトをキャンセル"),
    ("zh-CN", "取消我26号的班"),
]


def _days_of_the_month_in(said: str) -> set[int]:
    """The days of the month a reply names ("Tue 24 Nov", "11月24日"), not its clock times."""
    return {int(day) for day in re.findall(r"(?<![\d:-])(\d{1,2})(?![\d:])", said)}


@pytest.mark.parametrize(("locale", "request_text"), ON_THE_26TH)
async def test_a_day_of_the_month_picks_that_days_shift(
    bot: BotHarness, locale: str, request_text: str
) -> None:
    bot.as_person("bob-smith").locale = locale
    said = joined(await bot.say(request_text))
    assert "26" in said, said
    assert "1 –" not in said and "27" not in said and "25" not in said, said


@pytest.mark.parametrize(("locale", "request_text"), [
    ("en-GB", "cancel my shift on the 29th"),
    ("fr-FR", "annule mon poste du 29"),
    ("ja-JP", "29日のシフトをキャンセル"),
])
async def test_a_day_of_the_month_without_a_shift_says_so_and_lists_the_others(
    bot: BotHarness, locale: str, request_text: str
) -> None:
    bot.as_person("bob-smith").locale = locale
    said = shown(await bot.say(request_text))
    assert "29" in said and "23" in said and "24" in said, said


@pytest.mark.parametrize(("locale", "text"), [
    ("fr-FR", "annule mon poste de 9h"),
    ("fr-FR", "annule mon poste de demain à 9h30"),
    ("en-GB", "cancel my shift in 30 minutes"),
    ("en-GB", "cancel the 2 shifts"),
    ("ja-JP", "3日後のシフト"),
    ("zh-CN", "取消三天后的班"),
    ("fr-FR", "28/11"),
])
def test_clocks_amounts_and_dates_are_no_day_of_the_month(locale: str, text: str) -> None:
    assert day_of_month(text, locale) is None


def test_every_lexicon_day_of_month_section_is_well_formed() -> None:
    for path in sorted(LEXICON_ROOT.glob("*/times.toml")):
        with path.open("rb") as handle:
            assert validate_day_of_month(str(path), tomllib.load(handle)) == [], path
    assert validate_day_of_month("x/times.toml", {"day_of_month": {"after": [1]}}) != []


# Several days of one month: each is asked about, and no day between them. "annule mes services
# du 1, 3 et 5 décembre" asked about the 3rd and the 4th (a reason then cancelled them), "cancel
# my shifts on December 1, 3 and 5" about the 1st alone, and the German one the 5th alone.
@pytest.mark.parametrize(("locale", "request_text"), [
    ("en-GB", "cancel my shifts on November 24, 26 and 28"),
    ("en-GB", "cancel my shifts on the 24th, 26th and 28th of November"),
    ("fr-FR", "annule mes services du 24, 26 et 28 novembre"),
    ("fr-FR", "annule mes services du mardi 24 novembre et du jeudi 26 novembre, et le 28"),
    ("de-DE", "sag meine Schichten am 24., 26. und 28. November ab"),
    ("es-ES", "cancela mis turnos del 24, 26 y 28 de noviembre"),
    ("it-IT", "annulla i miei turni del 24, 26 e 28 novembre"),
    ("nl-NL", "annuleer mijn diensten op 24, 26 en 28 november"),
    ("pl-PL", "anuluj moje zmiany 24, 26 i 28 listopada"),
    ("pt-BR", "cancela meus turnos dos dias 24, 26 e 28 de novembro"),
    ("ja-JP", "11月24日、26日、28日のシフトをキャンセル"),
])
async def test_a_list_of_days_of_one_month_asks_about_those_days_only(
    bot: BotHarness, locale: str, request_text: str
) -> None:
    bot.as_person("bob-smith").locale = locale
    said = shown(await bot.say(request_text))
    days = _days_of_the_month_in(said)
    assert {24, 26, 28} <= days and not days & {23, 25, 27}, said


# Days from one to another, both counted: "de lundi à mercredi" asked about Monday and
# Wednesday, "from Monday to Wednesday" about Monday and Tuesday, "del 24 al 26" about the 24th
# and 25th. (Bob Smith works each day from Monday 23 to Saturday 28.)
@pytest.mark.parametrize(("locale", "request_text"), [
    ("en-GB", "cancel my shifts from Tuesday to Thursday"),
    ("fr-FR", "annule mes services de mardi à jeudi"),
    ("fr-FR", "annule mes services du 24 au 26 novembre"),
    ("de-DE", "storniere meine Schichten von Dienstag bis Donnerstag"),
    ("es-ES", "cancela mis turnos del 24 al 26 de noviembre"),
    ("it-IT", "annulla i miei turni da martedì a giovedì"),
    ("pt-BR", "cancela meus turnos de terça a quinta"),
    ("nl-NL", "annuleer mijn diensten van dinsdag tot en met donderdag"),
    ("pl-PL", "anuluj moje zmiany od wtorku do czwartku"),
    ("ja-JP", "火曜日から木曜日までのシフトをキャンセル"),
    ("zh-CN", "取消我周二到周四的班"),
])
async def test_days_from_one_to_another_ask_about_all_of_them(
    bot: BotHarness, locale: str, request_text: str
) -> None:
    bot.as_person("bob-smith").locale = locale
    said = shown(await bot.say(request_text))
    days = _days_of_the_month_in(said)
    assert {24, 25, 26} <= days and not days & {23, 27, 28}, said


def test_every_lexicon_day_range_section_is_well_formed() -> None:
    for path in sorted(LEXICON_ROOT.glob("*/times.toml")):
        with path.open("rb") as handle:
            assert validate_day_range(str(path), tomllib.load(handle)) == [], path
    assert validate_day_range("x/times.toml", {"day_range": {"pairs": [["from"]]}}) != []
    assert validate_day_range("x/times.toml", {"day_range": {"pairs": [["from", ""]]}}) != []


# "all my shifts next week except Thursday": every one of them but Thursday's is offered.
# Before, Thursday's alone was, the one shift the worker meant to keep.
@pytest.mark.parametrize(("locale", "request_text"), [
    ("en-GB", "cancel all my shifts next week except thursday"),
    ("fr-FR", "annule tous mes services de la semaine prochaine sauf jeudi"),
    ("de-DE", "sag alle meine Schichten nächste Woche ab außer Donnerstag"),
    ("es-ES", "cancela todos mis turnos de la semana que viene menos el jueves"),
])
async def test_a_day_left_out_is_never_offered(
    bot: BotHarness, locale: str, request_text: str
) -> None:
    bot.as_person("bob-smith").locale = locale
    said = shown(await bot.say(request_text))
    days = _days_of_the_month_in(said)
    assert {23, 24, 25, 27, 28} <= days and 26 not in days, said
