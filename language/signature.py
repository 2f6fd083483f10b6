"""Whether a message is only a signature, pasted or sent on its own: a name, a job title, a
store, a phone number, an email address, a "Sent from my iPhone" line ("Alice Martin | Sales
Associate | Riverside Store", "Envoyé de mon iPhone", "iPhoneから送信").

Such a message asks for nothing. Read as words, a job title ("Sales Associate", "Verkäufer")
made it a manager's situation, so a worker was told ERA only advises managers, and a manager's
own signature went to the advisor. The lines of a signature are told apart by line breaks or
the bars and dots signatures put between them; each must be short, ask nothing and tell of
nothing that happened at work (a situation's words), or be a phone number, an address or a
device's sign-off line (`topics.signature` in each language's lexicon).
"""

from __future__ import annotations

import re
from functools import cache

from core.intent import Intent
from core.short_answer import short_answer
from core.text_fold import fold_text
from language.intent_rules import MatchKind, intent_rules
from language.lexicon import load_lexicons
from language.understanding import understand

_SEPARATOR = re.compile(r"\s*(?:[\r\n]+|[|｜•·]|\s[–—]\s|\s--\s)\s*")
_PHONE = re.compile(r"^(?:[^\W\d_]{1,12}\.?\s*:?\s*)?\+?\(?\d[\d\s().\-/]{5,}\d$")
_ADDRESS = re.compile(r"^(?:[^\W\d_]{1,12}\.?\s*:?\s*)?(?:\S+@\S+\.\w+|https?://\S+|www\.\S+)$")
_QUESTION = re.compile(r"[?？]")
# A line of a signature: a name, a title, a store; a sentence is longer.
_LINE_WORDS = 5
_LINE_CHARACTERS = 40
_WHOLE_WORDS = 30


@cache
def _sign_off() -> re.Pattern[str]:
    """Every language's device sign-off lines ("sent from my iphone"), as one pattern."""
    fragments = [fragment for lexicon in load_lexicons()
                 for fragment in lexicon.part("topics", "signature")]
    return re.compile("|".join(f"(?:{fragment})" for fragment in fragments) or r"(?!)")


def _is_contact(line: str) -> bool:
    """A phone number, an email address, a web address or a device's sign-off line."""
    return bool(_PHONE.match(line) or _ADDRESS.match(line) or _sign_off().search(line))


def _is_label(line: str, locale: str | None) -> bool:
    """A short line that asks for nothing and tells of nothing: a name, a title, a place."""
    if (len(line.split()) > _LINE_WORDS or len(line) > _LINE_CHARACTERS
            or _QUESTION.search(line) or any(ch.isdigit() for ch in line)):
        return False
    if intent_rules().situation.search(line) or short_answer(line, locale=locale) is not None:
        return False  # something that happened, or a yes or a no
    match = understand(line, locale=locale).match
    # A job title alone ("sales associate", "vendeuse") reads as a description of a worker.
    return match.intent is Intent.UNKNOWN or (
        match.intent is Intent.ADVICE and match.kind is MatchKind.DESCRIPTION)


def is_signature(text: str, locale: str | None = None) -> bool:
    """Whether the whole message is a signature: two or more lines of one, or a phone number,
    an address or a sign-off line alone."""
    folded_lines = [fold_text(line) for line in _SEPARATOR.split(text.strip())]
    lines = [line.strip(" ,;") for line in folded_lines if line.strip(" ,;")]
    if not lines or sum(len(line.split()) for line in lines) > _WHOLE_WORDS:
        return False
    if len(lines) == 1:
        return _is_contact(lines[0])
    return all(_is_contact(line) or _is_label(line, locale) for line in lines)
