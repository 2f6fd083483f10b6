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
from core.audit_record import AuditRecord
from core.candidate_generator import assess_candidate, generate_candidates
from core.errors import (
    ConflictError,
    EraError,
    NotFoundError,
    PermissionDeniedError,
    ValidationError,
)
from core.person import Person
from core.shift import Shift, ShiftStatus
from core.shift_candidate import ShiftCandidate, parse_template_day_id
from core.shift_change import AppliedChange, ShiftChange, ShiftChangeKind
from core.shift_permissions import require_own_upcoming_shift, require_store_manager
from core.time_window import TimeWindow
from core.work_rules import describe, same_role
from services.applied_change_ledger import AppliedChangeLedger
from services.org_database import OrgDatabase
from services.org_write_lock import write_lock
from services.schedule_reference import ScheduleReference
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


class DemoShiftBackend:
    """Implements core.shift_backend.ShiftBackend over the organisation database."""

    def __init__(self, db: OrgDatabase, audit: AuditLog) -> None:
        self._db = db
        self._audit = audit
        self._directory = SqliteDirectory(db)
        self._reference = ScheduleReference(db)
        self._ledger = AppliedChangeLedger(db)

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

    async def candidates(
        self, *, person: Person, day: date, role: str | None, now: datetime
    ) -> list[ShiftCandidate]:
        """Templates and open shifts of the person's store on `day`, each with its fit."""
        tz = await self._reference.timezone(person.store_id)
        open_shifts = [s for s in await self.shifts_on(person.store_id, day, tz) if s.is_open]
        return generate_candidates(
            person=person,
            rules=await self._reference.work_rules(person.id),
            day=day,
            role=role,
            tz=tz,
            templates=await self._reference.templates(person.store_id),
            open_shifts=open_shifts,
            their_shifts=await self._week_around(person.id, day, tz),
            now=now,
        )

    # Previews

    async def preview_assign(
        self, *, actor: Person, person: Person, candidate: ShiftCandidate, role: str,
        now: datetime,
    ) -> ShiftChange:
        """Give `person` the candidate in `role`, checked against current data."""
        store = await self._reference.store(person.store_id)
        require_store_manager(actor, store)
        tz = await self._reference.timezone(store.id)
        checked = await self._check_assignment(
            person, candidate.shift_id, role or candidate.role, tz, now, ValidationError
        )
        return ShiftChange.assign(
            actor=actor, person=person, candidate=checked, role=checked.role, tz=tz, now=now
        )

    async def preview_swap(
        self, *, actor: Person, shift_a: Shift, shift_b: Shift, now: datetime
    ) -> ShiftChange:
        """The holders of two assigned shifts exchange them."""
        current_a = await self._require_shift(shift_a.id, ValidationError)
        current_b = await self._require_shift(shift_b.id, ValidationError)
        if current_a.id == current_b.id:
            raise ValidationError("Pick two different shifts to swap.")
        if current_a.store_id != current_b.store_id:
            raise ValidationError("Shifts can only be swapped within one store.")
        store = await self._reference.store(current_a.store_id)
        require_store_manager(actor, store)
        tz = await self._reference.timezone(store.id)
        person_a, person_b = await self._check_swap(current_a, current_b, tz, now,
                                                    ValidationError)
        return ShiftChange.swap(
            actor=actor, shift_a=current_a, person_a=person_a, shift_b=current_b,
            person_b=person_b, tz=tz, now=now,
        )

    async def preview_unassign(self, *, actor: Person, shift: Shift, now: datetime) -> ShiftChange:
        """Take the holder off `shift`; it becomes open."""
        current = await self._require_shift(shift.id, ValidationError)
        store = await self._reference.store(current.store_id)
        require_store_manager(actor, store)
        tz = await self._reference.timezone(store.id)
        holder = await self._check_unassign(current, tz, now, ValidationError)
        return ShiftChange.unassign(actor=actor, shift=current, holder=holder, tz=tz, now=now)

    # Changes

    async def apply(
        self, change: ShiftChange, *, actor: Person, conversation_id: str, now: datetime
    ) -> AppliedChange:
        """Apply a previewed change once, re-checked against current data, and audit it."""
        entry = await self._ledger.find(change.id)
        if entry is not None and entry.applied:
            logger.info("change %s was already applied; not applying it again", change.id)
            return entry.as_replay()
        if actor.id != change.actor_id:
            raise PermissionDeniedError("Only the manager who previewed this change can apply it.")
        store = await self._reference.store(change.store_id)
        require_store_manager(actor, store)
        tz = await self._reference.timezone(store.id)
        if change.kind is ShiftChangeKind.ASSIGN:
            statements, affected, guard = await self._assign_statements(change, tz, now)
        elif change.kind is ShiftChangeKind.SWAP:
            statements, affected, guard = await self._swap_statements(change, tz, now)
        elif change.kind is ShiftChangeKind.UNASSIGN:
            statements, affected, guard = await self._unassign_statements(change, tz, now)
        else:
            raise ValidationError("A shift cancellation is done by the worker, not applied.")
        condition, condition_params = guard
        statements.append(self._ledger.applied_statement(
            change_id=change.id, kind=change.kind, store_id=change.store_id, actor_id=actor.id,
            conversation_id=conversation_id, summary=change.summary, shift_ids=affected,
            result=None, now=now, condition=condition, condition_params=condition_params,
        ))
        try:
            async with write_lock(self._db):
                await self._db.execute_many(statements)
        except sqlite3.IntegrityError:
            entry = await self._ledger.find(change.id)
            if entry is not None and entry.applied:
                return entry.as_replay()
            raise ConflictError(
                "The schedule changed while this was being applied. Please preview it again."
            ) from None
        logger.info("applied %s change %s", change.kind, change.id)
        await self._record(AuditRecord(
            at=now, actor_id=actor.id, action=f"shift.{change.kind}", target=",".join(affected),
            details={"change_id": change.id, "summary": change.summary, "role": change.role,
                     "shift_ids": list(affected), "person_ids": list(change.person_ids),
                     "store_id": change.store_id},
            conversation_id=conversation_id,
        ))
        return AppliedChange(change_id=change.id, kind=change.kind, shift_ids=affected,
                             already_applied=False, summary=change.summary)

    async def cancel_shift(
        self, *, shift_id: str, worker: Person, reason: str, conversation_id: str,
        request_id: str, now: datetime,
    ) -> Shift:
        """The worker's own upcoming shift becomes an open shift; the reason is audited."""
        key = f"cancel:{worker.id}:{request_id}"
        entry = await self._ledger.find(key)
        if entry is not None and entry.applied and entry.result is not None:
            logger.info("cancellation %s was already done; not repeating it", key)
            return Shift.from_dict(entry.result)
        shift = await self.get_shift(shift_id)
        if shift is None:
            raise NotFoundError("I can't find that shift.")
        tz = await self._reference.timezone(shift.store_id)
        require_own_upcoming_shift(worker, shift, now=now, tz=tz)
        reason = " ".join(reason.split())
        if not reason:
            raise ValidationError("Please tell me why you can't work this shift.")
        opened = replace(shift, person_id=None, status=ShiftStatus.OPEN)
        summary = f"{worker.name} cancelled {shift.local_label(tz)} ({shift.role})"
        statements: list[_Statement] = [
            ("UPDATE shifts SET person_id = NULL, status = 'open', updated_at = ? "
             "WHERE id = ? AND person_id = ? AND starts_at > ?",
             (_iso(now), shift.id, worker.id, _iso(now))),
            self._ledger.applied_statement(
                change_id=key, kind=ShiftChangeKind.CANCEL, store_id=shift.store_id,
                actor_id=worker.id, conversation_id=conversation_id, summary=summary,
                shift_ids=(shift.id,), result=opened.to_dict(), now=now,
                condition="EXISTS (SELECT 1 FROM shifts WHERE id = ? AND person_id IS NULL "
                          "AND status = 'open')",
                condition_params=(shift.id,),
            ),
        ]
        try:
            async with write_lock(self._db):
                await self._db.execute_many(statements)
        except sqlite3.IntegrityError:
            entry = await self._ledger.find(key)
            if entry is not None and entry.applied and entry.result is not None:
                return Shift.from_dict(entry.result)
            raise ConflictError(
                "That shift changed while it was being cancelled. Please try again."
            ) from None
        logger.info("shift %s cancelled by its worker", shift.id)
        await self._record(AuditRecord(
            at=now, actor_id=worker.id, action="shift.cancel", target=shift.id,
            details={"reason": reason, "summary": summary, "role": shift.role,
                     "starts_at": shift.starts_at.isoformat(),
                     "ends_at": shift.ends_at.isoformat(), "store_id": shift.store_id,
                     "manager_id": worker.manager_id, "request_id": request_id},
            conversation_id=conversation_id,
        ))
        return opened

    # Checks shared by preview (ValidationError) and apply (ConflictError)

    async def _check_assignment(
        self, person: Person, shift_id: str, role: str, tz: tzinfo, now: datetime,
        error: type[EraError],
    ) -> ShiftCandidate:
        """The candidate for `shift_id` rebuilt from current data and checked for `person`."""
        role = " ".join(role.split())
        template_day = parse_template_day_id(shift_id)
        if template_day is not None:
            template_id, day = template_day
            template = next((t for t in await self._reference.templates(person.store_id)
                             if t.id == template_id), None)
            if template is None:
                raise error("That shift template does not exist at this store any more.")
            starts_at, ends_at = template.occurrence(day, tz)
            base = ShiftCandidate(shift_id, template.id, template.name, role, starts_at, ends_at)
        else:
            shift = await self._require_shift(shift_id, error)
            if shift.store_id != person.store_id:
                raise error(f"That shift is at another store than {person.name}'s.")
            if not shift.is_open:
                holder = await self._name_of(shift.person_id)
                raise error(f"{shift.local_label(tz)} is already taken by {holder}.")
            if role and not same_role(role, shift.role):
                raise error(f"That open shift is for {shift.role}, not {role}.")
            role = shift.role
            base = ShiftCandidate(shift.id, shift.template_id, shift.label, role,
                                  shift.starts_at, shift.ends_at)
        if not role:
            raise ValidationError(f"Which role should {person.name} work in that shift?")
        checked = assess_candidate(
            person=person, rules=await self._reference.work_rules(person.id), candidate=base,
            role=role, tz=tz, their_shifts=await self._week_around(
                person.id, base.starts_at.astimezone(tz).date(), tz),
            now=now,
        )
        if not checked.fits:
            raise error(f"{person.name} can't take {checked.local_label(tz)}: {checked.reason}.")
        return checked

    async def _check_swap(
        self, shift_a: Shift, shift_b: Shift, tz: tzinfo, now: datetime, error: type[EraError]
    ) -> tuple[Person, Person]:
        """Both shifts assigned to two different people, not started, and each fits the other."""
        for shift in (shift_a, shift_b):
            if shift.is_open:
                raise error(f"{shift.local_label(tz)} is an open shift; only assigned shifts can "
                            "be swapped.")
            if shift.has_started(now):
                raise error(f"{shift.local_label(tz)} has already started, so it can't be "
                            "swapped.")
        if shift_a.person_id == shift_b.person_id:
            raise error("Both shifts belong to the same person; pick shifts of two people.")
        person_a = await self._require_person(shift_a.person_id, error)
        person_b = await self._require_person(shift_b.person_id, error)
        problems = []
        for taker, giving, taking in ((person_a, shift_a, shift_b), (person_b, shift_b, shift_a)):
            rules = await self._reference.work_rules(taker.id)
            others = [s for s in await self._week_around(
                taker.id, taking.starts_at.astimezone(tz).date(), tz) if s.id != giving.id]
            findings = rules.check(person=taker, role=taking.role, starts_at=taking.starts_at,
                                   ends_at=taking.ends_at, tz=tz, now=now, other_shifts=others)
            if findings:
                problems.append(
                    f"{taker.name} can't take {taking.local_label(tz)}: {describe(findings)}"
                )
        if problems:
            raise error("That swap doesn't work. " + ". ".join(problems) + ".")
        return person_a, person_b

    async def _check_unassign(
        self, shift: Shift, tz: tzinfo, now: datetime, error: type[EraError]
    ) -> Person:
        """An assigned shift that has not started; returns its holder."""
        if shift.is_open:
            raise error(f"{shift.local_label(tz)} is already an open shift.")
        if shift.has_started(now):
            raise error(f"{shift.local_label(tz)} has already started, so it can't be unassigned.")
        return await self._require_person(shift.person_id, error)

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
            raise ConflictError("One of those shifts changed hands since the preview. Please "
                                "preview the swap again.")
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

    async def _unassign_statements(
        self, change: ShiftChange, tz: tzinfo, now: datetime
    ) -> _Plan:
        shift = await self._require_shift(change.shift_ids[0], ConflictError)
        if shift.person_id != change.person_ids[0]:
            raise ConflictError("That shift changed hands since the preview. Please preview "
                                "it again.")
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

    # Helpers

    async def _week_around(self, person_id: str, day: date, tz: tzinfo) -> list[Shift]:
        """The person's assigned shifts from the Sunday before the week of `day` to the Monday
        after it: the whole week for the hour limit, plus neighbours that could overlap."""
        monday = day - timedelta(days=day.weekday())
        start = datetime.combine(monday - timedelta(days=1), time(), tzinfo=tz)
        end = datetime.combine(monday + timedelta(days=8), time(), tzinfo=tz)
        rows = await self._db.fetch_all(
            f"{_SELECT} WHERE s.person_id = ? AND s.status = 'assigned' AND s.starts_at >= ? "
            "AND s.starts_at < ? ORDER BY s.starts_at",
            (person_id, _iso(start), _iso(end)),
        )
        return [_shift(row) for row in rows]

    async def _require_shift(self, shift_id: str, error: type[EraError]) -> Shift:
        shift = await self.get_shift(shift_id)
        if shift is None:
            raise error("That shift no longer exists.")
        return shift

    async def _require_person(self, person_id: str | None, error: type[EraError]) -> Person:
        person = await self._directory.get(person_id) if person_id else None
        if person is None:
            raise error("The person on that shift is not in the directory.")
        return person

    async def _name_of(self, person_id: str | None) -> str:
        person = await self._directory.get(person_id) if person_id else None
        return person.name if person else "someone else"

    async def _record(self, record: AuditRecord) -> None:
        # The change is committed by now: a failing audit write must not make it look failed to
        # the user (who would retry); the log line keeps what the entry would have said.
        try:
            await self._audit.record(record)
        except Exception:
            logger.exception("audit write failed: %s by %s on %s", record.action,
                             record.actor_id, record.target)


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
