"""WorkRules.check: each fit problem, its wording, and the week boundaries."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from zoneinfo import ZoneInfo

import pytest

from core.person import Person, PersonRole
from core.shift import Shift
from core.shift_candidate import FitProblem
from core.work_rules import WorkRules, describe, is_qualified

LONDON = ZoneInfo("Europe/London")
NOW = datetime(2026, 11, 22, 10, tzinfo=UTC)
BOB = Person("bob", "Bob Smith", "bob@contoso.example", PersonRole.EMPLOYEE, "store",
             job_roles=("Sales Associate", "cashier"))
WED_AFTERNOON = (datetime(2026, 11, 25, 15, tzinfo=UTC), datetime(2026, 11, 25, 20, tzinfo=UTC))


def worked(day: int, start_h: int, hours: int) -> Shift:
    start = datetime(2026, 11, 23, start_h, tzinfo=UTC) + timedelta(days=day)
    return Shift(f"s{day}-{start_h}", "store", "bob", "cashier", start,
                 start + timedelta(hours=hours), label="Shift")


def check(
    rules: WorkRules, *, role: str = "cashier",
    times: tuple[datetime, datetime] = WED_AFTERNOON, others: list[Shift] | None = None,
    now: datetime = NOW,
) -> list[FitProblem]:
    findings = rules.check(person=BOB, role=role, starts_at=times[0], ends_at=times[1],
                           tz=LONDON, now=now, other_shifts=others or [])
    return [f.problem for f in findings]


def test_a_free_qualified_person_fits() -> None:
    assert check(WorkRules()) == []


@pytest.mark.parametrize(("role", "qualified"), [
    ("cashier", True), ("sales associate", True), ("  SALES   associate ", True),
    ("stock clerk", False), ("", True),
])
def test_qualification_ignores_case_and_spacing(role: str, qualified: bool) -> None:
    assert (FitProblem.NOT_QUALIFIED not in check(WorkRules(), role=role)) is qualified
    if role:
        assert is_qualified(BOB, role) is qualified


def test_unavailable_weekday_is_in_the_store_time_zone() -> None:
    tokyo_tuesday_night = (datetime(2026, 11, 24, 16, tzinfo=UTC),
                           datetime(2026, 11, 24, 18, tzinfo=UTC))
    rules = WorkRules(unavailable_weekdays=frozenset({2}))
    findings = rules.check(person=BOB, role="cashier", starts_at=tokyo_tuesday_night[0],
                           ends_at=tokyo_tuesday_night[1], tz=ZoneInfo("Asia/Tokyo"), now=NOW,
                           other_shifts=[])

    assert [f.problem for f in findings] == [FitProblem.UNAVAILABLE_DAY]
    assert findings[0].text == "Bob Smith is not available on Wednesdays"
    assert check(rules, times=tokyo_tuesday_night) == [], "still Tuesday in London"


def test_overlap_names_the_clashing_shift() -> None:
    rules = WorkRules()
    clash = worked(2, 14, 2)
    findings = rules.check(person=BOB, role="cashier", starts_at=WED_AFTERNOON[0],
                           ends_at=WED_AFTERNOON[1], tz=LONDON, now=NOW, other_shifts=[clash])

    assert [f.problem for f in findings] == [FitProblem.OVERLAP]
    assert findings[0].text == "it overlaps Bob Smith's shift Wed 25 Nov, Shift 14:00-16:00"
    assert check(rules, others=[worked(2, 9, 6)]) == [], "ending at 15:00 touches, no overlap"


def test_weekly_hours_count_monday_to_sunday_and_the_limit_itself_fits() -> None:
    rules = WorkRules(weekly_hour_limit=20)
    week = [worked(0, 9, 5), worked(1, 9, 5), worked(3, 9, 5)]  # 15 h Mon, Tue, Thu
    last_week = [worked(-1, 9, 8)]  # Sunday 22 Nov belongs to the week before

    assert check(rules, others=week + last_week) == []  # 15 + 5 = 20: exactly the limit
    over = rules.check(person=BOB, role="cashier", starts_at=WED_AFTERNOON[0],
                       ends_at=WED_AFTERNOON[1] + timedelta(hours=1), tz=LONDON, now=NOW,
                       other_shifts=week)
    assert [f.problem for f in over] == [FitProblem.OVER_WEEKLY_HOURS]
    assert over[0].text == ("it would bring Bob Smith to 21 h in the week of Mon 23 Nov "
                            "(limit 20 h)")


def test_already_started_and_several_problems_in_order() -> None:
    rules = WorkRules(weekly_hour_limit=1, unavailable_weekdays=frozenset({2}))
    findings = rules.check(person=BOB, role="stock clerk", starts_at=WED_AFTERNOON[0],
                           ends_at=WED_AFTERNOON[1], tz=LONDON,
                           now=WED_AFTERNOON[0] + timedelta(minutes=5),
                           other_shifts=[worked(2, 16, 1)])

    assert [f.problem for f in findings] == [
        FitProblem.ALREADY_STARTED, FitProblem.NOT_QUALIFIED, FitProblem.UNAVAILABLE_DAY,
        FitProblem.OVERLAP, FitProblem.OVER_WEEKLY_HOURS]
    assert describe(findings).startswith("it has already started; Bob Smith is not qualified")


def test_open_shifts_among_the_others_are_ignored() -> None:
    open_shift = Shift("o", "store", None, "cashier", *WED_AFTERNOON, status="open")  # type: ignore[arg-type]

    assert check(WorkRules(weekly_hour_limit=5), others=[open_shift]) == []


def test_rules_validate_themselves() -> None:
    with pytest.raises(ValueError):
        WorkRules(weekly_hour_limit=-1)
    with pytest.raises(ValueError):
        WorkRules(unavailable_weekdays=frozenset({7}))
