"""A time said as a bound: from then on ("after 3pm", "après 15h", "nach 15 Uhr", "15時以降",
"3点以后") or until then ("before 11am", "avant 11h", "vor 11 Uhr", "11時まで", "11点以前").

The recognizers read "mardi après 15h" as Tuesday and 15:00 today, two times (the list of free
times said "on Tue 1 Dec or Sun 29 Nov between 03:00 and 04:00"), and "tuesday after 3pm" or
"Dienstag nach 15 Uhr" as all of Tuesday, times before 3pm offered. The words live in each
language's times.toml (`[bounds]`: `from_before` and `until_before` stand before the clock,
`from_after` and `until_after` after it, `at` is the word for "at 3pm"), matched on folded
text next to the clock's digits.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from enum import StrEnum
from functools import cache
from typing import Any

from core.text_fold import fold_text
from language.time_from_now import lexicon_directory, times_section, word_list_problems

_BOUND_KEYS = ("from_before", "until_before", "from_after", "until_after")
# What a clock written after the words starts with, and what one written before them ends with
# ("15時以降", "3点以后", "15h après" is no bound: French puts the word first).
_CLOCK_AFTER = r"\s*(?=\d)"
# ("2小时后" is "in 2 hours", a time from now, not "after 2 o'clock").
_CLOCK_BEFORE = r"(?:(?<=[\d時点點])|(?<=[^小]时))\s*"


class TimeBound(StrEnum):
    """Which side of the time the person means."""

    FROM = "from"
    UNTIL = "until"


@dataclass(frozen=True)
class BoundTime:
    """The bound a text puts on its time, and the text without the words that say it (the
    time itself, for the readers of times)."""

    bound: TimeBound
    text: str
    # "from now until 5pm", "von jetzt bis 17 Uhr": the time runs from now, not the morning.
    from_now: bool = False


@dataclass(frozen=True)
class _BoundWords:
    """One language's bound words, compiled."""

    starts: re.Pattern[str]
    ends: re.Pattern[str]
    at: str
    now: re.Pattern[str]  # "(from) now" right before an until word


def time_bound(text: str, language: str | None) -> BoundTime | None:
    """The bound `text` puts on the time it names, in `language`; None when it puts none, or
    both ("from 3 until 5" is a range, read as it is)."""
    words = _bound_words(lexicon_directory(language or "en"))
    if words is None or not text:
        return None
    folded = fold_text(text)
    found = [(bound, match) for pattern, bound in ((words.starts, TimeBound.FROM),
                                                   (words.ends, TimeBound.UNTIL))
             for match in pattern.finditer(folded)]
    if not found or len({bound for bound, _ in found}) > 1:
        return None
    # Folding keeps each letter in its place unless a letter folds to two ("ß"): then the
    # folded text is read, which the readers of times take too.
    source = text if len(folded) == len(text) else folded
    kept, at, from_now = [], 0, False
    for bound, match in sorted(found, key=lambda item: item[1].start()):
        # A word before the clock gives way to the language's "at" ("el martes a las 15h"):
        # some readers of times read no hour without it.
        now = words.now.search(folded, at, match.start()) if bound is TimeBound.UNTIL else None
        from_now = from_now or now is not None
        kept.append(source[at:match.start() if now is None else now.start()])
        if match.end() < len(source) and source[match.end()].isdigit():
            kept.append(words.at)
        at = match.end()
    kept.append(source[at:])
    return BoundTime(found[0][0], " ".join(" ".join(kept).split()), from_now)


def validate_bounds(where: str, data: dict[str, Any]) -> list[str]:
    """The schema problems of a times.toml's `[bounds]` section (it may have none)."""
    problems = word_list_problems(where, data, "bounds", (*_BOUND_KEYS, "now"))
    section = data.get("bounds", {})
    if isinstance(section, dict) and not isinstance(section.get("at", ""), str):
        problems.append(f"{where}: bounds.at must be a word")
    return problems


def _either(words: list[str]) -> str:
    return "|".join(re.escape(w).replace(r"\ ", r"\s+") for w in sorted(words, key=len,
                                                                         reverse=True))


def _pattern(before: list[str], after: list[str]) -> re.Pattern[str]:
    options = []
    if before:
        options.append(rf"(?<!\w)(?:{_either(before)}){_CLOCK_AFTER}")
    if after:
        options.append(rf"{_CLOCK_BEFORE}(?:{_either(after)})")
    return re.compile("|".join(options) or "(?!)")


@cache
def _bound_words(directory: str) -> _BoundWords | None:
    """The language's compiled words, or None when it has none."""
    section = times_section(directory, "bounds", validate_bounds)
    if section is None:
        return None
    lists = {key: [fold_text(word) for word in section.get(key, ())] for key in _BOUND_KEYS}
    if not any(lists.values()):
        return None
    now = [fold_text(word) for word in section.get("now", ())]
    return _BoundWords(starts=_pattern(lists["from_before"], lists["from_after"]),
                       ends=_pattern(lists["until_before"], lists["until_after"]),
                       at=str(section.get("at", "")),
                       now=re.compile(rf"(?<!\w)(?:{_either(now)})\s*$" if now else "(?!)"))
