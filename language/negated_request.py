"""A request said in the negative: "don't cancel 1", "do not cancel the first one", "n'annule
pas le 1", "no canceles el 1", "storniere nicht die 1", "キャンセルしないで", "不要取消".

The words of the request still match its rule (a cancellation), but the person asks for the
opposite: the request must not start. Only a negation that governs the verb counts, so it has to
open the message ("don't …", "ne … pas", "no …" without a comma after it) or stand next to the
action verb ("… nicht stornieren"); "no, cancel 1" (a no to something else, then the request)
and "cancel my Friday shift, not Saturday" are requests.

The words are the lexicons' (`negation_*` in each language's interrupts.toml), matched on folded
text: adding a language is adding its words there.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from core.text_fold import FoldedText, fold, fold_text
from language.intent_rules import language_of
from language.lexicon import Lexicon, load_lexicons


def _either(fragments: Sequence[str]) -> str:
    return "|".join(f"(?:{fragment})" for fragment in fragments)


def _code(language: str) -> str:
    """The lexicon's language as locales are read here ("zh-Hans" -> "zh")."""
    return language.split("-")[0]


class _NegationWords:
    """The negation words of every lexicon, compiled once."""

    def __init__(self, lexicons: Sequence[Lexicon]) -> None:
        # By language: the negated request, and the verbs a second request opens with.
        self.requests: dict[str, re.Pattern[str]] = {}
        self.verbs: dict[str, re.Pattern[str]] = {}
        # By language: the negation words taken out to read what was asked not to be done.
        self.negations: dict[str, re.Pattern[str]] = {}
        clauses: list[str] = []
        cancels: list[str] = []
        for lexicon in lexicons:
            words = lexicon.interrupts
            code = _code(lexicon.language)
            verbs = rf"(?:{_either(words.get('negation_verbs', ()))})(?!\w)"
            if "negation_requests" in words:
                self.requests[code] = re.compile(
                    _either(words["negation_requests"]).replace("%VERBS%", verbs))
            if "negation_verbs" in words:
                self.verbs[code] = re.compile(rf"(?:(?:please|just|then)\s+)*{verbs}")
            if "negation_words" in words:
                self.negations[code] = re.compile(_either(words["negation_words"]))
            clauses += [w for w in words.get("negation_clauses", ()) if w not in clauses]
            cancels += [w for w in words.get("negation_cancels", ()) if w not in cancels]
        # What opens a second clause: "…, call him", "… but call him", "… mais appelle-le".
        self.clauses = re.compile(rf"[,;]|\b(?:{'|'.join(clauses) or '(?!)'})\b")
        spaced = [w for w in cancels if w.isascii()]
        unspaced = [w for w in cancels if not w.isascii()]
        self.cancel = re.compile(
            "|".join([*([rf"\b(?:{'|'.join(spaced)})"] if spaced else []), *unspaced]) or "(?!)")


_WORDS: _NegationWords | None = None


def _words() -> _NegationWords:
    global _WORDS
    if _WORDS is None:
        _WORDS = _NegationWords(load_lexicons())
    return _WORDS


def negates_request(text: str, locale: str | None = None) -> bool:
    """Whether the message asks for its request not to be done ("don't cancel 1")."""
    folded = fold_text(text or "").strip()
    if not folded:
        return False
    words = _words()
    language = language_of(locale) or "en"
    codes = dict.fromkeys((_code(language), "en"))
    if not any(
        pattern.search(folded) is not None
        for code in codes if (pattern := words.requests.get(code)) is not None
    ):
        return False
    # "don't email him, call him": the no is to the first request, and a second one follows.
    later = words.clauses.split(folded)[1:]
    return not any(
        verbs.match(clause.strip())
        for clause in later for code in codes if (verbs := words.verbs.get(code)) is not None
    )


# Grammar, not words: a negative imperative in Spanish is a subjunctive ("no canceles" asks the
# "cancela" not done), and Japanese asks "しないで" of what it affirms as "して".
_ES_SUBJUNCTIVE = re.compile(r"^(\w+)(?:es|e)\b", re.IGNORECASE)
_JA_AFFIRMATIVE = "して"


def _taken_out(folded: FoldedText, pattern: re.Pattern[str], replacement: str) -> str:
    """The original text with what `pattern` finds in its folded form replaced."""
    text, start = folded.original, 0
    kept: list[str] = []
    for found in pattern.finditer(folded.text):
        if found.end() == found.start():
            continue
        begin, end = folded.origin[found.start()], folded.origin[found.end() - 1] + 1
        kept += [text[start:begin], replacement]
        start = end
    return "".join([*kept, text[start:]])


def affirmed(text: str, locale: str | None = None) -> str:
    """The request a negated message asks not to be done, with its negation taken out
    ("n'annule pas le 1" -> "annule le 1", "no canceles el 1" -> "cancela el 1")."""
    language = _code(language_of(locale) or "en")
    negations = _words().negations
    pattern = negations.get(language, negations["en"])
    if language == "ja":
        return _taken_out(fold(text), pattern, _JA_AFFIRMATIVE)
    plain = " ".join(_taken_out(fold(text), pattern, " ").split())
    if language == "es":
        plain = _ES_SUBJUNCTIVE.sub(lambda m: m.group(1) + "a", plain, count=1)
    return plain


def cancels(text: str) -> bool:
    """Whether the words ask to cancel something ("cancela el 1", "storniere die 1")."""
    return _words().cancel.search(fold_text(text)) is not None
