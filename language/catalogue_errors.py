"""Errors said in the person's language: an EraError's code picks the catalogue message
"error.<code>", its data fills the placeholders (a shift in the data reads as a shift label in
the language)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from datetime import UTC, date, datetime, tzinfo
from typing import Any

from core.errors import EraError
from core.shift import Shift
from core.shift_candidate import ShiftCandidate
from language.catalogue import say
from language.formatting import (
    format_day,
    format_hours,
    format_list,
    format_shift_label,
    format_weekday,
)
from language.schedule_terms import schedule_term


def error_text(error: EraError, language: str | None) -> str:
    """What to tell the person about `error`."""
    tz = error.data.get("tz")
    params = {
        name: _value(value, tz, language) for name, value in error.data.items() if name != "tz"
    }
    if isinstance(error.data.get("reason"), tuple | list):
        params["reason"] = fit_reason(error.data["reason"], language)
    if "problems" in error.data:
        params["problems"] = " ".join(
            say("error.problem", language, name=problem["name"],
                shift=_value(problem["shift"], tz, language),
                reason=fit_reason(problem["reason"], language))
            for problem in error.data["problems"]
        )
    return say(f"error.{error.code}", language, **params)


def _value(value: Any, tz: tzinfo | None, language: str | None) -> Any:
    if isinstance(value, Shift | ShiftCandidate) and tz is not None:
        return format_shift_label(value.label, value.starts_at, value.ends_at, tz, language)
    return value


def fit_reason(details: Sequence[Mapping[str, Any]], language: str | None) -> str:
    """Why a shift does not fit someone, in the language: "it overlaps Bob Smith's shift
    Wed 25 Nov, Morning 09:00-15:00; it would bring ..." (see work_rules.FitFinding)."""
    return say("fit.separator", language).join(
        _one_fit_reason(detail, language) for detail in details
    )


def _one_fit_reason(detail: Mapping[str, Any], language: str | None) -> str:
    problem = str(detail.get("problem", ""))
    params: dict[str, Any] = {k: v for k, v in detail.items() if k != "problem"}
    if "weekday" in params:
        params["weekday"] = format_weekday(int(params["weekday"]), language)
    if "role" in params:
        params["role"] = schedule_term(str(params["role"]), language)
    if "shifts" in params:
        labels = []
        for shift in params["shifts"]:
            start = datetime.fromisoformat(shift["starts_at"])
            end = datetime.fromisoformat(shift["ends_at"])
            labels.append(format_shift_label(str(shift.get("label", "")), start, end,
                                             start.tzinfo or UTC, language))
        params["shifts"] = format_list(labels, language)
    if "week" in params:
        params["week"] = format_day(date.fromisoformat(str(params["week"])), language)
    for key in ("total", "limit"):
        if key in params:
            params[key] = format_hours(float(params[key]), language)
    return say(f"fit.{problem}", language, **params)
