"""Dialog ids, in one place: flows are found by the intent they serve."""

from __future__ import annotations

from core.intent import Intent

MAIN_DIALOG = "main_dialog"
MAIN_WATERFALL = "main_dialog.waterfall"
REPLY_PROMPT = "reply_prompt"


def flow_dialog_id(intent: Intent) -> str:
    """The id of the flow dialog that serves an intent."""
    return f"flow.{intent}"
