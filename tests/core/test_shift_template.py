"""ShiftTemplate: a template's shift on a local day, across DST and midnight."""

from __future__ import annotations

from datetime import UTC, date, datetime
from zoneinfo import ZoneInfo

import pytest

from core.shift_template import ShiftTemplate

LONDON = ZoneInfo("Europe/London")


def test_occurrence_in_winter_and_summer_time() -> None:
    morning = ShiftTemplate("m", "store", "Morning", "09:00", "15:00")

    assert morning.occurrence(date(2026, 11, 25), LONDON) == (
        datetime(2026, 11, 25, 9, tzinfo=UTC), datetime(2026, 11, 25, 15, tzinfo=UTC))
    assert morning.occurrence(date(2026, 7, 1), LONDON) == (
        datetime(2026, 7, 1, 8, tzinfo=UTC), datetime(2026, 7, 1, 14, tzinfo=UTC))


def test_a_night_template_ends_the_next_day() -> None:
    night = ShiftTemplate("n", "store", "Night", "22:00", "06:00")

    starts, ends = night.occurrence(date(2026, 11, 25), LONDON)

    assert (starts, ends) == (datetime(2026, 11, 25, 22, tzinfo=UTC),
                              datetime(2026, 11, 26, 6, tzinfo=UTC))
    assert night.matches(starts, ends, LONDON)


def test_matches_only_its_own_times() -> None:
    morning = ShiftTemplate("m", "store", "Morning", "09:00", "15:00")
    starts, ends = morning.occurrence(date(2026, 11, 25), LONDON)

    assert morning.matches(starts, ends, LONDON)
    assert not morning.matches(starts, ends.replace(hour=16), LONDON)


@pytest.mark.parametrize("bad", ["9:00", "24:00", "09:60", "nine"])
def test_times_must_be_hh_mm(bad: str) -> None:
    with pytest.raises(ValueError, match="HH:MM"):
        ShiftTemplate("t", "store", "T", bad, "10:00")
