"""An email draft handed to HR unsent stays the manager's: kept in their own state for a day,
so that "send it", "envoie-le", "schick sie ab" afterwards shows it again for a fresh yes.

The hand-over resets the dialogs (and the draft's turn memory lives ten minutes), so without
this the manager could neither send, nor edit, nor drop the letter HR now holds. Nothing here
sends: the email flow shows the preview again and waits for a clear yes, as for any draft.
"""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import Any

from core.text_fold import fold_text
from language.interrupts import reopens_draft
from state.person_state import current_person_state

HANDED_OVER_DRAFT = "handed_over_draft"
# HR replies within a working day; the manager may come back to the draft until then.
KEPT_FOR = timedelta(days=1)


def keep_handed_over_draft(memory: dict[str, Any], now: datetime) -> None:
    """Keep the email flow's memory (the draft and whom it is to) as the hand-over left it."""
    state = current_person_state()
    if state is not None:
        state.flags[HANDED_OVER_DRAFT] = {"memory": memory, "at": now.isoformat()}


def handed_over_draft(now: datetime) -> dict[str, Any] | None:
    """The email flow's memory kept at the hand-over, if within a day."""
    state = current_person_state()
    kept = state.flags.get(HANDED_OVER_DRAFT) if state is not None else None
    if not isinstance(kept, dict) or not isinstance(kept.get("memory"), dict):
        return None
    try:
        if now - datetime.fromisoformat(str(kept["at"])) > KEPT_FOR:
            return None
    except (KeyError, ValueError):
        return None
    return dict(kept["memory"])


def forget_handed_over_draft() -> None:
    """Drop the kept draft: it is open in the email flow again (which sends or drops it)."""
    state = current_person_state()
    if state is not None:
        state.flags.pop(HANDED_OVER_DRAFT, None)


def draft_asked_back(text: str, now: datetime) -> dict[str, Any] | None:
    """The kept draft's memory when the message asks for it back ("send it", "envoie-le",
    "show me the draft"), else None."""
    if not reopens_draft(fold_text(text)):
        return None
    return handed_over_draft(now)
