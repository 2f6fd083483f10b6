"""A whole message that points at what ERA just listed and asks to cancel it: "cancel it",
"cancel them", "annule-les", "sag sie ab", "cancélalos", "それをキャンセルして", "都取消".

Alone such a message is a cancel of nothing (or not understood at all): right after ERA listed
a worker's shifts ("what are my shifts next week?") it means those shifts. The caller checks
that a list was shown; the cancel flow then restates the shift (or asks which one) and asks
before anything is done. The words come from the lexicons' `listed_cancels`.
"""

from __future__ import annotations

import re

from core.text_fold import fold_text
from language.lexicon import interrupt_fragments

_PATTERN: re.Pattern[str] | None = None
_EDGES = " \t.,!?;:。！？、…~"


def _pattern() -> re.Pattern[str]:
    global _PATTERN
    if _PATTERN is None:
        fragments = interrupt_fragments("listed_cancels")
        _PATTERN = re.compile("|".join(f"(?:{f})" for f in fragments) or "(?!)")
    return _PATTERN


def cancels_the_listed(text: str) -> bool:
    """Whether the whole of `text` asks to cancel "it" or "them": what was just listed."""
    folded = fold_text(text).strip(_EDGES)
    folded = re.sub(r"[,.!]+\s*", " ", folded).strip()
    return bool(folded) and _pattern().fullmatch(folded) is not None
