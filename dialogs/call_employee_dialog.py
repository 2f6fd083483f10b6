"""A manager books a call with one of their employees.

Started by the advisor (with the employee's id and the situation) or directly ("book a call
with Alice", "call Bob tomorrow morning"). The employee comes from the directory (two Bobs: ERA
asks which). The free 30-minute slots the manager and the employee share in the next working
days are offered, spread over the days (the employee's shifts count as busy: a call about their
work does not pull them off the shop floor); a time in the request narrows the search. The
reply ("1", "tomorrow morning", "the 10:30 one") picks a slot, ERA confirms, books once, and
says the invitation went out.
"""

from __future__ import annotations

from typing import Any

from botbuilder.dialogs import DialogTurnResult, WaterfallStepContext

from core.calendar_event import CalendarEvent
from core.intent import Intent
from core.person import Person, PersonRole
from core.turn_memory import TurnMemory
from dialogs.employee_choice import REDIRECT_WORDS, names_someone_else, store_employees
from dialogs.era_turn import EraTurn
from dialogs.flow_dialog import EMPLOYEE_HINT
from dialogs.meeting_flow_dialog import MEETING_MINUTES, MeetingFlowDialog, MeetingStage
from dialogs.meeting_options import slot_label
from dialogs.reply_prompt import ReplyAnswer
from language.catalogue import say
from language.language_choice import language_for

SITUATION_CHARS = 600


class CallEmployeeDialog(MeetingFlowDialog):
    """Which employee, which free slot, confirm, book once."""

    nobody_chosen = "call.kept"

    intent = Intent.CALL_EMPLOYEE
    allowed_roles = frozenset({PersonRole.MANAGER})
    denied_text = "flow.call_employee.denied"

    async def start(self, step: WaterfallStepContext, options: dict[str, Any]) -> DialogTurnResult:
        """From the advisor's context or the manager's request."""
        text = str(options.get("text") or "")
        raw_context = options.get("context")
        context: dict[str, Any] = raw_context if isinstance(raw_context, dict) else {}
        memory = self.new_requests(await self.new_memory(step.context)).with_data(
            situation=str(context.get("situation") or "")[-SITUATION_CHARS:],
            minutes=MEETING_MINUTES,
        )
        if not context:
            # A direct request may say when ("call Bob tomorrow morning"); the advisor's
            # recommendation is advice, not a time the manager chose.
            memory = self.with_windows(memory, await self.windows_in(text, step))
        return await self.settle_attendee(
            step, memory,
            employee_id=context.get("employee_id") or options.get(EMPLOYEE_HINT) or None,
            request=str(context.get("named_in") or "") if context else text,
        )

    def booking_question(self, memory: TurnMemory, slot: str, language: str = "en") -> str:
        """Confirm the call."""
        return say("call.booking_question", language, minutes=memory.data["minutes"],
                   with_whom=memory.data["with"], slot=slot,
                   first_name=memory.data["first_name"])

    async def booked(
        self, step: WaterfallStepContext, memory: TurnMemory, event: CalendarEvent,
        replayed: bool,
    ) -> DialogTurnResult:
        """Confirm with the invitation sent."""
        tz = await self.store_zone(EraTurn.of(step.context).person)
        language = self.language(step)
        await step.context.send_activity(say(
            "call.already_booked" if replayed else "call.booked", language,
            with_whom=memory.data["with"], slot=slot_label(event.window, tz, language),
            first_name=memory.data["first_name"], emails=", ".join(event.attendee_emails),
        ))
        return await self.finish(step, event_id=event.id)

    async def reply(
        self, step: WaterfallStepContext, stage: str, memory: TurnMemory, answer: ReplyAnswer
    ) -> DialogTurnResult:
        """At the times or the booking question, a reply naming another of the manager's
        employees ("book it with Bob instead", "no, actually book a call with Chen") books
        nothing: the call is looked at again for the person named."""
        if stage in (MeetingStage.SLOT, MeetingStage.CONFIRM_BOOKING) and answer.option is None \
                and await self._names_someone_else(step, memory, answer.text):
            await step.context.send_activity(say("meeting.not_booked", self.language(step)))
            return await self.settle_attendee(step, self.new_requests(memory),
                                              request=answer.text.strip())
        return await super().reply(step, stage, memory, answer)

    async def _names_someone_else(
        self, step: WaterfallStepContext, memory: TurnMemory, text: str
    ) -> bool:
        if len(text.split()) > REDIRECT_WORDS:
            return False
        people = await store_employees(self.services.directory, EraTurn.of(step.context).person)
        return names_someone_else(
            text, people, memory.entities.get("employee"), self.language(step))

    async def settle_attendee(
        self,
        step: WaterfallStepContext,
        memory: TurnMemory,
        *,
        employee_id: str | None = None,
        request: str = "",
        answer: str | None = None,
    ) -> DialogTurnResult:
        # A name the request gives ("book a call with John Doe") is said back when not found.
        named = EraTurn.of(step.context).understood(request).slots.get("person", "")
        person = await self.settle_employee(
            step, MeetingStage.EMPLOYEE, memory, what="call",
            nothing_done="meeting.nothing_booked", employee_id=employee_id, request=request,
            answer=answer, named=named if request else "",
        )
        if not isinstance(person, Person):
            return person
        manager = EraTurn.of(step.context).person
        situation = str(memory.data.get("situation") or "")
        # The invitation is written in the employee's language.
        invitee = language_for(person.preferred_language)
        body = say("call.body", invitee, manager=manager.name, employee=person.name)
        if situation:
            body += "\n\n" + say("call.body_topic", invitee, situation=situation)
        memory = memory.with_entities(employee=person.id).with_data(
            organizer=manager.email, attendees=[person.email],
            subject=say("call.subject", invitee, manager=manager.name, employee=person.name),
            body=body,
            first_name=person.first_name, **{"with": person.name},
        )
        return await self.goto(step, MeetingStage.AVAILABILITY, memory)
