"""Shapes the plain text ERA sends on channels that render markdown (Teams, Web Chat, Direct
Line): addresses and message ids are kept from becoming mailto links, and a sentence after a
list stays its own paragraph. Cards are rendered by dialogs/rendering and are left alone."""

from __future__ import annotations

from collections.abc import Awaitable, Callable

from botbuilder.core import Middleware, TurnContext
from botbuilder.schema import Activity, ActivityTypes, ResourceResponse

from dialogs.rendering.markdown_text import MARKDOWN_CHANNELS, closed_lists, without_autolinks


class MarkdownTextMiddleware(Middleware):  # type: ignore[misc]
    """Rewrites the text of outgoing plain messages on markdown channels."""

    async def on_turn(
        self, context: TurnContext, logic: Callable[[], Awaitable[None]]
    ) -> None:
        """Register the rewrite for this turn's sends, then run the turn."""
        if (context.activity.channel_id or "") in MARKDOWN_CHANNELS:
            context.on_send_activities(_rewrite)
        await logic()


async def _rewrite(
    context: TurnContext, activities: list[Activity],
    next_send: Callable[[], Awaitable[list[ResourceResponse]]],
) -> list[ResourceResponse]:
    for activity in activities:
        if activity.type == ActivityTypes.message and activity.text and not activity.attachments:
            activity.text = without_autolinks(closed_lists(activity.text))
    return await next_send()
