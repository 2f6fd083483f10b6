"""Meetings in the local calendar for trying the cancel and reschedule flows with the demo data.

`seed_demo_meetings` books a few one-to-one meetings in the days after `today` through the local
calendar. Each has a request id made of its key and date, so seeding again (as `make run` does
on every start) books nothing twice, and a later week gets its own upcoming meetings. Times are
local to the organisation and avoid the people's seeded busy time and shifts.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from datetime import date, datetime, time, timedelta, tzinfo

from core.calendar_event import CalendarEvent
from services.demo_organisation import FRI, PEOPLE, THU, WED
from services.local_calendar_service import LocalCalendarService
from services.org_database import OrgDatabase

logger = logging.getLogger(__name__)


@dataclass(frozen=True)
class DemoMeeting:
    """A recurring demo meeting: who, which weekday, when, and what about."""

    key: str
    organizer_id: str
    attendee_id: str
    weekday: int
    start: time
    minutes: int
    subject: str
    body: str


DEMO_MEETINGS = (
    DemoMeeting("maria-bob-checkin", "maria", "bob-smith", THU, time(10, 0), 30,
                "1:1 check-in", "Monthly one-to-one: how the new rota is working out."),
    DemoMeeting("maria-alice-rota", "maria", "alice", FRI, time(11, 0), 30,
                "Rota review", "Going through next month's weekend cover."),
    DemoMeeting("daniel-emma-catchup", "daniel", "emma", WED, time(12, 0), 30,
                "Catch-up", "Quick catch-up after the stock count."),
)


async def seed_demo_meetings(db: OrgDatabase, today: date, tz: tzinfo) -> list[CalendarEvent]:
    """Book each demo meeting on its next weekday after `today` (once); returns the events."""
    calendar = LocalCalendarService(db, tz=tz)
    emails = {person.id: person.email for person in PEOPLE}
    events = []
    for meeting in DEMO_MEETINGS:
        day = today + timedelta(days=(meeting.weekday - today.weekday() - 1) % 7 + 1)
        starts_at = datetime.combine(day, meeting.start, tzinfo=tz)
        events.append(await calendar.create_event(
            organizer_email=emails[meeting.organizer_id],
            attendee_emails=(emails[meeting.attendee_id],), subject=meeting.subject,
            body=meeting.body, starts_at=starts_at,
            ends_at=starts_at + timedelta(minutes=meeting.minutes),
            request_id=f"demo-meeting:{meeting.key}:{day.isoformat()}",
        ))
    logger.info("demo meetings ready: %d in the coming week", len(events))
    return events
