"""Someone asks for personal records ERA neither holds nor shares.

A colleague's pay, contact details, date of birth, health or reasons for leave ("what is
alice's salary?", "why did bob take leave?") are never given: the person is told plainly why
and that HR (or payroll, for pay) keeps them. Their own payslip, holiday balance or contract
("can I see my payslip?") ERA cannot see either: they are told who keeps it. Both are answers,
not knowledge gaps, so no hand-over starts by itself; the answer offers one. Asked right
after "transfer me", ERA cannot help with it, and the person is handed over.
"""

from __future__ import annotations

from botbuilder.dialogs import DialogTurnResult, WaterfallStepContext

from core.intent import Intent
from core.turn_report import current_report
from dialogs.era_turn import EraTurn
from dialogs.flow_dialog import FlowDialog
from dialogs.flow_services import FlowServices
from dialogs.turn_failures import tracker_of
from language.catalogue import say


class PersonalRecordsDialog(FlowDialog):
    """One step: say why the records are not given here and who keeps them."""

    intent = Intent.PERSONAL_RECORDS

    def __init__(self, *, services: FlowServices) -> None:
        super().__init__([self._answer_step], services=services)

    async def _answer_step(self, step: WaterfallStepContext) -> DialogTurnResult:
        turn = EraTurn.of(step.context)
        options = step.options if isinstance(step.options, dict) else {}
        text = options.get("text") or step.context.activity.text or ""
        report = current_report()
        tracker = tracker_of(step.context)
        if report is not None and tracker is not None and tracker.in_transfer_attempt:
            # They asked for a person, and this is HR's to answer: the hand-over is the reply.
            report.could_not_help("personal records are kept by HR")
            return await self.finish(step)
        about_colleague = bool(turn.understood(text).slots.get("person"))
        message = "records.colleague" if about_colleague else "records.own"
        await step.context.send_activity(say(message, turn.language))
        return await self.finish(step)
