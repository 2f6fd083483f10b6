"""Decides whether ERA's reply recommends sending or drafting an email (a written warning, a
follow-up), once the context is in: the checks of `ContextAwareDetector` over mail phrases."""

from __future__ import annotations

from detectors.action_kinds import ALL_ACTION_KEYWORDS, EMAIL_KEYWORDS
from detectors.context_aware_detector import ContextAwareDetector
from detectors.detection_counters import DetectionCounters


class EmailDetector(ContextAwareDetector):
    """The email detector; `context_aware=False` selects the legacy keyword-only method."""

    def __init__(
        self, *, context_aware: bool = True, counters: DetectionCounters | None = None
    ) -> None:
        super().__init__(
            name="email",
            keywords=EMAIL_KEYWORDS,
            action_kinds=ALL_ACTION_KEYWORDS,
            context_aware=context_aware,
            counters=counters,
        )
