"""The literal strings a regular expression cannot match without, to skip hopeless searches.

`required_literals(pattern)` walks the parsed pattern and returns strings at least one of which
occurs in any text the pattern matches (for `\\bcancel\\b.*%SHIFT%` that is ("cancel",)), or None
when it cannot tell. The rule matcher indexes rules by the first three letters of those strings,
so a message is searched only with the few rules whose words it contains. The walk uses the
standard library's own regex parser; any construct it does not know makes it answer None (the
rule is always searched), never a wrong answer.
"""

from __future__ import annotations

import re
from re import _constants as sre  # type: ignore[attr-defined]
from re import _parser as sre_parse  # type: ignore[attr-defined]
from typing import Any

_MAX_ALTERNATIVES = 64

Requirement = tuple[str, ...]


def _better(first: Requirement | None, second: Requirement | None) -> Requirement | None:
    """The more selective of two requirements: longer shortest string, fewer alternatives."""
    if first is None:
        return second
    if second is None:
        return first

    def score(requirement: Requirement) -> tuple[int, int]:
        return (min(len(s) for s in requirement), -len(requirement))

    return first if score(first) >= score(second) else second


def _sequence(items: Any) -> Requirement | None:
    best: Requirement | None = None
    run: list[str] = []
    for op, av in items:
        if op is sre.LITERAL:
            run.append(chr(av))
            continue
        if run:
            best = _better(best, ("".join(run),))
            run = []
        best = _better(best, _item(op, av))
    if run:
        best = _better(best, ("".join(run),))
    return best


def _item(op: Any, av: Any) -> Requirement | None:
    if op is sre.SUBPATTERN:
        return _sequence(av[-1])
    if op is sre.BRANCH:
        alternatives: list[str] = []
        for branch in av[1]:
            required = _sequence(branch)
            if required is None:
                return None
            alternatives.extend(required)
        unique = tuple(dict.fromkeys(alternatives))
        return unique if len(unique) <= _MAX_ALTERNATIVES else None
    if op in (sre.MAX_REPEAT, sre.MIN_REPEAT):
        low, _, body = av
        return _sequence(body) if low >= 1 else None
    return None  # AT, ANY, IN, CATEGORY, ASSERT, ASSERT_NOT, ...: nothing certain required


def required_literals(pattern: str) -> Requirement | None:
    """Strings one of which every match of pattern contains, or None when unknown."""
    try:
        parsed = sre_parse.parse(pattern)
    except (re.error, TypeError, ValueError, OverflowError):
        return None
    if parsed.state.flags & (re.IGNORECASE | re.VERBOSE):
        return None
    required = _sequence(parsed.data)
    if required is None or any(not s for s in required):
        return None
    # "tausch" in the text already covers "tauschen": keep the strings no other one is inside.
    return tuple(s for s in required if not any(o != s and o in s for o in required))
