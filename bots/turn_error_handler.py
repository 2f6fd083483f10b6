"""What ERA does when a turn fails: log it with a short reference id, tell the user honestly
(with that reference, so support can find the log line), and reset the broken conversation
state so the next message starts clean."""

from __future__ import annotations

import logging
import uuid

from botbuilder.core import ConversationState, Storage, TurnContext
from botbuilder.schema import ActivityTypes

from bots.turn_language import turn_language
from core.errors import BackendError
from language.catalogue import say

logger = logging.getLogger(__name__)

_SERVICES = frozenset({"llm", "graph", "shifts", "smtp", "mail", "cosmos", "calendar"})


class TurnErrorHandler:
    """Handles an exception that escaped a turn; returns the reference it logged under."""

    def __init__(self, conversation_state: ConversationState, storage: Storage) -> None:
        self._conversation_state = conversation_state
        self._storage = storage

    async def __call__(self, context: TurnContext, error: BaseException) -> str:
        reference = uuid.uuid4().hex[:8].upper()
        logger.error("turn failed (ref %s) on %s: %r", reference,
                     context.activity.channel_id, error, exc_info=error)
        try:
            if context.activity.type == ActivityTypes.message:
                await context.send_activity(
                    self.message_for(error, reference, turn_language(context))
                )
            await context.send_trace_activity(
                "OnTurnError", value=f"ref {reference}: {error!r}", label="TurnError"
            )
        except Exception:
            logger.exception("could not tell the user about failure ref %s", reference)
        try:
            await self.reset(context)
        except Exception:
            logger.exception("could not reset conversation state after ref %s", reference)
        return reference

    async def reset(self, context: TurnContext) -> None:
        """Forget the conversation's state, in this turn and in storage. (ConversationState's
        own delete raises when the state never loaded — e.g. it could not be decoded — and
        then leaves the broken record in place.)"""
        context.turn_state.pop(self._conversation_state._context_service_key, None)
        await self._storage.delete([self._conversation_state.get_storage_key(context)])

    @staticmethod
    def message_for(error: BaseException, reference: str, language: str = "en") -> str:
        """The honest message for the user, in their language."""
        if isinstance(error, BackendError):
            name = error.service.split(".")[0]
            service = say(f"service.{name if name in _SERVICES else 'other'}", language)
            return say("turn_error.backend", language, service=service, reference=reference)
        return say("turn_error.unexpected", language, reference=reference)

