"""The top-level branches and the groups of a regular expression written as text: the
lexicons' fragments are joined, grouped and reordered by the detectors' and the advice topics'
fast patterns, which must know where a fragment's alternatives and groups are."""

from __future__ import annotations


def split_top_level(text: str) -> list[str]:
    """`text` split at the `|` that are outside any group or character class."""
    parts: list[str] = []
    depth = 0
    in_class = False
    current = 0
    index = 0
    while index < len(text):
        char = text[index]
        if char == "\\":
            index += 2
            continue
        if in_class:
            in_class = char != "]"
        elif char == "[":
            in_class = True
        elif char == "(":
            depth += 1
        elif char == ")":
            depth -= 1
        elif char == "|" and depth == 0:
            parts.append(text[current:index])
            current = index + 1
        index += 1
    parts.append(text[current:])
    return parts


def closing_paren(text: str, start: int) -> int:
    """Index of the `)` closing the group that opens at text[start]; -1 if unbalanced."""
    depth = 0
    index = start
    in_class = False
    while index < len(text):
        char = text[index]
        if char == "\\":
            index += 2
            continue
        if in_class:
            in_class = char != "]"
        elif char == "[":
            in_class = True
        elif char == "(":
            depth += 1
        elif char == ")":
            depth -= 1
            if depth == 0:
                return index
        index += 1
    return -1
