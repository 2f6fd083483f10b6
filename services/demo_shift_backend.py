"""The shift backend on the organisation database: the embedded default (the seeded demo schedule).

Reads and writes the `shifts` table. A change is applied in one SQLite transaction together with
its entry in applied_changes; the writes are guarded (an UPDATE only matches the state the preview
saw), and the ledger entry fails the transaction when the change did not take, so a change that
lost a race rolls back whole and a repeated apply is recognised by its id. The audit entry is
written after the commit through the injected AuditLog.
"""

from __future__ import annotations

import logging
import sqlite3
from dataclasses import replace
from datetime import UTC, date, datetime, time, timedelta, tzinfo

import aiosqlite

from core.audit_log import AuditLog
from core.errors import (
    ConflictError,
    ErrorCode,
    NotFoundError,
    PermissionDeniedError,
    ValidationError,
)
from core.person import Person
from core.shift import Shift, ShiftStatus
from core.shift_change import AppliedChange, ShiftChange, ShiftChangeKind
from core.time_card import TimeCard
from core.time_window import TimeWindow
from services.applied_change_ledger import AppliedChangeLedger
from services.org_database import OrgDatabase
from services.shift_backend_base import (
    ShiftBackendBase,
    cancellation_key,
    cancellation_summary,
)
from services.sqlite_directory import SqliteDirectory

logger = logging.getLogger(__name__)

_SELECT = (
    "SELECT s.id, s.store_id, s.person_id, s.role, s.starts_at, s.ends_at, s.template_id, "
    "s.status, t.name AS label FROM shifts s LEFT JOIN shift_templates t ON t.id = s.template_id"
)
# A statement with its parameters; a plan is (statements, affected shift ids, guard).
_Statement = tuple[str, tuple[object, ...]]
_Plan = tuple[list[_Statement], tuple[str, ...], _Statement]
_NO_OVERLAP = (
    "NOT EXISTS (SELECT 1 FROM shifts o WHERE o.person_id = ? AND o.id <> ? "
    "AND o.starts_at < ? AND o.ends_at > ?)"
)


class DemoShiftBackend(ShiftBackendBase):
    """Implements core.shift_backend.ShiftBackend over the organisation database."""

    def __init__(self, db: OrgDatabase, audit: AuditLog) -> None:
        super().__init__(db=db, audit=audit, ledger=AppliedChangeLedger(db))
        self._db = db
        self._directory = SqliteDirectory(db)

    # Reading

    async def upcoming_shifts(
        self, person_id: str, *, now: datetime, window: TimeWindow | None = None
    ) -> list[Shift]:
        """The person's shifts starting after `now` (and inside `window`), by start."""
        sql = f"{_SELECT} WHERE s.person_id = ? AND s.starts_at > ?"
        params: list[object] = [person_id, _iso(now)]
        if window is not None:
            sql += " AND s.starts_at >= ? AND s.starts_at < ?"
            params += [_iso(window.start), _iso(window.end)]
        rows = await self._db.fetch_all(sql + " ORDER BY s.starts_at, s.id", params)
        return [_shift(row) for row in rows]

    async def time_cards(
        self, person_id: str, *, start: datetime, end: datetime
    ) -> list[TimeCard]:
        """The person's seeded clock-ins in [start, end), by time."""
        rows = await self._db.fetch_all(
            "SELECT person_id, shift_id, clock_in FROM time_cards WHERE person_id = ? "
            "AND clock_in >= ? AND clock_in < ? ORDER BY clock_in",
            (person_id, _iso(start), _iso(end)),
        )
        return [TimeCard(row["person_id"], row["shift_id"],
                         datetime.fromisoformat(row["clock_in"])) for row in rows]

    async def get_shift(self, shift_id: str) -> Shift | None:
        """A shift by id."""
        row = await self._db.fetch_one(f"{_SELECT} WHERE s.id = ?", (shift_id,))
        return _shift(row) if row else None

    async def shifts_on(self, store_id: str, day: date, tz: tzinfo) -> list[Shift]:
        """The store's shifts starting on local `day`, assigned and open, by start."""
        start = datetime.combine(day, time(), tzinfo=tz)
        end = datetime.combine(day + timedelta(days=1), time(), tzinfo=tz)
        rows = await self._db.fetch_all(
            f"{_SELECT} WHERE s.store_id = ? AND s.starts_at >= ? AND s.starts_at < ? "
            "ORDER BY s.starts_at, label, s.id",
            (store_id, _iso(start), _iso(end)),
        )
        return [_shift(row) for row in rows]

    # Changes

    async def apply(
        self, change: ShiftChange, *, actor: Person, conversation_id: str, now: datetime
    ) -> AppliedChange:
        """Apply a previewed change once, re-checked against current data, and audit it."""
        replay, tz = await self._replay_or_authorize(change, actor)
        if replay is not None:
            return replay
        if change.kind not in (ShiftChangeKind.ASSIGN, ShiftChangeKind.SWAP,
                               ShiftChangeKind.UNASSIGN, ShiftChangeKind.REASSIGN,
                               ShiftChangeKind.MOVE):
            raise ValidationError("A shift cancellation is done by the worker, not applied.")
        try:
            if change.kind is ShiftChangeKind.ASSIGN:
                statements, affected, guard = await self._assign_statements(change, tz, now)
            elif change.kind is ShiftChangeKind.SWAP:
                statements, affected, guard = await self._swap_statements(change, tz, now)
            elif change.kind is ShiftChangeKind.REASSIGN:
                statements, affected, guard = await self._reassign_statements(change, tz, now)
            elif change.kind is ShiftChangeKind.MOVE:
                statements, affected, guard = await self._move_statements(change, tz, now)
            else:
                statements, affected, guard = await self._unassign_statements(change, tz, now)
        except ConflictError:
            # A twin of this confirmation may have applied it a moment ago (a double click):
            # then the schedule "changed" because of this very change, and it is done.
            entry = await self._ledger.find(change.id)
            if entry is not None and entry.applied:
                return entry.as_replay()
            raise
        condition, condition_params = guard
        statements.append(AppliedChangeLedger.applied_statement(
            change_id=change.id, kind=change.kind, store_id=change.store_id, actor_id=actor.id,
            conversation_id=conversation_id, summary=change.summary, shift_ids=affected,
            result=None, now=now, condition=condition, condition_params=condition_params,
        ))
        try:
            await self._db.execute_many(statements)
        except sqlite3.IntegrityError:
            entry = await self._ledger.find(change.id)
            if entry is not None and entry.applied:
                return entry.as_replay()
            raise ConflictError(ErrorCode.SCHEDULE_CHANGED) from None
        logger.info("applied %s change %s", change.kind, change.id)
        return await self._record_change(change, affected, conversation_id=conversation_id,
                                         now=now)

    async def cancel_shift(
        self, *, shift_id: str, worker: Person, reason: str, conversation_id: str,
        request_id: str, now: datetime,
    ) -> Shift:
        """The worker's own upcoming shift becomes an open shift; the reason is audited."""
        done = await self._cancellation_done(worker, request_id)
        if done is not None:
            return done
        key = cancellation_key(worker, request_id)
        try:
            shift, tz, reason = await self._check_cancel(shift_id, worker, reason, now)
        except (ConflictError, PermissionDeniedError, NotFoundError):
            done = await self._cancellation_done(worker, request_id)  # a twin was quicker
            if done is not None:
                return done
            raise
        opened = replace(shift, person_id=None, status=ShiftStatus.OPEN)
        summary = cancellation_summary(worker, shift, tz)
        statements: list[_Statement] = [
            ("UPDATE shifts SET person_id = NULL, status = 'open', updated_at = ? "
             "WHERE id = ? AND person_id = ? AND starts_at > ?",
             (_iso(now), shift.id, worker.id, _iso(now))),
            AppliedChangeLedger.applied_statement(
                change_id=key, kind=ShiftChangeKind.CANCEL, store_id=shift.store_id,
                actor_id=worker.id, conversation_id=conversation_id, summary=summary,
                shift_ids=(shift.id,), result=opened.to_dict(), now=now,
                condition="EXISTS (SELECT 1 FROM shifts WHERE id = ? AND person_id IS NULL "
                          "AND status = 'open')",
                condition_params=(shift.id,),
            ),
        ]
        try:
            await self._db.execute_many(statements)
        except sqlite3.IntegrityError:
            entry = await self._ledger.find(key)
            if entry is not None and entry.applied and entry.result is not None:
                return Shift.from_dict(entry.result)
            raise ConflictError(ErrorCode.SHIFT_CHANGED_WHILE_CANCELLING) from None
        logger.info("shift %s cancelled by its worker", shift.id)
        await self._record_cancel(shift, worker, reason, summary, conversation_id=conversation_id,
                                  request_id=request_id, now=now)
        return opened

    # Statements for apply: (statements, affected shift ids, (guard SQL, guard params))

    async def _assign_statements(
        self, change: ShiftChange, tz: tzinfo, now: datetime
    ) -> _Plan:
        person = await self._require_person(change.person_ids[0], ConflictError)
        checked = await self._check_assignment(
            person, change.shift_ids[0], change.role, tz, now, ConflictError
        )
        statements: list[_Statement]
        if checked.is_open_shift:
            shift_id = checked.shift_id
            statements = [(
                "UPDATE shifts SET person_id = ?, status = 'assigned', updated_at = ? "
                "WHERE id = ? AND status = 'open' AND person_id IS NULL",
                (person.id, _iso(now), shift_id),
            )]
        else:
            shift_id = f"shift-{change.id}"
            statements = [(
                "INSERT INTO shifts (id, store_id, template_id, person_id, role, starts_at, "
                "ends_at, status, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, 'assigned', ?)",
                (shift_id, person.store_id, checked.template_id, person.id, checked.role,
                 _iso(checked.starts_at), _iso(checked.ends_at), _iso(now)),
            )]
        guard = (
            "EXISTS (SELECT 1 FROM shifts WHERE id = ? AND person_id = ? AND status = 'assigned')"
            f" AND {_NO_OVERLAP}",
            (shift_id, person.id, person.id, shift_id, _iso(checked.ends_at),
             _iso(checked.starts_at)),
        )
        return statements, (shift_id,), guard

    async def _swap_statements(
        self, change: ShiftChange, tz: tzinfo, now: datetime
    ) -> _Plan:
        shift_a = await self._require_shift(change.shift_ids[0], ConflictError)
        shift_b = await self._require_shift(change.shift_ids[1], ConflictError)
        if (shift_a.person_id, shift_b.person_id) != change.person_ids:
            raise ConflictError(ErrorCode.SHIFTS_CHANGED_HANDS)
        person_a, person_b = await self._check_swap(shift_a, shift_b, tz, now, ConflictError)
        update = ("UPDATE shifts SET person_id = ?, updated_at = ? "
                  "WHERE id = ? AND person_id = ? AND status = 'assigned'")
        statements: list[_Statement] = [
            (update, (person_b.id, _iso(now), shift_a.id, person_a.id)),
            (update, (person_a.id, _iso(now), shift_b.id, person_b.id)),
        ]
        held = "EXISTS (SELECT 1 FROM shifts WHERE id = ? AND person_id = ?)"
        guard = (
            f"{held} AND {held} AND {_NO_OVERLAP} AND {_NO_OVERLAP}",
            (shift_a.id, person_b.id, shift_b.id, person_a.id,
             person_b.id, shift_a.id, _iso(shift_a.ends_at), _iso(shift_a.starts_at),
             person_a.id, shift_b.id, _iso(shift_b.ends_at), _iso(shift_b.starts_at)),
        )
        return statements, (shift_a.id, shift_b.id), guard

    async def _reassign_statements(
        self, change: ShiftChange, tz: tzinfo, now: datetime
    ) -> _Plan:
        # One guarded UPDATE: the shift goes from holder to taker or stays where it was.
        shift = await self._require_shift(change.shift_ids[0], ConflictError)
        holder_id, taker_id = change.person_ids
        if shift.person_id != holder_id:
            raise ConflictError(ErrorCode.SHIFT_CHANGED_HANDS)
        taker = await self._require_person(taker_id, ConflictError)
        await self._check_reassign(shift, taker, tz, now, ConflictError)
        statements: list[_Statement] = [(
            "UPDATE shifts SET person_id = ?, updated_at = ? "
            "WHERE id = ? AND person_id = ? AND status = 'assigned'",
            (taker.id, _iso(now), shift.id, holder_id),
        )]
        guard = (
            f"EXISTS (SELECT 1 FROM shifts WHERE id = ? AND person_id = ?) AND {_NO_OVERLAP}",
            (shift.id, taker.id, taker.id, shift.id, _iso(shift.ends_at), _iso(shift.starts_at)),
        )
        return statements, (shift.id,), guard

    async def _move_statements(
        self, change: ShiftChange, tz: tzinfo, now: datetime
    ) -> _Plan:
        # The shift itself takes the new hours (and fills the open shift it moves to), in the
        # one transaction: its holder is on the old slot or the new one, never both or neither.
        shift = await self._require_shift(change.shift_ids[0], ConflictError)
        holder_id = change.person_ids[0]
        if shift.person_id != holder_id:
            raise ConflictError(ErrorCode.SHIFT_CHANGED_HANDS)
        _, target = await self._check_move(shift, change.shift_ids[1], tz, now, ConflictError)
        statements: list[_Statement] = [(
            "UPDATE shifts SET starts_at = ?, ends_at = ?, template_id = ?, role = ?, "
            "updated_at = ? WHERE id = ? AND person_id = ? AND status = 'assigned' "
            "AND starts_at = ? AND starts_at > ?",
            (_iso(target.starts_at), _iso(target.ends_at), target.template_id, shift.role,
             _iso(now), shift.id, holder_id, _iso(shift.starts_at), _iso(now)),
        )]
        filled = "1"
        params: tuple[object, ...] = ()
        if target.is_open_shift:
            statements.append((
                "DELETE FROM shifts WHERE id = ? AND status = 'open' AND person_id IS NULL",
                (target.shift_id,),
            ))
            filled, params = "NOT EXISTS (SELECT 1 FROM shifts WHERE id = ?)", (target.shift_id,)
        guard = (
            "EXISTS (SELECT 1 FROM shifts WHERE id = ? AND person_id = ? AND starts_at = ?) "
            f"AND {_NO_OVERLAP} AND {filled}",
            (shift.id, holder_id, _iso(target.starts_at), holder_id, shift.id,
             _iso(target.ends_at), _iso(target.starts_at), *params),
        )
        return statements, (shift.id,), guard

    async def _unassign_statements(
        self, change: ShiftChange, tz: tzinfo, now: datetime
    ) -> _Plan:
        shift = await self._require_shift(change.shift_ids[0], ConflictError)
        if shift.person_id != change.person_ids[0]:
            raise ConflictError(ErrorCode.SHIFT_CHANGED_HANDS)
        holder = await self._check_unassign(shift, tz, now, ConflictError)
        statements: list[_Statement] = [(
            "UPDATE shifts SET person_id = NULL, status = 'open', updated_at = ? "
            "WHERE id = ? AND person_id = ?",
            (_iso(now), shift.id, holder.id),
        )]
        guard = (
            "EXISTS (SELECT 1 FROM shifts WHERE id = ? AND person_id IS NULL AND status = 'open')",
            (shift.id,),
        )
        return statements, (shift.id,), guard

    # Data access for the shared checks

    async def _person(self, person_id: str) -> Person | None:
        return await self._directory.get(person_id)

    async def _assigned_between(
        self, person: Person, start: datetime, end: datetime
    ) -> list[Shift]:
        rows = await self._db.fetch_all(
            f"{_SELECT} WHERE s.person_id = ? AND s.status = 'assigned' AND s.starts_at >= ? "
            "AND s.starts_at < ? ORDER BY s.starts_at",
            (person.id, _iso(start), _iso(end)),
        )
        return [_shift(row) for row in rows]


def _iso(moment: datetime) -> str:
    """The stored form of a time: UTC ISO 8601 to the second, as the demo seed writes it."""
    return moment.astimezone(UTC).isoformat(timespec="seconds")


def _shift(row: aiosqlite.Row) -> Shift:
    return Shift(
        id=row["id"],
        store_id=row["store_id"],
        person_id=row["person_id"],
        role=row["role"],
        starts_at=datetime.fromisoformat(row["starts_at"]),
        ends_at=datetime.fromisoformat(row["ends_at"]),
        template_id=row["template_id"],
        label=row["label"] or "",
        status=ShiftStatus(row["status"]),
    )
