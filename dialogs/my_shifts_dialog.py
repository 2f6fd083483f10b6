"""A shift worker asks for their upcoming shifts ("what are my shifts this week?")."""

from __future__ import annotations

from datetime import timedelta
from zoneinfo import ZoneInfo

from botbuilder.dialogs import DialogTurnResult, WaterfallStepContext

from core.intent import Intent
from core.person import PersonRole
from dialogs.era_turn import EraTurn
from dialogs.flow_dialog import FlowDialog
from dialogs.flow_services import FlowServices
from dialogs.shift_options import describe_windows, shift_option, shifts_in_windows

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
        store = await self.services.directory.get_store(turn.person.store_id)
        tz = ZoneInfo(store.timezone if store else "UTC")
        text = str((step.options or {}).get("text", ""))
        windows = await self.services.time_parser.parse(text, now=turn.now, locale=turn.locale)
        found = await shifts_in_windows(
            self.services.shifts, turn.person.id, windows, now=turn.now, horizon=LOOK_AHEAD
        )
        searched = describe_windows(windows, tz) if windows else "in the next two weeks"
        if not found:
            await step.context.send_activity(f"You have no shifts {searched}.")
        else:
            lines = [f"Your shifts {searched}:"]
            lines += [f"- {shift_option(s, i, tz).label}" for i, s in enumerate(found)]
            lines.append('To cancel one, say for example "cancel my shift on Friday".')
            await step.context.send_activity("\n".join(lines))
        return await self.finish(step)
