"""The first thing every turn passes: one turn at a time per conversation in this worker, and
each activity processed once.

Teams redelivers a message when a turn takes more than 15 seconds, and a user can double-click.
The gate claims the activity id with a create-only write (the storages refuse a second create,
across workers too); a second delivery of a claimed activity is acknowledged without a second
reply or side effect. A claim whose turn never finished (the worker died) is taken over once it
is older than any live turn can be, so a later redelivery still gets the request handled. A
turn that cannot get the conversation's lock in time tells the user to send the message again
instead of piling up.
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable
from datetime import datetime, timedelta

from botbuilder.core import Middleware, Storage, TurnContext
from botbuilder.schema import ActivityTypes

from bots.turn_language import turn_language
from core.errors import ConflictError
from core.turn_deadline import turn_deadline
from dialogs.era_turn import EraTurn
from language.catalogue import say
from state.conversation_keys import conversation_digest
from state.turn_lock import ConversationLocks

logger = logging.getLogger(__name__)

BUSY_MESSAGE = "bot.busy"
_KEEP_SECONDS = 24 * 3600
# A claim this old belongs to a turn that died: Teams redelivers after 15 s, a live turn
# finishes within its 15-second window.
STALE_CLAIM = timedelta(seconds=20)


class TurnGateMiddleware(Middleware):  # type: ignore[misc]
    """Serialise turns per conversation and drop redelivered activities."""

    def __init__(
        self,
        *,
        storage: Storage,
        locks: ConversationLocks,
        clock: Callable[[], datetime],
        lock_timeout_seconds: float = 10.0,
    ) -> None:
        self._storage = storage
        self._locks = locks
        self._clock = clock
        self._lock_timeout = lock_timeout_seconds

    @staticmethod
    def key(context: TurnContext) -> str | None:
        """The claim key of the incoming activity, when it has an id."""
        activity = context.activity
        if not activity.id or activity.conversation is None:
            return None
        digest = conversation_digest(EraTurn.conversation_key_of(context))
        return f"activity/{digest}/{activity.id}"

    async def on_turn(self, context: TurnContext, logic: Callable[[], Awaitable[None]]) -> None:
        """Run the turn once, in order."""
        if context.activity.conversation is None:
            await logic()
            return
        key = self.key(context)
        now = self._clock()
        # Claim first: a redelivery arriving while the first delivery runs is dropped at once
        # instead of queueing behind it.
        if key is not None and not await self._claim(key, now):
            logger.info("activity delivered again; already handled or being handled")
            return
        try:
            async with self._locks.hold(EraTurn.conversation_key_of(context),
                                        timeout=self._lock_timeout):
                try:
                    with turn_deadline():
                        await logic()
                finally:
                    if key is not None:
                        await self._storage.write({key: {
                            "status": "done", "claimed_at": now.isoformat(),
                            "ttl": _KEEP_SECONDS, "e_tag": "*"}})
        except TimeoutError:
            logger.warning("conversation busy; asked the user to resend")
            if key is not None:
                await self._storage.delete([key])
            if context.activity.type == ActivityTypes.message:
                await context.send_activity(say(BUSY_MESSAGE, turn_language(context)))

    async def _claim(self, key: str, now: datetime) -> bool:
        """Whether this delivery is the one to handle the activity."""
        claim = {"status": "processing", "claimed_at": now.isoformat(), "ttl": _KEEP_SECONDS}
        try:
            await self._storage.write({key: claim})
            return True
        except ConflictError:
            return await self._take_over_stale(key, now)

    async def _take_over_stale(self, key: str, now: datetime) -> bool:
        """Whether an earlier claim belongs to a turn that died, and is now ours."""
        existing = (await self._storage.read([key])).get(key)
        if not existing or existing.get("status") != "processing":
            return False
        if now - datetime.fromisoformat(existing["claimed_at"]) < STALE_CLAIM:
            return False
        try:
            await self._storage.write({key: {"status": "processing",
                                             "claimed_at": now.isoformat(),
                                             "ttl": _KEEP_SECONDS,
                                             "e_tag": existing.get("e_tag")}})
        except ConflictError:
            return False
        logger.warning("took over a stale claim on an activity; processing it again")
        return True
