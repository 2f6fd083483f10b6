"""Time words typed with a slip ("morgn", "mrgen", "mañna", "demian", "doamni", "jutr") or in
a short form of their own ("tomoro", "mñn"): read as the word meant.

"ich kann morgn nicht" was understood as a shift cancellation but read no day, so every coming
shift was listed. A word one letter from a time word of the message's language or of English
(a letter missing, added or changed, or two letters next to each other swapped), with the same
first letter, is read as it; so is a short form the language's times.toml spells out. Words of
their own are never taken: those the lexicons know, and those that times.toml lists as close to a
time word but something else ("mogen", "minha", "tarda"). A capitalised word inside the sentence
may be a name, unless the language capitalises its nouns (German). The words live in each
language's times.toml, `[typos]`: `words` (the time words), `spelled` (short forms) and
`not_typos`.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache
from typing import Any

from core.text_fold import FoldedText, fold, fold_text
from language.time_from_now import lexicon_directory, times_section
from language.typo_correction import typo_corrector

_MIN_LENGTH = 4  # "jutr" is "jutro"; shorter words ("hoy", "oggi" less a letter) are too many
# English is typed everywhere, but its short time words are a letter from other languages'
# words (Spanish "todas" is "today" with a letter changed): elsewhere only its long ones count.
_FOREIGN_MIN_LENGTH = 7
_WORD = re.compile(r"[^\W\d_]+")
_KEYS = ("words", "not_typos")


@dataclass(frozen=True)
class _TypoWords:
    """One language's time words by first letter, short forms and words of their own."""

    words: dict[str, tuple[str, ...]]
    spellings: dict[str, str]
    spelled: dict[str, str]
    not_typos: frozenset[str]


def validate_typos(where: str, data: dict[str, Any]) -> list[str]:
    """The schema problems of a times.toml's `[typos]` section (it may have none)."""
    section = data.get("typos", {})
    if not isinstance(section, dict):
        return [f"{where}: [typos] must be a table"]
    problems = [f"{where}: typos.{key} must be a list of words" for key in _KEYS
                if not isinstance(value := section.get(key, []), list)
                or not all(isinstance(word, str) and word for word in value)]
    spelled = section.get("spelled", {})
    if not isinstance(spelled, dict) or not all(
            isinstance(word, str) and word for word in spelled.values()):
        problems.append(f"{where}: typos.spelled must map short forms to words")
    return problems


@cache
def _typo_words(language: str, *, foreign: bool = False) -> _TypoWords | None:
    """The language's time words (`foreign`: typed in another language's message, its long
    ones only), or None when its times.toml has none."""
    section = times_section(lexicon_directory(language), "typos", validate_typos)
    if not section:
        return None
    by_letter: dict[str, list[str]] = {}
    spellings: dict[str, str] = {}
    for word in section.get("words", ()):
        folded = fold_text(word)
        if foreign and len(folded) < _FOREIGN_MIN_LENGTH:
            continue
        by_letter.setdefault(folded[:1], []).append(folded)
        spellings[folded] = word
    return _TypoWords(
        words={letter: tuple(words) for letter, words in by_letter.items()},
        spellings=spellings,
        spelled={fold_text(typed): meant for typed, meant in section.get("spelled", {}).items()},
        not_typos=frozenset(fold_text(word) for word in section.get("not_typos", ())),
    )


def _one_edit(word: str, meant: str) -> bool:
    """Whether `word` is `meant` with one letter missing, added or changed, or two letters next
    to each other swapped."""
    if word == meant or abs(len(word) - len(meant)) > 1:
        return False
    if len(word) == len(meant):
        different = [i for i, (a, b) in enumerate(zip(word, meant, strict=True)) if a != b]
        return len(different) == 1 or (
            len(different) == 2 and different[1] == different[0] + 1
            and word[different[0]] == meant[different[1]]
            and word[different[1]] == meant[different[0]])
    shorter, longer = sorted((word, meant), key=len)
    return any(longer[:i] + longer[i + 1:] == shorter for i in range(len(longer)))


def day_word_typos(
    folded: FoldedText, *, language: str | None, nouns_capitalised: bool
) -> tuple[tuple[str, str], ...]:
    """The (typed, meant) pairs of the message's misspelt time words, each as typed ("morgn",
    "mañna"), in `language` (English when none is known) or English."""
    language = language or "en"
    tables = [table for code in dict.fromkeys((language, "en"))
              if (table := _typo_words(code, foreign=code != language)) is not None]
    if not tables:
        return ()
    found: list[tuple[str, str]] = []
    for match in _WORD.finditer(folded.text):
        word = match.group(0)
        meant = _meant(word, tables)
        if meant is None:
            continue
        typed = folded.original_span(match.start(), match.end())
        if typed[:1].isupper() and match.start() > 0 and not nouns_capitalised:
            continue
        found.append((typed, meant))
    return tuple(found)


def _meant(word: str, tables: list[_TypoWords]) -> str | None:
    """The time word `word` (folded) stands for, or None when it is none or a word of its own."""
    for table in tables:
        if word in table.spelled:
            return table.spelled[word]
    if len(word) < _MIN_LENGTH or word in typo_corrector().known:
        return None
    close: set[str] = set()
    for table in tables:
        words = table.words.get(word[0], ())
        if word in words or word in table.not_typos:
            return None
        close.update(table.spellings[meant] for meant in words if _one_edit(word, meant))
    return close.pop() if len(close) == 1 else None


def with_day_words_spelled(text: str, language: str) -> str:
    """`text` with its misspelt time words spelled right, for the time readers."""
    pairs = day_word_typos(fold(text), language=language, nouns_capitalised=language == "de")
    for typed, meant in pairs:
        text = re.sub(rf"(?<!\w){re.escape(typed)}(?!\w)", meant, text)
    return text
