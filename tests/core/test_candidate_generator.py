"""generate_candidates: templates plus the day's open shifts, role filtering, order, fit."""

from __future__ import annotations

from datetime import UTC, date, datetime
from zoneinfo import ZoneInfo

from core.candidate_generator import generate_candidates
from core.person import Person, PersonRole
from core.shift import Shift, ShiftStatus
from core.shift_candidate import FitProblem, ShiftCandidate
from core.shift_template import ShiftTemplate
from core.work_rules import WorkRules

LONDON = ZoneInfo("Europe/London")
NOW = datetime(2026, 11, 22, 10, tzinfo=UTC)
WED = date(2026, 11, 25)
ALICE = Person("alice", "Alice Martin", "alice@contoso.example", PersonRole.EMPLOYEE, "river",
               job_roles=("cashier",))
TEMPLATES = [
    ShiftTemplate("evening", "river", "Evening", "20:00", "23:00"),
    ShiftTemplate("morning", "river", "Morning", "09:00", "15:00"),
    ShiftTemplate("hill", "hill", "Early", "07:00", "11:00"),
]


def open_shift(shift_id: str, role: str, day: date = WED, store: str = "river") -> Shift:
    start = datetime(day.year, day.month, day.day, 20, tzinfo=UTC)
    end = datetime(day.year, day.month, day.day, 23, tzinfo=UTC)
    return Shift(shift_id, store, None, role, start, end, template_id="evening",
                 label="Evening", status=ShiftStatus.OPEN)


def generate(role: str | None, open_shifts: list[Shift]) -> list[ShiftCandidate]:
    return generate_candidates(person=ALICE, rules=WorkRules(), day=WED, role=role, tz=LONDON,
                               templates=TEMPLATES, open_shifts=open_shifts, their_shifts=[],
                               now=NOW)


def test_store_templates_sorted_by_start_with_template_day_ids() -> None:
    candidates = generate("cashier", [])

    assert [(c.label, c.shift_id) for c in candidates] == [
        ("Morning", "tpl:morning:2026-11-25"), ("Evening", "tpl:evening:2026-11-25")]
    assert all(c.fits and c.role == "cashier" for c in candidates)


def test_an_open_shift_of_the_role_replaces_the_template_it_covers() -> None:
    candidates = generate("Cashier", [open_shift("o1", "cashier"), open_shift("o2", "stock clerk"),
                                      open_shift("o3", "cashier", date(2026, 11, 26)),
                                      open_shift("o4", "cashier", store="hill")])

    assert [c.shift_id for c in candidates] == ["tpl:morning:2026-11-25", "o1"]
    assert candidates[1].role == "cashier"


def test_without_a_role_every_open_shift_is_listed_next_to_the_templates() -> None:
    candidates = generate(None, [open_shift("o2", "stock clerk")])

    assert [c.shift_id for c in candidates] == [
        "tpl:morning:2026-11-25", "o2", "tpl:evening:2026-11-25"]
    assert candidates[1].reasons == (FitProblem.NOT_QUALIFIED,)
    assert candidates[0].role == "" and candidates[0].fits
