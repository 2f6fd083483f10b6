"""Keeps each flow's turn memory in the person's state document (state.person_state), one entry
per flow scope.

A memory past its expiry is reported as expired (so ERA can tell "your question expired" from
"there was no question") for a day, then dropped from the document.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from datetime import datetime, timedelta

from core.turn_memory import TurnMemory
from state.person_state import MEMORY, PersonState, current_person_state

logger = logging.getLogger(__name__)

_FORGET_AFTER = timedelta(days=1)
_READ_KEY = "turn-memory:"


@dataclass(frozen=True)
class TurnMemoryLookup:
    """What a load found: the live memory, or none, and whether one had expired."""

    memory: TurnMemory | None
    expired: bool = False


class TurnMemoryStore:
    """Load, save and clear turn memory for a flow scope in the current turn's document.

    The conversation key is accepted for the callers' sake; the document already belongs to
    one person in one conversation.
    """

    async def load(self, conversation_key: str, scope: str, now: datetime) -> TurnMemoryLookup:
        """The memory for this flow, unless absent or expired."""
        state = _state()
        raw = state.section(MEMORY).get(scope)
        if not isinstance(raw, dict):
            return TurnMemoryLookup(None)
        # Read once per turn: a flow and its prompt both load it.
        kept = state.read_from.get(_READ_KEY + scope)
        if kept is not None and kept[0] is raw:
            memory: TurnMemory = kept[1]
        else:
            memory = TurnMemory.from_dict(raw)
            state.read_from[_READ_KEY + scope] = (raw, memory)
        if memory.is_expired(now):
            logger.info("turn memory %s expired at %s", scope, memory.expires_at.isoformat())
            return TurnMemoryLookup(None, expired=True)
        return TurnMemoryLookup(memory)

    async def save(self, conversation_key: str, memory: TurnMemory, now: datetime) -> None:
        """Keep the memory with the turn's document (written when the turn ends)."""
        state = _state()
        memories = state.section(MEMORY)
        raw = memories[memory.scope] = memory.to_dict()
        state.read_from[_READ_KEY + memory.scope] = (raw, memory)
        for scope in [s for s, raw in memories.items() if _long_expired(raw, now)]:
            del memories[scope]

    async def clear(self, conversation_key: str, scope: str) -> None:
        """Forget the flow's memory (the flow finished or was cancelled)."""
        _memories().pop(scope, None)


def _state() -> PersonState:
    state: PersonState | None = current_person_state()
    if state is None:
        raise RuntimeError("turn memory is used outside a turn (no person state in use)")
    return state


def _memories() -> dict[str, object]:
    return _state().section(MEMORY)


def _long_expired(raw: object, now: datetime) -> bool:
    if not isinstance(raw, dict) or "expires_at" not in raw:
        return True
    return now - datetime.fromisoformat(str(raw["expires_at"])) > _FORGET_AFTER
