"""DemoShiftBackend on a freshly seeded demo organisation, at a fixed time.

NOW is Sunday 22 Nov 2026 10:00 UTC (Europe/London is on UTC then), so the seeded weeks start
Mon 16 and Mon 23 Nov. Bob Smith (sales associate, cashier; 32 h; never Sundays) works 29 h in
the week of the 23rd, including Wed 25 Nov Morning 09:00-15:00; Wed evening has an open sales
associate shift.
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from dataclasses import dataclass
from datetime import UTC, date, datetime, timedelta
from pathlib import Path
from zoneinfo import ZoneInfo

import pytest

from core.errors import (
    ConflictError,
    ErrorCode,
    NotFoundError,
    PermissionDeniedError,
    ValidationError,
)
from core.person import Person
from core.shift import Shift, ShiftStatus
from core.shift_candidate import FitProblem, ShiftCandidate
from core.shift_change import ShiftChange, ShiftChangeKind
from core.time_window import TimeWindow
from language.catalogue_errors import error_text
from services.demo_organisation import RIVERSIDE, seed_demo
from services.demo_shift_backend import DemoShiftBackend
from services.org_database import OrgDatabase
from services.sqlite_directory import SqliteDirectory
from services.stored_audit_log import StoredAuditLog
from state.sqlite_storage import SqliteStorage

NOW = datetime(2026, 11, 22, 10, 0, tzinfo=UTC)
LONDON = ZoneInfo("Europe/London")
WED = date(2026, 11, 25)
SAT = date(2026, 11, 28)
SUN = date(2026, 11, 22)
WED_EVENING_OPEN = "shift-2026-11-25-riverside-evening-open-sales_associate"
BOB_SMITH_WED_MORNING = "shift-2026-11-25-riverside-morning-bob-smith-sales_associate"
BOB_SMITH_THU_EVENING = "shift-2026-11-26-riverside-evening-bob-smith-cashier"
BOB_JONES_THU_MORNING = "shift-2026-11-26-riverside-morning-bob-jones-stock_clerk"
ALICE_WED_AFTERNOON = "shift-2026-11-25-riverside-afternoon-alice-cashier"
ALICE_SUN_MORNING = "shift-2026-11-22-riverside-morning-alice-cashier"
LUCA_WED_MORNING = "shift-2026-11-25-riverside-morning-luca-stock_clerk"


@dataclass
class Org:
    """The backend under test and what the tests look at around it."""

    db: OrgDatabase
    backend: DemoShiftBackend
    audit: StoredAuditLog
    people: dict[str, Person]


@pytest.fixture
async def org(tmp_path: Path) -> AsyncIterator[Org]:
    db = await OrgDatabase.open(tmp_path / "org.db")
    await seed_demo(db, NOW.date(), weeks=2)
    store = await SqliteStorage.create(tmp_path / "state.db")
    audit = StoredAuditLog(store)
    people = {p.id: p for p in await SqliteDirectory(db).list_people()}
    try:
        yield Org(db, DemoShiftBackend(db, audit), audit, people)
    finally:
        await db.close()
        await store.close()


def by_label(candidates: list[ShiftCandidate]) -> dict[str, ShiftCandidate]:
    return {c.label: c for c in candidates}


# Reading


async def test_upcoming_shifts_are_the_persons_future_shifts_in_order(org: Org) -> None:
    shifts = await org.backend.upcoming_shifts("bob-smith", now=NOW)

    assert shifts, "Bob Smith works six days a week"
    assert all(s.person_id == "bob-smith" and s.starts_at > NOW for s in shifts)
    assert [s.starts_at for s in shifts] == sorted(s.starts_at for s in shifts)
    assert shifts[0].local_label(LONDON) == "Mon 23 Nov, Morning 09:00-15:00"
    assert len(shifts) == 6


async def test_upcoming_shifts_within_a_window(org: Org) -> None:
    wednesday = TimeWindow(datetime(2026, 11, 25, tzinfo=LONDON),
                           datetime(2026, 11, 26, tzinfo=LONDON), "wednesday")

    shifts = await org.backend.upcoming_shifts("bob-smith", now=NOW, window=wednesday)

    assert [s.id for s in shifts] == [BOB_SMITH_WED_MORNING]
    assert shifts[0].role == "sales associate"


async def test_upcoming_shifts_leave_out_a_shift_already_started(org: Org) -> None:
    today = TimeWindow(datetime(2026, 11, 22, tzinfo=LONDON), datetime(2026, 11, 23, tzinfo=LONDON))

    assert await org.backend.upcoming_shifts("alice", now=NOW, window=today) == []
    assert await org.backend.get_shift(ALICE_SUN_MORNING) is not None


async def test_shifts_on_a_day_include_open_ones(org: Org) -> None:
    shifts = await org.backend.shifts_on("store-riverside", WED, LONDON)

    assert all(s.starts_at.astimezone(LONDON).date() == WED for s in shifts)
    open_shifts = [s for s in shifts if s.is_open]
    assert [s.id for s in open_shifts] == [WED_EVENING_OPEN]
    assert open_shifts[0].status is ShiftStatus.OPEN and open_shifts[0].person_id is None
    assert {s.person_id for s in shifts} >= {"bob-smith", "alice", "luca", "sophie", "fatima"}
    assert await org.backend.shifts_on("store-hillside", WED, LONDON) != shifts


async def test_get_shift_unknown_is_none(org: Org) -> None:
    assert await org.backend.get_shift("no-such-shift") is None


# Candidates and why they do not fit


async def test_candidates_say_which_fit_and_why_not(org: Org) -> None:
    candidates = await org.backend.candidates(
        person=org.people["bob-smith"], day=WED, role="sales associate", now=NOW
    )

    assert [c.label for c in candidates] == ["Morning", "Afternoon", "Evening"]
    morning, afternoon, evening = candidates
    assert morning.reasons == (FitProblem.OVERLAP, FitProblem.OVER_WEEKLY_HOURS)
    assert "overlaps Bob Smith's shift Wed 25 Nov, Morning 09:00-15:00" in morning.reason
    assert afternoon.reasons == (FitProblem.OVER_WEEKLY_HOURS,)
    assert "34 h" in afternoon.reason and "limit 32 h" in afternoon.reason
    assert evening.fits and evening.reason == ""
    assert evening.shift_id == WED_EVENING_OPEN, "the open shift is offered, not a duplicate"
    assert morning.shift_id == "tpl:riverside-morning:2026-11-25"
    assert (afternoon.duration_hours, afternoon.role) == (5.0, "sales associate")


async def test_the_two_bobs_get_their_own_candidates(org: Org) -> None:
    smith = by_label(await org.backend.candidates(
        person=org.people["bob-smith"], day=SAT, role="sales associate", now=NOW))
    jones = by_label(await org.backend.candidates(
        person=org.people["bob-jones"], day=SAT, role="sales associate", now=NOW))

    assert smith["Evening"].fits
    assert all(c.reasons == (FitProblem.UNAVAILABLE_DAY,) for c in jones.values())
    assert jones["Evening"].reason == "Bob Jones is not available on Saturdays"


async def test_candidate_not_qualified_for_the_role(org: Org) -> None:
    candidates = await org.backend.candidates(
        person=org.people["bob-smith"], day=SAT, role="stock clerk", now=NOW
    )

    assert all(FitProblem.NOT_QUALIFIED in c.reasons for c in candidates)
    assert "Bob Smith is not qualified as stock clerk" in candidates[0].reason


async def test_candidate_already_started(org: Org) -> None:
    candidates = by_label(await org.backend.candidates(
        person=org.people["bob-jones"], day=SUN, role="sales associate", now=NOW))

    assert candidates["Morning"].reasons == (FitProblem.ALREADY_STARTED,)
    assert candidates["Afternoon"].fits and not candidates["Afternoon"].shift_id.startswith("tpl:")


async def test_candidates_without_a_role_list_every_open_shift(org: Org) -> None:
    candidates = await org.backend.candidates(
        person=org.people["alice"], day=date(2026, 11, 26), role=None, now=NOW
    )

    open_ones = [c for c in candidates if c.is_open_shift]
    assert [(c.label, c.role) for c in open_ones] == [("Afternoon", "cashier")]
    assert len(candidates) == 4, "three templates plus Thursday's open cashier shift"


# Previews and permissions


async def test_preview_assign_summarises_the_change(org: Org) -> None:
    candidates = await org.backend.candidates(
        person=org.people["bob-smith"], day=WED, role="sales associate", now=NOW)

    change = await org.backend.preview_assign(
        actor=org.people["maria"], person=org.people["bob-smith"], candidate=candidates[2],
        role="sales associate", now=NOW,
    )

    assert change.kind is ShiftChangeKind.ASSIGN
    assert change.summary == "Bob Smith → Wed 25 Nov, Evening 20:00-23:00 (sales associate)"
    assert change.shift_ids == (WED_EVENING_OPEN,) and change.person_ids == ("bob-smith",)
    assert ShiftChange.from_dict(change.to_dict()) == change


async def test_preview_assign_refuses_a_candidate_that_does_not_fit(org: Org) -> None:
    afternoon = (await org.backend.candidates(
        person=org.people["bob-smith"], day=WED, role="sales associate", now=NOW))[1]

    with pytest.raises(ValidationError, match="shift_does_not_fit"):
        await org.backend.preview_assign(
            actor=org.people["maria"], person=org.people["bob-smith"], candidate=afternoon,
            role="sales associate", now=NOW,
        )


async def test_manager_of_another_store_is_denied(org: Org) -> None:
    evening = (await org.backend.candidates(
        person=org.people["bob-smith"], day=WED, role="sales associate", now=NOW))[2]

    with pytest.raises(PermissionDeniedError, match="not_this_stores_manager"):
        await org.backend.preview_assign(
            actor=org.people["daniel"], person=org.people["bob-smith"], candidate=evening,
            role="sales associate", now=NOW,
        )


async def test_an_employee_cannot_assign_shifts(org: Org) -> None:
    evening = (await org.backend.candidates(
        person=org.people["bob-jones"], day=WED, role="sales associate", now=NOW))[2]

    with pytest.raises(PermissionDeniedError, match="not_a_manager"):
        await org.backend.preview_assign(
            actor=org.people["alice"], person=org.people["bob-jones"], candidate=evening,
            role="sales associate", now=NOW,
        )


async def test_manager_of_another_store_cannot_swap_or_unassign(org: Org) -> None:
    shift_a = await org.backend.get_shift(BOB_SMITH_WED_MORNING)
    shift_b = await org.backend.get_shift(ALICE_WED_AFTERNOON)
    assert shift_a and shift_b

    with pytest.raises(PermissionDeniedError):
        await org.backend.preview_swap(actor=org.people["daniel"], shift_a=shift_a,
                                       shift_b=shift_b, now=NOW)
    with pytest.raises(PermissionDeniedError):
        await org.backend.preview_unassign(actor=org.people["daniel"], shift=shift_a, now=NOW)


# Applying


async def test_apply_assigns_once_even_when_confirmed_twice(org: Org) -> None:
    maria, bob = org.people["maria"], org.people["bob-jones"]
    evening = (await org.backend.candidates(
        person=bob, day=WED, role="sales associate", now=NOW))[2]
    change = await org.backend.preview_assign(actor=maria, person=bob, candidate=evening,
                                              role="sales associate", now=NOW)

    first = await org.backend.apply(change, actor=maria, conversation_id="conv-1", now=NOW)
    second = await org.backend.apply(change, actor=maria, conversation_id="conv-1", now=NOW)

    assert not first.already_applied and second.already_applied
    assert first.shift_ids == second.shift_ids == (WED_EVENING_OPEN,)
    shift = await org.backend.get_shift(WED_EVENING_OPEN)
    assert shift and shift.person_id == "bob-jones" and shift.status is ShiftStatus.ASSIGNED
    entries = [r for r in await org.audit.recent(10) if r.action == "shift.assign"]
    assert len(entries) == 1
    assert entries[0].actor_id == "maria" and entries[0].conversation_id == "conv-1"
    assert entries[0].details["summary"] == change.summary


async def test_concurrent_double_confirmation_applies_once(org: Org) -> None:
    maria, bob = org.people["maria"], org.people["bob-jones"]
    morning = (await org.backend.candidates(
        person=bob, day=WED, role="sales associate", now=NOW))[0]
    change = await org.backend.preview_assign(actor=maria, person=bob, candidate=morning,
                                              role="sales associate", now=NOW)

    results = await asyncio.gather(
        org.backend.apply(change, actor=maria, conversation_id="c", now=NOW),
        org.backend.apply(change, actor=maria, conversation_id="c", now=NOW),
    )

    assert sorted(r.already_applied for r in results) == [False, True]
    created = [s for s in await org.backend.shifts_on("store-riverside", WED, LONDON)
               if s.person_id == "bob-jones"]
    assert len(created) == 1 and created[0].label == "Morning"
    assert created[0].template_id == "riverside-morning"


async def test_apply_from_a_template_creates_a_new_shift(org: Org) -> None:
    maria, bob = org.people["maria"], org.people["bob-jones"]
    afternoon = (await org.backend.candidates(
        person=bob, day=WED, role="sales associate", now=NOW))[1]
    change = await org.backend.preview_assign(actor=maria, person=bob, candidate=afternoon,
                                              role="sales associate", now=NOW)

    applied = await org.backend.apply(change, actor=maria, conversation_id="c", now=NOW)

    created = await org.backend.get_shift(applied.shift_ids[0])
    assert created is not None
    assert created.local_label(LONDON) == "Wed 25 Nov, Afternoon 15:00-20:00"
    assert (created.person_id, created.role) == ("bob-jones", "sales associate")
    again = by_label(await org.backend.candidates(
        person=bob, day=WED, role="sales associate", now=NOW))
    assert FitProblem.OVERLAP in again["Afternoon"].reasons


async def test_shift_taken_between_preview_and_apply_is_a_conflict(org: Org) -> None:
    maria = org.people["maria"]
    jones, smith = org.people["bob-jones"], org.people["bob-smith"]
    for_jones = await org.backend.preview_assign(
        actor=maria, person=jones, role="sales associate", now=NOW,
        candidate=(await org.backend.candidates(
            person=jones, day=WED, role="sales associate", now=NOW))[2])
    for_smith = await org.backend.preview_assign(
        actor=maria, person=smith, role="sales associate", now=NOW,
        candidate=(await org.backend.candidates(
            person=smith, day=WED, role="sales associate", now=NOW))[2])
    await org.backend.apply(for_smith, actor=maria, conversation_id="c", now=NOW)

    with pytest.raises(ConflictError, match=r"shift_taken .*Bob Smith"):
        await org.backend.apply(for_jones, actor=maria, conversation_id="c", now=NOW)

    shift = await org.backend.get_shift(WED_EVENING_OPEN)
    assert shift and shift.person_id == "bob-smith"
    assert [r.action for r in await org.audit.recent(10)] == ["shift.assign"]


async def test_only_the_previewing_manager_can_apply(org: Org) -> None:
    bob = org.people["bob-jones"]
    change = await org.backend.preview_assign(
        actor=org.people["maria"], person=bob, role="sales associate", now=NOW,
        candidate=(await org.backend.candidates(
            person=bob, day=WED, role="sales associate", now=NOW))[2])

    with pytest.raises(PermissionDeniedError):
        await org.backend.apply(change, actor=org.people["daniel"], conversation_id="c", now=NOW)
    assert (await org.backend.get_shift(WED_EVENING_OPEN)).is_open  # type: ignore[union-attr]


async def test_swap_exchanges_the_two_people(org: Org) -> None:
    maria = org.people["maria"]
    shift_a = await org.backend.get_shift(BOB_SMITH_WED_MORNING)
    shift_b = await org.backend.get_shift(ALICE_WED_AFTERNOON)
    assert shift_a and shift_b

    change = await org.backend.preview_swap(actor=maria, shift_a=shift_a, shift_b=shift_b,
                                            now=NOW)
    applied = await org.backend.apply(change, actor=maria, conversation_id="c", now=NOW)

    assert change.summary == (
        "Bob Smith ⇄ Alice Martin: Bob Smith takes Wed 25 Nov, Afternoon 15:00-20:00 (cashier), "
        "Alice Martin takes Wed 25 Nov, Morning 09:00-15:00 (sales associate)"
    )
    assert set(applied.shift_ids) == {BOB_SMITH_WED_MORNING, ALICE_WED_AFTERNOON}
    now_a = await org.backend.get_shift(BOB_SMITH_WED_MORNING)
    now_b = await org.backend.get_shift(ALICE_WED_AFTERNOON)
    assert now_a and now_b
    assert (now_a.person_id, now_b.person_id) == ("alice", "bob-smith")
    assert (now_a.role, now_b.role) == ("sales associate", "cashier")
    assert (await org.audit.recent(1))[0].action == "shift.swap"


async def test_swap_checks_qualification_on_both_sides(org: Org) -> None:
    shift_a = await org.backend.get_shift(BOB_SMITH_WED_MORNING)
    shift_b = await org.backend.get_shift(LUCA_WED_MORNING)
    assert shift_a and shift_b

    with pytest.raises(ValidationError) as raised:
        await org.backend.preview_swap(actor=org.people["maria"], shift_a=shift_a,
                                       shift_b=shift_b, now=NOW)

    assert raised.value.code is ErrorCode.SWAP_DOES_NOT_WORK
    said = error_text(raised.value, "en")
    assert "Bob Smith is not qualified as stock clerk" in said
    assert "Luca Rossi is not qualified as sales associate" in said


async def test_swap_needs_two_assigned_shifts(org: Org) -> None:
    shift_a = await org.backend.get_shift(BOB_SMITH_WED_MORNING)
    open_shift = await org.backend.get_shift(WED_EVENING_OPEN)
    assert shift_a and open_shift

    with pytest.raises(ValidationError, match="swap_open_shift"):
        await org.backend.preview_swap(actor=org.people["maria"], shift_a=shift_a,
                                       shift_b=open_shift, now=NOW)


async def test_swap_conflicts_when_a_shift_changed_hands(org: Org) -> None:
    maria = org.people["maria"]
    shift_a = await org.backend.get_shift(BOB_SMITH_WED_MORNING)
    shift_b = await org.backend.get_shift(ALICE_WED_AFTERNOON)
    assert shift_a and shift_b
    swap = await org.backend.preview_swap(actor=maria, shift_a=shift_a, shift_b=shift_b, now=NOW)
    unassign = await org.backend.preview_unassign(actor=maria, shift=shift_b, now=NOW)
    await org.backend.apply(unassign, actor=maria, conversation_id="c", now=NOW)

    with pytest.raises(ConflictError):
        await org.backend.apply(swap, actor=maria, conversation_id="c", now=NOW)

    unchanged = await org.backend.get_shift(BOB_SMITH_WED_MORNING)
    assert unchanged and unchanged.person_id == "bob-smith"


async def test_unassign_makes_an_open_shift(org: Org) -> None:
    maria = org.people["maria"]
    shift = await org.backend.get_shift(BOB_SMITH_THU_EVENING)
    assert shift

    change = await org.backend.preview_unassign(actor=maria, shift=shift, now=NOW)
    await org.backend.apply(change, actor=maria, conversation_id="c", now=NOW)

    assert change.summary == ("Bob Smith off Thu 26 Nov, Evening 20:00-23:00 (cashier); "
                              "it becomes an open shift")
    after = await org.backend.get_shift(BOB_SMITH_THU_EVENING)
    assert after and after.is_open and after.person_id is None
    assert BOB_SMITH_THU_EVENING not in [
        s.id for s in await org.backend.upcoming_shifts("bob-smith", now=NOW)]
    record = (await org.audit.recent(1))[0]
    assert (record.action, record.target, record.actor_id) == (
        "shift.unassign", BOB_SMITH_THU_EVENING, "maria")


async def test_unassign_refuses_a_started_shift(org: Org) -> None:
    shift = await org.backend.get_shift(ALICE_SUN_MORNING)
    assert shift

    with pytest.raises(ValidationError, match="unassign_started"):
        await org.backend.preview_unassign(actor=org.people["maria"], shift=shift, now=NOW)


# A worker cancelling their own shift


async def test_worker_cancels_own_shift_which_becomes_open(org: Org) -> None:
    bob = org.people["bob-smith"]

    cancelled = await org.backend.cancel_shift(
        shift_id=BOB_SMITH_THU_EVENING, worker=bob, reason="  doctor's   appointment ",
        conversation_id="conv-9", request_id="req-1", now=NOW,
    )

    assert cancelled.id == BOB_SMITH_THU_EVENING
    assert cancelled.is_open and cancelled.person_id is None
    stored = await org.backend.get_shift(BOB_SMITH_THU_EVENING)
    assert stored == cancelled
    record = (await org.audit.recent(1))[0]
    assert (record.action, record.actor_id, record.target, record.conversation_id) == (
        "shift.cancel", "bob-smith", BOB_SMITH_THU_EVENING, "conv-9")
    assert record.details["reason"] == "doctor's appointment"
    assert record.details["manager_id"] == "maria"
    assert record.at == NOW
    candidates = by_label(await org.backend.candidates(
        person=org.people["alice"], day=date(2026, 11, 26), role="cashier", now=NOW))
    assert candidates["Evening"].shift_id == BOB_SMITH_THU_EVENING


async def test_cancel_is_idempotent_by_request_id(org: Org) -> None:
    bob = org.people["bob-smith"]
    kwargs = dict(shift_id=BOB_SMITH_THU_EVENING, worker=bob, reason="sick",
                  conversation_id="c", request_id="req-7", now=NOW)

    first = await org.backend.cancel_shift(**kwargs)  # type: ignore[arg-type]
    second = await org.backend.cancel_shift(**kwargs)  # type: ignore[arg-type]

    assert first == second
    assert [r.action for r in await org.audit.recent(10)] == ["shift.cancel"]


async def test_worker_cannot_cancel_someone_elses_shift(org: Org) -> None:
    with pytest.raises(PermissionDeniedError, match="not_your_shift"):
        await org.backend.cancel_shift(
            shift_id=BOB_JONES_THU_MORNING, worker=org.people["bob-smith"], reason="sick",
            conversation_id="c", request_id="r", now=NOW,
        )

    shift = await org.backend.get_shift(BOB_JONES_THU_MORNING)
    assert shift and shift.person_id == "bob-jones"
    assert await org.audit.recent(10) == []


async def test_worker_cannot_cancel_a_started_shift(org: Org) -> None:
    with pytest.raises(ValidationError, match="shift_started_cannot_cancel"):
        await org.backend.cancel_shift(
            shift_id=ALICE_SUN_MORNING, worker=org.people["alice"], reason="sick",
            conversation_id="c", request_id="r", now=NOW,
        )


async def test_cancel_needs_a_reason_and_an_existing_shift(org: Org) -> None:
    bob = org.people["bob-smith"]
    with pytest.raises(ValidationError, match="reason_required"):
        await org.backend.cancel_shift(shift_id=BOB_SMITH_THU_EVENING, worker=bob, reason=" ",
                                       conversation_id="c", request_id="r", now=NOW)
    with pytest.raises(NotFoundError):
        await org.backend.cancel_shift(shift_id="nope", worker=bob, reason="sick",
                                       conversation_id="c", request_id="r", now=NOW)


async def test_cancel_after_the_manager_unassigned_it_is_refused(org: Org) -> None:
    maria, bob = org.people["maria"], org.people["bob-smith"]
    shift = await org.backend.get_shift(BOB_SMITH_THU_EVENING)
    assert shift
    await org.backend.apply(await org.backend.preview_unassign(actor=maria, shift=shift, now=NOW),
                            actor=maria, conversation_id="c", now=NOW)

    with pytest.raises(PermissionDeniedError):
        await org.backend.cancel_shift(shift_id=shift.id, worker=bob, reason="sick",
                                       conversation_id="c", request_id="r2", now=NOW)


async def test_changes_survive_reopening_the_database(org: Org, tmp_path: Path) -> None:
    maria, bob = org.people["maria"], org.people["bob-jones"]
    change = await org.backend.preview_assign(
        actor=maria, person=bob, role="sales associate", now=NOW,
        candidate=(await org.backend.candidates(
            person=bob, day=WED, role="sales associate", now=NOW))[2])
    await org.backend.apply(change, actor=maria, conversation_id="c", now=NOW)

    reopened = await OrgDatabase.open(tmp_path / "org.db")
    try:
        backend = DemoShiftBackend(reopened, org.audit)
        again = await backend.apply(change, actor=maria, conversation_id="c",
                                    now=NOW + timedelta(minutes=1))
        shift = await backend.get_shift(WED_EVENING_OPEN)
    finally:
        await reopened.close()

    assert again.already_applied
    assert isinstance(shift, Shift) and shift.person_id == "bob-jones"


# Moving someone's shift to another day or time


async def test_a_move_takes_the_same_hours_on_the_new_day_in_one_transaction(org: Org) -> None:
    maria = org.people["maria"]
    shift = await org.backend.get_shift(BOB_SMITH_THU_EVENING)
    assert shift is not None
    friday = date(2026, 11, 27)
    slots = await org.backend.move_candidates(shift=shift, day=friday, now=NOW)
    evening = next(c for c in slots if c.label == "Evening")
    assert evening.role == "cashier" and evening.fits
    change = await org.backend.preview_move(actor=maria, shift=shift, candidate=evening, now=NOW)
    assert change.kind is ShiftChangeKind.MOVE
    assert change.summary == ("Bob Smith: Thu 26 Nov, Evening 20:00-23:00 (cashier) → "
                              "Fri 27 Nov, Evening 20:00-23:00 (cashier)")

    first = await org.backend.apply(change, actor=maria, conversation_id="c", now=NOW)
    second = await org.backend.apply(change, actor=maria, conversation_id="c", now=NOW)

    assert not first.already_applied and second.already_applied
    bobs = [s for day in (date(2026, 11, 26), friday)
            for s in await org.backend.shifts_on(RIVERSIDE, day, LONDON)
            if s.person_id == "bob-smith" and s.label == "Evening"]
    assert [(s.id, s.starts_at.date()) for s in bobs] == [(BOB_SMITH_THU_EVENING, friday)]
    assert [r.action for r in await org.audit.recent(10)].count("shift.move") == 1


async def test_a_move_onto_an_open_shift_fills_it_and_leaves_no_duplicate(org: Org) -> None:
    maria = org.people["maria"]
    shift = await org.backend.get_shift(BOB_SMITH_WED_MORNING)
    assert shift is not None
    slots = await org.backend.move_candidates(shift=shift, day=WED, now=NOW)
    assert BOB_SMITH_WED_MORNING not in [c.shift_id for c in slots]  # not onto itself
    evening = next(c for c in slots if c.shift_id == WED_EVENING_OPEN)
    change = await org.backend.preview_move(actor=maria, shift=shift, candidate=evening, now=NOW)

    await org.backend.apply(change, actor=maria, conversation_id="c", now=NOW)

    on_wed = await org.backend.shifts_on(RIVERSIDE, WED, LONDON)
    assert WED_EVENING_OPEN not in [s.id for s in on_wed]
    assert [(s.label, s.role) for s in on_wed if s.person_id == "bob-smith"] == [
        ("Evening", "sales associate")]


async def test_a_move_that_lost_a_race_changes_nothing(org: Org) -> None:
    """The open shift was taken between the preview and the yes: Bob keeps his morning."""
    maria, bob_jones = org.people["maria"], org.people["bob-jones"]
    shift = await org.backend.get_shift(BOB_SMITH_WED_MORNING)
    assert shift is not None
    evening = next(c for c in await org.backend.move_candidates(shift=shift, day=WED, now=NOW)
                   if c.shift_id == WED_EVENING_OPEN)
    change = await org.backend.preview_move(actor=maria, shift=shift, candidate=evening, now=NOW)
    taken = await org.backend.preview_assign(actor=maria, person=bob_jones, candidate=evening,
                                             role="sales associate", now=NOW)
    await org.backend.apply(taken, actor=maria, conversation_id="c", now=NOW)

    with pytest.raises(ConflictError):
        await org.backend.apply(change, actor=maria, conversation_id="c", now=NOW)

    assert await org.backend.get_shift(BOB_SMITH_WED_MORNING) == shift


async def test_a_move_the_work_rules_refuse_is_not_previewed(org: Org) -> None:
    """Bob Smith never works Sundays: moving his Saturday morning there says so."""
    maria = org.people["maria"]
    saturday = next(s for s in await org.backend.shifts_on(RIVERSIDE, SAT, LONDON)
                    if s.person_id == "bob-smith")
    sunday = next(c for c in await org.backend.move_candidates(
        shift=saturday, day=date(2026, 11, 29), now=NOW) if c.label == saturday.label)
    assert not sunday.fits

    with pytest.raises(ValidationError, match="shift_does_not_fit"):
        await org.backend.preview_move(actor=maria, shift=saturday, candidate=sunday, now=NOW)
