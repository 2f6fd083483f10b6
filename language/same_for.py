"""Asking for the change just previewed or made again, for another person: "same for alice",
"and alice too", "pareil pour alice", "lo mismo para alice", "dasselbe für alice",
"アリスさんも同じで", "爱丽丝也一样".

The words around the name come from the lexicons' `same_for`. What is left once they are taken
off must be the name and nothing else, so "same shift for alice but on friday" or "and alice is
off sick" are never read this way: the caller checks that the rest names one person.
"""

from __future__ import annotations

import re

from core.text_fold import fold_text
from language.lexicon import interrupt_fragments

_MAX_CHARS = 60  # a name and a few words; a longer message is a request of its own
_WORDS: re.Pattern[str] | None = None


def _words() -> re.Pattern[str]:
    global _WORDS
    if _WORDS is None:
        words = sorted(interrupt_fragments("same_for"), key=len, reverse=True)
        latin = [re.escape(w) for w in words if w[0] < "\u3000"]
        unspaced = [re.escape(w) for w in words if w[0] >= "\u3000"]
        # Words written with spaces stand alone; Japanese and Chinese write none.
        _WORDS = re.compile("|".join(
            ([rf"(?<![\w'-])(?:{'|'.join(latin)})(?![\w'-])"] if latin else [])
            + ([f"(?:{'|'.join(unspaced)})"] if unspaced else [])) or "(?!)")
    return _WORDS


def same_for_name(text: str) -> str | None:
    """The name (as folded) a "same for ..." message is left with once its words are taken
    off; None when it says none of those words, or is left with nothing."""
    folded = fold_text(text)
    if len(folded) > _MAX_CHARS:
        return None
    rest, count = _words().subn(" ", folded)
    rest = re.sub(r"[\s,.!?;:。、！？，]+", " ", rest).strip()
    return rest if count and rest else None
