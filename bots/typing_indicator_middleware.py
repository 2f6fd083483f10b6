"""Shows "ERA is typing" while a message turn works.

botbuilder's ShowTypingMiddleware keeps its timer running when a turn raises (the user then sees
the indicator forever) and fires its sends without awaiting them; this one always stops, and
never lets a failed typing send fail the turn.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Awaitable, Callable

from botbuilder.core import Middleware, TurnContext
from botbuilder.schema import Activity, ActivityTypes

logger = logging.getLogger(__name__)


class TypingIndicatorMiddleware(Middleware):  # type: ignore[misc]
    """Sends a typing activity after `delay` seconds, then every `period`, until the turn ends."""

    def __init__(self, *, delay: float = 0.5, period: float = 3.0) -> None:
        self._delay = delay
        self._period = period

    async def on_turn(
        self, context: TurnContext, logic: Callable[[], Awaitable[None]]
    ) -> None:
        """Run the turn with the indicator going."""
        if context.activity.type != ActivityTypes.message:
            await logic()
            return
        # A timer, not a task: most turns end before it fires, and then cost no task at all.
        typing: list[asyncio.Task[None]] = []
        timer = asyncio.get_running_loop().call_later(
            self._delay, lambda: typing.append(asyncio.create_task(self._keep_typing(context))))
        try:
            await logic()
        finally:
            timer.cancel()
            for task in typing:
                task.cancel()
                with contextlib.suppress(asyncio.CancelledError):
                    await task

    async def _keep_typing(self, context: TurnContext) -> None:
        while True:
            try:
                await context.send_activity(Activity(type=ActivityTypes.typing))
            except Exception as error:  # the indicator is cosmetic; the turn goes on
                logger.debug("typing indicator not sent: %r", error)
                return
            await asyncio.sleep(self._period)
