"""Someone adds people to a meeting already booked ("invite chen to the rota review", "add alice
to my meeting with bob on thursday", "ajoute chen à la réunion de jeudi").

The people to add are the first name the request gives and those listed with it ("add Chen and
Alice to ..."), found in the directory of the person's store; a first name several people share
("add bob ...") is asked about, one name at a time. The meeting is found as the cancel flow finds
one, by the other people named, the day and the title; one found goes straight to the preview,
several are picked from. Nothing is asked of a meeting that cannot take anyone: one the person
did not organise (only its organiser can change who is invited), one under way, or one everybody
named is already in, each said plainly. The preview ("Add Chen Wei to Fri 27 Nov, 11:00-11:30:
Rota review with Alice Martin? I'll send Chen an invitation.") waits for a clear yes; then the
people are added once through the action ledger, after checking again that the meeting is still
the person's and still ahead, and the calendar invites them (only them). A backend failure is
said honestly, with nothing changed.
"""

from __future__ import annotations

import uuid
from enum import StrEnum
from typing import Any

from botbuilder.dialogs import DialogTurnResult, WaterfallStepContext

from core.calendar_event import CalendarEvent
from core.errors import BackendError, NotFoundError, PermissionDeniedError
from core.free_text_question import FreeTextQuestion
from core.intent import Intent
from core.name_matcher import match_people
from core.person import Person
from core.question_id import QuestionId
from core.reply_interpreter import ReplyIntent, describe_accepted
from core.turn_memory import TurnMemory
from dialogs.employee_choice import people_labels, people_options
from dialogs.era_turn import EraTurn
from dialogs.flow_dialog import FlowOutcome
from dialogs.meeting_flow_dialog import MeetingFlowDialog, MeetingStage
from dialogs.reply_prompt import ReplyAnswer
from language.catalogue import say
from language.formatting import format_accepted, format_list
from language.intent_rules import MatchKind
from language.meeting_words import before_meeting_noun
from language.phrase import Phrase
from language.understanding import Understanding
from state.action_ledger import ActionInProgressError

INVITE_LEDGER = "meeting-invite"
# The people to add, in the order named ("" for a name still to settle), and the names still
# to settle, each [place, [ids it may mean]].
INVITEES = "invitees"
INVITEES_PENDING = "invitees_pending"


class InviteStage(StrEnum):
    """The invite flow's own stages (the meeting is found by the shared ones)."""

    INVITEE = "invitee"  # "which Bob?"
    WHO = "who"  # nobody named: "who should I add?"
    CONFIRM_INVITE = "confirm_invite"


class MeetingInviteDialog(MeetingFlowDialog):
    """Who, which meeting, preview, add once. Taking people off a meeting
    (dialogs/meeting_uninvite_dialog.py) is the same flow with the other change."""

    intent = Intent.MEETING_INVITE
    meeting_question = "meeting_invite.which"
    keeps_under_way = True
    # The flow's messages (<messages>.confirm, .done, ...), its "which Bob?" question
    # (employee.which_same_name.<people_what>), its ledger and its audited action.
    messages = "meeting_invite"
    people_what = "invite"
    ledger = INVITE_LEDGER
    audited_action = "calendar.add_attendees"
    # Whether the people named choose the meeting too (they must be in it to be taken off).
    named_people_choose = False

    async def start(self, step: WaterfallStepContext, options: dict[str, Any]) -> DialogTurnResult:
        """The people to add, and the meeting's filters from the rest of the request."""
        text = str(options.get("text") or "")
        # The people to add are named before the meeting ("add chen to my meeting with bob"):
        # those named after it choose the meeting, and are never added in their place.
        before = before_meeting_noun(text)
        groups = self.named_groups(text if before is None else before,
                                   await self.people_to_invite(step), step)
        memory = (await self.new_memory(step.context)).with_data(invite_request=uuid.uuid4().hex)
        if not groups and await self._names_an_outsider(step, text):
            # "add pedro to the rota review", Pedro working at another store: refused.
            await step.context.send_activity(say(f"{self.messages}.nobody_named",
                                                 self.language(step)))
            return await self.finish(step, FlowOutcome.DONE)
        if not groups:
            # "add someone to the meeting", or a name that is nobody: asked, once.
            return await self._ask_who(step, memory.with_data(invite_text=text))
        return await self._with_people(step, memory, text, groups)

    async def _names_an_outsider(self, step: WaterfallStepContext, text: str) -> bool:
        """Whether the request names someone ERA knows whom the person may not name here."""
        person = EraTurn.of(step.context).person
        everyone = [p for p in await self.services.directory.list_people() if p.id != person.id]
        return bool(self.named_groups(text, everyone, step))

    async def _ask_who(self, step: WaterfallStepContext, memory: TurnMemory) -> DialogTurnResult:
        return await self.ask_at(step, InviteStage.WHO, memory,
                                 str(FreeTextQuestion.PERSON_NAME),
                                 Phrase.of(f"{self.messages}.who"), free_text=True)

    async def _who_reply(
        self, step: WaterfallStepContext, memory: TurnMemory, answer: ReplyAnswer
    ) -> DialogTurnResult:
        """The people named in answer to "who should I add?"; a no, or nobody again, ends
        the request with nothing changed."""
        language = self.language(step)
        groups = self.named_groups(answer.text, await self.people_to_invite(step), step)
        if not groups:
            key = "kept" if self.is_plain_no(answer.text, step) else "nobody_named"
            await step.context.send_activity(say(f"{self.messages}.{key}", language))
            return await self.finish(step, FlowOutcome.DONE)
        return await self._with_people(step, memory, str(memory.data.get("invite_text") or ""),
                                       groups)

    async def _with_people(
        self, step: WaterfallStepContext, memory: TurnMemory, text: str,
        groups: list[list[Person]],
    ) -> DialogTurnResult:
        """The meeting's filters from the request, then which person a shared name means."""
        groups = await self.narrowed(step, groups)
        memory = await self.with_request_filters(memory, text, step, days=True)
        # The people to add choose no meeting: only the others named do ("with bob").
        adding = {p.email.lower() for group in groups for p in group}
        kept = [(group, name) for group, name in zip(
            memory.data.get("named") or [], memory.data.get("named_names") or [], strict=True)
            if self.named_people_choose or not adding & set(group)]
        memory = memory.with_data(named=[g for g, _ in kept], named_names=[n for _, n in kept],
                                  **{INVITEES: [g[0].id if len(g) == 1 else "" for g in groups],
                                     INVITEES_PENDING: [[i, [p.id for p in g]]
                                                        for i, g in enumerate(groups)
                                                        if len(g) > 1]})
        return await self._next_invitee(step, memory)

    async def narrowed(
        self, step: WaterfallStepContext, groups: list[list[Person]]
    ) -> list[list[Person]]:
        """The people each name may mean (all of them: anyone of the store can be added)."""
        return groups

    def starts_anew(self, understood: Understanding, question: str | None) -> bool:
        """Another request to add someone, made in full at any of this flow's questions ("add
        alice to the check-in" at the preview for Chen), is the request now: the one in hand is
        dropped with nothing done."""
        return (understood.intent is self.intent
                and understood.match.kind is MatchKind.COMMAND)

    async def _next_invitee(
        self, step: WaterfallStepContext, memory: TurnMemory
    ) -> DialogTurnResult:
        """Ask which person a shared first name means, else look the meetings up."""
        pending: list[list[Any]] = memory.data.get(INVITEES_PENDING) or []
        if not pending and memory.data.get("event"):
            # Someone named at the preview ("yes and add bob too"): the preview again.
            return await self.meeting_chosen(step, memory)
        if not pending:
            names = [p.name for p in await self._invitees(memory)]
            return await self.goto(step, MeetingStage.LOOKUP,
                                   memory.with_data(invitee_names=names))
        same = [p for p in [await self.services.directory.get(i) for i in pending[0][1]]
                if p is not None]
        return await self.ask_at(
            step, InviteStage.INVITEE, memory, str(QuestionId.SELECT_EMPLOYEE),
            Phrase.of(f"employee.which_same_name.{self.people_what}", count=len(same),
                      query=same[0].first_name),
            options=people_options(same, self.language(step)), labels=people_labels(same))

    async def _invitees(self, memory: TurnMemory) -> list[Person]:
        directory = self.services.directory
        return [p for p in [await directory.get(i) for i in dict.fromkeys(memory.data[INVITEES])
                            if i] if p is not None]

    async def enter(
        self, step: WaterfallStepContext, stage: str, memory: TurnMemory
    ) -> DialogTurnResult:
        """The preview again (after a re-ask), or a shared stage."""
        if stage == InviteStage.CONFIRM_INVITE:
            return await self.meeting_chosen(step, memory)
        if stage == InviteStage.INVITEE:
            return await self._next_invitee(step, memory)
        if stage == InviteStage.WHO:
            return await self._ask_who(step, memory)
        return await super().enter(step, stage, memory)

    def meeting_question_phrase(self, memory: TurnMemory, language: str) -> Phrase:
        """"Which one should I add Chen Wei to?"."""
        return Phrase.of(self.meeting_question,
                         names=format_list(memory.data.get("invitee_names") or [], language))

    async def meeting_chosen(
        self, step: WaterfallStepContext, memory: TurnMemory
    ) -> DialogTurnResult:
        """Refuse what cannot be done; else the preview."""
        turn = EraTurn.of(step.context)
        language = turn.language
        event = CalendarEvent.from_dict(memory.data["event"])
        meeting = await self.event_label(step, event)
        refused = await self._refusal(step, event, meeting)
        if refused is not None:
            await step.context.send_activity(refused)
            return await self.finish(step, FlowOutcome.DONE)
        people = await self._invitees(memory)
        new, there = self.changing(event, people)
        if there:
            await step.context.send_activity(say(
                self.unchanged_message, language, count=len(there),
                names=format_list([p.name for p in there], language), meeting=meeting))
        if not new:
            return await self.finish(step, FlowOutcome.DONE)
        memory = memory.with_data(adding=[p.email.lower() for p in new])
        meeting = await self.event_label(step, self.shown(event, memory.data["adding"]))
        return await self.ask_at(
            step, InviteStage.CONFIRM_INVITE, memory, str(QuestionId.CONFIRM_ACTION),
            Phrase.of(f"{self.messages}.confirm",
                      names=format_list([p.name for p in new], language), meeting=meeting,
                      who=format_list([p.first_name for p in new], language)),
            buttons=((Phrase.of(self.confirm_button), "yes"), (Phrase.of("button.no"), "no")),
            return_unknown=True,
        )

    # Said of the people named whom the change leaves as they are, and the preview's button.
    unchanged_message = "meeting_invite.already_in"
    confirm_button = "meeting_invite.add"

    @staticmethod
    def changing(
        event: CalendarEvent, people: list[Person]
    ) -> tuple[list[Person], list[Person]]:
        """The people the change is for (those not in the meeting yet), and the others."""
        return ([p for p in people if not event.involves(p.email)],
                [p for p in people if event.involves(p.email)])

    @staticmethod
    def shown(event: CalendarEvent, emails: list[str]) -> CalendarEvent:
        """The meeting as the preview and the answer name it: as it is, without the people
        being added."""
        return event

    async def change(
        self, event: CalendarEvent, organizer: str, emails: list[str], request_id: str
    ) -> CalendarEvent:
        """Make the change in the calendar: add the people."""
        return await self.services.calendar.add_attendees(
            event_id=event.id, organizer_email=organizer, attendee_emails=emails,
            request_id=request_id)

    async def _refusal(
        self, step: WaterfallStepContext, event: CalendarEvent, meeting: str
    ) -> str | None:
        """Why nobody can be added to the meeting by this person now, or None."""
        turn = EraTurn.of(step.context)
        if event.is_cancelled:
            return say("error.meeting_not_found", turn.language)
        if event.organizer_email != turn.person.email.lower():
            return await self._not_organiser(event, meeting, turn.language)
        if event.starts_at <= turn.now:
            key = f"{self.messages}.{'over' if event.ends_at <= turn.now else 'started'}"
            return say(key, turn.language, meeting=meeting)
        return None

    async def _not_organiser(self, event: CalendarEvent, meeting: str, language: str) -> str:
        """Only the organiser, named, can add people to the meeting."""
        names = await self.names([event.organizer_email])
        return say(f"{self.messages}.not_organiser", language, meeting=meeting,
                   organiser=names.get(event.organizer_email, event.organizer_email))

    async def reply(
        self, step: WaterfallStepContext, stage: str, memory: TurnMemory, answer: ReplyAnswer
    ) -> DialogTurnResult:
        """"Which Bob?" and the preview here; the rest is shared."""
        if stage == InviteStage.INVITEE:
            return await self._invitee_reply(step, memory, answer)
        if stage == InviteStage.WHO:
            return await self._who_reply(step, memory, answer)
        if stage != InviteStage.CONFIRM_INVITE:
            return await super().reply(step, stage, memory, answer)
        more = await self._more_named(step, memory, answer.text)
        if more:
            # "yes and add bob jones too", "et sophie aussi": not the yes to what was shown;
            # the people named join the change, and the preview is shown again for its own yes.
            invitees = [*memory.data[INVITEES], *(g[0].id if len(g) == 1 else "" for g in more)]
            pending = [[i, [p.id for p in g]]
                       for i, g in enumerate(more, len(memory.data[INVITEES])) if len(g) > 1]
            return await self._next_invitee(step, memory.with_data(
                **{INVITEES: invitees, INVITEES_PENDING: pending}))
        declined = EraTurn.of(step.context).understood(answer.text).is_decline
        if answer.intent is ReplyIntent.CONFIRM and not declined:
            return await self._add(step, memory)
        if answer.intent is ReplyIntent.REJECT or declined:
            await step.context.send_activity(say(f"{self.messages}.kept", self.language(step)))
            return await self.finish(step, FlowOutcome.CANCELLED)
        # Neither a clear yes nor a no ("hmm purple"): what is accepted, and the preview again.
        language = self.language(step)
        accepted = describe_accepted(str(QuestionId.CONFIRM_ACTION), ())
        await step.context.send_activity(say(
            "prompt.not_understood", language, accepted=format_accepted(accepted, language)))
        return await self.meeting_chosen(step, memory)

    async def _more_named(
        self, step: WaterfallStepContext, memory: TurnMemory, text: str
    ) -> list[list[Person]]:
        """The people a reply to the preview names who are not in the change yet (one group
        per name, as the request's), or none."""
        groups = self.named_groups(text, await self.people_to_invite(step), step)
        known = {str(i) for i in memory.data.get(INVITEES) or []}
        known |= {str(i) for _, ids in memory.data.get(INVITEES_PENDING) or [] for i in ids}
        return [g for g in groups if not known & {p.id for p in g}]

    async def _invitee_reply(
        self, step: WaterfallStepContext, memory: TurnMemory, answer: ReplyAnswer
    ) -> DialogTurnResult:
        pending: list[list[Any]] = memory.data[INVITEES_PENDING]
        position, ids = pending[0]
        chosen = answer.option.value if answer.option is not None else None
        if chosen is None and answer.intent is not ReplyIntent.REJECT:
            offered = [p for p in [await self.services.directory.get(i) for i in ids]
                       if p is not None]
            matches = match_people(answer.text, offered, language=self.language(step))
            if len(matches) == 1:
                chosen = matches[0].id
            elif not self.is_plain_no(answer.text, step):
                return await self.reask_options(step, InviteStage.INVITEE, memory)
        if chosen not in ids:
            await step.context.send_activity(say(f"{self.messages}.kept", self.language(step)))
            return await self.finish(step, FlowOutcome.CANCELLED)
        invitees = list(memory.data[INVITEES])
        invitees[position] = chosen
        return await self._next_invitee(step, memory.with_data(
            **{INVITEES: invitees, INVITEES_PENDING: pending[1:]}))

    async def _add(self, step: WaterfallStepContext, memory: TurnMemory) -> DialogTurnResult:
        """Check again at the effect, then add once."""
        turn = EraTurn.of(step.context)
        language = turn.language
        event = CalendarEvent.from_dict(memory.data["event"])
        adding = [str(a) for a in memory.data["adding"]]
        meeting = await self.event_label(step, self.shown(event, adding))
        request_id = str(memory.data["invite_request"])
        calendar = self.services.calendar

        async def add() -> dict[str, Any]:
            changed = await self.change(event, turn.person.email, adding, request_id)
            return {"event": changed.to_dict()}

        try:
            current = await calendar.get_event(event.id)
            refused = (say("error.meeting_not_found", language) if current is None
                       else await self._refusal(step, current, meeting))
            if refused is not None:
                await step.context.send_activity(refused)
                return await self.finish(step, FlowOutcome.DONE)
            await self.services.ledger.run_once(
                self.ledger, request_id, add,
                audited=lambda result: turn.audit_entry(
                    self.audited_action, event.id, request_id=request_id,
                    attendees=len(adding)))
        except ActionInProgressError:
            await step.context.send_activity(say(f"{self.messages}.in_progress", language))
            return await self.finish(step, FlowOutcome.DONE)
        except BackendError:
            await step.context.send_activity(say(f"{self.messages}.backend_failed", language,
                                                 meeting=meeting))
            return await self.finish(step, FlowOutcome.FAILED)
        except PermissionDeniedError:
            await step.context.send_activity(
                await self._not_organiser(event, meeting, language))
            return await self.finish(step, FlowOutcome.DONE)
        except NotFoundError:
            await step.context.send_activity(say("error.meeting_not_found", language))
            return await self.finish(step, FlowOutcome.DONE)
        invitees = {p.email.lower(): p for p in await self._invitees(memory)}
        # The meeting as the preview showed it, without the people just added.
        await step.context.send_activity(say(
            f"{self.messages}.done", language,
            names=format_list([invitees[a].name if a in invitees else a for a in adding],
                              language), meeting=meeting,
            who=format_list([invitees[a].first_name if a in invitees else a for a in adding],
                            language)))
        return await self.finish(step, event_id=event.id)
