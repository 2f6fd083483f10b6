"""A worker names the days up to one ("cancel my shifts until Wednesday", "ich bin bis Mittwoch
krank", "水曜日までのシフトは？"): from today to that day, both counted. Only that day was taken,
so the shifts before it were never offered or listed."""

from __future__ import annotations

import pytest

from tests.bot_harness import BotHarness, joined

# Sunday 22 November: Bob works Monday 23 (morning), Tuesday 24 (evening), Wednesday 25
# (morning), then Thursday 26.
_MONDAY, _TUESDAY, _WEDNESDAY, _THURSDAY = "23", "24", "25", "26"


def _days_said(text: str) -> set[str]:
    return {day for day in (_MONDAY, _TUESDAY, _WEDNESDAY, _THURSDAY)
            if f" {day} " in f" {text} ".replace("日", " ").replace("月", " ")
            or f"{day} " in text or f"{day}." in text}


@pytest.mark.parametrize(("locale", "asked"), [
    ("en-GB", "cancel my shifts until wednesday"),
    ("en-GB", "what are my shifts until wednesday?"),
    ("de-DE", "ich bin bis Mittwoch krank"),
    ("fr-FR", "annule mes postes jusqu'à mercredi"),
    ("es-ES", "¿qué turnos tengo hasta el miércoles?"),
    ("it-IT", "annulla i miei turni fino a mercoledì"),
    ("pt-BR", "cancela meus turnos até quarta-feira"),
    ("nl-NL", "wat zijn mijn diensten tot woensdag?"),
    ("pl-PL", "odwołaj moje zmiany do środy"),
    ("ja-JP", "水曜日までのシフトは？"),
    ("zh-CN", "直到周三的班都取消"),
])
async def test_the_days_up_to_one_are_all_of_them(
    bot: BotHarness, locale: str, asked: str
) -> None:
    bot.as_person("bob-smith")
    replies = await bot.say(asked, locale=locale)
    # What was listed (or offered as buttons to pick from).
    said = " ".join([joined(replies)] + [title for reply in replies for title, _ in reply.buttons])
    assert _days_said(said) == {_MONDAY, _TUESDAY, _WEDNESDAY}, said
