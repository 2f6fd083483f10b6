"""Whether a message inside an active flow interrupts it, decided before the flow's step runs.

The base dialog every flow inherits calls `detect_interrupt` on each turn. Control words that
make up the whole message ("cancel", "stop", "help", "transfer me", "start over", in every
language the classifier knows) interrupt; a different request stated as a request ("actually I
want to book a new one", "reschedule instead", "cancel my shift") switches flows; the current
flow's own intent never does. What the bot just asked matters: a keyword inside an answer is an
answer. At a confirmation about cancelling, "cancel" and "yes cancel it" confirm; at a question
that expects free text (a cancellation reason, an email edit, a name, a time preference) only a
bare control word, a short request or a change-of-mind marker ("actually", "instead", "en fait")
interrupts, so "I need to help my mother" stays a reason and "help the children" stays a name.
"""

from __future__ import annotations

import logging
import re
from dataclasses import dataclass, field
from enum import StrEnum

from core.intent import Intent
from core.intent_classifier import IntentMatch, MatchKind, classify_intent, fold_text
from core.question_id import QuestionId

_log = logging.getLogger(__name__)

# Longer free-text answers are answers even when they open like a request: a replacement email
# body or a reason may well start with "Please cancel ...".
_FREE_TEXT_COMMAND_WORDS = 8


class FreeTextQuestion(StrEnum):
    """Questions whose answer is free text rather than an option or a yes/no."""

    CANCELLATION_REASON = "cancellation_reason"  # "why can't you make it?"
    EMAIL_EDIT = "email_edit"  # a replacement text or an instruction for the draft
    PERSON_NAME = "person_name"
    PERSON_EMAIL = "person_email"
    TIME_PREFERENCE = "time_preference"  # "when would you like to meet?"
    ADVICE_ANSWER = "advice_answer"  # the manager answers the advisor's clarifying question
    TRANSFER_NEED = "transfer_need"  # flow A: "tell me what you need; if I can't help ..."
    FREE_TEXT = "free_text"  # any other free text: a project name, a note, a subject


class InterruptKind(StrEnum):
    """What the interrupt asks the dialog to do."""

    CANCEL = "cancel"  # end the current flow
    HELP = "help"  # explain the current step and what it accepts, then re-ask
    TRANSFER = "transfer"  # start flow A (ask what the user needs, transfer on the next failure)
    SWITCH = "switch"  # leave the flow for another intent; offer to resume it afterwards
    START_OVER = "start_over"  # drop every flow and begin again


@dataclass(frozen=True)
class Interrupt:
    """An interrupt: its kind, the intent behind it (the target intent for SWITCH), the
    classifier's confidence, a short reason for logs, and the classifier's slots."""

    kind: InterruptKind
    intent: Intent
    confidence: float
    reason: str
    slots: dict[str, str] = field(default_factory=dict, hash=False)


class _Expects(StrEnum):
    OPTIONS = "options"
    CONFIRMATION = "confirmation"
    FREE_TEXT = "free_text"
    TRANSFER_NEED = "transfer_need"
    NOTHING = "nothing"


_CONTROL_KINDS = {
    Intent.CANCEL_FLOW: InterruptKind.CANCEL,
    Intent.HELP: InterruptKind.HELP,
    Intent.TRANSFER: InterruptKind.TRANSFER,
    Intent.START_OVER: InterruptKind.START_OVER,
}
_NEVER_INTERRUPTS = frozenset({Intent.GREETING, Intent.UNKNOWN})
# Intents that belong to the flow in the key, so saying them there is not a switch.
_SAME_FLOW = {
    Intent.SHIFT_CANCEL: frozenset({Intent.SHIFT_CANCEL, Intent.MY_SHIFTS}),
}
_BOOKING_FLOWS = frozenset({Intent.MEETING_BOOK, Intent.MEETING_RESCHEDULE, Intent.CALL_EMPLOYEE})
_BOOKING_INTENTS = frozenset({Intent.MEETING_BOOK, Intent.CALL_EMPLOYEE})
_TIME_QUESTIONS = frozenset(
    {FreeTextQuestion.TIME_PREFERENCE, QuestionId.SELECT_SLOT, QuestionId.CONFIRM_BOOKING}
)
_CONFIRM_QUESTIONS = frozenset(q.value for q in QuestionId if q.value.startswith("confirm_"))
_OPTION_QUESTIONS = frozenset(q.value for q in QuestionId) - _CONFIRM_QUESTIONS
_FREE_TEXT_QUESTIONS = frozenset(q.value for q in FreeTextQuestion)

# A change of mind announced in words: it turns a request inside an answer into a switch.
_MARKER = re.compile(
    r"\b(?:actually|instead|rather|on\s+second\s+thoughts?|never\s*mind(?=\W+\w)"
    r"|scratch\s+that|change\s+of\s+plans?|no\s+wait|en\s+fait|plutot|finalement|a\s+la\s+place"
    r"|au\s+lieu\s+de|tout\s+compte\s+fait|en\s+realidad|mejor|en\s+vez\s+de|en\s+lugar\s+de"
    r"|en\s+cambio|pensandolo\s+bien|de\s+hecho|eigentlich|stattdessen|lieber|in\s+realta"
    r"|invece|anzi|piuttosto|a\s+pensarci\s+bene|na\s+verdade|em\s+vez\s+disso|ao\s+inves"
    r"|prefiro|pensando\s+bem|eigenlijk|in\s+plaats\s+daarvan|liever|bij\s+nader\s+inzien)\b"
)
# Yes and no: with one of them, a "cancel" at a confirmation is the user's answer.
_YES_NO = re.compile(
    r"\b(?:yes|yeah|yep|yup|sure|ok|okay|no|nope|nah|oui|ouais|non|si|vale|claro|ja|jawohl"
    r"|nein|certo|sim|nao|nee|jazeker)\b|\u306f\u3044|\u3044\u3044\u3048|\u662f|\u4e0d"
)
# The action word of a cancellation question: at "are you sure you want to cancel this shift?"
# it is part of a yes.
_CANCEL_WORD = re.compile(
    r"\b(?:cancel\w*|annul\w*|anul\w*|absag\w*|storn\w*|abbrech\w*|disdi\w*|desmarc\w*"
    r"|afzeg\w*|afmeld\w*|iptal\w*|\u043e\u0442\u043c\u0435\u043d\w*)\b"
    r"|\u30ad\u30e3\u30f3\u30bb\u30eb|\u53d6\u6d88|\u53d6\u308a\u6d88"
    r"|\u0625\u0644\u063a\u0627\u0621|\u0627\u0644\u063a\u0627\u0621"
)
# Control words that stay interrupts even inside a yes or a no ("no, transfer me").
_EXPLICIT_CONTROLS = frozenset({Intent.HELP, Intent.TRANSFER, Intent.START_OVER})


def _expects(question: str | None) -> _Expects:
    if question is None:
        return _Expects.NOTHING
    if question == FreeTextQuestion.TRANSFER_NEED:
        return _Expects.TRANSFER_NEED
    if question in _CONFIRM_QUESTIONS:
        return _Expects.CONFIRMATION
    if question in _OPTION_QUESTIONS:
        return _Expects.OPTIONS
    if question not in _FREE_TEXT_QUESTIONS:
        _log.debug("unknown question id %s treated as free text", question)
    return _Expects.FREE_TEXT


def _interrupt(kind: InterruptKind, match: IntentMatch, reason: str) -> Interrupt:
    return Interrupt(kind, match.intent, match.confidence, reason, dict(match.slots))


def _answers_confirmation(match: IntentMatch, folded: str, question: str | None) -> bool:
    """A yes or a no (or, at a cancellation question, its action word) answers it."""
    if match.intent in _EXPLICIT_CONTROLS or _MARKER.search(folded):
        return False
    if question == QuestionId.CONFIRM_CANCEL and _CANCEL_WORD.search(folded):
        return True
    return _YES_NO.search(folded) is not None


def _control_interrupt(match: IntentMatch) -> Interrupt | None:
    if match.kind != MatchKind.CONTROL and match.intent != Intent.TRANSFER:
        return None
    return _interrupt(_CONTROL_KINDS[match.intent], match, f"control word ({match.rule})")


def _switch(
    match: IntentMatch,
    folded: str,
    *,
    active_flow: Intent,
    question: str | None,
    expects: _Expects,
) -> Interrupt | None:
    if match.intent in _SAME_FLOW.get(active_flow, frozenset({active_flow})):
        return None
    if expects == _Expects.TRANSFER_NEED:
        # Flow A asked what the user needs: any recognised request is the answer to route.
        return _interrupt(InterruptKind.SWITCH, match, "request stated after a transfer ask")
    marker = _MARKER.search(folded) is not None
    if match.intent == Intent.ADVICE:
        if marker and expects != _Expects.FREE_TEXT:
            return _interrupt(InterruptKind.SWITCH, match, "change of mind to advice")
        return None
    if (
        not marker
        and active_flow in _BOOKING_FLOWS
        and question in _TIME_QUESTIONS
        and (match.intent in _BOOKING_INTENTS or match.confidence < 0.9)
    ):
        # "book me in for Wednesday" at "when would you like to meet?" picks the time.
        return None
    if match.kind == MatchKind.COMMAND:
        long_answer = len(folded.split()) > _FREE_TEXT_COMMAND_WORDS
        if expects == _Expects.FREE_TEXT and not marker and long_answer:
            return None
        return _interrupt(InterruptKind.SWITCH, match, "request for another intent")
    if match.kind == MatchKind.MENTION and marker:
        return _interrupt(InterruptKind.SWITCH, match, "change of mind to another intent")
    return None


def detect_interrupt(
    text: str,
    *,
    active_flow: Intent,
    question: str | None,
    locale: str | None = None,
) -> Interrupt | None:
    """The interrupt a message makes inside `active_flow`, or None when it is an answer.

    question is the id of what the bot last asked: a `QuestionId` (options or a yes/no), a
    `FreeTextQuestion`, or None when no question is pending. An unknown id is treated as free
    text, the reading that interrupts least.
    """
    match = classify_intent(text, locale=locale)
    if match.intent in _NEVER_INTERRUPTS:
        return None
    folded = fold_text(text)
    expects = _expects(question)
    if match.intent == Intent.FEEDBACK:
        return _interrupt(InterruptKind.SWITCH, match, "feedback command")
    if expects == _Expects.CONFIRMATION and _answers_confirmation(match, folded, question):
        _log.debug("%s at %s is an answer, not an interrupt", match.intent, question)
        return None
    if match.intent in _CONTROL_KINDS:
        return _control_interrupt(match)
    return _switch(match, folded, active_flow=active_flow, question=question, expects=expects)
