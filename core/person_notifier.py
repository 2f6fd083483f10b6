"""The Protocol for telling a person something outside the current conversation (a proactive
chat message), used to let a manager know a shift was cancelled."""

from __future__ import annotations

from typing import Protocol


class PersonNotifier(Protocol):
    """Sends a proactive chat message to a person ERA has talked with before."""

    async def language_of(self, person_id: str) -> str | None:
        """The language the person last spoke with ERA in their own chat (what they chose, not
        what the directory says), None when they never chatted with ERA."""
        ...

    async def notify(self, person_id: str, text: str) -> bool:
        """Send `text` to the person's chat with ERA; False when ERA has no conversation with
        them yet (Teams allows a bot to write only where it was installed)."""
        ...
