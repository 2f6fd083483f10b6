"""A full name typed in lower case is said back whole and capitalised: "email john doe about
the schedule" used to answer 'I couldn't find "john"', "swap john doe and alice" 'I couldn't
find "doe"' (the surname was only taken when capitalised)."""

from __future__ import annotations

import pytest

from dialogs.employee_choice import full_name
from tests.bot_harness import BotHarness, joined


@pytest.mark.parametrize(
    ("locale", "request_text", "said_back"),
    [
        ("en-US", "email john doe about the schedule", '"John Doe"'),
        ("en-US", "assign john doe to saturday", '"John Doe"'),
        ("en-US", "unassign john doe from saturday", '"John Doe"'),
        ("en-US", "swap john doe and alice", '"John Doe"'),
        ("en-US", "book a meeting with john doe tomorrow at 3pm", '"John Doe"'),
        ("fr-FR", "envoie un mail à jean dupont à propos du planning", "« Jean Dupont »"),
        ("fr-FR", "affecte jean dupont samedi", "« Jean Dupont »"),
    ],
)
async def test_someone_not_in_the_store_is_said_back_by_their_whole_name(
    bot: BotHarness, locale: str, request_text: str, said_back: str
) -> None:
    bot.as_person("maria")
    reply = joined(await bot.say(request_text, locale=locale))
    assert said_back in reply


@pytest.mark.parametrize(
    ("request_text", "named", "written"),
    [
        ("email john about the rota", "john", "John"),
        ("assign siobhan o'brien on wednesday", "siobhan", "Siobhan O'Brien"),
        ("schick hans müller eine mail wegen dem plan", "hans", "Hans Müller"),
        ("manda un email a lucia ferrer sobre el turno", "lucia", "Lucia Ferrer"),
        # How soon is no part of a name ("John Urgently", "Mario Subito" were said back).
        ("email john urgently", "john", "John"),
        ("scrivi a mario subito", "mario", "Mario"),
        ("envoie un mail à jean vite", "jean", "Jean"),
        ("schreib hans sofort", "hans", "Hans"),
        # Capitalised names are left as written (guard).
        ("email John Doe about the rota", "John", "John Doe"),
    ],
)
def test_a_lower_case_name_ends_at_the_request_words(
    request_text: str, named: str, written: str
) -> None:
    assert full_name(request_text, named) == written
