"""Moves requests about people out of shared conversations.

In a Teams channel or group chat everybody reads everything ERA says: advice about an employee,
a draft warning, a schedule, a reason for cancelling a shift. So a request there that starts
such a flow is answered with one line in the shared conversation, and served in the person's
one-to-one chat with ERA (the conversation ERA already has with them, or one it opens through
the channel's connector), as if they had typed it there. Where no private chat can be had, the
person is asked to message ERA directly. Help and greetings are answered where they are asked.

When the moved request leaves a question open in the private chat, a note naming that chat and
until when is kept in the person's own state document in the shared conversation (written with
that turn's write; ordinary turns read nothing more). While it holds, an answer typed in the
shared conversation ("yes", "2", "send it") is checked against the private chat's document (the
question may have been answered there since) and, if the question still waits, met with a
pointer to the private chat and nothing else: nothing is confirmed from where other people
write too. A channel's threads (Teams' ";messageid=", Slack's thread timestamp) are conversations
of their own, so a move from a thread also leaves the note in one small item for the whole
channel, written with the same turn; an answer typed in another thread of it reads that item.
That item lives no longer than the question can wait (a storage ttl), and is deleted as soon as
an answer in a thread finds the question answered: it names the person's private chat, and is
not kept for nothing (an erasure of the person's data finds it among their documents).
"""

from __future__ import annotations

import logging
import re
from collections.abc import Awaitable, Callable
from datetime import datetime
from typing import Any

from botbuilder.core import Storage, TurnContext
from botbuilder.schema import Activity, ActivityTypes, ConversationReference

from bots.era_adapter import EraAdapter
from bots.turn_language import turn_language
from core.errors import BackendError
from core.intent import Intent
from core.person import Person
from core.question_id import QuestionId
from core.reply_interpreter import ReplyIntent
from core.short_answer import short_answer
from core.turn_memory import TURN_MEMORY_TTL
from dialogs.email_dialog import is_send_press
from dialogs.question_card import REPLY_KEY
from language.catalogue import say
from language.follow_up import split_follow_up
from language.language_choice import choose_language
from language.understanding import Understanding
from state.conversation_keys import conversation_digest
from state.conversation_reference_store import ConversationReferenceStore
from state.person_state import (
    DIALOG,
    FLAGS,
    PersonState,
    PersonStateStore,
    current_person_state,
    person_state_key,
)
from state.state_codec import StateDecodeError

logger = logging.getLogger(__name__)

SHARED_CONVERSATIONS = frozenset({"groupChat", "channel"})
_SLACK_SHARED_TYPES = frozenset({"channel", "group", "mpim"})
_SLACK_SHARED_ID = re.compile(r"[CG][A-Z0-9]{2,}")
MOVED = "private.moved"
MESSAGE_ME_DIRECTLY = "private.message_me_directly"
INTRO = "private.intro"
INTRO_PRESSED = "private.intro_pressed"
ANSWER_THERE = "private.answer_there"
# "help" in a shared conversation while a question waits in private: answered there.
HELP_THERE = "private.help_there"
# Marks, in a moved request's turn state, that its text is already the person's own words
# (read once, in the shared conversation): read again, a Slack "&lt;" typed as such became "<".
MOVED_TURN = "era.moved_from_shared"
# The flag, in the person's state in the shared conversation, naming the private chat where a
# question waits for their answer and until when (ISO time) it is taken to wait.
QUESTION_IN_PRIVATE = "question_in_private"
# The channel's note expires in storage when the question it points to stops waiting.
_CHANNEL_NOTE_TTL = int(TURN_MEMORY_TTL.total_seconds())
_STAYS = frozenset({Intent.HELP, Intent.GREETING, Intent.THANKS, Intent.GOODBYE,
                    Intent.UNKNOWN, Intent.CANCEL_FLOW,
                    Intent.START_OVER, Intent.FEEDBACK})
_SITUATION_WORDS = 4
# A yes or a no longer than this is read as something else.
_ANSWER_WORDS = 12
_CONFIRMATIONS = (QuestionId.CONFIRM_ACTION, QuestionId.CONFIRM_SEND,
                  QuestionId.CONFIRM_BOOKING)

Logic = Callable[[TurnContext], Awaitable[Any]]


def is_shared(activity: Activity) -> bool:
    """Whether other people read this conversation (a channel or a group chat). Teams names
    the conversation's type; Slack (through the Azure Bot Service) names none and says
    `isGroup` for a channel with others in it, and its own ids tell it too (below)."""
    conversation = activity.conversation
    if conversation is None or conversation.conversation_type == "personal":
        return False  # Teams' word, or PrivateChat.move's for a chat it found to be the person's
    return (
        conversation.conversation_type in SHARED_CONVERSATIONS or conversation.is_group is True
        or (activity.channel_id == "slack"
            and _slack_shared(activity.channel_data, conversation.id or ""))
    )


def _slack_shared(channel_data: Any, conversation_id: str) -> bool:
    """A Slack conversation that is not a direct message, by Slack's own word: the event's
    `channel_type` ("channel", "group", "mpim" for a group DM; "im" for a direct message),
    or, for a button's reply that carries no event, the Slack channel id in the connector's
    conversation id ("B...:T...:C...", a thread's with its timestamp after it): a direct
    message's starts with "D", a channel's or a group DM's with "C" or "G". An event about
    another conversation (a request moved from a group DM to the private chat keeps its
    channel data) says nothing of this one."""
    parts = conversation_id.split(":")[1:]  # a bare id is none of Slack's
    data = channel_data if isinstance(channel_data, dict) else {}
    message = data.get("SlackMessage")
    event = message.get("event") if isinstance(message, dict) else None
    if isinstance(event, dict) and (event.get("channel") is None or event["channel"] in parts):
        kind = event.get("channel_type")
        if isinstance(kind, str):
            return kind in _SLACK_SHARED_TYPES
    return any(_SLACK_SHARED_ID.fullmatch(part) for part in parts)


class PrivateChat:
    """Decides what leaves a shared conversation, and runs it in the private chat."""

    def __init__(
        self,
        *,
        adapter: EraAdapter,
        references: ConversationReferenceStore,
        states: PersonStateStore,
        storage: Storage,
        clock: Callable[[], datetime],
    ) -> None:
        self._adapter = adapter
        self._references = references
        self._states = states
        self._storage = storage
        self._clock = clock

    @staticmethod
    def belongs_in_private(understanding: Understanding, person: Person,
                           locale: str | None) -> bool:
        """Whether a message starts something about people (a flow, or a manager's
        situation) rather than asking for help or saying hello."""
        text, intent = understanding.text, understanding.intent
        if intent is Intent.UNKNOWN:
            # A yes is no situation: moved, it would confirm whatever waits in the private
            # chat, from where anyone can write.
            return (person.is_manager and len(text.split()) >= _SITUATION_WORDS
                    and _yes_or_no(text, locale) is not ReplyIntent.CONFIRM)
        return intent not in _STAYS

    async def point_to_question(
        self, context: TurnContext, person: Person, understanding: Understanding, *,
        pressed: bool = False,
    ) -> bool:
        """When the message answers a question waiting in the person's private chat, say that
        it waits there and do nothing else; whether it did. A `pressed` button's words are
        ERA's, so the pointer speaks the person's language, not theirs."""
        activity = context.activity
        state = current_person_state()
        if state is None:
            return False
        # A worker's unclear words ("my kid is sick") are their answer too (the reason asked
        # in private): a worker brings no situations to advise on.
        if not _reads_as_an_answer(understanding.text, understanding.intent,
                                   activity.locale or None) \
                and (person.is_manager or understanding.intent is not Intent.UNKNOWN):
            return False
        if not await self.question_waits(context):
            return False
        language = choose_language(None if pressed else understanding.language,
                                   activity.locale, person.preferred_language, state.language,
                                   folded="" if pressed else understanding.folded)
        await context.send_activity(say(ANSWER_THERE, language))
        return True

    async def question_waits(self, context: TurnContext) -> bool:
        """Whether a question ERA asked the sender in their private chat (moved there from this
        shared conversation, or from another thread of its channel) still waits for their
        answer. A note found stale (the question answered or dropped since) is forgotten."""
        activity = context.activity
        state = current_person_state()
        if state is None:
            return False
        sender = activity.from_property.id if activity.from_property else ""
        private_chat = self._live(_flags_note(state))
        channel_note = _channel_note_key(activity, sender)
        if private_chat is None:
            private_chat = await self._noted_in_channel(channel_note)
        if private_chat is None:
            return False
        # The one extra read, on this turn only: the question may have been answered since.
        try:
            private = await self._states.load(person_state_key(
                activity.channel_id or "", private_chat, sender or "anonymous"))
        except (BackendError, StateDecodeError) as error:
            # Unknown whether it still waits: pointing there does nothing, acting here might.
            logger.info("private chat's state not read: %s", error)
        else:
            if not has_open_dialog(private):
                state.flags.pop(QUESTION_IN_PRIVATE, None)
                await self._forget_channel_note(channel_note)
                return False
        return True

    async def _noted_in_channel(self, key: str | None) -> str | None:
        """The private chat that the channel's note `key` (left by a move from another of its
        threads) says a question waits in, while it is not expired; None outside a thread.
        A note found expired (a storage that keeps items past their ttl) is deleted."""
        if key is None:
            return None
        try:
            note = (await self._storage.read([key])).get(key)
        except BackendError as error:
            logger.info("channel's note not read: %s", error)
            return None
        private_chat = self._live(note)
        if note is not None and private_chat is None:
            await self._forget_channel_note(key)
        return private_chat

    async def _forget_channel_note(self, key: str | None) -> None:
        """Delete the channel's note once the question it points to no longer waits."""
        if key is None:
            return
        try:
            await self._storage.delete([key])
        except BackendError as error:
            logger.info("channel's note not deleted (it expires by itself): %s", error)

    def _live(self, note: Any) -> str | None:
        """The private chat where `note` says a question waits, while it is not expired."""
        if not isinstance(note, dict) or not isinstance(note.get("conversation"), str):
            return None
        try:
            waits = self._clock() < datetime.fromisoformat(str(note.get("until")))
        except (TypeError, ValueError):
            return None
        return str(note["conversation"]) if waits else None

    async def move(self, context: TurnContext, person: Person, logic: Logic, *,
                   pressed: bool = False, said: str = MOVED) -> None:
        """Serve the message in the person's private chat and say so in one line here (the
        message `said`); when the private chat cannot be reached, ask the person to message
        ERA directly. A `pressed` button is served there as a press (its reply is ERA's
        wording, never quoted as the person's words, nor read for their language)."""
        activity = context.activity
        language = turn_language(context)
        shared = current_person_state()
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
            await self._introduce(stored, activity, language, pressed=pressed)
        ):
            reference = stored
        else:
            # No chat stored for this channel, or the stored one went stale (removed, moved):
            # the channel is asked for the one-to-one chat afresh.
            opened = await self._opened(activity)
            if opened is not None and await self._introduce(opened, activity, language,
                                                            pressed=pressed):
                reference = opened
        if reference is None:
            await context.send_activity(say(MESSAGE_ME_DIRECTLY, language))
            return
        await context.send_activity(say(said, language))
        moved = TurnContext.apply_conversation_reference(
            Activity(type=ActivityTypes.message, text=activity.text, locale=activity.locale,
                     timestamp=activity.timestamp, channel_data=activity.channel_data,
                     # Only the reply: the card it was on is not in the private chat.
                     value={REPLY_KEY: activity.text} if pressed else None),
            reference, is_incoming=True,
        )
        # Its own id (a redelivery of the shared message maps to the same one), never the id
        # of the activity the stored reference was taken from.
        moved.id = f"{activity.id}-private" if activity.id else None
        moved.from_property = activity.from_property
        asks = False

        async def served(private: TurnContext) -> None:
            nonlocal asks
            asks = False
            private.turn_state[MOVED_TURN] = True
            await logic(private)
            # The private chat's document, loaded for that turn: whether its flow waits.
            asks = has_open_dialog(current_person_state())

        try:
            await self._adapter.run_internal(moved, served)
        except BackendError as error:
            logger.warning("request could not be served in the private chat: %s", error)
        if shared is not None:
            if not pressed:
                # The language they wrote in here is the one to answer their next words here
                # in ("ja" after "vervang Emma door Ingrid op zaterdag" is Dutch, not English).
                shared.language = language
            if asks and reference.conversation is not None:
                until = self._clock() + TURN_MEMORY_TTL
                note = {"conversation": reference.conversation.id, "until": until.isoformat()}
                shared.flags[QUESTION_IN_PRIVATE] = note
                sender = activity.from_property.id if activity.from_property else ""
                channel_key = _channel_note_key(activity, sender)
                if channel_key is not None:
                    shared.write_with_turn(channel_key,
                                           {**note, "ttl": _CHANNEL_NOTE_TTL, "e_tag": "*"})
            else:
                shared.flags.pop(QUESTION_IN_PRIVATE, None)

    async def _introduce(
        self, reference: ConversationReference, activity: Activity, language: str, *,
        pressed: bool,
    ) -> bool:
        """Say in the private chat what was asked where (a button pressed is said so, never
        quoted: its reply is ERA's hidden wording, "send email draft-..."); whether the chat
        could be reached."""
        intro = say(INTRO_PRESSED, language) if pressed else say(INTRO, language,
                                                                 text=activity.text)

        async def introduce(private: TurnContext) -> None:
            await private.send_activity(intro)

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


def _flags_note(state: PersonState) -> Any:
    flags = state.sections.get(FLAGS)  # read, not created: a turn that asks nothing writes
    return flags.get(QUESTION_IN_PRIVATE) if isinstance(flags, dict) else None


def _channel_note_key(activity: Activity, sender: str) -> str | None:
    """The key of the note on the person's question in private kept for every thread of the
    channel the message was written in, and for a Slack channel's top level, which is a
    conversation of its own beside its threads (a request moved from there, answered "envíalo"
    in a thread, got "nothing is waiting for your answer"); None for a group chat (its own
    document holds the note)."""
    conversation_id = activity.conversation.id if activity.conversation else None
    if not conversation_id or not sender:
        return None
    if activity.channel_id == "msteams":
        channel, _, thread = conversation_id.partition(";messageid=")
    elif activity.channel_id == "slack":
        parts = conversation_id.split(":")
        channel, thread = ":".join(parts[:3]), ":".join(parts[3:])
        thread = thread or (channel if len(parts) == 3 else "")
    else:
        return None
    if not thread:
        return None
    # Among the person's documents, ending in their account's digest as those do, so that an
    # erasure of their data finds it with them.
    channel_digest = conversation_digest(f"private-question:{activity.channel_id}:{channel}")
    return f"person-state/{channel_digest}/{conversation_digest(sender)}"


def _reads_as_an_answer(text: str, intent: Intent, locale: str | None) -> bool:
    """A reply to a question rather than a request: a word or two ("2", "the first one"),
    a yes or a no ("yes, send it please"), a "cancel" or a "start over" (said here, it would
    end nothing there, yet was answered "Fresh start"), a card button's reply ("send email
    draft-..."), or an answer followed by a request ("yes, and book a call with her"), which
    would answer the question before the request is served."""
    if intent in (Intent.CANCEL_FLOW, Intent.START_OVER) or is_send_press(text):
        return True
    if intent is not Intent.UNKNOWN:
        return split_follow_up(text, locale, is_answer=lambda part: _opens_with_answer(
            part, locale)) is not None
    return len(text.split()) < _SITUATION_WORDS or _yes_or_no(text, locale) is not None


def _opens_with_answer(part: str, locale: str | None) -> bool:
    """A plain yes, no or number (not an action word: "book" opens a request)."""
    return part.strip().isdigit() or short_answer(part, locale=locale) is not None


def _yes_or_no(text: str, locale: str | None) -> ReplyIntent | None:
    return short_answer(text, locale=locale, max_words=_ANSWER_WORDS, questions=_CONFIRMATIONS)


def has_open_dialog(state: PersonState | None) -> bool:
    """Whether the document's dialog stack holds a flow waiting for the next message."""
    dialog = state.sections.get(DIALOG) if state is not None else None
    stack = dialog.get("dialog_stack") if isinstance(dialog, dict) else getattr(
        dialog, "dialog_stack", None)
    return bool(stack)
