"""Anyone books a meeting: an employee with their manager, a manager with HR.

Who the other attendee is: for an employee, their manager from the directory (or HR when they
say so, "book a meeting with HR", or when they have no manager); for a manager, the HR escalation
contact (ERA_HR_ESCALATION_EMAIL), since a manager's own meetings with their staff are calls
booked by the call flow. The person is known from Teams and the directory, so no name or email
is asked. A time in the request ("book a meeting on Tuesday morning") is searched at once;
otherwise ERA asks for a preferred time, as in design note 001.
"""

from __future__ import annotations

import re
from typing import Any

from botbuilder.dialogs import DialogTurnResult, WaterfallStepContext

from core.intent import Intent
from core.text_fold import fold_text
from dialogs.era_turn import EraTurn
from dialogs.flow_services import FlowServices
from dialogs.meeting_flow_dialog import MEETING_MINUTES, MeetingFlowDialog, MeetingStage
from language.catalogue import say
from language.language_choice import language_for

_WITH_HR = re.compile(r"\b(?:hr|human\s+resources|rh|rrhh|ressources\s+humaines|personal"
                      r"abteilung|risorse\s+umane)\b")


class MeetingBookDialog(MeetingFlowDialog):
    """Who with (from the directory), when, which slot, confirm, book once."""

    intent = Intent.MEETING_BOOK

    def __init__(self, *, services: FlowServices, hr_email: str) -> None:
        super().__init__(services=services)
        self._hr_email = hr_email

    async def start(self, step: WaterfallStepContext, options: dict[str, Any]) -> DialogTurnResult:
        """Work out who the meeting is with, then search the time the request names or ask."""
        turn = EraTurn.of(step.context)
        person = turn.person
        text = str(options.get("text") or "")
        manager = None
        if not person.is_manager and not _WITH_HR.search(fold_text(text)):
            manager = await self.services.directory.get(person.manager_id or "")
        with_name, with_email = (
            (manager.name, manager.email) if manager
            else (say("meeting_book.with_hr", turn.language, email=self._hr_email),
                  self._hr_email)
        )
        # The invitation is written in the invitee's language.
        invitee = language_for(manager.preferred_language if manager else None)
        memory = self.new_requests(await self.new_memory(step.context)).with_data(
            organizer=person.email, attendees=[with_email], minutes=MEETING_MINUTES,
            subject=say("meeting_book.subject", invitee, name=person.name,
                        other=manager.name if manager else say("meeting_book.hr", invitee)),
            body=say("meeting_book.body", invitee, name=person.name), **{"with": with_name},
        )
        windows = await self.windows_in(text, step)
        if windows:
            return await self.goto(step, MeetingStage.AVAILABILITY,
                                   self.with_windows(memory, windows))
        return await self.goto(step, MeetingStage.TIME_PREFERENCE, memory)
