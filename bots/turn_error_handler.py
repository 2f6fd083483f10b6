"""What ERA does when a turn fails: log it with a short reference id, tell the user honestly
(with that reference, so support can find the log line), and reset the broken conversation
state so the next message starts clean."""

from __future__ import annotations

import logging
import uuid

from botbuilder.core import TurnContext
from botbuilder.schema import ActivityTypes

from core.errors import BackendError
from state.person_state import current_person_state

logger = logging.getLogger(__name__)

_SERVICE_NAMES = {
    "llm": "the AI service", "graph": "Microsoft 365", "shifts": "the schedule system",
    "smtp": "the mail server", "mail": "the mail service", "cosmos": "the database",
    "calendar": "the calendar",
}


class TurnErrorHandler:
    """Handles an exception that escaped a turn; returns the reference it logged under."""

    async def __call__(self, context: TurnContext, error: BaseException) -> str:
        reference = uuid.uuid4().hex[:8].upper()
        logger.error("turn failed (ref %s) on %s: %r", reference,
                     context.activity.channel_id, error, exc_info=error)
        try:
            if context.activity.type == ActivityTypes.message:
                await context.send_activity(self.message_for(error, reference))
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
    def message_for(error: BaseException, reference: str) -> str:
        """The honest message for the user."""
        if isinstance(error, BackendError):
            service = _SERVICE_NAMES.get(error.service.split(".")[0], "a system I rely on")
            return (f"Sorry, I couldn't reach {service} just now, so I couldn't finish that "
                    f"(reference {reference}). Nothing was changed; please try again in a "
                    "minute. If it keeps happening, say \"talk to a person\".")
        return (f"Sorry, something went wrong on my side and I couldn't finish that "
                f"(reference {reference}). I've reset our conversation, so please try again. "
                "If it keeps happening, say \"talk to a person\".")
