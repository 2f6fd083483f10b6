"""A worker names their days as they type them: two numeric dates joined by a dash ("cancel my
shifts 11/24-11/25": was 24 November 2012), a Polish range of bare day numbers ("od 23 do 25":
nothing was read), the Chinese days up to one ("取消我到周三的班": Wednesday alone)."""

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


@pytest.mark.parametrize(("locale", "asked", "days"), [
    ("en-US", "cancel my shifts 11/24-11/25", {_TUESDAY, _WEDNESDAY}),
    ("en-US", "what are my shifts 11/24 \u2013 11/25?", {_TUESDAY, _WEDNESDAY}),
    ("en-GB", "cancel my shifts 24/11-25/11", {_TUESDAY, _WEDNESDAY}),
    ("fr-FR", "annule mes postes 24/11-25/11", {_TUESDAY, _WEDNESDAY}),
    ("de-DE", "sag meine Schichten 23.11.-25.11. ab", {_MONDAY, _TUESDAY, _WEDNESDAY}),
    ("pl-PL", "odwołaj moje zmiany od 23 do 25", {_MONDAY, _TUESDAY, _WEDNESDAY}),
    ("zh-CN", "取消我到周三的班", {_MONDAY, _TUESDAY, _WEDNESDAY}),
])
async def test_the_days_as_typed_are_all_of_them(
    bot: BotHarness, locale: str, asked: str, days: set[str]
) -> None:
    bot.as_person("bob-smith")
    replies = await bot.say(asked, locale=locale)
    # What was listed (or offered as buttons to pick from).
    said = " ".join([joined(replies)] + [title for reply in replies for title, _ in reply.buttons])
    assert _days_said(said) == days, said
