"""GraphShiftBackend against the fake Graph server, holding Riverside's seeded demo schedule.

The fake team is filled from the demo organisation (one scheduling group per role, listing the
people with that job role; every assigned and open shift of both seeded weeks), so the same
questions can be put to the demo backend and to the Graph backend and must get the same answers.
NOW is Sunday 22 Nov 2026 10:00 UTC, as in test_demo_shift_backend.
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from dataclasses import dataclass
from datetime import UTC, date, datetime, timedelta
from pathlib import Path
from typing import Any
from zoneinfo import ZoneInfo

import aiohttp
import pytest

from core.errors import (
    BackendError,
    ConflictError,
    EraError,
    PermissionDeniedError,
    ValidationError,
)
from core.person import Person
from core.shift import Shift
from core.shift_candidate import FitProblem, ShiftCandidate
from core.shift_change import ShiftChangeKind
from services.demo_organisation import RIVERSIDE, seed_demo
from services.demo_shift_backend import DemoShiftBackend
from services.graph_client import GraphAddressError, GraphClient, GraphError
from services.graph_shift_backend import CancelMode, GraphShiftBackend, ShiftsAccessError
from services.org_database import OrgDatabase
from services.sqlite_directory import SqliteDirectory
from services.stored_audit_log import StoredAuditLog
from services.stored_change_ledger import StoredChangeLedger
from state.sqlite_storage import SqliteStorage
from tests.fakes.graph_server import FakeGraphServer, FakeSchedule, FixedTokenSource

NOW = datetime(2026, 11, 22, 10, 0, tzinfo=UTC)
LONDON = ZoneInfo("Europe/London")
TEAM = "riverside-team"
# The team owner ERA acts as (ERA_GRAPH_SHIFTS_OWNER_ID): not one of the staff.
OWNER = "0000aaaa-1111-4222-8333-444455556666"
WED, THU, SAT, SUN = (date(2026, 11, 25), date(2026, 11, 26), date(2026, 11, 28),
                      date(2026, 11, 22))
WED_EVENING_OPEN = "shift-2026-11-25-riverside-evening-open-sales_associate"
BOB_SMITH_WED_MORNING = "shift-2026-11-25-riverside-morning-bob-smith-sales_associate"
BOB_SMITH_THU_EVENING = "shift-2026-11-26-riverside-evening-bob-smith-cashier"
BOB_JONES_THU_MORNING = "shift-2026-11-26-riverside-morning-bob-jones-stock_clerk"
ALICE_WED_AFTERNOON = "shift-2026-11-25-riverside-afternoon-alice-cashier"
ALICE_SUN_MORNING = "shift-2026-11-22-riverside-morning-alice-cashier"


@dataclass
class GraphOrg:
    """The Graph backend under test, the demo backend to compare with, and the fake Graph."""

    backend: GraphShiftBackend
    demo: DemoShiftBackend
    server: FakeGraphServer
    audit: StoredAuditLog
    people: dict[str, Person]
    graph_ids: dict[str, str]  # demo shift id -> Graph shift / open shift id
    groups: dict[str, str]  # role -> scheduling group id
    client: GraphClient
    db: OrgDatabase
    directory: SqliteDirectory
    ledger: StoredChangeLedger
    store: SqliteStorage

    @property
    def schedule(self) -> FakeSchedule:
        return self.server.team(TEAM)

    async def shift(self, demo_id: str) -> Shift:
        shift = await self.backend.get_shift(self.graph_ids[demo_id])
        assert shift is not None
        return shift

    def writes(self) -> list[tuple[str, str]]:
        return [(r.method, r.path) for r in self.server.requests if r.method != "GET"]


async def fill_team(server: FakeGraphServer, demo: DemoShiftBackend,
                    people: dict[str, Person]) -> tuple[dict[str, str], dict[str, str]]:
    schedule = server.team(TEAM)
    riverside = [p for p in people.values() if p.store_id == RIVERSIDE]
    schedule.add_owner(OWNER)
    schedule.add_member(*(p.aad_object_id or "" for p in riverside))
    shifts = [s for offset in range(14)
              for s in await demo.shifts_on(RIVERSIDE, date(2026, 11, 16) + timedelta(offset),
                                            LONDON)]
    roles = sorted({r for p in riverside for r in p.job_roles} | {s.role for s in shifts})
    groups = {
        role: schedule.add_group(role, [p.aad_object_id or "" for p in riverside
                                        if role in p.job_roles])
        for role in roles
    }
    ids = {}
    for shift in shifts:
        if shift.is_open:
            ids[shift.id] = schedule.add_open_shift(
                group_id=groups[shift.role], start=shift.starts_at, end=shift.ends_at,
                display_name=shift.label)
        else:
            ids[shift.id] = schedule.add_shift(
                user_id=people[shift.person_id or ""].aad_object_id or "",
                group_id=groups[shift.role], start=shift.starts_at, end=shift.ends_at,
                display_name=shift.label)
    return ids, groups


@pytest.fixture
async def org(tmp_path: Path) -> AsyncIterator[GraphOrg]:
    db = await OrgDatabase.open(tmp_path / "org.db")
    await seed_demo(db, NOW.date(), weeks=2)
    directory = SqliteDirectory(db)
    store = await SqliteStorage.create(tmp_path / "state.db")
    audit = StoredAuditLog(store)
    ledger = StoredChangeLedger(store)
    people = {p.id: p for p in await directory.list_people()}
    demo = DemoShiftBackend(db, audit)
    server = FakeGraphServer(page_size=10)
    ids, groups = await fill_team(server, demo, people)
    try:
        async with server, aiohttp.ClientSession() as session:
            client = GraphClient(session=session, token_source=FixedTokenSource(),
                                 base_url=server.base_url, timeout_seconds=5)
            backend = GraphShiftBackend(client=client, team_id=TEAM, store_id=RIVERSIDE, db=db,
                                        directory=directory, audit=audit, ledger=ledger,
                                        owner_id=OWNER)
            yield GraphOrg(backend, demo, server, audit, people, ids, groups, client, db,
                           directory, ledger, store)
    finally:
        await db.close()
        await store.close()


def comparable(items: list[Shift] | list[ShiftCandidate]) -> list[tuple[Any, ...]]:
    """What a user sees of shifts or candidates, without backend-specific ids."""
    rows: list[tuple[Any, ...]] = []
    for item in items:
        if isinstance(item, Shift):
            rows.append((item.label, item.role, item.person_id, item.starts_at, item.ends_at,
                         item.status, item.template_id))
        else:
            rows.append((item.label, item.role, item.starts_at, item.ends_at, item.reasons,
                         item.reason, item.is_open_shift))
    return rows


# Reading: the same answers as the demo backend


async def test_upcoming_shifts_match_the_demo_schedule(org: GraphOrg) -> None:
    for person_id in ("bob-smith", "bob-jones", "alice", "yuki"):
        graph = await org.backend.upcoming_shifts(person_id, now=NOW)
        demo = await org.demo.upcoming_shifts(person_id, now=NOW)
        assert comparable(graph) == comparable(demo), person_id
    assert await org.backend.upcoming_shifts("omar", now=NOW) == [], "Omar works at Hillside"


async def test_shifts_on_a_day_match_including_open_ones(org: GraphOrg) -> None:
    graph = await org.backend.shifts_on(RIVERSIDE, WED, LONDON)
    demo = await org.demo.shifts_on(RIVERSIDE, WED, LONDON)

    assert sorted(comparable(graph), key=str) == sorted(comparable(demo), key=str)
    assert [s.id for s in graph if s.is_open] == [org.graph_ids[WED_EVENING_OPEN]]


@pytest.mark.parametrize(("person_id", "day", "role"), [
    ("bob-smith", WED, "sales associate"),
    ("bob-jones", SAT, "sales associate"),
    ("bob-smith", SAT, "stock clerk"),
    ("bob-jones", SUN, "sales associate"),
    ("alice", THU, None),
])
async def test_candidates_match_the_demo_backend(
    org: GraphOrg, person_id: str, day: date, role: str | None
) -> None:
    person = org.people[person_id]

    graph = await org.backend.candidates(person=person, day=day, role=role, now=NOW)
    demo = await org.demo.candidates(person=person, day=day, role=role, now=NOW)

    assert comparable(graph) == comparable(demo)
    assert graph, "there is always at least one template"


async def test_listing_uses_one_filter_per_property(org: GraphOrg) -> None:
    await org.backend.upcoming_shifts("bob-smith", now=NOW)

    lists = org.server.requests_to("GET", "/schedule/shifts")
    assert lists
    expression = lists[0].query["$filter"]
    assert "sharedShift/startDateTime ge 2026-11-22T10:00:00Z" in expression
    assert "sharedShift/endDateTime le" in expression


async def test_a_user_outside_the_directory_is_not_mistaken_for_an_open_shift(
    org: GraphOrg
) -> None:
    stranger = org.schedule.add_shift(
        user_id="ffffffff-0000-0000-0000-000000000000", group_id=org.groups["cashier"],
        start=datetime(2026, 11, 25, 9, tzinfo=UTC), end=datetime(2026, 11, 25, 12, tzinfo=UTC))

    shift = await org.backend.get_shift(stranger)

    assert shift is not None and not shift.is_open
    assert shift.person_id == "aad:ffffffff-0000-0000-0000-000000000000"


# Applying changes through Graph


async def test_assigning_an_open_shift_creates_the_shift_and_closes_the_open_one(
    org: GraphOrg
) -> None:
    maria, bob = org.people["maria"], org.people["bob-jones"]
    evening = (await org.backend.candidates(
        person=bob, day=WED, role="sales associate", now=NOW))[2]
    assert evening.shift_id == org.graph_ids[WED_EVENING_OPEN] and evening.fits

    change = await org.backend.preview_assign(actor=maria, person=bob, candidate=evening,
                                              role="sales associate", now=NOW)
    first = await org.backend.apply(change, actor=maria, conversation_id="conv", now=NOW)
    second = await org.backend.apply(change, actor=maria, conversation_id="conv", now=NOW)

    assert change.summary == "Bob Jones → Wed 25 Nov, Evening 20:00-23:00 (sales associate)"
    assert not first.already_applied and second.already_applied
    assert first.shift_ids == second.shift_ids
    posts = org.server.requests_to("POST", "/schedule/shifts")
    assert len(posts) == 1
    assert posts[0].body["userId"] == bob.aad_object_id
    assert posts[0].body["schedulingGroupId"] == org.groups["sales associate"]
    assert posts[0].headers["MS-APP-ACTS-AS"] == OWNER, "writes act as the team owner"
    assert org.graph_ids[WED_EVENING_OPEN] not in org.schedule.open_shifts
    created = await org.backend.get_shift(first.shift_ids[0])
    assert created is not None and created.person_id == "bob-jones"
    assert created.local_label(LONDON) == "Wed 25 Nov, Evening 20:00-23:00"
    assert [r.action for r in await org.audit.recent(5)] == ["shift.assign"]


async def test_an_open_shift_with_several_places_is_counted_down(org: GraphOrg) -> None:
    maria, bob = org.people["maria"], org.people["bob-jones"]
    open_id = org.graph_ids[WED_EVENING_OPEN]
    org.schedule.open_shifts[open_id]["sharedOpenShift"]["openSlotCount"] = 2
    evening = (await org.backend.candidates(
        person=bob, day=WED, role="sales associate", now=NOW))[2]

    change = await org.backend.preview_assign(actor=maria, person=bob, candidate=evening,
                                              role="sales associate", now=NOW)
    await org.backend.apply(change, actor=maria, conversation_id="c", now=NOW)

    assert org.schedule.open_shifts[open_id]["sharedOpenShift"]["openSlotCount"] == 1
    assert ("PUT", f"/teams/{TEAM}/schedule/openShifts/{open_id}") in org.writes()


async def test_assigning_from_a_template_creates_a_published_shift(org: GraphOrg) -> None:
    maria, bob = org.people["maria"], org.people["bob-jones"]
    afternoon = (await org.backend.candidates(
        person=bob, day=WED, role="sales associate", now=NOW))[1]

    change = await org.backend.preview_assign(actor=maria, person=bob, candidate=afternoon,
                                              role="sales associate", now=NOW)
    applied = await org.backend.apply(change, actor=maria, conversation_id="c", now=NOW)

    body = org.server.requests_to("POST", "/schedule/shifts")[0].body
    assert body["sharedShift"]["displayName"] == "Afternoon"
    assert body["sharedShift"]["startDateTime"] == "2026-11-25T15:00:00Z"
    assert body["sharedShift"]["endDateTime"] == "2026-11-25T20:00:00Z"
    assert body["draftShift"] is None
    created = await org.backend.get_shift(applied.shift_ids[0])
    assert created is not None and created.template_id == "riverside-afternoon"


async def test_a_role_without_an_active_group_cannot_be_assigned(org: GraphOrg) -> None:
    org.schedule.groups[org.groups["supervisor"]]["isActive"] = False
    sophie = org.people["sophie"]
    morning = (await org.backend.candidates(
        person=sophie, day=THU, role="supervisor", now=NOW))[0]

    with pytest.raises(ValidationError, match=r"no_role_group .*supervisor"):
        await org.backend.preview_assign(actor=org.people["maria"], person=sophie,
                                         candidate=morning, role="supervisor", now=NOW)


async def test_open_shift_gone_between_preview_and_apply_is_a_conflict(org: GraphOrg) -> None:
    maria, bob = org.people["maria"], org.people["bob-jones"]
    evening = (await org.backend.candidates(
        person=bob, day=WED, role="sales associate", now=NOW))[2]
    change = await org.backend.preview_assign(actor=maria, person=bob, candidate=evening,
                                              role="sales associate", now=NOW)
    del org.schedule.open_shifts[org.graph_ids[WED_EVENING_OPEN]]

    with pytest.raises(ConflictError, match="shift_no_longer_exists"):
        await org.backend.apply(change, actor=maria, conversation_id="c", now=NOW)

    assert org.writes() == []
    assert await org.audit.recent(5) == []


async def test_manager_of_another_store_is_denied(org: GraphOrg) -> None:
    bob = org.people["bob-smith"]
    evening = (await org.backend.candidates(
        person=bob, day=WED, role="sales associate", now=NOW))[2]

    with pytest.raises(PermissionDeniedError):
        await org.backend.preview_assign(actor=org.people["daniel"], person=bob,
                                         candidate=evening, role="sales associate", now=NOW)
    with pytest.raises(ValidationError):
        await org.backend.candidates(person=org.people["omar"], day=WED, role=None, now=NOW)


async def test_swap_replaces_both_shifts_with_exchanged_users(org: GraphOrg) -> None:
    maria = org.people["maria"]
    shift_a = await org.shift(BOB_SMITH_WED_MORNING)
    shift_b = await org.shift(ALICE_WED_AFTERNOON)

    change = await org.backend.preview_swap(actor=maria, shift_a=shift_a, shift_b=shift_b,
                                            now=NOW)
    applied = await org.backend.apply(change, actor=maria, conversation_id="c", now=NOW)

    assert applied.kind is ShiftChangeKind.SWAP
    assert len(org.server.requests_to("PUT", "/schedule/shifts/")) == 2
    assert (await org.shift(BOB_SMITH_WED_MORNING)).person_id == "alice"
    assert (await org.shift(ALICE_WED_AFTERNOON)).person_id == "bob-smith"
    graph_a = org.schedule.shifts[org.graph_ids[BOB_SMITH_WED_MORNING]]
    assert graph_a["schedulingGroupId"] == org.groups["sales associate"]
    assert graph_a["sharedShift"]["displayName"] == "Morning"


async def test_a_failed_second_half_of_a_swap_is_undone(org: GraphOrg) -> None:
    maria = org.people["maria"]
    shift_a = await org.shift(BOB_SMITH_WED_MORNING)
    shift_b = await org.shift(ALICE_WED_AFTERNOON)
    change = await org.backend.preview_swap(actor=maria, shift_a=shift_a, shift_b=shift_b,
                                            now=NOW)
    org.server.fail(500, method="PUT", path_contains=org.graph_ids[ALICE_WED_AFTERNOON])

    with pytest.raises(BackendError):
        await org.backend.apply(change, actor=maria, conversation_id="c", now=NOW)

    assert (await org.shift(BOB_SMITH_WED_MORNING)).person_id == "bob-smith"
    assert (await org.shift(ALICE_WED_AFTERNOON)).person_id == "alice"
    retried = await org.backend.apply(change, actor=maria, conversation_id="c", now=NOW)
    assert not retried.already_applied
    assert (await org.shift(BOB_SMITH_WED_MORNING)).person_id == "alice"


async def test_unassign_replaces_the_shift_with_an_open_shift(org: GraphOrg) -> None:
    maria = org.people["maria"]
    shift = await org.shift(BOB_SMITH_THU_EVENING)

    change = await org.backend.preview_unassign(actor=maria, shift=shift, now=NOW)
    applied = await org.backend.apply(change, actor=maria, conversation_id="c", now=NOW)

    assert org.graph_ids[BOB_SMITH_THU_EVENING] not in org.schedule.shifts
    opened = await org.backend.get_shift(applied.shift_ids[0])
    assert opened is not None and opened.is_open
    assert (opened.starts_at, opened.ends_at, opened.role, opened.label) == (
        shift.starts_at, shift.ends_at, "cashier", "Evening")
    assert (await org.audit.recent(1))[0].action == "shift.unassign"


async def test_a_failed_delete_leaves_no_stray_open_shift(org: GraphOrg) -> None:
    maria = org.people["maria"]
    shift = await org.shift(BOB_SMITH_THU_EVENING)
    open_before = set(org.schedule.open_shifts)
    change = await org.backend.preview_unassign(actor=maria, shift=shift, now=NOW)
    org.server.fail(500, method="DELETE", path_contains="/schedule/shifts/")

    with pytest.raises(BackendError):
        await org.backend.apply(change, actor=maria, conversation_id="c", now=NOW)

    assert set(org.schedule.open_shifts) == open_before
    assert org.graph_ids[BOB_SMITH_THU_EVENING] in org.schedule.shifts
    assert await org.audit.recent(5) == []


# A worker cancelling their own shift


async def test_worker_cancels_own_shift_once(org: GraphOrg) -> None:
    bob = org.people["bob-smith"]
    shift = await org.shift(BOB_SMITH_THU_EVENING)
    kwargs: dict[str, Any] = dict(shift_id=shift.id, worker=bob, reason="sick",
                                  conversation_id="conv-3", request_id="req-1", now=NOW)

    first = await org.backend.cancel_shift(**kwargs)
    writes = org.writes()
    second = await org.backend.cancel_shift(**kwargs)

    assert first == second and first.is_open and first.person_id is None
    assert org.writes() == writes, "the repeat made no Graph call"
    assert writes[0] == ("POST", f"/teams/{TEAM}/schedule/openShifts")
    assert {r.headers["MS-APP-ACTS-AS"] for r in org.server.requests} == {OWNER}
    assert shift.id not in org.schedule.shifts and first.id in org.schedule.open_shifts
    record = (await org.audit.recent(5))[0]
    assert (record.action, record.actor_id, record.details["reason"]) == (
        "shift.cancel", "bob-smith", "sick")
    candidates = await org.backend.candidates(person=org.people["alice"], day=THU,
                                              role="cashier", now=NOW)
    assert first.id in [c.shift_id for c in candidates]


async def test_worker_cannot_cancel_someone_elses_or_a_started_shift(org: GraphOrg) -> None:
    jones_shift = await org.shift(BOB_JONES_THU_MORNING)
    alice_shift = await org.shift(ALICE_SUN_MORNING)

    with pytest.raises(PermissionDeniedError):
        await org.backend.cancel_shift(shift_id=jones_shift.id, worker=org.people["bob-smith"],
                                       reason="sick", conversation_id="c", request_id="r",
                                       now=NOW)
    with pytest.raises(ValidationError, match="shift_started_cannot_cancel"):
        await org.backend.cancel_shift(shift_id=alice_shift.id, worker=org.people["alice"],
                                       reason="sick", conversation_id="c", request_id="r",
                                       now=NOW)

    assert org.writes() == []


async def test_a_graph_outage_during_reading_surfaces_as_backend_error(org: GraphOrg) -> None:
    org.server.fail(503, path_contains="/schedule/shifts", times=3, retry_after="0")

    with pytest.raises(BackendError):
        await org.backend.upcoming_shifts("bob-smith", now=NOW)

    still = await org.backend.candidates(person=org.people["bob-jones"], day=SAT,
                                         role="sales associate", now=NOW)
    assert all(c.reasons == (FitProblem.UNAVAILABLE_DAY,) for c in still)


# Finding 1: the acting identity. Shifts acts as the configured team owner on every call.


async def test_a_worker_cancelling_acts_as_the_owner_on_every_call(org: GraphOrg) -> None:
    bob = org.people["bob-smith"]
    shift = await org.shift(BOB_SMITH_THU_EVENING)

    opened = await org.backend.cancel_shift(shift_id=shift.id, worker=bob, reason="sick",
                                            conversation_id="c", request_id="r", now=NOW)

    assert opened.is_open
    assert {r.headers.get("MS-APP-ACTS-AS") for r in org.server.requests} == {OWNER}
    assert bob.aad_object_id not in org.schedule.owners, "Bob could not have done this himself"


def backend_acting_as(org: GraphOrg, user_id: str) -> GraphShiftBackend:
    return GraphShiftBackend(client=org.client, team_id=TEAM, store_id=RIVERSIDE, db=org.db,
                             directory=org.directory, audit=org.audit, ledger=org.ledger,
                             owner_id=user_id)


async def test_acting_as_a_plain_member_is_refused_as_a_configuration_error(
    org: GraphOrg
) -> None:
    member = backend_acting_as(org, org.people["alice"].aad_object_id or "")
    shift = await member.get_shift(org.graph_ids[BOB_SMITH_THU_EVENING])
    assert shift is not None, "a member may read the schedule"

    with pytest.raises(ShiftsAccessError):
        await member.cancel_shift(shift_id=shift.id, worker=org.people["bob-smith"],
                                  reason="sick", conversation_id="c", request_id="r", now=NOW)

    assert org.graph_ids[BOB_SMITH_THU_EVENING] in org.schedule.shifts
    assert [r.action for r in await org.audit.recent(5)] == []


async def test_team_not_found_is_a_configuration_error_not_a_missing_shift(
    org: GraphOrg
) -> None:
    outsider = backend_acting_as(org, "99999999-8888-4777-8666-555544443333")

    with pytest.raises(ShiftsAccessError) as raised:
        await outsider.get_shift(org.graph_ids[BOB_SMITH_THU_EVENING])

    assert isinstance(raised.value.__cause__, GraphError)
    assert raised.value.__cause__.has_code("TeamNotFound")
    with pytest.raises(ShiftsAccessError):
        await outsider.upcoming_shifts("bob-smith", now=NOW)


async def test_without_the_acts_as_header_shifts_refuses_the_app_token(org: GraphOrg) -> None:
    with pytest.raises(GraphError) as raised:
        await org.client.get(f"/teams/{TEAM}/schedule/shifts")

    assert raised.value.status == 403
    assert raised.value.inner_code == "MissingUserIdHeaderInAppContext"


async def test_an_owner_is_required_to_build_the_backend(org: GraphOrg) -> None:
    with pytest.raises(ValueError, match="team owner"):
        backend_acting_as(org, " ")


async def test_approval_mode_sends_a_time_off_request_and_keeps_the_shift(
    org: GraphOrg
) -> None:
    bob = org.people["bob-smith"]
    backend = GraphShiftBackend(
        client=org.client, team_id=TEAM, store_id=RIVERSIDE, db=org.db,
        directory=org.directory, audit=org.audit, ledger=org.ledger, owner_id=OWNER,
        cancel_mode=CancelMode.APPROVAL,
    )
    shift = await org.shift(BOB_SMITH_THU_EVENING)

    result = await backend.cancel_shift(shift_id=shift.id, worker=bob, reason="sick child",
                                        conversation_id="c", request_id="r", now=NOW)
    again = await backend.cancel_shift(shift_id=shift.id, worker=bob, reason="sick child",
                                       conversation_id="c", request_id="r", now=NOW)

    assert not result.is_open and result.person_id == "bob-smith" and again == result
    assert shift.id in org.schedule.shifts, "the shift stays Bob's until the manager approves"
    [request] = org.schedule.time_off_requests.values()
    assert (request["senderUserId"], request["senderMessage"], request["state"]) == (
        bob.aad_object_id, "sick child", "pending")
    assert _graph_time_of(request["startDateTime"]) == shift.starts_at
    assert _graph_time_of(request["endDateTime"]) == shift.ends_at
    assert len(org.server.requests_to("POST", "/timeOffRequests")) == 1
    assert (await org.audit.recent(1))[0].action == "shift.cancel"


def _graph_time_of(text: str) -> datetime:
    return datetime.fromisoformat(text.replace("Z", "+00:00"))


# Finding 5: open-shift drafts, etags, lost answers, listing


async def take_wednesday_evening(org: GraphOrg) -> None:
    maria, bob = org.people["maria"], org.people["bob-jones"]
    evening = (await org.backend.candidates(
        person=bob, day=WED, role="sales associate", now=NOW))[2]
    change = await org.backend.preview_assign(actor=maria, person=bob, candidate=evening,
                                              role="sales associate", now=NOW)
    await org.backend.apply(change, actor=maria, conversation_id="c", now=NOW)


async def test_taking_a_slot_counts_the_pending_draft_down_too(org: GraphOrg) -> None:
    open_id = org.graph_ids[WED_EVENING_OPEN]
    item = org.schedule.open_shifts[open_id]
    item["sharedOpenShift"]["openSlotCount"] = 2
    item["draftOpenShift"] = {**item["sharedOpenShift"], "openSlotCount": 3,
                              "notes": "one more for the sale"}
    etag_before = item["@odata.etag"]

    await take_wednesday_evening(org)

    put = org.server.requests_to("PUT", f"/openShifts/{open_id}")[0]
    assert put.headers["If-Match"] == etag_before
    assert org.schedule.open_shifts[open_id]["sharedOpenShift"]["openSlotCount"] == 1
    assert org.schedule.open_shifts[open_id]["draftOpenShift"]["openSlotCount"] == 2
    org.schedule.share()  # the manager shares the draft later
    shared = org.schedule.open_shifts[open_id]["sharedOpenShift"]
    assert (shared["openSlotCount"], shared["notes"]) == (2, "one more for the sale")


async def test_a_changed_open_shift_is_read_again_before_counting_down(org: GraphOrg) -> None:
    open_id = org.graph_ids[WED_EVENING_OPEN]
    org.schedule.open_shifts[open_id]["sharedOpenShift"]["openSlotCount"] = 3
    org.server.fail(412, method="PUT", path_contains=open_id, code="PreconditionFailed")

    await take_wednesday_evening(org)

    assert len(org.server.requests_to("PUT", f"/openShifts/{open_id}")) == 2
    assert org.schedule.open_shifts[open_id]["sharedOpenShift"]["openSlotCount"] == 2


async def test_a_stale_etag_is_refused_by_the_fake(org: GraphOrg) -> None:
    open_id = org.graph_ids[WED_EVENING_OPEN]
    item = dict(org.schedule.open_shifts[open_id])

    with pytest.raises(GraphError) as raised:
        await org.client.put(f"/teams/{TEAM}/schedule/openShifts/{open_id}", item,
                             headers={"MS-APP-ACTS-AS": OWNER, "If-Match": '"stale"'})

    assert raised.value.status == 412


async def test_a_create_whose_answer_was_lost_is_looked_up_not_repeated(org: GraphOrg) -> None:
    org.server.fail_after(504, method="POST", path_contains="/schedule/shifts")
    maria, bob = org.people["maria"], org.people["bob-jones"]
    afternoon = (await org.backend.candidates(
        person=bob, day=WED, role="sales associate", now=NOW))[1]
    change = await org.backend.preview_assign(actor=maria, person=bob, candidate=afternoon,
                                              role="sales associate", now=NOW)
    before = set(org.schedule.shifts)

    applied = await org.backend.apply(change, actor=maria, conversation_id="c", now=NOW)

    created = set(org.schedule.shifts) - before
    assert created == set(applied.shift_ids), "exactly one shift, the one Graph made"
    assert len(org.server.requests_to("POST", "/schedule/shifts")) == 1


async def test_a_create_refused_with_503_is_made_again_after_looking(org: GraphOrg) -> None:
    org.server.fail(503, method="POST", path_contains="/schedule/openShifts")
    bob = org.people["bob-smith"]
    shift = await org.shift(BOB_SMITH_THU_EVENING)
    open_before = set(org.schedule.open_shifts)

    opened = await org.backend.cancel_shift(shift_id=shift.id, worker=bob, reason="sick",
                                            conversation_id="c", request_id="r", now=NOW)

    assert set(org.schedule.open_shifts) - open_before == {opened.id}
    assert len(org.server.requests_to("POST", "/schedule/openShifts")) == 2


async def test_open_shifts_are_listed_without_an_undocumented_filter(org: GraphOrg) -> None:
    await org.backend.shifts_on(RIVERSIDE, WED, LONDON)

    lists = org.server.requests_to("GET", "/schedule/openShifts")
    assert lists and all("$filter" not in r.query for r in lists)


async def test_too_many_open_shift_pages_fail_loudly(org: GraphOrg) -> None:
    org.server.page_size = 1
    for day in range(60):
        org.schedule.add_open_shift(
            group_id=org.groups["cashier"], start=datetime(2026, 12, 1, 9, tzinfo=UTC)
            + timedelta(days=day), end=datetime(2026, 12, 1, 12, tzinfo=UTC)
            + timedelta(days=day))

    with pytest.raises(GraphError) as raised:
        await org.backend.shifts_on(RIVERSIDE, WED, LONDON)

    assert raised.value.code == "too_many_pages"


# Finding 3: people by Entra object id; none is an error, not an empty schedule


async def test_a_person_without_an_object_id_is_an_error_not_no_shifts(org: GraphOrg) -> None:
    await org.db.execute("UPDATE people SET aad_object_id = NULL WHERE id = 'bob-smith'")
    bob = await org.directory.get("bob-smith")
    assert bob is not None

    with pytest.raises(GraphAddressError):
        await org.backend.upcoming_shifts("bob-smith", now=NOW)
    with pytest.raises(ValidationError, match="no_entra_account"):
        await org.backend.candidates(person=bob, day=WED, role=None, now=NOW)


async def test_reassign_gives_the_shift_to_another_user_in_one_guarded_put(
    org: GraphOrg,
) -> None:
    maria = org.people["maria"]
    shift = await org.shift(BOB_SMITH_WED_MORNING)
    change = await org.backend.preview_reassign(actor=maria, shift=shift,
                                                person=org.people["sophie"], now=NOW)
    applied = await org.backend.apply(change, actor=maria, conversation_id="c", now=NOW)

    assert applied.kind is ShiftChangeKind.REASSIGN
    puts = org.server.requests_to("PUT", "/schedule/shifts/")
    assert len(puts) == 1 and puts[0].headers.get("If-Match")
    assert not org.server.requests_to("POST") and not org.server.requests_to("DELETE")
    assert (await org.shift(BOB_SMITH_WED_MORNING)).person_id == "sophie"
    assert (await org.audit.recent(1))[0].action == "shift.reassign"


async def test_a_reassignment_teams_refuses_leaves_the_shift_with_its_holder(
    org: GraphOrg,
) -> None:
    maria = org.people["maria"]
    shift = await org.shift(BOB_SMITH_WED_MORNING)
    change = await org.backend.preview_reassign(actor=maria, shift=shift,
                                                person=org.people["sophie"], now=NOW)
    org.server.fail(412, method="PUT", path_contains=org.graph_ids[BOB_SMITH_WED_MORNING])

    with pytest.raises(EraError):
        await org.backend.apply(change, actor=maria, conversation_id="c", now=NOW)

    assert (await org.shift(BOB_SMITH_WED_MORNING)).person_id == "bob-smith"
    assert not org.server.requests_to("POST") and not org.server.requests_to("DELETE")


async def test_a_move_is_one_guarded_put_of_the_shift_with_its_new_hours(org: GraphOrg) -> None:
    """Bob Smith's Thursday evening moves to Friday evening: the shift itself takes the new
    dates (shift-put.md), so he is on one of the two and never on both or neither."""
    maria = org.people["maria"]
    shift = await org.shift(BOB_SMITH_THU_EVENING)
    friday = date(2026, 11, 27)
    evening = next(c for c in await org.backend.move_candidates(shift=shift, day=friday, now=NOW)
                   if c.label == "Evening")
    change = await org.backend.preview_move(actor=maria, shift=shift, candidate=evening, now=NOW)
    applied = await org.backend.apply(change, actor=maria, conversation_id="c", now=NOW)

    assert applied.kind is ShiftChangeKind.MOVE
    puts = org.server.requests_to("PUT", "/schedule/shifts/")
    assert len(puts) == 1 and puts[0].headers.get("If-Match")
    assert puts[0].body["sharedShift"]["startDateTime"] == "2026-11-27T20:00:00Z"
    assert not org.server.requests_to("POST") and not org.server.requests_to("DELETE")
    moved = await org.shift(BOB_SMITH_THU_EVENING)
    assert moved.person_id == "bob-smith" and moved.starts_at.date() == friday
    assert (await org.audit.recent(1))[0].action == "shift.move"


async def test_a_move_onto_an_open_shift_takes_its_slot(org: GraphOrg) -> None:
    maria = org.people["maria"]
    shift = await org.shift(BOB_SMITH_WED_MORNING)
    open_id = org.graph_ids[WED_EVENING_OPEN]
    evening = next(c for c in await org.backend.move_candidates(shift=shift, day=WED, now=NOW)
                   if c.shift_id == open_id)
    change = await org.backend.preview_move(actor=maria, shift=shift, candidate=evening, now=NOW)
    await org.backend.apply(change, actor=maria, conversation_id="c", now=NOW)

    on_wed = await org.backend.shifts_on(RIVERSIDE, WED, LONDON)
    assert open_id not in [s.id for s in on_wed]
    assert [s.label for s in on_wed if s.person_id == "bob-smith"] == ["Evening"]


async def test_a_move_whose_open_shift_write_fails_puts_the_shift_back(org: GraphOrg) -> None:
    maria = org.people["maria"]
    shift = await org.shift(BOB_SMITH_WED_MORNING)
    open_id = org.graph_ids[WED_EVENING_OPEN]
    evening = next(c for c in await org.backend.move_candidates(shift=shift, day=WED, now=NOW)
                   if c.shift_id == open_id)
    change = await org.backend.preview_move(actor=maria, shift=shift, candidate=evening, now=NOW)
    org.server.fail(409, method="DELETE", path_contains=open_id)

    with pytest.raises(EraError):
        await org.backend.apply(change, actor=maria, conversation_id="c", now=NOW)

    back = await org.shift(BOB_SMITH_WED_MORNING)
    assert (back.person_id, back.starts_at, back.ends_at) == (
        "bob-smith", shift.starts_at, shift.ends_at)
    assert open_id in [s.id for s in await org.backend.shifts_on(RIVERSIDE, WED, LONDON)]


async def test_a_move_teams_refuses_leaves_the_shift_where_it_was(org: GraphOrg) -> None:
    maria = org.people["maria"]
    shift = await org.shift(BOB_SMITH_THU_EVENING)
    evening = next(c for c in await org.backend.move_candidates(
        shift=shift, day=date(2026, 11, 27), now=NOW) if c.label == "Evening")
    change = await org.backend.preview_move(actor=maria, shift=shift, candidate=evening, now=NOW)
    org.server.fail(412, method="PUT", path_contains=org.graph_ids[BOB_SMITH_THU_EVENING])

    with pytest.raises(EraError):
        await org.backend.apply(change, actor=maria, conversation_id="c", now=NOW)

    assert (await org.shift(BOB_SMITH_THU_EVENING)).starts_at == shift.starts_at
    assert not org.server.requests_to("POST") and not org.server.requests_to("DELETE")
