"""A weekday said by its place in a month: "the first Monday of next month", "next month's
first Monday", "the last Friday of the month", "le premier lundi du mois prochain", "am letzten
Freitag des Monats", "来月の第1月曜日", "下个月的第一个星期一".

The readers of times took the weekday alone, or the month alone: "first monday of next month"
was Monday 30 November, "am ersten Montag nächsten Monats" the coming Monday, "last friday of
the month" a Friday already past, "下个月的第一个星期一" all of December. Each language's
times.toml `[weekday_of_month]` holds the words: `ordinals`, the words for the place said right
before the weekday (1 to 4, -1 for the last; "first", "ersten", "第1", "第一个"), and
`this_month` and `next_month`, the words for the month the message is said in ("of the month",
"du mois") and the one after ("next month", "du mois prochain", "来月"). The month is the next
one when it says so, else one the rest of the message names ("december"), else this month when
it says so; a weekday with an ordinal and no month is left to the readers ("last friday").
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import date, timedelta
from functools import cache
from typing import Any

from core.text_fold import fold, fold_text
from language.reply_words import weekday_spans
from language.time_from_now import lexicon_directory, times_section

_SECTION = "weekday_of_month"
_LAST = -1
_PLACES = frozenset({1, 2, 3, 4, 5, _LAST})


@dataclass(frozen=True)
class WeekdayOfMonth:
    """The place and weekday a message names, and the message without them."""

    place: int
    """1 for the first, 2 for the second, ... -1 for the last."""
    weekday_words: str
    rest: str
    """The message without the ordinal and the weekday (it names the month, if any)."""
    this_month: bool
    """Whether the message names the month as the one it is said in ("of the month")."""
    next_month: bool
    """Whether it names the month after ("of next month", "du mois prochain", "来月の")."""

    def day_in(self, month: date, weekday: int) -> date | None:
        """The day this names in the month starting `month`; None when the month has none (a
        fifth Monday)."""
        if self.place == _LAST:
            following = (month.replace(day=28) + timedelta(days=4)).replace(day=1)
            last = following - timedelta(days=1)
            return last - timedelta(days=(last.weekday() - weekday) % 7)
        first = month + timedelta(days=(weekday - month.weekday()) % 7)
        day = first + timedelta(weeks=self.place - 1)
        return day if day.month == month.month else None


@dataclass(frozen=True)
class _Words:
    """One language's words, compiled."""

    ordinal: re.Pattern[str]
    places: dict[str, int]
    this_month: re.Pattern[str] | None
    next_month: re.Pattern[str] | None


def weekday_of_month(text: str, language: str | None) -> WeekdayOfMonth | None:
    """The weekday `text` names by its place in a month, in `language`; None for none."""
    words = _words(lexicon_directory(language or "en"))
    if words is None or not text:
        return None
    folded = fold(text)
    for start, end in weekday_spans(folded.text):
        said = words.ordinal.search(folded.text[:start])
        if said is None:
            continue
        first = folded.origin[said.start()]
        after = folded.origin[end - 1] + 1
        rest = " ".join(f"{text[:first]} {text[after:]}".split())
        return WeekdayOfMonth(words.places[said.group("ordinal")], folded.text[start:end],
                              rest, _says(words.this_month, rest), _says(words.next_month, rest))
    return None


def validate_weekday_of_month(where: str, data: dict[str, Any]) -> list[str]:
    """The schema problems of a times.toml's `[weekday_of_month]` section (it may have none)."""
    section = data.get(_SECTION, {})
    if not isinstance(section, dict):
        return [f"{where}: [{_SECTION}] must be a table"]
    problems = []
    ordinals = section.get("ordinals", {})
    if not isinstance(ordinals, dict) or not all(
            isinstance(place, int) and place in _PLACES for place in ordinals.values()):
        problems.append(f"{where}: {_SECTION}.ordinals must map words to 1 to 5 or -1")
    for key in ("this_month", "next_month"):
        value = section.get(key, [])
        if not isinstance(value, list) or not all(isinstance(w, str) and w for w in value):
            problems.append(f"{where}: {_SECTION}.{key} must be a list of words")
    return problems


def _says(words: re.Pattern[str] | None, text: str) -> bool:
    return words is not None and words.search(fold_text(text)) is not None


def _unspaced(word: str) -> bool:
    """Whether the word is in a script written without spaces."""
    return ord(word[0]) >= _FIRST_UNSPACED


_FIRST_UNSPACED = 0x2E80  # CJK and after


def _alternatives(words: list[str]) -> str:
    return "|".join(re.escape(word).replace(r"\ ", r"\s+")
                    for word in sorted(words, key=len, reverse=True))


@cache
def _words(directory: str) -> _Words | None:
    """The language's compiled words, or None when it has none."""
    section = times_section(directory, _SECTION, validate_weekday_of_month)
    if not section or not section.get("ordinals"):
        return None
    places = {fold_text(word): place for word, place in section["ordinals"].items()}
    said = rf"(?P<ordinal>{_alternatives(list(places))})"
    ordinal = (rf"{said}\s*$" if all(_unspaced(word) for word in places)
               else rf"(?<![\w.]){said}\s+$")
    return _Words(ordinal=re.compile(ordinal), places=places,
                  this_month=_phrases(section.get("this_month", [])),
                  next_month=_phrases(section.get("next_month", [])))


def _phrases(words: list[str]) -> re.Pattern[str] | None:
    """The words as one pattern on folded text (whole words, or anywhere in unspaced scripts)."""
    folded = [fold_text(word) for word in words]
    if not folded:
        return None
    if all(_unspaced(word) for word in folded):
        return re.compile(_alternatives(folded))
    return re.compile(rf"(?<!\w)(?:{_alternatives(folded)})(?!\w)")
