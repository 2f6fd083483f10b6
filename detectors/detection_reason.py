"""Stable short codes saying why a detector did or did not trigger; logs and counters use them."""

from __future__ import annotations

from enum import StrEnum


class DetectionReason(StrEnum):
    """The first check that failed, in the order the checks run, or TRIGGERED when none did."""

    TRIGGERED = "triggered"
    STATE_GUARD = "state_guard"  # an action flow is already running
    CLARIFYING_QUESTION = "clarifying_question"  # ERA's reply is still gathering context
    TOO_EARLY = "too_early"  # fewer than two turns of history
    CONTEXT_NOT_GATHERED = "context_not_gathered"  # the manager has not answered ERA's question
    HYPOTHETICAL = "hypothetical"  # a policy question, not an active situation
    NO_KEYWORDS = "no_keywords"  # the reply recommends no action of this detector's kind
