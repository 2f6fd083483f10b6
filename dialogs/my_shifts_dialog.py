"""A shift worker asks for their upcoming shifts ("what are my shifts this week?").

The list shown is remembered (in the person's own state, for as long as turn memory lives), so
that "cancel the 2nd one", "annule le deuxième" or "die zweite stornieren" said next means the
second shift of that list: `listed_shift_ids` gives it to the cancel flow, once.
"""

from __future__ import annotations

from datetime import datetime, timedelta

from botbuilder.dialogs import DialogTurnResult, WaterfallStepContext

from core.intent import Intent
from core.person import PersonRole
from core.turn_memory import TURN_MEMORY_TTL
from dialogs.era_turn import EraTurn
from dialogs.flow_dialog import FlowDialog
from dialogs.flow_services import FlowServices
from dialogs.shift_options import describe_windows, shift_option, shifts_in_windows
from language.catalogue import say
from state.person_state import current_person_state

LOOK_AHEAD = timedelta(days=14)
# The person-state flag holding the last list of shifts shown: {"at": ISO time, "ids": [...]}.
LISTED_SHIFTS = "listed_shifts"


def listed_shift_ids(now: datetime) -> list[str]:
    """The ids of the shifts the worker was last shown, in the order shown, when that was
    within turn memory's lifetime; [] otherwise. The list is forgotten once read."""
    state = current_person_state()
    listed = state.flags.pop(LISTED_SHIFTS, None) if state is not None else None
    if not isinstance(listed, dict):
        return []
    try:
        recent = now - datetime.fromisoformat(str(listed.get("at"))) <= TURN_MEMORY_TTL
    except ValueError:
        return []
    ids = listed.get("ids")
    return [str(i) for i in ids] if recent and isinstance(ids, list) else []


class MyShiftsDialog(FlowDialog):
    """Lists the worker's upcoming shifts, for the days they named or the next two weeks."""

    intent = Intent.MY_SHIFTS
    allowed_roles = frozenset({PersonRole.EMPLOYEE})
    denied_text = "flow.my_shifts.denied"

    def __init__(self, *, services: FlowServices) -> None:
        super().__init__([self._list_step], services=services)

    async def _list_step(self, step: WaterfallStepContext) -> DialogTurnResult:
        turn = EraTurn.of(step.context)
        tz = await self.store_zone(turn.person)
        text = str((step.options or {}).get("text", ""))
        windows = await self.services.time_parser.parse(text, now=turn.now, locale=turn.locale)
        found = await shifts_in_windows(
            self.services.shifts, turn.person.id, windows, now=turn.now, horizon=LOOK_AHEAD
        )
        language = turn.language
        if not found:
            await step.context.send_activity(
                say("my_shifts.none_in", language, searched=describe_windows(windows, tz, language))
                if windows else say("my_shifts.none_soon", language)
            )
        else:
            lines = [
                say("my_shifts.list_in", language, count=len(found),
                    searched=describe_windows(windows, tz, language))
                if windows else say("my_shifts.list_soon", language, count=len(found))
            ]
            lines += [f"- {shift_option(s, i, tz, language).label}" for i, s in enumerate(found)]
            lines.append(say("my_shifts.how_to_cancel", language))
            await step.context.send_activity("\n".join(lines))
            state = current_person_state()
            if state is not None:
                state.flags[LISTED_SHIFTS] = {
                    "at": turn.now.isoformat(), "ids": [s.id for s in found]
                }
        return await self.finish(step)
