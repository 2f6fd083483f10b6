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
import re
from collections.abc import Iterator, Sequence
from functools import lru_cache
from typing import Any

from language.required_literals import required_literals

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


@lru_cache(maxsize=1024)
def _required(pattern: str) -> tuple[str, ...] | None:
    """`required_literals`, walked once per pattern: gates over different lists of the same
    patterns (each language first, then the others) share the walk."""
    return required_literals(pattern)


class PatternGate:
    """Patterns, each filed under the words one of which every match of it holds
    (language.required_literals): `possible(text)` gives, in order, the positions of the
    patterns the text may match; the others cannot match it and need no search. A pattern whose
    words are not known (or that ignores case, which the walk does not read) is always given.
    One pass over the text answers for every pattern at once."""

    __slots__ = ("_always", "_needed_by", "_words")

    def __init__(
        self, patterns: Sequence[re.Pattern[str]], *,
        parts: Sequence[Sequence[str]] | None = None,
    ) -> None:
        """`parts`, when given, holds for each pattern the alternatives it was joined from (one
        of which every match of it matches): the pattern needs one of their words, however many
        they are (the walk of a whole pattern gives up past 64 alternatives, and the pattern
        would then be searched in every text)."""
        self._file([None if pattern.flags & (re.IGNORECASE | re.VERBOSE)
                    else _required(pattern.pattern) if parts is None
                    else _required_by_one_of(parts[position])
                    for position, pattern in enumerate(patterns)])

    @classmethod
    def of(cls, required: Sequence[tuple[str, ...] | None]) -> PatternGate:
        """The gate of patterns whose words are known: for each, the words one of which every
        match of it holds, or None (always searched)."""
        gate = cls.__new__(cls)
        gate._file(required)
        return gate

    def _file(self, required: Sequence[tuple[str, ...] | None]) -> None:
        needing: dict[str, set[int]] = {}
        always: set[int] = set()
        for position, words in enumerate(required):
            if words is None:
                always.add(position)
                continue
            for literal in words:
                needing.setdefault(literal, set()).add(position)
        self._always = frozenset(always)
        self._words = LiteralSet(list(needing))
        self._needed_by = tuple(frozenset(positions) for positions in needing.values())

    def possible(self, text: str) -> list[int]:
        """The positions of the patterns that may match `text`, in ascending order."""
        found = set(self._always)
        for word in self._words.found_in(text):
            found |= self._needed_by[word]
        return sorted(found)


def _required_by_one_of(alternatives: Sequence[str]) -> tuple[str, ...] | None:
    """The words one of which every text that one of `alternatives` matches holds, or None
    when an alternative's are not known."""
    words: dict[str, None] = {}
    for alternative in alternatives:
        required = _required(alternative)
        if required is None:
            return None
        words.update(dict.fromkeys(required))
    return tuple(words) if words else None


# Joined patterns a gated pattern keeps, one for each set of its alternatives a text may match.
_MAX_JOINED = 256


class GatedPattern:
    """Alternatives, any of which may match, searched only where one of them can
    (`PatternGate`): a search of an alternation of many patterns tries each at every position
    (a pay dispute's patterns in ten languages took ~100 us a message), while most messages hold
    the words of none of them, and the others those of one or two.

    An alternative whose words a text does not hold cannot match anywhere in it, so the
    alternation of the others finds the very matches the whole one finds (`sub`, `finditer`);
    each such alternation is compiled once. Each alternative is compiled when a text first may
    match it (compiling them all was ~0.1 s of the first advice turn). `words`, when given,
    are the words each alternative needs (a phrase's own words), which spares the walk of its
    pattern."""

    __slots__ = ("_compiled", "_gate", "_joined", "_sources")

    def __init__(self, alternatives: Sequence[str], *,
                 words: Sequence[tuple[str, ...] | None] | None = None) -> None:
        self._sources = tuple(alternatives)
        self._compiled: list[re.Pattern[str] | None] = [None] * len(self._sources)
        self._joined: dict[tuple[int, ...], re.Pattern[str]] = {}
        self._gate = PatternGate.of(
            words if words is not None else [_required(source) for source in self._sources])

    def found_in(self, text: str) -> bool:
        """Whether one of the alternatives matches anywhere in `text`."""
        return any(self._alternative(position).search(text) is not None
                   for position in self._gate.possible(text))

    def sub(self, replacement: str, text: str) -> str:
        """`replacement` for every match of the alternatives joined into one pattern (as
        `re.sub` does it); the text as it is where none can match."""
        possible = self._gate.possible(text)
        return self._of(tuple(possible)).sub(replacement, text) if possible else text

    def finditer(self, text: str) -> Iterator[re.Match[str]]:
        """The matches of the alternatives joined into one pattern (as `re.finditer` finds
        them); none where none can match."""
        possible = self._gate.possible(text)
        return self._of(tuple(possible)).finditer(text) if possible else iter(())

    def _alternative(self, position: int) -> re.Pattern[str]:
        compiled = self._compiled[position]
        if compiled is None:
            compiled = self._compiled[position] = re.compile(self._sources[position])
        return compiled

    def _of(self, positions: tuple[int, ...]) -> re.Pattern[str]:
        """The alternation of the alternatives at `positions`, in their order."""
        if len(positions) == 1:
            return self._alternative(positions[0])
        joined = self._joined.get(positions)
        if joined is None:
            if len(self._joined) >= _MAX_JOINED:
                self._joined.clear()
            joined = self._joined[positions] = re.compile(
                "|".join(f"(?:{self._sources[position]})" for position in positions))
        return joined
