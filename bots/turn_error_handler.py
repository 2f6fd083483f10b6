"""What ERA does when a turn fails: log it with a short reference id, tell the user honestly
(with that reference, so support can find the log line), and reset the broken conversation
state so the next message starts clean."""

from __future__ import annotations

import logging
import uuid

from botbuilder.core import TurnContext
from botbuilder.schema import ActivityTypes

from bots.turn_language import turn_language
from core.errors import BackendError
from language.catalogue import say
from state.person_state import current_person_state

logger = logging.getLogger(__name__)

_SERVICES = frozenset({"llm", "graph", "shifts", "smtp", "mail", "cosmos", "calendar",
                       "directory"})
# Backends said with another's word: the embedded SQLite file is ERA's database too.
_SAID_AS = {"sqlite": "cosmos"}


class TurnErrorHandler:
    """Handles an exception that escaped a turn; returns the reference it logged under."""

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
        """Forget the person's dialogs and flow memory (saved when the turn ends); the failure
        history is kept."""
        state = current_person_state()
        if state is not None:
            state.reset_flow_state()

    @staticmethod
    def message_for(error: BaseException, reference: str, language: str = "en") -> str:
        """The honest message for the user, in their language."""
        if isinstance(error, BackendError):
            name = error.service.split(".")[0]
            name = _SAID_AS.get(name, name)
            service = say(f"service.{name if name in _SERVICES else 'other'}", language)
            return say("turn_error.backend", language, service=service, reference=reference)
        return say("turn_error.unexpected", language, reference=reference)

