"""The literal strings a regular expression cannot match without, to skip hopeless searches.

`required_literals(pattern)` walks the parsed pattern and returns strings at least one of which
occurs in any text the pattern matches (for `\\bcancel\\b.*%SHIFT%` that is ("cancel",)), or None
when it cannot tell. The rule matcher indexes rules by the first three letters of those strings,
so a message is searched only with the few rules whose words it contains. The walk uses the
standard library's own regex parser; any construct it does not know makes it answer None (the
rule is always searched), never a wrong answer.

Parsing the ~1,400 expanded request rules took most of ERA's start-up (~10 s of CPU on a busy
two-core machine), for an answer fixed by the lexicons. `known_required_literals` takes it from
the table shipped next to this module (`required_literals.json`, keyed by a hash of each
pattern, rewritten with `python -m language.required_literals`; a test keeps it in sync), and
walks only the patterns the table does not know: an edited lexicon is slower to start, never
wrong.
"""

from __future__ import annotations

import hashlib
import json
import logging
import re
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from re import _constants as sre  # type: ignore[attr-defined]
from re import _parser as sre_parse  # type: ignore[attr-defined]
from typing import Any, TypeVar

logger = logging.getLogger(__name__)

_MAX_ALTERNATIVES = 64
SHIPPED_TABLE = Path(__file__).with_name("required_literals.json")
GROUPS_TABLE = Path(__file__).with_name("required_literal_groups.json")

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


def required_literal_groups(pattern: str) -> tuple[Requirement, ...]:
    """Every requirement the pattern's top-level sequence holds, each a set of strings one of
    which every match contains: all of them hold at once ("cancel" and "shift" both, for
    `\\bcancel\\b.*\\bshift`). Empty when none is known. `required_literals` keeps only the most
    selective; a text that lacks every string of any one group cannot match either."""
    try:
        parsed = sre_parse.parse(pattern)
    except (re.error, TypeError, ValueError, OverflowError):
        return ()
    if parsed.state.flags & (re.IGNORECASE | re.VERBOSE):
        return ()
    groups: list[Requirement] = []
    run: list[str] = []
    for op, av in parsed.data:
        if op is sre.LITERAL:
            run.append(chr(av))
            continue
        if run:
            groups.append(("".join(run),))
            run = []
        required = _item(op, av)
        if required is not None:
            groups.append(required)
    if run:
        groups.append(("".join(run),))
    pruned = (tuple(s for s in group if not any(o != s and o in s for o in group))
              for group in groups if all(group))
    return tuple(dict.fromkeys(pruned))


def pattern_key(pattern: str) -> str:
    """The shipped table's key for a pattern: a hash of its text (the text itself is ~2 KB)."""
    return hashlib.sha256(pattern.encode()).hexdigest()[:24]


_Found = TypeVar("_Found")


def _known(patterns: Sequence[str], table: Path, read: Callable[[Any], _Found],
           walk: Callable[[str], _Found]) -> list[_Found]:
    """Each pattern's entry in a shipped table (`read` turns the stored value into the
    result), walked afresh (`walk`) where the table does not know the pattern."""
    try:
        raw = json.loads(table.read_text(encoding="utf-8"))
    except (OSError, ValueError) as error:
        logger.warning("no usable table at %s (%s)", table, error)
        raw = {}
    found: list[_Found] = []
    missing = 0
    for pattern in patterns:
        key = pattern_key(pattern)
        if key in raw:
            found.append(read(raw[key]))
        else:
            missing += 1
            found.append(walk(pattern))
    if missing:
        logger.info("%d of %d rules not in %s (python -m language.required_literals "
                    "rewrites it)", missing, len(found), table.name)
    return found


def known_required_literals(patterns: Sequence[str],
                            table: Path = SHIPPED_TABLE) -> list[Requirement | None]:
    """`required_literals` of each pattern: from the shipped table where it knows the pattern,
    walked otherwise."""
    return _known(patterns, table, lambda value: None if value is None else tuple(value),
                  required_literals)


def known_required_literal_groups(
    patterns: Sequence[str], table: Path = GROUPS_TABLE
) -> list[tuple[Requirement, ...]]:
    """`required_literal_groups` of each pattern: from the shipped table where it knows the
    pattern, walked otherwise."""
    return _known(patterns, table,
                  lambda groups: tuple(tuple(group) for group in groups),
                  required_literal_groups)


def groups_table_of(patterns: Sequence[str]) -> dict[str, list[list[str]]]:
    """The table of required literal groups for these patterns, walked afresh, in a stable
    order."""
    table = {pattern_key(pattern): [list(group) for group in required_literal_groups(pattern)]
             for pattern in patterns}
    return dict(sorted(table.items()))


def table_of(patterns: Sequence[str]) -> dict[str, list[str] | None]:
    """The table for these patterns, each walked afresh, in a stable order."""
    table: dict[str, list[str] | None] = {}
    for pattern in patterns:
        required = required_literals(pattern)
        table[pattern_key(pattern)] = None if required is None else list(required)
    return dict(sorted(table.items()))


def write_table(patterns: Sequence[str], path: Path = SHIPPED_TABLE,
                groups_path: Path = GROUPS_TABLE) -> None:
    """Write the tables for these patterns (one entry a line, so a diff shows what changed)."""
    for table, target in ((table_of(patterns), path), (groups_table_of(patterns), groups_path)):
        entries = [f"{json.dumps(key)}: {json.dumps(value, ensure_ascii=False)}"
                   for key, value in table.items()]
        target.write_text("{\n" + ",\n".join(entries) + "\n}\n", encoding="utf-8")


def main() -> None:
    """`python -m language.required_literals`: rewrite the shipped table from the lexicons."""
    from language.intent_rules import request_rule_sources

    write_table(request_rule_sources())
    sys.stderr.write(f"wrote {SHIPPED_TABLE} and {GROUPS_TABLE}\n")


if __name__ == "__main__":
    main()
