"""Someone asks who their manager is ("who is my manager?"): answered from the directory."""

from __future__ import annotations

from botbuilder.dialogs import DialogTurnResult, WaterfallStepContext

from core.intent import Intent
from dialogs.era_turn import EraTurn
from dialogs.flow_dialog import FlowDialog
from dialogs.flow_services import FlowServices

YOUR_MANAGER = "Your manager is {name} ({email})."
YOUR_MANAGER_NO_EMAIL = "Your manager is {name}."
NO_MANAGER_ON_RECORD = (
    "I don't have a manager on record for you. Someone in HR can tell you: say \"talk to a "
    'person".'
)


class MyManagerDialog(FlowDialog):
    """One step: look the person's manager up in the directory and say who it is."""

    intent = Intent.MY_MANAGER
    title = "looking up your manager"

    def __init__(self, *, services: FlowServices) -> None:
        super().__init__([self._answer_step], services=services)

    async def _answer_step(self, step: WaterfallStepContext) -> DialogTurnResult:
        person = EraTurn.of(step.context).person
        manager = (
            await self.services.directory.get(person.manager_id) if person.manager_id else None
        )
        if manager is None:
            await step.context.send_activity(NO_MANAGER_ON_RECORD)
        elif manager.email:
            await step.context.send_activity(
                YOUR_MANAGER.format(name=manager.name, email=manager.email)
            )
        else:
            await step.context.send_activity(YOUR_MANAGER_NO_EMAIL.format(name=manager.name))
        return await self.finish(step)
