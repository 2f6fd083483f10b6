"""A manager's request typed as a calendar note, with no verb ("halbstündiges Gespräch mit
alice am freitag"): the booking flow, or a question back when ERA cannot read it, and never a
hand-over to HR on its own. A real situation no playbook covers still goes to HR at once."""

from __future__ import annotations

import pytest
from botbuilder.schema import ActivityTypes

from bots.handoff import HANDOFF_INITIATE
from tests.bot_harness import BotHarness, joined


def _handed_over(bot: BotHarness) -> bool:
    return any(a.type == ActivityTypes.event and a.name == HANDOFF_INITIATE
               for a in bot.last_activities)


@pytest.mark.parametrize(("locale", "text"), [
    ("de-DE", "halbstündiges Gespräch mit alice am freitag"),
    ("fr-FR", "un rendez-vous d une demi-heure avec alice vendredi"),
    ("nl-NL", "gesprek met alice vrijdag"),
    ("pl-PL", "rozmowa z alicją w piątek"),
])
async def test_a_noun_phrase_books_a_meeting_and_hands_nobody_over(
        bot: BotHarness, locale: str, text: str) -> None:
    bot.as_person("maria")
    replies = joined(await bot.say(text, locale=locale))
    assert not _handed_over(bot)
    assert "Alice" in replies


@pytest.mark.parametrize(("locale", "text", "hint"), [
    ("de-DE", "Gespräch alice freitag halbe stunde", "nicht sicher"),
    ("fr-FR", "rdv alice vendredi 14h", "pas sûr"),
])
async def test_an_unclear_short_request_about_a_meeting_is_asked_about_not_handed_over(
        bot: BotHarness, locale: str, text: str, hint: str) -> None:
    bot.as_person("maria")
    replies = joined(await bot.say(text, locale=locale))
    assert not _handed_over(bot)
    assert hint in replies


async def test_a_real_situation_no_playbook_covers_is_still_handed_over(
        bot: BotHarness) -> None:
    bot.as_person("maria")
    replies = joined(await bot.say("Can employees bring their dogs to the office?"))
    assert "handing you over" in replies
    assert _handed_over(bot)
