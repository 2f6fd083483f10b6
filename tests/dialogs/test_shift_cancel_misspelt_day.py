"""A day of the week typed with a slip ("tuesdya", "Mittwock", "mercedi") is read as the day
meant; the shift found is then shown with its day written out ("Tuesday 24 November"), so the
worker sees which day they are about to confirm (it was "Tue 24 Nov", as for any request)."""

from __future__ import annotations

import pytest

from tests.bot_harness import BotHarness, joined


@pytest.mark.parametrize(("locale", "asked", "day"), [
    ("en-GB", "cancel my shift on tuesdya", "Tuesday 24 November"),
    ("en-US", "cancel my shift thrusday", "Thursday 26 November"),
    ("de-DE", "sag meine Schicht am Mittwock ab", "Mittwoch, 25. November"),
    ("fr-FR", "annule mon service de mercedi", "mercredi 25 novembre"),
])
async def test_a_misspelt_weekday_is_written_out_in_full(
    bot: BotHarness, locale: str, asked: str, day: str
) -> None:
    bot.as_person("bob-smith")
    replies = await bot.say(asked, locale=locale)
    assert day in joined(replies)


async def test_a_weekday_spelt_right_keeps_the_short_day(bot: BotHarness) -> None:
    bot.as_person("bob-smith")
    said = joined(await bot.say("cancel my shift on tuesday", locale="en-GB"))
    assert "Tue 24 Nov" in said and "Tuesday 24 November" not in said
