"""How far a reply moves a time it was shown: "30 minutes later", "an hour earlier", "une heure
plus tard", "eine halbe Stunde später", "media hora más tarde", "mezz'ora dopo", "een uur
later", "pół godziny później", "30分遅く", "晚半小时", "提前一个小时".

At "Book a call on Mon 30 Nov, 15:00-15:30?" such a reply asks for the same call that much
later or earlier. Read as a time from now ("30 minutes later" is "in 30 minutes") it became
a time after midnight, and read as a length ("une heure") it made the call an hour long. The
words live in each language's times.toml (`[shift]`: `later` and `earlier` after the amount,
`later_first` and `earlier_first` before it: "晚半小时", "提前一个小时"); the amount is read as
`language/time_from_now.py` reads one ("30 minutes", "an hour", "half an hour", "1時間").
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache
from typing import Any

from core.text_fold import fold_text
from language.time_from_now import (
    amount_minutes,
    amount_pattern,
    lexicon_directory,
    times_section,
    times_table,
    word_list_problems,
)

_SHIFT_KEYS = ("later", "earlier", "later_first", "earlier_first")
_LONGEST_SHIFT = 12 * 60
"""Further than this is another day's time, not the same time moved."""


@dataclass(frozen=True)
class _ShiftWords:
    """One language's phrases, compiled: the amount before the direction ("30 minutes later")
    and after it ("晚半小时"); and its words that move a time earlier (folded)."""

    patterns: tuple[re.Pattern[str], ...]
    earlier: frozenset[str]


def shift_minutes(text: str, *languages: str | None) -> int | None:
    """The minutes the text moves a time by in the first of `languages` that reads it: later
    is positive ("30 minutes later": 30), earlier negative ("une heure plus tôt": -60); None
    when it says no such thing."""
    folded = fold_text(text or "")
    for language in dict.fromkeys(lang for lang in languages if lang):
        words = _shift_words(lexicon_directory(language))
        if words is None:
            continue
        for pattern in words.patterns:
            found = pattern.search(folded)
            minutes = amount_minutes(found, language) if found else None
            if found is None or minutes is None or not 0 < minutes <= _LONGEST_SHIFT:
                continue
            direction = re.sub(r"\s+", " ", found.group("direction"))
            return -minutes if direction in words.earlier else minutes
    return None


def validate_shift(where: str, data: dict[str, Any]) -> list[str]:
    """The schema problems of a times.toml's `[shift]` section (it may have none)."""
    problems = word_list_problems(where, data, "shift", _SHIFT_KEYS)
    section = data.get("shift", {})
    if isinstance(section, dict):
        problems.extend(f"{where}: shift has no key {key!r}" for key in section
                        if key not in _SHIFT_KEYS)
    return problems


@cache
def _shift_words(directory: str) -> _ShiftWords | None:
    """The language's compiled phrases, or None when it has no `[shift]` words."""
    section = times_section(directory, "shift", validate_shift)
    amount = amount_pattern(directory)
    if not section or amount is None:
        return None
    unspaced = bool((times_table(directory) or {}).get("unspaced", False))
    edge_before, edge_after = ("", "") if unspaced else (r"(?<!\w)", r"(?!\w)")

    def either(*keys: str) -> str:
        words = sorted({fold_text(w) for key in keys for w in section.get(key, ())},
                       key=len, reverse=True)
        return "|".join(re.escape(w).replace(r"\ ", r"\s+") for w in words)

    patterns = []
    after = either("later", "earlier")
    if after:  # "30 minutes later", "une heure plus tôt", "30分遅く"
        patterns.append(re.compile(
            f"{edge_before}{amount}\\s*(?P<direction>{after}){edge_after}"))
    first = either("later_first", "earlier_first")
    if first:  # "晚半小时", "提前一个小时"
        patterns.append(re.compile(
            f"{edge_before}(?P<direction>{first})\\s*{amount}{edge_after}"))
    earlier = frozenset(fold_text(w) for key in ("earlier", "earlier_first")
                        for w in section.get(key, ()))
    return _ShiftWords(tuple(patterns), earlier)
