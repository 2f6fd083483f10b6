"""A day of the week typed with a slip is the day meant, in every language: "cancel my shift
on tuesdya" asked which shift (or offered none), "und am samstg?" after "wer arbeitet am
Freitag?" was not understood. The day is shown in full before anything is done. A
capitalised name ("Frida") is no day."""

from __future__ import annotations

import pytest

from tests.bot_harness import BotHarness, joined


@pytest.mark.parametrize(("locale", "asked", "tuesday"), [
    ("en-GB", "cancel my shift on tuesdya", "Tue 24 Nov, Evening 20:00-23:00"),
    ("en-GB", "cancle my shift on tusday", "Tue 24 Nov, Evening 20:00-23:00"),
    ("de-DE", "sag meine Schicht am Dienstga ab", "Di., 24. Nov., Abend 20:00-23:00"),
    ("fr-FR", "annule mon poste de mradi", "mar. 24 nov., Soir 20:00-23:00"),
    ("es-ES", "cancela mi turno del matres", "mar., 24 nov., Noche 20:00-23:00"),
    ("it-IT", "annulla il mio turno di marteddì", "mar 24 nov, Sera 20:00-23:00"),
])
async def test_a_misspelt_day_is_the_day_meant(
    bot: BotHarness, locale: str, asked: str, tuesday: str
) -> None:
    bot.as_person("bob-smith")  # Sunday 22 November: Bob works Tuesday evening
    replies = await bot.say(asked, locale=locale)
    said = joined(replies)
    # Tuesday's shift alone, restated for its reason: not a list of the week to pick from.
    assert tuesday in said, said
    assert not [title for reply in replies for title, _ in reply.buttons], said


async def test_a_follow_up_with_a_misspelt_day(bot: BotHarness) -> None:
    bot.as_person("maria")
    first = joined(await bot.say("wer arbeitet am Freitag?", locale="de-DE"))
    assert "Fr., 27. Nov." in first
    then = joined(await bot.say("und am samstg?", locale="de-DE"))
    assert "Sa., 28. Nov." in then


async def test_a_name_is_no_day(bot: BotHarness) -> None:
    bot.as_person("maria")
    said = joined(await bot.say("who is working with Frida tomorrow?"))
    assert "Fri 27 Nov" not in said and "Frida" in said
