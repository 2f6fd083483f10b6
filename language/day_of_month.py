"""The day of the month a person names alone: "du 30", "the 30th", "am 30.", "el 30", "il 30",
"dia 30", "de 30e", "30-go", "30日", "30号".

The time recognizer reads a bare day of the month in few languages ("annule mon poste du 30"
found no day, so every coming shift was listed). The words live in each language's times.toml
(`[day_of_month]`: `before` the number, `after` it, and `not_after`, what makes the number
something else: "30 minutes", "3日後"), matched on folded text. `day_of_month` gives the day
(1-31) or None; `next_date_on` the first date on or after today with that day.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import date, timedelta
from functools import cache
from typing import Any

from core.text_fold import fold_text
from language.time_from_now import (
    lexicon_directory,
    times_section,
    word_alternation,
    word_list_problems,
)

_KEYS = ("before", "after", "not_after")
_NUMBER = r"(?<![\d:/.,])([12]\d|3[01]|0?[1-9])"
# A clock or a date goes on after the number ("9h", "9:30", "28/11"): no day alone.
_NO_CLOCK = r"(?![\d:/h]|[.,]\d)"


@dataclass(frozen=True)
class _DayWords:
    """One language's compiled patterns: the number after a word, or before one."""

    before: re.Pattern[str]
    after: re.Pattern[str]


def day_of_month(text: str, language: str | None) -> int | None:
    """The day of the month `text` names alone in `language`, or None."""
    words = _day_words(lexicon_directory(language or "en"))
    if words is None:
        return None
    folded = fold_text(text or "")
    found = words.before.search(folded) or words.after.search(folded)
    return int(found.group(1)) if found else None


def days_of_month(text: str, language: str | None) -> list[tuple[int, str]]:
    """Every day of the month `text` names alone, in the order named, each with its words as
    folded ("from the 1st to the 2nd": (1, "the 1st"), (2, "the 2nd") in English, where
    "the" is a word before the number)."""
    words = _day_words(lexicon_directory(language or "en"))
    if words is None:
        return []
    folded = fold_text(text or "")
    found = sorted([*words.before.finditer(folded), *words.after.finditer(folded)],
                   key=lambda match: match.start())
    mentions: list[tuple[int, str]] = []
    end = -1
    for match in found:
        if match.start() >= end:  # "am 30." is read once, not by both patterns
            mentions.append((int(match.group(1)), match.group(0)))
            end = match.end()
    return mentions


def day_number_words(language: str | None) -> frozenset[str]:
    """The words, one by one and folded, that stand right before or after a day of the month
    in `language` ("on", "the", "st", "du", "le", "er")."""
    section = _section(lexicon_directory(language or "en"))
    if section is None:
        return frozenset()
    before, after, _ = section
    return frozenset(word for phrase in (*before, *after) for word in phrase.split())


def last_date_on(day: int, today: date) -> date | None:
    """The last date on or before `today` whose day of the month is `day` ("who worked on the
    30th?"); None past a year."""
    candidate = today
    for _ in range(366):
        if candidate.day == day:
            return candidate
        candidate -= timedelta(days=1)
    return None


def next_date_on(day: int, today: date) -> date | None:
    """The first date on or after `today` whose day of the month is `day` (the 31st skips the
    months without one); None past a year."""
    candidate = today
    for _ in range(366):
        if candidate.day == day:
            return candidate
        candidate += timedelta(days=1)
    return None


def validate_day_of_month(where: str, data: dict[str, Any]) -> list[str]:
    """The schema problems of a times.toml's `[day_of_month]` section (it may have none)."""
    return word_list_problems(where, data, "day_of_month", _KEYS)


@cache
def _section(directory: str) -> tuple[list[str], list[str], list[str]] | None:
    """The language's words before the number, after it and never after it, folded; None
    when it has none."""
    section = times_section(directory, "day_of_month", validate_day_of_month)
    if section is None:
        return None
    before, after, not_after = ([fold_text(word) for word in section.get(key, ())]
                                for key in _KEYS)
    if not before and not after:
        return None
    return before, after, not_after


@cache
def _day_words(directory: str) -> _DayWords | None:
    """The language's compiled patterns, or None when it has no words."""
    section = _section(directory)
    if section is None:
        return None
    before, after, not_after = section
    never = rf"(?!\s*(?:{word_alternation(not_after, ends=True)}))" if not_after else ""
    return _DayWords(
        # "du 30", "am 30.", "dia 30": the word, then the number and nothing that makes it a
        # clock, a date or an amount.
        before=re.compile(
            rf"(?<!\w)(?:{word_alternation(before, ends=True)})\s*{_NUMBER}{_NO_CLOCK}{never}"
            if before else "(?!)"),
        # "30th", "30e", "30-go", "30日", "30号": the number, then the word.
        after=re.compile(rf"{_NUMBER}\s*(?:{word_alternation(after, ends=True)}){never}"
                         if after else "(?!)"),
    )


def day_of_month_rule(language: str) -> str | None:
    """A day of the month alone as a fragment for `language`'s request rules (its `%DAY%`):
    "retire chen du 30", "pon a alice el 30", "アリスを30日に入れて" name a day as "samedi"
    does. The word before the number is looked behind, not matched, as the rules read it
    themselves ("du", "el"); None when the language has no such words."""
    section = _section(lexicon_directory(language))
    if section is None:
        return None
    before, after, not_after = section
    never = rf"(?!\s*(?:{word_alternation(not_after, ends=True)}))" if not_after else ""
    shapes = []
    if before:
        behind = "|".join(rf"(?<=(?<!\w){re.escape(word)}{'' if word.endswith(chr(39)) else ' '})"
                          for word in before)
        shapes.append(rf"(?:{behind}){_NUMBER}{_NO_CLOCK}{never}")
    if after:
        shapes.append(rf"{_NUMBER}(?:{word_alternation(after, ends=True)}){never}")
    return "(?:" + "|".join(shapes) + ")" if shapes else None

