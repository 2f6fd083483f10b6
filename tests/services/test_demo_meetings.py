"""The demo meetings: booked on the next matching weekday, once, outside everyone's busy time."""

from __future__ import annotations

from datetime import UTC, date, datetime, timedelta
from zoneinfo import ZoneInfo

from core.time_window import TimeWindow
from services.demo_meetings import DEMO_MEETINGS, seed_demo_meetings
from services.demo_organisation import PEOPLE
from services.local_calendar_service import LocalCalendarService
from services.org_database import OrgDatabase
from tests.conftest import FIXED_NOW

LONDON = ZoneInfo("Europe/London")
BOB = "bob.smith@contoso.example"


async def test_the_meetings_are_booked_in_the_coming_week_once(org_db: OrgDatabase) -> None:
    events = await seed_demo_meetings(org_db, FIXED_NOW.date(), LONDON)
    assert [(e.subject, e.starts_at) for e in events] == [
        ("1:1 check-in", datetime(2026, 11, 26, 10, 0, tzinfo=UTC)),
        ("Rota review", datetime(2026, 11, 27, 11, 0, tzinfo=UTC)),
        ("Catch-up", datetime(2026, 11, 25, 12, 0, tzinfo=UTC)),
    ]
    assert await seed_demo_meetings(org_db, FIXED_NOW.date(), LONDON) == events
    calendar = LocalCalendarService(org_db)
    week = TimeWindow(FIXED_NOW, FIXED_NOW + timedelta(days=7))
    [checkin] = await calendar.find_events(attendee_email=BOB, window=week)
    assert checkin.organizer_email == "maria.lopez@contoso.example"


async def test_on_the_meeting_day_itself_the_next_week_is_booked(org_db: OrgDatabase) -> None:
    events = await seed_demo_meetings(org_db, date(2026, 11, 26), LONDON)
    assert events[0].starts_at == datetime(2026, 12, 3, 10, 0, tzinfo=UTC)


async def test_no_demo_meeting_clashes_with_the_seeded_busy_time(org_db: OrgDatabase) -> None:
    calendar = LocalCalendarService(org_db)
    week = TimeWindow(FIXED_NOW, FIXED_NOW + timedelta(days=7))
    before = await calendar.free_busy(
        [e for m in DEMO_MEETINGS for e in _emails(m.organizer_id, m.attendee_id)], week)
    for event in await seed_demo_meetings(org_db, FIXED_NOW.date(), LONDON):
        for email in (event.organizer_email, *event.attendee_emails):
            assert not any(i.overlaps(event.starts_at, event.ends_at) for i in before[email])


def _emails(*person_ids: str) -> list[str]:
    return [p.email for p in PEOPLE if p.id in person_ids]
