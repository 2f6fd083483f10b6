"""Splits a message into sentences after taking quoted speech out, and says which are questions.

Quoted speech ("You could say "Can we talk tomorrow?" — then ...") is what the manager might say,
not a question ERA asks, so a quotation that reads like speech is replaced by an empty pair of
quotes before splitting; a short quoted title ("the "Attendance" template") keeps its words. A
sentence is a question when it ends in `?`, `？` or `؟`, holds a Spanish `¿`, or, lacking end
punctuation (a bullet line), opens with an inverted verb ("Have you ...").
"""

from __future__ import annotations

import re
from typing import NamedTuple

from detectors.language_markers import INVERTED_START

_QUOTED = re.compile(
    r'"[^"\n]{1,400}"'
    r"|“[^”\n]{1,400}”"
    r"|„[^“”\n]{1,400}[“”]"
    r"|«[^»]{1,400}»"
    r"|‹[^›]{1,400}›"
    r"|「[^」]{1,400}」|『[^』]{1,400}』"
    # Every branch opens with its quote mark (then looks back), which keeps the scan fast: an
    # apostrophe inside a word ("don't") cannot open a quotation.
    r"|‘(?<!\w‘)[^\n]{1,400}?’(?!\w)"
    r"|'(?<![\w']')(?=\S)[^\n]{1,400}?(?<=\S)'(?!\w)"
)
_QUOTE_MARK = re.compile("[\"“„«‹「『‘']")
# Speech, not a title: it has sentence punctuation or runs to four words or more.
_SPEECH_LIKE = re.compile(r"[?？؟¿!¡.]|(?:\S+\s+){3}\S")
# Plain replace() calls split faster than a regex: a break follows every ? ! 。 (and their
# full-width and Arabic forms) and every . or … that a space follows, and sits at each newline.
_BREAK_AFTER = (
    *((mark, mark + "\n") for mark in "?？؟!！。"),
    (". ", ".\n"),
    ("… ", "…\n"),
)
_BULLET = re.compile(r"^(?:[-*•·–]+|\d{1,2}[.)])\s*")
_BULLET_START = frozenset("-*•·–0123456789")
_MARKDOWN = ("**", "__", "`")
_QUESTION_END = ("?", "？", "؟")
_TRAILING = " \t)]*_\"'”»“’"
_END_MARKS = frozenset("?？؟¿.!！。…:;,")
# str.translate walks a dict per character on non-ASCII text; a few replace() calls are faster.
_APOSTROPHES = ("’", "ʼ", "`")


class Sentence(NamedTuple):
    """A sentence of a message: its text, its normalised lower-case form, and whether it asks."""

    text: str
    lower: str
    is_question: bool


# A NamedTuple's own constructor is a Python function; tuple's is not (a reply has ~7 sentences).
_new_sentence = tuple.__new__


def _mask_quote(match: re.Match[str]) -> str:
    inner = match.group(0)[1:-1]
    return '""' if _SPEECH_LIKE.search(inner) else inner


def mask_quoted_speech(text: str) -> str:
    """The text with quoted speech replaced by `""`; short quoted titles keep their words."""
    if _QUOTE_MARK.search(text) is None:
        return text
    return _QUOTED.sub(_mask_quote, text)


def normalise(text: str) -> str:
    """Lower case with typographic apostrophes straightened, the form every pattern expects."""
    for apostrophe in _APOSTROPHES:
        if apostrophe in text:
            text = text.replace(apostrophe, "'")
    return text.lower()


def split_sentences(text: str) -> list[Sentence]:
    """The sentences of `text` (quoted speech already masked by the caller), in order.

    Markdown emphasis (`**`, `__`, backticks) is dropped so "**Call the employee**" reads plainly.
    """
    broken = text
    for markup in _MARKDOWN:
        if markup in broken:
            broken = broken.replace(markup, "")
    for mark, replacement in _BREAK_AFTER:
        if mark in broken:
            broken = broken.replace(mark, replacement)
    # A text with no typographic apostrophe needs only lower case in each sentence: one look
    # at the whole text spares three per sentence.
    curly = any(apostrophe in broken for apostrophe in _APOSTROPHES)
    sentences: list[Sentence] = []
    for piece in broken.split("\n"):
        stripped = piece.strip()
        if stripped and stripped[0] in _BULLET_START:
            stripped = _BULLET.sub("", stripped)
        if not stripped:
            continue
        lower = normalise(stripped) if curly else stripped.lower()
        end = lower.rstrip(_TRAILING)
        # Emoji and other symbols after the punctuation ("shifts? 🙂") do not change what it is.
        while end and not end[-1].isalnum() and end[-1] not in _END_MARKS:
            end = end[:-1].rstrip(_TRAILING)
        if not end:
            continue
        is_question = (
            end.endswith(_QUESTION_END)
            or "¿" in end
            or (end[-1] not in ".!…:" and INVERTED_START.match(end) is not None)
        )
        sentences.append(_new_sentence(Sentence, (stripped, lower, is_question)))
    return sentences
