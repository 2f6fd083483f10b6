"""A meeting's organiser takes people off it ("take chen off the rota review", "remove chen from
friday's meeting", "enlève chen de la réunion de vendredi", "nimm chen aus dem meeting am
freitag raus").

The adding flow (dialogs/meeting_invite_dialog.py) with the other change: the people named are
found among everyone ERA knows (an attendee may be from another store), a first name several
people share is narrowed to those in the person's upcoming meetings before "which Bob?" is
asked, and the people named choose the meeting too (it must have them in it). Someone named who
is not in the meeting found is said so; only the organiser, before the meeting starts, can take
anyone off. The preview ("Remove Chen Wei from Fri 4 Dec, 11:00-11:30: Rota review? I'll let
Chen know it's cancelled for them.") waits for a clear yes; then they are taken off once through
the action ledger, audited, and the calendar sends only them a cancellation, in their language.
A backend failure is said honestly, with nothing changed.
"""

from __future__ import annotations

from dataclasses import replace

from botbuilder.dialogs import WaterfallStepContext

from core.calendar_event import CalendarEvent
from core.errors import BackendError
from core.intent import Intent
from core.person import Person
from core.time_window import TimeWindow
from dialogs.era_turn import EraTurn
from dialogs.meeting_flow_dialog import LOOKUP_AHEAD
from dialogs.meeting_invite_dialog import MeetingInviteDialog

UNINVITE_LEDGER = "meeting-uninvite"


class MeetingUninviteDialog(MeetingInviteDialog):
    """Who, which meeting (one they are in), preview, take off once."""

    intent = Intent.MEETING_UNINVITE
    meeting_question = "meeting_uninvite.which"
    messages = "meeting_uninvite"
    people_what = "uninvite"
    ledger = UNINVITE_LEDGER
    audited_action = "calendar.remove_attendees"
    named_people_choose = True
    unchanged_message = "meeting_uninvite.not_in"
    confirm_button = "meeting_uninvite.remove"

    async def people_to_invite(self, step: WaterfallStepContext) -> list[Person]:
        """Whom the person may name: anyone ERA knows but themselves (people from another
        store can be in their meeting)."""
        person = EraTurn.of(step.context).person
        return [p for p in await self.services.directory.list_people() if p.id != person.id]

    async def narrowed(
        self, step: WaterfallStepContext, groups: list[list[Person]]
    ) -> list[list[Person]]:
        """A name several people share, kept to those in the person's upcoming meetings ("take
        bob off the check-in": Bob Smith, the one Bob in any); all of them when none or the
        calendar cannot be read (then "which Bob?" is asked)."""
        if all(len(group) == 1 for group in groups):
            return groups
        turn = EraTurn.of(step.context)
        try:
            events = await self.services.calendar.find_events(
                attendee_email=turn.person.email,
                window=TimeWindow(turn.now, turn.now + LOOKUP_AHEAD))
        except BackendError:
            return groups  # the lookup that follows says the calendar could not be read
        attending = {a for e in events for a in e.attendee_emails}
        return [[p for p in group if p.email.lower() in attending] or group
                for group in groups]

    @staticmethod
    def changing(
        event: CalendarEvent, people: list[Person]
    ) -> tuple[list[Person], list[Person]]:
        """The people to take off (those invited to the meeting), and the others."""
        return ([p for p in people if p.email.lower() in event.attendee_emails],
                [p for p in people if p.email.lower() not in event.attendee_emails])

    @staticmethod
    def shown(event: CalendarEvent, emails: list[str]) -> CalendarEvent:
        """The meeting without the people being taken off ("Remove Chen Wei from Fri 4 Dec,
        11:00-11:30: Rota review with Alice Martin?", not "... with Alice Martin, Chen Wei")."""
        gone = set(emails)
        return replace(event, attendee_emails=tuple(
            a for a in event.attendee_emails if a not in gone))

    async def change(
        self, event: CalendarEvent, organizer: str, emails: list[str], request_id: str
    ) -> CalendarEvent:
        """Take the people off in the calendar, which sends them a cancellation."""
        return await self.services.calendar.remove_attendees(
            event_id=event.id, organizer_email=organizer, attendee_emails=emails,
            request_id=request_id)
