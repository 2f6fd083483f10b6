"""Latin lookalikes: Cyrillic and Greek letters that are drawn like Latin ones ("Аlice" with a
Cyrillic А, "Вob" with a Cyrillic В), after the Unicode confusables data (UTS #39).

A name typed with a keyboard switched to another script for one letter, or pasted from
somewhere that spoofs it, looks exactly like the name it copies. `unconfuse` reads such a word
as the Latin word it looks like, so it finds the person it shows. Only a word that mixes Latin
letters with lookalikes is read so: a word written wholly in Cyrillic or Greek is that
language's own word ("Вов", "Νίκος") and is left alone. Both sides of a comparison (what was
typed and the directory's names) are read the same way, so two people whose names look alike
both match, and the caller asks which one is meant.
"""

from __future__ import annotations

import re

# Uppercase and lowercase apart: Greek "Ν" looks like N, its lowercase "ν" like v.
_LOOKALIKES = str.maketrans({
    # Cyrillic capitals
    "А": "A", "В": "B", "Е": "E", "К": "K", "М": "M", "Н": "H", "О": "O", "Р": "P", "С": "C",
    "Т": "T", "У": "Y", "Х": "X", "І": "I", "Ј": "J", "Ѕ": "S", "Ԛ": "Q", "Ԝ": "W", "Ү": "Y",
    # Cyrillic small letters
    "а": "a", "е": "e", "о": "o", "р": "p", "с": "c", "у": "y", "х": "x", "і": "i", "ј": "j",
    "ѕ": "s", "һ": "h", "ԁ": "d", "ԛ": "q", "ԝ": "w", "ӏ": "l", "ү": "y",
    # Greek capitals
    "Α": "A", "Β": "B", "Ε": "E", "Ζ": "Z", "Η": "H", "Ι": "I", "Κ": "K", "Μ": "M", "Ν": "N",
    "Ο": "O", "Ρ": "P", "Τ": "T", "Υ": "Y", "Χ": "X",
    # Greek small letters
    "ο": "o", "ι": "i", "ν": "v", "α": "a", "ρ": "p", "κ": "k",
})
_LOOKALIKE_LETTERS = frozenset(chr(code) for code in _LOOKALIKES)
# Case-folded text has lost the capitals: "Вob" folds to "вob", whose "в" is no lookalike of
# anything but is still the folded capital В that showed a B.
_FOLDED_LOOKALIKES = str.maketrans({
    **{chr(code).casefold(): latin.casefold() for code, latin in _LOOKALIKES.items()
       if chr(code).isupper()},
    **{chr(code): latin for code, latin in _LOOKALIKES.items() if chr(code).islower()},
})
_FOLDED_LOOKALIKE_LETTERS = frozenset(chr(code) for code in _FOLDED_LOOKALIKES)
_WORD = re.compile(r"\w+")
# A first look in C: most text that is not ASCII (accents, kana, hanzi) holds no lookalike at
# all, and then no word needs a look of its own.
_ANY_LOOKALIKE = re.compile("[" + re.escape("".join(sorted(_LOOKALIKE_LETTERS))) + "]")
_ANY_FOLDED_LOOKALIKE = re.compile(
    "[" + re.escape("".join(sorted(_FOLDED_LOOKALIKE_LETTERS))) + "]")


def _is_latin(ch: str) -> bool:
    return ch.isascii() and ch.isalpha()


def _unconfuse_word(match: re.Match[str]) -> str:
    word = match.group()
    if any(ch in _LOOKALIKE_LETTERS for ch in word) and any(_is_latin(ch) for ch in word):
        return word.translate(_LOOKALIKES)
    return word


def _unconfuse_folded_word(match: re.Match[str]) -> str:
    word = match.group()
    if any(ch in _FOLDED_LOOKALIKE_LETTERS for ch in word) and any(_is_latin(ch) for ch in word):
        return word.translate(_FOLDED_LOOKALIKES)
    return word


def unconfuse(text: str) -> str:
    """The text with each word that mixes Latin letters and lookalikes written in Latin
    letters only ("Аlice" -> "Alice"); other words as they are."""
    if text.isascii() or _ANY_LOOKALIKE.search(text) is None:
        return text
    return _WORD.sub(_unconfuse_word, text)


def unconfuse_folded(folded: str) -> str:
    """`unconfuse` for case-folded text, where a lookalike capital is now a small letter
    ("Вob" folded is "вob" -> "bob"); words written wholly in one script as they are."""
    if folded.isascii() or _ANY_FOLDED_LOOKALIKE.search(folded) is None:
        return folded
    return _WORD.sub(_unconfuse_folded_word, folded)
