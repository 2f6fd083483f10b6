"""Anyone moves one of their upcoming meetings (design note 001's RESCHEDULE flow).

Find and pick the meeting as in the cancel flow, then ask when to move it to (a time in the
request, "move my meeting to friday", is used at once), offer the slots everyone in the meeting
has free, confirm, and book the new time first, then cancel the old one, so the people never
end up with no meeting at all. If the cancellation fails, ERA says both facts: the new meeting
is booked, the old one still stands; the failure is tracked.
"""

from __future__ import annotations

import re
from datetime import timedelta
from typing import Any

from botbuilder.dialogs import DialogTurnResult, WaterfallStepContext

from core.calendar_event import CalendarEvent
from core.errors import BackendError, EraError
from core.failure_tracker import FailureCategory
from core.intent import Intent
from core.time_window import TimeWindow
from core.turn_memory import TurnMemory
from core.turn_report import current_report
from dialogs.era_turn import EraTurn
from dialogs.flow_dialog import FlowOutcome
from dialogs.meeting_flow_dialog import MeetingFlowDialog, MeetingStage
from dialogs.meeting_options import slot_label
from language.catalogue import say
from language.day_range import split_day_range
from language.formatting import format_list
from language.meeting_words import moved_from_day, names_meeting_day
from language.phrase import Phrase, Sayable
from services.time_phrase_parser import names_a_day


class MeetingRescheduleDialog(MeetingFlowDialog):
    """Find, pick, when, which slot, confirm, book the new time, cancel the old one."""

    intent = Intent.MEETING_RESCHEDULE
    meeting_question = "meeting_reschedule.which"
    preference_question = "meeting_reschedule.preference_question"

    async def start(self, step: WaterfallStepContext, options: dict[str, Any]) -> DialogTurnResult:
        """Look the person's meetings up (keeping any time the request names)."""
        text = str(options.get("text") or "")
        windows = await self.windows_in(text, step)
        said_as_range = await self._range_move(text, step)
        # A day the meeting moves from ("on Thursday to Friday") chooses the meeting; the
        # other days are where to move it to.
        source = moved_from_day(text, [w.text for w in windows])
        moved_from = windows[source] if source is not None else None
        if said_as_range is not None:
            moved_from, windows = said_as_range
        elif len(windows) == 1 and names_meeting_day(text, windows[0].text):
            # "move my meeting on Tuesday": the one day says which meeting, not when to.
            moved_from, windows = windows[0], []
        elif moved_from is not None:
            # What follows the day it moves from says when to, read on its own: "to Friday
            # after 3pm" is Friday from 15:00, where the whole request lost the hours.
            at = text.lower().find(moved_from.text.lower())
            after = (await self.windows_in(text[at + len(moved_from.text):], step)
                     if at >= 0 else [])
            windows = [w for w in after or windows
                       if w.start.date() != moved_from.start.date()]
            if not windows:
                moved_from = None
                windows = await self.windows_in(text, step)
        memory = self.new_requests(await self.new_memory(step.context))
        memory = self.with_windows(memory, windows).with_data(move_text=text)
        if isinstance(options.get("minutes"), int):
            # "make it 45 minutes" just after a booking: its start kept, its length changed.
            memory = memory.with_data(new_minutes=options["minutes"])
        # The people named choose the meeting, with the day it moves from when there is one.
        memory = await self.with_request_filters(memory, text, step, days=False)
        if isinstance(options.get("listed"), list):
            # "move the first one to friday" just after a list of meetings: one of those,
            # pointed at by the words that are not the new time.
            pointing = text
            for window in windows:
                pointing = re.sub(re.escape(window.text), " ", pointing, flags=re.IGNORECASE)
            memory = memory.with_data(listed=[str(i) for i in options["listed"]],
                                      listed_text=pointing)
        if moved_from is not None:
            memory = memory.with_data(
                named_days=[[moved_from.start.isoformat(), moved_from.end.isoformat()]])
        return await self.goto(step, MeetingStage.LOOKUP, memory)

    async def _range_move(
        self, text: str, step: WaterfallStepContext
    ) -> tuple[TimeWindow, list[TimeWindow]] | None:
        """The day a move said as a range moves from, and the times it moves to: "de jeudi à
        vendredi après 15h", "del jueves al viernes", "from thursday to friday". The time
        reader takes such words for the days between them (and drops the hours after them),
        so each side is read on its own; None when the first side is not one whole day."""
        locale = EraTurn.of(step.context).locale
        for words in split_day_range(text, locale):
            first = await self.windows_in(words.first, step)
            if len(first) != 1 or first[0].end - first[0].start != timedelta(days=1):
                continue
            at = text.find(words.last)
            if at < 0:
                continue
            day = first[0].start.date()
            to = [w for w in await self.windows_in(text[at:], step) if w.start.date() != day]
            if to:
                return first[0], to
        return None

    async def meeting_chosen(
        self, step: WaterfallStepContext, memory: TurnMemory
    ) -> DialogTurnResult:
        """The new meeting keeps the old one's people, subject and length; someone who did not
        organise the meeting is told who did, and nothing is moved."""
        event = CalendarEvent.from_dict(memory.data["event"])
        turn = EraTurn.of(step.context)
        if not await self.organises(turn.person, event, memory):
            return await self.not_organiser(step, event, "meeting_reschedule.not_organiser")
        await self.say_found_alone(step, memory)
        said = str(memory.data.get("move_text") or "")
        if memory.data.get("windows") and not names_a_day(said, turn.locale):
            # "change it to 3pm": 3pm on the meeting's own day, not the next 3pm from now.
            tz = await self.store_zone(turn.person)
            day = event.starts_at.astimezone(tz).replace(hour=0, minute=0, second=0,
                                                         microsecond=0)
            same_day = await self.windows_in(said, step, on_day=day)
            if same_day:
                memory = self.with_windows(memory, same_day)
        me = turn.person.email.lower()
        people = (event.organizer_email, *event.attendee_emails)
        names = await self.names(people)
        others = [email for email in people if email != me]
        # The person moving their meeting organises the new one, so everyone else is invited;
        # a manager moving a meeting of one of their people keeps its organizer.
        organizer = me if me in people else event.organizer_email
        memory = memory.with_data(
            organizer=organizer, attendees=[e for e in people if e != organizer],
            subject=event.subject, body=event.body,
            minutes=int((event.ends_at - event.starts_at).total_seconds() // 60),
            old_label=await self.event_label(step, event),
            with_names=[names.get(e, e) for e in others],
            **{"with": format_list([names.get(e, e) for e in others], self.language(step),
                                   "plain")
               or say("meeting_reschedule.other_attendees", self.language(step))},
        )
        new_minutes = memory.data.get("new_minutes")
        if isinstance(new_minutes, int):
            memory = self.with_windows(memory, [TimeWindow(
                event.starts_at, event.starts_at + timedelta(minutes=new_minutes))]).with_data(
                    minutes=new_minutes)
        next_stage = (MeetingStage.AVAILABILITY if memory.data.get("windows")
                      else MeetingStage.TIME_PREFERENCE)
        return await self.goto(step, next_stage, memory)

    def moved_time(self, memory: TurnMemory) -> TimeWindow | None:
        """The meeting being moved: its own time is free for its new one."""
        if not memory.data.get("event"):
            return None
        return CalendarEvent.from_dict(memory.data["event"]).window

    def booking_question(self, memory: TurnMemory, slot: Sayable) -> Phrase:
        """Confirm the move."""
        return Phrase.of("meeting_reschedule.confirm", old=memory.data["old_label"],
                         slot=slot, with_whom=memory.data["with"])

    async def booked(
        self, step: WaterfallStepContext, memory: TurnMemory, event: CalendarEvent,
        replayed: bool,
    ) -> DialogTurnResult:
        """Cancel the old meeting; say both facts, whatever happens."""
        tz = await self.store_zone(EraTurn.of(step.context).person)
        language = self.language(step)
        new = slot_label(event.window, tz, language)
        old = str(memory.data["old_label"])
        try:
            await self.cancel_once(step, memory)
        except EraError as problem:
            if not isinstance(problem, BackendError):
                report = current_report()
                if report is not None:
                    report.failure(FailureCategory.TECHNICAL,
                                   f"old meeting not cancelled: {problem}")
            await step.context.send_activity(
                say("meeting_reschedule.old_not_cancelled", language, new=new, old=old)
            )
            return await self.finish(step, FlowOutcome.FAILED, event_id=event.id)
        await step.context.send_activity(say(
            "meeting_reschedule.done", language, new=new, old=old, with_whom=memory.data["with"]
        ))
        return await self.finish(step, event_id=event.id)
