"""A holiday named as what a meeting or an email is about, not as its day: "book a meeting
with alice on tuesday about the christmas rota", "réunion mardi pour la fête de Noël",
"クリスマスパーティーの打ち合わせ", "周二开会讨论圣诞派对".

The time readers take every holiday name for its date, so "on tuesday at 2pm about the
christmas rota" searched Tuesday or Christmas Day, and Maria was offered only 25 December. A
holiday right before one of its language's event nouns ("christmas party", "クリスマスパーティー",
"圣诞派对") or after one with its joining word ("fête de Noël", "cena di Natale") is the topic:
So is a holiday right after a word that says what a meeting is about ("about the christmas
rota", "关于圣诞"). `without_holiday_topics` blanks it (spaces of the same length, so every
other word keeps its place) before the times are read. "cancel my christmas shift", "who
works on christmas eve" and "le jour de Noël" keep their day.

The words live in each language's times.toml, `[holiday_topic]`: `holidays` (as the time
readers know them), `after` (event nouns said after the holiday), `before` (event nouns said
before it), `joiners` (the words between such a noun and the holiday: "de", "di", "du") and
`topics` (the words that say what follows is the topic: "about the", "à propos de", "关于"),
with `not_after` (the words after the holiday that make it a day again: "shift", "day").
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache
from typing import Any

from core.text_fold import fold_text
from language.time_from_now import (
    lexicon_directory,
    times_section,
    word_alternation,
    word_list_problems,
)

_KEYS = ("holidays", "after", "before", "joiners", "topics", "not_after")


@dataclass(frozen=True)
class _TopicWords:
    """One language's compiled patterns; `holiday` is the group to blank."""

    patterns: tuple[re.Pattern[str], ...]


def without_holiday_topics(text: str, language: str | None) -> str:
    """`text` with each holiday said as a topic blanked, in `language` and in English (which
    people mix into every language's messages). The text is returned as it was when there is
    none; it is folded only to be searched, so its length and places never change."""
    spans: list[tuple[int, int]] = []
    folded: str | None = None
    for code in dict.fromkeys((language or "en", "en")):
        words = _topic_words(lexicon_directory(code))
        if words is None:
            continue
        if folded is None:
            folded = fold_text(text)
            if len(folded) != len(text):
                return text  # a fold that changes the length (rare ligatures): leave it be
        spans += [found.span("holiday") for pattern in words.patterns
                  for found in pattern.finditer(folded)]
    if not spans:
        return text
    chars = list(text)
    for start, end in spans:
        chars[start:end] = " " * (end - start)
    return "".join(chars)


def validate_holiday_topic(where: str, data: dict[str, Any]) -> list[str]:
    """The schema problems of a times.toml's `[holiday_topic]` section (it may have none)."""
    return word_list_problems(where, data, "holiday_topic", _KEYS)


@cache
def _topic_words(directory: str) -> _TopicWords | None:
    """The language's compiled patterns, or None when it has no such words."""
    section = times_section(directory, "holiday_topic", validate_holiday_topic)
    if not section or not section.get("holidays"):
        return None
    holidays = _either(section["holidays"])
    patterns = []
    if section.get("after"):
        # "christmas party", "クリスマスパーティー", "圣诞派对".
        patterns.append(re.compile(
            rf"(?P<holiday>{holidays})(?:'s|s)?\s*(?:{_either(section['after'], ended=True)})"))
    if section.get("before") and section.get("joiners"):
        # "fête de noël", "cena di natale", "festa de natal".
        patterns.append(re.compile(
            rf"(?:{_either(section['before'])})\s+(?:{_either(section['joiners'])})\s*"
            rf"(?P<holiday>{holidays})(?!\w)"))
    if section.get("topics"):
        # "about the christmas rota", "à propos de noël", "关于圣诞的安排".
        # Not when a word after it makes it a day again ("what about the christmas eve
        # shift, who is on").
        not_after = (rf"(?!\s*(?:{_either(section['not_after'], ended=True)}))"
                     if section.get("not_after") else "")
        patterns.append(re.compile(
            rf"(?:{_either(section['topics'])})\s*"
            rf"(?P<holiday>{_either(section['holidays'], ended=True)}){not_after}"))
    return _TopicWords(tuple(patterns)) if patterns else None


def _either(words: list[str], *, ended: bool = False) -> str:
    """The folded words as one alternation (see `word_alternation`), each starting a word and,
    `ended`, ending one ("parties", not "part")."""
    return word_alternation({fold_text(word) for word in words}, starts=True, ends=ended)
