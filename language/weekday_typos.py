"""Days of the week typed with a slip ("tuesdya", "thrusday", "Mittwock", "mercedi", "samstg",
"sabdo"): read as the day meant, in every language.

A request naming a day with a typo was understood (its verb and noun are right) but its day was
not: "cancel my shift on tuesdya" asked which shift, "und am samstg?" after "wer arbeitet am
Freitag?" was not understood. The general typo reading runs only for messages no rule reads;
this one looks at every message, cheaply: a word is compared only with the weekdays of the
message's language and of English that share its first letter and are within a letter of its
length, and only when the lexicons do not know it.
The flow still shows the day in full before anything is done.
"""

from __future__ import annotations

import re
from functools import cache

from rapidfuzz import fuzz

from core.reply_lexicon import WEEKDAYS
from core.text_fold import FoldedText, fold_text
from language.typo_correction import typo_corrector

_MIN_LENGTH = 5  # "fri", "mon", "lun": too short to tell from other words
_LENGTH_SLACK = 1  # a letter missing or added: "viene" is no "viernes"
# Normalised Indel similarity: a swap ("tuesdya") scores 86, a letter left out ("samstg") 92,
# "wendsday" 82; "sunny" against "sunday" 73, "domani" against "domingo" 62.
_SCORE = 82.0
_WORD = re.compile(r"[^\W\d_]+")


@cache
def _by_letter(language: str) -> dict[str, tuple[str, ...]]:
    """The weekdays of `language` and of English (typed everywhere) by their first letter."""
    table: dict[str, list[str]] = {}
    days = {fold_text(spelling) for code in {language, "en"}
            for spellings in WEEKDAYS.get(code, ()) for spelling in spellings}
    for day in sorted(days):
        if len(day) >= _MIN_LENGTH and day.isalpha():
            table.setdefault(day[0], []).append(day)
    return {letter: tuple(days) for letter, days in table.items()}


def weekday_typos(
    folded: FoldedText, *, language: str, nouns_capitalised: bool
) -> tuple[tuple[str, str], ...]:
    """The (typed, meant) pairs of the message's misspelt weekdays, each as typed ("venrdì",
    "Mittwock"), in `language` or English. A capitalised word may be a name ("Frida is off
    sick"), unless the message's language capitalises every noun (German writes "Mittwoch")."""
    found: list[tuple[str, str]] = []
    table = _by_letter(language)
    for match in _WORD.finditer(folded.text):
        word = match.group(0)
        days = table.get(word[0]) if len(word) >= _MIN_LENGTH else None
        if not days or word in days or word[:-1] in days:  # "mondays" is no typo
            continue
        if word in typo_corrector().known:
            continue
        typed = folded.original_span(match.start(), match.end())
        if typed[:1].isupper() and not nouns_capitalised:
            continue
        close = [(100.0 if _one_swap(word, day) else fuzz.ratio(word, day), day)
                 for day in days if abs(len(day) - len(word)) <= _LENGTH_SLACK]
        best = max(close, default=(0.0, ""))
        if best[0] >= _SCORE and sum(score == best[0] for score, _ in close) == 1:
            found.append((typed, best[1]))
    return tuple(found)


def _one_swap(word: str, day: str) -> bool:
    """Whether `word` is `day` with two letters next to each other swapped ("mradi")."""
    if len(word) != len(day) or word == day:
        return False
    different = [i for i, (a, b) in enumerate(zip(word, day, strict=True)) if a != b]
    return (len(different) == 2 and different[1] == different[0] + 1
            and word[different[0]] == day[different[1]] and word[different[1]] == day[different[0]])
