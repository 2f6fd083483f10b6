"""Compiles a list of phrase fragments into one fast alternation.

Python's `re` tries every branch at every position, but rejects a branch that opens with a
literal character almost for free. So each fragment must open with `\\b`; the `\\b` is hoisted
out (`\\b(?:a|b|...)`) and the branches start with their first letter. On the detectors' lists
this is about ten times faster than a plain `a|b|...`, which is what keeps a detection under the
50-microsecond budget.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

_BOUNDARY = r"\b"


def phrase_branches(fragments: Iterable[str]) -> str:
    """The inner alternation `(?:a)|(?:b)|...` of `fragments`, each stripped of its leading `\\b`.

    Raises ValueError for a fragment that does not start with `\\b`.
    """
    branches: list[str] = []
    for fragment in fragments:
        if not fragment.startswith(_BOUNDARY):
            raise ValueError(f"phrase fragment must start with \\b: {fragment!r}")
        branches.append(f"(?:{fragment[len(_BOUNDARY) :]})")
    return "|".join(branches)


def compile_phrases(
    fragments: Iterable[str], *, infixes: Iterable[str] = (), flags: int = 0
) -> re.Pattern[str]:
    """One `\\b(?:...)` pattern of `fragments`, which must each start with `\\b`.

    `infixes` may match inside a word (German compounds: "Einzel|gespräch"); each should open with
    literal words, "(?:gespräch|termin)", so its branch stays cheap.
    """
    pattern = _BOUNDARY + "(?:" + phrase_branches(fragments) + ")"
    infix_list = list(infixes)
    if infix_list:
        pattern += "|" + "|".join(f"(?:{infix})" for infix in infix_list)
    return re.compile(pattern, flags)
