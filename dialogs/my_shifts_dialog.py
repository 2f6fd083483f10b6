"""A shift worker asks for their upcoming shifts ("what are my shifts this week?"), or how many
hours they add up to ("how many hours do I have this week?": the total, then the shifts).

The list shown is remembered (dialogs/shift_listing), so that "cancel the 2nd one", "annule le
deuxième" or "cancel the one on Friday" said next means a shift of that list.
"""

from __future__ import annotations

from datetime import timedelta

from botbuilder.dialogs import DialogTurnResult, WaterfallStepContext

from core.intent import Intent
from core.person import PersonRole
from dialogs.era_turn import EraTurn
from dialogs.flow_dialog import FlowDialog
from dialogs.flow_services import FlowServices
from dialogs.last_question import remember_question
from dialogs.shift_listing import remember_listing
from dialogs.shift_options import describe_windows, shift_option, shifts_in_windows
from language.catalogue import say
from language.formatting import format_hours

LOOK_AHEAD = timedelta(days=14)


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
            searched = describe_windows(windows, tz, language)
            if "hours" in turn.understood(text).slots:
                # "how many hours do I have this week?": the total, then the shifts it adds up.
                hours = format_hours(sum(s.duration_hours for s in found), language)
                intro = (say("my_shifts.hours_in", language, hours=hours, searched=searched)
                         if windows else say("my_shifts.hours_soon", language, hours=hours))
            else:
                intro = (say("my_shifts.list_in", language, count=len(found), searched=searched)
                         if windows else say("my_shifts.list_soon", language, count=len(found)))
            lines = [intro]
            lines += [f"- {shift_option(s, i, tz, language).label}" for i, s in enumerate(found)]
            lines.append(say("my_shifts.how_to_cancel", language))
            await step.context.send_activity("\n".join(lines))
        remember_listing(found, turn.now)
        remember_question(self.intent, text, turn.now)
        return await self.finish(step)
