"""The first thing every turn passes: the speaker's state document, read once and written at most
once, one turn at a time per person, and each activity handled once.

The document (state.person_state) belongs to one person in one conversation: in a group chat or
a channel, each person has their own. The turn runs on it and, if it changed anything, it is
written back with its ETag, together with the id of the activity, so a redelivered activity is
recognised by the next read without a write of its own (a turn that changed nothing can be
repeated harmlessly). Within this worker a redelivery arriving while the first delivery runs is
dropped at once, and across workers a turn claim in the shared storage (state.turn_claims) does
the same for a copy reaching another worker. When another worker saved the same document
meanwhile (found at the turn's save, or at a save inside the turn such as the hand-over's), the
turn's replies, held back by the adapter, are discarded and the turn runs again on the fresh
document; only if that keeps failing is the person asked to send the message again. A database
that cannot be reached is said as such: nothing is reset.
"""

from __future__ import annotations

import hashlib
import logging
import time
import uuid
from collections import OrderedDict
from collections.abc import Awaitable, Callable

from botbuilder.core import Middleware, TurnContext
from botbuilder.schema import Activity, ActivityTypes

from bots.era_adapter import ReplyBuffer
from bots.transcript_recorder import forget_since, turn_entries
from bots.turn_language import turn_language
from core.errors import BackendError, ConflictError
from core.turn_deadline import REQUEST_BUDGET_SECONDS, turn_deadline
from language.catalogue import say
from state.activity_json import activity_from_json
from state.person_state import (
    PersonState,
    PersonStateStore,
    StateFromNewerRelease,
    person_state_in_use,
    person_state_key,
)
from state.state_codec import StateDecodeError
from state.turn_claims import TurnClaims, TurnTakenElsewhere, claiming_with
from state.turn_lock import ConversationLocks

logger = logging.getLogger(__name__)

PERSON_STATE_KEY = "era.person_state"
BUSY_MESSAGE = "bot.busy"
CONCURRENT_UPDATE = "bot.concurrent_update"
DATABASE_DOWN = "state.database_down"
UNREADABLE = "state.unreadable"
NEWER_RELEASE = "state.newer_release"
NOT_SAVED = "state.not_saved"
_ATTEMPTS = 3
_RECENT_IN_WORKER = 4096


def person_state_of(context: TurnContext) -> PersonState | None:
    """The running turn's document (None for turns outside a conversation)."""
    state = context.turn_state.get(PERSON_STATE_KEY)
    return state if isinstance(state, PersonState) else None


def state_key_of(context: TurnContext) -> str | None:
    """The document key of the activity's sender in its conversation."""
    activity = context.activity
    if activity.conversation is None or not activity.conversation.id:
        return None
    sender = activity.from_property.id if activity.from_property else ""
    return person_state_key(activity.channel_id or "", activity.conversation.id,
                            sender or "anonymous")


def _delivery_id(activity: Activity) -> str | None:
    """The id that tells a delivery again from a new activity. Teams gives an edit
    (messageUpdate) the id of the message edited: the edit is told from the message, and one
    edit from the next, by its type and its new text. A Slack message that names ERA may come
    twice, as the channel's `message` event and as Slack's `app_mention` event, each its own
    activity: both are that message, known by its channel and timestamp."""
    slack_message = _slack_message_id(activity)
    if slack_message is not None:
        return slack_message
    if not activity.id:
        return None
    if activity.type != ActivityTypes.message_update:
        return activity.id
    words = hashlib.blake2b((activity.text or "").encode(), digest_size=8).hexdigest()
    return f"{activity.id}:edit:{words}"


_SLACK_NEW_MESSAGES = frozenset({"message", "app_mention"})
# A message's subtypes that are still the person's new message (not an edit, a deletion...).
_SLACK_NEW_SUBTYPES = frozenset({None, "file_share", "thread_broadcast"})


def _slack_message_id(activity: Activity) -> str | None:
    """"slack:<channel>:<ts>" for a new Slack message the connector passed on with its event;
    None otherwise."""
    data = activity.channel_data if activity.channel_id == "slack" else None
    envelope = data.get("SlackMessage") if isinstance(data, dict) else None
    event = envelope.get("event") if isinstance(envelope, dict) else None
    if (activity.type != ActivityTypes.message or not isinstance(event, dict)
            or event.get("type") not in _SLACK_NEW_MESSAGES
            or event.get("subtype") not in _SLACK_NEW_SUBTYPES):
        return None
    channel, ts = event.get("channel"), event.get("ts")
    if not isinstance(channel, str) or not isinstance(ts, str) or not channel or not ts:
        return None
    return f"slack:{channel}:{ts}"


def _marker(key: str, activity_id: str) -> bytes:
    return hashlib.blake2b(f"{key}\n{activity_id}".encode(), digest_size=16).digest()


class PersonStateMiddleware(Middleware):  # type: ignore[misc]
    """Load, run, save once; serialise per person; drop redeliveries."""

    def __init__(
        self,
        *,
        states: PersonStateStore,
        locks: ConversationLocks,
        claims: TurnClaims | None = None,
        lock_timeout_seconds: float = 10.0,
    ) -> None:
        self._states = states
        self._locks = locks
        self._claims = claims
        self._lock_timeout = lock_timeout_seconds
        # The last activities this worker took, as 16-byte digests of (document key, activity
        # id): ~200 bytes an entry instead of ~450 for the two strings (the document in storage
        # still says which activities were handled, across workers).
        self._recent: OrderedDict[bytes, bool] = OrderedDict()

    async def on_turn(self, context: TurnContext, logic: Callable[[], Awaitable[None]]) -> None:
        """Run the turn on the sender's document."""
        key = state_key_of(context)
        if key is None:
            await logic()
            return
        activity_id = _delivery_id(context.activity)
        marker = _marker(key, activity_id) if activity_id else None
        if marker is not None:
            if marker in self._recent:
                logger.info("activity delivered again; already handled or being handled")
                return
            self._recent[marker] = True
            while len(self._recent) > _RECENT_IN_WORKER:
                self._recent.popitem(last=False)
        claimed = False

        async def claim() -> None:
            nonlocal claimed
            if claimed or not activity_id or self._claims is None:
                return
            if not await self._claims.claim(key, activity_id):
                raise TurnTakenElsewhere(activity_id)
            claimed = True

        handled = False
        try:
            async with self._locks.hold(key, timeout=self._lock_timeout):
                with claiming_with(claim):
                    handled = await self._run(context, logic, key, activity_id)
        except TimeoutError:
            logger.warning("conversation busy; asked the user to resend")
            if context.activity.type == ActivityTypes.message:
                await context.send_activity(say(BUSY_MESSAGE, turn_language(context)))
        finally:
            if marker is not None and not handled:
                self._recent.pop(marker, None)
            if claimed and not handled and self._claims is not None and activity_id:
                await self._claims.release(key, activity_id)

    async def _run(
        self,
        context: TurnContext,
        logic: Callable[[], Awaitable[None]],
        key: str,
        activity_id: str | None,
    ) -> bool:
        """Whether the activity was handled (or found handled already)."""
        buffer = ReplyBuffer.of(context)
        with turn_deadline():
            for attempt in range(1, _ATTEMPTS + 1):
                state = await self._load(context, key)
                if state is None:
                    return False
                if state.has_seen(activity_id):
                    logger.info("activity delivered again; handled by an earlier turn")
                    if attempt == 1:
                        # Not after a lost race: the worker that won it is sending them.
                        await self._resend(context, state.replies_to(
                            activity_id, older_than=REQUEST_BUDGET_SECONDS))
                    return True
                context.turn_state[PERSON_STATE_KEY] = state
                mark = len(turn_entries(context))
                try:
                    with person_state_in_use(state):
                        await logic()
                    held = buffer.held_texts() if buffer is not None else []
                    await self._states.save(state, activity_id=activity_id, replies=held)
                    return True
                except TurnTakenElsewhere:
                    logger.info("activity delivered again; another worker is acting on it")
                    if buffer is not None:
                        buffer.discard(context)
                    forget_since(context, mark)
                    return True
                except ConflictError:
                    logger.warning("state saved by another worker meanwhile (attempt %d)",
                                   attempt)
                    if buffer is None or not buffer.open:
                        await context.send_activity(say(CONCURRENT_UPDATE, turn_language(context)))
                        return True
                    buffer.discard(context)
                    forget_since(context, mark)
                except BackendError as error:
                    logger.warning("state not saved: %s", error)
                    await context.send_activity(say(NOT_SAVED, turn_language(context)))
                    return True
            await context.send_activity(say(CONCURRENT_UPDATE, turn_language(context)))
            return True

    @staticmethod
    async def _resend(context: TurnContext, replies: list[object] | None) -> None:
        """A redelivery of the last activity handled, after any live worker would have finished
        it: its turn may have died after saving and before its replies went out (Teams
        redelivers when it got no answer), so they are sent again rather than lost."""
        if not replies:
            return
        activities = [activity_from_json(reply) for reply in replies if isinstance(reply, dict)]
        if activities:
            await context.adapter.send_activities(context, activities)

    async def _load(self, context: TurnContext, key: str) -> PersonState | None:
        try:
            try:
                return await self._states.load(key)
            except StateFromNewerRelease as newer:
                if newer.abandoned(time.time()):
                    return await self._start_afresh(context, key)
                # A rolling deploy: a worker of the newer release wrote it and will take the
                # message; this one leaves the document exactly as it is.
                logger.warning("%s; asked the user to send it again", newer)
                if context.activity.type == ActivityTypes.message:
                    await context.send_activity(say(NEWER_RELEASE, turn_language(context)))
                return None
            except StateDecodeError:
                return await self._start_afresh(context, key)
        except BackendError as error:
            logger.warning("state not loaded: %s", error)
            if context.activity.type == ActivityTypes.message:
                await context.send_activity(say(DATABASE_DOWN, turn_language(context)))
            return None

    async def _start_afresh(self, context: TurnContext, key: str) -> PersonState:
        """A document this release cannot read (broken, or left by a newer release that was
        rolled back long ago) would fail every turn: it is deleted and the person told."""
        reference = uuid.uuid4().hex[:8].upper()
        logger.warning("state document unreadable (ref %s); starting afresh", reference)
        await self._states.delete(key)
        if context.activity.type == ActivityTypes.message:
            await context.send_activity(
                say(UNREADABLE, turn_language(context), reference=reference))
        return await self._states.load(key)
