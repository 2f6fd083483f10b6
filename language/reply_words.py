"""Whether a free-text reply is an answer at all, or words about the conversation itself.

At a question that takes words (the value of an email's "[date of our conversation]", the name
of the person a call is with) a person may still answer the conversation instead: "yes, draft
it", "ok", "thanks", "ありがとう", "no wait", "yes but tomorrow", "2?", "...", "👍". Those must
never be written into a letter or looked up as a name. `conversation_words` tells them apart in
every language the lexicons and the reply interpreter know; `blank_kind` and `fills_blank` say
what an email's placeholder takes (a date, a number, or text) and whether a value fits it.
"""

from __future__ import annotations

import re
from enum import StrEnum

from core.question_id import QuestionId
from core.reply_interpreter import ReplyIntent, interpret_reply
from core.reply_lexicon import CARDINALS, WEEKDAYS
from core.text_fold import fold_text
from language.intent_rules import MatchKind
from language.understanding import understand

# Scripts written without spaces: the reply interpreter reads their runs whole, so "every
# word was a reply word" says nothing there.
_UNSPACED = re.compile(r"[\u3040-\u30ff\u3400-\u9fff\uac00-\ud7af]")
_LETTER_OR_DIGIT = re.compile(r"[^\W_]")
_DIGIT = re.compile(r"\d")
_CJK_NUMBER = re.compile(r"[一二两兩三四五六七八九十百]")
_QUESTION_END = re.compile(r"[?？]\W*$")
_SOCIAL = frozenset({"thanks", "greeting", "goodbye"})

_DATE_WORDS = (
    "date",
    "dates",
    "datum",
    "daten",
    "fecha",
    "fechas",
    "data",
    "datas",
    "日付",
    "日期",
)
_COUNT_WORDS = (
    "number",
    "nombre",
    "número",
    "numero",
    "anzahl",
    "aantal",
    "liczba",
    "回数",
    "次数",
)


class BlankKind(StrEnum):
    """What an email's placeholder asks for."""

    DATE = "date"
    COUNT = "count"
    TEXT = "text"


def blank_kind(placeholder: str) -> BlankKind:
    """ "[date of our conversation]", "[Daten der Fehltage]", "[面談の日付]" take a date;
    "[number of times]", "[aantal]", "[联系次数]" a number; anything else text."""
    folded = fold_text(placeholder.strip("[]"))
    if _names_any(folded, _DATE_WORDS):
        return BlankKind.DATE
    if _names_any(folded, _COUNT_WORDS):
        return BlankKind.COUNT
    return BlankKind.TEXT


def _names_any(folded: str, words: tuple[str, ...]) -> bool:
    spaced = folded.split()
    return any(
        fold_text(w) in spaced if w.isascii() or not _UNSPACED.search(w) else w in folded
        for w in words
    )


def conversation_words(text: str, locale: str | None) -> bool:
    """Whether a reply speaks to the conversation rather than answering with content: nothing
    but punctuation or emoji, a question back ("2?"), a yes or a no ("oui", "はい", "好的"),
    thanks or a greeting, a control word, or, in spaced scripts, only the words of such
    replies ("no wait", "yes but tomorrow", "hmm")."""
    stripped = text.strip()
    if not _LETTER_OR_DIGIT.search(stripped) or _QUESTION_END.search(stripped):
        return True
    understood = understand(stripped, locale=locale)
    if str(understood.intent) in _SOCIAL or understood.match.kind is MatchKind.CONTROL:
        return True
    reply = interpret_reply(stripped, str(QuestionId.CONFIRM_ACTION), (), locale)
    if reply.intent in (ReplyIntent.CONFIRM, ReplyIntent.REJECT):
        return True
    if _UNSPACED.search(stripped):
        return False
    if not reply.unplaced:
        return True
    # A yes opening a short reply ("yes but on the 3rd", "ok, the 3rd?") hedges; a no may
    # open a value ("no more late arrivals").
    words = stripped.split()
    opener = interpret_reply(words[0].strip(",.;:!"), str(QuestionId.CONFIRM_ACTION), (), locale)
    return len(words) <= 4 and opener.intent is ReplyIntent.CONFIRM


def fills_blank(text: str, kind: BlankKind, *, names_a_day: bool = False) -> bool:
    """Whether a reply (already known not to be conversation words) fits a blank of `kind`:
    a date has digits or names a day (`names_a_day`: the time parser found one), a number has
    digits or a number word, text is anything with letters."""
    if kind is BlankKind.DATE:
        return names_a_day or _DIGIT.search(text) is not None or _has_word(text, WEEKDAYS)
    if kind is BlankKind.COUNT:
        return (
            _DIGIT.search(text) is not None
            or _CJK_NUMBER.search(text) is not None
            or _has_word(text, CARDINALS)
        )
    return True


def _has_word(text: str, table: dict[str, tuple[tuple[str, ...], ...]]) -> bool:
    folded = fold_text(text)
    words = set(re.findall(r"[^\W\d_]+", folded))
    for entries in table.values():
        for spellings in entries:
            for spelling in spellings:
                written = fold_text(spelling)
                if written in words or (_UNSPACED.search(written) and written in folded):
                    return True
    return False
