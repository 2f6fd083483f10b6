"""A manager asks to see the shifts as people type it: "show me the shifts", "show me tomorrow's
shifts", "montre-moi les services de demain", "show me chens shifts". These were read as no
request, and, being a sentence, went to the advisor, whose index took "show" for a no-show: Maria
got "Unreported absence needs a quick response …" and questions about an absent employee. A
colleague's number asked for without the "'s" ("what is bob smith phone number?") got "I'm not
sure what you'd like me to do" where "bob's phone number" gets the confidentiality answer."""

from __future__ import annotations

import pytest

from language.catalogue import say
from tests.bot_harness import BotHarness, joined

# Harness clock: Sunday 22 Nov 2026; tomorrow is Monday 23 Nov.
SCHEDULE = [
    ("en-GB", "show me the shifts", "Who's working at Contoso Market Riverside today"),
    ("en-GB", "show me tomorrow's shifts", "Mon 23 Nov"),
    ("en-GB", "show me tomorrows shifts", "Mon 23 Nov"),
    ("en-GB", "show me the shifts for tomorrow", "Mon 23 Nov"),
    ("en-GB", "can you show me the shifts for next week", "Who's working at"),
    ("en-GB", "show me chens shifts", "Chen Wei's shifts"),
    ("en-GB", "show chen shifts", "Chen Wei's shifts"),
    ("fr-FR", "montre-moi les services de demain", "lun. 23 nov."),
    ("fr-FR", "affiche les postes de la semaine", "Qui travaille à Contoso Market Riverside"),
    # Held out: 'I couldn't find "Closing" in your store. Whose schedule should I show?'
    ("en-GB", "who is closing on friday",
     "Who's working at Contoso Market Riverside on Fri 27 Nov"),
    ("en-GB", "who is opening on saturday",
     "Who's working at Contoso Market Riverside on Sat 28 Nov"),
]


@pytest.mark.parametrize(("locale", "text", "shown"), SCHEDULE, ids=[t for _, t, _ in SCHEDULE])
async def test_the_shifts_asked_to_be_shown_are_the_stores_schedule(
    bot: BotHarness, locale: str, text: str, shown: str
) -> None:
    bot.as_person("maria")
    said = joined(await bot.say(text, locale=locale))
    assert shown in said, said
    assert "absen" not in said.lower(), said  # "Unreported absence", "absence non signalée"


@pytest.mark.parametrize("text", [
    "what is bob smith phone number?",
    "whats chens address",
    "give me alice number",
])
async def test_a_colleagues_details_without_the_apostrophe_are_confidential(
    bot: BotHarness, text: str
) -> None:
    bot.as_person("alice")
    said = joined(await bot.say(text, locale="en-GB"))
    assert say("records.colleague", "en") in said, said
