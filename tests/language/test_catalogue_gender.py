"""Catalogue messages that name a colleague read right whoever the person is.

The directory has no gender: "Alice pourrait le remplacer (qualifié pour le rôle et libre…)",
"Quel jour Alice ne peut-il pas venir ?" or "qualifié(e)" spoke of a woman as a man or with a
slash. The messages now describe what the person has ("a la qualification requise", "est
disponible") instead of agreeing an adjective with the name.
"""

from __future__ import annotations

import re

import pytest

from language.catalogue import say
from tests.services.test_playbook_gender import GENDERED

MESSAGES = {
    "absence_report.offer_cover_one": {"names": "Alice"},
    "shift_change.which_day.absence": {"name": "Alice"},
    "fit.not_qualified": {"name": "Alice", "role": "cashier"},
}
# Beyond the playbook shapes: adjectives the shift messages agreed with the named person.
AGREED = {
    "fr": ("qualifié", "libre à", "(e)"),
    "es": ("cualificado", "/a"),
    "it": ("qualificato", "libero", "/a"),
    "pt": ("qualificado", "livre"),
    "pl": ("wolny/wolna",),
}


@pytest.mark.parametrize("language", ["fr", "es", "it", "pt", "pt-BR", "pl", "de", "nl"])
@pytest.mark.parametrize(("msg_id", "params"), MESSAGES.items())
def test_a_named_colleague_is_not_given_a_gender(
    msg_id: str, params: dict[str, str], language: str
) -> None:
    """A French manager whose cashier Alice is off reads "Alice pourrait prendre ce poste (a la
    qualification requise et est disponible à ce moment-là)"."""
    text = say(msg_id, language, **params)
    base = language.split("-")[0]
    shapes = [shape.replace("{name}", "Alice") for shape in GENDERED[base]]
    assert not [shape for shape in shapes if re.search(shape, text)], text
    assert not [word for word in AGREED.get(base, ()) if word in text], text
