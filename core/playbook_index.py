"""Finds the playbook a manager's message is about: BM25 over each playbook's keywords.

Text in any of the playbooks' languages is folded (case, accents, apostrophes; the Polish "ł",
which has no accent to strip, becomes "l", so "spóźnił" and "spoznil" meet), split into
words, stripped of stop words (function words and words every HR question shares, such as
"employee" or "policy"), and reduced to a crude stem: a few inflectional endings removed, then
the first seven letters ("harassment", "harassed" and "harassing" meet at "harass"; "absence"
and "absences" at "absenc"). Adjacent stems also form bigrams, so "didn't show up" weighs more than
"show". A playbook is one document made of its keyword phrases. The best playbook is returned
only when its score reaches a threshold: below it there is no match, which the advisor treats as
a knowledge gap rather than guessing.
"""

from __future__ import annotations

import itertools
import math
import re
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import NamedTuple

from core.playbook import Playbook
from core.text_fold import fold_text

# One distinctive keyword stem scores about 1.8; a stem shared by several playbooks about 0.9.
MIN_SCORE = 1.5
_K1 = 1.2
_B = 0.3  # keyword lists differ in length by language coverage, not by relevance
_STEM_LENGTH = 7
_MIN_STEM = 4
_WORD = re.compile(r"\w+")
# Han, kana and hangul: scripts written without spaces between words.
_CJK_RUN = re.compile("[\u1100-\u11ff\u3040-\u30ff\u3130-\u318f\u3400-\u4dbf\u4e00-\u9fff"
                      "\uac00-\ud7af\uf900-\ufaff]+")


@dataclass(frozen=True)
class IndexWords:
    """The words the index reads a message with, each language's from its lexicon
    (language/lexicons/<lang>/situations.toml, gathered by language/situation_words.py):
    inflectional `suffixes`; `stop_words`, which say nothing about which situation a message
    is about (function words, and words every HR question shares: "employee", "policy", time
    spans), and `not_stop_words`, whose stem is another language's stop word (French
    "bosser", which stems to the English "boss"); `paired_only` words, which count only in
    the bigrams they form (negations, "now": "not now" declines an offer, "not performing"
    says something); `how_often` phrases, which say how often, not what happened ("se dispute
    sans arrêt" is no "arrêt" maladie); `ends_employment` and `booking_requests` patterns on
    folded text, read as if not there (the manager ending someone's employment is what they
    mean to do, not what happened; a call to book is an action, though "call" is a word of a
    no-show); `vague_worries`, read as if not there too ("alice seems off lately" tells no
    situation: "off" is no day off, "l'air" no "part"); `sickness_not_reported` patterns, read
    as if not there too ("bob never called in sick, just didnt come" is a no-show, no
    sickness); and the phrases of the situations no
    playbook covers (`uncovered`)."""

    suffixes: tuple[str, ...] = ()
    stop_words: frozenset[str] = frozenset()
    not_stop_words: frozenset[str] = frozenset()
    paired_only: frozenset[str] = frozenset()
    how_often: tuple[str, ...] = ()
    ends_employment: tuple[str, ...] = ()
    booking_requests: tuple[str, ...] = ()
    vague_worries: tuple[str, ...] = ()
    sickness_not_reported: tuple[str, ...] = ()
    uncovered: tuple[str, ...] = ()
    _ordered_suffixes: tuple[str, ...] = field(init=False, repr=False, compare=False)
    _how_often: re.Pattern[str] = field(init=False, repr=False, compare=False)
    _ends_employment: re.Pattern[str] = field(init=False, repr=False, compare=False)
    _booking_request: re.Pattern[str] = field(init=False, repr=False, compare=False)
    _vague_worries: re.Pattern[str] = field(init=False, repr=False, compare=False)
    _sickness_not_reported: re.Pattern[str] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        ordered = tuple(sorted(self.suffixes, key=len, reverse=True))
        object.__setattr__(self, "_ordered_suffixes", ordered)
        object.__setattr__(self, "_how_often", _words_between_edges(
            re.escape(phrase) for phrase in self.how_often))
        object.__setattr__(self, "_ends_employment", _words_between_edges(self.ends_employment))
        object.__setattr__(self, "_booking_request", _words_between_edges(self.booking_requests))
        object.__setattr__(self, "_vague_worries", _phrases_anywhere(self.vague_worries))
        object.__setattr__(self, "_sickness_not_reported", re.compile(
            "|".join(f"(?:{pattern})" for pattern in self.sickness_not_reported) or r"(?!)"))

    def stem(self, word: str) -> str:
        """The crude multilingual stem of one folded word. A Chinese or Japanese run is kept
        whole: cut to seven characters, "ミーティングを欠席" (missed the meeting) would be any
        "ミーティングを" (book the meeting)."""
        if len(word) <= _MIN_STEM or word.isdigit() or _CJK_RUN.match(word):
            return word
        for suffix in self._ordered_suffixes:
            if word.endswith(suffix) and len(word) - len(suffix) >= _MIN_STEM:
                word = word[: -len(suffix)]
                break
        return word[:_STEM_LENGTH]

    def terms(self, text: str) -> list[str]:
        """The index terms of a text: stems of its non-stop words, then their adjacent
        bigrams. Chinese and Japanese runs (no spaces, no inflection to strip) are whole terms:
        a keyword is one term, and a message holds it when it contains it (`PlaybookIndex`
        looks for every keyword run inside the message)."""
        # "didn't" and "didnt" are one word: people leave the apostrophe out as often as not.
        folded = _folded(text).replace("n't", "nt").replace("n\u2019t", "nt")
        folded = self.without_unreported_sickness(self._vague_worries.sub(" ", folded))
        folded = self._how_often.sub(" ", _CJK_RUN.sub(lambda run: f" {run.group()} ", folded))
        folded = self._booking_request.sub(" ", self._ends_employment.sub(" ", folded))
        kept = [
            (word, stemmed)
            for word in _WORD.findall(folded)
            if word not in self.stop_words
            and ((stemmed := self.stem(word)) not in self.stop_words
                 or word in self.not_stop_words)
        ]
        stems = [stemmed for word, stemmed in kept if word not in self.paired_only]
        latin = [stemmed for _, stemmed in kept if not _CJK_RUN.match(stemmed)]
        return stems + [
            f"{first}_{second}" for first, second in itertools.pairwise(latin)
        ]

    def only_stop_words(self, text: str) -> bool:
        """Whether every word of `text` is a stop word ("it's about", "c'est pour"): it says
        nothing of any situation."""
        folded = _folded(text).replace("n't", "nt").replace("n\u2019t", "nt")
        return all(word in self.stop_words or self.stem(word) in self.stop_words
                   for word in _WORD.findall(folded))

    def without_unreported_sickness(self, folded: str) -> str:
        """A folded text without its words of a sickness not reported ("never called in sick",
        "没打电话请病假"): they tell an absence unexplained, not a sickness."""
        return self._sickness_not_reported.sub(" ", folded)

    def ends_employment_in(self, text: str) -> bool:
        """Whether `text` speaks of the manager ending someone's employment."""
        return self._ends_employment.search(_folded(text)) is not None


def _words_between_edges(alternatives: Iterable[str]) -> re.Pattern[str]:
    """One pattern matching any of `alternatives` between word edges (never, with none)."""
    joined = "|".join(alternatives)
    return re.compile(rf"\b(?:{joined})\b" if joined else r"(?!)")


def _phrases_anywhere(phrases: Iterable[str]) -> re.Pattern[str]:
    """One pattern matching any of `phrases` (folded), between word edges, or anywhere for a
    phrase in a script written without spaces ("様子がおかしい"); never, with none."""
    folded = sorted({_folded(phrase) for phrase in phrases}, key=len, reverse=True)
    spaced = "|".join(re.escape(p) for p in folded if not _CJK_RUN.search(p))
    unspaced = "|".join(re.escape(p) for p in folded if _CJK_RUN.search(p))
    parts = [rf"\b(?:{spaced})\b" if spaced else "", unspaced]
    return re.compile("|".join(part for part in parts if part) or r"(?!)")


def _folded(text: str) -> str:
    """A text folded as the index reads it: Polish "ł", which has no accent to strip, becomes
    "l", so "spóźnił" and "spoznil" meet."""
    return fold_text(text).replace("ł", "l")


class PlaybookMatch(NamedTuple):
    """The best playbook for a query and its BM25 score."""

    playbook: Playbook
    score: float


class PlaybookIndex:
    """BM25 over the playbooks' keyword phrases; pure and built once."""

    def __init__(
        self, playbooks: Sequence[Playbook], *, words: IndexWords, min_score: float = MIN_SCORE
    ) -> None:
        if not playbooks:
            raise ValueError("the playbook index needs at least one playbook")
        self._playbooks = tuple(playbooks)
        self._words = words
        self._min_score = min_score
        self._documents: list[Counter[str]] = []
        for phrases in (*(p.keyword_phrases for p in self._playbooks), words.uncovered):
            document: Counter[str] = Counter()
            for phrase in phrases:
                document.update(words.terms(phrase))
            self._documents.append(document)
        self._cjk_terms = frozenset(
            term for document in self._documents for term in document if _CJK_RUN.match(term)
        )
        self._lengths = [sum(document.values()) for document in self._documents]
        self._average_length = sum(self._lengths) / len(self._lengths)
        frequency: Counter[str] = Counter()
        for document in self._documents:
            frequency.update(document.keys())
        total = len(self._documents)
        self._idf = {
            term: math.log(1 + (total - count + 0.5) / (count + 0.5))
            for term, count in frequency.items()
        }
        # Each term's documents with its count there: a query's few terms are looked up once
        # each, not in every document (12 documents x the query's terms, most not there).
        norms = [_K1 * (1 - _B + _B * length / self._average_length) for length in self._lengths]
        self._postings: dict[str, tuple[tuple[int, int, float], ...]] = {
            term: tuple((index, document[term], norms[index])
                        for index, document in enumerate(self._documents) if term in document)
            for term in frequency
        }

    @property
    def playbooks(self) -> tuple[Playbook, ...]:
        """The indexed playbooks, in the order given."""
        return self._playbooks

    @property
    def words(self) -> IndexWords:
        """The words the index reads messages with."""
        return self._words

    def scores(self, query: str) -> list[PlaybookMatch]:
        """Every playbook with a positive score for `query`, best first (ties: given order)."""
        return self._ranked(self._scores(query))

    def best(self, query: str) -> PlaybookMatch | None:
        """The best playbook for `query`, or None when none scores `min_score` or the query is
        more like a situation no playbook covers (a knowledge gap either way)."""
        every_score = self._scores(query)  # scored once: the query's terms are the dear part
        ranked = self._ranked(every_score)
        if not ranked or ranked[0].score < self._min_score:
            return None
        if every_score[-1] >= ranked[0].score:
            return None
        return ranked[0]

    def ends_employment(self, query: str) -> bool:
        """Whether `query` speaks of the manager ending someone's employment ("dobbiamo
        licenziare Bob", "musimy Bob zwolnić"): no playbook's situation, yet one to talk
        about (ERA asks what happened)."""
        return self._words.ends_employment_in(query)

    def _ranked(self, every_score: list[float]) -> list[PlaybookMatch]:
        """The playbooks with a positive score among `every_score` (the playbooks' scores,
        then the uncovered situations'), best first (ties: given order)."""
        ranked = [
            PlaybookMatch(playbook, score)
            for playbook, score in zip(self._playbooks, every_score, strict=False)
            if score > 0
        ]
        ranked.sort(key=lambda match: -match.score)
        return ranked

    def _scores(self, query: str) -> list[float]:
        """The BM25 score of every document for `query`: the playbooks', then the uncovered
        situations'."""
        wanted = set(self._words.terms(query))
        if self._cjk_terms and _CJK_RUN.search(query):
            folded = self._words.without_unreported_sickness(fold_text(query))
            wanted.update(term for term in self._cjk_terms if term in folded)
        # Each document's terms are added in the order of `wanted`, as when each document was
        # scored in turn: the same sums to the last bit.
        scores = [0.0] * len(self._documents)
        for term in wanted:
            for index, count, norm in self._postings.get(term, ()):
                scores[index] += self._idf[term] * count * (_K1 + 1) / (count + norm)
        return scores

