"""A follow-up that leans on the question just answered: "and saturday?", "what about next
week?", "et alice ?", "und am Abend?", "¿y el sábado?", "土曜日は？", "周六呢？".

Such a message is an opening word or two (the lexicons' `[ellipsis]` `openers`: "and", "what
about", "et", "und", "y", "那") or, in a language that puts them last, closing ones
(`closers`: "は", "呢"), around a short leftover: at most four words, or a few characters in
a script written without spaces. `leftover` gives that leftover as it was typed; what it
replaces in the question before is the caller's business (dialogs/last_question.py).
"""

from __future__ import annotations

import re
from functools import cache

from core.text_fold import fold
from language.lexicon import load_lexicons

MAX_WORDS = 4  # "the day after tomorrow"; a longer leftover is a request of its own
MAX_UNSPACED = 8  # characters of a leftover in Japanese or Chinese ("来週の土曜日")
# Marks around a question that are not words: "¿y el sábado?", "土曜日は？".
_MARKS = " \t\n,.;:!?¿¡…。、？！，"
_UNSPACED = re.compile(r"[\u3040-\u30ff\u3400-\u9fff]")


@cache
def _patterns() -> tuple[re.Pattern[str], re.Pattern[str]]:
    """The opener and closer patterns of every language, longest first."""
    openers = sorted(
        {f for lexicon in load_lexicons() for f in lexicon.part("ellipsis", "openers")},
        key=len,
        reverse=True,
    )
    closers = sorted(
        {f for lexicon in load_lexicons() for f in lexicon.part("ellipsis", "closers")},
        key=len,
        reverse=True,
    )
    # An opener stands before a space, or before a character of a script without spaces.
    opening = re.compile(
        rf"(?:{'|'.join(openers)})(?:\s+|(?=[\u3040-\u30ff\u3400-\u9fff]))(?P<rest>.+)"
    )
    closing = re.compile(rf"(?P<rest>.+?)\s*(?:{'|'.join(closers)})")
    return opening, closing


def leftover(text: str) -> str | None:
    """What a follow-up asks about, as typed ("saturday", "the evening", "Alice", "土曜日"),
    when the message is only an opener or a closer around it; None otherwise."""
    stripped = text.strip(_MARKS)
    if not stripped:
        return None
    folded = fold(stripped)
    opening, closing = _patterns()
    start, end = 0, len(folded.text)
    opened = opening.fullmatch(folded.text)
    if opened is not None:
        start = opened.start("rest")
    closed = closing.fullmatch(folded.text, start)
    if closed is not None:
        end = closed.end("rest")
    if opened is None and closed is None:
        return None
    rest = folded.original_span(start, end).strip(_MARKS)
    return rest if rest and _short(rest) else None


def _short(rest: str) -> bool:
    if _UNSPACED.search(rest):
        return len(rest.replace(" ", "")) <= MAX_UNSPACED
    return len(rest.split()) <= MAX_WORDS


@cache
def _next_alone() -> re.Pattern[str]:
    fragments = {f for lexicon in load_lexicons() for f in lexicon.part("ellipsis", "next_alone")}
    return re.compile("|".join(sorted(fragments, key=len, reverse=True)) or r"(?!)")


def is_next_alone(rest: str) -> bool:
    """Whether a follow-up's leftover is only "the next" ("la próxima", "die nächste",
    "następnym"): the next of whatever the question before was about."""
    return _next_alone().fullmatch(fold(rest).text) is not None
