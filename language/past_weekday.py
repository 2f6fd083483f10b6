"""Whether a person says a weekday is past: "last monday", "lundi dernier", "el lunes pasado",
"letzten Montag", "lunedì scorso", "segunda-feira passada", "afgelopen maandag", "w zeszły
poniedziałek", "先週の月曜日", "上周一".

The time recognizer reads most of these as the coming weekday ("letzten Montag" was next
Monday), so a manager's "take Bob off last Monday" previewed a change to a day they never
meant. The words live in each language's times.toml (`[past]`: `before` the weekday and
`after` it), matched on folded text next to any language's weekday.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache
from typing import Any

from core.text_fold import fold_text
from language.reply_words import weekday_spans
from language.time_from_now import (
    lexicon_directory,
    times_section,
    word_alternation,
    word_list_problems,
)

_PAST_KEYS = ("before", "after")


@dataclass(frozen=True)
class _PastWords:
    """One language's words that make a weekday past, compiled: before it and after it."""

    before: re.Pattern[str]
    after: re.Pattern[str]


def weekday_said_past(text: str, language: str | None) -> bool:
    """Whether `text` names a weekday with a word that makes it past, in `language`."""
    words = _past_words(lexicon_directory(language or "en"))
    if words is None:
        return False
    folded = fold_text(text or "")
    return any(words.before.search(folded, 0, start) or words.after.match(folded, end)
               for start, end in weekday_spans(folded))


def past_word_after(text: str, language: str | None) -> bool:
    """Whether `text` is only a word that makes the weekday before it past ("pasado" in "del
    martes pasado al jueves", "scorso", "dernier")."""
    words = _past_words(lexicon_directory(language or "en"))
    return words is not None and words.after.fullmatch(fold_text(text or "").strip()) is not None


def validate_past(where: str, data: dict[str, Any]) -> list[str]:
    """The schema problems of a times.toml's `[past]` section (it may have none)."""
    return word_list_problems(where, data, "past", _PAST_KEYS)


@cache
def _past_words(directory: str) -> _PastWords | None:
    """The language's compiled words, or None when it has none."""
    section = times_section(directory, "past", validate_past)
    if section is None:
        return None
    before = [fold_text(word) for word in section.get("before", ())]
    after = [fold_text(word) for word in section.get("after", ())]
    if not before and not after:
        return None
    return _PastWords(
        # Right before the weekday: "last monday", "先週の月曜日", "上周一".
        before=re.compile(rf"(?:{word_alternation(before, starts=True)})\s*$"
                          if before else "(?!)"),
        # Right after it: "lundi dernier", "segunda-feira passada", "maandag jl.".
        after=re.compile(rf"\s*(?:{word_alternation(after, starts=True)})(?!\w)"
                         if after else "(?!)"),
    )
