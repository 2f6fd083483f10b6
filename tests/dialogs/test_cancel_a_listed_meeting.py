"""Right after ERA lists a person's meetings, "cancel the first one", "cancel the one with
Alice", "cancel it" or "annule le dernier" means a meeting of that list: it is shown and asked
about before anything is cancelled. "cancel the first one" was refused as a shift's
cancellation ("cancelling a shift is done by the person who works it"), and "cancel the one
with Alice" went to the advisor, whose "no" then handed the manager to HR."""

from __future__ import annotations

import pytest

from tests.bot_harness import BotHarness, joined

_BOB = "Thu 26 Nov, 10:00-10:30: 1:1 check-in with Bob Smith"
_ALICE = "Fri 27 Nov, 11:00-11:30: Rota review with Alice Martin"


@pytest.mark.parametrize(("asked", "meant", "other"), [
    ("cancel the first one", _BOB, _ALICE),
    ("cancel the last one", _ALICE, _BOB),
    ("cancel the one with Alice", _ALICE, _BOB),
    ("cancel the one on Thursday", _BOB, _ALICE),
])
async def test_the_meeting_pointed_at_is_asked_about(
    meetings_bot: BotHarness, asked: str, meant: str, other: str
) -> None:
    listed = joined(await meetings_bot.say("what meetings do I have next week?"))
    assert _BOB in listed and _ALICE in listed
    said = joined(await meetings_bot.say(asked))
    assert meant in said and other not in said and "cancel it?" in said
    kept = joined(await meetings_bot.say("no"))
    assert "The meeting stands" in kept and "HR" not in kept
    again = joined(await meetings_bot.say("what meetings do I have next week?"))
    assert _BOB in again and _ALICE in again  # nothing was cancelled


async def test_cancel_it_after_two_meetings_asks_which(meetings_bot: BotHarness) -> None:
    await meetings_bot.say("what meetings do I have next week?")
    replies = await meetings_bot.say("cancel it")
    buttons = [title for reply in replies for title, _ in reply.buttons]
    assert buttons[:2] == ["1. Thu 26 Nov, 10:00-10:30", "2. Fri 27 Nov, 11:00-11:30"]


async def test_in_french_le_dernier_is_the_last_listed(meetings_bot: BotHarness) -> None:
    await meetings_bot.say("quelles réunions j'ai la semaine prochaine ?", locale="fr-FR")
    said = joined(await meetings_bot.say("annule le dernier", locale="fr-FR"))
    assert "ven. 27 nov., 11:00-11:30" in said and "jeu. 26 nov." not in said


async def test_without_a_list_the_first_one_is_no_meeting(meetings_bot: BotHarness) -> None:
    said = joined(await meetings_bot.say("cancel the first one"))
    assert "Rota review" not in said and "check-in" not in said


@pytest.mark.parametrize(("locale", "asked", "meant", "day"), [
    ("en-GB", "move the first one to friday", "Thu 26 Nov, 10:00-10:30", "Fri 27 Nov"),
    ("fr-FR", "déplace celle avec Alice à mercredi", "ven. 27 nov., 11:00-11:30", "mer. 25 nov."),
])
async def test_moving_a_listed_meeting_looks_for_the_new_time(
    meetings_bot: BotHarness, locale: str, asked: str, meant: str, day: str
) -> None:
    await meetings_bot.say("what meetings do I have next week?", locale=locale)
    said = joined(await meetings_bot.say(asked, locale=locale))
    assert meant in said and day in said and "HR" not in said


@pytest.mark.parametrize(("locale", "listing", "asked", "meant", "other"), [
    ("de-DE", "welche Termine habe ich nächste Woche?", "sag das mit Alice ab",
     "Fr., 27. Nov., 11:00-11:30", "Do., 26. Nov."),
    ("de-DE", "welche Termine habe ich nächste Woche?", "sagen Sie den ersten ab",
     "Do., 26. Nov., 10:00-10:30", "Fr., 27. Nov."),
    ("nl-NL", "welke afspraken heb ik volgende week?", "zeg die met Bob af",
     "do 26 nov., 10:00-10:30", "vr 27 nov."),
])
async def test_a_separable_cancel_verb_names_a_listed_meeting(
    meetings_bot: BotHarness, locale: str, listing: str, asked: str, meant: str, other: str
) -> None:
    """'sag das mit Alice ab' (the particle last) after the list of meetings went to the
    advisor, whose next 'ja' handed the manager over to HR."""
    await meetings_bot.say(listing, locale=locale)
    said = joined(await meetings_bot.say(asked, locale=locale))
    assert meant in said and other not in said
    assert "Personalabteilung" not in said and "HR" not in said
