"""Which of many fixed words a text holds, in one pass: RE2's set matcher over literals.

The request rules are sorted out before any pattern runs by the words each needs ("annul",
"shift", "取消"): a rule none of whose words the text holds cannot match. Testing 2,600 words
one by one with `in` is far too slow, and a trigram index still built ~60 slices and lookups a
message (23 us of a 120 us understanding). RE2 compiles every word into one automaton and
reports, in one pass over the text's UTF-8 bytes, each word that occurs anywhere in it,
overlapping or not: exactly `word in text` for every word at once (a valid UTF-8 word can only
match a UTF-8 text at character edges). A text with a lone surrogate has no UTF-8 form, and
RE2 may be missing: then every word is tested with `in`, the slow way, with the same answer.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from typing import Any

try:
    import re2  # type: ignore[import-untyped]
except ImportError:  # pragma: no cover - the pinned requirements install it
    re2 = None

logger = logging.getLogger(__name__)

# RE2's memory budget for the automaton; a budget, not an allocation.
_RE2_MAX_MEM = 64 << 20


def _compiled(words: Sequence[str]) -> Any | None:
    """RE2's set matcher for the words, or None when RE2 is missing or refuses them."""
    native = getattr(re2, "_re2", None)
    if native is None or not words:
        return None
    options = re2.Options()
    options.literal = True
    options.log_errors = False
    options.max_mem = _RE2_MAX_MEM
    try:
        matcher = native.Set(native.RE2.Anchor.UNANCHORED, options)
        for word in words:
            if matcher.Add(word.encode("utf-8")) < 0:
                return None
        if not matcher.Compile():
            return None
    except Exception as error:  # re2.error, or a set over RE2's size limit
        logger.debug("no RE2 set for %d words: %s", len(words), error)
        return None
    return matcher


class LiteralSet:
    """A fixed list of words; `found_in` gives the indexes of those a text holds."""

    __slots__ = ("_matcher", "words")

    def __init__(self, words: Sequence[str]) -> None:
        self.words = tuple(words)
        self._matcher = _compiled(self.words)

    def found_in(self, text: str) -> list[int]:
        """The index of every word that occurs in `text` (as `word in text`), in no order."""
        if self._matcher is not None:
            try:
                encoded = text.encode("utf-8")
            except UnicodeEncodeError:
                pass
            else:
                return list(self._matcher.Match(encoded))
        return [index for index, word in enumerate(self.words) if word in text]
