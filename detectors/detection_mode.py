"""Which detection method produced a decision: the context-aware checks or the legacy keywords."""

from __future__ import annotations

from enum import StrEnum


class DetectionMode(StrEnum):
    """USE_CONTEXT_AWARE on selects CONTEXT_AWARE; off keeps the old keyword-only LEGACY method."""

    CONTEXT_AWARE = "context_aware"
    LEGACY = "legacy"
