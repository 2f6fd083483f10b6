"""on_the_same_hours: a new whole day takes the hours asked for before."""

from __future__ import annotations

from datetime import datetime
from zoneinfo import ZoneInfo

import pytest

from core.time_window import TimeWindow, on_the_same_hours

_TZ = ZoneInfo("Europe/Paris")


def _at(day: int, hour: int, end_day: int | None = None, end_hour: int = 0) -> TimeWindow:
    return TimeWindow(datetime(2026, 11, day, hour, tzinfo=_TZ),
                      datetime(2026, 11, end_day or day, end_hour, tzinfo=_TZ))


@pytest.mark.parametrize(("new", "before", "expected"), [
    ([_at(26, 0, 27)], [_at(27, 12, 27, 17)], [_at(26, 12, 26, 17)]),  # afternoon kept
    ([_at(26, 0, 27)], [_at(27, 17, 28, 0)], [_at(26, 17, 27, 0)]),  # up to midnight
    ([_at(26, 8, 26, 12)], [_at(27, 12, 27, 17)], [_at(26, 8, 26, 12)]),  # own hours win
    ([_at(26, 0, 27)], [_at(27, 0, 28)], [_at(26, 0, 27)]),  # before was a whole day
    ([_at(26, 0, 27)], [], [_at(26, 0, 27)]),  # nothing asked before
    ([_at(23, 0, 30)], [_at(27, 12, 27, 17)], [_at(23, 0, 30)]),  # a week is no day
    ([_at(26, 0, 27)], [_at(27, 12, 27, 17), _at(28, 8, 28, 12)], [_at(26, 0, 27)]),
])
def test_on_the_same_hours(
    new: list[TimeWindow], before: list[TimeWindow], expected: list[TimeWindow]
) -> None:
    assert on_the_same_hours(new, before, _TZ) == expected
