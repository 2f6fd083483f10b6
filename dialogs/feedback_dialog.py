"""`!improve <feedback>`: stores the user's feedback with the last advice exchange.

The router starts this flow for Intent.FEEDBACK, and any flow switches to it the same way; the
advice conversation records feedback itself (`record_feedback`) so the conversation simply goes
on. What is stored, and how it is exported, is state/feedback_store.py's business.
"""

from __future__ import annotations

import logging

from botbuilder.core import TurnContext
from botbuilder.dialogs import DialogTurnResult, WaterfallStepContext

from core.intent import Intent
from dialogs.era_turn import EraTurn
from dialogs.flow_dialog import FlowDialog, FlowOutcome
from dialogs.flow_services import FlowServices
from language.catalogue import say
from state.feedback_store import FeedbackStore

logger = logging.getLogger(__name__)

USAGE = "feedback.usage"


async def record_feedback(context: TurnContext, store: FeedbackStore, text: str) -> str:
    """Store the feedback in `text` (an "!improve ..." message) and return what to tell the
    user; nothing is stored when the feedback is empty."""
    turn = EraTurn.of(context)
    feedback = turn.understood(text).slots.get("feedback", "").strip()
    if not feedback:
        return say(USAGE, turn.language)
    record = await store.record(
        conversation_key=turn.conversation_key,
        person_id=turn.person.id,
        feedback=feedback,
        now=turn.now,
    )
    if record.exchange is None:
        return say("feedback.recorded", turn.language)
    return say("feedback.recorded_with_answer", turn.language)


class FeedbackDialog(FlowDialog):
    """Records one `!improve` and ends."""

    intent = Intent.FEEDBACK

    def __init__(self, *, services: FlowServices, feedback: FeedbackStore) -> None:
        super().__init__([self._record_step], services=services)
        self._feedback = feedback

    async def _record_step(self, step: WaterfallStepContext) -> DialogTurnResult:
        text = str((step.options or {}).get("text", ""))
        await step.context.send_activity(await record_feedback(step.context, self._feedback, text))
        return await self.finish(step, FlowOutcome.DONE)
