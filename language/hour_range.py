"""Hours said from one to another ("from 9 to 11", "von 9 bis 11 Uhr", "dalle 9 alle 11",
"9時から11時", "9点到11点") and the words for around noon ("lunchtime", "à midi", "mittags",
"お昼", "中午"), found in a message as the minutes of the day they run between.

The readers of times took "Dienstag von 9 bis 11 Uhr", "martedì dalle 9 alle 11" or "tuesday
from 9 to 11" for the whole of Tuesday, and "mardi à midi" or "a pranzo" too: a manager asking
for a meeting from 2 to 4 was offered 09:00 first, and "who works on Tuesday from 9 to 11?"
listed the afternoon's people. Each language's times.toml `[hour_range]` holds the words:
`pairs`, each the word before the first hour ("" for none) and the word between the two;
`marked_only`, the words between that join two hours only when they are written as hours
("13:30-14:30", where Dutch "3-12" is a date); `marks` written right after an hour ("h", "Uhr",
"時"), `half_past` ones that add half an
hour ("時半", "点半"); `am` / `pm` before or after one
("9am", "午後3時"); `not_after`, the words that make the two numbers something else ("2 to 3
hours", "9時から3時間"); and `noon`, patterns for around noon (one window for all of them,
`NOON`). All matched on folded text.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache
from typing import Any

from core.text_fold import fold_text
from language.time_from_now import lexicon_directory, times_section

_SECTION = "hour_range"
_KEYS = ("marks", "half_past", "am", "pm", "not_after", "marked_only", "not_before")
NOON = (11 * 60 + 30, 14 * 60)
"""Around noon, in minutes of the day: lunch as people take it, from 11:30 to 14:00."""
_NOON_HOUR = 12
_HOURS_WITHOUT_HALF = 6  # "von 2 bis 4", "from 3 to 8": the afternoon (not 02:00, 03:00)
_LONGEST_HOURS = 12


@dataclass(frozen=True)
class HourRange:
    """The hours a message names, in minutes of the day, and where it names them in `folded`
    (the message folded)."""

    start_minute: int
    end_minute: int
    start: int
    end: int
    folded: str
    marked: bool = True
    """Whether the words say they are hours ("9h", "9:00", "9am", noon), not bare numbers."""

    @property
    def words(self) -> str:
        """The words that name the hours (folded)."""
        return self.folded[self.start:self.end]

    def without(self) -> str:
        """The folded message with the hours taken out (what is left names the day)."""
        return " ".join(f"{self.folded[:self.start]} {self.folded[self.end:]}".split())


@dataclass(frozen=True)
class _RangeWords:
    """One language's words, compiled."""

    hours: tuple[re.Pattern[str], ...]
    not_before: re.Pattern[str] | None
    marked_only: frozenset[re.Pattern[str]]
    noon: re.Pattern[str] | None
    am: frozenset[str]
    pm: frozenset[str]


def hour_range(text: str, language: str | None) -> HourRange | None:
    """The one range of hours (or noon) `text` names in `language`; None for none or several."""
    words = _range_words(lexicon_directory(language or "en"))
    if words is None or not text:
        return None
    folded = fold_text(text.translate(_FULL_WIDTH))
    matches: list[re.Match[str]] = []
    for pattern in words.hours:
        for match in pattern.finditer(folded):
            if words.not_before is not None and words.not_before.search(
                    folded, 0, match.start()):
                continue  # "le 10 à 10h": the 10th at 10:00
            if not any(m.start() < match.end() and match.start() < m.end() for m in matches):
                matches.append(match)  # the longer pairs go first: "from 9 to 11" over "9 to 11"
    found = [r for match in matches if (r := _read_hours(match, words, folded)) is not None
             and (r.marked or match.re not in words.marked_only)]
    if words.noon is not None:
        found.extend(HourRange(*NOON, match.start(), match.end(), folded)
                     for match in words.noon.finditer(folded))
    return found[0] if len(found) == 1 else None


def validate_hour_range(where: str, data: dict[str, Any]) -> list[str]:
    """The schema problems of a times.toml's `[hour_range]` section (it may have none)."""
    section = data.get(_SECTION, {})
    if not isinstance(section, dict):
        return [f"{where}: [{_SECTION}] must be a table"]
    problems = [f"{where}: {_SECTION}.{key} must be a list of words" for key in _KEYS
                if not isinstance(value := section.get(key, []), list)
                or not all(isinstance(word, str) and word for word in value)]
    pairs = section.get("pairs", [])
    if not isinstance(pairs, list) or not all(
            isinstance(pair, list) and len(pair) == 2 and all(isinstance(w, str) for w in pair)
            and pair[1] for pair in pairs):
        problems.append(f"{where}: {_SECTION}.pairs must be [word before, word between] pairs")
    noon = section.get("noon", [])
    if not isinstance(noon, list) or not all(isinstance(p, str) and p for p in noon):
        return [*problems, f"{where}: {_SECTION}.noon must be a list of patterns"]
    for pattern in noon:
        try:
            re.compile(pattern)
        except re.error as error:
            problems.append(f"{where}: {_SECTION}.noon pattern {pattern!r}: {error}")
    return problems


def _minutes(hour: str, minute: str | None, half: str | None, words: _RangeWords) -> int | None:
    """The minute of the day of one end, with its half of the day applied; None past 24:00."""
    value = int(hour)
    if half in words.pm and value < _NOON_HOUR:
        value += _NOON_HOUR
    elif half in words.am and value == _NOON_HOUR:
        value = 0
    total = value * 60 + int(minute or 0)
    return total if total <= 24 * 60 else None


def _read_hours(match: re.Match[str], words: _RangeWords, folded: str) -> HourRange | None:
    """The range one match names, its halves of the day settled, or None when it is none
    ("from 9 to 30", "von 14 bis 9")."""
    halves = [match["half1"] or match["after1"], match["half2"] or match["after2"]]
    first = _minutes(match["hour1"], "30" if match["thirty1"] else match["minute1"], halves[0],
                     words)
    last = _minutes(match["hour2"], "30" if match["thirty2"] else match["minute2"], halves[1],
                    words)
    if first is None or last is None:
        return None
    noon = _NOON_HOUR * 60
    if halves[0] is None and halves[1] in words.pm and first + noon <= last:
        first += noon  # "from 2 to 4pm"
    elif halves[1] is None and halves[0] in words.pm and last < noon < last + noon:
        last += noon  # "午後3時から5時"
    elif halves[0] is None and halves[1] is None:
        if 0 < first < _HOURS_WITHOUT_HALF * 60:
            first += noon  # "von 2 bis 4", "from 3 to 8": the afternoon, nobody starts at 03:00
        if last <= first < last + noon <= 24 * 60:
            last += noon  # "from 11 to 1": 11:00-13:00; "from 3 to 8": 15:00-20:00
    if not first < last <= first + _LONGEST_HOURS * 60:
        return None
    marked = any(match[f"{name}{n}"] for name in ("minute", "half", "after", "mark", "thirty")
                 for n in (1, 2))
    return HourRange(first, last, match.start(), match.end(), folded, marked)


def _unspaced(word: str) -> bool:
    """Whether the word is written in a script without spaces (no word boundary around it)."""
    return bool(word) and ord(word[0]) >= _FIRST_UNSPACED


def _either(words: list[str], *, bounded: bool = False) -> str:
    """The words as one alternation, longest first; `bounded`: a Latin word is whole."""
    return "|".join(
        re.escape(w).replace(r"\ ", r"\s*")
        + (r"(?![^\W\d_])" if bounded and w[-1].isalpha() and not _unspaced(w) else "")
        for w in sorted(words, key=len, reverse=True))


_FIRST_UNSPACED = 0x2E80  # CJK and after
# Full-width digits, and the dashes folding makes spaces: "13:30–14:30" is "13:30-14:30".
_FULL_WIDTH = str.maketrans("０１２３４５６７８９：\u2013\u2014\u2212", "0123456789:---")


def _hours_pattern(before: str, between: str, lists: dict[str, list[str]]) -> re.Pattern[str]:
    """Two hours joined by `between` (opened by `before` when it is a word), each maybe with
    minutes, a mark or a half of the day."""
    halves = _either([*lists["am"], *lists["pm"]], bounded=True) or "(?!)"
    marks = _either(lists["marks"], bounded=True) or "(?!)"
    half_past = _either(lists["half_past"], bounded=True) or "(?!)"

    def one(n: int) -> str:
        return (rf"(?:(?P<half{n}>{halves})\s*)?(?P<hour{n}>2[0-4]|[01]?\d)"
                rf"(?:[:.h](?P<minute{n}>[0-5]\d))?"
                rf"(?:\s*(?P<after{n}>{halves})|\s*(?P<thirty{n}>{half_past})"
                rf"|\s*(?P<mark{n}>{marks}))?")

    opener = ""
    if before:
        edge = "" if _unspaced(before) else r"(?<!\w)"
        opener = rf"{edge}{_either([before])}\s*"
    edge = r"(?<!\w)" if between[0].isalpha() and not _unspaced(between) else ""
    other = _either(lists["not_after"], bounded=True)
    return re.compile(rf"{opener}(?<![\d:.,/-]){one(1)}\s*{edge}{_either([between], bounded=True)}"
                      rf"\s*{one(2)}(?![\d:/]|[.,]\d)" + (rf"(?!\s*(?:{other}))" if other else ""))


@cache
def _range_words(directory: str) -> _RangeWords | None:
    """The language's compiled words, or None when it has none."""
    section = times_section(directory, _SECTION, validate_hour_range)
    if not section:
        return None
    lists = {key: [fold_text(word) for word in section.get(key, ())] for key in _KEYS}
    pairs = sorted(((fold_text(before), fold_text(between))
                    for before, between in section.get("pairs", ())),
                   key=lambda pair: (not pair[0], -len(pair[0]) - len(pair[1])))
    hours = tuple(_hours_pattern(before, between, lists) for before, between in pairs)
    marked_only = frozenset(pattern for pattern, (_, between) in zip(hours, pairs, strict=True)
                            if between in lists["marked_only"])
    noon = section.get("noon", [])
    noon_pattern = re.compile("|".join(f"(?:{p})" for p in noon)) if noon else None
    not_before = (re.compile(rf"(?<!\w)(?:{_either(lists['not_before'])})\s*$")
                  if lists["not_before"] else None)
    return _RangeWords(hours=hours, not_before=not_before, marked_only=marked_only,
                       noon=noon_pattern, am=frozenset(lists["am"]), pm=frozenset(lists["pm"]))
