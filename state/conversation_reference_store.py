"""Remembers, per person, the conversation ERA can write to proactively (their personal chat),
as the Bot Framework's ConversationReference, with the language the person last spoke with ERA
there: a notice ERA writes them later (a worker cancelled a shift) is in that language."""

from __future__ import annotations

import orjson
from botbuilder.core import Storage
from botbuilder.schema import Activity, ActivityTypes, ConversationReference
from botframework.connector import Channels

from state.activity_json import to_json_text
from state.person_state import current_person_state


class ConversationReferenceStore:
    """Save and load a person's conversation reference in the bot's Storage."""

    def __init__(self, storage: Storage) -> None:
        self._storage = storage

    @staticmethod
    def key(person_id: str) -> str:
        """The storage key for a person."""
        return f"conversation-reference/{person_id}"

    async def save(
        self, person_id: str, reference: ConversationReference, language: str | None = None
    ) -> None:
        """Remember where to reach the person (last writer wins)."""
        await self._storage.write({self.key(person_id): _item(reference, language)})

    def save_with_turn(
        self, person_id: str, reference: ConversationReference, language: str | None = None
    ) -> None:
        """Remember where to reach the person and the language they speak there, written with
        the running turn's state."""
        state = current_person_state()
        if state is None:
            raise RuntimeError("save_with_turn outside a turn")
        state.write_with_turn(self.key(person_id), _item(reference, language))

    async def load(self, person_id: str) -> ConversationReference | None:
        """Where to reach the person, if ERA knows."""
        return (await self.load_reach(person_id))[0]

    async def load_reach(
        self, person_id: str
    ) -> tuple[ConversationReference | None, str | None]:
        """Where to reach the person, if ERA knows, and the language they last spoke with ERA
        there (None when they never chatted, or were last seen before it was kept). One read."""
        key = self.key(person_id)
        item = (await self._storage.read([key])).get(key)
        if not item:
            return None, None
        language = item.get("language")
        language = language if isinstance(language, str) and language else None
        if not item.get("reference"):
            return None, language
        reference = ConversationReference().deserialize(item["reference"])
        if reference.conversation is not None and reference.conversation.is_group is True:
            # A Slack channel kept before ERA told channels from personal chats (Slack names
            # no conversation type): personal notices never go where others read them.
            return None, language
        return reference, language


def reference_of(activity: Activity) -> ConversationReference:
    """The conversation reference of an activity, as TurnContext.get_conversation_reference
    makes it, without its copies of the activity's accounts: the reference is kept as JSON at
    once (the SDK's three copies and the model walk were two thirds of keeping it, on every
    first turn of a personal chat)."""
    keeps_id = activity.type != ActivityTypes.conversation_update and activity.channel_id not in (
        Channels.direct_line, Channels.webchat)
    return ConversationReference(
        activity_id=activity.id if keeps_id else None,
        user=activity.from_property,
        bot=activity.recipient,
        conversation=activity.conversation,
        channel_id=activity.channel_id,
        locale=activity.locale,
        service_url=activity.service_url,
    )


def _item(reference: ConversationReference, language: str | None) -> dict[str, object]:
    item: dict[str, object] = {"reference": orjson.loads(to_json_text(reference)), "e_tag": "*"}
    if language:
        item["language"] = language
    return item
