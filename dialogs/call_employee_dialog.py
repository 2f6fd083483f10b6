"""A manager books a call with one of their employees.

Started by the advisor (with the employee's id and the situation) or directly ("book a call
with Alice", "call Bob tomorrow morning"). The employee comes from the directory (two Bobs: ERA
asks which). The free 30-minute slots (or as long as the request says: "a 90-minute call", "für
2 Stunden") the manager and the employee share in the next working days are offered, spread
over the days (the employee's shifts count as busy: a call about their work does not pull them
off the shop floor); a time in the request narrows the search. The
reply ("1", "tomorrow morning", "the 10:30 one") picks a slot, ERA confirms, books once, and
says the invitation went out.

When the advisor started it, ERA offered the call and the manager did not ask for it: at the
times and the booking question "not now", "no thanks", "later" or "I'll do it myself" ends it
politely, with nothing booked and how to ask for it later; a question or more about the
situation ends it for the advisor to answer (nothing booked); "email him instead" has the
advisor start the email (dialogs.flow_dialog); a word or two that is no time says what the
times are for and how to leave them. A plain "no" to times the manager asked for still means
"none of these times".
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import Any

from botbuilder.dialogs import DialogContext, DialogTurnResult, WaterfallStepContext

from core.calendar_event import CalendarEvent
from core.intent import Intent
from core.name_matcher import find_names_in_text
from core.person import Person, PersonRole
from core.question_id import QuestionId
from core.reply_interpreter import ReplyIntent, interpret_reply
from core.turn_memory import TurnMemory
from dialogs.employee_choice import REDIRECT_WORDS, store_employees, tells_about
from dialogs.era_turn import EraTurn
from dialogs.flow_dialog import (
    EMPLOYEE_HINT,
    OFFERED,
    PICK_END,
    SAID_WITH_YES,
    SITUATION_HINT,
    OfferExit,
)
from dialogs.invitation_languages import in_each, invitation_languages
from dialogs.meeting_flow_dialog import (
    MEETING_MINUTES,
    SOCIAL_INTENTS,
    MeetingFlowDialog,
    MeetingStage,
)
from dialogs.meeting_options import slot_label
from dialogs.reply_prompt import ReplyAnswer
from language.catalogue import say
from language.formatting import format_list
from language.meeting_words import (
    adds_people,
    requested_minutes,
    without_requested_length,
)
from language.option_reference import says_both
from language.phrase import Phrase, Sayable

SITUATION_CHARS = 600
# The questions at which a reply may turn down the call ERA offered.
_OFFER_STAGES = frozenset({MeetingStage.EMPLOYEE, MeetingStage.SLOT,
                           MeetingStage.CONFIRM_BOOKING, MeetingStage.TIME_PREFERENCE})
# "call him", "book a meeting with him": the call these times are for, asked for again.
# The start option holding the two people "both" chose at "which Bob?", and the data of the
# request kept for the call with them (its times, the advisor's situation, whether offered).
_BOTH = "both"
_BOTH_KEEPS = ("situation", "minutes", OFFERED, "windows")
_THIS_REQUEST = frozenset({Intent.CALL_EMPLOYEE, Intent.MEETING_BOOK})


class CallEmployeeDialog(MeetingFlowDialog):
    """Which employee, which free slot, confirm, book once."""

    nobody_chosen = "call.kept"
    offer_left_text = "call.kept"

    searches_at_once = True
    people_what = "call"

    intent = Intent.CALL_EMPLOYEE
    allowed_roles = frozenset({PersonRole.MANAGER})
    denied_text = "flow.call_employee.denied"

    async def on_continue_dialog(self, inner_dc: DialogContext) -> DialogTurnResult:
        """"both", "les deux", "beide", "oboje", "両方" at "which Bob is the call with?": one
        call with the two of them, its times then offered as for any call with two people."""
        both = await self._both_chosen(inner_dc)
        if both is not None:
            await inner_dc.cancel_all_dialogs()
            return await inner_dc.begin_dialog(self.initial_dialog_id, {_BOTH: both})
        return await super().on_continue_dialog(inner_dc)

    async def _both_chosen(self, inner_dc: DialogContext) -> dict[str, Any] | None:
        """The two people offered and the request's data, when "both" answers a question
        offering two people; None otherwise."""
        text = inner_dc.context.activity.text or ""
        if not (text and self.current_question(inner_dc) == QuestionId.SELECT_EMPLOYEE
                and says_both(text)):
            return None
        memory = (await self.load_memory(inner_dc.context)).memory
        if memory is None or len(memory.options) != 2:
            return None
        return {"people": [option.value for option in memory.options],
                "data": {key: memory.data[key] for key in _BOTH_KEEPS if key in memory.data}}

    async def start(self, step: WaterfallStepContext, options: dict[str, Any]) -> DialogTurnResult:
        """From the advisor's context or the manager's request."""
        if isinstance(options.get(_BOTH), dict):
            return await self._start_with_both(step, options[_BOTH])
        text = str(options.get("text") or "")
        raw_context = options.get("context")
        context: dict[str, Any] = raw_context if isinstance(raw_context, dict) else {}
        turn = EraTurn.of(step.context)
        # "a 90-minute call", "für 2 Stunden": the manager's length; the advisor's offer has none,
        # but the yes to it may say when and how long ("yes, tomorrow afternoon, 15 minutes").
        said = str(context.get(SAID_WITH_YES) or "") if context else text
        asked = requested_minutes(said, turn.language, turn.locale) if said else None
        memory = self.new_requests(await self.new_memory(step.context)).with_data(
            situation=(str(context.get("situation") or "")[-SITUATION_CHARS:] if context
                       else self.requested_topic(step, text)),
            minutes=asked or MEETING_MINUTES, **{OFFERED: bool(context)},
        )
        if context and said:
            memory = self.with_windows(memory, await self.windows_in(
                without_requested_length(said, turn.language, turn.locale), step))
        if not context:
            # A direct request may say when ("call Bob tomorrow morning"); the advisor's
            # recommendation is advice, not a time the manager chose.
            memory = self.with_windows(memory, await self.windows_in(
                without_requested_length(text, turn.language, turn.locale), step))
            by_role = (None if options.get(EMPLOYEE_HINT)
                       else await self.start_with_roles(step, memory, text))
            if by_role is not None:
                return by_role
            team = await self.people_to_invite(step)
            groups = self.named_groups(text, team, step)
            # "a call with Alice and Chne": nobody is left out because their name is misspelt.
            unfound = await self.names_not_found(step, text, groups, team)
            if (len(groups) > 1 or unfound) and not options.get(EMPLOYEE_HINT):
                # "a call with Bob and Alice": one call with them all.
                return await self.settle_people(step, memory, groups, unfound=unfound)
        return await self.settle_attendee(
            step, memory,
            employee_id=context.get("employee_id") or options.get(EMPLOYEE_HINT) or None,
            request=str(context.get("named_in") or "") if context else _with_situation(
                text, options),
        )

    async def _start_with_both(
        self, step: WaterfallStepContext, both: dict[str, Any]
    ) -> DialogTurnResult:
        """The call with both people "both" chose, the request's times kept."""
        memory = self.new_requests(await self.new_memory(step.context)).with_data(
            **dict(both.get("data") or {}))
        people = [await self.services.directory.get(str(i)) for i in both.get("people") or ()]
        return await self.settle_people(step, memory, [[p] for p in people if p is not None])

    def booking_question(self, memory: TurnMemory, slot: Sayable) -> Phrase:
        """Confirm the call."""
        return Phrase.of("call.booking_question", minutes=memory.data["minutes"],
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
                and not adds_people(answer.text) \
                and await self._names_someone_else(step, memory, answer.text):
            await step.context.send_activity(say("meeting.not_booked", self.language(step)))
            return await self.settle_attendee(step, self.new_requests(memory),
                                              request=answer.text.strip())
        if stage == MeetingStage.EMPLOYEE and answer.option is None and memory.options:
            # "the second one, he says it is the bus" at "which Bob?": the words before the
            # comma pick him (the whole reply was taken for more facts and the call dropped).
            head = PICK_END.split(answer.text.strip(), maxsplit=1)[0]
            asked = memory.last_question.id if memory.last_question else str(stage)
            picked = interpret_reply(head, asked, memory.options, EraTurn.of(step.context).locale)
            option = memory.option(picked.option_id) if picked.option_id else None
            if picked.intent is ReplyIntent.SELECT and option is not None:
                answer = replace(answer, intent=ReplyIntent.SELECT, option=option)
        if self.offered(memory) and answer.option is None and stage in _OFFER_STAGES \
                and not adds_people(answer.text):
            left = await self._offer_reply(step, stage, memory, answer)
            if left is not None:
                return left
            if stage == MeetingStage.EMPLOYEE and memory.options \
                    and answer.intent is not ReplyIntent.REJECT \
                    and not await self.names_anyone(step, answer.text):
                # "hmm" at "which Bob?": the same question, its options kept.
                return await self.reask_options(step, stage, memory)
        return await super().reply(step, stage, memory, answer)

    async def _offer_reply(
        self, step: WaterfallStepContext, stage: str, memory: TurnMemory, answer: ReplyAnswer
    ) -> DialogTurnResult | None:
        """A reply to the call ERA offered that is no pick, no time and no yes (see the module
        docstring); None lets the flow read it as it reads any reply."""
        language = self.language(step)
        text = answer.text.strip()
        if stage == MeetingStage.SLOT and self.asks_for_another_time(text, step):
            return None
        # "later this week" is a time; "later", "más tarde" and "not now" are not.
        windows = await self.windows_ahead(text, step)
        bare = EraTurn.of(step.context).understood(text).is_bare_decline
        if (not windows or bare or answer.intent is ReplyIntent.REJECT) \
                and self.declines_offer(answer, step):
            # At "which Bob?" no one is chosen yet: there is no name to say it again with.
            first_name = memory.data.get("first_name")
            return await self.leave_offer(step, OfferExit.DECLINED, " ".join(filter(None, (
                say("call.kept", language),
                first_name and say("call.offer_later", language, first_name=first_name)))))
        if answer.intent is ReplyIntent.CONFIRM or stage == MeetingStage.TIME_PREFERENCE \
                or windows:
            return None
        understood = EraTurn.of(step.context).understood(text)
        if understood.intent not in _THIS_REQUEST and self.says_something(text) \
                and not self.goes_ahead(answer, step):
            # "what should I say in the meeting?", "no written warning yet": for the advisor.
            return await self.leave_offer(step, OfferExit.FOR_ADVISOR, say("call.kept", language),
                                          text)
        if stage != MeetingStage.SLOT or understood.intent in SOCIAL_INTENTS:
            return None
        # "call him instead", "hmm": what these times are for, and the way out.
        await step.context.send_activity(
            say("call.offer_times", language, first_name=memory.data["first_name"]))
        return await self.ask_slot_again(step, memory)

    async def _names_someone_else(
        self, step: WaterfallStepContext, memory: TurnMemory, text: str
    ) -> bool:
        if len(text.split()) > REDIRECT_WORDS:
            return False
        people = await store_employees(self.services.directory, EraTurn.of(step.context).person)
        in_call = set(memory.data.get("people") or [memory.entities.get("employee")])
        named = find_names_in_text(text, people, language=self.language(step))
        return (bool(named) and all(p.id not in in_call for p in named)
                and not tells_about(text, named, EraTurn.of(step.context).locale))

    async def people_to_invite(self, step: WaterfallStepContext) -> list[Person]:
        """The manager's employees."""
        return await store_employees(self.services.directory, EraTurn.of(step.context).person)

    async def meeting_people(
        self, step: WaterfallStepContext, memory: TurnMemory, people: Sequence[Person]
    ) -> TurnMemory:
        """A call with these employees, its invitation in each of their languages (see
        dialogs.invitation_languages); the manager's words on the topic once, as written."""
        turn = EraTurn.of(step.context)
        manager = turn.person
        situation = str(memory.data.get("situation") or "")
        languages = await invitation_languages(self.services.notifier, people, turn.language)
        invitee = languages[0]
        names = [p.name for p in people]
        body = in_each(languages, lambda language: say(
            "call.body", language, manager=manager.name, employee=format_list(names, language)))
        if situation:
            body += "\n\n" + say("call.body_topic", invitee, situation=situation)
        return memory.with_entities(employee=people[0].id).with_data(
            organizer=manager.email, attendees=[p.email for p in people],
            subject=say("call.subject", invitee,
                        manager=format_list([manager.name, *names[:-1]], invitee, "head"),
                        employee=names[-1]),
            body=body, people=[p.id for p in people],
            first_name=format_list([p.first_name for p in people], turn.language),
            with_names=names, **{"with": format_list(names, turn.language)},
        )

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
        # The invitation is written in the employee's language.
        memory = await self.meeting_people(step, memory, [person])
        return await self.goto(step, MeetingStage.AVAILABILITY, memory)


def _with_situation(text: str, options: dict[str, Any]) -> str:
    """The request, and after it the situation the advisor was just told when the request
    names nobody ("call him" after advice about "bob", with two Bobs): the people to choose
    from are the ones the situation names."""
    situation = options.get(SITUATION_HINT)
    if options.get(EMPLOYEE_HINT) or not situation:
        return text
    return f"{text}\n{situation}"
