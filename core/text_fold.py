"""Text folding: the one form every rule, lexicon and detector matches on.

Folding casefolds, strips accents from Latin letters (kana and other scripts keep their marks),
makes apostrophes, quotes and dashes plain and collapses runs of whitespace, while remembering
for every folded character the original character it came from, so a slot picked out of the
folded text can be returned in the user's own spelling.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass
from functools import lru_cache

_FOLD_CACHE_LIMIT = 8192
_PUNCT_FOLD = {
    "\u2019": "'", "\u2018": "'", "\u02bc": "'", "\u00b4": "'", "`": "'",
    "\u201c": '"', "\u201d": '"', "\u201e": '"',
    "\u2010": "-", "\u2011": "-", "\u2012": "-", "\u2013": " ", "\u2014": " ",
}
_fold_cache: dict[str, str] = {}


def _fold_char(ch: str) -> str:
    cached = _fold_cache.get(ch)
    if cached is not None:
        return cached
    if ch in _PUNCT_FOLD:
        folded = _PUNCT_FOLD[ch]
    elif ch.isspace():
        folded = " "
    else:
        parts = []
        for c in unicodedata.normalize("NFKC", ch).casefold():
            base = unicodedata.normalize("NFD", c)[0]
            # Strip accents from Latin letters only: kana and other scripts keep their marks.
            parts.append(base if base.isascii() else c)
        folded = "".join(parts)
    if len(_fold_cache) < _FOLD_CACHE_LIMIT:
        _fold_cache[ch] = folded
    return folded


@dataclass(frozen=True)
class FoldedText:
    """Folded text plus, for every folded character, the index of its original character."""

    text: str
    origin: tuple[int, ...]
    original: str

    def original_span(self, start: int, end: int) -> str:
        """The original characters behind folded[start:end], stripped."""
        if start >= end:
            return ""
        return self.original[self.origin[start] : self.origin[end - 1] + 1].strip(" ,.;:!?")


# A turn folds the same message in several places (understanding, each detector, the facts of a
# situation): the recent results are kept.
_RECENT_TEXTS = 512
_WORD = re.compile(r"\S+")


@lru_cache(maxsize=_RECENT_TEXTS)
def fold(text: str) -> FoldedText:
    """The folded form of text with the way back to the original characters."""
    return _fold_ascii(text) if text.isascii() else _fold_by_character(text)


def _fold_by_character(text: str) -> FoldedText:
    """`fold` by the rule itself, one character at a time (any script)."""
    out: list[str] = []
    origin: list[int] = []
    for index, ch in enumerate(text):
        folded = _fold_char(ch)
        for piece in folded:
            if piece == " " and (not out or out[-1] == " "):
                continue
            out.append(piece)
            origin.append(index)
    while out and out[-1] == " ":
        out.pop()
        origin.pop()
    return FoldedText("".join(out), tuple(origin), text)


def _fold_ascii(text: str) -> FoldedText:
    """`fold` for ASCII text, a word at a time: casefolding ASCII is lowercasing, NFKC leaves
    it as it is, and only the backquote among its punctuation becomes an apostrophe."""
    lowered = _ascii_folded_letters(text)
    out: list[str] = []
    origin: list[int] = []
    previous_end = 0
    for word in _WORD.finditer(lowered):
        if out:
            out.append(" ")
            origin.append(previous_end)
        out.append(word.group())
        origin.extend(range(word.start(), word.end()))
        previous_end = word.end()
    return FoldedText("".join(out), tuple(origin), text)


def fold_text(text: str) -> str:
    """The form every rule matches on: casefolded, Latin accents stripped, apostrophes and
    quotes made plain, runs of whitespace collapsed."""
    if text.isascii():
        return " ".join(_ascii_folded_letters(text).split())
    return fold(text).text


def _ascii_folded_letters(text: str) -> str:
    """ASCII text with every character folded (whitespace not yet collapsed)."""
    return text.lower().replace("`", "'")
