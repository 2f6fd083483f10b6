"""Sends proactive chat messages through the adapter to people ERA has talked with before."""

from __future__ import annotations

import asyncio
import logging

from botbuilder.core import BotAdapter, TurnContext

from core.errors import BackendError
from state.conversation_reference_store import ConversationReferenceStore

logger = logging.getLogger(__name__)


class ProactiveNotifier:
    """Implements core.person_notifier.PersonNotifier with adapter.continue_conversation."""

    def __init__(
        self,
        *,
        adapter: BotAdapter,
        references: ConversationReferenceStore,
        bot_app_id: str,
        timeout_seconds: float = 5.0,
    ) -> None:
        self._adapter = adapter
        self._references = references
        self._bot_app_id = bot_app_id
        self._timeout = timeout_seconds

    async def language_of(self, person_id: str) -> str | None:
        """The language the person last spoke with ERA in their chat; None when unknown or the
        storage cannot say (the notice is then written in their directory language)."""
        try:
            return (await self._references.load_reach(person_id))[1]
        except BackendError as error:
            logger.warning("language of %s not read: %s", person_id, error)
            return None

    async def notify(self, person_id: str, text: str) -> bool:
        """Send `text` to the person's chat; False when no conversation is known or it fails."""
        try:
            reference = await self._references.load(person_id)
        except BackendError as error:
            # Called after the thing the person is told about was done (a shift cancelled):
            # a storage that cannot be read now must not turn that into "nothing was changed".
            logger.warning("proactive message to %s not sent: %s", person_id, error)
            return False
        if reference is None:
            return False

        async def send(context: TurnContext) -> None:
            await context.send_activity(text)

        try:
            await asyncio.wait_for(
                self._adapter.continue_conversation(reference, send, self._bot_app_id),
                self._timeout,
            )
        except Exception as error:
            logger.warning("proactive message to %s not delivered: %r", person_id, error)
            return False
        logger.info("proactive message delivered to %s", person_id)
        return True
