"""Records each turn's activities (the person's message and what ERA sent) for the transcript
that a hand-over to HR carries. The entries are handed to the TranscriptWriter when the turn
ends, so recording costs the turn nothing but a list append."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any

from botbuilder.core import Middleware, TurnContext
from botbuilder.schema import Activity, ActivityTypes

from bots.era_adapter import ReplyBuffer
from state.transcript_writer import TranscriptWriter

_ENTRIES_KEY = "era.transcript_entries"


def turn_entries(context: TurnContext) -> list[Activity]:
    """The running turn's transcript entries so far (the person's message first)."""
    entries = context.turn_state.get(_ENTRIES_KEY)
    return entries if isinstance(entries, list) else []


class TranscriptRecorder(Middleware):  # type: ignore[misc]
    """Collects a turn's activities; the writer stores them after the turn."""

    def __init__(self, *, writer: TranscriptWriter) -> None:
        self._writer = writer

    async def on_turn(self, context: TurnContext, logic: Callable[[], Awaitable[None]]) -> None:
        """Record the turn."""
        activity = context.activity
        if activity.conversation is None or activity.type == ActivityTypes.typing:
            await logic()
            return
        entries: list[Activity] = [activity]
        context.turn_state[_ENTRIES_KEY] = entries

        async def keep_sent(
            _context: TurnContext, activities: list[Activity], send: Callable[[], Any]
        ) -> Any:
            entries.extend(a for a in activities
                           if a.type not in (ActivityTypes.typing, ActivityTypes.trace))
            return await send()

        context.on_send_activities(keep_sent)
        try:
            await logic()
        finally:
            buffer = ReplyBuffer.of(context)
            if buffer is not None:
                # A held reply's JSON text, already made for the state and the channel.
                recorded: list[Activity | str] = [
                    buffer.known_text(entry) or entry for entry in entries]
            else:
                recorded = list(entries)
            self._writer.add(activity.channel_id or "", activity.conversation.id, recorded)


def forget_since(context: TurnContext, mark: int) -> None:
    """Drop entries recorded after `mark` (replies the turn discarded before running again)."""
    del turn_entries(context)[mark:]
