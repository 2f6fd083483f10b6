"""Server-side candidate shifts for "assign bob on wed sales associate".

Every template of the person's store on that day, plus the store's open shifts that day, each
checked against the person's work rules. When a role is named, open shifts for other roles are
left out, and a template whose slot an open shift of that role already covers is offered as that
open shift (filling it beats creating a duplicate). Sorted by start, open shifts first on ties.
Pure: the backends gather the data and call `generate_candidates`.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from datetime import date, datetime, tzinfo

from core.person import Person
from core.shift import Shift
from core.shift_candidate import ShiftCandidate, template_day_id
from core.shift_template import ShiftTemplate
from core.work_rules import WorkRules, describe, same_role


def generate_candidates(
    *,
    person: Person,
    rules: WorkRules,
    day: date,
    role: str | None,
    tz: tzinfo,
    templates: Iterable[ShiftTemplate],
    open_shifts: Iterable[Shift],
    their_shifts: Sequence[Shift],
    now: datetime,
) -> list[ShiftCandidate]:
    """The candidates for `person` on local `day` (see the module docstring).

    open_shifts: the store's open shifts (those not starting on `day` are ignored).
    their_shifts: the person's assigned shifts in and around the week of `day`.
    """
    wanted_role = (role or "").strip()
    offered_open = [
        s for s in open_shifts
        if s.is_open and s.store_id == person.store_id
        and s.starts_at.astimezone(tz).date() == day
        and (not wanted_role or same_role(s.role, wanted_role))
    ]
    candidates = [
        _candidate(person, rules, s.id, s.template_id, s.label, s.role, s.starts_at, s.ends_at,
                   tz, their_shifts, now)
        for s in offered_open
    ]
    for template in templates:
        if template.store_id != person.store_id:
            continue
        starts_at, ends_at = template.occurrence(day, tz)
        covered = wanted_role and any(
            s.starts_at == starts_at and s.ends_at == ends_at for s in offered_open
        )
        if covered:
            continue
        candidates.append(_candidate(
            person, rules, template_day_id(template.id, day), template.id, template.name,
            wanted_role, starts_at, ends_at, tz, their_shifts, now,
        ))
    candidates.sort(key=lambda c: (c.starts_at, not c.is_open_shift, c.label))
    return candidates


def assess_candidate(
    *,
    person: Person,
    rules: WorkRules,
    candidate: ShiftCandidate,
    role: str,
    tz: tzinfo,
    their_shifts: Sequence[Shift],
    now: datetime,
) -> ShiftCandidate:
    """The same candidate re-checked against current data, in `role`."""
    return _candidate(person, rules, candidate.shift_id, candidate.template_id, candidate.label,
                      role, candidate.starts_at, candidate.ends_at, tz, their_shifts, now)


def _candidate(
    person: Person,
    rules: WorkRules,
    shift_id: str,
    template_id: str | None,
    label: str,
    role: str,
    starts_at: datetime,
    ends_at: datetime,
    tz: tzinfo,
    their_shifts: Sequence[Shift],
    now: datetime,
) -> ShiftCandidate:
    findings = rules.check(
        person=person, role=role, starts_at=starts_at, ends_at=ends_at, tz=tz, now=now,
        other_shifts=[s for s in their_shifts if s.id != shift_id],
    )
    return ShiftCandidate(
        shift_id=shift_id,
        template_id=template_id,
        label=label,
        role=role,
        starts_at=starts_at,
        ends_at=ends_at,
        reasons=tuple(f.problem for f in findings),
        reason=describe(findings),
        fit_details=tuple(f.to_details() for f in findings),
    )
