"""Tells a policy question ("what should I do if an employee ...?") from an active situation.

The manager's own messages decide, newest first: a message framed as general ("in general",
"hypothetically", "just a general question") makes the conversation hypothetical; a message about
their people, their attempts or dates ("my cashier", "I called twice", "since Monday") makes it
active. A weaker general frame ("what should I do if ...", "what's the policy") counts only when
no message is about a real case. With no sign either way, a manager who named one of their own
people is talking about a real case; otherwise ERA's own wording decides: a reply in general
terms ("typically you'd ...") is a policy explanation.
"""

from __future__ import annotations

from collections.abc import Sequence
from enum import Enum, StrEnum
from functools import lru_cache

from core.conversation_turn import ConversationTurn, Role
from detectors.language_markers import (
    ACTIVE_SITUATION,
    ACTIVE_SITUATION_UNSPACED,
    GENERIC_ADVICE,
    HYPOTHETICAL_STRONG,
    HYPOTHETICAL_STRONG_UNSPACED,
    HYPOTHETICAL_WEAK,
)
from detectors.sentence import normalise


class Framing(StrEnum):
    """How the manager has framed the conversation so far."""

    ACTIVE = "active"
    HYPOTHETICAL = "hypothetical"
    UNKNOWN = "unknown"


class _MessageFrame(Enum):
    """What one manager message says about the conversation's framing, strongest first."""

    HYPOTHETICAL = "hypothetical"
    ACTIVE = "active"
    WEAKLY_HYPOTHETICAL = "weakly hypothetical"
    NONE = "none"


# The manager's messages come back in every later turn's history, and both detectors read
# them in one turn: each message is framed once while it is among the last few seen.
@lru_cache(maxsize=64)
def _frame_message(content: str) -> _MessageFrame:
    """The framing one manager message gives, on its own."""
    lower = normalise(content)
    if HYPOTHETICAL_STRONG.search(lower) or HYPOTHETICAL_STRONG_UNSPACED.search(lower):
        return _MessageFrame.HYPOTHETICAL
    if ACTIVE_SITUATION.search(lower) or ACTIVE_SITUATION_UNSPACED.search(lower):
        return _MessageFrame.ACTIVE
    if HYPOTHETICAL_WEAK.search(lower) is not None:
        return _MessageFrame.WEAKLY_HYPOTHETICAL
    return _MessageFrame.NONE


def frame_conversation(history: Sequence[ConversationTurn]) -> Framing:
    """The framing the manager's messages in `history` give the conversation."""
    weak = False
    for turn in reversed(history):
        if turn.role is not Role.USER:
            continue
        frame = _frame_message(turn.content)
        if frame is _MessageFrame.HYPOTHETICAL:
            return Framing.HYPOTHETICAL
        if frame is _MessageFrame.ACTIVE:
            return Framing.ACTIVE
        weak = weak or frame is _MessageFrame.WEAKLY_HYPOTHETICAL
    return Framing.HYPOTHETICAL if weak else Framing.UNKNOWN


def forget_framed_messages() -> None:
    """Empty the per-message cache (a benchmark that times each conversation as new)."""
    _frame_message.cache_clear()


def is_active_situation(
    history: Sequence[ConversationTurn], reply_scope_lower: str, *, names_someone: bool = False
) -> bool:
    """Whether ERA's recommendation in `reply_scope_lower` addresses a real, current case.
    `names_someone` says the manager named one of their own people ("Bob Smith keeps coming
    in late"): with no framing either way, that is a real case, whatever ERA's wording."""
    framing = frame_conversation(history)
    if framing is Framing.UNKNOWN:
        return names_someone or GENERIC_ADVICE.search(reply_scope_lower) is None
    return framing is Framing.ACTIVE
