"""Undoing the last shift change a manager applied: "undo that", "annule ça", "mach das
rückgängig" just after "Done: Bob Jones → Sun 29 Nov, Evening 20:00-23:00" starts the change
back (Bob Jones off that shift) as a request of its own, previewed for its own yes.

The change is remembered in the person's state when it is applied (`remember_change`), for
half an hour: long enough for "oops, undo that", not so long that a later "undo" reaches back
to a change the manager has forgotten. Only what can be said back exactly is undone this way:
an assignment (taken off again), an unassignment (given back the open shift), a reassignment
(given back to its holder), a swap (the same two shifts swapped back) and a move (the shift moved
back to the day and hours it left). Anything older gets the plain answer that it stays done
until the manager asks for it to be changed back.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from core.intent import Intent
from core.shift_change import ShiftChange, ShiftChangeKind
from state.person_state import current_person_state

LAST_CHANGE = "last_shift_change"
UNDO_WITHIN = timedelta(minutes=30)


@dataclass(frozen=True)
class UndoRequest:
    """The change back: the flow that makes it and what it starts from (all settled, so its
    preview is the next thing said), and the change it undoes."""

    intent: Intent
    entities: dict[str, str]
    undone: ShiftChange


def remember_change(change: ShiftChange, applied_ids: list[str], now: datetime) -> None:
    """Keep the change just applied (and the shifts it made or changed) for an "undo"."""
    state = current_person_state()
    if state is not None:
        state.flags[LAST_CHANGE] = {"change": change.to_dict(), "applied": list(applied_ids),
                                    "at": now.isoformat()}


def _last_change(actor_id: str, now: datetime) -> tuple[ShiftChange, list[str]] | None:
    """The last change `actor_id` applied here, within `UNDO_WITHIN`, with the shifts it
    applied to; None when there is none, it is older, or it cannot be read."""
    state = current_person_state()
    kept: Any = state.flags.get(LAST_CHANGE) if state is not None else None
    if not isinstance(kept, dict):
        return None
    try:
        change = ShiftChange.from_dict(kept["change"])
        at = datetime.fromisoformat(str(kept["at"]))
        applied = [str(shift_id) for shift_id in kept.get("applied") or ()]
    except (KeyError, TypeError, ValueError):
        return None
    if change.actor_id != actor_id or not timedelta(0) <= now - at <= UNDO_WITHIN:
        return None
    return change, applied


def shift_just_opened(actor_id: str, now: datetime) -> tuple[str, str] | None:
    """The shift `actor_id` just took someone off (their last change, within `UNDO_WITHIN`),
    which is open now, and who was taken off it: "who can cover?" said next is about it (and
    not about them). None for any other change."""
    last = _last_change(actor_id, now)
    if last is None or last[0].kind is not ShiftChangeKind.UNASSIGN or not last[0].shift_ids:
        return None
    taken_off = last[0].person_ids[0] if last[0].person_ids else ""
    return str(last[0].shift_ids[0]), str(taken_off)


def undo_request(actor_id: str, now: datetime) -> UndoRequest | None:
    """The change back of the last change `actor_id` applied here, within `UNDO_WITHIN`; None
    when there is none, it is older, or it cannot be said back exactly."""
    last = _last_change(actor_id, now)
    if last is None:
        return None
    change, applied = last
    shift = change.facts.get("shift") or change.facts.get("shift_a") or {}
    day = str(shift.get("starts_at", ""))[:10]
    if not day:
        return None
    if change.kind is ShiftChangeKind.ASSIGN and applied:
        return UndoRequest(Intent.SHIFT_UNASSIGN, {
            "person": change.person_ids[0], "day": day, "shift": applied[0]}, change)
    if change.kind is ShiftChangeKind.UNASSIGN and shift.get("role"):
        return UndoRequest(Intent.SHIFT_ASSIGN, {
            "person": change.person_ids[0], "day": day, "role": str(shift.get("role", "")),
            "candidate": change.shift_ids[0]}, change)
    if change.kind is ShiftChangeKind.REASSIGN:
        holder, taker = change.person_ids
        return UndoRequest(Intent.SHIFT_REASSIGN, {
            "holder": taker, "day": day, "shift": change.shift_ids[0], "person": holder}, change)
    if change.kind is ShiftChangeKind.SWAP:
        return _swap_back(change, day)
    if change.kind is ShiftChangeKind.MOVE:
        return _move_back(change)
    return None


def _swap_back(change: ShiftChange, day: str) -> UndoRequest:
    """The same two shifts swapped again: each holder now has the other's, so the second
    person (holding the first shift) swaps with the first."""
    first, second = change.person_ids
    return UndoRequest(Intent.SHIFT_SWAP, {
        "person_a": second, "shift_a": change.shift_ids[0],
        "person_b": first, "shift_b": change.shift_ids[1], "day": day}, change)


def _move_back(change: ShiftChange) -> UndoRequest | None:
    """The moved shift (it keeps its id) back to the day and exact hours it left."""
    left, now_on = change.facts.get("shift") or {}, change.facts.get("target") or {}
    try:
        starts = datetime.fromisoformat(str(left["starts_at"]))
        ends = datetime.fromisoformat(str(left["ends_at"]))
        day_now = datetime.fromisoformat(str(now_on["starts_at"])).date()
    except (KeyError, ValueError):
        return None
    return UndoRequest(Intent.SHIFT_MOVE, {
        "person": change.person_ids[0], "day": day_now.isoformat(),
        "shift": change.shift_ids[0], "to_day": starts.date().isoformat(),
        "to_part": f"{starts:%H:%M}-{ends:%H:%M}"}, change)

