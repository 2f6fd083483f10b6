"""Which of several days a request means when it corrects itself on the way: "assign bob on
wednesday, no sorry thursday", "assigne bob mardi, non pas mardi, mercredi", "asigna a bob el
miércoles, no perdón el jueves", "bob am Freitag einteilen, nein doch Samstag", "metti bob lunedì,
anzi martedì", "escala o bob na segunda, não, na terça".

People type as they think: the day said after a correction word (the lexicons'
`self_corrections` and `change_of_mind`) is the one they mean, unless it is the day they take
back ("non pas mardi", "not tomorrow", "nicht Freitag"). Without a correction word, two days stay
two days, and the caller reads them as before.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from core.text_fold import fold_text
from language.interrupts import interrupt_words
from language.lexicon import alternatives, gathered, load_lexicons

# A day taken back: "pas mardi", "not tomorrow", "nicht am Freitag", "no el miércoles".
_TAKEN_BACK = re.compile(
    r"\b(?:not|pas|nicht|no|non|nao|niet|nie)\s+(?:(?:on|le|el|am|il|na|no|de|del|du)\s+)?$"
)
# What may stand between a correction word and the day it brings: "no, el jueves", "nein am".
_LEAD_IN = r"[\s,;:.!-]*(?:(?:on|le|el|am|il|na|no|de|del|du)\s+)?"
_MARKER: re.Pattern[str] | None = None


def _marker() -> re.Pattern[str]:
    global _MARKER
    if _MARKER is None:
        words = gathered(load_lexicons(), "self_corrections", "change_of_mind")
        _MARKER = re.compile(rf"\b(?:{alternatives(words)})\b")
    return _MARKER


def meant_days(text: str, day_words: Sequence[str]) -> list[int] | None:
    """The indexes in `day_words` (the words of each day `text` names, in the order they come)
    of the days a self-correcting request means ("no, wednesday or thursday": both); None when
    the text does not correct itself, names fewer than two days, or means none of them."""
    if len(day_words) < 2:
        return None
    folded = fold_text(text)
    position = 0
    places: list[int] = []
    for words in day_words:
        found = folded.find(fold_text(words), position)
        if found < 0:
            return None
        places.append(found)
        position = found + len(words)
    instead = [*interrupt_words().instead_of.finditer(folded),
               *interrupt_words().replaced_before.finditer(folded)]
    markers = [m for m in _marker().finditer(folded)  # "instead" in "instead of" is none
               if not any(i.start() < m.end() and m.start() < i.end() for i in instead)]
    if not markers:
        return _days_not_replaced(folded, places, day_words)
    last = markers[-1].start()
    after = [
        i
        for i, place in enumerate(places)
        if place >= last and (_corrects_the_day_before(folded, places, day_words, i)
                              or not _TAKEN_BACK.search(folded[:place]))
    ]
    return after or None


def _days_not_replaced(
    folded: str, places: list[int], day_words: Sequence[str]
) -> list[int] | None:
    """The days meant when others are said to be replaced ("friday instead of saturday",
    "vendredi au lieu de samedi", "不是周六，是周五": the day right after the lexicons'
    `instead_of` words; "土曜日ではなく金曜日": the day right before `replaced_before`); None
    when no day is replaced, or every one."""
    words = interrupt_words()
    after = list(words.replaced_before.finditer(folded))
    ends = [place + len(fold_text(w)) for place, w in zip(places, day_words, strict=True)]
    replaced = {max(i for i, end in enumerate(ends) if end <= found.start())
                for found in after if ends[0] <= found.start()}
    for found in words.instead_of.finditer(folded):
        if any(a.start() < found.end() and found.start() < a.end() for a in after):
            continue  # "ではなく": said after the day it replaces
        replaced |= {min(i for i, place in enumerate(places) if place >= found.end())
                     for _ in (0,) if places[-1] >= found.end()}
    meant = [i for i in range(len(places)) if i not in replaced]
    return meant if replaced and meant else None


def _corrects_the_day_before(
    folded: str, places: list[int], day_words: Sequence[str], index: int
) -> bool:
    """Whether day `index` comes straight after the day before it and a correction word
    ("wednesday no thursday", "el miércoles no el jueves"): it replaces that day, where "no
    thursday" alone would take Thursday back."""
    if index == 0:
        return False
    between = folded[places[index - 1] + len(fold_text(day_words[index - 1])):places[index]]
    return re.fullmatch(rf"{_LEAD_IN}(?:{_marker().pattern}){_LEAD_IN}", between) is not None
