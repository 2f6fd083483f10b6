"""The top-level branches and the groups of a regular expression written as text: the
lexicons' fragments are joined, grouped and reordered by the detectors' and the advice topics'
fast patterns, which must know where a fragment's alternatives and groups are."""

from __future__ import annotations

from collections.abc import Iterator


def _outside_classes(text: str, start: int = 0) -> Iterator[tuple[int, str, int]]:
    """Each character from `start` that is neither escaped nor inside a character class, with
    the group depth once it is read (a `(` counts itself, a `)` no longer does)."""
    depth = 0
    in_class = False
    index = start
    while index < len(text):
        char = text[index]
        if char == "\\":
            index += 2
            continue
        if in_class:
            in_class = char != "]"
        elif char == "[":
            in_class = True
        else:
            if char == "(":
                depth += 1
            elif char == ")":
                depth -= 1
            yield index, char, depth
        index += 1


def split_top_level(text: str) -> list[str]:
    """`text` split at the `|` that are outside any group or character class."""
    parts: list[str] = []
    current = 0
    for index, char, depth in _outside_classes(text):
        if char == "|" and depth == 0:
            parts.append(text[current:index])
            current = index + 1
    parts.append(text[current:])
    return parts


def closing_paren(text: str, start: int) -> int:
    """Index of the `)` closing the group that opens at text[start]; -1 if unbalanced."""
    for index, char, depth in _outside_classes(text, start):
        if char == ")" and depth == 0:
            return index
    return -1
