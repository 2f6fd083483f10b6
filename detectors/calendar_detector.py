"""Decides whether ERA's reply recommends booking a call with the employee, and only once the
context is in: the checks of `ContextAwareDetector` over calendar phrases."""

from __future__ import annotations

from detectors.action_kinds import ALL_ACTION_KEYWORDS, CALENDAR_KEYWORDS
from detectors.context_aware_detector import ContextAwareDetector
from detectors.detection_counters import DetectionCounters


class CalendarDetector(ContextAwareDetector):
    """The calendar detector; `context_aware=False` selects the legacy keyword-only method."""

    def __init__(
        self, *, context_aware: bool = True, counters: DetectionCounters | None = None
    ) -> None:
        super().__init__(
            name="calendar",
            keywords=CALENDAR_KEYWORDS,
            action_kinds=ALL_ACTION_KEYWORDS,
            context_aware=context_aware,
            counters=counters,
        )
