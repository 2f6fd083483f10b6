"""The user asks for a person ("transfer me", "talk to a human", "passami un operatore").

Design note 004, flow A: ERA does not transfer at once; it asks what the user needs and says it
will hand them over if it cannot help. The answer is then routed like any request; if ERA fails
at it (anything the failure tracker counts, or a request it does not understand) the hand-over
happens straight away, and if ERA helps, the attempt is over. Asking again before ERA could try
hands over at once. The hand-over itself is done by the failure-tracking middleware.
"""

from __future__ import annotations

from botbuilder.dialogs import DialogContext, DialogTurnResult, WaterfallStepContext

from core.free_text_question import FreeTextQuestion
from core.intent import Intent
from core.turn_report import current_report
from dialogs.flow_dialog import FlowDialog, FlowOutcome
from dialogs.flow_services import FlowServices
from dialogs.reply_prompt import AnswerStatus, ReplyAnswer
from dialogs.turn_failures import tracker_of
from language.interrupts import Interrupt, InterruptKind, needs_nothing
from language.phrase import Phrase


class HandoffDialog(FlowDialog):
    """Flow A: ask what the user needs, then let ERA try once."""

    intent = Intent.TRANSFER

    def __init__(self, *, services: FlowServices) -> None:
        super().__init__([self._ask_step, self._route_step], services=services)

    async def _ask_step(self, step: WaterfallStepContext) -> DialogTurnResult:
        tracker = tracker_of(step.context)
        report = current_report()
        if tracker is not None and report is not None:
            decision = tracker.request_transfer()
            if decision.transfer:
                report.transfer(str(decision.reason))
                return await self.finish(step, FlowOutcome.HANDED_OFF)
        memory = await self.new_memory(step.context)
        return await self.ask(
            step, memory, str(FreeTextQuestion.TRANSFER_NEED),
            Phrase.of("transfer.ask_need"),
            free_text=True,
        )

    async def _interrupt(
        self, inner_dc: DialogContext, interrupt: Interrupt
    ) -> DialogTurnResult | None:
        # A request given as the answer to "what do you need?" is the answer: it is routed
        # (and this attempt judged by how it goes), not stacked on top of this flow.
        if interrupt.kind is InterruptKind.SWITCH:
            return None
        return await super()._interrupt(inner_dc, interrupt)

    async def _route_step(self, step: WaterfallStepContext) -> DialogTurnResult:
        answer: ReplyAnswer = step.result
        if answer.status is AnswerStatus.EXPIRED:
            return await self.end_expired(step)
        if needs_nothing(answer.text):
            # "nein, schon gut", "non c'est bon": no request to route (as a stray "no" it got
            # "Nothing is waiting for your answer"), and nobody to get.
            await step.context.send_activity(await self.say(step.context, "stopped"))
            return await self.finish(step, FlowOutcome.CANCELLED)
        return await self.finish(step, FlowOutcome.ROUTE, text=answer.text)
