"""A shift worker's two requests in one message ("cancel my Saturday shift and tell my manager
I'll be late on Friday"), in fr, de, it: both are served, one at a time, none dropped. German
put the verb last ("..., dass ich am Freitag zu spät komme"), which was not read as running late:
the message cancelled the Friday shift too and never told the manager."""

from __future__ import annotations

from datetime import date

import pytest

from language.catalogue import say
from tests.bot_harness import BotHarness, joined
from tests.conftest import FIXED_NOW

FRIDAY, SATURDAY = date(2026, 11, 27), date(2026, 11, 28)


async def _bob_works(bot: BotHarness, day: date) -> bool:
    shifts = await bot.shifts.upcoming_shifts("bob-smith", now=FIXED_NOW)
    return any(s.starts_at.date() == day for s in shifts)


@pytest.mark.parametrize(
    ("locale", "message", "reason", "yes"),
    [
        (
            "fr-FR",
            "annule mon shift de samedi et dis à mon manager que je serai en retard vendredi",
            "je suis malade",
            "oui",
        ),
        (
            "de-DE",
            "storniere meine Schicht am Samstag und sag meinem Manager, dass ich am Freitag zu "
            "spät komme",
            "ich bin krank",
            "ja",
        ),
        (
            "de-DE",
            "storniere meine Schicht am Samstag und sag meinem Manager dass ich am Freitag "
            "später komme",
            "ich bin krank",
            "ja",
        ),
        (
            "it-IT",
            "annulla il mio turno di sabato e di al mio manager che venerdì arriverò in ritardo",
            "sono malato",
            "sì",
        ),
    ],
)
async def test_a_cancellation_and_a_late_notice_in_one_message_are_both_served(
    bot: BotHarness, locale: str, message: str, reason: str, yes: str
) -> None:
    language = locale[:2]
    bot.as_person("bob-smith")
    bot.locale = locale
    assert await _bob_works(bot, FRIDAY) and await _bob_works(bot, SATURDAY)
    first = joined(await bot.say(message))
    assert "?" in first and "Maria Lopez" not in first  # one at a time: the reason first
    answered = joined(await bot.say(reason))
    assert not await _bob_works(bot, SATURDAY)
    assert await _bob_works(bot, FRIDAY), "only Saturday's shift is cancelled"
    # The late notice comes next, asked before the manager is told.
    asked = say(
        "running_late.confirm", language, manager="Maria Lopez", shift="{shift}", words="{words}"
    )
    assert asked.split("{shift}")[0] in answered, answered
    told = joined(await bot.say(yes))
    done = say("running_late.done", language, manager="Maria Lopez", shift="{shift}")
    assert told.startswith(done.split("{shift}")[0]), told
    assert await _bob_works(bot, FRIDAY)
