"""The shared machinery of the calendar flows (a call with an employee; book, cancel and
reschedule a meeting), after design note 001.

Finding a meeting: the person's upcoming meetings are looked up by their directory address (in
Teams and in ERA's directory everyone is known, so the note's "Email?" question is not needed);
one is confirmed with "yes", several are picked from ("1", "the Thursday one"). None found: ERA
says so and offers a new booking, and to managers a look under another address (their own or
one of their store's people; nobody may browse anyone else's calendar).

Finding a time: a preference ("tuesday morning", "next wednesday", "friday") is parsed into
windows by the time parser; the free slots shared by everyone in the meeting in those windows
(working hours, Monday to Friday, the store's time zone) are offered; none there offers the free
slots of the next 7 days; none at all is a tracked failure. At the slot question a pick ("1",
"use slot 1", "the 10:30 one") goes on; other words are read as a new preference ("actually
wednesday" searches Wednesday), and words that are neither get the same list again.
The booking is confirmed, then made once through the action ledger (one request id per flow),
after a last check that the slot is still free.
"""

from __future__ import annotations

import functools
import itertools
import logging
import re
import uuid
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from datetime import datetime, timedelta
from enum import StrEnum
from typing import Any
from zoneinfo import ZoneInfo

from botbuilder.dialogs import DialogTurnResult, WaterfallStepContext

from core.audit_record import AuditRecord
from core.busy_interval import BusyInterval
from core.calendar_event import CalendarEvent
from core.choice_option import ChoiceOption
from core.email_address import is_email_address, normalize_email_address
from core.errors import (
    BackendError,
    ConflictError,
    EraError,
    ErrorCode,
    NotFoundError,
    PermissionDeniedError,
    ValidationError,
)
from core.failure_tracker import FailureCategory
from core.free_busy import FreeBusy
from core.free_text_question import FreeTextQuestion
from core.intent import Intent
from core.name_matcher import (
    find_names_in_text,
    fully_named,
    match_people,
    polish_forms,
    spell_script_names,
)
from core.outgoing_email import MAX_SUBJECT_LENGTH, OutgoingEmail
from core.person import Person, PersonRole
from core.question_id import QuestionId
from core.reply_interpreter import ReplyIntent, interpret_reply, negates, read_words
from core.short_answer import short_answer
from core.slot_finder import MON_FRI, OFFICE_HOURS, find_free_slots
from core.text_fold import fold_text
from core.time_window import TimeWindow, on_the_same_hours
from core.turn_memory import TurnMemory
from core.turn_report import current_report
from dialogs.employee_choice import people_labels, people_options
from dialogs.era_turn import EraTurn
from dialogs.flow_dialog import FlowOutcome, asked_before, flow_result
from dialogs.manager_notice import notice_language
from dialogs.meeting_listing import remember_booked_meeting
from dialogs.meeting_options import (
    closed_days_phrase,
    describe_search,
    directory_names,
    meeting_label,
    meeting_option,
    meeting_phrase,
    outside_hours_phrase,
    search_phrase,
    slot_label,
    slot_labels,
    slot_of,
    slot_option,
    slot_phrase,
    slot_value,
)
from dialogs.reply_prompt import KEPT_WAITING, ReplyAnswer, puts_off, thanks_alone
from dialogs.staged_flow_dialog import StagedFlowDialog
from language import phrase
from language.catalogue import say
from language.catalogue_errors import error_text
from language.day_correction import meant_days
from language.formatting import format_list
from language.intent_rules import MatchKind
from language.interrupts import BOOKING_INTENTS, Interrupt, InterruptKind
from language.language_choice import language_for
from language.lexicon import interrupt_fragments, whole_words
from language.meeting_words import (
    PeopleChange,
    adds_people,
    kind_nouns,
    meeting_minutes,
    no_preference,
    people_change,
    people_instead,
    roles_named,
    said_instead,
    takes_earliest,
    title_nouns,
    title_qualifiers,
    without_move_words,
)
from language.option_reference import asks_for_options, says_another_time, says_not_that_one
from language.phrase import Formatted, Phrase, Sayable
from language.reply_words import answers_when, change_after_yes, words_after_yes
from language.schedule_terms import schedule_terms
from language.time_from_now import says_time_from_now
from language.time_shift import shift_minutes
from language.understanding import Understanding
from services.time_phrase_parser import names_a_day
from state.action_ledger import ActionInProgressError

logger = logging.getLogger(__name__)

LOOKUP_AHEAD = timedelta(days=30)
FALLBACK_AHEAD = timedelta(days=7)
MEETING_MINUTES = 30
SLOTS_IN_WINDOW = 8
SLOTS_PER_DAY_IN_WINDOW = 4
# A reply's window no longer than this names one exact time ("at 10:30": 10:30-11:30).
EXACT_TIME_WINDOW = timedelta(hours=1)
FALLBACK_SLOTS = 10
FALLBACK_SLOTS_PER_DAY = 2
# No free time in the window asked for: the nearest ones within a week either side.
NEAREST_AROUND = timedelta(days=7)
# How far ahead "now" reaches in a put-off ("not right now"): the hour it names.
_NOW_SPAN = timedelta(hours=1)
NEAREST_SLOTS = 6
NEAREST_PER_DAY = 3
# The times listed before ERA asked for a preferred time instead, still pickable by number.
DROPPED_SLOTS = "dropped_slots"
# "first available": take the first free time found to the booking question.
EARLIEST = "earliest"
# The time preference before the last change ("actually make it friday"), for an "undo".
_WINDOWS_BEFORE = "windows_before"
# Whether a list of free times was shown in this flow (only then can a change be undone).
_LISTED = "listed"
# A meeting with several people: those settled (ids), the names still to settle (for each,
# the ids of the people it may mean: "which Bob?"), and, when people are added at the list of
# times or the booking question, who was invited before and at which question.
PEOPLE_CHOSEN = "people_chosen"
PEOPLE_PENDING = "people_pending"
ADDING = "adding"
# A meeting with HR: HR's address, which names HR in the list of whose times are free.
HR_EMAIL = "hr_email"
BOOK_LEDGER = "meeting-book"
# A calendar the backend could not read counts as busy, so fewer (or no) times are offered.
UNREADABLE_CALENDARS = "meeting.unreadable_calendars"
CANCEL_LEDGER = "meeting-cancel"
# A greeting, thanks or goodbye at a question: words to ERA, with no answer in them.
SOCIAL_INTENTS = frozenset({Intent.GREETING, Intent.THANKS, Intent.GOODBYE})
# Where the same request made again with a person starts the flow anew (the booking
# question has its own answer to it: "I haven't booked the call with Alice", then who).
_TIME_QUESTIONS = frozenset({str(FreeTextQuestion.TIME_PREFERENCE), str(QuestionId.SELECT_SLOT)})


TOPIC_CHARS = 300
"""The most of a request's topic an invitation quotes."""
# A name and "と" ("with") opening a Japanese topic: "ボブと遅刻について" is about 遅刻.
_JAPANESE_WITH = re.compile(r"^[^、。\s]{1,12}?(?<!こ)と(?=\S)")
# The short word left before a day cut from a topic ("the rota on", "le planning du").
_TOPIC_TAIL = re.compile(
    r"(?:[\s,]+(?:on|at|for|this|next|le|la|du|de|des|ce|del|el|al|este|esta|il|questo|"
    r"am|um|diesen|op|dit|deze|na|no|em|w|o|a|à))?[\s,]*$", re.IGNORECASE)


class MeetingStage(StrEnum):
    """Where a calendar flow is."""

    EMPLOYEE = "employee"  # which employee (the call flow)
    LOOKUP = "lookup"  # find the person's meetings (no question)
    SELECT_MEETING = "select_meeting"
    NO_MEETINGS = "no_meetings"  # none found: book a new one, or another address
    LOOKUP_EMAIL = "lookup_email"
    TIME_PREFERENCE = "time_preference"
    AVAILABILITY = "availability"  # search free slots (no question)
    SLOT = "slot"
    CONFIRM_BOOKING = "confirm_booking"
    CONFIRM_CANCEL = "confirm_cancel"




class MeetingFlowDialog(StagedFlowDialog):
    """Lookup, time preference, availability, slot choice, confirmation and booking.
    Subclasses start the flow (setting the memory's organizer, attendees, "with", subject,
    body and minutes before a search) and may change what a chosen meeting leads to, the
    booking question and what follows a booking."""

    # Message ids of the questions subclasses may word differently.
    preference_question = "meeting.preference_question"
    meeting_question = "meeting.which_meeting"
    # Whether a meeting under way is found too (to say that it has started).
    keeps_under_way = False
    # What a "no" to "who is it with?" is answered with.
    nobody_chosen = "meeting.nothing_booked"

    # -- what subclasses may change ---------------------------------------------------------

    async def meeting_chosen(
        self, step: WaterfallStepContext, memory: TurnMemory
    ) -> DialogTurnResult:
        """The person chose which meeting (memory.data["event"]), or it was the only one
        found: say which, then, by default, ask when."""
        await self.say_found_alone(step, memory)
        return await self.goto(step, MeetingStage.TIME_PREFERENCE, memory)

    async def say_found_alone(self, step: WaterfallStepContext, memory: TurnMemory) -> None:
        """Show the one meeting found, in the server's words, before the next question."""
        if memory.data.get("found_alone"):
            label = await self.event_label(step, CalendarEvent.from_dict(memory.data["event"]))
            await step.context.send_activity(
                say("meeting.found_alone", self.language(step), meeting=label)
            )

    def meeting_question_phrase(self, memory: TurnMemory, language: str) -> Phrase:
        """The question that asks which of several meetings."""
        return Phrase.of(self.meeting_question)

    def booking_question(self, memory: TurnMemory, slot: Sayable) -> Phrase:
        """The confirmation question for booking the slot (its label)."""
        minutes = memory.data.get("minutes", MEETING_MINUTES)
        return Phrase.of("meeting.booking_question", minutes=minutes,
                         with_whom=memory.data["with"], slot=slot)

    async def booked(
        self, step: WaterfallStepContext, memory: TurnMemory, event: CalendarEvent,
        replayed: bool,
    ) -> DialogTurnResult:
        """The booking is made: say so (subclasses add what follows)."""
        turn = EraTurn.of(step.context)
        tz = await self.store_zone(turn.person)
        await step.context.send_activity(say(
            "meeting.already_booked" if replayed else "meeting.booked", turn.language,
            with_whom=memory.data["with"], slot=slot_label(event.window, tz, turn.language),
        ))
        return await self.finish(step, event_id=event.id)

    # Whether the flow searches times as soon as it knows who (a call) or first asks when.
    searches_at_once = False
    # The flow's word in the "Which one is the meeting with?" questions (employee.*.<what>).
    people_what = "meeting"

    async def meeting_people(
        self, step: WaterfallStepContext, memory: TurnMemory, people: Sequence[Person]
    ) -> TurnMemory:
        """The memory with the meeting set up for `people`: attendees, "with", subject, body.
        Flows that book with several people say how."""
        raise ValueError(f"{self.id} does not book with several people")

    async def people_to_invite(self, step: WaterfallStepContext) -> list[Person]:
        """Whom the person may name for the meeting: the people of their store."""
        person = EraTurn.of(step.context).person
        return [p for p in await self.services.directory.list_people(store_id=person.store_id)
                if p.id != person.id]

    def starts_anew(self, understood: Understanding, question: str | None) -> bool:
        """At the time question or the list of times, this flow's request made again naming
        someone ("set up a meeting with alice on thursday",
        "organiza una reunión con alice el jueves" while another meeting's times are listed)
        is the request now: the person named is invited (they were dropped, and the meeting
        offered without them), and nothing is booked before its own yes."""
        return (question in _TIME_QUESTIONS and understood.intent is self.intent
                and understood.match.kind is MatchKind.COMMAND and "person" in understood.slots)

    def answers_not_interrupts(
        self, text: str, question: str | None, interrupt: Interrupt
    ) -> bool:
        """At the list of times or the booking question, "move it to 3pm" ("verschieb es auf
        15 Uhr") moves the meeting being booked: it is no request to reschedule another."""
        return (question in (str(QuestionId.SELECT_SLOT), str(QuestionId.CONFIRM_BOOKING))
                and interrupt.kind is InterruptKind.SWITCH
                and interrupt.intent is Intent.MEETING_RESCHEDULE
                and without_move_words(text) != fold_text(text).strip())

    # -- helpers for subclasses -------------------------------------------------------------

    async def start_with_roles(
        self, step: WaterfallStepContext, memory: TurnMemory, text: str
    ) -> DialogTurnResult | None:
        """A manager's request naming people by their role ("a meeting with the three
        cashiers", "book a call with all the shift leads", "réunion avec les caissiers"): the
        people of their team who hold it, said by name (anyone can then be left out, "without
        chen"), with anyone also named; a role nobody holds is said so and nothing is set up.
        None when the request names no role."""
        person = EraTurn.of(step.context).person
        if not person.is_manager:
            return None
        team = await self.people_to_invite(step)
        roles = roles_named(text, {role for p in team for role in p.job_roles})
        if not roles:
            return None
        language = self.language(step)
        wanted = {fold_text(role) for role in roles}
        holders = [p for p in team if wanted & {fold_text(r) for r in p.job_roles}]
        role_words = format_list(schedule_terms(roles, language), language)
        if not holders:
            await step.context.send_activity(say("meeting.role_nobody", language,
                                                 role=role_words))
            return await self.finish(step, FlowOutcome.CANCELLED)
        await step.context.send_activity(say(
            "meeting.role_people", language, role=role_words,
            names=format_list([p.name for p in holders], language)))
        others = [g for g in self.named_groups(text, team, step)
                  if not any(p in holders for p in g)]
        return await self.settle_people(step, memory, [*([p] for p in holders), *others])

    def named_groups(
        self, text: str, people: Sequence[Person], step: WaterfallStepContext
    ) -> list[list[Person]]:
        """The people a request names, one group per name, in order: a full name is one
        person; a first name several people share ("Bob") is all of them, to ask which."""
        language = self.language(step)
        full = {p.id for p in fully_named(text, people, language=language)}
        groups: dict[str, list[Person]] = {}
        for named in find_names_in_text(text, people, language=language):
            key = named.id if named.id in full else named.first_name.casefold()
            groups.setdefault(key, []).append(named)
        return _listed_together(text, list(groups.values()), people, language)

    async def settle_people(
        self, step: WaterfallStepContext, memory: TurnMemory, groups: Sequence[Sequence[Person]],
        *, keep: Sequence[str] = (), unfound: Sequence[NameNotFound] = (),
    ) -> DialogTurnResult:
        """Book with everyone the groups name (and the people `keep` holds the ids of), asking
        "which Bob?" for each name that is several people, one name at a time; then, for each
        name listed with them that is nobody (`unfound`, "Alice and Chne"), who was meant."""
        # In the order named; "" holds the place of a name still to settle.
        chosen = [*keep, *(g[0].id if len(g) == 1 else "" for g in groups), *("" for _ in unfound)]
        memory = memory.with_data(**{
            PEOPLE_CHOSEN: chosen,
            PEOPLE_PENDING: [
                *([i, [p.id for p in g]] for i, g in enumerate(groups, len(keep)) if len(g) > 1),
                *([i, [p.id for p in n.people], n.written, n.close]
                  for i, n in enumerate(unfound, len(keep) + len(groups))),
            ],
        })
        return await self._next_person(step, memory)

    async def names_not_found(
        self, step: WaterfallStepContext, text: str, groups: Sequence[Sequence[Person]],
        people: Sequence[Person],
    ) -> list[NameNotFound]:
        """The names listed with those the groups found that are nobody ("a meeting with Alice
        and Chne": "Chne"), each with the people spelled close to it, or everyone who could be
        meant when none is."""
        everyone = await self.services.directory.list_people(
            store_id=EraTurn.of(step.context).person.store_id)
        return names_not_found(text, groups, people, everyone, self.language(step))

    async def _next_person(
        self, step: WaterfallStepContext, memory: TurnMemory
    ) -> DialogTurnResult:
        directory = self.services.directory
        pending: list[list[Any]] = memory.data.get(PEOPLE_PENDING) or []
        language = self.language(step)
        if pending:
            same = [p for p in [await directory.get(i) for i in pending[0][1]] if p is not None]
            question = Phrase.of(f"employee.which_same_name.{self.people_what}",
                                 count=len(same), query=same[0].first_name)
            if len(pending[0]) > 2:
                written, close = pending[0][2], pending[0][3]
                question = (Phrase.of("meeting.name_close", answer=written,
                                      names=format_list([p.name for p in same], language, "or"))
                            if close else Phrase.of("meeting.name_unknown", answer=written))
            return await self.ask_at(step, MeetingStage.EMPLOYEE, memory,
                                     str(QuestionId.SELECT_EMPLOYEE), question,
                                     options=people_options(same, language),
                                     labels=people_labels(same))
        ids = dict.fromkeys(memory.data[PEOPLE_CHOSEN])
        people = [p for p in [await directory.get(i) for i in ids if i] if p is not None]
        adding = memory.data.get(ADDING)
        memory = (await self.meeting_people(step, memory, people)).with_data(
            **{PEOPLE_PENDING: [], ADDING: None})
        if not adding:
            stage = (MeetingStage.AVAILABILITY
                     if self.searches_at_once or memory.data.get("windows")
                     else MeetingStage.TIME_PREFERENCE)
            return await self.goto(step, stage, memory)
        added = [p for p in people if p.email.lower() not in adding["before"]]
        kept = int(adding.get("kept", 0))
        again = [p for p in [await directory.get(i) for i in dict.fromkeys(
                     memory.data[PEOPLE_CHOSEN][kept:]) if i] if p is not None
                 and p.email.lower() in adding["before"]]
        if again and not adding.get("only"):
            await step.context.send_activity(say(
                "meeting.already_invited", language, count=len(again),
                names=format_list([p.name for p in again], language)))
        return await self._after_adding(step, memory, added, str(adding["stage"]),
                                        removed=bool(adding.get("only")))

    async def _after_adding(
        self, step: WaterfallStepContext, memory: TurnMemory, added: Sequence[Person],
        stage: str, *, removed: bool = False,
    ) -> DialogTurnResult:
        """At the booking question, the time stays when the people added are free then (the
        question names everyone); otherwise, and at the list, the times are searched again
        for everyone."""
        at_booking = stage == MeetingStage.CONFIRM_BOOKING and memory.data.get("slot")
        if not added and (at_booking or not removed):
            # Nobody new: the same question (at the booking question, fewer people are still
            # free then); at the list, fewer people may have more free times.
            return await self._same_question(step, stage, memory)
        if not at_booking or not added:
            return await self.goto(step, MeetingStage.AVAILABILITY, memory)
        slot = slot_of(str(memory.data["slot"]))
        try:
            busy = await self.services.calendar.free_busy([p.email for p in added], slot)
        except BackendError:
            logger.warning("free/busy lookup for the people added failed", exc_info=True)
            return await self.goto(step, MeetingStage.AVAILABILITY, memory)
        if not any(i.overlaps(slot.start, slot.end) for b in busy.values() for i in b):
            return await self.goto(step, MeetingStage.CONFIRM_BOOKING, memory)
        turn = EraTurn.of(step.context)
        tz = await self.store_zone(turn.person)
        await step.context.send_activity(say(
            "meeting.added_busy", turn.language, slot=slot_label(slot, tz, turn.language),
            names=format_list([p.name for p in added], turn.language)))
        return await self.goto(step, MeetingStage.AVAILABILITY, memory)

    async def _pending_reply(
        self, step: WaterfallStepContext, memory: TurnMemory, answer: ReplyAnswer
    ) -> DialogTurnResult:
        """The answer to "which Bob?" in a meeting with several people."""
        pending: list[list[Any]] = memory.data[PEOPLE_PENDING]
        position, ids = pending[0][:2]
        if answer.option is not None and answer.option.value in ids:
            chosen = answer.option.value
        elif len(ids) == 1 and answer.intent is ReplyIntent.CONFIRM:
            # "Did you mean Chen Wei?" "yes".
            chosen = ids[0]
        elif answer.intent is ReplyIntent.REJECT or self.is_plain_no(answer.text, step):
            await step.context.send_activity(say(self.nobody_chosen, self.language(step)))
            return await self.finish(step, FlowOutcome.CANCELLED)
        else:
            same = [p for p in [await self.services.directory.get(i) for i in ids]
                    if p is not None]
            matches = match_people(answer.text, same, language=self.language(step))
            if len(matches) != 1:
                return await self._next_person(step, memory)
            chosen = matches[0].id
        settled = list(memory.data[PEOPLE_CHOSEN])
        settled[position] = chosen
        return await self._next_person(step, memory.with_data(**{
            PEOPLE_CHOSEN: settled, PEOPLE_PENDING: pending[1:],
        }))

    async def add_people(
        self, step: WaterfallStepContext, stage: str, memory: TurnMemory, text: str
    ) -> DialogTurnResult | None:
        """"add Chen" at the list of times or the booking question: Chen is invited too (None
        when the words name nobody more who could be, or the meeting is with someone outside
        the store, such as HR)."""
        attendees = [str(a).lower() for a in memory.data.get("attendees") or []]
        directory = self.services.directory
        current = [await directory.find_by_email(a) for a in attendees]
        if not attendees or any(p is None for p in current):
            return None
        # Those already invited are named too: "add bob" with Bob Smith invited still asks
        # which Bob (never Bob Jones unasked), and "add Bob Smith" is told he is invited.
        team = await self.people_to_invite(step)
        groups = self.named_groups(text, team, step)
        if not groups:
            return None
        keep = [p.id for p in current if p is not None]
        memory = memory.with_data(**{ADDING: {"before": attendees, "stage": str(stage),
                                              "kept": len(keep)}})
        return await self.settle_people(
            step, memory, groups, keep=keep,
            unfound=await self.names_not_found(step, text, groups, team))

    @staticmethod
    def everyone(memory: TurnMemory, language: str) -> str:
        """The person and the people they meet as the language lists them: "you, Alice Martin
        and Chen Wei", "vous, Alice Martin et Chen Wei", "あなた、Alice Martin、Chen Wei"."""
        return MeetingFlowDialog.everyone_phrase(memory).said(language)

    @staticmethod
    def everyone_phrase(memory: TurnMemory) -> Formatted:
        """`everyone` in any language."""
        hr_email = memory.data.get(HR_EMAIL)
        if isinstance(hr_email, str) and not memory.data.get("with_names"):
            # "with" is said after "with" ("mit der Personalabteilung"); the list of whose
            # times are free says it after "for" ("für Sie und die Personalabteilung").
            return phrase.listing([Phrase.of("meeting.you"),
                                   Phrase.of("meeting_book.hr_listed", email=hr_email)])
        others = list(memory.data.get("with_names") or [memory.data.get("with", "")])
        return phrase.listing([Phrase.of("meeting.you"), *others])

    @staticmethod
    def _changes_said(step: WaterfallStepContext, stage: str, text: str) -> list[str]:
        """Where a change to the meeting may be said in a reply: at the booking question, after
        a yes that it qualifies ("ok but add chen", "oui mais ajoute Chen", "yes, just me and
        bob"), never itself a yes; then the whole reply."""
        if stage != MeetingStage.CONFIRM_BOOKING:
            return [text]
        locale = EraTurn.of(step.context).locale
        question = str(QuestionId.CONFIRM_BOOKING)
        after = (change_after_yes(text, question, locale), words_after_yes(text, question, locale))
        return list(dict.fromkeys([*filter(None, after), text]))

    async def _change_meeting(
        self, step: WaterfallStepContext, stage: str, memory: TurnMemory, text: str
    ) -> DialogTurnResult | None:
        """A change to the meeting at the list of times or the booking question: people added
        ("add Chen"), removed ("remove alice", "not chen") or the only ones left ("just me and
        bob"), or another length ("make it 45 minutes"); None when the reply is none of these."""
        if adds_people(text):
            return await self.add_people(step, stage, memory, text)
        # "in 2 Stunden", "dans une demi-heure" say when, not how long.
        turn = EraTurn.of(step.context)
        minutes = meeting_minutes(text, turn.language, turn.locale)
        # Spanish "otra hora" is "another time", the list's button typed, not "an hour"; "I'll
        # be 20 minutes late" is how late someone will be, not a 20-minute meeting.
        # "une heure plus tard" moves the time shown; it is no length either.
        if (minutes is not None and not says_time_from_now(text, turn.language, turn.locale)
                and shift_minutes(text, turn.language, turn.locale) is None
                and not says_another_time(text)
                and turn.understood(text).intent is not Intent.RUNNING_LATE):
            return await self._change_length(step, stage, memory, minutes)
        change = people_change(text)
        instead = people_instead(text)
        if change is None and instead is None:
            return None
        attendees = [str(a).lower() for a in memory.data.get("attendees") or []]
        directory = self.services.directory
        current = [await directory.find_by_email(a) for a in attendees]
        invited = [p for p in current if p is not None]
        if not invited or len(invited) != len(current):
            return None
        if instead is not None:
            corrected = await self._with_instead(step, stage, memory, invited, instead)
            if corrected is not None or change is None:
                return corrected
        if change is PeopleChange.ONLY:
            groups = [[p for p in g if p in invited] or g for g in self.named_groups(
                text, await self.people_to_invite(step), step)]
            if not groups:
                return None
            memory = memory.with_data(**{ADDING: {"before": attendees, "stage": str(stage),
                                                  "kept": 0, "only": True}})
            return await self.settle_people(step, memory, groups)
        named = [g for g in self.named_groups(text, invited, step) if len(g) == 1]
        removed = {g[0].id for g in named}
        language = self.language(step)
        if not removed:
            # "without chen" when Chen is not invited: said, and the same question again.
            outside = [p for g in self.named_groups(text, await self.people_to_invite(step), step)
                       for p in g if p not in invited]
            if not outside:
                return None
            await step.context.send_activity(say(
                "meeting.not_invited", language, count=len(outside),
                names=format_list([p.name for p in outside], language)))
            return await self._same_question(step, stage, memory)
        left = [p for p in invited if p.id not in removed]
        if not left:
            await step.context.send_activity(say(
                "meeting.nobody_left", language, count=len(invited),
                names=format_list([p.name for p in invited], language)))
            return await self._same_question(step, stage, memory)
        memory = await self.meeting_people(step, memory, left)
        return await self._after_adding(step, memory, [], str(stage), removed=True)

    async def _with_instead(
        self, step: WaterfallStepContext, stage: str, memory: TurnMemory,
        invited: Sequence[Person], instead: tuple[str, str],
    ) -> DialogTurnResult | None:
        """"no, Chen not Alice": Alice is left out and Chen is in (invited already, or added;
        a first name several share is asked about); None when the words name nobody invited
        to replace or nobody meant instead."""
        wanted_words, replaced_words = instead
        replaced = {g[0].id for g in self.named_groups(replaced_words, invited, step)
                    if len(g) == 1}
        wanted = self.named_groups(wanted_words, await self.people_to_invite(step), step)
        if not replaced or not wanted or any(p.id in replaced for g in wanted for p in g):
            return None
        left = [p for p in invited if p.id not in replaced]
        memory = memory.with_data(**{ADDING: {
            "before": [p.email.lower() for p in left], "stage": str(stage),
            "kept": len(left), "only": True}})
        return await self.settle_people(
            step, memory, [g for g in wanted if not any(p in left for p in g)],
            keep=[p.id for p in left])

    async def _change_length(
        self, step: WaterfallStepContext, stage: str, memory: TurnMemory, minutes: int
    ) -> DialogTurnResult:
        """Another length: at the booking question the time keeps its start when everyone is
        still free for the new length; otherwise the times are searched again."""
        memory = memory.with_data(minutes=minutes)
        if stage != MeetingStage.CONFIRM_BOOKING or not memory.data.get("slot"):
            return await self.goto(step, MeetingStage.AVAILABILITY, memory)
        start = slot_of(str(memory.data["slot"])).start
        slot = TimeWindow(start, start + timedelta(minutes=minutes))
        people = [str(memory.data["organizer"]), *memory.data["attendees"]]
        try:
            busy = self.without_moved(memory, await self.services.calendar.free_busy(people, slot))
        except BackendError:
            logger.warning("free/busy lookup for a new length failed", exc_info=True)
            return await self.goto(step, MeetingStage.AVAILABILITY, memory)
        if any(i.overlaps(slot.start, slot.end) for b in busy.values() for i in b):
            turn = EraTurn.of(step.context)
            tz = await self.store_zone(turn.person)
            await step.context.send_activity(say(
                "meeting.length_not_free", turn.language, minutes=minutes,
                slot=slot_label(slot, tz, turn.language)))
            return await self.goto(step, MeetingStage.AVAILABILITY, memory)
        return await self.goto(step, MeetingStage.CONFIRM_BOOKING,
                               memory.with_data(slot=slot_value(slot)))

    async def _same_question(
        self, step: WaterfallStepContext, stage: str, memory: TurnMemory
    ) -> DialogTurnResult:
        """The booking question or the list of times again, unchanged."""
        if stage == MeetingStage.CONFIRM_BOOKING and memory.data.get("slot"):
            return await self.goto(step, MeetingStage.CONFIRM_BOOKING, memory)
        if memory.options and all("/" in (o.value or "") for o in memory.options):
            return await self.ask_slot_again(step, memory)
        return await self.goto(step, MeetingStage.AVAILABILITY, memory)

    async def names(self, emails: Sequence[str]) -> dict[str, str]:
        """Directory names by address (addresses the directory does not know are left out)."""
        return await directory_names(self.services.directory, emails)

    async def windows_in(
        self, text: str, step: WaterfallStepContext, *, on_day: datetime | None = None
    ) -> list[TimeWindow]:
        """The time windows a reply names; a time alone ("actually 3pm") is on `on_day` (the
        day asked for before) when there is one."""
        turn = EraTurn.of(step.context)
        now = turn.now
        if on_day is not None and on_day > now and not names_a_day(text, turn.locale):
            now = on_day
        windows = await self.services.time_parser.parse(text, now=now, locale=turn.locale)
        # "non pas demain, mercredi": only the day meant, not the one taken back.
        meant = meant_days(text, [window.text for window in windows])
        return windows if meant is None else [windows[i] for i in meant]

    async def windows_ahead(
        self, text: str, step: WaterfallStepContext, *, on_day: datetime | None = None
    ) -> list[TimeWindow]:
        """The windows a reply to a time question names that are not over yet: a day in the
        past ("he said it's because the bus changed yesterday") is no time to meet, and a
        statement that only mentions a day ("the bus changes tomorrow") names no time. A
        request to book at a time that names nobody ("book a meeting on tuesday morning",
        "reserva una reunión el martes por la mañana") is the person asking again, and its
        time is the answer."""
        turn = EraTurn.of(step.context)
        windows = [w for w in await self.windows_in(text, step, on_day=on_day)
                   if w.end > turn.now]
        if windows and not answers_when(without_move_words(text), [w.text for w in windows]):
            understood = turn.understood(text)
            if understood.intent not in BOOKING_INTENTS or "person" in understood.slots:
                return []  # someone named: a request of its own (started anew or switched to)
        return windows

    @staticmethod
    def requested_topic(step: WaterfallStepContext, text: str) -> str:
        """What the request says the call or meeting is about ("book a call with bob about
        his hours": "his hours"), for its invitation, without the person a Japanese topic
        opens with or the day it ends with; "" when it says nothing."""
        slots = EraTurn.of(step.context).understood(text).slots
        topic = slots.get("topic", "").strip()
        with_whom = _JAPANESE_WITH.match(topic)
        if with_whom:
            topic = topic[with_whom.end():]  # "ボブと遅刻": "遅刻" ("シフトのこと" stays)
        day = slots.get("day", "")
        if day and day in topic:
            # "about the rota on friday at 2pm": the day and time are the booking's, not the
            # topic's (another time may be booked).
            topic = _TOPIC_TAIL.sub("", topic[:topic.index(day)])
        return topic.strip()[:TOPIC_CHARS]

    def with_windows(self, memory: TurnMemory, windows: Sequence[TimeWindow]) -> TurnMemory:
        """The memory with a new time preference (none: the next 7 days); the one before is
        kept for an "undo" at the new list of times when a list was shown for it (before
        any list there is nothing to go back to)."""
        listed = memory.data.get(_LISTED)
        return memory.with_data(windows=[[w.start.isoformat(), w.end.isoformat()]
                                         for w in windows],
                                **{_WINDOWS_BEFORE: (memory.data.get("windows") or [])
                                   if listed else None})

    async def same_hours(
        self, step: WaterfallStepContext, memory: TurnMemory, windows: Sequence[TimeWindow]
    ) -> list[TimeWindow]:
        """A new day alone ("やっぱり木曜", "plutôt jeudi" after "friday afternoon") at the
        hours of the time asked for before: a change of day keeps the part of the day."""
        before = [TimeWindow(datetime.fromisoformat(s), datetime.fromisoformat(e))
                  for s, e in memory.data.get("windows") or ()]
        tz = await self.store_zone(EraTurn.of(step.context).person)
        return on_the_same_hours(windows, before, tz)

    def preferred_day(self, memory: TurnMemory) -> datetime | None:
        """The start of the one day the time preference named ("the day after tomorrow at
        2:30"), where a new time alone ("actually 3pm") belongs; None for several days."""
        starts = [datetime.fromisoformat(start) for start, _ in memory.data.get("windows") or ()]
        days = {start.date() for start in starts}
        if len(days) != 1:
            return None
        return starts[0].replace(hour=0, minute=0, second=0, microsecond=0)

    def new_requests(self, memory: TurnMemory) -> TurnMemory:
        """Request ids for this flow's booking and cancellation (the ledger's keys)."""
        return memory.with_data(book_request=uuid.uuid4().hex, cancel_request=uuid.uuid4().hex)

    async def cancel_once(self, step: WaterfallStepContext, memory: TurnMemory) -> None:
        """Cancel memory.data["event"] once (ledger), telling its attendees; raises what the
        calendar raises."""
        event = CalendarEvent.from_dict(memory.data["event"])
        person = EraTurn.of(step.context).person
        # Checked again at the effect: only the organiser (or their manager acting for them)
        # cancels a meeting for everyone.
        if not await self.organises(person, event, memory):
            raise PermissionDeniedError(ErrorCode.NOT_YOUR_MEETING)
        # One comment goes to every attendee: in the first attendee's language.
        first = (await self.services.directory.find_by_email(event.attendee_emails[0])
                 if event.attendee_emails else None)
        comment = say("meeting.cancelled_comment",
                      language_for(first.preferred_language if first else None), name=person.name)

        async def cancel() -> dict[str, Any]:
            await self.services.calendar.cancel_event(
                event_id=event.id, organizer_email=event.organizer_email,
                comment=comment,
                request_id=str(memory.data["cancel_request"]),
            )
            return {"event_id": event.id}

        def audited(_result: dict[str, Any]) -> AuditRecord:
            return EraTurn.of(step.context).audit_entry(
                "calendar.cancel", event.id, request_id=str(memory.data["cancel_request"]))

        await self.services.ledger.run_once(CANCEL_LEDGER, str(memory.data["cancel_request"]),
                                            cancel, audited=audited)
        if event.organizer_email != person.email.lower():
            await self._tell_organizer(step, event, person)

    async def _tell_organizer(
        self, step: WaterfallStepContext, event: CalendarEvent, person: Person
    ) -> None:
        """The calendar tells the attendees of a cancellation; the organizer, when it was not
        them who cancelled, hears it from ERA (best effort: the cancellation stands)."""
        organizer = await self.services.directory.find_by_email(event.organizer_email)
        theirs = (await notice_language(self.services.notifier, organizer) if organizer
                  else language_for(None))
        label = meeting_label(event, await self.store_zone(person), {}, "", theirs)
        try:
            await self.services.mail.send(OutgoingEmail(
                request_id=f"meeting-cancelled:{event.id}", to=(event.organizer_email,),
                subject=say("meeting.cancelled_subject", theirs,
                            subject=event.subject)[:MAX_SUBJECT_LENGTH],
                body=say("meeting.cancelled_body", theirs, name=person.name, meeting=label),
                reply_to=person.email,
            ))
        except EraError:
            logger.warning("the organizer of %s was not told of the cancellation", event.id,
                           exc_info=True)

    async def with_request_filters(
        self, memory: TurnMemory, text: str, step: WaterfallStepContext, *, days: bool
    ) -> TurnMemory:
        """The people (and, with `days`, the days) a request names, kept so that the lookup
        only offers meetings with those people on those days ("cancel alice's meeting with
        maria on friday")."""
        person = EraTurn.of(step.context).person
        everyone = [p for p in await self.services.directory.list_people() if p.id != person.id]
        groups: dict[str, list[str]] = {}
        names: dict[str, str] = {}
        language = self.language(step)
        # Someone named in full is one person ("add bob jones to my meeting with bob smith":
        # Bob Jones and Bob Smith, not "a Bob" twice); a first name alone may be any of them.
        full = {p.id for p in fully_named(text, everyone, language=language)}
        for named in find_names_in_text(text, everyone, language=language):
            key = named.id if named.id in full else named.first_name.casefold()
            groups.setdefault(key, []).append(named.email.lower())
            names.setdefault(key, named.name)
        said_when = await self.windows_in(text, step)
        windows = said_when if days else []
        known_names = {fold_text(part) for p in [*everyone, person]
                       for part in p.name.split()}
        # A word the time reader took for a day or a time ("fri" in "my fri mtg") is no title.
        when_words = {word for w in said_when for word in re.findall(r"\w+", fold_text(w.text))}
        return memory.with_data(
            named=list(groups.values()), named_names=list(names.values()),
            named_days=[[w.start.isoformat(), w.end.isoformat()] for w in windows],
            named_title=fold_text(text),
            named_qualifiers=[list(q) for q in title_qualifiers(text, known_names)
                              if q[0] not in when_words],
        )

    @staticmethod
    def _titled(events: Sequence[CalendarEvent], memory: TurnMemory) -> list[CalendarEvent]:
        """The meetings the request names by their title ("cancel the rota review": the one
        called "Rota review"), else by the kind ERA's own titles open with ("move my call with
        alice": "Call: Maria Lopez and Alice Martin", not her "Rota review"), else by a kind of
        meeting a title may name ("cancel the check-in": the "1:1 check-in with Bob Smith"), or
        none."""
        said = f" {_title_words(str(memory.data.get('named_title') or ''))} "

        def said_in(title: str) -> bool:
            words = _title_words(fold_text(title))
            return bool(words) and f" {words} " in said

        kinds = kind_nouns(said)
        return [event for event in events if said_in(event.subject)] or [
            event for event in events
            if ":" in event.subject and said_in(event.subject.partition(":")[0])] or [
            event for event in events if kinds and all(
                re.search(rf"(?<!\w){re.escape(kind)}s?(?!\w)",
                          _title_words(fold_text(event.subject))) for kind in kinds)]

    @staticmethod
    def _qualified(events: Sequence[CalendarEvent], memory: TurnMemory) -> list[CalendarEvent]:
        """The meetings whose titles hold every word the request tells its meeting by ("the
        budget review": a title with "budget" in it)."""
        wanted = {str(word).rstrip("s") for word, _said in memory.data.get("named_qualifiers")
                  or []}
        return [event for event in events if wanted <= {
            word.rstrip("s") for word in _title_words(fold_text(event.subject)).split()}]

    @staticmethod
    def _names_another_title(events: Sequence[CalendarEvent], memory: TurnMemory) -> bool:
        """Whether the request names a title's noun ("the budget review") that no meeting
        found has in its title."""
        nouns = {noun.rstrip("s") for noun in
                 title_nouns(_title_words(str(memory.data.get("named_title") or "")))}
        return bool(nouns) and not any(
            nouns & {word.rstrip("s") for word in _title_words(fold_text(event.subject)).split()}
            for event in events)

    @staticmethod
    def _matching_request(
        events: Sequence[CalendarEvent], memory: TurnMemory
    ) -> list[CalendarEvent]:
        groups: list[list[str]] = memory.data.get("named") or []
        days = [TimeWindow(datetime.fromisoformat(s), datetime.fromisoformat(e))
                for s, e in memory.data.get("named_days") or []]
        return [
            e for e in events
            if all(any(a in (e.organizer_email, *e.attendee_emails) for a in group)
                   for group in groups)
            and (not days or any(d.overlaps(e.starts_at, e.ends_at) for d in days))
        ]

    async def may_change(self, person: Person, people: Sequence[str], memory: TurnMemory) -> bool:
        """Whether `person` may act on a meeting of `people`: they are in it, or they are the
        manager who looked it up under one of their store's people."""
        if person.email.lower() in {p.lower() for p in people}:
            return True
        looked_under = str(memory.data.get("lookup_email") or "")
        if not person.is_manager or not looked_under or looked_under not in people:
            return False
        owner = await self.services.directory.find_by_email(looked_under)
        return (owner is not None and owner.role is PersonRole.EMPLOYEE
                and owner.store_id == person.store_id)

    async def organises(self, person: Person, event: CalendarEvent, memory: TurnMemory) -> bool:
        """Whether `person` may cancel or move `event` for everyone: they organised it, or they
        are the manager who looked it up under the one of their store's people who did."""
        return await self.may_change(person, (event.organizer_email,), memory)

    async def not_organiser(
        self, step: WaterfallStepContext, event: CalendarEvent, message_id: str
    ) -> DialogTurnResult:
        """Say who organised `event` and that only they can do this; nothing is changed."""
        names = await self.names([event.organizer_email])
        await step.context.send_activity(say(
            message_id, self.language(step), meeting=await self.event_label(step, event),
            organiser=names.get(event.organizer_email, event.organizer_email)))
        return await self.finish(step, FlowOutcome.DONE)

    async def event_label(self, step: WaterfallStepContext, event: CalendarEvent) -> str:
        """How a meeting reads for the person speaking."""
        return (await self.event_phrase(step, event)).said(self.language(step))

    async def event_phrase(self, step: WaterfallStepContext, event: CalendarEvent) -> Phrase:
        """`event_label` in any language."""
        turn = EraTurn.of(step.context)
        names = await self.names((event.organizer_email, *event.attendee_emails))
        return meeting_phrase(event, await self.store_zone(turn.person), names,
                              turn.person.email)

    # -- the stages -------------------------------------------------------------------------

    async def enter(
        self, step: WaterfallStepContext, stage: str, memory: TurnMemory
    ) -> DialogTurnResult:
        """Run a shared stage."""
        handlers = {
            MeetingStage.LOOKUP: self._lookup,
            MeetingStage.NO_MEETINGS: self._no_meetings,
            MeetingStage.LOOKUP_EMAIL: self._ask_lookup_email,
            MeetingStage.TIME_PREFERENCE: self._ask_preference,
            MeetingStage.AVAILABILITY: self._availability,
            MeetingStage.CONFIRM_BOOKING: self._ask_booking,
        }
        handler = handlers.get(MeetingStage(stage))
        if handler is None:
            raise ValueError(f"{self.id} has no entry for stage {stage}")
        return await handler(step, memory)

    async def settle_attendee(
        self, step: WaterfallStepContext, memory: TurnMemory, *,
        employee_id: str | None = None, answer: str | None = None,
    ) -> DialogTurnResult:
        """Who the meeting is with, from the option chosen or the name typed at "who is it
        with?" (the EMPLOYEE stage); flows that ask it say how."""
        raise ValueError(f"{self.id} does not ask who the meeting is with")

    async def reply(
        self, step: WaterfallStepContext, stage: str, memory: TurnMemory, answer: ReplyAnswer
    ) -> DialogTurnResult:
        """Handle a shared stage's answer."""
        if stage in (MeetingStage.SLOT, MeetingStage.CONFIRM_BOOKING) and answer.option is None:
            for said in self._changes_said(step, stage, answer.text):
                changed = await self._change_meeting(step, stage, memory, said)
                if changed is not None:
                    return changed
        handlers = {
            MeetingStage.EMPLOYEE: self._attendee_reply,
            MeetingStage.SELECT_MEETING: self._meeting_reply,
            MeetingStage.NO_MEETINGS: self._no_meetings_reply,
            MeetingStage.LOOKUP_EMAIL: self._lookup_email_reply,
            MeetingStage.TIME_PREFERENCE: self._preference_reply,
            MeetingStage.SLOT: self._slot_reply,
            MeetingStage.CONFIRM_BOOKING: self._booking_reply,
        }
        handler = handlers.get(MeetingStage(stage))
        if handler is None:
            raise ValueError(f"{self.id} has no reply handler for stage {stage}")
        return await handler(step, memory, answer)

    async def ask_at(
        self,
        step: WaterfallStepContext,
        stage: str,
        memory: TurnMemory,
        question: str,
        text: str | Sayable,
        *,
        options: Sequence[ChoiceOption] = (),
        buttons: Sequence[tuple[str | Sayable, str]] = (),
        labels: Mapping[str, Sayable] | None = None,
        free_text: bool = False,
        return_unknown: bool = False,
    ) -> DialogTurnResult:
        """Ask as any staged flow does; at "which Bob?" every reply comes back to the flow,
        which reads a person and a new day in one ("bob smith on thursday")."""
        if stage == MeetingStage.EMPLOYEE and options:
            return_unknown = True
        return await super().ask_at(step, stage, memory, question, text, options=options,
                                    buttons=buttons, labels=labels, free_text=free_text,
                                    return_unknown=return_unknown)

    async def _attendee_reply(
        self, step: WaterfallStepContext, memory: TurnMemory, answer: ReplyAnswer
    ) -> DialogTurnResult:
        if memory.options and answer.intent in (ReplyIntent.UNKNOWN, ReplyIntent.SELECT):
            read = await self._person_and_time(step, memory, answer)
            if read is not None:
                return read
        if answer.option is None and memory.options and answer.intent is ReplyIntent.UNKNOWN:
            text = answer.text.strip()
            if not self.is_plain_no(text, step) and not await self.names_anyone(step, text):
                # "hmm" at "which Bob?": the same question, its options kept.
                return await self.reask_options(step, MeetingStage.EMPLOYEE, memory)
        if memory.data.get(PEOPLE_PENDING):
            return await self._pending_reply(step, memory, answer)
        if answer.option is not None:
            return await self.settle_attendee(step, memory, employee_id=answer.option.value)
        if answer.intent is ReplyIntent.REJECT or self.is_plain_no(answer.text, step):
            await step.context.send_activity(say(self.nobody_chosen, self.language(step)))
            return await self.finish(step, FlowOutcome.CANCELLED)
        return await self.settle_attendee(step, memory, answer=answer.text.strip())

    async def _person_and_time(
        self, step: WaterfallStepContext, memory: TurnMemory, answer: ReplyAnswer
    ) -> DialogTurnResult | None:
        """At "which Bob?", words naming one of the people offered, a new time, or both
        ("bob smith on thursday", "smith, jeudi plutôt", "thursday"): the person is chosen and
        the time kept for the search; a time alone is said back and the same question asked
        again. None when the words name neither."""
        text = answer.text.strip()
        directory = self.services.directory
        offered = [p for p in [await directory.get(str(o.value)) for o in memory.options]
                   if p is not None]
        language = self.language(step)
        named = fully_named(text, offered, language=language) or find_names_in_text(
            text, offered, language=language)
        if len(named) != 1:
            # "smith, thursday": among the Bobs offered, the surname says which.
            named = named_by_surname(text, offered) or named
        chosen = answer.option or next((o for o in memory.options if len(named) == 1
                                        and o.value == named[0].id), None)
        # The names are no words of a time preference: "on thursday" is what says when. A
        # pick by position alone ("the 2nd", "le 2e") names the person, not the 2nd of the month.
        picked_by_position = answer.option is not None and read_words(
            text, QuestionId.SELECT_EMPLOYEE, language).only_a_position
        windows = [] if picked_by_position else await self.same_hours(
            step, memory, await self.windows_ahead(_without_names(text, offered), step))
        if not windows and (chosen is None or answer.option is not None):
            return None
        if windows:
            memory = self.with_windows(memory, windows)
        if chosen is not None:
            return await self._attendee_reply(step, memory, replace(
                answer, text="", option=chosen, intent=ReplyIntent.SELECT))
        tz = await self.store_zone(EraTurn.of(step.context).person)
        await step.context.send_activity(say(
            "meeting.time_noted", language, searched=describe_search(windows, tz, language,
                                                     hours=OFFICE_HOURS)))
        asked = memory.last_question
        text, labels = asked_before(memory)
        return await self.ask_at(step, MeetingStage.EMPLOYEE, memory,
                                 asked.id if asked else str(QuestionId.SELECT_EMPLOYEE),
                                 text, options=memory.options, labels=labels)

    # lookup -------------------------------------------------------------------------------

    async def _lookup(self, step: WaterfallStepContext, memory: TurnMemory) -> DialogTurnResult:
        turn = EraTurn.of(step.context)
        email = str(memory.data.get("lookup_email") or turn.person.email)
        try:
            found = await self.services.calendar.find_events(
                attendee_email=email, window=TimeWindow(turn.now, turn.now + LOOKUP_AHEAD)
            )
        except BackendError:
            logger.warning("meeting lookup failed", exc_info=True)
            await step.context.send_activity(say("meeting.lookup_failed", turn.language))
            return await self.finish(step, FlowOutcome.FAILED)
        upcoming = [e for e in found if e.starts_at >= turn.now
                    or (self.keeps_under_way and e.ends_at > turn.now)]
        tz = await self.store_zone(turn.person)
        listed = memory.data.get("listed")
        if isinstance(listed, list):
            # "cancel the first one" after a list of meetings: those, in the order shown.
            by_id = {e.id: e for e in upcoming}
            upcoming = [by_id[i] for i in listed if i in by_id]
        events = self._matching_request(upcoming, memory)
        titled = self._titled(events, memory)
        qualifiers = memory.data.get("named_qualifiers") or []
        if events and qualifiers and not titled:
            titled = self._qualified(events, memory)
            if not titled:
                # "cancel the budget review" when none is called that, though the "Rota
                # review" shares a word with it: said, and nothing offered in its place.
                await step.context.send_activity(say(
                    "meeting.none_called", turn.language,
                    title=" / ".join(dict.fromkeys(str(said) for _w, said in qualifiers))))
                return await self.finish(step, FlowOutcome.DONE)
        if len(events) > 1 and titled:
            events = titled
        if events and not titled and self._names_another_title(events, memory):
            # "cancel the rota review" from someone whose only meeting is a 1:1 check-in.
            await step.context.send_activity(say("error.meeting_not_found", turn.language))
            return await self.finish(step, FlowOutcome.DONE)
        if isinstance(listed, list) and len(events) > 1:
            events = await self._listed_one(events, upcoming, memory, turn, tz)
        memory = memory.with_data(lookup_email=email,
                                  events={e.id: e.to_dict() for e in events})
        if upcoming and not events:
            with_whom = memory.data.get("named_names") or []
            days = [TimeWindow(datetime.fromisoformat(s), datetime.fromisoformat(e))
                    for s, e in memory.data.get("named_days") or []]
            names = format_list(with_whom, turn.language)
            when = describe_search(days, tz, turn.language) if days else ""
            kind = ("with_when" if with_whom and days else "with" if with_whom else "when")
            await step.context.send_activity(
                say(f"meeting.none_matching_{kind}", turn.language, names=names, when=when,
                    count=len(with_whom)))
            return await self.finish(step, FlowOutcome.DONE)
        if not events:
            return await self.goto(step, MeetingStage.NO_MEETINGS, memory)
        names = await self.names(sorted({a for e in events
                                         for a in (e.organizer_email, *e.attendee_emails)}))
        language = turn.language
        options = [meeting_option(e, i, tz, names, turn.person.email, language)
                   for i, e in enumerate(events)]
        labels = {option.option_id: meeting_phrase(e, tz, names, turn.person.email)
                  for option, e in zip(options, events, strict=True)}
        if len(events) == 1:
            # One meeting: it is shown here and confirmed once, at the flow's own question.
            return await self.meeting_chosen(
                step, memory.with_data(event=events[0].to_dict(), found_alone=True))
        text = Phrase.of("meeting.found_several", count=len(events)).then(
            self.meeting_question_phrase(memory, language))
        buttons = ((Phrase.of("meeting.none_of_these"), "none of these"),)
        return await self.ask_at(step, MeetingStage.SELECT_MEETING, memory,
                                 str(QuestionId.SELECT_MEETING), text, options=options,
                                 labels=labels, buttons=buttons)

    async def _listed_one(
        self, events: list[CalendarEvent], listed: list[CalendarEvent], memory: TurnMemory,
        turn: EraTurn, tz: ZoneInfo,
    ) -> list[CalendarEvent]:
        """The meeting of the list just shown that the request points at by its place ("the
        first one", "le dernier", "2"); `events` as they were when it points at none."""
        names = await self.names(sorted({a for e in listed
                                         for a in (e.organizer_email, *e.attendee_emails)}))
        options = [meeting_option(e, i, tz, names, turn.person.email, turn.language)
                   for i, e in enumerate(listed)]
        reply = interpret_reply(str(memory.data.get("listed_text") or ""),
                                str(QuestionId.SELECT_MEETING), options, turn.locale)
        if reply.intent is not ReplyIntent.SELECT:
            return events
        chosen = [e for option, e in zip(options, listed, strict=True)
                  if option.option_id == reply.option_id]
        return chosen or events

    async def _meeting_reply(
        self, step: WaterfallStepContext, memory: TurnMemory, answer: ReplyAnswer
    ) -> DialogTurnResult:
        if answer.option is None:
            await step.context.send_activity(say("meeting.none_chosen", self.language(step)))
            return await self.finish(step, FlowOutcome.CANCELLED)
        event = memory.data["events"][answer.option.value]
        return await self.meeting_chosen(step, memory.with_data(event=event))

    async def _no_meetings(
        self, step: WaterfallStepContext, memory: TurnMemory
    ) -> DialogTurnResult:
        person = EraTurn.of(step.context).person
        language = self.language(step)
        choices = ["book", "email"] if person.is_manager else ["book"]
        options = [_choice(key, i, language) for i, key in enumerate(choices)]
        where = str(memory.data["lookup_email"])
        text = Phrase.of("meeting.none_found_manager" if person.is_manager
                         else "meeting.none_found", email=where, days=LOOKUP_AHEAD.days)
        return await self.ask_at(step, MeetingStage.NO_MEETINGS, memory,
                                 str(QuestionId.SELECT_MEETING), text, options=options,
                                 labels={option.option_id: Phrase.of(f"meeting.choice.{key}")
                                         for option, key in zip(options, choices, strict=True)},
                                 buttons=((Phrase.of("meeting.no_thanks"), "no"),),
                                 return_unknown=True)

    async def _no_meetings_reply(
        self, step: WaterfallStepContext, memory: TurnMemory, answer: ReplyAnswer
    ) -> DialogTurnResult:
        if answer.option is not None and answer.option.value == "book":
            await step.context.send_activity(say("meeting.book_new", self.language(step)))
            await self.clear_memory(step.context)
            return await step.end_dialog(flow_result(FlowOutcome.ROUTE, text="book a meeting"))
        if answer.option is not None:
            return await self.goto(step, MeetingStage.LOOKUP_EMAIL, memory)
        if is_email_address(answer.text):
            return await self._lookup_under(step, memory, answer.text)
        if answer.intent is ReplyIntent.REJECT:
            await step.context.send_activity(say("meeting.kept", self.language(step)))
            return await self.finish(step, FlowOutcome.CANCELLED)
        await step.context.send_activity(say("meeting.not_understood", self.language(step)))
        return await self.goto(step, MeetingStage.NO_MEETINGS, memory)

    async def _ask_lookup_email(
        self, step: WaterfallStepContext, memory: TurnMemory
    ) -> DialogTurnResult:
        return await self.ask_at(step, MeetingStage.LOOKUP_EMAIL, memory,
                                 str(FreeTextQuestion.PERSON_EMAIL),
                                 Phrase.of("meeting.ask_lookup_email"),
                                 free_text=True)

    async def _lookup_email_reply(
        self, step: WaterfallStepContext, memory: TurnMemory, answer: ReplyAnswer
    ) -> DialogTurnResult:
        text = answer.text.strip()
        if not is_email_address(text):
            await step.context.send_activity(
                say("meeting.not_an_email", self.language(step), text=text[:80])
            )
            return await self.goto(step, MeetingStage.LOOKUP_EMAIL, memory)
        return await self._lookup_under(step, memory, text)

    async def _lookup_under(
        self, step: WaterfallStepContext, memory: TurnMemory, address: str
    ) -> DialogTurnResult:
        person = EraTurn.of(step.context).person
        email = normalize_email_address(address)
        owner = await self.services.directory.find_by_email(email)
        allowed = email == person.email.lower() or (
            person.is_manager and owner is not None and owner.role is PersonRole.EMPLOYEE
            and owner.store_id == person.store_id
        )
        if not allowed:
            await step.context.send_activity(say(
                "meeting.lookup_not_allowed_manager" if person.is_manager
                else "meeting.lookup_not_allowed", self.language(step),
            ))
            return await self.goto(step, MeetingStage.NO_MEETINGS, memory)
        return await self.goto(step, MeetingStage.LOOKUP, memory.with_data(lookup_email=email))

    # time preference and slots ----------------------------------------------------------------

    async def _ask_preference(
        self, step: WaterfallStepContext, memory: TurnMemory
    ) -> DialogTurnResult:
        offered = [o.to_dict() for o in memory.options if o.value and "/" in o.value]
        if offered:
            # The times just listed stay pickable: "2" or "the second one" still means them.
            memory = memory.with_data(**{DROPPED_SLOTS: offered})
        return await self.ask_at(step, MeetingStage.TIME_PREFERENCE, memory,
                                 str(FreeTextQuestion.TIME_PREFERENCE),
                                 Phrase.of(self.preference_question),
                                 free_text=True)

    async def _preference_reply(
        self, step: WaterfallStepContext, memory: TurnMemory, answer: ReplyAnswer
    ) -> DialogTurnResult:
        text = answer.text.strip()
        windows = await self.windows_ahead(text, step)
        if windows:
            return await self.goto(step, MeetingStage.AVAILABILITY,
                                   self.with_windows(memory, windows))
        locale = EraTurn.of(step.context).locale
        dropped = tuple(ChoiceOption.from_dict(o) for o in memory.data.get(DROPPED_SLOTS) or ())
        picked = interpret_reply(text, str(QuestionId.SELECT_SLOT), dropped, locale)
        chosen = next((o for o in dropped if o.option_id == picked.option_id), None)
        if dropped and picked.intent is ReplyIntent.SELECT and chosen is not None:
            return await self.goto(step, MeetingStage.CONFIRM_BOOKING,
                                   memory.with_data(slot=chosen.value))
        if takes_earliest(text):
            return await self.goto(step, MeetingStage.AVAILABILITY,
                                   self.with_windows(memory, []).with_data(**{EARLIEST: True}))
        no = interpret_reply(text, str(QuestionId.CONFIRM_ACTION), (), locale)
        if no_preference(text) or (len(text.split()) <= 2
                                          and no.intent is ReplyIntent.REJECT):
            return await self.goto(step, MeetingStage.AVAILABILITY, self.with_windows(memory, []))
        await step.context.send_activity(
            say("meeting.preference_unclear", self.language(step), text=text[:80])
        )
        return await self.goto(step, MeetingStage.TIME_PREFERENCE, memory)

    async def _availability(
        self, step: WaterfallStepContext, memory: TurnMemory
    ) -> DialogTurnResult:
        turn = EraTurn.of(step.context)
        tz = await self.store_zone(turn.person)
        windows = [TimeWindow(datetime.fromisoformat(s), datetime.fromisoformat(e))
                   for s, e in memory.data.get("windows") or []]
        minutes = int(memory.data.get("minutes", MEETING_MINUTES))
        fallback = TimeWindow(turn.now, turn.now + FALLBACK_AHEAD)
        language = turn.language
        intro = ""
        unreadable: set[str] = set()
        try:
            slots = await self._free_slots(memory, windows, minutes, tz, turn.now,
                                           limit=SLOTS_IN_WINDOW,
                                           per_day=SLOTS_PER_DAY_IN_WINDOW,
                                           unreadable=unreadable) if windows else []
            everyone = self.everyone_phrase(memory)
            text = Phrase.of("meeting.free_times",
                             searched=search_phrase(windows, tz, hours=OFFICE_HOURS),
                             everyone=everyone)
            if not slots and windows:
                # Nothing free in the window asked for: it is said, and the free times nearest
                # to it are offered (the day before, the day after, the same day other hours).
                intro = closed_days_phrase(windows, tz, MON_FRI) or outside_hours_phrase(
                    windows, tz, OFFICE_HOURS) or Phrase.of(
                    "meeting.no_free_time_in", minutes=minutes,
                    searched=search_phrase(windows, tz, hours=OFFICE_HOURS))
                text = intro.then(Phrase.of("meeting.nearest_free_times", everyone=everyone))
                slots = await self._nearest_slots(memory, windows, minutes, tz, turn.now,
                                                  unreadable=unreadable)
            elif not slots:
                # The design note's fallback: no time asked for, so everything in 7 days.
                text = Phrase.of("meeting.free_times_week", everyone=everyone)
                slots = await self._free_slots(memory, [fallback], minutes, tz, turn.now,
                                               limit=FALLBACK_SLOTS,
                                               per_day=FALLBACK_SLOTS_PER_DAY,
                                               unreadable=unreadable)
        except BackendError:
            logger.warning("free/busy lookup failed", exc_info=True)
            await step.context.send_activity(say("meeting.free_busy_failed", language))
            return await self.finish(step, FlowOutcome.FAILED)
        if unreadable:
            await step.context.send_activity(
                say(UNREADABLE_CALENDARS, language, who=format_list(sorted(unreadable), language)))
        if not slots:
            report = current_report()
            if report is not None:
                report.failure(FailureCategory.TECHNICAL, "no free slots in the next 7 days")
            await step.context.send_activity((intro or Phrase()).then(Phrase.of(
                "meeting.no_free_time_week", minutes=minutes,
                everyone=self.everyone_phrase(memory),
            )).said(language))
            return await self.finish(step, FlowOutcome.FAILED)
        if memory.data.get(EARLIEST):
            # "first available": the first free time goes to the usual "Book ...?" question.
            return await self.goto(step, MeetingStage.CONFIRM_BOOKING, memory.with_data(
                slot=slot_value(slots[0]), **{EARLIEST: False}))
        options = [slot_option(slot, i, tz, language) for i, slot in enumerate(slots)]
        return await self.ask_at(
            step, MeetingStage.SLOT, memory.with_data(**{_LISTED: True}),
            str(QuestionId.SELECT_SLOT), text, options=options,
            labels=slot_labels(options, tz),
            buttons=((Phrase.of("meeting.another_time"), "another time"),),
            return_unknown=True,
        )

    async def _free_slots(
        self, memory: TurnMemory, windows: Sequence[TimeWindow], minutes: int, tz: ZoneInfo,
        now: datetime, *, limit: int | None, per_day: int | None,
        unreadable: set[str] | None = None,
    ) -> list[TimeWindow]:
        people = [str(memory.data["organizer"]), *memory.data["attendees"]]
        span = TimeWindow(min(w.start for w in windows), max(w.end for w in windows))
        busy = await self.services.calendar.free_busy(people, span)
        if isinstance(busy, FreeBusy) and unreadable is not None:
            unreadable.update(busy.unknown)
        busy = self.without_moved(memory, busy)
        slots: list[TimeWindow] = []
        for window in windows:
            room = None if limit is None else limit - len(slots)
            if room is not None and room <= 0:
                break
            slots += find_free_slots(busy, window, duration=timedelta(minutes=minutes), tz=tz,
                                     now=now, limit=room, per_day=per_day)
        return slots

    def moved_time(self, memory: TurnMemory) -> TimeWindow | None:
        """The time of the meeting this flow moves, free for its new time; None here."""
        return None

    def without_moved(
        self, memory: TurnMemory, busy: Mapping[str, Sequence[BusyInterval]]
    ) -> Mapping[str, Sequence[BusyInterval]]:
        """The busy times without the meeting being moved: it frees its own time ("make it
        45 minutes" keeps its start)."""
        freed = self.moved_time(memory)
        if freed is None:
            return busy
        return {email: _without(intervals, freed) for email, intervals in busy.items()}

    async def _nearest_slots(
        self, memory: TurnMemory, windows: Sequence[TimeWindow], minutes: int, tz: ZoneInfo,
        now: datetime, *, unreadable: set[str],
    ) -> list[TimeWindow]:
        """The free times nearest to `windows` (none of which has one), nearest first: "tuesday
        at 7am" offers Tuesday 09:00 before Monday 16:00 (the earlier of two as near first)."""
        start = max(now, min(w.start for w in windows) - NEAREST_AROUND)
        end = max(w.end for w in windows) + NEAREST_AROUND
        found = await self._free_slots(memory, [TimeWindow(start, end)], minutes, tz, now,
                                       limit=None, per_day=None, unreadable=unreadable)

        def distance(slot: TimeWindow) -> timedelta:
            return min(max(w.start - slot.end, slot.start - w.end, timedelta(0))
                       for w in windows)

        chosen: list[TimeWindow] = []
        per_day: dict[object, int] = {}
        for slot in sorted(found, key=lambda s: (distance(s), s.start)):
            day = slot.start.astimezone(tz).date()
            if per_day.get(day, 0) < NEAREST_PER_DAY:
                per_day[day] = per_day.get(day, 0) + 1
                chosen.append(slot)
            if len(chosen) == NEAREST_SLOTS:
                break
        return chosen

    async def _slot_reply(
        self, step: WaterfallStepContext, memory: TurnMemory, answer: ReplyAnswer
    ) -> DialogTurnResult:
        if answer.option is not None:
            return await self.goto(step, MeetingStage.CONFIRM_BOOKING,
                                   memory.with_data(slot=answer.option.value))
        if EraTurn.of(step.context).understood(answer.text).intent is Intent.UNDO:
            return await self._undo_at_slots(step, memory)
        if asks_for_options(answer.text):
            # "qué opciones hay?", "welche Zeiten gibt es?": the same list again.
            return await self.ask_slot_again(step, memory)
        offered = [o for o in memory.options if o.value and "/" in o.value]
        if offered and (takes_earliest(answer.text) or no_preference(answer.text)):
            # "any time", "whenever", "first available" at the list: the earliest of them.
            first = min(offered, key=lambda o: slot_of(o.value).start)
            return await self.goto(step, MeetingStage.CONFIRM_BOOKING,
                                   memory.with_data(slot=first.value))
        if await self._puts_off(step, answer.text):
            # "not right now", "pas maintenant", "später": the times stay for a later pick.
            await step.context.send_activity(say("meeting.slots_kept_waiting",
                                                 self.language(step)))
            return await self.ask_slot_again(step, memory)
        if answer.intent is ReplyIntent.REJECT or self.asks_for_another_time(answer.text, step):
            # "Another time" (its button, or its words typed): ask when instead.
            return await self.goto(step, MeetingStage.TIME_PREFERENCE, memory)
        locale = EraTurn.of(step.context).locale
        if len(memory.options) > 1 and short_answer(
                answer.text, locale=locale, questions=(QuestionId.CONFIRM_BOOKING,)
        ) is ReplyIntent.CONFIRM:
            # "yes" to several times: keep them and ask which, never pick one.
            return await self.ask_slot_again(step, memory)
        return await self._new_preference(step, memory, answer.text, at_slots=True)

    async def _undo_at_slots(
        self, step: WaterfallStepContext, memory: TurnMemory
    ) -> DialogTurnResult:
        """"undo", "rückgängig" after "actually make it friday": the times asked for before;
        at the first list there is no change to take back, which is said, with the same list
        (never a wider search in its place)."""
        before = memory.data.get(_WINDOWS_BEFORE)
        if before is None:
            await step.context.send_activity(say("meeting.nothing_to_undo", self.language(step)))
            return await self.ask_slot_again(step, memory)
        return await self.goto(step, MeetingStage.AVAILABILITY,
                               memory.with_data(windows=before, **{_WINDOWS_BEFORE: None}))

    async def ask_slot_again(
        self, step: WaterfallStepContext, memory: TurnMemory
    ) -> DialogTurnResult:
        """Ask which of the times still offered, keeping them (none is dropped or picked)."""
        tz = await self.store_zone(EraTurn.of(step.context).person)
        return await self.ask_at(
            step, MeetingStage.SLOT, memory, str(QuestionId.SELECT_SLOT),
            Phrase.of("meeting.which_time", count=len(memory.options)),
            options=memory.options, labels=slot_labels(memory.options, tz),
            buttons=((Phrase.of("meeting.another_time"), "another time"),),
            return_unknown=True,
        )

    async def _puts_off(self, step: WaterfallStepContext, text: str) -> bool:
        """Whether a reply at the list of times or the booking question only puts the
        booking off ("not right now", "pas maintenant", "später", "あとで"), naming no time:
        "no wait, tuesday" and "später am Nachmittag" ask for another time instead. ("right
        now", "maintenant", "ahora" name the coming hour, which is no time asked for.)"""
        turn = EraTurn.of(step.context)
        # "another time" puts a preview off, but here it asks for other times (its button).
        if not puts_off(text, turn) or self.asks_for_another_time(text, step):
            return False
        # Read from today: "now" is not the hour shown on the day of the times listed.
        windows = await self.windows_ahead(text, step)
        return not any(window.start > turn.now + _NOW_SPAN for window in windows)

    def asks_for_another_time(self, text: str, step: WaterfallStepContext) -> bool:
        """The "another time" button, or its words or the person's own typed ("een ander
        tijdstip", "换个时间")."""
        # The lexicons hold "another time" in every language; the button's own title too.
        return says_another_time(text) or fold_text(text).strip(" .!") == fold_text(
            say("meeting.another_time", self.language(step)))

    async def _new_preference(
        self, step: WaterfallStepContext, memory: TurnMemory, text: str, *,
        at_slots: bool = False, on_day: datetime | None = None,
    ) -> DialogTurnResult:
        """Words at the slot or booking question: a time in them picks the one offered slot
        it covers, or searches again there; no time goes back to the preference question,
        except at the list of times, where words that are no time ("laisse tomber le 1",
        "hello", "merci") get the same list again: a person who did not follow sees the times
        again, and the times offered are not dropped."""
        windows = await self.same_hours(step, memory, await self.windows_ahead(
            text, step, on_day=on_day or self.preferred_day(memory)))
        if not windows and at_slots and memory.options:
            thanked = thanks_alone(EraTurn.of(step.context), text)
            await step.context.send_activity(say(
                "prompt.thanks" if thanked else "meeting.time_unclear", self.language(step)))
            return await self.ask_slot_again(step, memory)
        if not windows:
            await step.context.send_activity(say("meeting.time_unclear", self.language(step)))
            return await self.goto(step, MeetingStage.TIME_PREFERENCE, memory)
        offered = [o for o in memory.options if o.value and "/" in o.value]
        inside = [o for o in offered
                  if any(w.contains(slot_of(o.value).start) for w in windows)]
        if len(inside) == 1:
            return await self.goto(step, MeetingStage.CONFIRM_BOOKING,
                                   memory.with_data(slot=inside[0].value))
        return await self.goto(step, MeetingStage.AVAILABILITY, self.with_windows(memory, windows))

    # booking ------------------------------------------------------------------------------

    async def _ask_booking(
        self, step: WaterfallStepContext, memory: TurnMemory
    ) -> DialogTurnResult:
        tz = await self.store_zone(EraTurn.of(step.context).person)
        label = slot_phrase(slot_of(str(memory.data["slot"])), tz)
        return await self.ask_at(
            step, MeetingStage.CONFIRM_BOOKING, memory, str(QuestionId.CONFIRM_BOOKING),
            self.booking_question(memory, label),
            buttons=((Phrase.of("meeting.book_it"), "yes"), (Phrase.of("button.no"), "no")),
            return_unknown=True,
        )

    async def _booking_reply(
        self, step: WaterfallStepContext, memory: TurnMemory, answer: ReplyAnswer
    ) -> DialogTurnResult:
        declined = EraTurn.of(step.context).understood(answer.text).is_decline
        if answer.intent is ReplyIntent.CONFIRM and not declined:
            return await self._book(step, memory)
        meant = said_instead(answer.text)
        if meant is not None and await self.windows_ahead(meant, step):
            # "no, friday instead", "not thursday, friday", "不是周四，是周五": that day's times,
            # never the end of the booking (the day asked for was dropped with it).
            return await self._new_preference(step, memory, meant)
        if says_not_that_one(answer.text):
            # "not that one", "pas celui-là", "ese no": another of the free times, searched
            # again as before, never the end of the booking.
            return await self.goto(step, MeetingStage.AVAILABILITY, memory)
        if answer.intent is ReplyIntent.REJECT or declined:
            if await self._puts_off(step, answer.text):
                # "not right now", "pas maintenant", "später": nothing booked or dropped.
                await step.context.send_activity(say(KEPT_WAITING, self.language(step)))
                return await self.goto(step, MeetingStage.CONFIRM_BOOKING, memory)
            # "no", and "I'll do it myself", whose "do it" alone would read as a yes.
            await step.context.send_activity(say("meeting.not_booked", self.language(step)))
            return await self.finish(step, FlowOutcome.CANCELLED)
        # "yes but at 4pm", "sure, but on monday": a yes with another time is that time.
        locale = EraTurn.of(step.context).locale
        wanted = change_after_yes(answer.text, str(QuestionId.CONFIRM_BOOKING), locale) \
            or answer.text
        moved = shift_minutes(wanted, self.language(step), locale)
        if moved is not None and memory.data.get("slot"):
            # "30 minutes later", "une heure plus tôt", "晚半小时": the time shown, moved.
            return await self._moved_booking(step, memory, moved)
        # A time alone ("yes but make it 4pm") belongs to the day of the time shown.
        on_day = await self._previewed_day(step, memory)
        windows = await self.windows_ahead(wanted, step, on_day=on_day)
        if not windows or negates(wanted, locale):
            # A reply that is neither a clear yes or no nor a time ("yse", "no wait"), or
            # that names a time not to take ("oui mais pas lundi", which is no time to search):
            # nothing is booked, and the same question is asked again, saying what it takes.
            language = self.language(step)
            if read_words(answer.text, str(QuestionId.CONFIRM_BOOKING), locale).asks:
                # "what time was it again?", "who is it with?", "c'est pour quand ?": the
                # question again is the answer (its day, time, length and people), said as one.
                await step.context.send_activity(say("meeting.booking_again", language))
                return await self.goto(step, MeetingStage.CONFIRM_BOOKING, memory)
            await step.context.send_activity(say("meeting.booking_reask", language) + " "
                                             + say("meeting.booking_changes", language))
            return await self.goto(step, MeetingStage.CONFIRM_BOOKING, memory)
        exact = await self._free_at(step, memory, windows)
        if exact is not None:
            # "yes but make it 10:30", free then: the changed time is shown for its own yes;
            # neither the time shown before nor the new one is booked on the first yes.
            return await self.goto(step, MeetingStage.CONFIRM_BOOKING,
                                   self.with_windows(memory, windows)
                                   .with_data(slot=slot_value(exact)))
        return await self._new_preference(step, memory, wanted, on_day=on_day)

    async def _moved_booking(
        self, step: WaterfallStepContext, memory: TurnMemory, minutes: int
    ) -> DialogTurnResult:
        """The time shown moved by `minutes` (earlier when negative), its length kept: asked
        about for its own yes when everyone is free then; otherwise the free times nearest to
        it (said to be outside the hours meetings are booked in, when it is)."""
        shown = slot_of(str(memory.data["slot"]))
        moved = [TimeWindow(shown.start + timedelta(minutes=minutes),
                            shown.end + timedelta(minutes=minutes))]
        memory = self.with_windows(memory, moved)
        exact = await self._free_at(step, memory, moved)
        if exact is not None:
            return await self.goto(step, MeetingStage.CONFIRM_BOOKING,
                                   memory.with_data(slot=slot_value(exact)))
        return await self.goto(step, MeetingStage.AVAILABILITY, memory)

    async def _previewed_day(
        self, step: WaterfallStepContext, memory: TurnMemory
    ) -> datetime | None:
        """The start of the day of the time the booking question shows, in the store's zone."""
        slot = memory.data.get("slot")
        if not slot:
            return self.preferred_day(memory)
        tz = await self.store_zone(EraTurn.of(step.context).person)
        start = slot_of(str(slot)).start.astimezone(tz)
        return start.replace(hour=0, minute=0, second=0, microsecond=0)

    async def _free_at(
        self, step: WaterfallStepContext, memory: TurnMemory, windows: Sequence[TimeWindow]
    ) -> TimeWindow | None:
        """The free time that starts at the one exact time a reply names ("at 10:30", "um
        15 Uhr"), or None: for a part of a day, a day, or a time someone is busy."""
        if len(windows) != 1 or windows[0].end - windows[0].start > EXACT_TIME_WINDOW:
            return None
        turn = EraTurn.of(step.context)
        tz = await self.store_zone(turn.person)
        minutes = int(memory.data.get("minutes", MEETING_MINUTES))
        try:
            slots = await self._free_slots(memory, windows, minutes, tz, turn.now, limit=1,
                                           per_day=1)
        except BackendError:
            return None  # the search that follows says the calendar could not be read
        return slots[0] if slots and slots[0].start == windows[0].start else None

    async def _book(self, step: WaterfallStepContext, memory: TurnMemory) -> DialogTurnResult:
        slot = slot_of(str(memory.data["slot"]))
        request_id = str(memory.data["book_request"])
        people = [str(memory.data["organizer"]), *memory.data["attendees"]]
        # Checked again at the effect: the person confirming must be one of the people.
        if not await self.may_change(EraTurn.of(step.context).person, people, memory):
            await step.context.send_activity(
                say("meeting.refused", self.language(step),
                    problem=say("error.not_your_meeting", self.language(step)))
            )
            return await self.finish(step, FlowOutcome.DONE)

        async def book() -> dict[str, Any]:
            event = await self.services.calendar.create_event(
                organizer_email=str(memory.data["organizer"]),
                attendee_emails=list(memory.data["attendees"]),
                subject=str(memory.data["subject"]), body=str(memory.data.get("body", "")),
                starts_at=slot.start, ends_at=slot.end, request_id=request_id,
            )
            return {"event": event.to_dict()}

        try:
            busy = self.without_moved(memory, await self.services.calendar.free_busy(people, slot))
            if any(i.overlaps(slot.start, slot.end) for b in busy.values() for i in b):
                await step.context.send_activity(say("meeting.slot_taken", self.language(step)))
                return await self.goto(step, MeetingStage.AVAILABILITY, memory)
            outcome = await self.services.ledger.run_once(
                BOOK_LEDGER, request_id, book,
                audited=lambda result: EraTurn.of(step.context).audit_entry(
                    "calendar.book", str(result["event"].get("id", "")), request_id=request_id,
                    attendees=len(memory.data["attendees"])),
            )
        except ActionInProgressError:
            await step.context.send_activity(say("meeting.in_progress", self.language(step)))
            return await self.finish(step, FlowOutcome.DONE)
        except BackendError:
            logger.warning("booking failed", exc_info=True)
            # Nothing was booked: the confirmed slot stays, and a yes retries with the same
            # request id (the calendar and the ledger book it at most once).
            tz = await self.store_zone(EraTurn.of(step.context).person)
            return await self.ask_at(
                step, MeetingStage.CONFIRM_BOOKING, memory, str(QuestionId.CONFIRM_BOOKING),
                Phrase.of("meeting.not_booked_yet", slot=slot_phrase(slot, tz)),
                buttons=((Phrase.of("button.try_again"), "yes"), (Phrase.of("button.no"), "no")),
                return_unknown=True,
            )
        except (ValidationError, PermissionDeniedError, NotFoundError, ConflictError) as problem:
            language = self.language(step)
            await step.context.send_activity(say(
                "meeting.refused", language, problem=error_text(problem, language)
            ))
            return await self.finish(step, FlowOutcome.DONE)
        event = CalendarEvent.from_dict(outcome.result["event"])
        remember_booked_meeting(event.id, EraTurn.of(step.context).now)
        return await self.booked(step, memory, event, outcome.replayed)


def _title_words(folded: str) -> str:
    """The words of folded text, one space apart ("rota-review!" -> "rota review")."""
    return " ".join(re.findall(r"[^\W_]+", folded))


@functools.cache
def _joiner() -> re.Pattern[str]:
    """What stands between the names of a list of people: marks and each language's "and"
    (the lexicons' `list_joins`: "Alice, Bob and Chen", "Chen ed Alice", "e a Alice" with
    Portuguese's article, "アリスとボブ"), after the honorific of the name before it
    ("アリスさんとチェンさん", the lexicons' `name_honorifics`)."""
    joins = whole_words(interrupt_fragments("list_joins"))
    honorifics = whole_words(interrupt_fragments("name_honorifics"))
    return re.compile(
        rf"^[\s,、，&+/]*(?:{honorifics})?[\s,、，&+/]*(?:{joins})?[\s,、，&+/]*$",
        re.IGNORECASE,
    )


def _listed_together(
    text: str, groups: list[list[Person]], people: Sequence[Person], language: str | None = None,
) -> list[list[Person]]:
    """The groups of the first name in the text and of those listed with it ("Alice, Bob and
    Chen", Polish "z Alicją i Chenem"); a name further on ("... to talk about Maria's
    feedback") is only mentioned."""
    if len(groups) < 2:
        return groups
    folded = fold_text(spell_script_names(text, people))
    placed: list[tuple[int, int, list[Person]]] = []
    for group in groups:
        span = _name_span(folded, group[0], language)
        if span is None:
            return groups[:1]
        placed.append((*span, group))
    placed.sort(key=lambda item: item[0])
    listed = [placed[0][2]]
    for (_, end, _), (start, _, group) in itertools.pairwise(placed):
        if start < end or not _joiner().match(folded[end:start]):
            break
        listed.append(group)
    return listed


def _name_span(folded: str, person: Person, language: str | None) -> tuple[int, int] | None:
    """Where the folded text names the person: the full name, the first name, or in Polish
    the first name in any case ("alicja", "chenem"); None when nowhere."""
    if language == "pl":
        parts = [_any_of(polish_forms(part)) for part in fold_text(person.name).split()]
        # "z Bobem Smithem": the surname after the first name, in its case, is the name too.
        pattern = parts[0] + "".join(rf"(?:\s+{part})?" for part in parts[1:])
        found = re.search(rf"(?<!\w){pattern}(?!\w)", folded)
        if found:
            return found.span()
    for name in (fold_text(person.name), fold_text(person.first_name)):
        start = folded.find(name)
        if start >= 0:
            return start, start + len(name)
    return None


@dataclass(frozen=True)
class NameNotFound:
    """A name a request lists with people it found that is nobody ("Chne" in "a meeting with
    Alice and Chne"): as written, and who may be meant (`close`: spelled like it)."""

    written: str
    people: tuple[Person, ...]
    close: bool


# A name-like word in Latin letters, as the folded text writes it.
_LATIN_WORD = r"[a-z\u00df-\u024f'-]{2,}"
# Languages whose nouns start with a capital letter: a capital says nothing of a name there.
_CAPITALISED_NOUNS = frozenset({"de"})


def names_not_found(
    text: str, groups: Sequence[Sequence[Person]], people: Sequence[Person],
    everyone: Sequence[Person], language: str | None,
) -> list[NameNotFound]:
    """The words listed with the names of `groups` ("Alice and Chne", "Alcie and Chen",
    "Alice, Chne et Tom") that name no one of `everyone`: a word spelled close to some of
    `people` (who may be invited), or a word written as a name (a capital letter) that is
    nobody, with all of `people` to choose from."""
    if not groups or not people:
        return []
    folded = fold_text(spell_script_names(text, people))
    spans = [span for g in groups if (span := _name_span(folded, g[0], language))]
    if not spans:
        return []
    named = {p.id for g in groups for p in g}
    others = [p for p in people if p.id not in named]
    found: list[NameNotFound] = []
    at = min(start for start, _ in spans)
    while (before := _previous_listed().search(folded, 0, at)) is not None:
        # "Alcie and Chen": a name before the first one found. The message's first word is
        # capitalised whatever it is ("Book and ..."), so there only a close spelling counts.
        unfound = _name_not_found(before.group("word"), text, others, everyone, language,
                                  capital_counts=before.start() > 0)
        if unfound is None:
            break
        found.insert(0, unfound)
        at = before.start()
    at = max(end for _, end in spans)
    while (after := _next_listed().match(folded, at)) is not None:
        unfound = _name_not_found(after.group("word"), text, others, everyone, language)
        if unfound is None:
            break
        found.append(unfound)
        at = after.end()
    return found


def _name_not_found(
    word: str, text: str, others: Sequence[Person], everyone: Sequence[Person],
    language: str | None, *, capital_counts: bool = True,
) -> NameNotFound | None:
    """The word listed with names, as a name that is nobody; None when it is somebody or no
    name at all."""
    if not others or find_names_in_text(word, everyone, language=language):
        return None
    written = _as_written(text, word)
    # "and him", "and wed": a short word in small letters is no name mistyped.
    close = [p for p in others
             if (len(word) > _SHORTEST_NAME or written[:1].isupper())
             and any(_spelled_like(word, part) for part in fold_text(p.name).split())]
    if close:
        return NameNotFound(written, tuple(close), close=True)
    if (capital_counts and language not in _CAPITALISED_NOUNS and written[:1].isupper()
            and not match_people(word, everyone, language=language)):
        return NameNotFound(written, tuple(others), close=False)
    return None


@functools.cache
def _next_listed() -> re.Pattern[str]:
    """The next word of a list of people in folded text: after a join ("and", "et", "和") or
    a list mark."""
    joins = whole_words(interrupt_fragments("list_joins"))
    honorifics = whole_words(interrupt_fragments("name_honorifics"))
    return re.compile(
        rf"[\s]*(?:{honorifics})?[\s]*(?:[\s,、，&+/]*(?:{joins})|[,、，&+/])[\s,、，&+/]*"
        rf"(?P<word>{_LATIN_WORD})")


def _spelled_like(word: str, part: str) -> bool:
    """Whether `word` is `part` with a slip of the keyboard: one letter wrong, missing, added,
    or two side by side swapped ("chne", "chenn", "alcie"); two slips in a longer name."""
    if min(len(word), len(part)) < _SHORTEST_NAME or word == part:
        return False
    slips = 1 if len(part) <= _SHORT_NAME else 2
    if abs(len(word) - len(part)) > slips:
        return False
    # Optimal string alignment distance (Levenshtein with adjacent swaps).
    before: list[int] = []
    row = list(range(len(part) + 1))
    for i, a in enumerate(word, 1):
        current = [i]
        for j, b in enumerate(part, 1):
            cost = min(row[j] + 1, current[j - 1] + 1, row[j - 1] + (a != b))
            if i > 1 and j > 1 and a == part[j - 2] and word[i - 2] == b:
                cost = min(cost, before[j - 2] + 1)
            current.append(cost)
        before, row = row, current
    return row[-1] <= slips


_SHORTEST_NAME = 3
_SHORT_NAME = 5


@functools.cache
def _previous_listed() -> re.Pattern[str]:
    """The word of a list of people right before a name in folded text (searched up to it):
    before a join or a list mark."""
    joins = whole_words(interrupt_fragments("list_joins"))
    honorifics = whole_words(interrupt_fragments("name_honorifics"))
    return re.compile(
        rf"(?<![a-z\u00df-\u024f'-])(?P<word>{_LATIN_WORD})[\s]*(?:{honorifics})?[\s]*"
        rf"(?:[\s,、，&+/]*(?:{joins})|[,、，&+/])[\s,、，&+/]*$")


def _as_written(text: str, word: str) -> str:
    """The word of `text` that folds to `word`, as the person wrote it."""
    # Latin letters only: in "明日AliceとChneと" the name runs into the words around it.
    return next((w for w in re.findall(r"[A-Za-z\u00c0-\u024f]+(?:['-][A-Za-z\u00c0-\u024f]+)*",
                                       text)
                 if fold_text(w) == word), word)


def _any_of(words: Iterable[str]) -> str:
    """A regex group of the words, the longest tried first."""
    return "(?:" + "|".join(map(re.escape, sorted(words, key=len, reverse=True))) + ")"


def named_by_surname(text: str, people: Sequence[Person]) -> list[Person]:
    """The one person whose surname (any part of the name after the first) the words hold
    ("smith" among Bob Jones and Bob Smith); empty when none or several."""
    words = set(re.findall(r"[\w'-]+", fold_text(text)))
    found = [p for p in people if any(fold_text(part) in words for part in p.name.split()[1:])]
    return found if len(found) == 1 else []


def _without_names(text: str, people: Sequence[Person]) -> str:
    """`text` without the words of these people's names ("bob smith on thursday" -> "on
    thursday")."""
    words = {word for p in people for word in p.name.split()}
    if not words:
        return text
    pattern = r"(?<![\w'-])(?:" + "|".join(map(re.escape, words)) + r")(?![\w'-])"
    return re.sub(r"\s+", " ", re.sub(pattern, " ", text, flags=re.IGNORECASE)).strip(" ,")


def _choice(key: str, index: int, language: str) -> ChoiceOption:
    """"book": book a new meeting; "email": look under another address."""
    return ChoiceOption(option_id=f"opt_{index + 1}", index=index,
                        label=say(f"meeting.choice.{key}", language), value=key)


def _without(intervals: Sequence[BusyInterval], freed: TimeWindow) -> list[BusyInterval]:
    """The busy intervals with the time `freed` cut out of them."""
    kept: list[BusyInterval] = []
    for interval in intervals:
        if not interval.overlaps(freed.start, freed.end):
            kept.append(interval)
            continue
        if interval.start < freed.start:
            kept.append(BusyInterval(interval.start, freed.start))
        if freed.end < interval.end:
            kept.append(BusyInterval(freed.end, interval.end))
    return kept
