"""Moves requests about people out of shared conversations.

In a Teams channel or group chat everybody reads everything ERA says: advice about an employee,
a draft warning, a schedule, a reason for cancelling a shift. So a request there that starts
such a flow is answered with one line in the shared conversation, and served in the person's
one-to-one chat with ERA (the conversation ERA already has with them, or one it opens through
the channel's connector), as if they had typed it there. Where no private chat can be had, the
person is asked to message ERA directly. Help and greetings are answered where they are asked.
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable
from typing import Any

from botbuilder.core import TurnContext
from botbuilder.schema import Activity, ActivityTypes, ConversationReference

from bots.era_adapter import EraAdapter
from bots.turn_language import turn_language
from core.errors import BackendError
from core.intent import Intent
from core.person import Person
from language.catalogue import say
from language.understanding import understand
from state.conversation_reference_store import ConversationReferenceStore

logger = logging.getLogger(__name__)

SHARED_CONVERSATIONS = frozenset({"groupChat", "channel"})
MOVED = "private.moved"
MESSAGE_ME_DIRECTLY = "private.message_me_directly"
INTRO = "private.intro"
_STAYS = frozenset({Intent.HELP, Intent.GREETING, Intent.UNKNOWN, Intent.CANCEL_FLOW,
                    Intent.START_OVER, Intent.FEEDBACK})
_SITUATION_WORDS = 4

Logic = Callable[[TurnContext], Awaitable[Any]]


def is_shared(activity: Activity) -> bool:
    """Whether other people read this conversation (a channel or a group chat)."""
    conversation = activity.conversation
    return conversation is not None and conversation.conversation_type in SHARED_CONVERSATIONS


class PrivateChat:
    """Decides what leaves a shared conversation, and runs it in the private chat."""

    def __init__(self, *, adapter: EraAdapter, references: ConversationReferenceStore) -> None:
        self._adapter = adapter
        self._references = references

    @staticmethod
    def belongs_in_private(text: str, person: Person, locale: str | None) -> bool:
        """Whether a message starts something about people (a flow, or a manager's
        situation) rather than asking for help or saying hello."""
        intent = understand(text, locale=locale).intent
        if intent is Intent.UNKNOWN:
            return person.is_manager and len(text.split()) >= _SITUATION_WORDS
        return intent not in _STAYS

    async def move(self, context: TurnContext, person: Person, logic: Logic) -> None:
        """Serve the message in the person's private chat and say so in one line here; when
        the private chat cannot be reached, ask the person to message ERA directly."""
        activity = context.activity
        language = turn_language(context)
        stored = await self._references.load(person.id)
        if (stored is not None and stored.conversation is not None and activity.conversation
                and stored.conversation.id == activity.conversation.id):
            # Said to be shared, yet it is the person's own chat (a client that labels its
            # conversations oddly): served here; moving it would wait on this very turn.
            activity.conversation.conversation_type = "personal"
            await logic(context)
            return
        reference = None
        if stored is not None and stored.channel_id == activity.channel_id and (
            await self._introduce(stored, activity, language)
        ):
            reference = stored
        else:
            # No chat stored for this channel, or the stored one went stale (removed, moved):
            # the channel is asked for the one-to-one chat afresh.
            opened = await self._opened(activity)
            if opened is not None and await self._introduce(opened, activity, language):
                reference = opened
        if reference is None:
            await context.send_activity(say(MESSAGE_ME_DIRECTLY, language))
            return
        await context.send_activity(say(MOVED, language))
        moved = TurnContext.apply_conversation_reference(
            Activity(type=ActivityTypes.message, text=activity.text, locale=activity.locale,
                     timestamp=activity.timestamp, channel_data=activity.channel_data),
            reference, is_incoming=True,
        )
        # Its own id (a redelivery of the shared message maps to the same one), never the id
        # of the activity the stored reference was taken from.
        moved.id = f"{activity.id}-private" if activity.id else None
        moved.from_property = activity.from_property
        try:
            await self._adapter.run_internal(moved, logic)
        except BackendError as error:
            logger.warning("request could not be served in the private chat: %s", error)

    async def _introduce(
        self, reference: ConversationReference, activity: Activity, language: str
    ) -> bool:
        """Say in the private chat what was asked where; whether the chat could be reached."""

        async def introduce(private: TurnContext) -> None:
            await private.send_activity(say(INTRO, language, text=activity.text))

        try:
            await self._adapter.continue_conversation(reference, introduce)
        except BackendError as error:
            logger.info("private chat not reached: %s", error)
            return False
        return True

    async def _opened(self, activity: Activity) -> ConversationReference | None:
        """The one-to-one chat the channel opens (or finds) for the sender (Teams only)."""
        if activity.channel_id != "msteams":
            return None
        try:
            return await self._adapter.open_personal_chat(activity)
        except BackendError as error:
            logger.info("private chat could not be opened: %s", error)
            return None
