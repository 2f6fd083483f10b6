"""One detector's verdict on one ERA reply: triggered or not, why, and every check's outcome."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from detectors.detection_checks import DetectionChecks
from detectors.detection_mode import DetectionMode
from detectors.detection_reason import DetectionReason


@dataclass(frozen=True, slots=True)
class DetectionDecision:
    """The decision of `detector` ("calendar" or "email") in `mode`.

    `triggered` is true exactly when `reason` is TRIGGERED; the constructor refuses anything else
    so a log record can never contradict itself.
    """

    detector: str
    mode: DetectionMode
    triggered: bool
    reason: DetectionReason
    checks: DetectionChecks

    def __post_init__(self) -> None:
        if self.triggered != (self.reason is DetectionReason.TRIGGERED):
            raise ValueError(f"triggered={self.triggered} contradicts reason {self.reason}")

    def to_log(self) -> dict[str, Any]:
        """The structured record: detector, mode, triggered, reason and checks, no message text."""
        return {
            "detector": self.detector,
            "mode": str(self.mode),
            "triggered": self.triggered,
            "reason": str(self.reason),
            "checks": self.checks.as_dict(),
        }
