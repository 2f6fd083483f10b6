"""ERA's CloudAdapter: the turn error handler, and timeouts on replies sent to the channel.

When a turn fails, the error is logged with a short reference id, the user is told honestly that
something went wrong (with that reference, so support can find the log), and the broken
conversation state is reset so the next message starts clean.
"""

from __future__ import annotations

import logging
import uuid
from collections.abc import Awaitable, Callable

from botbuilder.core import BotAdapter, ConversationState, TurnContext
from botbuilder.integration.aiohttp import CloudAdapter
from botbuilder.schema import ActivityTypes
from botframework.connector.auth import BotFrameworkAuthentication

logger = logging.getLogger(__name__)

TurnFailureListener = Callable[[TurnContext, BaseException, str], Awaitable[None]]


class EraAdapter(CloudAdapter):
    """CloudAdapter with ERA's on-error behaviour and a bounded connector timeout."""

    def __init__(
        self,
        authentication: BotFrameworkAuthentication,
        *,
        conversation_state: ConversationState,
        connector_timeout_seconds: float,
        on_failure: TurnFailureListener | None = None,
    ) -> None:
        super().__init__(authentication)
        self._conversation_state = conversation_state
        self._connector_timeout = connector_timeout_seconds
        self._on_failure = on_failure
        self.on_turn_error = self._handle_turn_error

    async def run_pipeline(self, context: TurnContext, callback=None):  # type: ignore[no-untyped-def]
        """Bound every reply the bot sends to the channel by the connector timeout (the SDK's
        default is 100 seconds, far beyond Teams' 15-second window)."""
        client = context.turn_state.get(BotAdapter.BOT_CONNECTOR_CLIENT_KEY)
        if client is not None:
            client.config.connection.timeout = self._connector_timeout
        return await super().run_pipeline(context, callback)

    async def _handle_turn_error(self, context: TurnContext, error: Exception) -> None:
        reference = uuid.uuid4().hex[:8].upper()
        logger.error("turn failed (ref %s) on %s: %r", reference,
                     context.activity.channel_id, error, exc_info=error)
        if self._on_failure is not None:
            try:
                await self._on_failure(context, error, reference)
            except Exception:  # the error handler must not fail the turn a second time
                logger.exception("failure listener failed (ref %s)", reference)
        try:
            if context.activity.type == ActivityTypes.message:
                await context.send_activity(
                    f"Sorry, something went wrong on my side and I couldn't finish that "
                    f"(reference {reference}). I've reset our conversation, so please try "
                    "again. If it keeps happening, say \"talk to a person\"."
                )
            await context.send_trace_activity(
                "OnTurnError", value=f"ref {reference}: {error!r}", label="TurnError"
            )
        except Exception:
            logger.exception("could not tell the user about failure ref %s", reference)
        try:
            await self._conversation_state.delete(context)
        except Exception:
            logger.exception("could not reset conversation state after ref %s", reference)
