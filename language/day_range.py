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
from dataclasses import dataclass
from functools import cache
from typing import Any

from language.lexicon import LexiconError
from language.time_from_now import TIMES_FILE, lexicon_directory, times_table

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
                found.append(DayRangeWords(first=before.strip(), last=after.strip()))
    return found


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
    excepting = section.get("except", [])
    if not isinstance(excepting, list) or not all(isinstance(w, str) and w for w in excepting):
        problems.append(f"{where}: {_SECTION}.except must be a list of words")
    return problems


_Pair = tuple[re.Pattern[str] | None, re.Pattern[str]]


@cache
def _patterns(directory: str) -> tuple[_Pair, ...]:
    """The language's range words as patterns, pairs with a first word before those without."""
    data = times_table(directory)
    if data is None:
        return ()
    problems = validate_day_range(f"{directory}/{TIMES_FILE}", data)
    if problems:
        raise LexiconError("; ".join(problems))
    pairs = sorted(data.get(_SECTION, {}).get("pairs", []), key=lambda pair: not pair[0])
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


def split_days_excepted(text: str, language: str | None) -> DaysExcepted | None:
    """The days asked for and those left out in "cancel all my shifts next week except
    friday" ("sauf vendredi", "außer Freitag", "excepto el viernes"), or None when the text
    leaves nothing out: the words after the first "except" up to the end of its clause are
    those left out, the rest the days asked for."""
    pattern = _except_pattern(lexicon_directory(language or "en"))
    found = pattern.search(text or "") if pattern is not None else None
    if found is None:
        return None
    rest = text[found.end():]
    end = _CLAUSE_END.search(rest)
    excepted = rest[:end.start()] if end else rest
    asked = text[:found.start()] + " " + (rest[end.start():] if end else "")
    if not excepted.strip() or not asked.strip():
        return None
    return DaysExcepted(asked=asked.strip(), excepted=excepted.strip())


@cache
def _except_pattern(directory: str) -> re.Pattern[str] | None:
    data = times_table(directory)
    if data is None:
        return None
    problems = validate_day_range(f"{directory}/{TIMES_FILE}", data)
    if problems:
        raise LexiconError("; ".join(problems))
    words = data.get(_SECTION, {}).get("except", [])
    if not words:
        return None
    either = "|".join(re.escape(word) for word in sorted(words, key=len, reverse=True))
    return re.compile(rf"(?<!\w)(?:{either})(?!\w)", re.IGNORECASE)
