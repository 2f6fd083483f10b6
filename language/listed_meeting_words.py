"""Whether a short message asks to cancel (or move) one of the meetings ERA just listed ("cancel the
first one", "cancel the one with Alice", "cancel it", "annule le premier", "sag das mit Alice
ab"): it holds a cancel word and no word for a shift, and is short. Without the list such a
message read as a shift's cancellation (refused to a manager), or as a situation for advice,
whose "no" then handed the manager to HR."""

from __future__ import annotations

import re
from functools import cache

from core.text_fold import fold_text
from language.interrupts import interrupt_words
from language.lexicon import interrupt_fragments, load_lexicons, whole_words
from language.meeting_words import meeting_minutes

_MAX_WORDS = 8
_MAX_MOVE_WORDS = 10  # "move the one with Alice to next Tuesday at 3"


@cache
def _shift_word() -> re.Pattern[str]:
    words = [w for lexicon in load_lexicons() for w in lexicon.words.get("SHIFT", ())]
    spaced = [w for w in words if w[:1].isascii()]
    unspaced = [w for w in words if not w[:1].isascii()]
    parts = ([rf"\b(?:{'|'.join(spaced)})\b"] if spaced else []) + unspaced
    return re.compile("|".join(parts) or "(?!)")


def cancels_a_listed_meeting(text: str) -> bool:
    """Whether `text` is a short request to cancel something that names no shift."""
    folded = fold_text(text)
    if len(folded.split()) > _MAX_WORDS or _shift_word().search(folded):
        return False
    return interrupt_words().cancel_word.search(folded) is not None


@cache
def _cancel_frame() -> re.Pattern[str]:
    return re.compile("|".join(interrupt_fragments("cancel_frames")) or "(?!)")


def pointing_words(text: str) -> str:
    """`text` without the frame of a separable cancel verb ("sagen Sie den ersten ab": "den
    ersten"), so that the words left point at one of the listed meetings."""
    return _cancel_frame().sub(" ", fold_text(text)).strip()


@cache
def _move_word() -> re.Pattern[str]:
    return re.compile(whole_words(interrupt_fragments("move_words")))


def moves_a_listed_meeting(text: str) -> bool:
    """Whether `text` is a short request to move something to another time that names no
    shift ("move the first one to friday", "déplace celle avec Alice à lundi",
    "把第一个改到周五")."""
    folded = fold_text(text)
    if len(folded.split()) > _MAX_MOVE_WORDS or _shift_word().search(folded):
        return False
    return _move_word().search(folded) is not None


@cache
def _change_word() -> re.Pattern[str]:
    return re.compile(whole_words(interrupt_fragments("change_words")))


def changes_a_booked_meeting(text: str) -> bool:
    """Whether `text`, said just after a meeting or call was booked, is a short request to
    change its time ("can you change it to 3pm", "actually make it friday", "change-le pour
    vendredi", "mach es lieber Freitag", "move it to friday") that names no shift and no new
    length ("make it 45 minutes" changes how long it is, not when)."""
    folded = fold_text(text)
    if len(folded.split()) > _MAX_MOVE_WORDS or _shift_word().search(folded):
        return False
    if meeting_minutes(text) is not None:
        return False
    return (_move_word().search(folded) is not None
            or _change_word().search(folded) is not None)


def booked_meeting_length(text: str, *languages: str | None) -> int | None:
    """The new length a short request asks the meeting or call just booked to have ("make it
    45 minutes", "actually 30 min", "mach eine Stunde draus", "1時間にして"), in minutes; None
    when it asks no length, names a shift, or says when as well ("make it 45 minutes on
    friday" is a move, and is asked about as one)."""
    folded = fold_text(text)
    if len(folded.split()) > _MAX_MOVE_WORDS or _shift_word().search(folded):
        return None
    return meeting_minutes(text, *languages)
