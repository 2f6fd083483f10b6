"""A worker names the day of their shift by its day of the month alone: "annule mon poste du
26", "cancel my shift on the 26th", "30号". That day's shift is the one meant (every coming
shift was listed); a day with no shift of theirs says so and shows the shifts there are."""

from __future__ import annotations

import tomllib

import pytest

from language.day_of_month import day_of_month, validate_day_of_month
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
