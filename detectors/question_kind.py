"""What a question in ERA's reply is for: gathering context, or something that asks nothing.

Only CLARIFYING questions hold a detection back. An OFFER ("would you like me to schedule that
call?", "would you like to book it now?", "what time works best for you?"), a SUGGESTION ("why
not give them a call?") or a CLOSING check ("does that help?") comes with a recommendation;
REPORTED speech ("ask them: is everything all right?") is a line for the manager to say. A choice
put to the manager ("do you want to call them yourself, or should I?") is clarifying even though
one side of it is an offer, and so is an invitation about who acts ("would you like to send it
yourself?").
"""

from __future__ import annotations

import re
from enum import StrEnum

from detectors.language_markers import (
    CHOICE_BEFORE_OFFER,
    CLOSING,
    INVITATION_FRAGMENTS,
    OFFER_FRAGMENTS,
    SCHEDULING_FRAGMENTS,
    SELF_REFERENCE,
    SPEECH_INTRO,
    SUGGESTION_FRAGMENTS,
)
from detectors.phrase_pattern import phrase_branches

# One scan finds every cue; the group name says which kind it is.
_CUES = re.compile(
    r"\b(?:(?P<offer>"
    + phrase_branches(OFFER_FRAGMENTS + SCHEDULING_FRAGMENTS)
    + r")|(?P<invitation>"
    + phrase_branches(INVITATION_FRAGMENTS)
    + r")|(?P<suggestion>"
    + phrase_branches(SUGGESTION_FRAGMENTS)
    + r"))"
)


class QuestionKind(StrEnum):
    """The role of one question sentence in a reply."""

    CLARIFYING = "clarifying"
    OFFER = "offer"
    SUGGESTION = "suggestion"
    CLOSING = "closing"
    REPORTED = "reported"


def classify_question(lower: str) -> QuestionKind:
    """The kind of the question sentence `lower` (normalised, see `sentence.normalise`)."""
    if ":" in lower and SPEECH_INTRO.search(lower):
        return QuestionKind.REPORTED
    offer: re.Match[str] | None = None
    invitation: re.Match[str] | None = None
    suggestion = False
    for cue in _CUES.finditer(lower):
        if cue.lastgroup == "offer":
            offer = offer or cue
        elif cue.lastgroup == "invitation":
            invitation = invitation or cue
        else:
            suggestion = True
    if invitation is not None and SELF_REFERENCE.search(lower) is not None:
        invitation = None
    first = min(
        (cue for cue in (offer, invitation) if cue is not None),
        key=lambda cue: cue.start(),
        default=None,
    )
    if first is not None:
        if CHOICE_BEFORE_OFFER.search(lower, 0, first.start()):
            return QuestionKind.CLARIFYING
        return QuestionKind.OFFER
    if suggestion:
        return QuestionKind.SUGGESTION
    if CLOSING.match(lower.lstrip("¿ ")):
        return QuestionKind.CLOSING
    return QuestionKind.CLARIFYING
