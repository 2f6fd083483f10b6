"""ERA's CloudAdapter: the last-resort turn error handler, and timeouts on replies sent to the
channel."""

from __future__ import annotations

import logging

from botbuilder.core import BotAdapter, TurnContext
from botbuilder.integration.aiohttp import CloudAdapter
from botframework.connector.auth import BotFrameworkAuthentication

from bots.turn_error_handler import TurnErrorHandler

logger = logging.getLogger(__name__)

class EraAdapter(CloudAdapter):
    """CloudAdapter with ERA's on-error behaviour and a bounded connector timeout."""

    def __init__(
        self,
        authentication: BotFrameworkAuthentication,
        *,
        error_handler: TurnErrorHandler,
        connector_timeout_seconds: float,
    ) -> None:
        super().__init__(authentication)
        self._error_handler = error_handler
        self._connector_timeout = connector_timeout_seconds
        self.on_turn_error = self._handle_turn_error

    async def run_pipeline(self, context: TurnContext, callback=None):  # type: ignore[no-untyped-def]
        """Bound every reply the bot sends to the channel by the connector timeout (the SDK's
        default is 100 seconds, far beyond Teams' 15-second window)."""
        client = context.turn_state.get(BotAdapter.BOT_CONNECTOR_CLIENT_KEY)
        if client is not None:
            client.config.connection.timeout = self._connector_timeout
        return await super().run_pipeline(context, callback)

    async def _handle_turn_error(self, context: TurnContext, error: Exception) -> None:
        # Turns normally fail inside the failure-tracking middleware, which handles the error
        # itself; this catches what fails outside it (other middleware, the SDK).
        await self._error_handler(context, error)
