"""The part of a week a message names: "early next week", "end of the week", "Anfang nächster
Woche", "a finales de semana", "来週の初め", "下周初".

The readers of times took "early next week" or "Ende der Woche" for the whole week, so a
manager asking for a meeting at the end of the week was offered Monday first. Each language's
times.toml `[week_part]` holds the words for its `start`, `middle` and `end` (matched on folded
text, whole words, or anywhere in scripts written without spaces); the week they narrow is the
one the readers found: its Monday and Tuesday, Tuesday to Thursday, or Thursday to Sunday.
"""

from __future__ import annotations

import re
from enum import StrEnum
from functools import cache
from typing import Any

from core.text_fold import fold_text
from language.time_from_now import lexicon_directory, times_section, word_list_problems

_SECTION = "week_part"
_FIRST_UNSPACED = 0x2E80  # CJK and after


class WeekPart(StrEnum):
    """A part of a week, with the days from its Monday it runs over."""

    START = "start"
    MIDDLE = "middle"
    END = "end"

    @property
    def days(self) -> tuple[int, int]:
        """The first day and the day after the last, counted from Monday (0)."""
        return {WeekPart.START: (0, 2), WeekPart.MIDDLE: (1, 4), WeekPart.END: (3, 7)}[self]


def week_part(text: str, language: str | None) -> WeekPart | None:
    """The one part of a week `text` names in `language`; None for none or several."""
    patterns = _patterns(lexicon_directory(language or "en"))
    folded = fold_text(text or "")
    found = {part for part, pattern in patterns if pattern.search(folded)}
    return found.pop() if len(found) == 1 else None


def validate_week_part(where: str, data: dict[str, Any]) -> list[str]:
    """The schema problems of a times.toml's `[week_part]` section (it may have none)."""
    return word_list_problems(where, data, _SECTION, WeekPart)


@cache
def _patterns(directory: str) -> tuple[tuple[WeekPart, re.Pattern[str]], ...]:
    """Each part's words as one pattern on folded text."""
    section = times_section(directory, _SECTION, validate_week_part) or {}
    patterns = []
    for part in WeekPart:
        words = sorted((fold_text(word) for word in section.get(part, [])), key=len,
                       reverse=True)
        if not words:
            continue
        alternatives = "|".join(re.escape(word).replace(r"\ ", r"\s+") for word in words)
        if all(ord(word[0]) >= _FIRST_UNSPACED for word in words):
            patterns.append((part, re.compile(alternatives)))
        else:
            patterns.append((part, re.compile(rf"(?<![\w'])(?:{alternatives})(?!\w)")))
    return tuple(patterns)
