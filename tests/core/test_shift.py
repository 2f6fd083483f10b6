"""Shift: validation, duration, labels in the store's time zone, and the turn-memory round trip."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta, timezone
from zoneinfo import ZoneInfo

import pytest

from core.shift import Shift, ShiftStatus

START = datetime(2026, 11, 25, 9, tzinfo=UTC)


def shift(**changes: object) -> Shift:
    values: dict[str, object] = dict(
        id="s1", store_id="store", person_id="bob", role="cashier", starts_at=START,
        ends_at=START + timedelta(hours=6), template_id="morning", label="Morning",
    )
    values.update(changes)
    return Shift(**values)  # type: ignore[arg-type]


@pytest.mark.parametrize(("zone", "expected"), [
    ("Europe/London", "Wed 25 Nov, Morning 09:00-15:00"),
    ("Europe/Paris", "Wed 25 Nov, Morning 10:00-16:00"),
    ("Asia/Tokyo", "Wed 25 Nov, Morning 18:00-00:00"),
    ("America/Los_Angeles", "Wed 25 Nov, Morning 01:00-07:00"),
])
def test_local_label_is_in_the_given_time_zone(zone: str, expected: str) -> None:
    assert shift().local_label(ZoneInfo(zone)) == expected


def test_label_without_a_name_shows_only_day_and_hours() -> None:
    assert shift(label="").local_label(UTC) == "Wed 25 Nov, 09:00-15:00"


def test_times_are_normalised_to_utc_and_duration_is_in_hours() -> None:
    paris = timezone(timedelta(hours=1))
    s = shift(starts_at=datetime(2026, 11, 25, 10, tzinfo=paris),
              ends_at=datetime(2026, 11, 25, 14, 30, tzinfo=paris))

    assert s.starts_at == START and s.starts_at.tzinfo is UTC
    assert s.duration_hours == 4.5


@pytest.mark.parametrize(("changes", "message"), [
    ({"starts_at": datetime(2026, 11, 25, 9)}, "timezone-aware"),
    ({"ends_at": START}, "ends at or before"),
    ({"person_id": None}, "open shift"),
    ({"status": ShiftStatus.OPEN}, "open shift"),
    ({"id": ""}, "needs an id"),
])
def test_inconsistent_shifts_are_refused(changes: dict[str, object], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        shift(**changes)


def test_open_shift_has_no_person() -> None:
    s = shift(person_id=None, status="open")

    assert s.is_open and s.status is ShiftStatus.OPEN


@pytest.mark.parametrize(("now_offset", "started"), [(-1, False), (0, True), (60, True)])
def test_has_started(now_offset: int, started: bool) -> None:
    assert shift().has_started(START + timedelta(minutes=now_offset)) is started


@pytest.mark.parametrize(("start_h", "end_h", "overlaps"), [
    (6, 9, False), (15, 18, False), (8, 10, True), (14, 16, True), (10, 11, True),
])
def test_overlaps_is_half_open(start_h: int, end_h: int, overlaps: bool) -> None:
    day = START.replace(hour=0)
    assert shift().overlaps(day + timedelta(hours=start_h),
                            day + timedelta(hours=end_h)) is overlaps


def test_dict_round_trip() -> None:
    for s in (shift(), shift(person_id=None, status=ShiftStatus.OPEN, template_id=None)):
        assert Shift.from_dict(s.to_dict()) == s
