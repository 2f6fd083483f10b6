"""The requests pt-BR messages give as examples to type are in the infinitive ("cancelar meu
turno", "marcar uma reunião"), the neutral form that fits "você"; "tira" (a "tu" imperative)
in `advice.wellbeing_shifts` did not. Each example is still understood as the request."""

from __future__ import annotations

import re

import pytest

from language.catalogue import say
from language.understanding import understand

_QUOTED = re.compile(r"“([^”]+)”")


@pytest.mark.parametrize(("message_id", "intent"), [
    ("advice.wellbeing_shifts", "shift_unassign"),
])
def test_the_example_is_an_infinitive_and_is_understood(message_id: str, intent: str) -> None:
    text = say(message_id, "pt-BR", employee="Luca")
    (example,) = _QUOTED.findall(text)
    verb = example.split()[0]
    assert verb.endswith(("ar", "er", "ir")), example
    assert str(understand(example, locale="pt-BR").intent) == intent
