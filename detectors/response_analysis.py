"""Reads one message sentence by sentence: where ERA last asked for context, and what follows it.

A reply is judged on the sentences after its last clarifying question (or request for
information), not on the whole text. Advice after a recap question stands ("Just to confirm -
you've already called twice? In that case, schedule a follow-up call"); after a real question it
stands only when it holds whatever the answer ("Did they give a reason? Either way, call them
today"), and "If not, ..." waits for the answer. A question ERA answers itself ("Why does it
matter? Because ...") asks nothing. "I'd recommend a call. Do you know their number?" still
waits. The same reading tells whether an earlier ERA turn asked something and whether a
manager's message answers or only asks back.
"""

from __future__ import annotations

from bisect import bisect_right
from dataclasses import dataclass
from functools import lru_cache

from detectors.language_markers import (
    ANSWER_CONDITIONAL,
    ANSWER_INDEPENDENT,
    COUNTER_QUESTION,
    INFO_REQUEST,
    INFO_REQUEST_START,
    INFO_REQUEST_START_WORDS,
    INTERROGATIVE_START,
    RECAP_QUESTION,
    SELF_ANSWER,
    SPEECH_INTRO,
)
from detectors.question_kind import QuestionKind, classify_question
from detectors.quick_scan import QuickScan
from detectors.sentence import Sentence, mask_quoted_speech, split_sentences

_QUESTION_MARKS = ("?", "？", "؟", "¿")
# Most replies ask for nothing: RE2's first look spares them the scan of every phrase.
_INFO_REQUEST = QuickScan(INFO_REQUEST)


@dataclass(frozen=True, slots=True)
class ResponseAnalysis:
    """ERA's reply as the detectors need it.

    `clarifying_at` is the index of the last sentence that gathers context, or None. `scope` (and
    `scope_lower`) is the text after it, or the whole reply when there is none: the part that can
    recommend an action. `advice_stands` says whether advice in that part counts although a
    question precedes it (always true without one): the question is a recap, or the advice holds
    whatever the answer, and it does not open with "if so" / "if not".
    """

    clarifying_at: int | None
    scope: str
    scope_lower: str
    advice_stands: bool


def _last_information_request(sentences: list[Sentence], joined: str) -> int | None:
    """Index of the last statement (not question) that asks for information, if any; `joined`
    is the sentences' normalised forms, one a line."""
    found: int | None = None
    if any(word in joined for word in INFO_REQUEST_START_WORDS):
        for index, sentence in enumerate(sentences):
            if not sentence.is_question and INFO_REQUEST_START.match(sentence.lower):
                found = index
    # One scan of the joined text is cheaper than one per sentence.
    starts: list[int] = []
    for request in _INFO_REQUEST.finditer(joined):
        if not starts:
            position = 0
            for sentence in sentences:
                starts.append(position)
                position += len(sentence.lower) + 1
        index = bisect_right(starts, request.start()) - 1
        if not sentences[index].is_question and (found is None or index > found):
            found = index
    return found


def _joined_lower(sentences: list[Sentence]) -> str:
    """The sentences' normalised forms, one a line: the text every scan of a reply reads."""
    return "\n".join(sentence.lower for sentence in sentences)


def _asks_for_new_information(sentence: Sentence) -> bool:
    """Whether a context-gathering sentence asks something new (a recap only confirms)."""
    lower = sentence.lower.lstrip("¡¿ ")
    if RECAP_QUESTION.search(lower) is not None:
        return False
    return not sentence.is_question or INTERROGATIVE_START.match(lower) is not None


@lru_cache(maxsize=64)
def analyse_response(text: str) -> ResponseAnalysis:
    """The analysis of ERA's reply `text` (kept for the last replies: the email and the calendar
    detector each read the same reply)."""
    sentences = split_sentences(mask_quoted_speech(text))
    joined = _joined_lower(sentences)
    clarifying_at = _last_information_request(sentences, joined)
    floor = -1 if clarifying_at is None else clarifying_at
    for index in range(len(sentences) - 1, floor, -1):
        sentence = sentences[index]
        if not sentence.is_question or classify_question(sentence.lower) is not (
            QuestionKind.CLARIFYING
        ):
            continue
        answered_by_era = index + 1 < len(sentences) and SELF_ANSWER.match(
            sentences[index + 1].lower
        )
        if not answered_by_era:
            clarifying_at = index
            break
    if clarifying_at is None:
        return ResponseAnalysis(
            clarifying_at=None,
            scope="\n".join(sentence.text for sentence in sentences),
            scope_lower=joined,
            advice_stands=True,
        )
    tail = sentences[clarifying_at + 1 :]
    scope_lower = "\n".join(sentence.lower for sentence in tail)
    advice_stands = (
        bool(tail)
        and ANSWER_CONDITIONAL.match(tail[0].lower.lstrip("¡¿ ")) is None
        and (
            not _asks_for_new_information(sentences[clarifying_at])
            or ANSWER_INDEPENDENT.search(scope_lower) is not None
        )
    )
    return ResponseAnalysis(
        clarifying_at=clarifying_at,
        scope="\n".join(sentence.text for sentence in tail),
        scope_lower=scope_lower,
        advice_stands=advice_stands,
    )


# An earlier turn is read again by both detectors, and again at every later turn while it is
# the newest question in the history: each text is read once while among the last 64.
@lru_cache(maxsize=64)
def asks_for_context(text: str) -> bool:
    """Whether an ERA turn asked the manager anything (a question of any kind, or a request)."""
    masked = mask_quoted_speech(text)
    if any(mark in masked for mark in _QUESTION_MARKS):
        # Every question mark ends a question sentence; only reported speech ("ask them: ...?")
        # is not ERA asking, and it needs a colon.
        if ":" not in masked:
            return True
        sentences = split_sentences(masked)
        if any(
            sentence.is_question and SPEECH_INTRO.search(sentence.lower) is None
            for sentence in sentences
        ):
            return True
    else:
        sentences = split_sentences(masked)
    return _last_information_request(sentences, _joined_lower(sentences)) is not None


@lru_cache(maxsize=64)
def gives_an_answer(text: str) -> bool:
    """Whether a manager's message answers ERA, rather than only asking back about its question."""
    if not any(mark in text for mark in _QUESTION_MARKS):
        return bool(text.strip())
    sentences = split_sentences(text)
    if any(not sentence.is_question for sentence in sentences):
        return True
    return bool(sentences) and COUNTER_QUESTION.match(sentences[0].lower.lstrip("¿ ")) is None
