"""A question or a request about the message ERA just passed on to the worker's manager: "did
it work?", "did my manager get it?", "est-ce qu'elle est au courant ?", "weiß sie Bescheid?",
"ya lo sabe?", "stuur maar door", "伝わった？", "她收到了吗？".

The words come from the lexicons' `told_questions` (patterns on folded text). A message that
names the manager is read by the caller (it knows who the manager is); this reads the words that
stand for them or for the message. Nothing here acts: the caller answers what was done.
"""

from __future__ import annotations

import re

from core.text_fold import fold_text
from language.lexicon import interrupt_fragments

# A question after a done request is short; a longer message is a request of its own.
_MAX_CHARS = 90
_PATTERN: re.Pattern[str] | None = None


def _pattern() -> re.Pattern[str]:
    global _PATTERN
    if _PATTERN is None:
        _PATTERN = re.compile("|".join(interrupt_fragments("told_questions")) or "(?!)")
    return _PATTERN


def asks_after_told(text: str) -> bool:
    """Whether a short message asks whether the message passed on arrived, or asks for it to be
    passed on (which it just was)."""
    folded = fold_text(text)
    return len(folded) <= _MAX_CHARS and _pattern().search(folded) is not None
