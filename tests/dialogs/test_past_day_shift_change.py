"""A past day for a manager's shift change is said to be past and asked again: "assign alice
last monday" went on to the role, and "letzten Montag" (last Monday) previewed next Monday's
shift in every language but English, French and Chinese."""

from __future__ import annotations

import tomllib
from datetime import date
from zoneinfo import ZoneInfo

import pytest

from language.catalogue import say
from language.formatting import format_day
from language.lexicon import LEXICON_ROOT
from language.past_weekday import validate_past, weekday_said_past
from services.demo_organisation import RIVERSIDE
from tests.bot_harness import BotHarness, joined

# FIXED_NOW is Sunday 22 November 2026: the coming Monday is the 23rd.
COMING_MONDAY = date(2026, 11, 23)
LONDON = ZoneInfo("Europe/London")


@pytest.mark.parametrize(
    ("text", "locale"),
    [("take bob smith off last monday", "en-US"), ("retire bob smith de lundi dernier", "fr-FR"),
     ("quita a bob smith del lunes pasado", "es-ES"),
     ("nimm bob smith letzten Montag raus", "de-DE"),
     ("togli bob smith dal turno di lunedì scorso", "it-IT"),
     ("tira o bob smith do turno de segunda passada", "pt-PT"),
     ("tira o bob smith do turno da segunda-feira passada", "pt-BR"),
     ("haal bob smith van afgelopen maandag af", "nl-NL"),
     ("zdejmij boba smitha z zeszłego poniedziałku", "pl-PL")],
)
async def test_a_past_weekday_is_said_to_be_past_and_asked_again(
    bot: BotHarness, text: str, locale: str
) -> None:
    bot.as_person("maria").locale = locale
    language = "pt_BR" if locale == "pt-BR" else locale[:2]
    before = await bot.shifts.shifts_on(RIVERSIDE, COMING_MONDAY, LONDON)
    answered = joined(await bot.say(text, locale=locale))
    question = say("shift_change.which_day.unassign", language, name="Bob")
    assert say("shift_change.day_past", language, question=question) in answered, answered
    assert await bot.shifts.shifts_on(RIVERSIDE, COMING_MONDAY, LONDON) == before


async def test_assign_last_monday_asks_for_another_day_and_next_monday_is_the_coming_one(
    bot: BotHarness,
) -> None:
    bot.as_person("maria")
    answered = joined(await bot.say("assign alice last monday"))
    question = say("shift_change.which_day.assign", "en", name="Alice")
    assert say("shift_change.day_past", "en", question=question) in answered, answered
    assert "role" not in answered
    answered = joined(await bot.say("next monday"))
    assert say("shift_change.day_past", "en", question=question) not in answered, answered
    assert "Which role should Alice work?" in answered, answered


@pytest.mark.parametrize(
    ("text", "language", "past"),
    [("last monday", "en", True), ("next monday", "en", False), ("monday", "en", False),
     ("lundi dernier", "fr", True), ("lundi prochain", "fr", False),
     ("el lunes pasado", "es", True), ("el pasado lunes", "es", True),
     ("el lunes que viene", "es", False), ("letzten Montag", "de", True),
     ("nächsten Montag", "de", False), ("lunedì scorso", "it", True),
     ("lunedì prossimo", "it", False), ("segunda passada", "pt-BR", True),
     ("na segunda-feira passada", "pt", True), ("na próxima segunda", "pt", False),
     ("afgelopen maandag", "nl", True), ("volgende maandag", "nl", False),
     ("w zeszły poniedziałek", "pl", True), ("w przyszły poniedziałek", "pl", False),
     ("先週の月曜日", "ja", True), ("来週の月曜日", "ja", False), ("上周一", "zh-CN", True),
     ("下周一", "zh-CN", False), ("周一上午", "zh-CN", False)],
)
def test_a_weekday_said_past_in_each_language(text: str, language: str, past: bool) -> None:
    assert weekday_said_past(text, language) is past


def test_every_lexicon_past_section_is_well_formed() -> None:
    for path in sorted(LEXICON_ROOT.glob("*/times.toml")):
        with path.open("rb") as handle:
            assert validate_past(str(path), tomllib.load(handle)) == [], path
    assert validate_past("x/times.toml", {"past": {"before": [""]}}) != []


@pytest.mark.parametrize(
    ("text", "locale"),
    [("storniere meine Schicht vom letzten Montag", "de-DE"),
     ("cancela mi turno del lunes pasado", "es-ES"),
     ("cancella il mio turno di lunedì scorso", "it-IT")],
)
async def test_a_worker_s_last_monday_is_never_the_coming_monday(
    bot: BotHarness, text: str, locale: str
) -> None:
    """The finding: "storniere meine Schicht vom letzten Montag" offered to cancel the coming
    Monday's shift, a day the worker never named."""
    bot.as_person("bob-smith").locale = locale
    answered = joined(await bot.say(text, locale=locale))
    coming = format_day(COMING_MONDAY, locale[:2])
    assert coming not in answered.split("\n")[0], answered
