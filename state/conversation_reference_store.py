"""Remembers, per person, the conversation ERA can write to proactively (their personal chat),
as the Bot Framework's ConversationReference."""

from __future__ import annotations

from botbuilder.core import Storage
from botbuilder.schema import ConversationReference

from state.activity_json import to_json
from state.person_state import current_person_state


class ConversationReferenceStore:
    """Save and load a person's conversation reference in the bot's Storage."""

    def __init__(self, storage: Storage) -> None:
        self._storage = storage

    @staticmethod
    def key(person_id: str) -> str:
        """The storage key for a person."""
        return f"conversation-reference/{person_id}"

    async def save(self, person_id: str, reference: ConversationReference) -> None:
        """Remember where to reach the person (last writer wins)."""
        item = {"reference": to_json(reference), "e_tag": "*"}
        await self._storage.write({self.key(person_id): item})

    def save_with_turn(self, person_id: str, reference: ConversationReference) -> None:
        """Remember where to reach the person, written with the running turn's state."""
        state = current_person_state()
        if state is None:
            raise RuntimeError("save_with_turn outside a turn")
        state.write_with_turn(self.key(person_id),
                              {"reference": to_json(reference), "e_tag": "*"})

    async def load(self, person_id: str) -> ConversationReference | None:
        """Where to reach the person, if ERA knows."""
        key = self.key(person_id)
        item = (await self._storage.read([key])).get(key)
        if not item or not item.get("reference"):
            return None
        reference = ConversationReference().deserialize(item["reference"])
        if reference.conversation is not None and reference.conversation.is_group is True:
            # A Slack channel kept before ERA told channels from personal chats (Slack names
            # no conversation type): personal notices never go where others read them.
            return None
        return reference
