"""A shift worker says they will be late ("I'll be 20 minutes late tomorrow", "stuck in traffic").

ERA finds the shift the lateness is about: on the day named, else the one in progress or the next
one starting before the end of tomorrow (store time), as the answer when there is none says. None
is said plainly, and nobody is told. Otherwise ERA asks whether to tell the worker's manager,
naming the manager and the shift and quoting the worker's words; on yes the manager gets them by
email and in chat, in the manager's language, once (the action ledger, keyed by the flow's request
id), and the effect is audited. No tells nobody.
More words instead of a yes ("the bus is stuck", "unos 20 min", "Stau auf der A3") are added to the
words passed on, and the question is asked again with them; a corrected delay ("no, 30 min",
"actually 45 minutes", "nein, eher 30 Minuten"; a delay alone where the words name one) replaces
the one in the words instead.
"""

from __future__ import annotations

import logging
import uuid
from datetime import datetime, time, timedelta
from typing import Any
from zoneinfo import ZoneInfo

from botbuilder.dialogs import DialogTurnResult, WaterfallStepContext

from core.intent import Intent
from core.person import Person, PersonRole
from core.question_id import QuestionId
from core.shift import Shift
from core.time_window import TimeWindow
from core.turn_memory import TurnMemory
from dialogs.era_turn import EraTurn
from dialogs.flow_services import FlowServices
from dialogs.manager_request_dialog import MAX_WORDS, ManagerRequestDialog
from dialogs.shift_options import describe_windows, shift_option, shifts_in_windows
from language import phrase
from language.catalogue import say
from language.delay_correction import corrected_delay
from language.phrase import Sayable

logger = logging.getLogger(__name__)

# With no day named: the shift in progress, or the next one starting before the end of the
# store's day this many days on (1: tomorrow).
LOOK_AHEAD_DAYS = 1
_NEXT_SHIFT_HORIZON = timedelta(days=14)  # said when none is found, to show the day meant
# No shift lasts longer than this: a shift in progress started less than this long ago.
LONGEST_SHIFT = timedelta(hours=24)
_ARRIVAL = timedelta(hours=1)  # a time this close and this short is when they arrive
_CONFIRM_LATE = str(QuestionId.CONFIRM_LATE)


class RunningLateDialog(ManagerRequestDialog):
    """Find the shift the worker will be late for, ask, then tell their manager once."""

    asks_anything_else = True
    intent = Intent.RUNNING_LATE
    allowed_roles = frozenset({PersonRole.EMPLOYEE})
    denied_text = "flow.running_late.denied"
    messages = "running_late"
    ledger_kind = "running-late"
    confirm_question = _CONFIRM_LATE
    audit_action = "shift.running_late"

    def __init__(self, *, services: FlowServices) -> None:
        super().__init__([self._find_step, self._confirm_step], services=services)

    async def _find_step(self, step: WaterfallStepContext) -> DialogTurnResult:
        turn = EraTurn.of(step.context)
        worker = turn.person
        language = turn.language
        options = step.options or {}
        if "reask" in options:
            return await self.reask(step)
        text = str(options.get("text", "")).strip()
        tz = await self.store_zone(worker)
        windows = [
            # "asap", "in 10 minutes", "at 3:20" say when the worker arrives, not which shift.
            window for window in await self.services.time_parser.parse(
                self._when(turn, text), now=turn.now, locale=turn.locale)
            if window.end - window.start > _ARRIVAL or abs(window.start - turn.now) > _ARRIVAL
        ]
        shift = await self._shift_late_for(worker, windows, turn.now, tz)
        if shift is None:
            lines = [say("running_late.none_in", language,
                         searched=describe_windows(windows, tz, language))
                     if windows else say("running_late.none_soon", language)]
            # "late tomorrow" with no shift tomorrow: the next one shows which day they meant.
            upcoming = await shifts_in_windows(self.services.shifts, worker.id, [],
                                               now=turn.now, horizon=_NEXT_SHIFT_HORIZON)
            if upcoming:
                label = shift_option(upcoming[0], 0, tz, language).label
                lines.append(say("my_shifts.next", language, shift=label))
            await step.context.send_activity("\n".join(lines))
            return await self.finish(step)
        manager = await self.services.directory.get(worker.manager_id or "")
        if manager is None:
            await step.context.send_activity(say("running_late.no_manager", language))
            return await self.finish(step)
        memory = (await self.new_memory(step.context)).with_data(
            shift=shift.to_dict(), manager_id=manager.id, words=self._words(step, text),
            request_id=uuid.uuid4().hex,
        )
        return await self.ask_to_pass_on(step, memory)

    async def phrase_fields(self, memory: TurnMemory, worker: Person) -> dict[str, Sayable]:
        """The shift the worker will be late for, in any language."""
        shift = Shift.from_dict(memory.data["shift"])
        zone = await self.store_zone(worker)
        return {"shift": phrase.shift_label(shift.label, shift.starts_at, shift.ends_at,
                                            zone.key)}

    def corrected_words(self, memory: TurnMemory, text: str, locale: str | None) -> str | None:
        """The delay in the words corrected ("no, 30 min", "actually 45 minutes", "non, plutôt
        30 min"): the manager is told the one delay the worker means."""
        return corrected_delay(str(memory.data["words"]), text, self.confirm_question, locale)

    def audit_subject(self, memory: TurnMemory, worker: Person) -> str:
        """The shift the worker will be late for."""
        return str(memory.data["shift"]["id"])

    def finish_result(self, memory: TurnMemory) -> dict[str, Any]:
        """The shift the manager was told about."""
        return {"shift_id": memory.data["shift"]["id"]}

    @staticmethod
    def _when(turn: EraTurn, text: str) -> str:
        """The request without the words that say the worker will be late, and with the day
        it names: "llegaré tarde" is not "this afternoon", "20 minutes" no time of day."""
        match = turn.understood(text).match
        if match.intent is not Intent.RUNNING_LATE or "lateness" not in match.slots:
            return text
        rest = text.replace(match.slots["lateness"], " ")
        day = match.slots.get("day", "")
        return f"{rest} {day}".strip() if day not in rest else rest.strip()

    @staticmethod
    def _words(step: WaterfallStepContext, text: str) -> str:
        """What the worker wrote, as they wrote it (the router passes the words with typos
        corrected, for reading; the manager gets the message itself)."""
        typed = (step.context.activity.text or "").strip()
        said = typed if typed and EraTurn.of(step.context).understood(typed).intent is (
            Intent.RUNNING_LATE) else text
        return said[:MAX_WORDS]

    async def _shift_late_for(
        self, worker: Person, windows: list[TimeWindow], now: datetime, tz: ZoneInfo
    ) -> Shift | None:
        """The first of the worker's shifts not over yet: on the days named, else in progress
        or starting today or tomorrow in the store's time ("I can't find a shift of yours today
        or tomorrow" is said when there is none; at 14:00 on Sunday a shift at 15:00 on Monday
        was not searched, and that answer was followed by "Your next shift: Mon ... 15:00")."""
        last_day = now.astimezone(tz).date() + timedelta(days=LOOK_AHEAD_DAYS + 1)
        ends = datetime.combine(last_day, time.min, tzinfo=tz)
        searched = windows or [TimeWindow(now - LONGEST_SHIFT, ends, "soon")]
        found: list[Shift] = []
        for window in searched:
            found += await self.services.shifts.shifts_between(
                worker.id, start=window.start, end=window.end)
        live = [s for s in found if s.ends_at > now and s.person_id == worker.id]
        return min(live, key=lambda s: s.starts_at, default=None)
