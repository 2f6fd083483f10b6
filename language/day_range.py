"""Days from one to another, both counted: "from Monday to Wednesday", "du 1 au 3 décembre",
"von Montag bis Mittwoch", "del lunes al miércoles", "月曜日から水曜日まで", "从周一到周三".

The time readers took such a range for its two ends ("de lundi à mercredi": Monday and
Wednesday) or for the days up to its last one ("from Monday to Wednesday": Monday and Tuesday),
so a worker cancelling their shifts from Monday to Wednesday was asked about other shifts than
those. The words live in each language's times.toml (`[day_range]` `pairs`: the word before the
first day, "" for none, and the word before the last; `end`, words that may close the last day
in an unspaced script, "まで"). `split_day_range` cuts a message at the first pair it holds, into
the words of the first day (with its word, as "du 1" names a day of the month) and those of the
last; whether both are days is for the time reader to say.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from typing import Any

from language.lexicon import LEXICON_ROOT
from language.time_from_now import lexicon_directory, times_section

_SECTION = "day_range"


@dataclass(frozen=True)
class DayRangeWords:
    """A message cut at a range: the words of its first day and those of its last."""

    first: str
    last: str


def split_day_range(text: str, language: str | None) -> list[DayRangeWords]:
    """The ways `text` may name a range in `language`, each as its first and last days' words,
    the pairs with a first word before those without, each at every place its words are."""
    text = text or ""
    found: list[DayRangeWords] = []
    for first_word, last_word in _patterns(lexicon_directory(language or "en")):
        for last in last_word.finditer(text):
            before, after = text[:last.start()], text[last.end():]
            if first_word is not None and first_word.search(before) is None:
                continue
            if before.strip() and after.strip():
                found.append(DayRangeWords(first=_next_to(before, end=True),
                                           last=_next_to(after, end=False)))
    return found


def range_join(text: str, language: str | None) -> tuple[int, int] | None:
    """Where the word joining the two days of a range stands in `text`, the words of one time
    phrase ("saturday to 29/11", "28/11 al 29/11", "从周六到周日"), as (start, end): the first
    of the language's range words (the last word of its pairs) with a day's words on both
    sides, the longest there ("hasta el"), else those of another language, else a dash
    between spaces; None when the text joins no two days."""
    text = text or ""
    own = lexicon_directory(language or "en")
    for directory in (own, *_other_directories(own)):
        spans = [(found.start(), -found.end()) for _, last_word in _patterns(directory)
                 for found in last_word.finditer(text)
                 if text[:found.start()].strip() and text[found.end():].strip()]
        if spans:
            start, end = min(spans)
            return start, -end
    dash = _SPACED_DASH.search(text)
    return (dash.start(), dash.end()) if dash is not None else None


def move_join(text: str, language: str | None) -> tuple[int, int] | None:
    """Where the word joining the day a shift leaves to the day it goes to stands in `text`:
    a range word (`range_join`), else one of the language's `move_to` words with words on both
    sides ("auf" in "von Dienstag auf den 5.", "na" in "z wtorku na 5", "naar" in "van di naar
    de 5e"), which join no range of days ("von Montag auf Dienstag" is the night between)."""
    joined = range_join(text, language)
    if joined is not None:
        return joined
    section = times_section(lexicon_directory(language or "en"), _SECTION, validate_day_range)
    spans = [(found.start(), found.end()) for word in (section or {}).get("move_to", [])
             for found in _word(word).finditer(text or "")
             if text[:found.start()].strip() and text[found.end():].strip()]
    return min(spans) if spans else None


@cache
def _other_directories(own: str) -> tuple[str, ...]:
    """The lexicon directories of the other languages, in name order."""
    return tuple(sorted(path.name for path in LEXICON_ROOT.iterdir()
                        if path.is_dir() and path.name != own))


# A day's words are at most this many next to the range word ("le mardi 1er décembre 2026",
# "2026年12月1日(火)"): only those are read, as the day must stand right there, and reading a
# whole sentence twice more cost the time reader tens of milliseconds a message.
_DAY_WORDS = 5
_DAY_CHARACTERS = 12


def _next_to(words: str, *, end: bool) -> str:
    """The words of `words` nearest the range word: its end (`end`) or its start."""
    words = words.strip()
    if _UNSPACED.search(words):
        return words[-_DAY_CHARACTERS:] if end else words[:_DAY_CHARACTERS]
    split = words.split()
    return " ".join(split[-_DAY_WORDS:] if end else split[:_DAY_WORDS])


def validate_day_range(where: str, data: dict[str, Any]) -> list[str]:
    """The schema problems of a times.toml's `[day_range]` section (it may have none)."""
    section = data.get(_SECTION, {})
    if not isinstance(section, dict):
        return [f"{where}: [{_SECTION}] must be a table"]
    pairs = section.get("pairs", [])
    problems = []
    if not isinstance(pairs, list) or not all(
            isinstance(pair, list) and len(pair) == 2 and all(isinstance(w, str) for w in pair)
            and pair[1] for pair in pairs):
        problems.append(f"{where}: {_SECTION}.pairs must be [first word or \"\", last word] pairs")
    for key in ("except", "except_after", "also", "until", "until_after", "move_to"):
        words = section.get(key, [])
        if not isinstance(words, list) or not all(isinstance(w, str) and w for w in words):
            problems.append(f"{where}: {_SECTION}.{key} must be a list of words")
    return problems


_Pair = tuple[re.Pattern[str] | None, re.Pattern[str]]


@cache
def _patterns(directory: str) -> tuple[_Pair, ...]:
    """The language's range words as patterns, pairs with a first word before those without."""
    section = times_section(directory, _SECTION, validate_day_range)
    if section is None:
        return ()
    pairs = sorted(section.get("pairs", []), key=lambda pair: not pair[0])
    return tuple((_word(first) if first else None, _word(last)) for first, last in pairs)


def _word(word: str) -> re.Pattern[str]:
    """A range word: standing alone in a spaced script ("to", "jusqu'au"), running on in an
    unspaced one ("から", "到")."""
    if any(c.isascii() and c.isalpha() for c in word):
        return re.compile(rf"(?<!\w){re.escape(word)}(?!\w)", re.IGNORECASE)
    return re.compile(re.escape(word))


@dataclass(frozen=True)
class DaysExcepted:
    """A message cut at its "except": the words of the days asked for, and of those left out."""

    asked: str
    excepted: str


_CLAUSE_END = re.compile(r"[,;.!?()]")
# Where the days left out end in Chinese ("除了周五以外的所有班", "除了周五都取消"); a closing word
# among them is dropped.
_CLOSING = ("以外", "之外")
_UNSPACED_CLAUSE_END = re.compile(r"以外|之外|的|都|也|[，,。；;！!？?]")
_UNSPACED = re.compile(r"[\u3040-\u30ff\u4e00-\u9fff]")
# "金曜日以外にも" (besides Friday, also), "除了周五…也" / "还": days added, not left out.
_ADDED = re.compile(r"\s*(?:にも|も)")
_ALSO_UNSPACED = re.compile(r"也|还|還")
# Japanese particles before the days left out ("来週の金曜日以外", "シフトを金曜日以外").
_PARTICLES = ("の", "を", "は", "が", "も", "、", ",", " ")


def split_days_excepted(text: str, language: str | None) -> DaysExcepted | None:
    """The days asked for and those left out in "cancel all my shifts next week except
    friday" ("sauf vendredi", "außer Freitag", "excepto el viernes"), or None when the text
    leaves nothing out: the words after the first "except" up to the end of its clause are
    those left out, the rest the days asked for."""
    directory = lexicon_directory(language or "en")
    after = _except_pattern(directory, "except_after")
    found = after.search(text or "") if after is not None else None
    if found is not None:
        # "来週の金曜日以外のシフト": the days left out come before the word, after the last
        # particle ("来週の|金曜日").
        before = text[:found.start()]
        cut = max((before.rfind(mark) + len(mark) for mark in _PARTICLES), default=0)
        excepted, asked = before[cut:], before[:cut] + text[found.end():]
        if not excepted.strip() or not asked.strip() or _ADDED.match(text[found.end():]):
            return None
        return DaysExcepted(asked=asked.strip(), excepted=excepted.strip())
    pattern = _except_pattern(directory, "except")
    found = pattern.search(text or "") if pattern is not None else None
    if found is None:
        return None
    rest = text[found.end():]
    end = (_UNSPACED_CLAUSE_END if _UNSPACED.search(found.group(0)) else _CLAUSE_END).search(rest)
    excepted = rest[:end.start()] if end else rest
    # "除了周五以外的所有班": the closing word is no part of the days asked for.
    after = "" if end is None else rest[end.end() if end.group(0) in _CLOSING else end.start():]
    asked = text[:found.start()] + " " + after
    if not excepted.strip() or not asked.strip() or _adds(rest, directory):
        return None
    return DaysExcepted(asked=asked.strip(), excepted=excepted.strip())


def _adds(rest: str, directory: str) -> bool:
    """Whether the words after the "except" add days rather than leave them out: "außer
    Freitag kann ich auch Montag nicht", "除了周五以外，周四也取消" (besides Friday, Thursday
    too)."""
    if _UNSPACED.search(rest):
        return _ALSO_UNSPACED.search(rest) is not None
    pattern = _except_pattern(directory, "also")
    return pattern is not None and pattern.search(rest) is not None


@cache
def _except_pattern(directory: str, key: str) -> re.Pattern[str] | None:
    """The language's words before the days left out (`except`), after them (`except_after`,
    "以外"), that add days instead (`also`), or before or after the last of the days from
    today (`until`, `until_after`), as one pattern; None when it has none."""
    section = times_section(directory, _SECTION, validate_day_range)
    if section is None:
        return None
    words = section.get(key, [])
    if not words:
        return None
    return re.compile("|".join(_word(word).pattern
                               for word in sorted(words, key=len, reverse=True)),
                      re.IGNORECASE)


@dataclass(frozen=True)
class DaysUntil:
    """A message cut at its "until": the words before it, and the last day's words, which end
    at the word when it comes after the day ("金曜日まで": `day_at_end`)."""

    before: str
    day: str
    day_at_end: bool


def split_until(text: str, language: str | None) -> DaysUntil | None:
    """The message cut at the word of "cancel my shifts until friday" ("jusqu'à vendredi",
    "bis Freitag", "hasta el viernes", "金曜日まで", "直到周五"): the days from today to that
    one. None when the text says no such word, or nothing on the day's side of it. Called
    once no range with a first day was found."""
    directory = lexicon_directory(language or "en")
    after = _except_pattern(directory, "until_after")
    found = after.search(text or "") if after is not None else None
    if found is not None:
        before = text[:found.start()]
        return DaysUntil(before="", day=_next_to(before, end=True), day_at_end=True) \
            if before.strip() else None
    pattern = _except_pattern(directory, "until")
    found = pattern.search(text or "") if pattern is not None else None
    if found is None:
        return None
    rest = text[found.end():]
    if _first_day_said(text[:found.start()], found.start(), text, directory):
        return None  # "od jutra do czwartku": the first day is said, if not read
    return DaysUntil(before=text[:found.start()], day=_next_to(rest, end=False),
                     day_at_end=False) if rest.strip() else None


# The words a range's first day may take between its first word and its last ("od jutra do",
# "from the 1st to"): a first word further away belongs to something else.
_FIRST_DAY_WORDS = 3


def _first_day_said(before: str, at: int, text: str, directory: str) -> bool:
    """Whether the "until" at `at` closes a range whose first word stands just before it
    ("od jutra do czwartku", "from tmrw until friday"): its first day is no today."""
    for first_word, last_word in _patterns(directory):
        if first_word is None or not last_word.match(text, at):
            continue
        near = " ".join(before.split()[-(_FIRST_DAY_WORDS + 1):])
        if first_word.search(near) is not None:
            return True
    return False


# A day's word next to a dash: a word ("mon", "lunes"), a day's number with its ending ("3rd",
# "5.") or a numeric date; not a code ("0b6a3c1e-7d7f").
_DAY_TOKEN_WORDS = r"(?:[^\W\d_]+|\d{1,2}[^\W\d_]{0,3}|\d{1,2}[/.]\d{1,2}(?:[/.]\d{2,4})?)\.?"
_DAY_TOKEN_ENDS = re.compile(rf"(?:(?<=\s)|^){_DAY_TOKEN_WORDS}$")
_DAY_TOKEN_OPENS = re.compile(rf"{_DAY_TOKEN_WORDS}(?=\s|$|[,;!?])")
_DASH = re.compile(r"\s*[-\u2013\u2014]\s*")
_SPACED_DASH = re.compile(r"\s[-\u2013\u2014]\s")
# A message's first dashes only: "cancel mon-wed", not every hyphen of a long one.
_DASHES_READ = 3


def split_at_dash(text: str, joined: Sequence[tuple[int, int]] = ()) -> list[DayRangeWords]:
    """The ways `text` may name a range with a dash between its days ("mon-wed", "Mo-Mi",
    "lunes-miércoles", "3-5 grudnia", "3rd-5th December"), each as the words of its first and
    last days; whether both are days is for the time reader to say ("après-demain" is none).
    A dash inside one of the `joined` spans (start, end) is part of a word ("après-demain",
    "quarta-feira"), no range."""
    found: list[DayRangeWords] = []
    for dash in list(_DASH.finditer(text or ""))[:_DASHES_READ]:
        if any(start < dash.start() and dash.end() < end for start, end in joined):
            continue
        before, after = text[:dash.start()], text[dash.end():]
        if (before.strip() and after.strip() and _DAY_TOKEN_ENDS.search(before)
                and _DAY_TOKEN_OPENS.match(after)):
            found.append(DayRangeWords(first=_next_to(before, end=True),
                                       last=_next_to(after, end=False)))
    return found
