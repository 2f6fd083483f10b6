"""Whose each Slack card in a shared conversation is, by the tag its buttons' replies end with.

A Slack button sends its reply as the presser's own message ("Who is working tomorrow? #19b8…"),
with no value to carry whom the card was shown to, and in a channel everyone sees everyone's
cards. The tag ends with a short mark of the person the card is for, which tells a colleague's
press from the person's own without a read; to name whose the button is, each card ERA shows
in a shared Slack conversation leaves one small item naming its owner, written with the turn
that shows it. The item is kept among the person's documents and names them by id as those
do, so that an erasure of their data finds it.
"""

from __future__ import annotations

import logging
from typing import Any

from botbuilder.core import Storage

from core.errors import BackendError
from state.person_erasure import PERSON_ID_FLAG
from state.person_state import FLAGS, PersonState

logger = logging.getLogger(__name__)

_PREFIX = "person-state/card-owner/"
# A card in a channel stays there, pressable, long after its turn; it is still that person's.
_KEEP_SECONDS = 7 * 24 * 3600


class CardOwners:
    """Notes and finds whom a Slack card (and so each of its buttons) was shown to."""

    def __init__(self, storage: Storage) -> None:
        self._storage = storage

    @staticmethod
    def key(tag: str) -> str:
        """The storage key of the note on one card's tag."""
        return f"{_PREFIX}{tag}"

    @classmethod
    def note_with_turn(cls, state: PersonState, tag: str, person_id: str) -> None:
        """Note that the card tagged `tag` is `person_id`'s, written with the running turn's
        state."""
        state.write_with_turn(cls.key(tag), {FLAGS: {PERSON_ID_FLAG: person_id},
                                             "ttl": _KEEP_SECONDS, "e_tag": "*"})

    async def owner_of(self, tag: str) -> str | None:
        """The id of the person the card was shown to; None when unknown (never noted,
        expired, or the storage did not answer)."""
        key = self.key(tag)
        try:
            item: Any = (await self._storage.read([key])).get(key)
        except BackendError as error:
            logger.info("card's owner not read: %s", error)
            return None
        flags = item.get(FLAGS) if isinstance(item, dict) else None
        owner = flags.get(PERSON_ID_FLAG) if isinstance(flags, dict) else None
        return owner if isinstance(owner, str) else None
