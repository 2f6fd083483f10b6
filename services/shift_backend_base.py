"""What the shift backends share: candidates, previews, and the checks a change must pass, written
once against a few data-access methods that each backend provides.

The same checks run twice: at preview they raise ValidationError (the manager asked for something
that does not work), at apply ConflictError (it worked when previewed, current data no longer
allows it). Templates, work rules and time zones come from the organisation database
(`ScheduleReference`) for both backends; applied change ids live in the backend's ledger.
"""

from __future__ import annotations

import logging
from abc import ABC, abstractmethod
from datetime import date, datetime, time, timedelta, tzinfo

from core.audit_log import AuditLog
from core.audit_record import AuditRecord
from core.candidate_generator import assess_candidate, generate_candidates
from core.directory import Directory
from core.errors import EraError, ErrorCode, NotFoundError, PermissionDeniedError, ValidationError
from core.person import Person
from core.shift import Shift
from core.shift_candidate import ShiftCandidate, parse_template_day_id
from core.shift_change import AppliedChange, ShiftChange
from core.shift_permissions import require_own_upcoming_shift, require_store_manager
from core.work_rules import same_role
from services.applied_change_ledger import AppliedChangeLedger
from services.org_database import OrgDatabase
from services.schedule_reference import ScheduleReference
from services.stored_change_ledger import StoredChangeLedger

logger = logging.getLogger(__name__)


class ShiftBackendBase(ABC):
    """Candidates, previews and checks over the data-access methods below."""

    def __init__(
        self, *, db: OrgDatabase, audit: AuditLog,
        ledger: AppliedChangeLedger | StoredChangeLedger, directory: Directory | None = None,
    ) -> None:
        self._audit = audit
        self._reference = ScheduleReference(db, directory)
        self._ledger = ledger

    # Data access each backend provides

    @abstractmethod
    async def get_shift(self, shift_id: str) -> Shift | None:
        """A shift (assigned or open) by id, or None."""

    @abstractmethod
    async def shifts_on(self, store_id: str, day: date, tz: tzinfo) -> list[Shift]:
        """The store's shifts starting on local `day`, by start."""

    async def shifts_between(
        self, person_id: str, *, start: datetime, end: datetime
    ) -> list[Shift]:
        """The person's assigned shifts starting in [start, end), past ones included."""
        person = await self._person(person_id)
        if person is None or end <= start:
            return []
        return await self._assigned_between(person, start, end)

    async def _cancellation_done(self, worker: Person, request_id: str) -> Shift | None:
        """The open shift a cancellation with this request id already made, if it ran."""
        key = cancellation_key(worker, request_id)
        entry = await self._ledger.find(key)
        if entry is not None and entry.applied and entry.result is not None:
            logger.info("cancellation %s was already done; not repeating it", key)
            return Shift.from_dict(entry.result)
        return None

    @abstractmethod
    async def _person(self, person_id: str) -> Person | None:
        """A person by directory id."""

    @abstractmethod
    async def _assigned_between(
        self, person: Person, start: datetime, end: datetime
    ) -> list[Shift]:
        """The person's assigned shifts starting in [start, end)."""

    async def _qualified(self, person: Person) -> Person:
        """The person with every role the schedule knows them for (the directory's by default)."""
        return person

    # Candidates and previews

    async def candidates(
        self, *, person: Person, day: date, role: str | None, now: datetime
    ) -> list[ShiftCandidate]:
        """Templates and open shifts of the person's store on `day`, each with its fit."""
        tz = await self._reference.timezone(person.store_id)
        open_shifts = [s for s in await self.shifts_on(person.store_id, day, tz) if s.is_open]
        return generate_candidates(
            person=await self._qualified(person),
            rules=await self._reference.work_rules(person.id),
            day=day,
            role=role,
            tz=tz,
            templates=await self._reference.templates(person.store_id),
            open_shifts=open_shifts,
            their_shifts=await self._week_around(person, day, tz),
            now=now,
        )

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
            raise ValidationError(ErrorCode.SWAP_SAME_SHIFT)
        if current_a.store_id != current_b.store_id:
            raise ValidationError(ErrorCode.SWAP_ACROSS_STORES)
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

    async def preview_reassign(
        self, *, actor: Person, shift: Shift, person: Person, now: datetime
    ) -> ShiftChange:
        """The holder of `shift` hands it to `person`, checked against current data."""
        current = await self._require_shift(shift.id, ValidationError)
        store = await self._reference.store(current.store_id)
        require_store_manager(actor, store)
        tz = await self._reference.timezone(store.id)
        holder = await self._check_reassign(current, person, tz, now, ValidationError)
        return ShiftChange.reassign(actor=actor, shift=current, holder=holder, person=person,
                                    tz=tz, now=now)

    async def move_candidates(
        self, *, shift: Shift, day: date, now: datetime
    ) -> list[ShiftCandidate]:
        """The holder's candidates on `day` in the shift's role, counted without `shift`."""
        holder = await self._person(shift.person_id) if shift.person_id else None
        if holder is None:
            return []
        tz = await self._reference.timezone(shift.store_id)
        open_shifts = [s for s in await self.shifts_on(shift.store_id, day, tz) if s.is_open]
        candidates = generate_candidates(
            person=await self._qualified(holder),
            rules=await self._reference.work_rules(holder.id),
            day=day,
            role=shift.role,
            tz=tz,
            templates=await self._reference.templates(shift.store_id),
            open_shifts=open_shifts,
            their_shifts=[s for s in await self._week_around(holder, day, tz)
                          if s.id != shift.id],
            now=now,
        )
        return [c for c in candidates
                if (c.starts_at, c.ends_at) != (shift.starts_at, shift.ends_at)]

    async def preview_move(
        self, *, actor: Person, shift: Shift, candidate: ShiftCandidate, now: datetime
    ) -> ShiftChange:
        """The holder of `shift` moves to `candidate`, checked against current data."""
        current = await self._require_shift(shift.id, ValidationError)
        store = await self._reference.store(current.store_id)
        require_store_manager(actor, store)
        tz = await self._reference.timezone(store.id)
        holder, target = await self._check_move(current, candidate.shift_id, tz, now,
                                                ValidationError)
        return ShiftChange.move(actor=actor, shift=current, holder=holder, target=target,
                                tz=tz, now=now)

    async def cover_fit(self, *, person: Person, shift: Shift, now: datetime) -> ShiftCandidate:
        """Whether `person` could work `shift` (open or someone else's) in its role: the work
        rules, qualification and their other shifts that week; the shift itself is not counted
        as theirs. The one check behind "who could cover" and a reassignment."""
        tz = await self._reference.timezone(shift.store_id)
        base = ShiftCandidate(shift.id, shift.template_id, shift.label, shift.role,
                              shift.starts_at, shift.ends_at)
        return assess_candidate(
            person=await self._qualified(person),
            rules=await self._reference.work_rules(person.id),
            candidate=base,
            role=shift.role,
            tz=tz,
            their_shifts=await self._week_around(person, shift.starts_at.astimezone(tz).date(),
                                                 tz),
            now=now,
        )

    # Checks before applying

    async def _replay_or_authorize(
        self, change: ShiftChange, actor: Person
    ) -> tuple[AppliedChange | None, tzinfo]:
        """The earlier result when this change was applied already; otherwise checks that the
        actor may apply it. Returns (replay or None, the store's time zone)."""
        tz = await self._reference.timezone(change.store_id)
        entry = await self._ledger.find(change.id)
        if entry is not None and entry.applied:
            logger.info("change %s was already applied; not applying it again", change.id)
            return entry.as_replay(), tz
        if actor.id != change.actor_id:
            raise PermissionDeniedError(ErrorCode.CHANGE_NOT_YOURS)
        require_store_manager(actor, await self._reference.store(change.store_id))
        return None, tz

    async def _check_cancel(
        self, shift_id: str, worker: Person, reason: str, now: datetime
    ) -> tuple[Shift, tzinfo, str]:
        """The worker's own upcoming shift, its store's time zone and the tidied reason."""
        shift = await self.get_shift(shift_id)
        if shift is None:
            raise NotFoundError(ErrorCode.SHIFT_NOT_FOUND, shift_id=shift_id)
        tz = await self._reference.timezone(shift.store_id)
        require_own_upcoming_shift(worker, shift, now=now, tz=tz)
        reason = " ".join(reason.split())
        if not reason:
            raise ValidationError(ErrorCode.REASON_REQUIRED)
        return shift, tz, reason

    async def _check_assignment(
        self, person: Person, shift_id: str, role: str, tz: tzinfo, now: datetime,
        error: type[EraError], *, leaving: str | None = None,
    ) -> ShiftCandidate:
        """The candidate for `shift_id` rebuilt from current data and checked for `person`
        (without their shift `leaving`, when they are moving from it)."""
        role = " ".join(role.split())
        template_day = parse_template_day_id(shift_id)
        if template_day is not None:
            template_id, day = template_day
            template = next((t for t in await self._reference.templates(person.store_id)
                             if t.id == template_id), None)
            if template is None:
                raise error(ErrorCode.TEMPLATE_GONE)
            starts_at, ends_at = template.occurrence(day, tz)
            base = ShiftCandidate(shift_id, template.id, template.name, role, starts_at, ends_at)
        else:
            shift = await self._require_shift(shift_id, error)
            if shift.store_id != person.store_id:
                raise error(ErrorCode.SHIFT_AT_ANOTHER_STORE, name=person.name)
            if not shift.is_open:
                holder = await self._name_of(shift.person_id)
                raise error(ErrorCode.SHIFT_TAKEN, shift=shift, tz=tz, holder=holder)
            if role and not same_role(role, shift.role):
                raise error(ErrorCode.OPEN_SHIFT_OTHER_ROLE, shift_role=shift.role, role=role)
            role = shift.role
            base = ShiftCandidate(shift.id, shift.template_id, shift.label, role,
                                  shift.starts_at, shift.ends_at)
        if not role:
            raise ValidationError(ErrorCode.ROLE_REQUIRED, name=person.name)
        checked = assess_candidate(
            person=await self._qualified(person),
            rules=await self._reference.work_rules(person.id),
            candidate=base,
            role=role,
            tz=tz,
            their_shifts=[s for s in await self._week_around(
                person, base.starts_at.astimezone(tz).date(), tz) if s.id != leaving],
            now=now,
        )
        if not checked.fits:
            raise error(ErrorCode.SHIFT_DOES_NOT_FIT, name=person.name, shift=checked, tz=tz,
                        reason=checked.fit_details)
        return checked

    async def _check_swap(
        self, shift_a: Shift, shift_b: Shift, tz: tzinfo, now: datetime, error: type[EraError]
    ) -> tuple[Person, Person]:
        """Both shifts assigned to two different people, not started, and each fits the other."""
        for shift in (shift_a, shift_b):
            if shift.is_open:
                raise error(ErrorCode.SWAP_OPEN_SHIFT, shift=shift, tz=tz)
            if shift.has_started(now):
                raise error(ErrorCode.SWAP_STARTED, shift=shift, tz=tz)
        if shift_a.person_id == shift_b.person_id:
            raise error(ErrorCode.SWAP_SAME_PERSON)
        person_a = await self._require_person(shift_a.person_id, error)
        person_b = await self._require_person(shift_b.person_id, error)
        problems = []
        for taker, giving, taking in ((person_a, shift_a, shift_b), (person_b, shift_b, shift_a)):
            rules = await self._reference.work_rules(taker.id)
            others = [s for s in await self._week_around(
                taker, taking.starts_at.astimezone(tz).date(), tz) if s.id != giving.id]
            findings = rules.check(
                person=await self._qualified(taker), role=taking.role,
                starts_at=taking.starts_at, ends_at=taking.ends_at, tz=tz, now=now,
                other_shifts=others,
            )
            if findings:
                problems.append({"name": taker.name, "shift": taking,
                                 "reason": tuple(f.to_details() for f in findings)})
        if problems:
            raise error(ErrorCode.SWAP_DOES_NOT_WORK, problems=problems, tz=tz)
        return person_a, person_b

    async def _check_unassign(
        self, shift: Shift, tz: tzinfo, now: datetime, error: type[EraError]
    ) -> Person:
        """An assigned shift that has not started; returns its holder."""
        if shift.is_open:
            raise error(ErrorCode.SHIFT_ALREADY_OPEN, shift=shift, tz=tz)
        if shift.has_started(now):
            raise error(ErrorCode.UNASSIGN_STARTED, shift=shift, tz=tz)
        return await self._require_person(shift.person_id, error)

    async def _check_reassign(
        self, shift: Shift, person: Person, tz: tzinfo, now: datetime, error: type[EraError]
    ) -> Person:
        """An assigned shift that has not started, someone else of its store to take it, who
        fits it; returns its holder."""
        holder = await self._check_unassign(shift, tz, now, error)
        if holder.id == person.id:
            raise error(ErrorCode.REASSIGN_SAME_PERSON, name=person.name)
        if person.store_id != shift.store_id:
            raise error(ErrorCode.SHIFT_AT_ANOTHER_STORE, name=person.name)
        checked = await self.cover_fit(person=person, shift=shift, now=now)
        if not checked.fits:
            # Whose shift it is, said too: the one who would come off it stays on it.
            raise error(ErrorCode.REASSIGN_DOES_NOT_FIT, name=person.name, holder=holder.name,
                        shift=checked, tz=tz, reason=checked.fit_details)
        return holder

    async def _check_move(
        self, shift: Shift, target_id: str, tz: tzinfo, now: datetime, error: type[EraError]
    ) -> tuple[Person, ShiftCandidate]:
        """An assigned shift that has not started, and a slot of its role its holder could work
        instead (their other shifts counted, not this one); returns (holder, the slot)."""
        holder = await self._check_unassign(shift, tz, now, error)
        target = await self._check_assignment(holder, target_id, shift.role, tz, now, error,
                                              leaving=shift.id)
        if (target.starts_at, target.ends_at) == (shift.starts_at, shift.ends_at):
            raise error(ErrorCode.MOVE_SAME_SHIFT, name=holder.name)
        return holder, target

    # Helpers

    async def _week_around(self, person: Person, day: date, tz: tzinfo) -> list[Shift]:
        """The person's assigned shifts from the Sunday before the week of `day` to the Monday
        after it: the whole week for the hour limit, plus neighbours that could overlap."""
        monday = day - timedelta(days=day.weekday())
        start = datetime.combine(monday - timedelta(days=1), time(), tzinfo=tz)
        end = datetime.combine(monday + timedelta(days=8), time(), tzinfo=tz)
        return await self._assigned_between(person, start, end)

    async def _require_shift(self, shift_id: str, error: type[EraError]) -> Shift:
        shift = await self.get_shift(shift_id)
        if shift is None:
            raise error(ErrorCode.SHIFT_NO_LONGER_EXISTS, shift_id=shift_id)
        return shift

    async def _require_person(self, person_id: str | None, error: type[EraError]) -> Person:
        person = await self._person(person_id) if person_id else None
        if person is None:
            raise error(ErrorCode.HOLDER_NOT_IN_DIRECTORY)
        return person

    async def _name_of(self, person_id: str | None) -> str:
        person = await self._person(person_id) if person_id else None
        return person.name if person else "someone else"

    async def _record_change(
        self, change: ShiftChange, affected: tuple[str, ...], *, conversation_id: str,
        now: datetime,
    ) -> AppliedChange:
        """Audit an applied change; returns its AppliedChange."""
        await self._record(AuditRecord(
            at=now, actor_id=change.actor_id, action=f"shift.{change.kind}",
            target=",".join(affected),
            details={"change_id": change.id, "summary": change.summary, "role": change.role,
                     "shift_ids": list(affected), "person_ids": list(change.person_ids),
                     "store_id": change.store_id},
            conversation_id=conversation_id,
        ))
        return AppliedChange(change_id=change.id, kind=change.kind, shift_ids=affected,
                             already_applied=False, summary=change.summary)

    async def _record_cancel(
        self, shift: Shift, worker: Person, reason: str, summary: str, *, conversation_id: str,
        request_id: str, now: datetime,
    ) -> None:
        """Audit a worker's cancellation: who, which shift, why, for which manager."""
        await self._record(AuditRecord(
            at=now, actor_id=worker.id, action="shift.cancel", target=shift.id,
            details={"reason": reason, "summary": summary, "role": shift.role,
                     "starts_at": shift.starts_at.isoformat(),
                     "ends_at": shift.ends_at.isoformat(), "store_id": shift.store_id,
                     "manager_id": worker.manager_id, "request_id": request_id},
            conversation_id=conversation_id,
        ))

    async def _record(self, record: AuditRecord) -> None:
        # The change is committed by now: a failing audit write must not make it look failed to
        # the user (who would retry); the log line keeps what the entry would have said.
        try:
            await self._audit.record(record)
        except Exception:
            logger.exception("audit write failed: %s by %s on %s", record.action,
                             record.actor_id, record.target)


def cancellation_key(worker: Person, request_id: str) -> str:
    """The applied-change id of a worker's cancellation request."""
    return f"cancel:{worker.id}:{request_id}"


def cancellation_summary(worker: Person, shift: Shift, tz: tzinfo) -> str:
    """"Bob Smith cancelled Thu 26 Nov, Evening 20:00-23:00 (cashier)"."""
    return f"{worker.name} cancelled {shift.local_label(tz)} ({shift.role})"
