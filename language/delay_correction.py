"""A worker correcting how late they will be, at "Shall I tell Maria you'll be late?": "no, 30
min", "actually 45 minutes", "no, 30", "non, plutôt 30 min", "nein, eher 30 Minuten", "no, mejor
media hora", "いや、30分", "不是，30分钟".

The delay in the words to pass on ("I'll be 15 min late tomorrow") is replaced by the one the
reply gives ("I'll be 30 min late tomorrow"), not added after it ("I'll be 15 min late tomorrow
no, 30 min", which tells the manager two delays). A reply is such a correction when it names one
delay (or, where the words name one, a bare number: the same unit) and nothing else but a no,
a correction word ("actually", "plutôt", "eher", "mejor", "やっぱり") or a filler; a no may be
followed by a couple of words of its own ("no, more like 30"). Anything more ("the bus broke
down, 30 min") is more words, which the caller adds as before.
"""

from __future__ import annotations

import re
from functools import cache
from typing import NamedTuple

from core.reply_interpreter import ReplyIntent, interpret_reply, negates, read_words
from core.text_fold import FoldedText, fold
from language.time_from_now import (
    LENGTH_LANGUAGES,
    length_amounts,
    lexicon_directory,
    times_table,
    word_alternation,
)

# A bare count after a no ("no, 30"): the unit is the one the words already say.
_BARE_COUNT = re.compile(r"(?<![\w:.,])\d{1,3}(?![\w:.,])")
# A no may bring this many words of its own with the delay ("no, more like 30 min").
_WORDS_AFTER_A_NO = 2


class _Amount(NamedTuple):
    """A delay found in a text: where it is (in the original text) and where its count is."""

    start: int
    end: int
    count: tuple[int, int] | None


def corrected_delay(
    words: str, reply: str, question: str, locale: str | None
) -> str | None:
    """`words` with their delay replaced by the one `reply` corrects it to, or None when the
    reply is no such correction or the words name no delay."""
    languages = _languages(locale)
    said = _amounts(words, languages)
    if not said or not reply.strip():
        return None
    last = said[-1]
    given = _amounts(reply, languages)
    if len(given) == 1:
        amount = given[0]
        new = reply[amount.start:amount.end].strip()
        rest = f"{reply[:amount.start]} {reply[amount.end:]}"
        replaced = (last.start, last.end)
    else:
        bare = list(_BARE_COUNT.finditer(reply))
        if given or len(bare) != 1 or last.count is None:
            return None
        new = bare[0].group()
        rest = f"{reply[:bare[0].start()]} {reply[bare[0].end():]}"
        replaced = last.count
    if _clock_words(languages).search(fold(rest).text):
        return None  # "no, at 10", "no, 10 am", "non, à 10h": a time of day, not a delay
    if not _only_corrects(rest, question, locale):
        return None
    start, end = replaced
    return f"{words[:start]}{new}{words[end:]}"


def _only_corrects(rest: str, question: str, locale: str | None) -> bool:
    """Whether what a reply says besides its delay only corrects: nothing, a no, a correction
    word or a filler; after a no, at most a couple of words of its own."""
    stripped = rest.strip(" ,.;:!-—…、，。！")
    if not stripped:
        return True
    first = stripped.split()[0].strip(",.;:!、，")
    after = stripped[len(first):].strip(" ,.;:!-—…、，。！")
    if after and negates(after, locale):
        return False  # "no, 30 min, but don't tell her", "no it's 5 min, never mind"
    read = read_words(stripped, question, locale)
    if read.asks:
        return False
    if not read.own_words:
        return True
    opens_with_no = interpret_reply(first, question, (), locale).intent is ReplyIntent.REJECT
    return opens_with_no and len(read.own_words) <= _WORDS_AFTER_A_NO


@cache
def _clock_words(languages: tuple[str, ...]) -> re.Pattern[str]:
    """The words that make a count a time of day ("no, at 10", "no, 10 am", "non, à 10h",
    "nein, um 10", "いや、10時"): each language's `[bounds] at` and `[hour_range]` marks and
    halves of the day, from its times.toml."""
    words: set[str] = set()
    for language in languages:
        data = times_table(lexicon_directory(language)) or {}
        hours = data.get("hour_range", {})
        said = [data.get("bounds", {}).get("at", ""), *hours.get("marks", ()),
                *hours.get("am", ()), *hours.get("pm", ())]
        words.update(fold(word).text for word in said if word)
    return re.compile(word_alternation(words, starts=True, ends=True) or "(?!)")


def _languages(locale: str | None) -> tuple[str, ...]:
    """The person's language first, then every language a length is read in."""
    own = (locale or "").replace("_", "-").split("-")[0].casefold()
    return tuple(dict.fromkeys([own, *LENGTH_LANGUAGES] if own else LENGTH_LANGUAGES))


def _amounts(text: str, languages: tuple[str, ...]) -> list[_Amount]:
    """The delays the text names, in order, as spans of the original text."""
    folded = fold(text)
    return [_Amount(*_original(folded, span), _original(folded, count) if count else None)
            for span, count in length_amounts(folded.text, *languages)]


def _original(folded: FoldedText, span: tuple[int, int]) -> tuple[int, int]:
    """The original text's span behind a span of the folded text."""
    start, end = span
    return folded.origin[start], folded.origin[end - 1] + 1
