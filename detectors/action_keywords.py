"""Finds an affirmative recommendation of one kind of action (a call, an email) in ERA's text.

A phrase only counts when ERA is for it now: "don't call the employee yet", "there's no need to
send an email" and "rather than calling them" are advice against, and "if they still don't
answer, send a letter" is a later contingency. Both are judged in the phrase's own clause and the
one before it. The legacy method, a plain substring test over the old lists, is kept beside it.
"""

from __future__ import annotations

from collections.abc import Sequence

from detectors.language_markers import (
    CLAUSE_BREAK,
    CONTINGENCY,
    CONTINGENCY_UNSPACED,
    NEGATION,
    NEGATION_UNSPACED,
    POSITIVE_IDIOMS,
)
from detectors.phrase_pattern import compile_infixes, compile_phrases
from detectors.quick_scan import QuickScan

_LOOKBACK = 120  # characters searched for the clause (and the one before) that hold a phrase
_LOOKAHEAD = 60  # characters after a phrase searched for "... if it continues"
_NEGATION_REACH = 40  # a negation further back than this belongs to something else


class ActionKeywords:
    """The phrases of one action kind, compiled once; `recommends` is the context-aware test."""

    def __init__(
        self,
        *,
        patterns: Sequence[str],
        infix_patterns: Sequence[str] = (),
        named_patterns: Sequence[str] = (),
        legacy_keywords: Sequence[str],
    ) -> None:
        self._pattern = QuickScan(compile_phrases(patterns))
        self._infixes = QuickScan(compile_infixes(infix_patterns)) if infix_patterns else None
        self._named = QuickScan(compile_phrases(named_patterns)) if named_patterns else None
        self._legacy = tuple(keyword.lower() for keyword in legacy_keywords)
        # After a clarifying question each detector asks every kind whether the reply's scope
        # recommends it, so both ask this kind about the same scope in one turn: the last
        # answer is kept with the very text objects it was for (the reply's analysis hands both
        # detectors the same ones). A race between threads only scans again.
        self._last: tuple[str, str, bool] | None = None

    def recommends(self, text: str, lower: str) -> bool:
        """Whether `text` (with `lower`, its normalised form) recommends this action now."""
        last = self._last
        if last is not None and last[0] is text and last[1] is lower:
            return last[2]
        answer = self._recommends(text, lower)
        self._last = (text, lower, answer)
        return answer

    def _recommends(self, text: str, lower: str) -> bool:
        for match in self._pattern.finditer(lower):
            if _affirmative(lower, match.start(), match.end()):
                return True
        if self._infixes is not None:
            for match in self._infixes.finditer(lower):
                if _affirmative(lower, match.start(), match.end()):
                    return True
        if self._named is not None:
            for match in self._named.finditer(text):
                if _affirmative(text, match.start(), match.end()):
                    return True
        return False

    def legacy_matches(self, lower: str) -> bool:
        """The old keyword-only test: any legacy keyword as a substring of the lower-cased text."""
        return any(keyword in lower for keyword in self._legacy)


def _affirmative(text: str, start: int, end: int) -> bool:
    """Whether the phrase at text[start:end] is advised now, not against and not for later."""
    before = text[max(0, start - _LOOKBACK) : start].lower()
    # Breaks with only spaces between them (", and") end one clause, not two.
    breaks: list[tuple[int, int]] = []
    for found in CLAUSE_BREAK.finditer(before):
        if breaks and not before[breaks[-1][1] : found.start()].strip():
            breaks[-1] = (breaks[-1][0], found.end())
        else:
            breaks.append((found.start(), found.end()))
    clause_start = breaks[-1][1] if breaks else 0
    previous_start = breaks[-2][1] if len(breaks) > 1 else 0
    phrase = text[start:end].lower()
    own_clause = before[max(clause_start, len(before) - _NEGATION_REACH) :] + phrase
    if NEGATION.search(POSITIVE_IDIOMS.sub(" ", own_clause)) or NEGATION_UNSPACED.search(
        own_clause
    ):
        return False
    after = text[end : end + _LOOKAHEAD].lower()
    following = CLAUSE_BREAK.search(after)
    clause_end = after[: following.start()] if following else after
    previous_clause = before[previous_start:]
    window = previous_clause + phrase + clause_end
    return CONTINGENCY.search(window) is None and CONTINGENCY_UNSPACED.search(window) is None
