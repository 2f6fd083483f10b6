"""A reply at a shift change's preview that puts another person in it, and says nothing else:
"not bob, chen", "no, alice", "pas chen, alice", "nicht Chen, sondern Alice", "nie Chen, Alicja",
"チェンさんじゃなくてアリスさん", "不是陈伟，是爱丽丝"; and a request that corrects its last name
on the way: "give bob jones's thursday shift to alice no wait, sophie" (`correction_starts`).

The words that may stand around the names come from the lexicons' `person_corrections`; what is
left once they and the names are taken off must be nothing, so "no, alice is off sick" is never
read as a correction (the caller finds the people named, and passes their names in).
"""

from __future__ import annotations

import re
from functools import cache

from core.text_fold import fold, fold_text
from language.lexicon import alternatives, gathered, interrupt_fragments, load_lexicons

_MAX_CHARS = 60  # two names and a few words; a longer message says more than a correction


@cache
def _words() -> re.Pattern[str]:
    words = sorted(interrupt_fragments("person_corrections"), key=len, reverse=True)
    spaced = [re.escape(w) for w in words if w[0] < "\u3000"]
    unspaced = [re.escape(w) for w in words if w[0] >= "\u3000"]
    parts = ([rf"(?<![\w'-])(?:{'|'.join(spaced)})(?![\w'-])"] if spaced else []) + (
        [f"(?:{'|'.join(unspaced)})"] if unspaced else [])
    return re.compile("|".join(parts) or "(?!)")


@cache
def _list_joins() -> re.Pattern[str]:
    words = sorted(interrupt_fragments("list_joins"), key=len, reverse=True)
    spaced = [re.escape(w) for w in words if w[0] < "\u3000"]
    unspaced = [re.escape(w) for w in words if w[0] >= "\u3000"]
    parts = ([rf"(?<![\w'-])(?:{'|'.join(spaced)})(?![\w'-])"] if spaced else []) + (
        [f"(?:{'|'.join(unspaced)})"] if unspaced else [])
    return re.compile("|".join(parts) or "(?!)")


def only_names_corrected(text: str, names: tuple[str, ...], *, joined: bool = False) -> bool:
    """Whether the message is the `names` and correction words only ("not bob, chen"); a name
    declined as Polish declines it ("Boba", "Alicji") counts as the name. `joined`: the names
    may be joined as a list is ("sorry, sophie and bob smith": a pair said again)."""
    folded = fold_text(text)
    if len(folded) > _MAX_CHARS or not names:
        return False
    words = sorted({fold_text(part) for name in names for part in name.split()},
                   key=len, reverse=True)
    for word in words:
        if word[0] >= "\u3000":
            folded = folded.replace(word, " ")
        else:
            stem = re.escape(word[:-1] if len(word) > 3 else word)
            folded = re.sub(rf"(?<!\w){stem}\w*", " ", folded)
    rest = _words().sub(" ", folded)
    if joined:
        # After the correction words: a join of one language ("i") is in another's ("i mean").
        rest = _list_joins().sub(" ", rest)
    return not re.sub(r"[\s,.!?;:。、！？，…-]+", "", rest)


@cache
def _self_corrections() -> re.Pattern[str]:
    words = gathered(load_lexicons(), "self_corrections", "change_of_mind")
    return re.compile(rf"(?<![\w'-])(?:{alternatives(words)})(?![\w'-])")


def correction_starts(text: str) -> list[int]:
    """Where in `text` the words a request corrects itself with start ("no wait", "sorry",
    "non", "nein", "perdón"), the last first; whether a name and nothing else follows is for
    the caller to check with `only_names_corrected`."""
    folded = fold(text)
    return sorted((folded.origin[found.start()]
                   for found in _self_corrections().finditer(folded.text)), reverse=True)
