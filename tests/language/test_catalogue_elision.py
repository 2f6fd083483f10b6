"""French messages elide "de" and "que" before a name that opens with a vowel; Italian ones
write "ad" before a name that opens with "a".

A French manager read "le poste de Alice", "En même temps que Olivier :" or "Point :
avertissement écrit de Hugo": a French reader writes "d'Alice", "qu'Olivier", "d'Hugo". Names
come into the catalogue's messages as placeholders, so every French message is checked with a
vowel-initial name in each of its placeholders.
"""

from __future__ import annotations

import re

import pytest

from language.catalogue import default_catalogue, say

_NAMES = ("Alice", "Olivier", "Hugo", "Émilie")


def _french_messages_with_values() -> list[str]:
    messages = default_catalogue().language("fr").messages
    return sorted(msg_id for msg_id, message in messages.items() if message.placeholders)


@pytest.mark.parametrize("name", _NAMES)
def test_no_french_message_writes_de_or_que_before_a_vowel_name(name: str) -> None:
    """Every French message, each placeholder given the name: no "de Alice", no "que Olivier"."""
    catalogue = default_catalogue()
    unelided = []
    for msg_id in _french_messages_with_values():
        params: dict[str, object] = {
            field: name for field in catalogue.language("fr").messages[msg_id].placeholders}
        params["count"] = 2
        text = catalogue.say(msg_id, "fr", **params)
        if re.search(rf"(?<![\w'’])(?:de|que|De|Que) {name}", text):
            unelided.append((msg_id, text))
    assert not unelided, unelided


@pytest.mark.parametrize(("msg_id", "params", "expected"), [
    ("store_schedule.with_intro", {"name": "Olivier"}, "En même temps qu'Olivier"),
    ("advice.reminder_subject", {"employee": "Hugo Martin"}, "avertissement écrit d'Hugo"),
    ("store_schedule.with_intro", {"name": "Bob"}, "En même temps que Bob"),
    ("store_schedule.with_intro", {"name": "Yann"}, "En même temps que Yann"),
])
def test_a_french_message_reads_as_french_writes_it(
    msg_id: str, params: dict[str, str], expected: str
) -> None:
    """"qu'Olivier", "d'Hugo"; a consonant ("Bob") or "Yann" keeps "que"."""
    assert expected in say(msg_id, "fr", **params)


def test_no_italian_message_writes_a_before_a_name_opening_with_a() -> None:
    """"Ho inviato un invito a Alice Martin" read wrong to an Italian manager: "ad Alice"."""
    catalogue = default_catalogue()
    wrong = []
    for msg_id, message in catalogue.language("it").messages.items():
        if not message.placeholders:
            continue
        params: dict[str, object] = {field: "Alice" for field in message.placeholders}
        params["count"] = 2
        text = catalogue.say(msg_id, "it", **params)
        if re.search(r"(?<![\w'’])[Aa] Alice", text):
            wrong.append((msg_id, text))
    assert not wrong, wrong
    assert "email ad Alice Martin" in say("handoff.draft_not_sent", "it", name="Alice Martin")
    assert "email a Olivier" in say("handoff.draft_not_sent", "it", name="Olivier")


def test_other_languages_are_untouched() -> None:
    """Spanish "de Alice" stays: only French elides."""
    assert "de Alice" in say("advice.reminder_subject", "es", employee="Alice")
