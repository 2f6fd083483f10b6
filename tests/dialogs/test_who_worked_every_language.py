""""Who worked last monday?" in each of the ten languages shows that day's store schedule: in
all but en, fr, ja and zh it was not understood (German got the resignation advice)."""

from __future__ import annotations

import pytest

from tests.bot_harness import BotHarness, joined


@pytest.mark.parametrize(("locale", "question"), [
    ("en-GB", "who worked last monday?"),
    ("fr-FR", "qui a travaillé lundi dernier ?"),
    ("es-ES", "¿quién trabajó el lunes pasado?"),
    ("de-DE", "wer hat letzten Montag gearbeitet?"),
    ("it-IT", "chi ha lavorato lunedì scorso?"),
    ("pt-BR", "quem trabalhou segunda passada?"),
    ("nl-NL", "wie heeft afgelopen maandag gewerkt?"),
    ("pl-PL", "kto pracował w zeszły poniedziałek?"),
    ("ja-JP", "先週の月曜日に出勤したのは誰？"),
    ("zh-CN", "上周一谁上的班？"),
])
async def test_who_worked_last_monday_shows_that_days_schedule(
    bot: BotHarness, locale: str, question: str
) -> None:
    """At FIXED_NOW (Sunday 22 Nov) last Monday is 16 Nov, when Bob Smith worked."""
    bot.as_person("maria").locale = locale
    said = joined(await bot.say(question))
    assert "16" in said and "Bob Smith" in said, said
