"""Clock times said in words, written as digits before they are read: British "half 2" and
"half past two", "quarter to 3", German "halb drei" and "Viertel nach zwei", Dutch "half drie"
and "kwart voor drie", Polish "wpół do trzeciej", French "deux heures et demie", Spanish "las
tres menos cuarto", Italian "le due e mezza", Portuguese "um quarto para as três".

The readers of times took "tomorrow at half 2", "morgen um Viertel nach zwei" or "jutro o wpół
do trzeciej" for the whole day, and "quarter to 3" or "las tres menos cuarto" for 02:45, so a
manager booking a meeting was offered 09:00 first. Each language's times.toml `[clock_words]`
holds the words: `hours`, the hours 1 to 12 as words (as each phrase says them: Polish "wpół do
trzeciej", "za kwadrans trzecia"); `phrases`, each [pattern, minutes, hours to add], where the
pattern (matched on folded text) holds `{hour}` for the hour, in digits or a word of `hours`,
and the time is that hour plus the hours to add (-1 for "quarter to 3", 2:45, and for German
"halb drei", 2:30) at those minutes; `not_after`, words after which the phrase is no clock time
("half 2 hours"). The time is written as said ("2:30"): the reader of times makes a bare hour
from 1 to 6 the afternoon, as it does "at 2:30", unless words say the morning.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache
from typing import Any

from core.text_fold import fold, fold_text
from language.time_from_now import lexicon_directory, times_section

_SECTION = "clock_words"
_HOUR_SLOT = "{hour}"
_PHRASE_LENGTH = 3
_LAST_HOUR = 12


@dataclass(frozen=True)
class _Phrase:
    """One way of saying a clock time, compiled."""

    pattern: re.Pattern[str]
    minutes: int
    hours_added: int


@dataclass(frozen=True)
class _ClockWords:
    """One language's clock words, compiled."""

    hours: dict[str, int]
    phrases: tuple[_Phrase, ...]


def with_clock_digits(text: str, language: str | None) -> str:
    """`text` with each clock time said in words written as digits ("half past two" ->
    "2:30"); the rest of the text as it was."""
    words = _clock_words(lexicon_directory(language or "en"))
    if words is None or not text:
        return text
    folded = fold(text)
    spans: list[tuple[int, int, str]] = []
    for phrase in words.phrases:
        for match in phrase.pattern.finditer(folded.text):
            if any(start < match.end() and match.start() < end for start, end, _ in spans):
                continue  # the longer phrases go first: "half past two" over "half two"
            said = match["hour"]
            hour = int(said) if said.isdigit() else words.hours[said]
            hour = (hour + phrase.hours_added) % _LAST_HOUR or _LAST_HOUR
            spans.append((match.start(), match.end(), f"{hour}:{phrase.minutes:02d}"))
    if not spans:
        return text
    pieces = []
    done = 0
    for start, end, digits in sorted(spans):
        first = folded.origin[start]
        pieces += [text[done:first], digits]
        done = folded.origin[end - 1] + 1
    return "".join([*pieces, text[done:]])


def validate_clock_words(where: str, data: dict[str, Any]) -> list[str]:
    """The schema problems of a times.toml's `[clock_words]` section (it may have none)."""
    section = data.get(_SECTION, {})
    if not isinstance(section, dict):
        return [f"{where}: [{_SECTION}] must be a table"]
    problems = []
    hours = section.get("hours", {})
    if not isinstance(hours, dict) or not all(
            isinstance(hour, int) and 1 <= hour <= _LAST_HOUR for hour in hours.values()):
        problems.append(f"{where}: {_SECTION}.hours must map words to the hours 1 to 12")
    not_after = section.get("not_after", [])
    if not isinstance(not_after, list) or not all(isinstance(w, str) and w for w in not_after):
        problems.append(f"{where}: {_SECTION}.not_after must be a list of words")
    phrases = section.get("phrases", [])
    if not isinstance(phrases, list) or not all(
            isinstance(p, list) and len(p) == _PHRASE_LENGTH and isinstance(p[0], str)
            and _HOUR_SLOT in p[0] and isinstance(p[1], int) and 0 <= p[1] < 60
            and isinstance(p[2], int) for p in phrases):
        return [*problems, f"{where}: {_SECTION}.phrases must be [pattern with {_HOUR_SLOT}, "
                           "minutes, hours to add] lists"]
    for pattern, _, _ in phrases:
        try:
            re.compile(pattern.replace(_HOUR_SLOT, "x"))
        except re.error as error:
            problems.append(f"{where}: {_SECTION}.phrases pattern {pattern!r}: {error}")
    return problems


@cache
def _clock_words(directory: str) -> _ClockWords | None:
    """The language's compiled clock words, or None when it has none."""
    section = times_section(directory, _SECTION, validate_clock_words)
    if not section or not section.get("phrases"):
        return None
    hours = {fold_text(word): hour for word, hour in section.get("hours", {}).items()}
    said = "|".join(re.escape(word) for word in sorted(hours, key=len, reverse=True))
    hour = rf"(?<![\d:.,])(?P<hour>1[0-2]|0?[1-9]{'|' + said if said else ''})(?!\w|[:.,]\d)"
    not_after = "|".join(re.escape(fold_text(w)) for w in section.get("not_after", []))
    after = rf"(?!\s*(?:{not_after})(?!\w))" if not_after else ""
    phrases = tuple(
        _Phrase(re.compile(rf"(?<!\w){_folded_letters(pattern).replace(_HOUR_SLOT, hour)}"
                           rf"(?!\w){after}"), minutes, added)
        for pattern, minutes, added in sorted(section["phrases"], key=lambda p: -len(p[0])))
    return _ClockWords(hours=hours, phrases=phrases)


def _folded_letters(pattern: str) -> str:
    """The pattern with its letters outside ASCII folded ("für" -> "fur"), its escapes kept."""
    return "".join(c if c.isascii() else fold_text(c) for c in pattern)
