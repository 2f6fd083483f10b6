"""The seeded demo organisation: two stores, two managers, a dozen employees, shift templates,
last week's schedule, this week's and the next two weeks', clock-in records (time cards) for
the shifts before the day of seeding, and some busy calendar time.

Seeding is idempotent: people and templates are upserted, and each week's schedule is written
once (a week already seeded is left alone, so cancellations and assignments made while trying
ERA survive a restart). Dates are relative to the week of `today`, so the demo always has
upcoming shifts.
"""

from __future__ import annotations

import json
import logging
from dataclasses import dataclass
from datetime import UTC, date, datetime, time, timedelta
from zoneinfo import ZoneInfo

from services.org_database import OrgDatabase

logger = logging.getLogger(__name__)

RIVERSIDE = "store-riverside"
HILLSIDE = "store-hillside"

MON, TUE, WED, THU, FRI, SAT, SUN = range(7)


@dataclass(frozen=True)
class DemoPerson:
    """A seeded person and their working pattern."""

    id: str
    name: str
    role: str
    store_id: str
    manager_id: str | None
    job_roles: tuple[str, ...] = ()
    weekly_hour_limit: float = 40.0
    unavailable_weekdays: tuple[int, ...] = ()
    aad_object_id: str = ""
    preferred_language: str = "en-GB"

    @property
    def email(self) -> str:
        """first.last@contoso.example"""
        return self.name.lower().replace(" ", ".") + "@contoso.example"

    @property
    def channel_user_id(self) -> str:
        """The id the console client sends for this person."""
        return "demo-" + self.id


def _aad(number: int) -> str:
    return f"00000000-0000-4000-8000-{number:012d}"


STORES = (
    (RIVERSIDE, "Contoso Market Riverside", "Europe/London"),
    (HILLSIDE, "Contoso Market Hillside", "Europe/London"),
)

PEOPLE = (
    DemoPerson("maria", "Maria Lopez", "manager", RIVERSIDE, None, aad_object_id=_aad(1)),
    DemoPerson("daniel", "Daniel Okafor", "manager", HILLSIDE, None, aad_object_id=_aad(2)),
    DemoPerson("bob-smith", "Bob Smith", "employee", RIVERSIDE, "maria",
               ("sales associate", "cashier"), 32, (SUN,), _aad(11)),
    DemoPerson("bob-jones", "Bob Jones", "employee", RIVERSIDE, "maria",
               ("stock clerk", "sales associate"), 40, (SAT,), _aad(12)),
    DemoPerson("alice", "Alice Martin", "employee", RIVERSIDE, "maria",
               ("cashier", "sales associate"), 30, (), _aad(13)),
    DemoPerson("chen", "Chen Wei", "employee", RIVERSIDE, "maria",
               ("sales associate",), 20, (MON,), _aad(14), "zh-CN"),
    DemoPerson("fatima", "Fatima Khan", "employee", RIVERSIDE, "maria",
               ("cashier",), 24, (FRI,), _aad(15)),
    DemoPerson("luca", "Luca Rossi", "employee", RIVERSIDE, "maria",
               ("stock clerk",), 40, (), _aad(16), "it-IT"),
    DemoPerson("sophie", "Sophie Dubois", "employee", RIVERSIDE, "maria",
               ("supervisor", "sales associate"), 40, (), _aad(17), "fr-FR"),
    DemoPerson("yuki", "Yuki Tanaka", "employee", RIVERSIDE, "maria",
               ("cashier", "sales associate"), 16, (TUE, THU), _aad(18), "ja-JP"),
    DemoPerson("omar", "Omar Haddad", "employee", HILLSIDE, "daniel",
               ("cashier",), 30, (), _aad(21), "es-ES"),
    DemoPerson("emma", "Emma Schmidt", "employee", HILLSIDE, "daniel",
               ("sales associate",), 40, (SUN,), _aad(22), "de-DE"),
    DemoPerson("pedro", "Pedro Alves", "employee", HILLSIDE, "daniel",
               ("stock clerk",), 40, (), _aad(23), "pt-PT"),
    DemoPerson("ingrid", "Ingrid Larsen", "employee", HILLSIDE, "daniel",
               ("sales associate", "cashier"), 24, (), _aad(24), "nl-NL"),
)

# (template id, store, name, start, end); Riverside's match the design note's example.
TEMPLATES = (
    ("riverside-morning", RIVERSIDE, "Morning", "09:00", "15:00"),
    ("riverside-afternoon", RIVERSIDE, "Afternoon", "15:00", "20:00"),
    ("riverside-evening", RIVERSIDE, "Evening", "20:00", "23:00"),
    ("hillside-early", HILLSIDE, "Early", "07:00", "11:00"),
    ("hillside-late-morning", HILLSIDE, "Late morning", "10:00", "14:00"),
    ("hillside-evening", HILLSIDE, "Evening", "18:00", "22:00"),
)

# Weekly pattern: person -> [(weekday, template, role)]. Bob Smith works six days, so
# "cancel my shift tomorrow" finds one on most days and "one of my shifts" finds several.
PATTERNS: dict[str, tuple[tuple[int, str, str], ...]] = {
    "bob-smith": (
        (MON, "riverside-morning", "sales associate"),
        (TUE, "riverside-evening", "cashier"),
        (WED, "riverside-morning", "sales associate"),
        (THU, "riverside-evening", "cashier"),
        (FRI, "riverside-afternoon", "sales associate"),
        (SAT, "riverside-morning", "sales associate"),
    ),
    "bob-jones": (
        (MON, "riverside-afternoon", "stock clerk"),
        (TUE, "riverside-morning", "stock clerk"),
        (THU, "riverside-morning", "stock clerk"),
        (FRI, "riverside-morning", "stock clerk"),
    ),
    "alice": (
        (MON, "riverside-morning", "cashier"),
        (TUE, "riverside-afternoon", "cashier"),
        (WED, "riverside-afternoon", "cashier"),
        (SAT, "riverside-afternoon", "cashier"),
        (SUN, "riverside-morning", "cashier"),
    ),
    "chen": (
        (TUE, "riverside-morning", "sales associate"),
        (THU, "riverside-afternoon", "sales associate"),
        (SUN, "riverside-afternoon", "sales associate"),
    ),
    "fatima": (
        (MON, "riverside-evening", "cashier"),
        (WED, "riverside-evening", "cashier"),
        (SAT, "riverside-evening", "cashier"),
    ),
    "luca": (
        (WED, "riverside-morning", "stock clerk"),
        (FRI, "riverside-evening", "stock clerk"),
        (SUN, "riverside-evening", "stock clerk"),
    ),
    "sophie": (
        (MON, "riverside-afternoon", "supervisor"),
        (WED, "riverside-afternoon", "supervisor"),
        (FRI, "riverside-morning", "supervisor"),
        (SAT, "riverside-morning", "supervisor"),
    ),
    "yuki": (
        (FRI, "riverside-afternoon", "cashier"),
        (SAT, "riverside-evening", "cashier"),
    ),
    "omar": (
        (MON, "hillside-early", "cashier"),
        (WED, "hillside-early", "cashier"),
        (FRI, "hillside-late-morning", "cashier"),
    ),
    "emma": (
        (TUE, "hillside-late-morning", "sales associate"),
        (THU, "hillside-evening", "sales associate"),
        (SAT, "hillside-early", "sales associate"),
    ),
    "pedro": (
        (MON, "hillside-evening", "stock clerk"),
        (THU, "hillside-early", "stock clerk"),
    ),
    "ingrid": (
        (WED, "hillside-late-morning", "sales associate"),
        (FRI, "hillside-evening", "cashier"),
        (SUN, "hillside-early", "cashier"),
    ),
}

# Clock-in minutes after the shift's start, by person and weekday (others clock in 5 minutes
# early): Bob Smith's lateness is on record, for the advisor's written warning to list.
LATE_CLOCK_INS: dict[str, dict[int, int]] = {"bob-smith": {MON: 20, WED: 15, THU: 25}}
EARLY_MINUTES = 5

# Open shifts nobody holds yet: (weekday, template, role).
OPEN_SHIFTS: tuple[tuple[int, str, str], ...] = (
    (WED, "riverside-evening", "sales associate"),
    (THU, "riverside-afternoon", "cashier"),
    (SUN, "riverside-afternoon", "sales associate"),
    (TUE, "hillside-evening", "cashier"),
)

# Recurring busy calendar time: person -> [(weekday, start, end, subject)].
BUSY: dict[str, tuple[tuple[int, str, str, str], ...]] = {
    "maria": (
        (MON, "09:00", "10:00", "Store opening check"),
        (TUE, "14:00", "16:00", "Regional managers' call"),
        (WED, "09:00", "09:30", "Stand-up"),
        (THU, "11:00", "12:00", "Supplier meeting"),
        (FRI, "15:00", "16:00", "Weekly review"),
    ),
    "daniel": (
        (MON, "10:00", "11:00", "Stand-up"),
        (THU, "14:00", "15:00", "Regional managers' call"),
    ),
}


def week_start(day: date) -> date:
    """The Monday of the week a day falls in."""
    return day - timedelta(days=day.weekday())


def _utc(day: date, hhmm: str, zone: ZoneInfo) -> str:
    hours, minutes = (int(part) for part in hhmm.split(":"))
    local = datetime.combine(day, time(hours, minutes), tzinfo=zone)
    return local.astimezone(UTC).isoformat()


async def seed_demo(
    db: OrgDatabase, today: date, *, weeks: int = 3, past_weeks: int = 1
) -> int:
    """Upsert the demo people and templates and seed the schedule for `past_weeks` weeks
    before the week of `today` and `weeks` weeks from it, with time cards for the shifts of
    the days before `today`. Returns the number of weeks newly seeded."""
    statements: list[tuple[str, tuple[object, ...]]] = []
    for store_id, name, zone in STORES:
        statements.append((
            "INSERT INTO stores (id, name, timezone) VALUES (?, ?, ?) "
            "ON CONFLICT(id) DO UPDATE SET name=excluded.name, timezone=excluded.timezone",
            (store_id, name, zone),
        ))
    # Managers first: employees reference them.
    for person in sorted(PEOPLE, key=lambda p: p.role != "manager"):
        statements.append((
            "INSERT INTO people (id, name, email, role, store_id, manager_id, aad_object_id, "
            "channel_user_id, job_roles, weekly_hour_limit, unavailable_weekdays, "
            "preferred_language) "
            "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT(id) DO UPDATE SET "
            "name=excluded.name, email=excluded.email, role=excluded.role, "
            "store_id=excluded.store_id, manager_id=excluded.manager_id, "
            "aad_object_id=excluded.aad_object_id, channel_user_id=excluded.channel_user_id, "
            "job_roles=excluded.job_roles, weekly_hour_limit=excluded.weekly_hour_limit, "
            "unavailable_weekdays=excluded.unavailable_weekdays, "
            "preferred_language=excluded.preferred_language",
            (person.id, person.name, person.email, person.role, person.store_id,
             person.manager_id, person.aad_object_id, person.channel_user_id,
             json.dumps(list(person.job_roles)), person.weekly_hour_limit,
             json.dumps(list(person.unavailable_weekdays)), person.preferred_language),
        ))
    for template_id, store_id, name, start, end in TEMPLATES:
        statements.append((
            "INSERT INTO shift_templates (id, store_id, name, start_time, end_time) "
            "VALUES (?, ?, ?, ?, ?) ON CONFLICT(id) DO UPDATE SET name=excluded.name, "
            "start_time=excluded.start_time, end_time=excluded.end_time",
            (template_id, store_id, name, start, end),
        ))
    await db.execute_many(statements)

    seeded = 0
    now = datetime.now(UTC).isoformat()
    templates = {t[0]: t for t in TEMPLATES}
    zones = {store_id: ZoneInfo(zone) for store_id, _, zone in STORES}
    for offset in range(-past_weeks, weeks):
        monday = week_start(today) + timedelta(weeks=offset)
        for store_id, _, _ in STORES:
            done = await db.fetch_one(
                "SELECT 1 FROM seeded_weeks WHERE store_id = ? AND week_start = ?",
                (store_id, monday.isoformat()),
            )
            if done:
                continue
            week_statements = _week_statements(
                store_id, monday, templates, zones[store_id], now, today
            )
            week_statements.append((
                "INSERT INTO seeded_weeks (store_id, week_start) VALUES (?, ?)",
                (store_id, monday.isoformat()),
            ))
            await db.execute_many(week_statements)
            seeded += 1
    logger.info("demo organisation ready in %s (%d store-weeks newly seeded)", db.path, seeded)
    return seeded


def _week_statements(
    store_id: str,
    monday: date,
    templates: dict[str, tuple[str, str, str, str, str]],
    zone: ZoneInfo,
    now: str,
    today: date,
) -> list[tuple[str, tuple[object, ...]]]:
    statements: list[tuple[str, tuple[object, ...]]] = []
    people = {p.id: p for p in PEOPLE if p.store_id == store_id}
    rows = [
        (person_id, weekday, template_id, role)
        for person_id, pattern in PATTERNS.items() if person_id in people
        for weekday, template_id, role in pattern
    ]
    rows += [
        (None, weekday, template_id, role)
        for weekday, template_id, role in OPEN_SHIFTS if templates[template_id][1] == store_id
    ]
    for person_id, weekday, template_id, role in rows:
        _, _, _, start, end = templates[template_id]
        day = monday + timedelta(days=weekday)
        shift_id = f"shift-{day.isoformat()}-{template_id}-{person_id or 'open'}-{role}"
        shift_id = shift_id.replace(" ", "_")
        statements.append((
            "INSERT OR IGNORE INTO shifts (id, store_id, template_id, person_id, role, "
            "starts_at, ends_at, status, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
            (shift_id, store_id, template_id, person_id, role, _utc(day, start, zone),
             _utc(day, end, zone), "assigned" if person_id else "open", now),
        ))
        if person_id and day < today:
            late = LATE_CLOCK_INS.get(person_id, {}).get(weekday, -EARLY_MINUTES)
            clock_in = datetime.fromisoformat(_utc(day, start, zone)) + timedelta(minutes=late)
            statements.append((
                "INSERT OR IGNORE INTO time_cards (person_id, shift_id, clock_in) "
                "VALUES (?, ?, ?)",
                (person_id, shift_id, clock_in.isoformat(timespec="seconds")),
            ))
    for person_id, entries in BUSY.items():
        if person_id not in people:
            continue
        for weekday, start, end, subject in entries:
            day = monday + timedelta(days=weekday)
            statements.append((
                "INSERT OR IGNORE INTO busy_times (id, person_id, starts_at, ends_at, subject) "
                "VALUES (?, ?, ?, ?, ?)",
                (f"busy-{person_id}-{day.isoformat()}-{start}", person_id,
                 _utc(day, start, zone), _utc(day, end, zone), subject),
            ))
    return statements
