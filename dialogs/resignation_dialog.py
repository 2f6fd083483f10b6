"""Someone says they are resigning ("I want to resign", "I quit", "je démissionne"): ERA cannot
take a resignation, so it answers kindly, says who to tell (their manager, by name when the
directory knows them) and hands the conversation to a person in HR, through the same hand-over
as a knowledge gap. Nothing else happens: no shift is cancelled, nobody else is told.
"""

from __future__ import annotations

from botbuilder.dialogs import DialogTurnResult, WaterfallStepContext

from core.failure_tracker import TransferReason
from core.intent import Intent
from core.turn_report import current_report
from dialogs.era_turn import EraTurn
from dialogs.flow_dialog import FlowDialog, FlowOutcome
from dialogs.flow_services import FlowServices
from language.catalogue import say


class ResignationDialog(FlowDialog):
    """One step: say ERA cannot take a resignation, name the manager, hand over to HR."""

    intent = Intent.RESIGNATION

    def __init__(self, *, services: FlowServices) -> None:
        super().__init__([self._hand_over_step], services=services)

    async def _hand_over_step(self, step: WaterfallStepContext) -> DialogTurnResult:
        turn = EraTurn.of(step.context)
        person = turn.person
        manager = (
            await self.services.directory.get(person.manager_id) if person.manager_id else None
        )
        if manager is None:
            text = say("resignation.to_hr_no_manager", turn.language)
        else:
            text = say("resignation.to_hr", turn.language, manager=manager.name)
        await step.context.send_activity(text)
        report = current_report()
        if report is not None:
            # The failure-tracking middleware hands over once the turn is over.
            report.transfer(str(TransferReason.RESIGNATION))
        return await self.finish(step, FlowOutcome.HANDED_OFF)
