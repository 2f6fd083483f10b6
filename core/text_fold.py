"""Text folding: the one form every rule, lexicon and detector matches on.

Folding casefolds, strips accents from Latin letters (kana and other scripts keep their marks),
makes apostrophes, quotes and dashes plain and collapses runs of whitespace, while remembering
for every folded character the original character it came from, so a slot picked out of the
folded text can be returned in the user's own spelling.
"""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass

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


def fold(text: str) -> FoldedText:
    """The folded form of text with the way back to the original characters."""
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


def fold_text(text: str) -> str:
    """The form every rule matches on: casefolded, Latin accents stripped, apostrophes and
    quotes made plain, runs of whitespace collapsed."""
    return fold(text).text
