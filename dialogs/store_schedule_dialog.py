"""A store manager asks who is working when ("who is working tomorrow?", "show me the rota for
next week"), about one person ("is Bob working Friday?", "show me Chen's schedule"), who works
alongside someone ("who's on with Alice on Saturday?"), how many ("how many cashiers do I have
on Friday evening?") or who is off ("who's off on Saturday?", "qui ne travaille pas samedi ?"):
the store's shifts, day by day, with who works each and which are still open; that person's
shifts; the shifts beside theirs; the count of people with the list; or the people of the store
with no shift that day.

The person comes from the directory as in every flow: two Bobs get "which one?", someone of
another store is refused. Asking changes nothing. What was shown is kept for a while, so that
"and the day after tomorrow?", "what about friday", "und am Freitag?", "et samedi ?" or "¿y el
viernes?" right after shows the same schedule (the store's, or that person's) for those days.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from datetime import date, datetime, time, timedelta, tzinfo
from enum import StrEnum
from typing import Any

from botbuilder.dialogs import DialogTurnResult, WaterfallStepContext

from core.free_text_question import FreeTextQuestion
from core.intent import Intent
from core.name_matcher import find_names_in_text
from core.person import Person, PersonRole
from core.question_id import QuestionId
from core.reply_interpreter import ReplyIntent
from core.shift import Shift
from core.time_window import TimeWindow
from core.turn_memory import TurnMemory
from dialogs.employee_choice import choose_employee, store_employees
from dialogs.era_turn import EraTurn
from dialogs.flow_dialog import FlowOutcome
from dialogs.last_question import remember_question, steps_later
from dialogs.reply_prompt import ReplyAnswer
from dialogs.shift_change_dialog import find_role
from dialogs.shift_options import shift_option
from dialogs.staged_flow_dialog import StagedFlowDialog
from language.catalogue import say
from language.formatting import (
    format_day,
    format_hours,
    format_list,
    format_on_day,
    format_time,
    format_time_range,
)
from language.schedule_terms import schedule_term
from language.time_bounds import TimeBound, time_bound
from services.time_phrase_parser import time_spans

MAX_DAYS = 7  # a week reads well in a chat; a longer range is cut and says so
LATE_HOUR = 17  # from this hour (store time) a question naming no day is about tomorrow too
_WHOLE_DAY = timedelta(hours=23)  # a window this long covers days; shorter, part of one day


class ScheduleStage(StrEnum):
    """The one question this flow may ask: whose schedule, when a name fits several people."""

    PERSON = "person"


class ScheduleMode(StrEnum):
    """What was asked about the schedule."""

    STORE = "store"  # who works when
    PERSON = "person"  # one person's shifts
    WITH = "with"  # the shifts alongside one person's
    COUNT = "count"  # how many people work, with the list
    OFF = "off"  # who of the store has no shift


@dataclass(frozen=True)
class _Asked:
    """The days shown, each with the part of the day asked about (None: the whole day), the
    shifts of the store on each, whether the request named days, whether it was cut, and the
    hour asked from ("on sunday from 2pm"), when one was."""

    days: list[tuple[date, TimeWindow | None]]
    schedule: list[tuple[date, list[Shift]]]
    named_days: bool
    capped: bool
    from_hour: datetime | None = None


def _from_then_on(part: TimeWindow, tz: tzinfo) -> bool:
    """Whether the part of a day runs from an hour to the end of that day ("from 2pm")."""
    start, end = part.start.astimezone(tz), part.end.astimezone(tz)
    return (end.time() == time() and end.date() == start.date() + timedelta(days=1)
            and start.time() != time())


def _mostly_from(shift: Shift, moment: datetime) -> bool:
    """Whether at least half of the shift is worked from `moment` on: "who is working from 2pm"
    names the 15:00-20:00 shift, not the 09:00-15:00 one that has an hour left then."""
    return (shift.ends_at - max(shift.starts_at, moment)) * 2 >= shift.ends_at - shift.starts_at


def _days_asked(
    windows: list[TimeWindow], now: datetime, tz: tzinfo, *, default_days: int = 1
) -> list[tuple[date, TimeWindow | None]]:
    """The store-local days the windows name, in order, each with the part of the day asked
    about ("sunday evening") or None for the whole day. No window: today (and tomorrow too
    late in the day), or `default_days` from today."""
    if not windows:
        local = now.astimezone(tz)
        days = [local.date() + timedelta(days=offset) for offset in range(default_days)]
        if default_days == 1 and local.hour >= LATE_HOUR:
            days.append(local.date() + timedelta(days=1))
        return [(day, None) for day in days]
    asked: dict[date, TimeWindow | None] = {}
    for window in windows:
        first = window.start.astimezone(tz).date()
        length = window.end - window.start
        if length < _WHOLE_DAY:
            asked.setdefault(first, window)
            continue
        # Whole days counted from the first, so a window in the parser's zone is not a day
        # longer in the store's.
        for offset in range(math.ceil(length / timedelta(days=1))):
            asked[first + timedelta(days=offset)] = None
    return sorted(asked.items())


def _each_day(days: list[TimeWindow], part: TimeWindow) -> list[TimeWindow]:
    """The part of the day `part` is (today's evening) on every day the windows cover."""
    midnight = part.start.replace(hour=0, minute=0, second=0, microsecond=0)
    offset, length = part.start - midnight, part.end - part.start
    each: list[TimeWindow] = []
    for window in days:
        first = window.start.replace(hour=0, minute=0, second=0, microsecond=0)
        for count in range(max(1, math.ceil((window.end - first) / timedelta(days=1)))):
            start = first + timedelta(days=count) + offset
            each.append(TimeWindow(start, start + length, part.text))
    return each


class StoreScheduleDialog(StagedFlowDialog):
    """Lists the manager's store schedule for the days named (at most a week), or today; one
    person's shifts (the coming week when no day is named); those beside someone's; a count."""

    intent = Intent.STORE_SCHEDULE
    allowed_roles = frozenset({PersonRole.MANAGER})
    denied_text = "flow.store_schedule.denied"

    async def start(self, step: WaterfallStepContext, options: dict[str, Any]) -> DialogTurnResult:
        """Read what was asked; settle whose schedule first when a person is named."""
        turn = EraTurn.of(step.context)
        text = str(options.get("text", ""))
        slots = turn.understood(text).slots
        memory = (await self.new_memory(step.context)).with_data(
            text=text, later=int(options.get("later") or 0))
        if "off" in slots:
            return await self._show(step, memory, ScheduleMode.OFF)
        if "count" in slots:
            return await self._show(step, memory, ScheduleMode.COUNT)
        if "with_person" in slots:
            memory = memory.with_data(mode=str(ScheduleMode.WITH))
            return await self._settle(step, memory, request=slots["with_person"],
                                      named=slots["with_person"])
        named = slots.get("person", "")
        everyone = await self.services.directory.list_people(role=PersonRole.EMPLOYEE)
        if named or find_names_in_text(text, everyone, language=turn.language):
            memory = memory.with_data(mode=str(ScheduleMode.PERSON), hours="hours" in slots)
            return await self._settle(step, memory, request=text, named=named)
        return await self._show(step, memory, ScheduleMode.STORE)

    async def enter(
        self, step: WaterfallStepContext, stage: str, memory: TurnMemory
    ) -> DialogTurnResult:
        """This flow asks only from `start` and `reply`; a stage entered anew ends it."""
        return await self.finish(step)

    async def reply(
        self, step: WaterfallStepContext, stage: str, memory: TurnMemory, answer: ReplyAnswer
    ) -> DialogTurnResult:
        """The answer to "which one?": a pick, a name, or a no."""
        if answer.option is not None:
            return await self._settle(step, memory, employee_id=answer.option.value)
        if answer.intent is ReplyIntent.REJECT or self.is_plain_no(answer.text, step):
            await step.context.send_activity(say("flow.store_schedule.dropped",
                                                 self.language(step)))
            return await self.finish(step, FlowOutcome.CANCELLED)
        return await self._settle(step, memory, answer=answer.text.strip())

    async def _settle(
        self, step: WaterfallStepContext, memory: TurnMemory, *, employee_id: str | None = None,
        request: str = "", answer: str | None = None, named: str = "",
    ) -> DialogTurnResult:
        """Whose schedule: the one person meant, else the question (or the refusal) why not."""
        turn = EraTurn.of(step.context)
        choice = await choose_employee(
            self.services.directory, turn.person, what="schedule", employee_id=employee_id,
            request=request, answer=answer, named=named, language=turn.language,
            locale=turn.locale,
        )
        if choice.refusal:
            await step.context.send_activity(choice.refusal)
            return await self.finish(step, FlowOutcome.DONE)
        if choice.person is None:
            question = (QuestionId.SELECT_EMPLOYEE if choice.options
                        else FreeTextQuestion.PERSON_NAME)
            return await self.ask_at(
                step, ScheduleStage.PERSON, memory, str(question), choice.question,
                options=choice.options, labels=choice.labels, free_text=not choice.options,
            )
        return await self._show(step, memory, ScheduleMode(str(memory.data["mode"])),
                                choice.person)

    async def _show(
        self, step: WaterfallStepContext, memory: TurnMemory, mode: ScheduleMode,
        person: Person | None = None,
    ) -> DialogTurnResult:
        turn = EraTurn.of(step.context)
        manager = turn.person
        language = turn.language
        tz = await self.store_zone(manager)
        store = await self.services.directory.get_store(manager.store_id)
        store_name = store.name if store else manager.store_id
        text = str(memory.data.get("text", ""))
        later = int(memory.data.get("later") or 0)
        asked = await self._asked(text, turn, manager, tz, later=later,
                                  default_days=MAX_DAYS if person is not None else 1)
        searched = _searched([day for day, _ in asked.days], language, asked.from_hour)
        names: dict[str, str] = {}
        if person is not None and mode is ScheduleMode.WITH:
            lines = await self._alongside(person, asked, searched, tz, language, names)
        elif person is not None:
            lines = self._persons(person, asked, searched, tz, language,
                                  hours=bool(memory.data.get("hours")))
        elif mode is ScheduleMode.OFF:
            lines = await self._off(manager, asked, store_name, searched, language)
        elif mode is ScheduleMode.COUNT:
            lines = await self._count(text, asked, store_name, searched, tz, language, names)
        else:
            lines = await self._store(asked, store_name, searched, tz, language, names)
        if asked.capped:
            lines.append(say("store_schedule.capped", language, days=MAX_DAYS))
        lines.append(say("store_schedule.what_next", language,
                         assign=say("main.example.shift_assign", language),
                         unassign=say("main.example.shift_unassign", language),
                         swap=say("main.example.shift_swap", language)))
        await step.context.send_activity("\n".join(lines))
        # Kept for a follow-up: "and the day after tomorrow?", "und am Freitag?", "et samedi ?".
        remember_question(self.intent, text, turn.now,
                          later=later if asked.named_days else None)
        return await self.finish(step)

    async def _asked(
        self, text: str, turn: EraTurn, manager: Person, tz: tzinfo, *, default_days: int,
        later: int = 0,
    ) -> _Asked:
        """The days the request names (at most a week), `later` steps on ("and the next?"
        after it), and the store's shifts on each."""
        windows = steps_later(await self._windows(text, turn), later)
        days = _days_asked(windows, turn.now, tz, default_days=default_days)
        shown = days[:MAX_DAYS]
        bound = time_bound(text, turn.language)
        from_then_on = bound is not None and bound.bound is TimeBound.FROM
        schedule: list[tuple[date, list[Shift]]] = []
        from_hour: datetime | None = None
        for day, part in shown:
            shifts = await self.services.shifts.shifts_on(manager.store_id, day, tz)
            if part is not None and from_then_on and _from_then_on(part, tz):
                # "on sunday from 2pm": the shifts worked from then on, the hour in the heading.
                from_hour = part.start.astimezone(tz)
                shifts = [s for s in shifts if _mostly_from(s, part.start)]
            elif part is not None:
                shifts = [s for s in shifts if part.overlaps(s.starts_at, s.ends_at)]
            schedule.append((day, sorted(shifts, key=lambda s: (s.starts_at, s.label, s.role))))
        return _Asked(shown, schedule, bool(windows), len(days) > MAX_DAYS,
                      from_hour if len(shown) == 1 else None)

    async def _windows(self, text: str, turn: EraTurn) -> list[TimeWindow]:
        """The windows the request names. Days and a part of the day ("this week in the
        evening", "la semana que viene por la tarde", "and the evening?" after a week) are
        that part of each day: the recognizer reads them as the week and today's evening, or
        today's evening alone."""
        parse = self.services.time_parser.parse
        windows = await parse(text, now=turn.now, locale=turn.locale, ranges=True)
        spans = time_spans(text, turn.locale)
        parts = [span for span in spans if span.part_only]
        if not parts or all(span.part_only for span in spans):
            return windows
        days_text = "".join(" " if any(p.start <= i < p.end for p in parts) else c
                            for i, c in enumerate(text))
        days = await parse(days_text, now=turn.now, locale=turn.locale, ranges=True)
        part = await parse(text[parts[0].start:parts[-1].end], now=turn.now,
                           locale=turn.locale)
        if not part or not any(w.end - w.start > timedelta(days=1) for w in days):
            return windows
        return _each_day(days, part[0])

    async def _store(
        self, asked: _Asked, store_name: str, searched: str, tz: tzinfo, language: str,
        names: dict[str, str],
    ) -> list[str]:
        """Who works each day, or that nobody does."""
        if not any(shifts for _, shifts in asked.schedule):
            return [say("store_schedule.none", language, store=store_name, searched=searched)]
        if asked.named_days:
            intro = say("store_schedule.intro", language, store=store_name, searched=searched)
        elif len(asked.days) > 1:
            intro = say("store_schedule.intro_today_tomorrow", language, store=store_name)
        else:
            intro = say("store_schedule.intro_today", language, store=store_name)
        return [intro, *await self._days(asked.schedule, tz, language, names,
                                          headings=len(asked.schedule) > 1
                                          or not asked.named_days)]

    async def _count(
        self, text: str, asked: _Asked, store_name: str, searched: str, tz: tzinfo,
        language: str, names: dict[str, str],
    ) -> list[str]:
        """How many people work then (in the role named), and the shifts they work."""
        roles = tuple(sorted({s.role for _, shifts in asked.schedule for s in shifts}))
        role = find_role(text, roles)
        schedule = [(day, [s for s in shifts if role is None or s.role == role])
                    for day, shifts in asked.schedule]
        people = {s.person_id for _, shifts in schedule for s in shifts if s.person_id}
        if role is None:
            intro = say("store_schedule.count", language, count=len(people), store=store_name,
                        searched=searched)
        else:
            intro = say("store_schedule.count_role", language, count=len(people), role=role,
                        store=store_name, searched=searched)
        if not any(shifts for _, shifts in schedule):
            return [intro]
        return [intro, *await self._days(schedule, tz, language, names,
                                          headings=len(schedule) > 1)]

    async def _off(
        self, manager: Person, asked: _Asked, store_name: str, searched: str, language: str
    ) -> list[str]:
        """The people of the store with no shift on each day asked (not who works: that was
        not asked)."""
        team = await store_employees(self.services.directory, manager)
        off = [(day, [p.name for p in team
                      if not any(s.person_id == p.id for s in shifts)])
               for day, shifts in asked.schedule]
        if len(off) == 1:
            day, names = off[0]
            return [say("store_schedule.off", language, store=store_name, searched=searched,
                        names=format_list(names, language))
                    if names else
                    say("store_schedule.off_nobody", language, store=store_name,
                        searched=searched)]
        lines = [say("store_schedule.off_intro", language, store=store_name, searched=searched)]
        for day, names in off:
            lines.append(say("store_schedule.off_day", language, day=format_day(day, language),
                             names=format_list(names, language) if names
                             else say("store_schedule.off_day_nobody", language)))
        return lines

    def _persons(
        self, person: Person, asked: _Asked, searched: str, tz: tzinfo, language: str, *,
        hours: bool = False,
    ) -> list[str]:
        """The person's shifts on the days asked (after their total of hours, when that was
        asked: "how many hours is Alice doing this week?"), or that they have none."""
        theirs = [s for _, shifts in asked.schedule for s in shifts if s.person_id == person.id]
        if not theirs:
            return [say("store_schedule.person_none", language, name=person.name,
                        searched=searched)]
        total = format_hours(sum(s.duration_hours for s in theirs), language)
        intro = (say("store_schedule.person_hours", language, name=person.name, hours=total,
                     searched=searched)
                 if hours else
                 say("store_schedule.person_intro", language, count=len(theirs),
                     name=person.name, searched=searched))
        return [intro,
                *(f"- {shift_option(s, i, tz, language).label}" for i, s in enumerate(theirs))]

    async def _alongside(
        self, person: Person, asked: _Asked, searched: str, tz: tzinfo, language: str,
        names: dict[str, str],
    ) -> list[str]:
        """The person's shifts, then the others' that overlap them, day by day."""
        lines = self._persons(person, asked, searched, tz, language)
        theirs = [s for _, shifts in asked.schedule for s in shifts if s.person_id == person.id]
        if not theirs:
            return lines
        beside = [
            (day, [s for s in shifts if s.person_id not in (None, person.id)
                   and any(s.overlaps(own.starts_at, own.ends_at) for own in theirs)])
            for day, shifts in asked.schedule
        ]
        beside = [(day, shifts) for day, shifts in beside if shifts]
        if not beside:
            lines.append(say("store_schedule.with_none", language, name=person.name))
            return lines
        lines.append(say("store_schedule.with_intro", language, name=person.name))
        lines += await self._days(beside, tz, language, names, headings=len(beside) > 1)
        return lines

    async def _days(
        self, schedule: list[tuple[date, list[Shift]]], tz: tzinfo, language: str,
        names: dict[str, str], *, headings: bool,
    ) -> list[str]:
        """The shifts of each day, under the day's heading when there are several days."""
        lines: list[str] = []
        for day, shifts in schedule:
            if headings:
                lines.append(say("store_schedule.day", language, day=format_day(day, language)))
            if not shifts:
                lines.append(say("store_schedule.day_empty", language))
            for shift in shifts:
                lines.append(await self._shift_line(shift, tz, language, names))
        return lines

    async def _shift_line(
        self, shift: Shift, tz: tzinfo, language: str, names: dict[str, str]
    ) -> str:
        """"- Morning 09:00-15:00 (sales associate): Bob Jones", or "...: open shift"."""
        hours = format_time_range(shift.starts_at.astimezone(tz), shift.ends_at.astimezone(tz))
        if shift.person_id is None:
            who = say("store_schedule.open", language)
        else:
            if shift.person_id not in names:
                person = await self.services.directory.get(shift.person_id)
                names[shift.person_id] = (
                    person.name if person else say("store_schedule.someone", language)
                )
            who = names[shift.person_id]
        label = schedule_term(shift.label, language)
        return say("store_schedule.shift", language, shift=f"{label} {hours}".strip(),
                   role=schedule_term(shift.role, language), who=who)


def _searched(days: list[date], language: str, from_hour: datetime | None = None) -> str:
    """ "on Mon 23 Nov", "on Sun 29 Nov from 14:00", "between Mon 23 Nov and Sun 29 Nov", "on
    Fri 27 Nov and on Sun 29 Nov" for the days shown."""
    if from_hour is not None and len(days) == 1:
        return say("window.on_day_from_time", language,
                   day=format_on_day(days[0], language), time=format_time(from_hour))
    if len(days) > 1 and (days[-1] - days[0]).days == len(days) - 1:
        return say("window.between_days", language, first=format_day(days[0], language),
                   last=format_day(days[-1], language))
    return format_list([say("window.on_day", language, day=format_on_day(day, language))
                        for day in days], language)
