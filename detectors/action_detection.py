"""Runs the email detector, then the calendar detector, and says which flow to launch.

Email goes first: when a reply recommends both ("send an email documenting the attempts, then
call the employee"), the email flow starts and the call can follow. Both detectors always run, so
both decisions are logged and counted.
"""

from __future__ import annotations

from collections.abc import Sequence

from core.conversation_turn import ConversationTurn
from detectors.action_detection_result import ActionDetectionResult
from detectors.action_flow import ActionFlow
from detectors.calendar_detector import CalendarDetector
from detectors.detection_counters import DetectionCounters
from detectors.email_detector import EmailDetector


class ActionDetection:
    """Both detectors in the order the bot launches flows; `context_aware` is USE_CONTEXT_AWARE."""

    def __init__(
        self, *, context_aware: bool = True, counters: DetectionCounters | None = None
    ) -> None:
        self.email = EmailDetector(context_aware=context_aware, counters=counters)
        self.calendar = CalendarDetector(context_aware=context_aware, counters=counters)

    def detect(
        self,
        response: str,
        history: Sequence[ConversationTurn],
        active_flow: str | None,
        *,
        names_someone: bool = False,
    ) -> ActionDetectionResult:
        """Decide on ERA's reply; `history` is the conversation before it, oldest first;
        `names_someone` when the manager named one of their people."""
        email = self.email.detect(response, history, active_flow, names_someone=names_someone)
        calendar = self.calendar.detect(
            response, history, active_flow, names_someone=names_someone
        )
        if email.triggered:
            flow: ActionFlow | None = ActionFlow.EMAIL
        elif calendar.triggered:
            flow = ActionFlow.CALENDAR
        else:
            flow = None
        return ActionDetectionResult(flow=flow, email=email, calendar=calendar)
