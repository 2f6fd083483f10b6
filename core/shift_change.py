"""A previewed schedule change (assign, swap, unassign, reassign, move) and the result of
applying it.

A `ShiftChange` is pure data: what will happen, to which shifts and people, who asked, and a
sentence saying it ("Bob Smith → Wed 25 Nov, Morning 09:00-15:00 (sales associate)"). Dialogs keep
it in turn memory (`to_dict` / `from_dict`) until the manager confirms; the backend then applies
it once, keyed by its id. `AppliedChange` says what applying did.
"""

from __future__ import annotations

import uuid
from dataclasses import dataclass, field
from datetime import datetime, tzinfo
from enum import StrEnum
from typing import Any

from core.person import Person
from core.shift import Shift
from core.shift_candidate import ShiftCandidate

# How many shift ids and person ids each kind of change acts on.
_ARITY = {"assign": (1, 1), "swap": (2, 2), "unassign": (1, 1), "cancel": (1, 1),
          "reassign": (1, 2), "move": (2, 1)}


class ShiftChangeKind(StrEnum):
    """What a change does."""

    ASSIGN = "assign"
    SWAP = "swap"
    UNASSIGN = "unassign"
    CANCEL = "cancel"
    REASSIGN = "reassign"  # one shift changes holder ("give Alice Bob's Friday shift")
    MOVE = "move"  # one person's shift moves to another day or time ("move Bob to Sunday")


@dataclass(frozen=True)
class ShiftChange:
    """A change waiting for confirmation.

    shift_ids: assign: (candidate shift id,); swap: (shift a, shift b); unassign: (shift,).
    person_ids: assign: (who gets it,); swap: (holder of a, holder of b) as previewed;
        unassign: (holder,) as previewed; reassign: (holder as previewed, who gets it);
        move: (holder,) as previewed. Applying checks these still hold.
        (move's shift_ids: (their shift, the candidate it moves to: a template's slot that day
        or an open shift, which the moved shift fills).)
    role: the role an assignment is for ("" for other kinds).
    facts: what the summary says, as data (names; each shift's label, role and local ISO times),
        so it can be said in any language.
    """

    id: str
    kind: ShiftChangeKind
    store_id: str
    actor_id: str
    shift_ids: tuple[str, ...]
    person_ids: tuple[str, ...]
    summary: str
    created_at: datetime
    role: str = ""
    facts: dict[str, Any] = field(default_factory=dict)

    def __post_init__(self) -> None:
        if not isinstance(self.kind, ShiftChangeKind):
            object.__setattr__(self, "kind", ShiftChangeKind(self.kind))
        object.__setattr__(self, "shift_ids", tuple(self.shift_ids))
        object.__setattr__(self, "person_ids", tuple(self.person_ids))
        if self.created_at.tzinfo is None:
            raise ValueError("created_at must be timezone-aware")
        shifts, people = _ARITY[str(self.kind)]
        if len(self.shift_ids) != shifts or len(self.person_ids) != people:
            raise ValueError(
                f"a {self.kind} change acts on {shifts} shift(s) and {people} person(s)"
            )
        if self.kind is ShiftChangeKind.ASSIGN and not self.role:
            raise ValueError("an assignment needs a role")

    @classmethod
    def assign(
        cls, *, actor: Person, person: Person, candidate: ShiftCandidate, role: str,
        tz: tzinfo, now: datetime,
    ) -> ShiftChange:
        """Give `person` the candidate shift in `role`."""
        return cls(
            id=_new_id(), kind=ShiftChangeKind.ASSIGN, store_id=person.store_id,
            actor_id=actor.id, shift_ids=(candidate.shift_id,), person_ids=(person.id,),
            summary=f"{person.name} → {candidate.local_label(tz)} ({role})",
            created_at=now, role=role,
            facts={"person": person.name,
                   "shift": _shift_facts(candidate.label, role, candidate.starts_at,
                                         candidate.ends_at, tz)},
        )

    @classmethod
    def swap(
        cls, *, actor: Person, shift_a: Shift, person_a: Person, shift_b: Shift,
        person_b: Person, tz: tzinfo, now: datetime,
    ) -> ShiftChange:
        """`person_a` (holding `shift_a`) and `person_b` (holding `shift_b`) exchange shifts."""
        return cls(
            id=_new_id(), kind=ShiftChangeKind.SWAP, store_id=shift_a.store_id,
            actor_id=actor.id, shift_ids=(shift_a.id, shift_b.id),
            person_ids=(person_a.id, person_b.id),
            summary=(
                f"{person_a.name} ⇄ {person_b.name}: {person_a.name} takes "
                f"{shift_b.local_label(tz)} ({shift_b.role}), {person_b.name} takes "
                f"{shift_a.local_label(tz)} ({shift_a.role})"
            ),
            created_at=now,
            facts={"person_a": person_a.name, "person_b": person_b.name,
                   "shift_a": _shift_facts(shift_a.label, shift_a.role, shift_a.starts_at,
                                           shift_a.ends_at, tz),
                   "shift_b": _shift_facts(shift_b.label, shift_b.role, shift_b.starts_at,
                                           shift_b.ends_at, tz)},
        )

    @classmethod
    def unassign(
        cls, *, actor: Person, shift: Shift, holder: Person, tz: tzinfo, now: datetime
    ) -> ShiftChange:
        """Take `holder` off `shift`; it becomes an open shift."""
        return cls(
            id=_new_id(), kind=ShiftChangeKind.UNASSIGN, store_id=shift.store_id,
            actor_id=actor.id, shift_ids=(shift.id,), person_ids=(holder.id,),
            summary=(
                f"{holder.name} off {shift.local_label(tz)} ({shift.role}); "
                "it becomes an open shift"
            ),
            created_at=now,
            facts={"holder": holder.name,
                   "shift": _shift_facts(shift.label, shift.role, shift.starts_at,
                                         shift.ends_at, tz)},
        )

    @classmethod
    def reassign(
        cls, *, actor: Person, shift: Shift, holder: Person, person: Person, tz: tzinfo,
        now: datetime,
    ) -> ShiftChange:
        """`holder` hands `shift` to `person`, in one step (it is never left open between)."""
        return cls(
            id=_new_id(), kind=ShiftChangeKind.REASSIGN, store_id=shift.store_id,
            actor_id=actor.id, shift_ids=(shift.id,), person_ids=(holder.id, person.id),
            summary=(
                f"{shift.local_label(tz)} ({shift.role}): {holder.name} → {person.name}"
            ),
            created_at=now, role=shift.role,
            facts={"holder": holder.name, "person": person.name,
                   "shift": _shift_facts(shift.label, shift.role, shift.starts_at,
                                         shift.ends_at, tz)},
        )

    @classmethod
    def move(
        cls, *, actor: Person, shift: Shift, holder: Person, target: ShiftCandidate, tz: tzinfo,
        now: datetime,
    ) -> ShiftChange:
        """`holder`'s `shift` moves to `target` (another day or time, same role), in one step:
        they are never on both, nor on neither."""
        return cls(
            id=_new_id(), kind=ShiftChangeKind.MOVE, store_id=shift.store_id,
            actor_id=actor.id, shift_ids=(shift.id, target.shift_id), person_ids=(holder.id,),
            summary=(
                f"{holder.name}: {shift.local_label(tz)} ({shift.role}) → "
                f"{target.local_label(tz)} ({shift.role})"
            ),
            created_at=now, role=shift.role,
            facts={"person": holder.name,
                   "shift": _shift_facts(shift.label, shift.role, shift.starts_at,
                                         shift.ends_at, tz),
                   "target": _shift_facts(target.label, shift.role, target.starts_at,
                                          target.ends_at, tz)},
        )

    def to_dict(self) -> dict[str, Any]:
        """Plain JSON-ready form, for turn memory."""
        return {
            "id": self.id,
            "kind": str(self.kind),
            "store_id": self.store_id,
            "actor_id": self.actor_id,
            "shift_ids": list(self.shift_ids),
            "person_ids": list(self.person_ids),
            "summary": self.summary,
            "created_at": self.created_at.isoformat(),
            "role": self.role,
            "facts": self.facts,
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> ShiftChange:
        """Rebuild from `to_dict` output."""
        return cls(
            id=str(data["id"]),
            kind=ShiftChangeKind(data["kind"]),
            store_id=str(data["store_id"]),
            actor_id=str(data["actor_id"]),
            shift_ids=tuple(str(s) for s in data["shift_ids"]),
            person_ids=tuple(str(p) for p in data["person_ids"]),
            summary=str(data["summary"]),
            created_at=datetime.fromisoformat(data["created_at"]),
            role=str(data.get("role", "")),
            facts=dict(data.get("facts") or {}),
        )


@dataclass(frozen=True)
class AppliedChange:
    """What applying a change did.

    shift_ids: the shifts it changed or created (a new shift's id for an assignment from a
        template). already_applied: this change id had been applied before; nothing was done now.
    """

    change_id: str
    kind: ShiftChangeKind
    shift_ids: tuple[str, ...]
    already_applied: bool
    summary: str

    def __post_init__(self) -> None:
        if not isinstance(self.kind, ShiftChangeKind):
            object.__setattr__(self, "kind", ShiftChangeKind(self.kind))
        object.__setattr__(self, "shift_ids", tuple(self.shift_ids))


def _new_id() -> str:
    return uuid.uuid4().hex


def _shift_facts(
    label: str, role: str, starts_at: datetime, ends_at: datetime, tz: tzinfo
) -> dict[str, str]:
    return {"label": label, "role": role, "starts_at": starts_at.astimezone(tz).isoformat(),
            "ends_at": ends_at.astimezone(tz).isoformat()}
