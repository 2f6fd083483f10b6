"""Someone asks who their manager is ("who is my manager?"): answered from the directory."""

from __future__ import annotations

from botbuilder.dialogs import DialogTurnResult, WaterfallStepContext

from core.intent import Intent
from dialogs.era_turn import EraTurn
from dialogs.flow_dialog import FlowDialog
from dialogs.flow_services import FlowServices
from language.catalogue import say


class MyManagerDialog(FlowDialog):
    """One step: look the person's manager up in the directory and say who it is."""

    intent = Intent.MY_MANAGER

    def __init__(self, *, services: FlowServices) -> None:
        super().__init__([self._answer_step], services=services)

    async def _answer_step(self, step: WaterfallStepContext) -> DialogTurnResult:
        person = EraTurn.of(step.context).person
        language = EraTurn.of(step.context).language
        manager = (
            await self.services.directory.get(person.manager_id) if person.manager_id else None
        )
        if manager is None:
            await step.context.send_activity(say("my_manager.none", language))
        elif manager.email:
            await step.context.send_activity(
                say("my_manager.is", language, name=manager.name, email=manager.email))
        else:
            await step.context.send_activity(
                say("my_manager.is_no_email", language, name=manager.name))
        return await self.finish(step)
