"""Anyone books a meeting: an employee with their manager, a manager with HR.

Who the other attendee is: for an employee, their manager from the directory (or HR when they
say so, "book a meeting with HR", or when they have no manager); for a manager, the HR escalation
contact (ERA_HR_ESCALATION_EMAIL). A request that names someone ("book a meeting with Alice
Martin tomorrow at 3pm") is booked with that person, found in the directory among the people of
the speaker's store (or the speaker's manager); a name that is nobody there is said so, with
close spellings offered, and ERA asks who is meant: it never books with someone else instead.
A time in the request ("book a meeting on Tuesday morning") is searched at once; otherwise ERA
asks for a preferred time, as in design note 001. A length in it ("an hour-long meeting", "une
réunion d'une heure") is the meeting's; otherwise it lasts 30 minutes.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from botbuilder.dialogs import DialogTurnResult, WaterfallStepContext

from core.intent import Intent
from core.name_matcher import find_names_in_text, match_people, written_unspaced
from core.person import Person
from core.text_fold import fold_text
from core.turn_memory import TurnMemory
from dialogs.employee_choice import full_name
from dialogs.era_turn import EraTurn
from dialogs.flow_services import FlowServices
from dialogs.invitation_languages import in_each, invitation_languages
from dialogs.meeting_flow_dialog import (
    HR_EMAIL,
    MEETING_MINUTES,
    MeetingFlowDialog,
    MeetingStage,
)
from language.catalogue import say
from language.formatting import format_list
from language.meeting_words import requested_minutes, without_requested_length

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
        # "a meeting of an hour", "une réunion de 45 minutes": the length the person chose,
        # which is no time of day ("una reunión de una hora" is not at 13:00).
        languages = (turn.language, turn.locale)
        memory = self.with_windows(
            self.new_requests(await self.new_memory(step.context)),
            await self.windows_in(without_requested_length(text, *languages), step),
        ).with_data(minutes=requested_minutes(text, *languages) or MEETING_MINUTES,
                    topic=self.requested_topic(step, text))
        with_hr = bool(_WITH_HR.search(fold_text(text)))
        by_role = None if with_hr else await self.start_with_roles(step, memory, text)
        if by_role is not None:
            return by_role
        team = await self.people_to_invite(step)
        groups = [] if with_hr else self.named_groups(text, team, step)
        # "a meeting with Alice and Chne": nobody is left out because their name is misspelt.
        unfound = await self.names_not_found(step, text, groups, team)
        if len(groups) > 1 or unfound:
            # "a meeting with Alice and Chen": one meeting with them all.
            return await self.settle_people(step, memory, groups, unfound=unfound)
        named = "" if with_hr else turn.understood(text).slots.get("person", "")
        if named:
            return await self.settle_attendee(step, memory, request=text, named=named)
        if not with_hr and written_unspaced(text) and find_names_in_text(
                text, await self.services.directory.list_people(store_id=person.store_id)):
            # Chinese and Japanese requests name the person without a slot the rules can fill
            # ("明天下午3点和Alice开个会"): the names in the text say who.
            return await self.settle_attendee(step, memory, request=text)
        manager = None
        if not person.is_manager and not with_hr:
            manager = await self.services.directory.get(person.manager_id or "")
        return await self._book_with(step, memory, manager)

    async def settle_attendee(
        self,
        step: WaterfallStepContext,
        memory: TurnMemory,
        *,
        request: str = "",
        named: str = "",
        employee_id: str | None = None,
        answer: str | None = None,
    ) -> DialogTurnResult:
        person = EraTurn.of(step.context).person
        manager = await self.services.directory.get(person.manager_id or "")
        if manager is not None and employee_id is None and await self._means_manager(
                manager, person, request=request, named=named, answer=answer,
                language=self.language(step)):
            return await self._book_with(step, memory, manager)
        other = await self.settle_employee(
            step, MeetingStage.EMPLOYEE, memory, what="meeting",
            nothing_done="meeting.nothing_booked", employee_id=employee_id, request=request,
            answer=answer, named=named,
        )
        if not isinstance(other, Person):
            return other
        return await self._book_with(step, memory, other)

    async def _means_manager(self, manager: Person, person: Person, *, request: str,
                             named: str, answer: str | None, language: str) -> bool:
        """Whether the person asks to meet their manager: the answer to "who?" or the name the
        request gives is the manager's, and nobody else in their store has it. A manager only
        mentioned ("... with Alice, about Maria's feedback") is not the one to meet."""
        if answer is not None:
            wanted = answer
        elif named:
            wanted = full_name(request, named)
        else:
            return bool(find_names_in_text(request, [manager], language=language))
        if not match_people(wanted, [manager], language=language):
            return False
        colleagues = [p for p in await self.services.directory.list_people(
                          store_id=person.store_id) if p.id not in (manager.id, person.id)]
        return not match_people(wanted, colleagues, language=language)

    async def meeting_people(
        self, step: WaterfallStepContext, memory: TurnMemory, people: Sequence[Person]
    ) -> TurnMemory:
        """A meeting with these people of the directory, its invitation in each of their
        languages (see dialogs.invitation_languages)."""
        turn = EraTurn.of(step.context)
        person = turn.person
        languages = await invitation_languages(self.services.notifier, people, turn.language)
        invitee = languages[0]
        names = [p.name for p in people]
        return memory.with_data(
            organizer=person.email, attendees=[p.email for p in people],
            minutes=memory.data.get("minutes", MEETING_MINUTES),
            subject=say("meeting_book.subject", invitee,
                        name=format_list([person.name, *names[:-1]], invitee, "head"),
                        other=names[-1]),
            body=in_each(languages, lambda language: say(
                "meeting_book.body", language, name=person.name)) + self._topic_line(
                    memory, invitee),
            with_names=names, **{"with": format_list(names, turn.language)},
        )

    @staticmethod
    def _topic_line(memory: TurnMemory, language: str) -> str:
        """The invitation's line on what the meeting is about, as the request said it."""
        topic = str(memory.data.get("topic") or "")
        return "\n\n" + say("meeting_book.body_topic", language, topic=topic) if topic else ""

    async def _book_with(
        self, step: WaterfallStepContext, memory: TurnMemory, other: Person | None
    ) -> DialogTurnResult:
        """Book with `other` (None: HR), at the time the request named or the one ERA asks."""
        turn = EraTurn.of(step.context)
        person = turn.person
        if other is not None:
            memory = await self.meeting_people(step, memory, [other])
        else:
            contact = await self.services.directory.find_by_email(self._hr_email)
            invitee = (await invitation_languages(
                self.services.notifier, [contact], turn.language))[0]
            memory = memory.with_data(
                organizer=person.email, attendees=[self._hr_email],
                minutes=memory.data.get("minutes", MEETING_MINUTES),
                subject=say("meeting_book.subject", invitee, name=person.name,
                            other=say("meeting_book.hr", invitee)),
                body=say("meeting_book.body", invitee, name=person.name)
                + self._topic_line(memory, invitee),
                **{"with": say("meeting_book.with_hr", turn.language, email=self._hr_email),
                   HR_EMAIL: self._hr_email},
            )
        if memory.data.get("windows"):
            return await self.goto(step, MeetingStage.AVAILABILITY, memory)
        return await self.goto(step, MeetingStage.TIME_PREFERENCE, memory)
