"""Which flow a reply launches: email before calendar, none during clarification."""

from __future__ import annotations

import pytest

from detectors.action_detection import ActionDetection
from detectors.action_flow import ActionFlow
from detectors.detection_counters import DetectionCounters
from tests.detectors.histories import LATE_ANSWERED, NO_SHOW_ANSWERED


@pytest.mark.parametrize(
    ("response", "flow"),
    [
        ("Email the employee today, then book a call with them for Friday.", ActionFlow.EMAIL),
        ("Book a call with them for Friday, then email the employee a summary.", ActionFlow.EMAIL),
        ("Set up a call with them for tomorrow morning.", ActionFlow.CALENDAR),
        ("Were these consecutive scheduled shifts?", None),
        ("Keep documenting each late arrival.", None),
    ],
)
def test_flow_to_launch(response: str, flow: ActionFlow | None) -> None:
    assert ActionDetection().detect(response, NO_SHOW_ANSWERED, None).flow is flow


def test_both_decisions_are_returned_and_counted() -> None:
    counters = DetectionCounters()
    detection = ActionDetection(counters=counters)
    result = detection.detect("I can draft the warning email now.", LATE_ANSWERED, None)
    assert result.flow is ActionFlow.EMAIL
    assert result.email.triggered
    assert not result.calendar.triggered
    assert counters.snapshot() == {"calendar": {"no_keywords": 1}, "email": {"triggered": 1}}


def test_legacy_mode_triggers_on_keywords_during_clarification() -> None:
    clarifying = "Have you tried to call the employee yet?"
    assert ActionDetection(context_aware=False).detect(clarifying, (), None).flow is (
        ActionFlow.CALENDAR
    )
    assert ActionDetection().detect(clarifying, NO_SHOW_ANSWERED, None).flow is None
