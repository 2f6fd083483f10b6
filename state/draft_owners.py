"""Whose each email draft is, by its id.

A preview's Send button replies "send email draft-..." and names only the draft. In a shared
conversation a colleague may press it where the card carries no mark of whom it was shown to (a
card sent before buttons were marked, any Slack button): in their own state no such draft is
open, and they were told the draft had closed, which said nothing of whose it was. So each draft
shown with a Send button leaves one small item naming its owner, written with the turn that
shows it, and a press that carries no mark reads it. The item is kept among the person's
documents and names them by id as those do, so that an erasure of their data finds it.
"""

from __future__ import annotations

import logging
from typing import Any

from botbuilder.core import Storage

from core.errors import BackendError
from state.person_erasure import PERSON_ID_FLAG
from state.person_state import FLAGS, PersonState

logger = logging.getLogger(__name__)

_PREFIX = "person-state/draft-owner/"
# Long after the draft itself closes its card may still be pressed; it is still that person's.
_KEEP_SECONDS = 7 * 24 * 3600


class DraftOwners:
    """Notes and finds whom an email draft (and so its Send button) belongs to."""

    def __init__(self, storage: Storage) -> None:
        self._storage = storage

    @staticmethod
    def key(draft_id: str) -> str:
        """The storage key of the note on one draft."""
        return f"{_PREFIX}{draft_id}"

    @classmethod
    def note_with_turn(cls, state: PersonState, draft_id: str, person_id: str) -> None:
        """Note that `draft_id` is `person_id`'s, written with the running turn's state."""
        state.write_with_turn(cls.key(draft_id), {FLAGS: {PERSON_ID_FLAG: person_id},
                                                  "ttl": _KEEP_SECONDS, "e_tag": "*"})

    async def owner_of(self, draft_id: str) -> str | None:
        """The id of the person the draft was shown to; None when unknown (never noted,
        expired, or the storage did not answer: the press is then read as before)."""
        key = self.key(draft_id)
        try:
            item: Any = (await self._storage.read([key])).get(key)
        except BackendError as error:
            logger.info("draft's owner not read: %s", error)
            return None
        flags = item.get(FLAGS) if isinstance(item, dict) else None
        owner = flags.get(PERSON_ID_FLAG) if isinstance(flags, dict) else None
        return owner if isinstance(owner, str) else None
