"""Someone asks which meetings they have ("what meetings do I have this week?", "quelles
réunions ai-je demain ?", "was steht in meinem Kalender?").

Their meetings in the days they named, or in the next seven days, each as the meeting flows
show it (when, what, with whom), and how to move or cancel one. Managers and shift workers
alike: it reads only their own calendar.
"""

from __future__ import annotations

import logging
from datetime import timedelta
from zoneinfo import ZoneInfo

from botbuilder.dialogs import DialogTurnResult, WaterfallStepContext

from core.calendar_event import CalendarEvent
from core.errors import BackendError
from core.intent import Intent
from core.time_window import TimeWindow
from dialogs.era_turn import EraTurn
from dialogs.flow_dialog import FlowDialog, FlowOutcome
from dialogs.flow_services import FlowServices
from dialogs.last_question import remember_question, steps_later
from dialogs.meeting_listing import remember_meetings
from dialogs.meeting_options import describe_search, directory_names, meeting_label
from language.catalogue import say

logger = logging.getLogger(__name__)

LOOK_AHEAD = timedelta(days=7)
MAX_LISTED = 15


class MyMeetingsDialog(FlowDialog):
    """Lists the person's meetings in the days named, or in the coming week."""

    intent = Intent.MY_MEETINGS

    def __init__(self, *, services: FlowServices) -> None:
        super().__init__([self._list_step], services=services)

    async def _list_step(self, step: WaterfallStepContext) -> DialogTurnResult:
        turn = EraTurn.of(step.context)
        language = turn.language
        tz = await self.store_zone(turn.person)
        text = str((step.options or {}).get("text", ""))
        later = int((step.options or {}).get("later") or 0)
        windows = steps_later(
            await self.services.time_parser.parse(text, now=turn.now, locale=turn.locale,
                                                  ranges=True), later)
        searched = windows or [TimeWindow(turn.now, turn.now + LOOK_AHEAD)]
        found: dict[str, CalendarEvent] = {}
        try:
            for window in searched:
                for event in await self.services.calendar.find_events(
                        attendee_email=turn.person.email, window=window):
                    # A meeting already over is not one they "have"; one under way still is.
                    if event.ends_at > turn.now:
                        found.setdefault(event.id, event)
        except BackendError:
            logger.warning("meeting lookup failed", exc_info=True)
            await step.context.send_activity(say("meeting.lookup_failed", language))
            return await self.finish(step, FlowOutcome.FAILED)
        events = sorted(found.values(), key=lambda e: e.starts_at)
        where = describe_search(windows, tz, language) if windows else ""
        remember_meetings([event.id for event in events[:MAX_LISTED]], turn.now)
        if not events:
            lines = [say("my_meetings.none_in", language, searched=where) if windows
                     else say("my_meetings.none_soon", language)]
            if windows:
                # None on the days asked ("this week" on a Sunday): the next one is what helps.
                lines += await self._next_meeting(turn, tz, language)
            await step.context.send_activity("\n".join(lines))
            remember_question(self.intent, text, turn.now, later=later if windows else None)
            return await self.finish(step)
        names = await directory_names(self.services.directory, (
            email for event in events for email in (event.organizer_email, *event.attendee_emails)))
        lines = [
            say("my_meetings.list_in", language, count=len(events), searched=where) if windows
            else say("my_meetings.list_soon", language, count=len(events))
        ]
        lines += [f"- {meeting_label(e, tz, names, turn.person.email, language)}"
                  for e in events[:MAX_LISTED]]
        if len(events) > MAX_LISTED:
            lines.append(say("my_meetings.more", language, count=len(events) - MAX_LISTED))
        lines.append(say("my_meetings.how_to_change", language))
        await step.context.send_activity("\n".join(lines))
        remember_question(self.intent, text, turn.now, later=later if windows else None)
        return await self.finish(step)

    async def _next_meeting(self, turn: EraTurn, tz: ZoneInfo, language: str) -> list[str]:
        """"Your next meeting: …" within the days ahead looked at, or nothing."""
        try:
            coming = await self.services.calendar.find_events(
                attendee_email=turn.person.email,
                window=TimeWindow(turn.now, turn.now + LOOK_AHEAD))
        except BackendError:
            logger.warning("next meeting lookup failed", exc_info=True)
            return []
        coming = sorted((e for e in coming if e.ends_at > turn.now), key=lambda e: e.starts_at)
        if not coming:
            return []
        names = await directory_names(self.services.directory, (
            coming[0].organizer_email, *coming[0].attendee_emails))
        return [say("my_meetings.next", language,
                    meeting=meeting_label(coming[0], tz, names, turn.person.email, language))]
