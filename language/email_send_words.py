"""Whether a reply at an email's preview speaks of sending ("send it", "envoie-le", "schick
sie", "envíalo", "あとで送って") and whether it puts something off without naming a day
("later", "plus tard", "später", "晚点"): together, a wish to send later, which ERA cannot do;
so is a short reply that would rather have it another time ("better tomorrow", "mejor
mañana", "明日にして": `prefers_another_time`, the time itself read by the caller).

The words are the lexicons' (`email_send_words`, `email_later_words`,
`email_later_preferences` and `email_unchanged` in each language's
interrupts.toml), every language's at once, matched on folded text as whole words (words of a
script written without spaces, anywhere).
"""

from __future__ import annotations

import re
from functools import cache

from core.text_fold import fold_text
from language.lexicon import alternatives, interrupt_fragments, whole_words


@cache
def _send_words() -> re.Pattern[str]:
    return re.compile(whole_words(interrupt_fragments("email_send_words")))


@cache
def _later_words() -> re.Pattern[str]:
    return re.compile(whole_words(interrupt_fragments("email_later_words")))


def mentions_sending(text: str) -> bool:
    """Whether a reply speaks of sending ("send it", "envoie-le", "schick sie", "envíalo")."""
    return _send_words().search(fold_text(text)) is not None


@cache
def _unchanged_words() -> re.Pattern[str]:
    # The longest first: "laat maar zitten" before "laat maar".
    folded = sorted({fold_text(f) for f in interrupt_fragments("email_unchanged")},
                    key=len, reverse=True)
    return re.compile(whole_words(tuple(re.escape(f) for f in folded)))


def without_unchanged_words(text: str) -> str:
    """The folded text with the words that say a draft needs no change after all taken out
    ("never mind, send it as it is" -> "send it"), and the punctuation left around them."""
    rest = _unchanged_words().sub(" ", fold_text(text))
    return " ".join(re.sub(r"^\W+|\W+$", "", rest).split())


def without_later_words(text: str) -> str:
    """The folded text with its later-words taken out ("晚点再说" keeps "再说"), for reading
    the time it names: 晚 alone is the evening."""
    return _later_words().sub(" ", fold_text(text))


def says_later(text: str) -> bool:
    """Whether a reply puts something off without naming a day ("later", "plus tard")."""
    return _later_words().search(fold_text(text)) is not None


# "better tomorrow", "mejor mañana": a preference for another time is a short reply.
_MAX_PREFERENCE_WORDS = 6


@cache
def _preferences() -> re.Pattern[str]:
    return re.compile(alternatives(interrupt_fragments("email_later_preferences")))


def prefers_another_time(text: str) -> bool:
    """Whether a short reply would rather have it another time ("better tomorrow", "plutôt
    demain", "lieber morgen", "mejor mañana", "明日にして", "明天再说"); whether it names a
    later time is the caller's to read."""
    folded = fold_text(text).strip(" .!?。！？")
    return (0 < len(folded.split()) <= _MAX_PREFERENCE_WORDS and "\n" not in text.strip()
            and _preferences().search(folded) is not None)
