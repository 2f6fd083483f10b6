"""ShiftChange: the summaries users confirm, the ids each kind acts on, the dict round trip."""

from __future__ import annotations

from datetime import UTC, datetime
from zoneinfo import ZoneInfo

import pytest

from core.person import Person, PersonRole
from core.shift import Shift
from core.shift_candidate import ShiftCandidate
from core.shift_change import AppliedChange, ShiftChange, ShiftChangeKind

LONDON = ZoneInfo("Europe/London")
NOW = datetime(2026, 11, 22, 10, tzinfo=UTC)
MARIA = Person("maria", "Maria Lopez", "maria@contoso.example", PersonRole.MANAGER, "river")
BOB = Person("bob", "Bob Smith", "bob@contoso.example", PersonRole.EMPLOYEE, "river")
ALICE = Person("alice", "Alice Martin", "alice@contoso.example", PersonRole.EMPLOYEE, "river")
MORNING = Shift("s1", "river", "bob", "sales associate", datetime(2026, 11, 25, 9, tzinfo=UTC),
                datetime(2026, 11, 25, 15, tzinfo=UTC), label="Morning")
AFTERNOON = Shift("s2", "river", "alice", "cashier", datetime(2026, 11, 25, 15, tzinfo=UTC),
                  datetime(2026, 11, 25, 20, tzinfo=UTC), label="Afternoon")


def test_assign_summary_and_ids() -> None:
    candidate = ShiftCandidate("tpl:m:2026-11-25", "m", "Morning", "", MORNING.starts_at,
                               MORNING.ends_at)

    change = ShiftChange.assign(actor=MARIA, person=BOB, candidate=candidate,
                                role="sales associate", tz=LONDON, now=NOW)

    assert change.summary == "Bob Smith → Wed 25 Nov, Morning 09:00-15:00 (sales associate)"
    assert (change.kind, change.shift_ids, change.person_ids, change.actor_id) == (
        ShiftChangeKind.ASSIGN, ("tpl:m:2026-11-25",), ("bob",), "maria")
    assert change.store_id == "river" and change.created_at == NOW and len(change.id) == 32


def test_swap_and_unassign_summaries() -> None:
    swap = ShiftChange.swap(actor=MARIA, shift_a=MORNING, person_a=BOB, shift_b=AFTERNOON,
                            person_b=ALICE, tz=LONDON, now=NOW)
    unassign = ShiftChange.unassign(actor=MARIA, shift=MORNING, holder=BOB, tz=LONDON, now=NOW)

    assert swap.summary == (
        "Bob Smith ⇄ Alice Martin: Bob Smith takes Wed 25 Nov, Afternoon 15:00-20:00 (cashier), "
        "Alice Martin takes Wed 25 Nov, Morning 09:00-15:00 (sales associate)")
    assert (swap.shift_ids, swap.person_ids) == (("s1", "s2"), ("bob", "alice"))
    assert unassign.summary == ("Bob Smith off Wed 25 Nov, Morning 09:00-15:00 "
                                "(sales associate); it becomes an open shift")


def test_each_preview_has_its_own_id_and_survives_turn_memory() -> None:
    first = ShiftChange.unassign(actor=MARIA, shift=MORNING, holder=BOB, tz=LONDON, now=NOW)
    second = ShiftChange.unassign(actor=MARIA, shift=MORNING, holder=BOB, tz=LONDON, now=NOW)

    assert first.id != second.id
    assert ShiftChange.from_dict(first.to_dict()) == first


@pytest.mark.parametrize(("kind", "shift_ids", "person_ids", "role"), [
    ("swap", ("a",), ("p", "q"), ""),
    ("unassign", ("a", "b"), ("p",), ""),
    ("assign", ("a",), ("p",), ""),
])
def test_malformed_changes_are_refused(
    kind: str, shift_ids: tuple[str, ...], person_ids: tuple[str, ...], role: str
) -> None:
    with pytest.raises(ValueError):
        ShiftChange("id", ShiftChangeKind(kind), "river", "maria", shift_ids, person_ids,
                    "summary", NOW, role)


def test_applied_change_normalises_its_fields() -> None:
    applied = AppliedChange("id", "swap", ["a", "b"], False, "s")  # type: ignore[arg-type]

    assert applied.kind is ShiftChangeKind.SWAP and applied.shift_ids == ("a", "b")
