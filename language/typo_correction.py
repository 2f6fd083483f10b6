"""Typos and missing accents: words close to the request vocabulary are read as that vocabulary.

"cancle my shfit" is read as "cancel my shift": every word of the folded message that the
lexicons do not know (in their vocabulary or among the plain words their patterns are written
with) is compared, with RapidFuzz's normalised Indel similarity, to the plain `vocabulary` of
every lexicon. A word is replaced only when it is long enough (short words, initials and numbers
are left alone), scores above a threshold, and does not look like a name (capitalised inside the
sentence, unless the message is German, which capitalises every noun). The word a request
opens with (only words the lexicons know before it, more words after it) may be as short as
three letters: "cal bob", "pls cal Bob tomorrow" open with a command word missing a letter,
while "cal" alone, or after other words, stays as typed. When two vocabulary
words are equally close the reading is ambiguous and both spellings are returned, so the caller
can ask which one was meant. Missing accents need nothing here: folding strips them from the
message and the lexicons alike.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from rapidfuzz import fuzz, process

from core.text_fold import FoldedText, fold_text
from language.lexicon import Lexicon, load_lexicons

MIN_WORD_LENGTH = 4  # "bok", "mtg", "Bob" and numbers are never corrected inside a sentence
# The word a request opens with may be shorter: "cal bob" is "call bob", "cal" alone stays.
HEAD_WORD_LENGTH = 3
_SHORT_WORD_LENGTH = 4
SHORT_WORD_SCORE = 85.0  # one insertion in a four-letter word ("shft" -> "shift") passes
WORD_SCORE = 80.0  # a swap of two letters in "cancle" or "shfit" scores 83 and 80
_TIE = 0.5  # two candidates this close are equally likely
_WORD = re.compile(r"[^\W\d_]+(?:['-][^\W\d_]+)*")
PLAIN_FRAGMENT = re.compile(r"[^\W\d_]+(?:['-][^\W\d_]+)*(?: [^\W\d_]+)*")
_CACHE_LIMIT = 4096
# Endings this long or longer only: one letter ("a", "e", "s") would make many typos words.
_MIN_ENDING = 2


@dataclass(frozen=True)
class Correction:
    """Folded text with typos replaced, and the (typed, read as) pairs behind it."""

    text: str
    replaced: tuple[tuple[str, str], ...]


def _plain_words(lexicons: Sequence[Lexicon]) -> set[str]:
    """Every plain word the lexicons are written with: they are never 'corrected'."""
    words: set[str] = set()

    def add(fragments: Sequence[str]) -> None:
        for fragment in fragments:
            if PLAIN_FRAGMENT.fullmatch(fragment):
                words.update(fragment.split())

    for lexicon in lexicons:
        for fragments in lexicon.words.values():
            add(fragments)
        for section in lexicon.sections.values():
            for fragments in section.values():
                add(fragments)
        for fragments in lexicon.control.values():
            add(fragments)
        for fragments in lexicon.interrupts.values():
            add(fragments)
    return words


class TypoCorrector:
    """Corrects words towards the lexicons' vocabulary; compiled once, cached per word."""

    def __init__(self, lexicons: Sequence[Lexicon]) -> None:
        vocabulary: dict[str, None] = {}
        for lexicon in lexicons:
            for word in lexicon.vocabulary:
                vocabulary[fold_text(word)] = None
        self.vocabulary = tuple(vocabulary)
        self.known = frozenset(vocabulary) | frozenset(_plain_words(lexicons))
        # A known word with an ending of its own ("calling", "called" of "call") is a word as
        # written, no typo of a longer one ("calling" was read as "cancelling").
        self._endings = tuple(sorted({
            ending for lexicon in lexicons
            for ending in lexicon.situations.get("index_suffixes", ())
            if len(ending) >= _MIN_ENDING}, key=len, reverse=True))
        self._cache: dict[str, tuple[str, ...]] = {}

    def candidates(self, word: str, *, head: bool = False) -> tuple[str, ...]:
        """The vocabulary words a typed word is read as: none, one, or several equally close
        (`head`: the word opens a longer message, where three letters are enough)."""
        shortest = HEAD_WORD_LENGTH if head else MIN_WORD_LENGTH
        if len(word) < shortest or word in self.known or not word.isalpha():
            return ()
        cached = self._cache.get(word)
        if cached is not None:
            return cached
        # (A known word with an ending of its own is cached as no typo, so the endings are
        # not tried again for it on every message.)
        result: tuple[str, ...] = ()
        if not self._inflects_a_known_word(word):
            cutoff = SHORT_WORD_SCORE if len(word) <= _SHORT_WORD_LENGTH else WORD_SCORE
            found = process.extract(
                word, self.vocabulary, scorer=fuzz.ratio, score_cutoff=cutoff, limit=3
            )
            best = found[0][1] if found else 0.0
            result = tuple(choice for choice, score, _ in found if best - score <= _TIE)
        if len(self._cache) < _CACHE_LIMIT:
            self._cache[word] = result
        return result

    def _inflects_a_known_word(self, word: str) -> bool:
        """Whether the word is a known word of four letters or more with an ending ("meting"
        stays a typo of "meeting", not "met" with an ending)."""
        return any(
            word.endswith(ending) and len(word) - len(ending) >= MIN_WORD_LENGTH
            and word[: -len(ending)] in self.known
            for ending in self._endings)

    def correct(
        self, folded: FoldedText, *, nouns_capitalised: Callable[[], bool] = lambda: False
    ) -> list[Correction]:
        """The readings of the message with its typos corrected: none when nothing was
        corrected; two when one word is equally close to two vocabulary words.
        nouns_capitalised says (asked only when needed) whether the message is in a language
        that capitalises every noun (German), where a capital letter does not mark a name."""
        # (text so far, position reached in the folded text, replacements made)
        readings: list[tuple[str, int, tuple[tuple[str, str], ...]]] = [("", 0, ())]
        text = folded.text
        changed = False
        known_before = True  # every word before this one is known to the lexicons
        for found in _WORD.finditer(text):
            word = found.group()
            # Only a word of head length can be corrected as a head, so only it needs the look
            # at the rest of the message; the words before it are followed as they go by
            # (they were read again from the start for every word).
            head = (known_before and HEAD_WORD_LENGTH <= len(word) < MIN_WORD_LENGTH
                    and bool(text[found.end() :].strip()))
            known_before = known_before and word in self.known
            choices = self.candidates(word, head=head)
            if not choices:
                continue
            if self._looks_like_a_name(folded, found.start()) and not nouns_capitalised():
                continue
            changed = True
            extended: list[tuple[str, int, tuple[tuple[str, str], ...]]] = []
            for prefix, position, replaced in readings:
                head = prefix + text[position : found.start()]
                for choice in choices[:2]:
                    extended.append((head + choice, found.end(), (*replaced, (word, choice))))
            readings = extended
        if not changed:
            return []
        return [
            Correction(prefix + text[position:], replaced)
            for prefix, position, replaced in readings
        ]

    @staticmethod
    def _looks_like_a_name(folded: FoldedText, start: int) -> bool:
        """A capitalised word after the first one: "Cancela" the surname stays as typed."""
        original = folded.original[folded.origin[start]]
        if not original.isupper():
            return False
        before = folded.original[: folded.origin[start]].rstrip()
        return bool(before) and before[-1] not in ".!?"


_CORRECTOR: TypoCorrector | None = None


def typo_corrector() -> TypoCorrector:
    """The corrector built from the shipped lexicons (built on first use, then shared)."""
    global _CORRECTOR
    if _CORRECTOR is None:
        _CORRECTOR = TypoCorrector(load_lexicons())
    return _CORRECTOR
