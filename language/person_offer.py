"""Whether advice a language model wrote offers the hand-over to a person: it tells the reader
what to say to reach HR, in quotes ('say "talk to a person" and I'll put you through'), in any
language. The LLM advisor reads its model's reply once into the reply's typed fact
(`AdviceReply.offers_hand_over`); the offline advisor knows what it offered without reading."""

from __future__ import annotations

import re

from core.intent import Intent
from language.understanding import understand

# A short phrase between quotes of any of the catalogues' kinds: "", “”, „“, «», ‘’, 「」, 『』.
_QUOTED = re.compile(r"[\"“„«‘「『]\s*([^\"“”„«»‘’「」『』\n]{2,40}?)\s*[\"”“»’」』]")


def offers_a_person(text: str, *, locale: str | None) -> bool:
    """Whether `text` offers the hand-over: a phrase it quotes asks for a person."""
    return any(understand(quoted, locale=locale).intent is Intent.TRANSFER
               for quoted in _QUOTED.findall(text))
