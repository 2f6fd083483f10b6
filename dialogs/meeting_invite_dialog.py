"""Someone asks to add a person to a meeting already booked ("invite chen to the rota review",
"add alice to my meeting with bob on thursday", "ajoute chen à la réunion de jeudi").

ERA cannot change the attendees of a booked meeting yet, so it says so plainly and says what it
can do instead (book a new meeting with everyone) or where to do it (Outlook), rather than
taking the request for a question to the advisor or for a shift to assign. An answer, not a
failure: nothing is counted and nobody is handed over.
"""

from __future__ import annotations

from botbuilder.dialogs import DialogTurnResult, WaterfallStepContext

from core.intent import Intent
from dialogs.era_turn import EraTurn
from dialogs.flow_dialog import FlowDialog
from dialogs.flow_services import FlowServices
from language.catalogue import say


class MeetingInviteDialog(FlowDialog):
    """One step: say that adding someone to a booked meeting is not done here yet."""

    intent = Intent.MEETING_INVITE

    def __init__(self, *, services: FlowServices) -> None:
        super().__init__([self._answer_step], services=services)

    async def _answer_step(self, step: WaterfallStepContext) -> DialogTurnResult:
        language = EraTurn.of(step.context).language
        await step.context.send_activity(say("meeting_invite.not_yet", language))
        return await self.finish(step)
