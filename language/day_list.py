"""Whether a list of dates a manager typed is days and nothing else: "le 2, le 4 et le 9
novembre", "am 2.11. und 4.11.", "11月2日、4日と9日"; not "the 2nd and 4th, roughly".

A letter in another language than the manager's quoted such a list as typed ("on the following
dates: le 2, le 4 et le 9 novembre"); a list of days alone is written out in the letter's
language instead, and only when every word the manager typed is a day's, a number's word
("the", "le", "er"), a list's join ("and", "et", "と") or a mark, so that none is lost.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from core.text_fold import fold_text
from language.day_of_month import day_number_words
from language.lexicon import list_joins

# Letters without digits: "2nd" leaves "nd", "11月2日" leaves "月" and "日".
_WORD = re.compile(r"[^\W\d_]+")


def names_days_only(text: str, days_words: Iterable[str], language: str | None) -> bool:
    """Whether `text` holds nothing but the days read from it (`days_words`, the words each was
    read from), their numbers' words and the joins of a list."""
    allowed = set(day_number_words(language))
    for words in days_words:
        allowed.update(_WORD.findall(fold_text(words)))
    rest = list_joins().sub(" ", fold_text(text or ""))
    return all(word in allowed for word in _WORD.findall(rest))


