"""A reply that points at the options of a two-way question instead of naming one: "the other
one", "l'autre", "el otro", "die andere", "ten drugi", "もう一つの方", "另一个"; or at both of
them: "both", "les deux", "beide", "oboje", "両方", "两个都"; or at every option of a list: "all
of them", "tous", "alle", "wszystkie", "全部".

The words come from the lexicons' `other_one`, `both` and `all_of_them`; the words that may go
with them ("no,", "actually", "non", "いや") from `reference_fillers`. The message must hold
nothing else, so "the other one is off sick" or "both are busy" are never read this way. Whether
"the other one" can be said which one is the caller's to decide: only it knows the options and
the pick.
"""

from __future__ import annotations

import re
from functools import cache

from core.text_fold import fold_text
from language.lexicon import interrupt_fragments

_MAX_CHARS = 60  # a short answer; a longer message says more than "the other one"


@cache
def _pattern(*keys: str) -> re.Pattern[str]:
    """Any of the words of the lexicon lists `keys`, each a whole word where words are
    written with spaces, anywhere in Japanese and Chinese."""
    words = sorted({w for key in keys for w in interrupt_fragments(key)}, key=len, reverse=True)
    spaced = [re.escape(w) for w in words if w[0] < "\u3000"]
    unspaced = [re.escape(w) for w in words if w[0] >= "\u3000"]
    parts = ([rf"(?<![\w'-])(?:{'|'.join(spaced)})(?![\w'-])"] if spaced else []) + (
        [f"(?:{'|'.join(unspaced)})"] if unspaced else [])
    return re.compile("|".join(parts) or "(?!)")


def _says_only(key: str, text: str, extra: tuple[str, ...]) -> bool:
    """Whether the message says one of the words of `key` and nothing but fillers and `extra`
    (a name the options share: "the other bob")."""
    folded = fold_text(text)
    if len(folded) > _MAX_CHARS:
        return False
    rest, count = _pattern(key).subn(" ", folded)
    if not count:
        return False
    rest = _pattern("reference_fillers").sub(" ", rest)
    for word in extra:
        rest = re.sub(rf"(?<!\w){re.escape(fold_text(word))}(?!\w)", " ", rest)
    return not re.sub(r"[\s,.!?;:。、！？，…-]+", "", rest)


def says_other_one(text: str, extra: tuple[str, ...] = ()) -> bool:
    """"the other one", "no, l'autre", "nein, die andere", "もう一つの方": the option not
    picked, of two. `extra` are words that may stand with it (the name both options share)."""
    return _says_only("other_one", text, extra)


def says_both(text: str) -> bool:
    """"both", "les deux", "beide", "los dos", "oboje", "両方", "两个都": every option of two."""
    return _says_only("both", text, ())


def says_all(text: str) -> bool:
    """"all of them", "tous", "alle", "todos", "wszystkie", "全部": every option of a list."""
    return _says_only("all_of_them", text, ())
