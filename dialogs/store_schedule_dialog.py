"""A store manager asks who is working when ("who is working tomorrow?", "show me the rota for
next week"): the store's shifts, day by day, with who works each and which are still open."""

from __future__ import annotations

import math
from datetime import date, datetime, timedelta, tzinfo

from botbuilder.dialogs import DialogTurnResult, WaterfallStepContext

from core.intent import Intent
from core.person import PersonRole
from core.shift import Shift
from core.time_window import TimeWindow
from dialogs.era_turn import EraTurn
from dialogs.flow_dialog import FlowDialog
from dialogs.flow_services import FlowServices
from language.catalogue import say
from language.formatting import format_day, format_list, format_on_day, format_time_range
from language.schedule_terms import schedule_term

MAX_DAYS = 7  # a week reads well in a chat; a longer range is cut and says so
LATE_HOUR = 17  # from this hour (store time) a question naming no day is about tomorrow too
_WHOLE_DAY = timedelta(hours=23)  # a window this long covers days; shorter, part of one day


def _days_asked(
    windows: list[TimeWindow], now: datetime, tz: tzinfo
) -> list[tuple[date, TimeWindow | None]]:
    """The store-local days the windows name, in order, each with the part of the day asked
    about ("sunday evening") or None for the whole day. No window: today, and tomorrow too
    late in the day."""
    if not windows:
        local = now.astimezone(tz)
        days = [local.date()]
        if local.hour >= LATE_HOUR:
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


class StoreScheduleDialog(FlowDialog):
    """Lists the manager's store schedule for the days named (at most a week), or today."""

    intent = Intent.STORE_SCHEDULE
    allowed_roles = frozenset({PersonRole.MANAGER})
    denied_text = "flow.store_schedule.denied"

    def __init__(self, *, services: FlowServices) -> None:
        super().__init__([self._list_step], services=services)

    async def _list_step(self, step: WaterfallStepContext) -> DialogTurnResult:
        turn = EraTurn.of(step.context)
        manager = turn.person
        language = turn.language
        tz = await self.store_zone(manager)
        store = await self.services.directory.get_store(manager.store_id)
        store_name = store.name if store else manager.store_id
        text = str((step.options or {}).get("text", ""))
        windows = await self.services.time_parser.parse(text, now=turn.now, locale=turn.locale)
        asked = _days_asked(windows, turn.now, tz)
        shown = asked[:MAX_DAYS]
        schedule: list[tuple[date, list[Shift]]] = []
        for day, part in shown:
            shifts = await self.services.shifts.shifts_on(manager.store_id, day, tz)
            if part is not None:
                shifts = [s for s in shifts if part.overlaps(s.starts_at, s.ends_at)]
            schedule.append((day, sorted(shifts, key=lambda s: (s.starts_at, s.label, s.role))))

        searched = _searched([day for day, _ in shown], language)
        if not any(shifts for _, shifts in schedule):
            lines = [say("store_schedule.none", language, store=store_name, searched=searched)]
        else:
            if windows:
                intro = say("store_schedule.intro", language, store=store_name, searched=searched)
            elif len(shown) > 1:
                intro = say("store_schedule.intro_today_tomorrow", language, store=store_name)
            else:
                intro = say("store_schedule.intro_today", language, store=store_name)
            lines = [intro]
            names: dict[str, str] = {}
            # One day the opening line names needs no heading of its own.
            headings = len(schedule) > 1 or not windows
            for day, shifts in schedule:
                if headings:
                    lines.append(say("store_schedule.day", language,
                                     day=format_day(day, language)))
                if not shifts:
                    lines.append(say("store_schedule.day_empty", language))
                for shift in shifts:
                    lines.append(await self._shift_line(shift, tz, language, names))
        if len(asked) > MAX_DAYS:
            lines.append(say("store_schedule.capped", language, days=MAX_DAYS))
        lines.append(say("store_schedule.what_next", language,
                         assign=say("main.example.shift_assign", language),
                         unassign=say("main.example.shift_unassign", language),
                         swap=say("main.example.shift_swap", language)))
        await step.context.send_activity("\n".join(lines))
        return await self.finish(step)

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


def _searched(days: list[date], language: str) -> str:
    """ "on Mon 23 Nov", "between Mon 23 Nov and Sun 29 Nov", "on Fri 27 Nov and on Sun 29 Nov"
    for the days shown."""
    if len(days) > 1 and (days[-1] - days[0]).days == len(days) - 1:
        return say("window.between_days", language, first=format_day(days[0], language),
                   last=format_day(days[-1], language))
    return format_list([say("window.on_day", language, day=format_on_day(day, language))
                        for day in days], language)
