"""The shift backend on Microsoft Teams Shifts, through Graph v1.0 with an app token.

One team's schedule is one store's (`team_id` ↔ `store_id`). Graph gives the shifts
(/teams/{id}/schedule/shifts), the open shifts (openShifts, with a slot count) and the roles
(schedulingGroups, whose userIds also say who may work them). People map to Graph users through
Person.aad_object_id. Graph has no shift templates, weekly hour limits or weekday availability,
so those come from the organisation database, as for the demo backend; only published
(sharedShift) shifts count. Shifts ERA creates are published directly (sharedShift, no draft).

Graph cannot share a transaction with SQLite, so a change is applied as: claim its id in the
applied_changes table, make the Graph calls (undoing the first call when the second fails), then
mark it applied; a failed apply releases the claim.

Acting identity: with an application token every Shifts call names the user it acts as in
MS-APP-ACTS-AS (api-reference/v1.0/api/schedule-list-shifts.md and every Shifts page), and Shifts
lets only team owners write shifts and open shifts. So every call, read or write, acts as the
configured schedule owner (ERA_GRAPH_SHIFTS_OWNER_ID), whoever asked; ERA's own checks
(core.shift_permissions) decide who may ask for what. With `cancel_mode=APPROVAL` a worker's
cancellation is not executed but sent to the manager as a time-off request for the shift's
hours (POST /teams/{id}/schedule/timeOffRequests, api-reference/v1.0/api/timeoffrequest-post.md,
with the worker as senderUserId), which the manager approves in Teams Shifts.

Graph calls and their pages (api-reference/v1.0/api/): shifts listed with
`$filter` on sharedShift start and end (schedule-list-shifts.md), read (shift-get.md), created
(schedule-post-shifts.md), replaced (shift-put.md), deleted (shift-delete.md); open shifts listed
without `$filter` (openshift-list.md documents none), read (openshift-get.md), created
(openshift-post.md), replaced with the `@odata.etag` as If-Match, draft and shared version
together (openshift-update.md), deleted (openshift-delete.md); scheduling groups listed
(schedule-list-schedulinggroups.md); time-off requests created (timeoffrequest-post.md) and
listed (timeoffrequest-list.md).

Errors: 404 TeamNotFound and 403 (MissingUserIdHeaderInAppContext, a member where an owner is
needed) are configuration errors (`ShiftsAccessError`), never "that shift no longer exists". A
create that failed with no answer or a 5xx may have been made: the item is looked up before it is
created again.
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field, replace
from datetime import UTC, date, datetime, time, timedelta, tzinfo
from enum import StrEnum
from time import monotonic
from typing import Any
from urllib.parse import quote

from core.audit_log import AuditLog
from core.directory import Directory
from core.errors import BackendError, ConflictError, EraError, ErrorCode, ValidationError
from core.person import Person
from core.shift import Shift, ShiftStatus
from core.shift_candidate import ShiftCandidate
from core.shift_change import AppliedChange, ShiftChange, ShiftChangeKind
from core.shift_template import ShiftTemplate
from core.time_card import TimeCard, TimeCardsUnavailableError
from core.time_window import TimeWindow
from core.work_rules import same_role
from services.graph_client import GraphAddressError, GraphClient, GraphError
from services.org_database import OrgDatabase
from services.shift_backend_base import (
    ShiftBackendBase,
    cancellation_key,
    cancellation_summary,
)
from services.stored_change_ledger import StoredChangeLedger

logger = logging.getLogger(__name__)

_SHIFT, _OPEN = "shift", "openShift"
_COLLECTION = {_SHIFT: "shifts", _OPEN: "openShifts"}
_SHARED = {_SHIFT: "sharedShift", _OPEN: "sharedOpenShift"}
_GROUPS_TTL_SECONDS = 300.0
_UNKNOWN_USER_PREFIX = "aad:"
ACTS_AS = "MS-APP-ACTS-AS"
# Open shifts cannot be filtered, so the whole collection is read; more pages than this is an
# error rather than a silently shortened list.
_MAX_OPEN_SHIFT_PAGES = 50
# A create that may have gone through is recognised by its content and a creation time no
# earlier than this before the attempt (clock skew between ERA and Graph).
_CREATED_SKEW = timedelta(minutes=5)

# A Graph write prepared after the checks and run after the claim; returns affected shift ids.
_Write = Callable[[], Awaitable[tuple[str, ...]]]


class CancelMode(StrEnum):
    """What a worker's "cancel my shift" does in Teams Shifts."""

    DIRECT = "direct"  # the shift is reopened at once, as the schedule owner
    APPROVAL = "approval"  # a time-off request for the shift goes to the manager


class ShiftsAccessError(BackendError):
    """Teams Shifts refused ERA's acting identity (team not found for that user, header missing,
    or not an owner): a configuration or permission problem, not a missing shift."""


@dataclass
class _Lookup:
    """What turning Graph items into Shifts needs, read once per listing."""

    groups: dict[str, dict[str, Any]]
    tz: tzinfo
    templates: list[ShiftTemplate]
    people: dict[str, str] = field(default_factory=dict)


class GraphShiftBackend(ShiftBackendBase):
    """Implements core.shift_backend.ShiftBackend on a Teams Shifts schedule."""

    def __init__(
        self,
        *,
        client: GraphClient,
        team_id: str,
        store_id: str,
        db: OrgDatabase,
        directory: Directory,
        audit: AuditLog,
        ledger: StoredChangeLedger,
        owner_id: str,
        cancel_mode: CancelMode = CancelMode.DIRECT,
        horizon_days: int = 28,
    ) -> None:
        super().__init__(db=db, audit=audit, ledger=ledger, directory=directory)
        self._claims = ledger
        if not owner_id.strip():
            raise ValueError("Teams Shifts needs the object id of a team owner to act as")
        self._client = client
        self._team_id = team_id
        self._schedule = f"/teams/{quote(team_id, safe='')}/schedule"
        self._store_id = store_id
        self._directory = directory
        self._headers = {ACTS_AS: owner_id.strip()}
        self._cancel_mode = cancel_mode
        self._horizon = timedelta(days=horizon_days)
        self._groups: dict[str, dict[str, Any]] = {}
        self._groups_read_at = -_GROUPS_TTL_SECONDS

    # Reading

    async def upcoming_shifts(
        self, person_id: str, *, now: datetime, window: TimeWindow | None = None
    ) -> list[Shift]:
        """The person's published shifts starting after `now` (and inside `window`)."""
        person = await self._directory.get(person_id)
        if person is None or person.store_id != self._store_id:
            return []
        start = max(now, window.start) if window else now
        end = window.end if window else now + self._horizon
        if end <= start:
            return []
        shifts = await self._assigned_between(person, start, end)
        return [s for s in shifts if s.starts_at > now]

    async def time_cards(
        self, person_id: str, *, start: datetime, end: datetime
    ) -> list[TimeCard]:
        """Not read: ERA is not granted Teams Shifts time cards (Schedule.Read.All covers the
        schedule; time cards need their own permission and opt-in)."""
        raise TimeCardsUnavailableError("time cards are not read from Teams Shifts")

    async def get_shift(self, shift_id: str) -> Shift | None:
        """A shift or open shift by id (Graph's ids say which: SHFT_... / OPNSHFT_...)."""
        kinds = (_OPEN, _SHIFT) if shift_id.startswith("OPNSHFT_") else (_SHIFT, _OPEN)
        for kind in kinds:
            item = await self._get_item(kind, shift_id)
            if item is not None:
                return await self._to_shift(kind, item, await self._lookup())
        return None

    async def shifts_on(self, store_id: str, day: date, tz: tzinfo) -> list[Shift]:
        """The team's published shifts and open shifts starting on local `day`."""
        if store_id != self._store_id:
            return []
        start = datetime.combine(day, time(), tzinfo=tz)
        end = datetime.combine(day + timedelta(days=1), time(), tzinfo=tz)
        lookup = await self._lookup()
        shifts = [
            shift
            for kind in (_SHIFT, _OPEN)
            for item in await self._list(kind, start, end)
            if (shift := await self._to_shift(kind, item, lookup)) is not None
        ]
        return sorted(shifts, key=lambda s: (s.starts_at, s.label, s.id))

    async def candidates(
        self, *, person: Person, day: date, role: str | None, now: datetime
    ) -> list[ShiftCandidate]:
        """As for every backend, for a person of this team's store."""
        if person.store_id != self._store_id:
            raise ValidationError(ErrorCode.PERSON_NOT_ON_SCHEDULE, name=person.name)
        _aad_of(person, ValidationError)
        return await super().candidates(person=person, day=day, role=role, now=now)

    # Changes

    async def apply(
        self, change: ShiftChange, *, actor: Person, conversation_id: str, now: datetime
    ) -> AppliedChange:
        """Re-check, claim the change id, make the Graph calls, record and audit."""
        replay, tz = await self._replay_or_authorize(change, actor)
        if replay is not None:
            return replay
        if change.kind is ShiftChangeKind.ASSIGN:
            write = await self._plan_assign(change, actor, tz, now)
        elif change.kind is ShiftChangeKind.SWAP:
            write = await self._plan_swap(change, actor, tz, now)
        elif change.kind is ShiftChangeKind.UNASSIGN:
            write = await self._plan_unassign(change, actor, tz, now)
        elif change.kind is ShiftChangeKind.REASSIGN:
            write = await self._plan_reassign(change, actor, tz, now)
        elif change.kind is ShiftChangeKind.MOVE:
            write = await self._plan_move(change, actor, tz, now)
        else:
            raise ValidationError("A shift cancellation is done by the worker, not applied.")
        replay = await self._claim(change.id, change.kind, change.store_id, actor,
                                   conversation_id, change.summary, now)
        if replay is not None:
            return replay
        try:
            affected = await write()
        except BaseException:
            await self._claims.release(change.id)
            raise
        await self._claims.complete(change.id, shift_ids=affected, result=None, now=now)
        logger.info("applied %s change %s on Teams Shifts", change.kind, change.id)
        return await self._record_change(change, affected, conversation_id=conversation_id,
                                         now=now)

    async def cancel_shift(
        self, *, shift_id: str, worker: Person, reason: str, conversation_id: str,
        request_id: str, now: datetime,
    ) -> Shift:
        """The worker's shift is replaced by an open shift with the same times and role."""
        done = await self._cancellation_done(worker, request_id)
        if done is not None:
            return done
        key = cancellation_key(worker, request_id)
        shift, tz, reason = await self._check_cancel(shift_id, worker, reason, now)
        item = await self._require_item(_SHIFT, shift.id, ConflictError)
        summary = cancellation_summary(worker, shift, tz)
        if await self._claim(key, ShiftChangeKind.CANCEL, shift.store_id, worker,
                             conversation_id, summary, now) is not None:
            # Applied by a concurrent turn between our first look and the claim.
            earlier = await self._ledger.find(key)
            if earlier is not None and earlier.result is not None:
                return Shift.from_dict(earlier.result)
            raise ConflictError(ErrorCode.SHIFT_JUST_CANCELLED)
        try:
            if self._cancel_mode is CancelMode.APPROVAL:
                opened = await self._request_time_off(item, shift, worker, reason)
            else:
                opened = await self._reopen(item, shift)
        except BaseException:
            await self._claims.release(key)
            raise
        await self._claims.complete(key, shift_ids=(opened.id,), result=opened.to_dict(), now=now)
        logger.info("shift %s cancelled by its worker (%s); now %s", shift.id,
                    self._cancel_mode, opened.id)
        await self._record_cancel(shift, worker, reason, summary, conversation_id=conversation_id,
                                  request_id=request_id, now=now)
        return opened

    # Plans: checks now, Graph writes later (after the claim)

    async def _plan_assign(
        self, change: ShiftChange, actor: Person, tz: tzinfo, now: datetime
    ) -> _Write:
        person = await self._require_person(change.person_ids[0], ConflictError)
        checked = await self._check_assignment(
            person, change.shift_ids[0], change.role, tz, now, ConflictError
        )
        user_id = _aad_of(person, ConflictError)
        if checked.is_open_shift:
            open_item = await self._require_item(_OPEN, checked.shift_id, ConflictError)

            async def take_open_shift() -> tuple[str, ...]:
                created = await self._create(_SHIFT, _shift_body(
                    user_id, open_item["schedulingGroupId"], checked.label, checked.starts_at,
                    checked.ends_at))
                try:
                    await self._use_open_slot(open_item)
                except EraError:
                    await self._undo("DELETE", self._path(_SHIFT, created["id"]))
                    raise
                return (str(created["id"]),)

            return take_open_shift
        group_id = await self._group_for(checked.role, ConflictError)

        async def create_shift() -> tuple[str, ...]:
            created = await self._create(_SHIFT, _shift_body(
                user_id, group_id, checked.label, checked.starts_at, checked.ends_at))
            return (str(created["id"]),)

        return create_shift

    async def _plan_swap(
        self, change: ShiftChange, actor: Person, tz: tzinfo, now: datetime
    ) -> _Write:
        shift_a = await self._require_shift(change.shift_ids[0], ConflictError)
        shift_b = await self._require_shift(change.shift_ids[1], ConflictError)
        if (shift_a.person_id, shift_b.person_id) != change.person_ids:
            raise ConflictError(ErrorCode.SHIFTS_CHANGED_HANDS)
        person_a, person_b = await self._check_swap(shift_a, shift_b, tz, now, ConflictError)
        item_a = await self._require_item(_SHIFT, shift_a.id, ConflictError)
        item_b = await self._require_item(_SHIFT, shift_b.id, ConflictError)
        user_a, user_b = _aad_of(person_a, ConflictError), _aad_of(person_b, ConflictError)

        async def swap() -> tuple[str, ...]:
            await self._call("PUT", self._path(_SHIFT, shift_a.id),
                             body=_replacement(item_a, user_b), if_match=item_a)
            try:
                await self._call("PUT", self._path(_SHIFT, shift_b.id),
                                 body=_replacement(item_b, user_a), if_match=item_b)
            except EraError:
                await self._undo("PUT", self._path(_SHIFT, shift_a.id),
                                 _replacement(item_a, user_a))
                raise
            return (shift_a.id, shift_b.id)

        return swap

    async def _plan_reassign(
        self, change: ShiftChange, actor: Person, tz: tzinfo, now: datetime
    ) -> _Write:
        shift = await self._require_shift(change.shift_ids[0], ConflictError)
        holder_id, taker_id = change.person_ids
        if shift.person_id != holder_id:
            raise ConflictError(ErrorCode.SHIFT_CHANGED_HANDS)
        taker = await self._require_person(taker_id, ConflictError)
        await self._check_reassign(shift, taker, tz, now, ConflictError)
        item = await self._require_item(_SHIFT, shift.id, ConflictError)
        user_id = _aad_of(taker, ConflictError)

        async def reassign() -> tuple[str, ...]:
            # One PUT with the ETag read above: the shift changes holder whole or not at all.
            await self._call("PUT", self._path(_SHIFT, shift.id),
                             body=_replacement(item, user_id), if_match=item)
            return (shift.id,)

        return reassign

    async def _plan_move(
        self, change: ShiftChange, actor: Person, tz: tzinfo, now: datetime
    ) -> _Write:
        shift = await self._require_shift(change.shift_ids[0], ConflictError)
        if shift.person_id != change.person_ids[0]:
            raise ConflictError(ErrorCode.SHIFT_CHANGED_HANDS)
        _, target = await self._check_move(shift, change.shift_ids[1], tz, now, ConflictError)
        item = await self._require_item(_SHIFT, shift.id, ConflictError)
        open_item = (await self._require_item(_OPEN, target.shift_id, ConflictError)
                     if target.is_open_shift else None)
        moved = _moved(item, target.label, target.starts_at, target.ends_at)

        async def move() -> tuple[str, ...]:
            # One PUT with the ETag read above (shift-put.md): the shift itself takes the new
            # dates, so its holder is on the old slot or the new one, never both or neither.
            await self._call("PUT", self._path(_SHIFT, shift.id), body=moved, if_match=item)
            if open_item is not None:
                try:
                    await self._use_open_slot(open_item)  # the open shift it fills
                except EraError:
                    await self._undo("PUT", self._path(_SHIFT, shift.id),
                                     _replacement(item, str(item["userId"])))
                    raise
            return (shift.id,)

        return move

    async def _plan_unassign(
        self, change: ShiftChange, actor: Person, tz: tzinfo, now: datetime
    ) -> _Write:
        shift = await self._require_shift(change.shift_ids[0], ConflictError)
        if shift.person_id != change.person_ids[0]:
            raise ConflictError(ErrorCode.SHIFT_CHANGED_HANDS)
        await self._check_unassign(shift, tz, now, ConflictError)
        item = await self._require_item(_SHIFT, shift.id, ConflictError)

        async def unassign() -> tuple[str, ...]:
            opened = await self._reopen(item, shift)
            return (opened.id,)

        return unassign

    # Graph writes

    async def _reopen(self, item: dict[str, Any], shift: Shift) -> Shift:
        """Replace an assigned shift by an open shift with the same times, label and group."""
        created = await self._create(_OPEN, _open_shift_body(
            item["schedulingGroupId"], shift.label, shift.starts_at, shift.ends_at))
        try:
            await self._delete(_SHIFT, shift.id)
        except EraError:
            await self._undo("DELETE", self._path(_OPEN, created["id"]))
            raise
        return replace(shift, id=str(created["id"]), person_id=None, status=ShiftStatus.OPEN)

    async def _request_time_off(
        self, item: dict[str, Any], shift: Shift, worker: Person, reason: str
    ) -> Shift:
        """Ask the manager, in Teams Shifts, to let the worker off the shift's hours; the shift
        stays theirs until the manager approves."""
        sender = _aad_of(worker, ConflictError)
        shared = item[_SHARED[_SHIFT]]
        body = {"senderUserId": sender, "startDateTime": shared["startDateTime"],
                "endDateTime": shared["endDateTime"], "senderMessage": reason[:500]}
        path = f"{self._schedule}/timeOffRequests"
        try:
            await self._call("POST", path, body=body)
        except GraphError as error:
            if not error.may_have_applied or not await self._time_off_requested(sender, shift):
                raise
            logger.info("graph: the time-off request for %s went through after all", shift.id)
        return shift

    async def _time_off_requested(self, sender: str, shift: Shift) -> bool:
        """Whether a pending time-off request of `sender` covers exactly the shift's hours."""
        requests = await self._call_all(f"{self._schedule}/timeOffRequests")
        return any(
            r.get("senderUserId") == sender and r.get("state") == "pending"
            and _parse(str(r.get("startDateTime"))) == shift.starts_at
            and _parse(str(r.get("endDateTime"))) == shift.ends_at
            for r in requests
        )

    async def _use_open_slot(self, open_item: dict[str, Any]) -> None:
        """One place of an open shift is taken: count it down in the shared version and in the
        pending draft (else the manager's next Share would restore the old count), with the
        item's etag as If-Match; or delete it at the last place. A concurrent change (412) is
        re-read once."""
        for attempt in (1, 2):
            shared = dict(open_item[_SHARED[_OPEN]])
            slots = int(shared.get("openSlotCount") or 1)
            path = self._path(_OPEN, open_item["id"])
            if slots <= 1:
                await self._delete(_OPEN, str(open_item["id"]))
                return
            draft = open_item.get("draftOpenShift")
            if draft:
                draft_slots = int(draft.get("openSlotCount") or 0) - 1
                draft = {**draft, "openSlotCount": draft_slots} if draft_slots >= 1 else None
            body = {"id": open_item["id"], "schedulingGroupId": open_item["schedulingGroupId"],
                    _SHARED[_OPEN]: {**shared, "openSlotCount": slots - 1},
                    "draftOpenShift": draft}
            try:
                await self._call("PUT", path, body=body, if_match=open_item)
                return
            except GraphError as error:
                if error.status != 412 or attempt == 2:
                    raise
            logger.info("graph: open shift %s changed meanwhile; reading it again",
                        open_item["id"])
            fresh = await self._get_item(_OPEN, str(open_item["id"]))
            if fresh is None or not fresh.get(_SHARED[_OPEN]):
                raise ConflictError(ErrorCode.OPEN_SHIFT_JUST_TAKEN)
            open_item = fresh

    async def _create(self, kind: str, body: dict[str, Any]) -> dict[str, Any]:
        """POST a shift or open shift. When the answer is lost (no answer, or a 5xx after the
        request went out) the item may exist: it is looked up, and created again only if it
        is not there."""
        attempt_at = datetime.now(UTC)
        try:
            return await self._call("POST", self._path(kind), body=body)
        except GraphError as error:
            if not error.may_have_applied:
                raise
            logger.warning("graph: creating a %s may have worked (%s); looking it up",
                           kind, error.inner_code)
        found = await self._find_created(kind, body, since=attempt_at - _CREATED_SKEW)
        if found is not None:
            logger.info("graph: the %s %s was created by the first attempt", kind, found["id"])
            return found
        return await self._call("POST", self._path(kind), body=body)

    async def _find_created(
        self, kind: str, body: dict[str, Any], *, since: datetime
    ) -> dict[str, Any] | None:
        shared = _SHARED[kind]
        wanted = body[shared]
        starts_at, ends_at = _parse(wanted["startDateTime"]), _parse(wanted["endDateTime"])
        for item in await self._list(kind, starts_at, starts_at + timedelta(seconds=1)):
            mine = item.get(shared) or {}
            created = item.get("createdDateTime")
            if (item.get("schedulingGroupId") == body["schedulingGroupId"]
                    and item.get("userId") == body.get("userId")
                    and _parse(mine["endDateTime"]) == ends_at
                    and mine.get("displayName") == wanted.get("displayName")
                    and (not created or _parse(str(created)) >= since)):
                return item
        return None

    async def _delete(self, kind: str, item_id: str) -> None:
        """DELETE; a 404 after a retried attempt means the first one went through."""
        try:
            await self._call("DELETE", self._path(kind, item_id))
        except GraphError as error:
            if error.status == 404:
                logger.info("graph: %s %s was already gone", kind, item_id)
                return
            raise

    async def _undo(self, method: str, path: str, body: dict[str, Any] | None = None) -> None:
        """Best effort to take back the first half of a change whose second half failed."""
        try:
            await self._call(method, path, body=body)
        except EraError:
            logger.error("graph: could not undo %s %s; the schedule needs a manual check",
                         method, path)

    async def _claim(
        self, change_id: str, kind: ShiftChangeKind, store_id: str, actor: Person,
        conversation_id: str, summary: str, now: datetime,
    ) -> AppliedChange | None:
        """Claim a change id; the earlier result when it was applied, ConflictError while
        another turn is applying it."""
        claimed = await self._claims.claim(
            change_id=change_id, kind=kind, store_id=store_id, actor_id=actor.id,
            conversation_id=conversation_id, summary=summary, now=now,
        )
        if claimed:
            return None
        entry = await self._ledger.find(change_id)
        if entry is not None and entry.applied:
            return entry.as_replay()
        raise ConflictError(ErrorCode.CHANGE_IN_PROGRESS)

    # Data access for the shared checks

    async def _person(self, person_id: str) -> Person | None:
        return await self._directory.get(person_id)

    async def _assigned_between(
        self, person: Person, start: datetime, end: datetime
    ) -> list[Shift]:
        if not person.aad_object_id:
            # Without an object id their Shifts entries cannot be told apart: an error, never
            # an empty schedule.
            raise GraphAddressError(f"{person.name} has no Entra object id in the directory, "
                                    "so their Teams Shifts schedule can't be read")
        lookup = await self._lookup()
        shifts = [
            shift for item in await self._list(_SHIFT, start, end)
            if item.get("userId") == person.aad_object_id
            and (shift := await self._to_shift(_SHIFT, item, lookup)) is not None
        ]
        return sorted(shifts, key=lambda s: s.starts_at)

    async def _qualified(self, person: Person) -> Person:
        """Directory job roles plus the scheduling groups that list the person."""
        groups = await self._scheduling_groups()
        extra = [
            str(g.get("displayName") or "") for g in groups.values()
            if person.aad_object_id and person.aad_object_id in (g.get("userIds") or [])
        ]
        roles = list(person.job_roles)
        roles += [r for r in extra if r and not any(same_role(r, known) for known in roles)]
        return replace(person, job_roles=tuple(roles))

    async def _check_assignment(
        self, person: Person, shift_id: str, role: str, tz: tzinfo, now: datetime,
        error: type[EraError], *, leaving: str | None = None,
    ) -> ShiftCandidate:
        checked = await super()._check_assignment(person, shift_id, role, tz, now, error,
                                                  leaving=leaving)
        if not checked.is_open_shift:
            await self._group_for(checked.role, error)
        _aad_of(person, error)
        return checked

    # Graph reading

    async def _list(self, kind: str, start: datetime, end: datetime) -> list[dict[str, Any]]:
        """Published items of a kind starting in [start, end). For shifts Graph's $filter takes
        each property once, so the end bound goes on endDateTime (a shift lasts at most 24 h);
        open shifts document no $filter, so all are read and selected here."""
        shared = _SHARED[kind]
        if kind == _OPEN:
            items = await self._call_all(self._path(kind), max_pages=_MAX_OPEN_SHIFT_PAGES)
        else:
            expression = (f"{shared}/startDateTime ge {_graph_time(start)} and "
                          f"{shared}/endDateTime le {_graph_time(end + timedelta(days=1))}")
            items = await self._call_all(self._path(kind), params={"$filter": expression})
        return [
            item for item in items
            if item.get(shared) and start <= _parse(item[shared]["startDateTime"]) < end
        ]

    async def _get_item(self, kind: str, item_id: str) -> dict[str, Any] | None:
        try:
            return await self._call("GET", self._path(kind, item_id))
        except GraphError as error:
            if error.status == 404:
                return None
            raise

    async def _require_item(
        self, kind: str, item_id: str, error: type[EraError]
    ) -> dict[str, Any]:
        item = await self._get_item(kind, item_id)
        if item is None or not item.get(_SHARED[kind]):
            raise error(ErrorCode.SHIFT_NO_LONGER_EXISTS, shift_id=item_id)
        return item

    async def _scheduling_groups(self) -> dict[str, dict[str, Any]]:
        """Scheduling groups by id, read at most every few minutes (roles rarely change)."""
        if monotonic() - self._groups_read_at > _GROUPS_TTL_SECONDS:
            groups = await self._call_all(f"{self._schedule}/schedulingGroups")
            self._groups = {str(g["id"]): g for g in groups}
            self._groups_read_at = monotonic()
        return self._groups

    async def _group_for(self, role: str, error: type[EraError]) -> str:
        """The id of the active scheduling group named like `role`."""
        for group in (await self._scheduling_groups()).values():
            if group.get("isActive", True) and same_role(str(group.get("displayName")), role):
                return str(group["id"])
        raise error(ErrorCode.NO_ROLE_GROUP, role=role)

    async def _lookup(self) -> _Lookup:
        return _Lookup(
            groups=await self._scheduling_groups(),
            tz=await self._reference.timezone(self._store_id),
            templates=await self._reference.templates(self._store_id),
        )

    async def _to_shift(self, kind: str, item: dict[str, Any], lookup: _Lookup) -> Shift | None:
        """A Graph shift or open shift as a core Shift; None when unpublished or full."""
        shared = item.get(_SHARED[kind])
        if not shared:
            return None
        if kind == _OPEN and int(shared.get("openSlotCount") or 0) < 1:
            return None
        starts_at, ends_at = _parse(shared["startDateTime"]), _parse(shared["endDateTime"])
        group = lookup.groups.get(str(item.get("schedulingGroupId")), {})
        template = next(
            (t for t in lookup.templates if t.matches(starts_at, ends_at, lookup.tz)), None
        )
        person_id = None
        if kind == _SHIFT:
            user_id = str(item.get("userId") or "")
            if user_id not in lookup.people:
                lookup.people[user_id] = await self._person_id_of(user_id)
            person_id = lookup.people[user_id]
        return Shift(
            id=str(item["id"]),
            store_id=self._store_id,
            person_id=person_id,
            role=str(group.get("displayName") or ""),
            starts_at=starts_at,
            ends_at=ends_at,
            template_id=template.id if template else None,
            label=str(shared.get("displayName") or (template.name if template else "")),
            status=ShiftStatus.OPEN if kind == _OPEN else ShiftStatus.ASSIGNED,
        )

    async def _person_id_of(self, user_id: str) -> str:
        """The directory id of a Graph user; "aad:<id>" for someone not in the directory."""
        person = await self._directory.identify(channel_user_id="", aad_object_id=user_id)
        return person.id if person else f"{_UNKNOWN_USER_PREFIX}{user_id}"

    # Requests

    def _path(self, kind: str, item_id: str | None = None) -> str:
        path = f"{self._schedule}/{_COLLECTION[kind]}"
        return f"{path}/{quote(item_id, safe='')}" if item_id else path

    async def _call(
        self, method: str, path: str, *, body: dict[str, Any] | None = None,
        if_match: dict[str, Any] | None = None,
    ) -> dict[str, Any]:
        """One Shifts call acting as the schedule owner (If-Match: the item's etag, if any)."""
        headers = dict(self._headers)
        etag = (if_match or {}).get("@odata.etag")
        if etag:
            headers["If-Match"] = str(etag)
        try:
            return await self._client.request(method, path, body=body, headers=headers,
                                              idempotent=method == "DELETE")
        except GraphError as error:
            access = self._access_error(error)
            if access is None:
                raise
            raise access from error

    async def _call_all(
        self, path: str, *, params: dict[str, str] | None = None, max_pages: int = 20
    ) -> list[dict[str, Any]]:
        """Every item of a Shifts collection, acting as the schedule owner."""
        try:
            return await self._client.get_all(path, params=params, headers=self._headers,
                                              max_pages=max_pages)
        except GraphError as error:
            access = self._access_error(error)
            if access is None:
                raise
            raise access from error

    def _access_error(self, error: GraphError) -> ShiftsAccessError | None:
        """A configuration error for Shifts' refusals of the acting identity, else None."""
        if not (error.has_code("TeamNotFound") or error.status in (401, 403)):
            return None
        logger.error(
            "Teams Shifts refused %s for team %s (%s): check that ERA_GRAPH_SHIFTS_OWNER_ID "
            "is an owner of the team and that the app has Schedule.ReadWrite.All with admin "
            "consent", error.method, self._team_id, "/".join(error.codes))
        return ShiftsAccessError(
            "graph", f"Teams Shifts refused the acting identity ({error.inner_code})")


def _aad_of(person: Person, error: type[EraError]) -> str:
    if not person.aad_object_id:
        raise error(ErrorCode.NO_ENTRA_ACCOUNT, name=person.name)
    return person.aad_object_id


def _shift_body(
    user_id: str, group_id: str, label: str, starts_at: datetime, ends_at: datetime
) -> dict[str, Any]:
    return {
        "userId": user_id,
        "schedulingGroupId": group_id,
        "sharedShift": {
            "displayName": label, "notes": "", "activities": [],
            "startDateTime": _graph_time(starts_at), "endDateTime": _graph_time(ends_at),
        },
        "draftShift": None,
    }


def _open_shift_body(
    group_id: str, label: str, starts_at: datetime, ends_at: datetime
) -> dict[str, Any]:
    return {
        "schedulingGroupId": group_id,
        "sharedOpenShift": {
            "displayName": label, "notes": "", "activities": [], "openSlotCount": 1,
            "startDateTime": _graph_time(starts_at), "endDateTime": _graph_time(ends_at),
        },
        "draftOpenShift": None,
    }


def _replacement(item: dict[str, Any], user_id: str) -> dict[str, Any]:
    """The body of a PUT that gives the shift to another user and keeps everything else."""
    return {
        "id": item["id"],
        "userId": user_id,
        "schedulingGroupId": item["schedulingGroupId"],
        "sharedShift": item.get("sharedShift"),
        "draftShift": item.get("draftShift"),
    }


def _moved(
    item: dict[str, Any], label: str, starts_at: datetime, ends_at: datetime
) -> dict[str, Any]:
    """The body of a PUT that moves the shift to other hours and keeps its holder and group;
    a pending draft moves with it (else the manager's next Share would put it back)."""
    times = {"displayName": label or item["sharedShift"].get("displayName", ""),
             "startDateTime": _graph_time(starts_at), "endDateTime": _graph_time(ends_at)}
    draft = item.get("draftShift")
    return {
        "id": item["id"],
        "userId": item["userId"],
        "schedulingGroupId": item["schedulingGroupId"],
        "sharedShift": {**item["sharedShift"], **times},
        "draftShift": {**draft, **times} if draft else None,
    }


def _graph_time(moment: datetime) -> str:
    return moment.astimezone(UTC).strftime("%Y-%m-%dT%H:%M:%SZ")


def _parse(text: str) -> datetime:
    moment = datetime.fromisoformat(text)
    return moment if moment.tzinfo else moment.replace(tzinfo=UTC)
