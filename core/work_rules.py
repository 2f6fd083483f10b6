"""A person's working rules and the check of whether a shift fits them.

The rules are the weekly hour limit and the weekdays they never work. `WorkRules.check` also
looks at qualification (the person's job roles), overlap with their other shifts, and whether the
shift has already started. Weeks run Monday to Sunday in the store's time zone. Pure: the caller
passes the person's other shifts around that week.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from datetime import datetime, timedelta, tzinfo
from typing import Any

from core.person import Person
from core.shift import Shift
from core.shift_candidate import FitProblem

_WEEKDAY_NAMES = ("Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday")
_MONTHS = ("Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec")
# Float sums of shift lengths: a total equal to the limit must not count as over it.
_HOURS_TOLERANCE = 1e-6


@dataclass(frozen=True)
class FitFinding:
    """One problem with a shift for a person, how to say it in English (logs, audit), and its
    facts for saying it in any language (`details`, JSON-ready: names, local ISO times)."""

    problem: FitProblem
    text: str
    details: dict[str, Any] = field(default_factory=dict)

    def to_details(self) -> dict[str, Any]:
        """The problem and its facts, as turn memory keeps them."""
        return {"problem": str(self.problem), **self.details}


@dataclass(frozen=True)
class WorkRules:
    """weekly_hour_limit: most hours a week; unavailable_weekdays: 0=Monday ... 6=Sunday."""

    weekly_hour_limit: float = 40.0
    unavailable_weekdays: frozenset[int] = field(default_factory=frozenset)

    def __post_init__(self) -> None:
        if self.weekly_hour_limit < 0:
            raise ValueError("weekly_hour_limit must be >= 0")
        days = frozenset(self.unavailable_weekdays)
        if any(day not in range(7) for day in days):
            raise ValueError(f"weekdays are 0-6, got {sorted(days)}")
        object.__setattr__(self, "unavailable_weekdays", days)

    def check(
        self,
        *,
        person: Person,
        role: str,
        starts_at: datetime,
        ends_at: datetime,
        tz: tzinfo,
        now: datetime,
        other_shifts: Iterable[Shift],
    ) -> list[FitFinding]:
        """The problems with `person` working [starts_at, ends_at) in `role` (empty: it fits).

        other_shifts: the person's other assigned shifts in and around that week (the shift being
        checked, or one they would hand over in a swap, must not be among them). An empty role
        skips the qualification check.
        """
        findings: list[FitFinding] = []
        if starts_at <= now:
            findings.append(FitFinding(FitProblem.ALREADY_STARTED, "it has already started"))
        if role and not is_qualified(person, role):
            findings.append(FitFinding(
                FitProblem.NOT_QUALIFIED, f"{person.name} is not qualified as {role}",
                {"name": person.name, "role": role},
            ))
        local_start = starts_at.astimezone(tz)
        if local_start.weekday() in self.unavailable_weekdays:
            findings.append(FitFinding(
                FitProblem.UNAVAILABLE_DAY,
                f"{person.name} is not available on {_WEEKDAY_NAMES[local_start.weekday()]}s",
                {"name": person.name, "weekday": local_start.weekday()},
            ))
        others = [s for s in other_shifts if not s.is_open]
        clashes = sorted((s for s in others if s.overlaps(starts_at, ends_at)),
                         key=lambda s: s.starts_at)
        if clashes:
            labels = " and ".join(s.local_label(tz) for s in clashes)
            findings.append(FitFinding(
                FitProblem.OVERLAP, f"it overlaps {person.name}'s shift {labels}",
                {"name": person.name, "shifts": [
                    {"label": s.label, "starts_at": s.starts_at.astimezone(tz).isoformat(),
                     "ends_at": s.ends_at.astimezone(tz).isoformat()} for s in clashes
                ]},
            ))
        monday = local_start.date() - timedelta(days=local_start.weekday())
        week_hours = sum(
            s.duration_hours for s in others
            if 0 <= (s.starts_at.astimezone(tz).date() - monday).days < 7
        )
        total = week_hours + (ends_at - starts_at).total_seconds() / 3600
        if total > self.weekly_hour_limit + _HOURS_TOLERANCE:
            findings.append(FitFinding(
                FitProblem.OVER_WEEKLY_HOURS,
                f"it would bring {person.name} to {total:g} h in the week of Mon {monday.day} "
                f"{_MONTHS[monday.month - 1]} (limit {self.weekly_hour_limit:g} h)",
                {"name": person.name, "total": total, "week": monday.isoformat(),
                 "limit": self.weekly_hour_limit},
            ))
        return findings


def same_role(a: str, b: str) -> bool:
    """Whether two role names are the same role (case and spacing do not matter)."""
    return " ".join(a.casefold().split()) == " ".join(b.casefold().split())


def is_qualified(person: Person, role: str) -> bool:
    """Whether the person's job roles include `role`."""
    return any(same_role(r, role) for r in person.job_roles)


def describe(findings: Iterable[FitFinding]) -> str:
    """The findings as one sentence fragment list: "it overlaps ...; it would bring ..."."""
    return "; ".join(f.text for f in findings)
