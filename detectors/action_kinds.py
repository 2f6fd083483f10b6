"""The compiled phrases of each action kind, built once at import and shared by the detectors."""

from __future__ import annotations

from detectors.action_keywords import ActionKeywords
from detectors.action_phrases import (
    CALENDAR_INFIXES,
    CALENDAR_NAMED,
    CALENDAR_PATTERNS,
    EMAIL_INFIXES,
    EMAIL_PATTERNS,
    LEGACY_CALENDAR_KEYWORDS,
    LEGACY_EMAIL_KEYWORDS,
)

CALENDAR_KEYWORDS = ActionKeywords(
    patterns=CALENDAR_PATTERNS,
    infix_patterns=CALENDAR_INFIXES,
    named_patterns=CALENDAR_NAMED,
    legacy_keywords=LEGACY_CALENDAR_KEYWORDS,
)
EMAIL_KEYWORDS = ActionKeywords(
    patterns=EMAIL_PATTERNS, infix_patterns=EMAIL_INFIXES, legacy_keywords=LEGACY_EMAIL_KEYWORDS
)
# Every kind, email first: a recap question is leading when any of them follows it.
ALL_ACTION_KEYWORDS = (EMAIL_KEYWORDS, CALENDAR_KEYWORDS)
