"""The flows an advice reply can launch."""

from __future__ import annotations

from enum import StrEnum


class ActionFlow(StrEnum):
    """Which sub-dialog to start: drafting an email or booking a call."""

    EMAIL = "email"
    CALENDAR = "calendar"
