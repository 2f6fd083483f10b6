"""The conversation's failure tracker for this turn, as the failure-tracking middleware loaded
it (dialogs use it to ask for a transfer and to start over)."""

from __future__ import annotations

from botbuilder.core import TurnContext

from core.failure_tracker import FailureTracker

TRACKER_TURN_KEY = "era.failure_tracker"


def tracker_of(context: TurnContext) -> FailureTracker | None:
    """The tracker, or None when the turn runs without failure tracking."""
    tracker = context.turn_state.get(TRACKER_TURN_KEY)
    return tracker if isinstance(tracker, FailureTracker) else None
