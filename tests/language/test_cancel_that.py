""""cancel that" as managers type it in their own language stops the flow in hand.

At a list of free times, Dutch "annuleer dat" was read as nothing (ERA asked for a preferred
time), Spanish "cancela eso", German "brich das ab", Italian "annulla tutto", Portuguese
"cancela isso" and Japanese "それキャンセル" likewise: only the bare verb stopped a flow.
"""

from __future__ import annotations

import pytest

from core.intent import Intent
from language.understanding import understand


@pytest.mark.parametrize(("text", "locale"), [
    ("annuleer dat", "nl-NL"), ("annuleer het maar", "nl-NL"), ("cancela eso", "es-ES"),
    ("brich das ab", "de-DE"), ("annulla tutto", "it-IT"), ("cancela isso", "pt-BR"),
    ("それキャンセル", "ja-JP"), ("これはキャンセルで", "ja-JP"),
])
def test_cancel_that_stops_the_flow(text: str, locale: str) -> None:
    assert understand(text, locale=locale).intent is Intent.CANCEL_FLOW


@pytest.mark.parametrize(("text", "locale", "intent"), [
    ("cancela mi turno de mañana", "es-ES", Intent.SHIFT_CANCEL),
    ("annulla la riunione", "it-IT", Intent.MEETING_CANCEL),
    ("annuleer de vergadering van morgen", "nl-NL", Intent.MEETING_CANCEL),
])
def test_a_request_to_cancel_something_named_is_still_that_request(
    text: str, locale: str, intent: Intent
) -> None:
    assert understand(text, locale=locale).intent is intent
