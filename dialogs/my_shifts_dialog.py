"""A shift worker asks for their upcoming shifts ("what are my shifts this week?"), how many
hours they add up to ("how many hours do I have this week?": the total, then the shifts), their
next shift alone ("when is my next shift?", then "and after that?" the one after), or who works
with them ("who works with me on Friday?": the colleagues whose shifts overlap theirs that day,
and nothing else of the store's schedule).

The list shown is remembered (dialogs/shift_listing), so that "cancel the 2nd one", "annule le
deuxième" or "cancel the one on Friday" said next means a shift of that list.
"""

from __future__ import annotations

from datetime import timedelta, tzinfo

from botbuilder.dialogs import (
    DialogContext,
    DialogTurnResult,
    DialogTurnStatus,
    WaterfallStepContext,
)

from core.intent import Intent
from core.person import Person, PersonRole
from core.shift import Shift
from core.time_window import TimeWindow
from dialogs.era_turn import EraTurn
from dialogs.flow_dialog import FlowDialog, FlowOutcome, flow_result
from dialogs.flow_services import FlowServices
from dialogs.last_question import remember_question, steps_later
from dialogs.request_routing import ALONGSIDE
from dialogs.shift_listing import remember_listing
from dialogs.shift_options import (
    describe_windows,
    shift_option,
    shifts_in_windows,
    shifts_under_way,
)
from language.catalogue import say
from language.formatting import format_hours, format_time_range
from language.schedule_terms import schedule_term

LOOK_AHEAD = timedelta(days=14)


class MyShiftsDialog(FlowDialog):
    """Lists the worker's upcoming shifts, for the days they named or the next two weeks."""

    intent = Intent.MY_SHIFTS
    allowed_roles = frozenset({PersonRole.EMPLOYEE})
    denied_text = "flow.my_shifts.denied"

    def __init__(self, *, services: FlowServices) -> None:
        super().__init__([self._list_step], services=services)

    async def on_begin_dialog(self, inner_dc: DialogContext, options: object) -> DialogTurnResult:
        """A manager, who has no shifts of her own, asking for the shifts of a day ("明日のシフト
        を見せて", "pokaż zmiany na jutro") gets the store's schedule of that day, not the
        refusal that tells her how to ask for it."""
        turn = EraTurn.of(inner_dc.context)
        text = str(options.get("text") or "") if isinstance(options, dict) else ""
        manager = turn.person.role is PersonRole.MANAGER
        if manager and text and await self.services.time_parser.parse(
                text, now=turn.now, locale=turn.locale):
            return DialogTurnResult(DialogTurnStatus.Complete, flow_result(
                FlowOutcome.ROUTE, text=text, routed_as=str(Intent.STORE_SCHEDULE)))
        return await super().on_begin_dialog(inner_dc, options)

    async def _list_step(self, step: WaterfallStepContext) -> DialogTurnResult:
        turn = EraTurn.of(step.context)
        tz = await self.store_zone(turn.person)
        options = step.options or {}
        text = str(options.get("text", ""))
        later = int(options.get("later") or 0)
        slots = turn.understood(text).slots
        # "mon prochain shift": "prochain" is no day ("next Monday") when it says the shift.
        days = text.replace(slots["next"], " ") if "next" in slots else text
        windows = await self.services.time_parser.parse(days, now=turn.now, locale=turn.locale,
                                                        ranges=True)
        if "next" not in slots:
            windows = steps_later(windows, later)
        found = await shifts_in_windows(
            self.services.shifts, turn.person.id, windows, now=turn.now, horizon=LOOK_AHEAD
        )
        # A shift under way is in the list (marked so), not for "when is my next shift?".
        under_way = [] if "next" in slots else await shifts_under_way(
            self.services.shifts, turn.person.id, windows, now=turn.now)
        found = under_way + [shift for shift in found if shift not in under_way]
        language = turn.language
        # "who is working tomorrow?" from a worker: the part of the store's schedule that is
        # theirs to see, their shift with who works beside them.
        if "with_me" in slots or (options.get(ALONGSIDE) and windows):
            lines = await self._alongside(found, windows, turn.person, tz, language)
        elif "next" in slots and not windows:
            # "when is my next shift?": that one alone; "and after that?" the one after.
            lines = [self._next(found, later, tz, language)]
            found = found[later:later + 1]
        elif not found and windows:
            # None on the days asked ("this week" on a Saturday): the next one is what helps.
            lines = [say("my_shifts.none_in", language,
                         searched=describe_windows(windows, tz, language))]
            found = (await shifts_in_windows(self.services.shifts, turn.person.id, [],
                                             now=turn.now, horizon=LOOK_AHEAD))[:1]
            lines += [self._next(found, 0, tz, language)] if found else []
        elif not found:
            lines = [say("my_shifts.none_soon", language)]
        else:
            searched = describe_windows(windows, tz, language)
            if "hours" in slots:
                # "how many hours do I have this week?": the total, then the shifts it adds up.
                hours = format_hours(sum(s.duration_hours for s in found), language)
                intro = (say("my_shifts.hours_in", language, hours=hours, searched=searched)
                         if windows else say("my_shifts.hours_soon", language, hours=hours))
            else:
                intro = (say("my_shifts.list_in", language, count=len(found), searched=searched)
                         if windows else say("my_shifts.list_soon", language, count=len(found)))
            lines = [intro]
            lines += [f"- {self._listed(s, i, s in under_way, tz, language)}"
                      for i, s in enumerate(found)]
            lines.append(say("my_shifts.how_to_cancel", language))
        await step.context.send_activity("\n".join(lines))
        remember_listing(found, turn.now)
        steps = bool(windows) or ("next" in slots and "with_me" not in slots)
        remember_question(self.intent, text, turn.now, later=later if steps else None)
        return await self.finish(step)

    @staticmethod
    def _listed(shift: Shift, index: int, now_on: bool, tz: tzinfo, language: str) -> str:
        """A shift as the list reads it; one under way says so."""
        label = shift_option(shift, index, tz, language).label
        return say("my_shifts.under_way", language, shift=label) if now_on else label

    @staticmethod
    def _next(found: list[Shift], later: int, tz: tzinfo, language: str) -> str:
        """The next shift (`later` 0), or the one `later` shifts after it."""
        if later >= len(found):
            return say("my_shifts.no_more" if later else "my_shifts.none_soon", language)
        label = shift_option(found[later], later, tz, language).label
        return say("my_shifts.after" if later else "my_shifts.next", language, shift=label)

    async def _alongside(
        self, found: list[Shift], windows: list[TimeWindow], person: Person, tz: tzinfo,
        language: str,
    ) -> list[str]:
        """Each of the worker's shifts on the days asked (the next one when no day is named),
        with the colleagues whose shifts overlap it: their names and times."""
        mine = found if windows else found[:1]
        if not mine:
            return [say("my_shifts.none_in", language,
                        searched=describe_windows(windows, tz, language))
                    if windows else say("my_shifts.none_soon", language)]
        lines: list[str] = []
        for index, own in enumerate(mine):
            day = own.starts_at.astimezone(tz).date()
            store = await self.services.shifts.shifts_on(own.store_id, day, tz)
            beside = [s for s in store if s.person_id not in (None, person.id)
                      and s.overlaps(own.starts_at, own.ends_at)]
            label = shift_option(own, index, tz, language).label
            if not beside:
                lines.append(say("my_shifts.with_nobody", language, shift=label))
                continue
            lines.append(say("my_shifts.with_intro", language, shift=label))
            for shift in sorted(beside, key=lambda s: (s.starts_at, s.role)):
                colleague = await self.services.directory.get(str(shift.person_id))
                lines.append(say(
                    "my_shifts.with_colleague", language,
                    name=colleague.name if colleague else say("store_schedule.someone", language),
                    hours=format_time_range(shift.starts_at.astimezone(tz),
                                            shift.ends_at.astimezone(tz)),
                    role=schedule_term(shift.role, language)))
        return lines
