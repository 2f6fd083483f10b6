"""A question or a request about the message ERA just passed on to the worker's manager: "did
it work?", "did my manager get it?", "est-ce qu'elle est au courant ?", "weiß sie Bescheid?",
"ya lo sabe?", "stuur maar door", "伝わった？", "她收到了吗？".

The words come from the lexicons' `told_questions` (patterns on folded text). A message that
names the manager is read by the caller (it knows who the manager is); this reads the words that
stand for them or for the message. Nothing here acts: the caller answers what was done.
"""

from __future__ import annotations

import re
from functools import cache

from core.text_fold import fold_text
from language.lexicon import alternatives, interrupt_fragments
from language.literal_set import GatedPattern

# A question after a done request is short; a longer message is a request of its own.
_MAX_CHARS = 90


@cache
def _pattern() -> GatedPattern:
    return GatedPattern(interrupt_fragments("told_questions"))


# Words after the question or request that still leave it about the message passed on ("did
# she get it yet?", "tell her please"); more are words of their own to pass on ("let her know i
# can do sunday instead", "告诉她我周日可以上班"), which are no question about the last one.
_MAX_WORDS_AFTER = 3
_MAX_UNSPACED_AFTER = 3
_UNSPACED = re.compile(r"[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff]")
# Chinese and Japanese particles that end a question or a request ("吗", "か", "ね").
_CLOSING_PARTICLES = re.compile(r"[吗嘛么呢吧啊呀了没かねよなのでしすま]")


def asks_after_told(text: str) -> bool:
    """Whether a short message asks whether the message passed on arrived, or asks for it to be
    passed on (which it just was), with nothing new to pass on after it."""
    folded = fold_text(text)
    if len(folded) > _MAX_CHARS:
        return False
    return any(_little_after(folded[found.end():]) for found in _pattern().finditer(folded))


def _little_after(rest: str) -> bool:
    unspaced = _UNSPACED.findall(_CLOSING_PARTICLES.sub("", rest))
    if unspaced:
        return len(unspaced) <= _MAX_UNSPACED_AFTER
    return len(re.findall(r"\w+", rest)) <= _MAX_WORDS_AFTER


@cache
def _recap_pattern() -> re.Pattern[str]:
    return re.compile(
        rf"[\W_]*(?:{alternatives(interrupt_fragments('recap_questions'))})[\W_]*")


def asks_for_recap(text: str) -> bool:
    """Whether the whole message asks what just happened ("wait what?", "huh?", "quoi ?",
    "was ist passiert?", "どういうこと？", "怎么回事"): a recap of what was done answers it."""
    folded = fold_text(text).strip()
    return len(folded) <= _MAX_CHARS and _recap_pattern().fullmatch(folded) is not None
