"""Counts detection decisions per (detector, reason) for the health or metrics route."""

from __future__ import annotations

import threading
from collections import Counter

from detectors.detection_decision import DetectionDecision


class DetectionCounters:
    """Thread-safe tallies: how often each detector triggered or stopped at each check."""

    def __init__(self) -> None:
        self._counts: Counter[tuple[str, str, str]] = Counter()
        self._lock = threading.Lock()

    def record(self, decision: DetectionDecision) -> None:
        """Count one decision under its detector, mode and reason."""
        key = (decision.detector, str(decision.mode), str(decision.reason))
        with self._lock:
            self._counts[key] += 1

    def snapshot(self) -> dict[str, dict[str, int]]:
        """{detector: {reason: count}} for the context-aware mode, with legacy-mode decisions
        under "legacy:<detector>"; JSON-ready and sorted, for /healthz."""
        with self._lock:
            items = sorted(self._counts.items())
        result: dict[str, dict[str, int]] = {}
        for (detector, mode, reason), count in items:
            name = detector if mode == "context_aware" else f"legacy:{detector}"
            result.setdefault(name, {})[reason] = count
        return result
