"""A group word followed by a role or a thing of the group's ("my team leader", "my team lead",
"dem team leiter", "il team leader", "het team overleg") was read as the whole team: "email my
team leader about sunday" drafted to everyone, "call my team lead tomorrow" and "book a meeting
with my team lead on friday" got `everyone`. They name one person (or nobody ERA knows), never
the group; "email my team about sunday" still names the group."""

from __future__ import annotations

import pytest

from language.intent_rules import classify_intent


@pytest.mark.parametrize(("text", "locale"), [
    ("email my team leader about sunday", "en-US"),
    ("send a note to my team lead", "en-US"),
    ("book a meeting with my team lead on friday", "en-US"),
    ("call my team lead tomorrow", "en-US"),
    ("email the team members about sunday", "en-US"),
    ("schreib dem team leiter eine mail", "de-DE"),
    ("manda una mail al team leader", "it-IT"),
    ("stuur het team overleg een mail", "nl-NL"),
])
def test_a_group_word_before_a_role_is_no_group(text: str, locale: str) -> None:
    assert "everyone" not in classify_intent(text, locale=locale).slots


@pytest.mark.parametrize(("text", "locale", "group"), [
    ("email my team about sunday", "en-US", "my team"),
    ("send the whole team an email about sunday", "en-US", "the whole team"),
    ("schreib dem team eine mail wegen sonntag", "de-DE", "dem team"),
    ("envía un correo a todo el equipo sobre el domingo", "es-ES", "todo el equipo"),
])
def test_a_group_word_alone_is_still_the_group(text: str, locale: str, group: str) -> None:
    assert classify_intent(text, locale=locale).slots.get("everyone") == group
