"""A shift a manager could give someone, generated server-side, with whether it fits and why not.

A candidate is either an existing open shift (its id) or a new shift from a store template on a
day, written as the composite id "tpl:<template_id>:<YYYY-MM-DD>". `fits` is true exactly when
there are no problems; `reason` says the problems in words a manager reads.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, date, datetime, tzinfo
from enum import StrEnum
from typing import Any

from core.choice_option import ChoiceOption
from core.shift import format_shift_label

_TEMPLATE_PREFIX = "tpl:"


class FitProblem(StrEnum):
    """Why a candidate does not fit the person."""

    ALREADY_STARTED = "already_started"
    NOT_QUALIFIED = "not_qualified"
    UNAVAILABLE_DAY = "unavailable_day"
    OVERLAP = "overlap"
    OVER_WEEKLY_HOURS = "over_weekly_hours"


def template_day_id(template_id: str, day: date) -> str:
    """The candidate id of a new shift from a template on a day: "tpl:<template_id>:<date>"."""
    return f"{_TEMPLATE_PREFIX}{template_id}:{day.isoformat()}"


def parse_template_day_id(shift_id: str) -> tuple[str, date] | None:
    """(template id, day) of a "tpl:..." candidate id; None for an existing shift's id."""
    if not shift_id.startswith(_TEMPLATE_PREFIX):
        return None
    template_id, _, day = shift_id[len(_TEMPLATE_PREFIX):].rpartition(":")
    if not template_id:
        return None
    try:
        return template_id, date.fromisoformat(day)
    except ValueError:
        return None


@dataclass(frozen=True)
class ShiftCandidate:
    """One candidate shift for a person.

    shift_id: an existing open shift's id, or a template-day id (see `template_day_id`).
    role: the role it would be worked in ("" when the manager has not said and it is a template).
    reasons: the problems, most decisive first; empty when it fits.
    reason: the problems in English words ("" when it fits).
    fit_details: each problem with its facts (see work_rules.FitFinding.to_details), for
        saying the reason in the manager's language.
    """

    shift_id: str
    template_id: str | None
    label: str
    role: str
    starts_at: datetime
    ends_at: datetime
    reasons: tuple[FitProblem, ...] = ()
    reason: str = ""
    fit_details: tuple[dict[str, Any], ...] = ()

    def __post_init__(self) -> None:
        if self.starts_at.tzinfo is None or self.ends_at.tzinfo is None:
            raise ValueError("candidate times must be timezone-aware")
        if self.ends_at <= self.starts_at:
            raise ValueError(f"candidate {self.shift_id} ends at or before it starts")
        object.__setattr__(self, "starts_at", self.starts_at.astimezone(UTC))
        object.__setattr__(self, "ends_at", self.ends_at.astimezone(UTC))
        object.__setattr__(self, "reasons", tuple(FitProblem(r) for r in self.reasons))
        if bool(self.reasons) != bool(self.reason):
            raise ValueError("a candidate has a reason exactly when it has problems")

    @property
    def fits(self) -> bool:
        """Whether the person can take it."""
        return not self.reasons

    @property
    def duration_hours(self) -> float:
        """Length in hours."""
        return (self.ends_at - self.starts_at).total_seconds() / 3600

    @property
    def is_open_shift(self) -> bool:
        """Whether it is an existing open shift (not a new one from a template)."""
        return parse_template_day_id(self.shift_id) is None

    def local_label(self, tz: tzinfo) -> str:
        """"Wed 25 Nov, Morning 09:00-15:00" in the store's time zone."""
        return format_shift_label(self.label, self.starts_at, self.ends_at, tz)

    def as_choice(self, index: int, tz: tzinfo) -> ChoiceOption:
        """The option offered to the manager: "opt_<index+1>", "Morning (09:00-15:00)", ..."""
        start = self.starts_at.astimezone(tz)
        end = self.ends_at.astimezone(tz)
        hours = f"{start:%H:%M}-{end:%H:%M}"
        return ChoiceOption(
            option_id=f"opt_{index + 1}",
            index=index,
            label=f"{self.label} ({hours})" if self.label else hours,
            value=self.shift_id,
            start=f"{start:%H:%M}",
            end=f"{end:%H:%M}",
            duration_hours=self.duration_hours,
            fits=self.fits,
            reason=self.reason or None,
        )

    def to_dict(self) -> dict[str, Any]:
        """Plain JSON-ready form, for turn memory."""
        return {
            "shift_id": self.shift_id,
            "template_id": self.template_id,
            "label": self.label,
            "role": self.role,
            "starts_at": self.starts_at.isoformat(),
            "ends_at": self.ends_at.isoformat(),
            "duration_hours": self.duration_hours,
            "fits": self.fits,
            "reasons": [str(r) for r in self.reasons],
            "reason": self.reason,
            "fit_details": [dict(d) for d in self.fit_details],
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> ShiftCandidate:
        """Rebuild from `to_dict` output (derived fields are recomputed)."""
        return cls(
            shift_id=str(data["shift_id"]),
            template_id=data.get("template_id"),
            label=str(data.get("label", "")),
            role=str(data.get("role", "")),
            starts_at=datetime.fromisoformat(data["starts_at"]),
            ends_at=datetime.fromisoformat(data["ends_at"]),
            reasons=tuple(FitProblem(r) for r in data.get("reasons", ())),
            fit_details=tuple(dict(d) for d in data.get("fit_details", ())),
            reason=str(data.get("reason", "")),
        )
