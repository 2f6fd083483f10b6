"""ShiftCandidate: template-day ids, fits ⇔ no problems, the offered option, dict round trip."""

from __future__ import annotations

from datetime import UTC, date, datetime
from zoneinfo import ZoneInfo

import pytest

from core.choice_option import TimeOfDay
from core.shift_candidate import (
    FitProblem,
    ShiftCandidate,
    parse_template_day_id,
    template_day_id,
)

START = datetime(2026, 11, 25, 15, tzinfo=UTC)
END = datetime(2026, 11, 25, 20, tzinfo=UTC)


def candidate(**changes: object) -> ShiftCandidate:
    values: dict[str, object] = dict(
        shift_id="tpl:riverside-afternoon:2026-11-25", template_id="riverside-afternoon",
        label="Afternoon", role="sales associate", starts_at=START, ends_at=END,
    )
    values.update(changes)
    return ShiftCandidate(**values)  # type: ignore[arg-type]


def test_template_day_ids_round_trip() -> None:
    shift_id = template_day_id("riverside:odd", date(2026, 11, 25))

    assert shift_id == "tpl:riverside:odd:2026-11-25"
    assert parse_template_day_id(shift_id) == ("riverside:odd", date(2026, 11, 25))


@pytest.mark.parametrize("shift_id", ["shift-1", "OPNSHFT_abc", "tpl:x:notadate", "tpl::2026"])
def test_other_ids_are_not_template_days(shift_id: str) -> None:
    assert parse_template_day_id(shift_id) is None


def test_fits_exactly_when_there_are_no_problems() -> None:
    fitting = candidate()
    failing = candidate(reasons=(FitProblem.OVER_WEEKLY_HOURS,), reason="too many hours")

    assert fitting.fits and not fitting.is_open_shift
    assert not failing.fits
    with pytest.raises(ValueError):
        candidate(reasons=(FitProblem.OVERLAP,))
    with pytest.raises(ValueError):
        candidate(reason="a reason without a problem")


def test_as_choice_gives_the_interpreter_what_it_matches_on() -> None:
    failing = candidate(reasons=(FitProblem.OVERLAP,), reason="it overlaps ...")

    option = failing.as_choice(1, ZoneInfo("Europe/London"))

    assert (option.option_id, option.index, option.label, option.value) == (
        "opt_2", 1, "Afternoon (15:00-20:00)", failing.shift_id)
    assert (option.start, option.end, option.time_of_day) == ("15:00", "20:00",
                                                             TimeOfDay.AFTERNOON)
    assert (option.duration_hours, option.fits, option.reason) == (5.0, False, "it overlaps ...")


def test_dict_round_trip_keeps_problems() -> None:
    c = candidate(shift_id="OPNSHFT_1", reasons=(FitProblem.NOT_QUALIFIED, FitProblem.OVERLAP),
                  reason="x; y")

    data = c.to_dict()

    assert data["fits"] is False and data["duration_hours"] == 5.0
    assert data["reasons"] == ["not_qualified", "overlap"]
    assert ShiftCandidate.from_dict(data) == c and c.is_open_shift
