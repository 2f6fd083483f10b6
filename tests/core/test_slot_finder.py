"""find_free_slots: working hours, workdays, the step grid, everyone's busy time, now, limits,
time zones and a daylight-saving change. Times in the cases are London wall-clock times."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import UTC, datetime, time, timedelta
from zoneinfo import ZoneInfo

import pytest

from core.slot_finder import OFFICE_HOURS, find_free_slots
from core.time_window import TimeWindow
from core.working_hours import WorkingHours

LONDON = ZoneInfo("Europe/London")
NEW_YORK = ZoneInfo("America/New_York")
# Monday 23 November 2026; the week runs to Sunday 29.
DAYS = {"Mon": 23, "Tue": 24, "Wed": 25, "Thu": 26, "Fri": 27, "Sat": 28, "Sun": 29}


def at(text: str, tz: ZoneInfo = LONDON) -> datetime:
    """'Tue 14:00' in November 2026, local to `tz`."""
    day, clock = text.split()
    hours, minutes = (int(part) for part in clock.split(":"))
    return datetime(2026, 11, DAYS[day], hours, minutes, tzinfo=tz)


def span(start: str, end: str) -> tuple[datetime, datetime]:
    return at(start), at(end)


def starts(slots: list[TimeWindow], tz: ZoneInfo = LONDON) -> list[str]:
    return [slot.start.astimezone(tz).strftime("%a %H:%M") for slot in slots]


ALL_MONDAY = [f"Mon {h:02d}:{m:02d}" for h in range(9, 17) for m in (0, 30)] + ["Mon 17:00"]


@dataclass(frozen=True)
class Case:
    name: str
    window: tuple[str, str]
    expected: list[str]
    busy: dict[str, list[tuple[datetime, datetime]]] = field(default_factory=dict)
    duration: int = 30
    step: int = 30
    now: str | None = None
    limit: int | None = None
    per_day: int | None = None
    hours: WorkingHours = OFFICE_HOURS
    workdays: frozenset[int] = frozenset(range(5))


CASES = [
    Case("a free day offers every half hour from 09:00 until the last that ends by 17:30",
         ("Mon 00:00", "Tue 00:00"), ALL_MONDAY),
    Case("one person's busy afternoon is not offered",
         ("Mon 00:00", "Tue 00:00"),
         [s for s in ALL_MONDAY if s not in {"Mon 14:00", "Mon 14:30", "Mon 15:00", "Mon 15:30"}],
         busy={"maria": [span("Mon 14:00", "Mon 16:00")]}),
    Case("everyone must be free: two people's busy times both count",
         ("Mon 09:00", "Mon 12:00"), ["Mon 09:30", "Mon 11:30"],
         busy={"maria": [span("Mon 09:00", "Mon 09:30")],
               "bob": [span("Mon 10:00", "Mon 11:30")]}),
    Case("an hour's call needs the whole hour free, so it cannot start half an hour before",
         ("Mon 12:00", "Mon 16:30"), ["Mon 12:00", "Mon 12:30", "Mon 13:00", "Mon 15:30"],
         busy={"maria": [span("Mon 14:00", "Mon 15:30")]}, duration=60),
    Case("busy time that ends when a slot starts does not block it",
         ("Mon 09:00", "Mon 11:00"), ["Mon 10:00", "Mon 10:30"],
         busy={"maria": [span("Mon 08:00", "Mon 10:00")]}),
    Case("nothing in the past: the next slot on the grid after now",
         ("Mon 00:00", "Mon 12:00"), ["Mon 10:30", "Mon 11:00", "Mon 11:30"], now="Mon 10:07"),
    Case("a slot starting exactly now is still offered",
         ("Mon 00:00", "Mon 10:00"), ["Mon 09:00", "Mon 09:30"], now="Mon 09:00"),
    Case("the window's own edges bound the slots",
         ("Mon 11:00", "Mon 12:15"), ["Mon 11:00", "Mon 11:30"]),
    Case("the weekend has no working hours",
         ("Sat 00:00", "Sun 23:00"), []),
    Case("a Saturday is offered when it is a workday",
         ("Sat 09:00", "Sat 10:00"), ["Sat 09:00", "Sat 09:30"], workdays=frozenset({5})),
    Case("working hours that start off the grid start at the next grid time",
         ("Mon 00:00", "Mon 11:00"), ["Mon 09:30", "Mon 10:00", "Mon 10:30"],
         hours=WorkingHours(time(9, 15), time(11, 0))),
    Case("a quarter-hour step offers quarter hours",
         ("Mon 09:00", "Mon 10:00"), ["Mon 09:00", "Mon 09:15", "Mon 09:30"], step=15),
    Case("the limit keeps the earliest slots",
         ("Mon 00:00", "Sat 00:00"), ["Mon 09:00", "Mon 09:30", "Mon 10:00"], limit=3),
    Case("per_day spreads the offer over the days",
         ("Mon 00:00", "Thu 00:00"),
         ["Mon 09:00", "Mon 09:30", "Tue 09:00", "Tue 09:30", "Wed 09:00", "Wed 09:30"],
         per_day=2),
    Case("per_day and limit together stop at the limit",
         ("Mon 00:00", "Sat 00:00"), ["Mon 09:00", "Tue 09:00", "Wed 09:00"],
         per_day=1, limit=3),
    Case("a fully busy day is skipped and the next day offered",
         ("Mon 00:00", "Wed 00:00"), ["Tue 09:00", "Tue 09:30"],
         busy={"bob": [span("Mon 06:00", "Mon 20:00")]}, limit=2),
    Case("a limit of zero offers nothing", ("Mon 00:00", "Tue 00:00"), [], limit=0),
]


@pytest.mark.parametrize("case", CASES, ids=[case.name for case in CASES])
def test_free_slots(case: Case) -> None:
    slots = find_free_slots(
        case.busy, TimeWindow(*span(*case.window)), duration=timedelta(minutes=case.duration),
        tz=LONDON, working_hours=case.hours, workdays=case.workdays,
        step=timedelta(minutes=case.step), now=at(case.now) if case.now else None,
        limit=case.limit, per_day=case.per_day,
    )
    assert starts(slots) == case.expected
    for slot in slots:
        assert slot.start.tzinfo is UTC
        assert slot.end - slot.start == timedelta(minutes=case.duration)


def test_working_hours_are_read_in_the_stores_time_zone() -> None:
    window = TimeWindow(at("Mon 00:00", NEW_YORK), at("Tue 00:00", NEW_YORK))
    slots = find_free_slots({}, window, duration=timedelta(hours=1), tz=NEW_YORK, limit=1)
    assert slots[0].start == datetime(2026, 11, 23, 14, 0, tzinfo=UTC)  # 09:00 EST


def test_busy_times_in_other_offsets_are_compared_as_instants() -> None:
    paris = ZoneInfo("Europe/Paris")
    busy = {"maria": [(datetime(2026, 11, 23, 10, 0, tzinfo=paris),
                       datetime(2026, 11, 23, 11, 0, tzinfo=paris))]}  # 09:00-10:00 London
    slots = find_free_slots(busy, TimeWindow(*span("Mon 09:00", "Mon 11:00")),
                            duration=timedelta(minutes=30), tz=LONDON)
    assert starts(slots) == ["Mon 10:00", "Mon 10:30"]


def test_the_grid_follows_the_clock_across_the_end_of_summer_time() -> None:
    # London leaves summer time on Sunday 25 October 2026: 09:00 is 08:00 UTC on Friday the
    # 23rd and 09:00 UTC on Monday the 26th.
    window = TimeWindow(datetime(2026, 10, 23, tzinfo=UTC), datetime(2026, 10, 27, tzinfo=UTC))
    slots = find_free_slots({}, window, duration=timedelta(minutes=30), tz=LONDON, per_day=1)
    assert [slot.start for slot in slots] == [
        datetime(2026, 10, 23, 8, 0, tzinfo=UTC), datetime(2026, 10, 26, 9, 0, tzinfo=UTC)]


def test_now_after_the_window_offers_nothing() -> None:
    window = TimeWindow(*span("Mon 00:00", "Tue 00:00"))
    assert find_free_slots({}, window, duration=timedelta(minutes=30), tz=LONDON,
                           now=at("Wed 09:00")) == []


@pytest.mark.parametrize("kwargs", [
    {"duration": timedelta(0)},
    {"step": timedelta(minutes=7)},
    {"step": timedelta(seconds=90)},
    {"per_day": 0},
    {"limit": -1},
    {"now": datetime(2026, 11, 23, 9, 0)},
], ids=["zero duration", "step not dividing a day", "step not whole minutes", "per_day 0",
        "negative limit", "naive now"])
def test_unusable_arguments_are_refused(kwargs: dict[str, object]) -> None:
    arguments: dict[str, object] = {"duration": timedelta(minutes=30), **kwargs}
    with pytest.raises(ValueError):
        find_free_slots({}, TimeWindow(*span("Mon 00:00", "Tue 00:00")), tz=LONDON,
                        **arguments)  # type: ignore[arg-type]


@pytest.mark.parametrize(("text", "expected"), [
    ("09:00-17:30", WorkingHours(time(9), time(17, 30))),
    (" 08:15 - 12:00 ", WorkingHours(time(8, 15), time(12))),
])
def test_working_hours_parse(text: str, expected: WorkingHours) -> None:
    assert WorkingHours.parse(text) == expected


@pytest.mark.parametrize("text", ["17:30-09:00", "09:00", "nine-five"])
def test_working_hours_refuse_nonsense(text: str) -> None:
    with pytest.raises(ValueError):
        WorkingHours.parse(text)
