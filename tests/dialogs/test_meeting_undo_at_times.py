""""undo" at a list of free times after the manager changed the day goes back to the times
asked for before.

"meeting with alice and chen on thursday", "actually make it friday", "undo" got "Sorry, I
couldn't tell which time you meant" (German "mach das rückgängig" got "Welche dieser 4
Zeiten?"): the change of day could not be taken back.
"""

from __future__ import annotations

import pytest

from tests.bot_harness import BotHarness, joined


@pytest.mark.parametrize(("locale", "request_text", "change", "undo", "thursday", "friday"), [
    ("en-US", "meeting with alice and chen on thursday", "actually make it friday", "undo",
     "Thu 26 Nov", "Fri 27 Nov"),
    ("de-DE", "termin mit alice und chen am donnerstag", "doch lieber freitag",
     "mach das rückgängig", "Do., 26. Nov.", "Fr., 27. Nov."),
    ("es-ES", "reunión con alice y chen el jueves", "mejor el viernes", "deshacer",
     "jue., 26 nov.", "vie., 27 nov."),
])
async def test_undo_at_the_new_times_shows_the_times_before(
    bot: BotHarness, locale: str, request_text: str, change: str, undo: str, thursday: str,
    friday: str,
) -> None:
    bot.as_person("maria").locale = locale
    first = joined(await bot.say(request_text))
    assert thursday in first
    changed = joined(await bot.say(change))
    assert friday in changed and thursday not in changed
    undone = joined(await bot.say(undo))
    assert thursday in undone and friday not in undone


@pytest.mark.parametrize(("locale", "request_text", "undo", "nothing"), [
    ("en-US", "book a meeting with alice on friday", "undo", "nothing to undo"),
    ("fr-FR", "réunion avec alice vendredi", "reviens en arrière", "rien à annuler"),
    ("de-DE", "termin mit alice am freitag", "rückgängig", "nichts rückgängig"),
    ("es-ES", "reunión con alice el viernes", "deshacer", "nada que deshacer"),
])
async def test_undo_at_the_first_times_says_there_is_nothing_to_undo_and_keeps_them(
    bot: BotHarness, locale: str, request_text: str, undo: str, nothing: str,
) -> None:
    """"undo" at the first list widened the search to the next 7 days."""
    bot.as_person("maria").locale = locale
    first = await bot.say(request_text)
    listed = [title for reply in first for title, _ in reply.buttons if title[:1].isdigit()]
    assert listed
    again = await bot.say(undo)
    assert nothing in joined(again)
    assert [title for reply in again for title, _ in reply.buttons
            if title[:1].isdigit()] == listed
