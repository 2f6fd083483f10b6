"""How long from now a person's words say ("in 2 hours", "dans une demi-heure", "in zwei
Stunden", "za pół godziny", "2時間後", "两小时后"), for the time a call or meeting is booked at.

The recognizer reads such phrases in English and French only, and in Spanish as the stretch from
now until then; the words of every language live in `language/lexicons/<lang>/times.toml`
(`[from_now]`: the words before the amount, the words after it, the hour and minute units, the
half-hour and one-hour phrases and the number words). `minutes_from_now` gives the amount in
minutes, or None when the text says no such thing.
"""

from __future__ import annotations

import re
import tomllib
from dataclasses import dataclass
from functools import cache
from typing import Any

from core.text_fold import fold_text
from language.lexicon import LEXICON_ROOT, LexiconError

TIMES_FILE = "times.toml"
_LIST_KEYS = ("before", "after", "hours", "minutes", "half_hour", "one_hour")
_LOCALE_DIRECTORY = {"zh": "zh-Hans"}
_LONGEST_AMOUNT_MINUTES = 12 * 60
"""Further than this is not "later today" any more: the phrase is left to the other readers."""


@dataclass(frozen=True)
class _FromNowWords:
    """One language's from-now phrase, compiled, and the values of its number words."""

    pattern: re.Pattern[str]
    numbers: dict[str, int]


def minutes_from_now(text: str, language: str) -> int | None:
    """The minutes from now the text names in the language ("in 2 hours": 120), or None.
    `language` is a language ("de"), a locale ("pt-BR") or a lexicon directory ("zh-Hans")."""
    primary = language.replace("_", "-").split("-")[0].casefold()
    words = (_from_now_words(language) if (LEXICON_ROOT / language).is_dir()
             else _from_now_words(_LOCALE_DIRECTORY.get(primary, primary)))
    if words is None:
        return None
    found = words.pattern.search(fold_text(text))
    if found is None:
        return None
    groups = {name: value for name, value in found.groupdict().items() if value}
    if any(name.startswith("half") for name in groups):
        return 30
    if any(name.startswith("one_hour") for name in groups):
        return 60
    count_text = groups.get("count_before") or groups.get("count_after") or ""
    count = int(count_text) if count_text.isdigit() else words.numbers.get(count_text)
    if not count:
        return None
    hours = "hours_before" in groups or "hours_after" in groups
    minutes = count * 60 if hours else count
    return minutes if minutes <= _LONGEST_AMOUNT_MINUTES else None


def says_time_from_now(text: str, *languages: str | None) -> bool:
    """Whether the text names a time from now in any of the languages (ERA's language this
    turn and the person's locale: "en 2 horas" from someone whose request was in English)."""
    return any(minutes_from_now(text, language) is not None for language in languages if language)


@cache
def _from_now_words(directory: str) -> _FromNowWords | None:
    """The language's compiled phrase, or None when it has no times.toml."""
    path = LEXICON_ROOT / directory / TIMES_FILE
    if not path.is_file():
        return None
    with path.open("rb") as handle:
        data = tomllib.load(handle)
    problems = validate_times(directory, data)
    if problems:
        raise LexiconError("; ".join(problems))
    return _compiled(data["from_now"], unspaced=bool(data.get("unspaced", False)))


def validate_times(directory: str, data: dict[str, Any]) -> list[str]:
    """The schema problems of one language's times.toml (the schema test runs it on all)."""
    where = f"{directory}/{TIMES_FILE}"
    problems = []
    if data.get("language") != directory:
        problems.append(f"{where}: language must be {directory!r}")
    section = data.get("from_now")
    if not isinstance(section, dict):
        return [*problems, f"{where}: [from_now] is missing"]
    for key in _LIST_KEYS:
        value = section.get(key, [])
        if not isinstance(value, list) or not all(isinstance(v, str) and v for v in value):
            problems.append(f"{where}: from_now.{key} must be a list of words")
    if not section.get("before") and not section.get("after"):
        problems.append(f"{where}: from_now needs words before or after the amount")
    if not section.get("hours") or not section.get("minutes"):
        problems.append(f"{where}: from_now needs hour and minute words")
    numbers = section.get("numbers", {})
    if not isinstance(numbers, dict) or not all(
            isinstance(v, int) and 0 < v <= 60 for v in numbers.values()):
        problems.append(f"{where}: from_now.numbers must map words to 1-60")
    return problems


def _compiled(section: dict[str, Any], *, unspaced: bool) -> _FromNowWords:
    """The phrase as one pattern: a word before the amount, or one after it (or both)."""
    numbers = {fold_text(word): value for word, value in section.get("numbers", {}).items()}

    def any_of(words: list[str]) -> str:
        folded = sorted({fold_text(word) for word in words}, key=len, reverse=True)
        return "|".join(re.escape(word).replace(r"\ ", r"\s+") for word in folded)

    gap = r"\s*" if unspaced else r"\s+"
    edge_before, edge_after = ("", "") if unspaced else (r"(?<!\w)", r"(?!\w)")
    count = r"\d{1,3}" + (f"|{any_of(list(numbers))}" if numbers else "")

    def amount(tail: str) -> str:
        half = any_of(section.get("half_hour", [])) or "(?!)"
        one_hour = any_of(section.get("one_hour", [])) or "(?!)"
        return (f"(?:(?P<half_{tail}>{half})|(?P<one_hour_{tail}>{one_hour})"
                f"|(?P<count_{tail}>{count})\\s*"
                f"(?:(?P<hours_{tail}>{any_of(section['hours'])})"
                f"|(?P<minutes_{tail}>{any_of(section['minutes'])})))")

    options = []
    if section.get("before"):
        options.append(f"{edge_before}(?:{any_of(section['before'])}){gap}{amount('before')}"
                       f"{edge_after}")
    if section.get("after"):
        options.append(f"{edge_before}{amount('after')}{gap}(?:{any_of(section['after'])})"
                       f"{edge_after}")
    return _FromNowWords(re.compile("|".join(options)), numbers)
