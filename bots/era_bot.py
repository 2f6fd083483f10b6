"""ERA's activity handler: the entry of every turn.

It cleans the incoming message (Teams @mentions removed, a card submit turned into the text a
user would have typed), works out who is speaking, welcomes new users, runs the dialogs, and
saves conversation state at the end of every turn.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from datetime import datetime
from typing import Any

from botbuilder.core import ConversationState, TurnContext, UserState
from botbuilder.core.teams import TeamsActivityHandler
from botbuilder.dialogs import Dialog, DialogExtensions
from botbuilder.schema import ChannelAccount

from core.directory import Directory
from core.errors import ConflictError
from core.person import Person
from dialogs.era_turn import EraTurn
from dialogs.main_dialog import MainDialog
from dialogs.question_card import REPLY_KEY
from language.catalogue import default_catalogue, say
from language.language_choice import choose_language
from state.conversation_reference_store import ConversationReferenceStore

logger = logging.getLogger(__name__)

CONCURRENT_UPDATE = "bot.concurrent_update"
NOT_SET_UP = "bot.not_set_up"
LANGUAGE_FLAG = "language"


def incoming_text(activity: Any) -> str:
    """The text of a message, or the reply a card button carried (`era_reply`), or ""."""
    text = (activity.text or "").strip()
    if not text and isinstance(activity.value, dict):
        value = activity.value.get(REPLY_KEY)
        if isinstance(value, str):
            text = value.strip()
    return text


class EraBot(TeamsActivityHandler):
    """Turns activities into dialog turns for a known person."""

    def __init__(
        self,
        *,
        conversation_state: ConversationState,
        user_state: UserState,
        dialog: MainDialog,
        directory: Directory,
        references: ConversationReferenceStore,
        demo_identity: str | None,
        clock: Callable[[], datetime],
    ) -> None:
        """`demo_identity` is the email of the person an unknown user is taken for in
        development; None (production) refuses unknown users."""
        super().__init__()
        self._conversation_state = conversation_state
        self._user_state = user_state
        self._dialog: Dialog = dialog
        self._main = dialog
        self._directory = directory
        self._references = references
        self._demo_identity = demo_identity
        self._clock = clock
        self._dialog_state = conversation_state.create_property("DialogState")
        self._flags = conversation_state.create_property("EraFlags")
        default_catalogue()  # the catalogues are read at start-up, not in someone's first turn

    async def on_turn(self, turn_context: TurnContext) -> None:
        """Handle the activity, then save state.

        Another worker may have saved this conversation meanwhile (a stale ETag): if nothing was
        sent yet, the turn runs again on the fresh state; otherwise the user is asked to send the
        message again. Either way the other worker's update is kept, never overwritten.
        """
        activity = turn_context.activity
        if activity.channel_id == "msteams" and activity.channel_data is None:
            # TeamsActivityHandler dereferences channelData without checking; Teams always sends
            # it, a malformed request need not.
            activity.channel_data = {}
        for attempt in (1, 2):
            await super().on_turn(turn_context)
            try:
                await self._conversation_state.save_changes(turn_context)
                await self._user_state.save_changes(turn_context)
                return
            except ConflictError:
                logger.warning("conversation saved by another worker meanwhile (attempt %d)",
                               attempt)
                self._forget_loaded_state(turn_context)
                if turn_context.responded or attempt == 2:
                    language = choose_language(None, activity.locale, None, None)
                    await turn_context.send_activity(say(CONCURRENT_UPDATE, language))
                    return

    def _forget_loaded_state(self, turn_context: TurnContext) -> None:
        """Drop this turn's cached state so the next load reads the other worker's version."""
        for state in (self._conversation_state, self._user_state):
            turn_context.turn_state.pop(state._context_service_key, None)

    async def on_message_activity(self, turn_context: TurnContext) -> None:
        """A message (typed, or a card submit): run the dialogs for the speaker."""
        activity = turn_context.activity
        if activity.recipient is not None and (
            activity.channel_id == "msteams" or activity.entities
        ):
            TurnContext.remove_recipient_mention(activity)
        activity.text = incoming_text(activity)
        person = await self._speaker(turn_context)
        if person is None:
            return
        await self._remember_reference(turn_context, person)
        flags = await self._flags.get(turn_context, dict)
        flags["turns"] = int(flags.get("turns", 0)) + 1
        # The hook for the language of the message itself (detected by the understanding
        # side): None until it lands, so the conversation's language, the client's locale and
        # the person's preferred language decide.
        language = choose_language(
            None, activity.locale, person.preferred_language, flags.get(LANGUAGE_FLAG)
        )
        flags[LANGUAGE_FLAG] = language
        EraTurn(
            person=person,
            locale=activity.locale or None,
            language=language,
            conversation_key=EraTurn.conversation_key_of(turn_context),
            channel_id=activity.channel_id or "",
            now=self._clock(),
        ).attach(turn_context)
        await DialogExtensions.run_dialog(self._dialog, turn_context, self._dialog_state)

    async def on_teams_members_added_dispatch(  # type: ignore[override]
        self, members_added: list[ChannelAccount], team_info: Any, turn_context: TurnContext
    ) -> None:
        """Welcome without the SDK's per-member profile fetch (one connector call per member,
        which the welcome does not need)."""
        await self.on_members_added_activity(members_added, turn_context)

    async def on_members_added_activity(
        self, members_added: list[ChannelAccount], turn_context: TurnContext
    ) -> None:
        """Welcome a person who joins, once per conversation."""
        activity = turn_context.activity
        bot_id = activity.recipient.id if activity.recipient else None
        personal_teams_install = activity.channel_id == "msteams" and (
            activity.conversation is not None
            and activity.conversation.conversation_type == "personal"
        )
        welcome_due = any(m.id != bot_id for m in members_added) or personal_teams_install
        flags = await self._flags.get(turn_context, dict)
        if not welcome_due or flags.get("welcomed"):
            return
        flags["welcomed"] = True
        sender = activity.from_property
        person = await self._directory.identify(
            channel_user_id=sender.id if sender else "",
            aad_object_id=getattr(sender, "aad_object_id", None) if sender else None,
        )
        language = choose_language(
            None, activity.locale, person.preferred_language if person else None,
            flags.get(LANGUAGE_FLAG),
        )
        capabilities = self._main.capabilities_text(person, language)
        if person is not None:
            welcome = say("bot.welcome_named", language, first_name=person.first_name,
                          capabilities=capabilities)
        else:
            welcome = say("bot.welcome", language, capabilities=capabilities)
        await turn_context.send_activity(welcome)

    async def _remember_reference(self, turn_context: TurnContext, person: Person) -> None:
        """Keep where the person can be reached proactively (their personal chat);
        group and channel conversations are not for personal notices."""
        conversation = turn_context.activity.conversation
        if conversation is not None and conversation.conversation_type not in (None, "personal"):
            return
        flags = await self._flags.get(turn_context, dict)
        # Saved again when the channel moves the conversation to another service URL.
        saved_for = f"{person.id}|{turn_context.activity.service_url}"
        if flags.get("reference_saved_for") == saved_for:
            return
        reference = TurnContext.get_conversation_reference(turn_context.activity)
        await self._references.save(person.id, reference)
        flags["reference_saved_for"] = saved_for

    async def _speaker(self, turn_context: TurnContext) -> Person | None:
        sender = turn_context.activity.from_property
        channel_user_id = sender.id if sender else ""
        aad_object_id = getattr(sender, "aad_object_id", None) if sender else None
        person = await self._directory.identify(
            channel_user_id=channel_user_id or "", aad_object_id=aad_object_id
        )
        if person is not None:
            return person
        if self._demo_identity is None:
            logger.info("unknown user on %s refused", turn_context.activity.channel_id)
            language = choose_language(None, turn_context.activity.locale, None, None)
            await turn_context.send_activity(say(NOT_SET_UP, language))
            return None
        person = await self._directory.find_by_email(self._demo_identity)
        if person is None:
            raise RuntimeError(f"ERA_DEMO_IDENTITY {self._demo_identity} is not in the directory")
        flags = await self._flags.get(turn_context, dict)
        if not flags.get("demo_identity_announced"):
            flags["demo_identity_announced"] = True
            store = await self._directory.get_store(person.store_id)
            language = choose_language(
                None, turn_context.activity.locale, person.preferred_language,
                flags.get(LANGUAGE_FLAG),
            )
            if store is not None:
                notice = say("bot.demo_identity_at_store", language, name=person.name,
                             role=say(f"role.{person.role}", language), store=store.name)
            else:
                notice = say("bot.demo_identity", language, name=person.name,
                             role=say(f"role.{person.role}", language))
            await turn_context.send_activity(notice)
        return person
