"""Reads one message sentence by sentence: where ERA last asked for context, and what follows it.

A reply is judged on the sentences after its last clarifying question (or request for
information), not on the whole text: "Just to confirm - you've already called twice? In that
case, schedule a follow-up call" recommends a call after a recap question, while "I'd recommend a
call. Do you know their number?" still waits for an answer. The same reading tells whether an
earlier ERA turn asked something and whether a manager's message answers or only asks back.
"""

from __future__ import annotations

from bisect import bisect_right
from dataclasses import dataclass

from detectors.language_markers import (
    ANSWER_CONDITIONAL,
    COUNTER_QUESTION,
    INFO_REQUEST,
    INFO_REQUEST_START,
    SPEECH_INTRO,
)
from detectors.question_kind import QuestionKind, classify_question
from detectors.sentence import Sentence, mask_quoted_speech, split_sentences

_QUESTION_MARKS = ("?", "？", "؟", "¿")


@dataclass(frozen=True, slots=True)
class ResponseAnalysis:
    """ERA's reply as the detectors need it.

    `clarifying_at` is the index of the last sentence that gathers context, or None. `scope` (and
    `scope_lower`) is the text after it, or the whole reply when there is none: the part that can
    recommend an action. `answer_dependent` is true when that part opens with "if so" / "if not",
    so its advice waits on the answer to the question just asked.
    """

    clarifying_at: int | None
    scope: str
    scope_lower: str
    answer_dependent: bool


def _last_information_request(sentences: list[Sentence]) -> int | None:
    """Index of the last statement (not question) that asks for information, if any."""
    found: int | None = None
    for index, sentence in enumerate(sentences):
        if not sentence.is_question and INFO_REQUEST_START.match(sentence.lower):
            found = index
    # One scan of the joined text is cheaper than one per sentence.
    starts: list[int] = []
    position = 0
    for sentence in sentences:
        starts.append(position)
        position += len(sentence.lower) + 1
    joined = "\n".join(sentence.lower for sentence in sentences)
    for request in INFO_REQUEST.finditer(joined):
        index = bisect_right(starts, request.start()) - 1
        if not sentences[index].is_question and (found is None or index > found):
            found = index
    return found


def analyse_response(text: str) -> ResponseAnalysis:
    """The analysis of ERA's reply `text`."""
    sentences = split_sentences(mask_quoted_speech(text))
    clarifying_at = _last_information_request(sentences)
    floor = -1 if clarifying_at is None else clarifying_at
    for index in range(len(sentences) - 1, floor, -1):
        sentence = sentences[index]
        if sentence.is_question and classify_question(sentence.lower) is QuestionKind.CLARIFYING:
            clarifying_at = index
            break
    tail = sentences if clarifying_at is None else sentences[clarifying_at + 1 :]
    answer_dependent = (
        clarifying_at is not None
        and bool(tail)
        and ANSWER_CONDITIONAL.match(tail[0].lower.lstrip("¡¿ ")) is not None
    )
    return ResponseAnalysis(
        clarifying_at=clarifying_at,
        scope="\n".join(sentence.text for sentence in tail),
        scope_lower="\n".join(sentence.lower for sentence in tail),
        answer_dependent=answer_dependent,
    )


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
    return _last_information_request(sentences) is not None


def gives_an_answer(text: str) -> bool:
    """Whether a manager's message answers ERA, rather than only asking back about its question."""
    if not any(mark in text for mark in _QUESTION_MARKS):
        return bool(text.strip())
    sentences = split_sentences(text)
    if any(not sentence.is_question for sentence in sentences):
        return True
    return bool(sentences) and COUNTER_QUESTION.match(sentences[0].lower.lstrip("¿ ")) is None
