"""Small notes of whose a thing shown in a shared conversation is (an email draft, a Slack
card), so that a colleague's press of its button is told whose it is.

A note is one small item among the person's documents, written with the turn that shows the
thing (no write of its own), kept a week (a card stays pressable long after its turn), and
naming the person by id as their documents do, so that an erasure of their data finds it.
"""

from __future__ import annotations

import logging
from typing import Any, ClassVar

from botbuilder.core import Storage

from core.errors import BackendError
from state.person_erasure import PERSON_ID_FLAG
from state.person_state import FLAGS, PersonState

logger = logging.getLogger(__name__)

# Long after its turn a card may still be pressed; it is still that person's.
_KEEP_SECONDS = 7 * 24 * 3600


class OwnerNotes:
    """Notes and finds whom a thing, by its id, was shown to. Each kind of thing is a subclass
    with its own key prefix."""

    prefix: ClassVar[str]

    def __init__(self, storage: Storage) -> None:
        self._storage = storage

    @classmethod
    def key(cls, thing_id: str) -> str:
        """The storage key of the note on one thing."""
        return f"{cls.prefix}{thing_id}"

    @classmethod
    def note_with_turn(cls, state: PersonState, thing_id: str, person_id: str) -> None:
        """Note that `thing_id` is `person_id`'s, written with the running turn's state."""
        state.write_with_turn(cls.key(thing_id), {FLAGS: {PERSON_ID_FLAG: person_id},
                                                  "ttl": _KEEP_SECONDS, "e_tag": "*"})

    async def owner_of(self, thing_id: str) -> str | None:
        """The id of the person the thing was shown to; None when unknown (never noted,
        expired, or the storage did not answer: the press is then read as before)."""
        key = self.key(thing_id)
        try:
            item: Any = (await self._storage.read([key])).get(key)
        except BackendError as error:
            logger.info("owner of %s not read: %s", self.prefix, error)
            return None
        flags = item.get(FLAGS) if isinstance(item, dict) else None
        owner = flags.get(PERSON_ID_FLAG) if isinstance(flags, dict) else None
        return owner if isinstance(owner, str) else None
