"""Turn claims: which worker is doing an activity's side effect, across every worker of the
deployment.

Right before a turn's first side effect (a shift cancelled, an email sent, a meeting booked, a
schedule change applied: see `claim_before_effect`) the worker claims (person's state key,
activity id) with a create-only write; the storages refuse a second create, so when the same
activity reached another worker too (a double click, or the channel redelivering on a slow
answer) only one of them acts and answers, and the other drops its copy silently, as a twin
within one worker is dropped. Without this, both would run the turn: every side effect is still
done once (the action ledger), but the worker that lost the race for the ledger could answer
first ("I'm already doing that") and the one that did it would have its answer discarded when
its state save lost to the first. Turns without a side effect (most of them: help, questions,
choices) claim nothing: if two copies of such a turn run, the state document's ETag lets one
save and the other finds the activity handled and says nothing.

A claim older than the request budget is a worker that died or gave up: the activity may then be
handled again (the person's state document says whether it already was). A claim expires from
the store after an hour; one that could not be made (the store unreachable) lets the turn run,
as before claims existed.
"""

from __future__ import annotations

import contextlib
import logging
import time
from collections.abc import Awaitable, Callable, Iterator
from contextvars import ContextVar

from botbuilder.core import Storage

from core.errors import BackendError, ConflictError
from core.turn_deadline import REQUEST_BUDGET_SECONDS
from state.conversation_keys import conversation_digest

logger = logging.getLogger(__name__)

CLAIM_PREFIX = "turn-claim/"
_KEEP_SECONDS = 3600

_BEFORE_EFFECT: ContextVar[Callable[[], Awaitable[None]] | None] = ContextVar(
    "era_claim_before_effect", default=None)


class TurnTakenElsewhere(Exception):
    """Another worker is doing this very activity's side effect: drop this copy of the turn
    without a word (the other worker answers)."""


async def claim_before_effect() -> None:
    """Call right before a side effect: claims the running turn's activity for this worker
    (once per turn), or raises TurnTakenElsewhere. Outside a claiming turn it does nothing."""
    claim = _BEFORE_EFFECT.get()
    if claim is not None:
        await claim()


@contextlib.contextmanager
def claiming_with(claim: Callable[[], Awaitable[None]]) -> Iterator[None]:
    """Run the code of a turn with `claim` as what `claim_before_effect` calls."""
    token = _BEFORE_EFFECT.set(claim)
    try:
        yield
    finally:
        _BEFORE_EFFECT.reset(token)


class TurnClaims:
    """Create-only claims of (state key, activity id) in the shared storage."""

    def __init__(
        self,
        storage: Storage,
        *,
        stale_after_seconds: float = REQUEST_BUDGET_SECONDS,
        wall_clock: Callable[[], float] = time.time,
    ) -> None:
        self._storage = storage
        self._stale_after = stale_after_seconds
        self._wall_clock = wall_clock

    @staticmethod
    def key(state_key: str, activity_id: str) -> str:
        """The claim's storage key (hashed: activity ids are the channel's, of any length)."""
        return CLAIM_PREFIX + conversation_digest(f"{state_key}\n{activity_id}")

    async def claim(self, state_key: str, activity_id: str) -> bool:
        """Whether this worker may run the activity: False while another worker runs it."""
        key = self.key(state_key, activity_id)
        now = self._wall_clock()
        try:
            await self._storage.write({key: {"claimed_at": now, "ttl": _KEEP_SECONDS}})
            return True
        except ConflictError:
            pass
        except BackendError as error:
            logger.warning("turn claim not made (%s); running the turn unclaimed", error)
            return True
        try:
            existing = (await self._storage.read([key])).get(key)
        except BackendError as error:
            logger.warning("turn claim not read (%s); running the turn unclaimed", error)
            return True
        claimed_at = existing.get("claimed_at") if isinstance(existing, dict) else None
        if isinstance(claimed_at, int | float) and now - claimed_at < self._stale_after:
            return False
        # Gone meanwhile, unreadable, or left by a worker that died: take it over.
        try:
            await self._storage.write(
                {key: {"claimed_at": now, "ttl": _KEEP_SECONDS, "e_tag": "*"}})
        except BackendError as error:
            logger.warning("stale turn claim not renewed (%s)", error)
        return True

    async def release(self, state_key: str, activity_id: str) -> None:
        """Give the claim up (the turn was not handled, so a redelivery may run it)."""
        try:
            await self._storage.delete([self.key(state_key, activity_id)])
        except BackendError as error:
            logger.warning("turn claim not released (%s); it lapses by itself", error)
