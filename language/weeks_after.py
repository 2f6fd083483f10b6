"""A weekday a week or two on from the coming one: "monday week", "tuesday after next", "a week
on friday", "lundi en huit", "mardi en quinze", "Montag in einer Woche", "maandag over een week",
"w poniedziałek za tydzień".

"lundi en huit" was Monday at 08:00 and "mardi en quinze" Tuesday at 15:00 (the number read as
the hour); "monday week" and "w poniedziałek za tydzień" were the coming Monday, a week early.
The words live in each language's times.toml, `[weeks_after]`: `after` the weekday ("en huit"
= 1) and `before` it ("a week on" = 1), each with the number of weeks. `weeks_after` takes them
out of the text (so the weekday is read alone) and says how many weeks to add to it.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache
from typing import Any

from core.text_fold import fold_text
from language.reply_words import weekday_spans
from language.time_from_now import lexicon_directory, times_section


@dataclass(frozen=True)
class WeeksAfter:
    """The text with the words that move its weekday taken out, and by how many weeks."""

    text: str
    weeks: int


@dataclass(frozen=True)
class _Words:
    after: tuple[tuple[re.Pattern[str], int], ...]
    before: tuple[tuple[re.Pattern[str], int], ...]


def validate_weeks_after(where: str, data: dict[str, Any]) -> list[str]:
    """The schema problems of a times.toml's `[weeks_after]` section (it may have none)."""
    section = data.get("weeks_after", {})
    if not isinstance(section, dict):
        return [f"{where}: [weeks_after] must be a table"]
    return [f"{where}: weeks_after.{key} must map words to 1 or 2 weeks"
            for key in ("after", "before")
            if not isinstance(value := section.get(key, {}), dict)
            or not all(isinstance(words, str) and words and weeks in (1, 2)
                       for words, weeks in value.items())]


@cache
def _words(directory: str) -> _Words | None:
    section = times_section(directory, "weeks_after", validate_weeks_after)
    if not section:
        return None

    def compiled(table: dict[str, int], *, after: bool) -> tuple[tuple[re.Pattern[str], int], ...]:
        ordered = sorted(table.items(), key=lambda item: len(item[0]), reverse=True)
        return tuple(
            (re.compile(rf"\s+{re.escape(fold_text(words))}(?!\w)" if after
                        else rf"(?<!\w){re.escape(fold_text(words))}\s+"), weeks)
            for words, weeks in ordered)

    return _Words(after=compiled(section.get("after", {}), after=True),
                  before=compiled(section.get("before", {}), after=False))


def weeks_after(text: str, language: str | None) -> WeeksAfter | None:
    """`text` without the words that put its weekday a week or two on, and that number; None
    when it has no such words next to a weekday."""
    words = _words(lexicon_directory(language or "en"))
    folded = fold_text(text)
    if words is None or len(folded) != len(text):
        return None
    for start, end in weekday_spans(folded):
        for pattern, weeks in words.after:
            found = pattern.match(folded, end)
            if found is not None:
                return WeeksAfter(text[:end] + text[found.end():], weeks)
        for pattern, weeks in words.before:
            found = pattern.search(folded, 0, start)
            if found is not None and found.end() == start:
                return WeeksAfter(text[:found.start()] + text[start:], weeks)
    return None
