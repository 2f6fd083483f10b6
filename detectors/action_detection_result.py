"""What action detection concluded for one reply: the flow to launch, and both decisions."""

from __future__ import annotations

from dataclasses import dataclass

from detectors.action_flow import ActionFlow
from detectors.detection_decision import DetectionDecision


@dataclass(frozen=True, slots=True)
class ActionDetectionResult:
    """`flow` is EMAIL when the email detector triggered, else CALENDAR when the calendar one
    did, else None; both decisions are kept for the feedback record."""

    flow: ActionFlow | None
    email: DetectionDecision
    calendar: DetectionDecision
