"""The directory on Microsoft Entra ID, read through Microsoft Graph v1.0 with an app token.

ERA reads the organisation as one snapshot and answers every lookup from it:

- People: ``GET /users`` with ``$select`` (id, displayName, mail, userPrincipalName,
  preferredLanguage, jobTitle, officeLocation, department, accountEnabled),
  ``$filter=accountEnabled eq true`` (a disabled account is nobody ERA serves),
  ``$expand=manager($select=id)`` and ``$top=999``, following ``@odata.nextLink``
  (api-reference/v1.0/api/user-list.md, user-list-manager.md). A person's id is their Entra
  object id, which Teams sends as ``from.aadObjectId``; their email is ``mail``, else the UPN.
- Managers (store managers and HR; ERA's `PersonRole.MANAGER`): either the users and groups
  assigned one of the configured app role values on the bot's enterprise app
  (``GET /servicePrincipals(appId='{appId}')`` for the roles' ids, then
  ``/servicePrincipals/{id}/appRoleAssignedTo``, serviceprincipal-list-approleassignedto.md),
  a group assignment counting for its transitive members; or the transitive members of one
  security group (``GET /groups/{id}/transitiveMembers/microsoft.graph.user``,
  group-list-transitivemembers.md). Everybody else is an employee.
- Store: the ``officeLocation`` or ``department`` value (store id: the value as a slug, name:
  the value), or membership of the Shifts team (``GRAPH_TEAM_ID``'s transitive members; the
  store is the configured store id, named after the team's group). Someone with no value, or
  outside the team, has no store (``store_id == ""``): HR at head office can still ask advice.
  A store's time zone: the Shifts schedule's ``timeZone`` for the team (schedule-get.md), else
  the configured mapping (by store name or id), else the default zone.
- Job roles (what a person is qualified for on the schedule): with a Shifts team configured,
  the names of the active scheduling groups that list the person
  (schedule-list-schedulinggroups.md), the same groups the Teams Shifts backend assigns by;
  without one, the person's ``jobTitle``.

Freshness: the snapshot is used for `cache_seconds`; after that it is still answered from for
up to as long again while one read runs in the background; older than that, a turn waits for
the read (at most what is left of its budget) and, when it cannot finish, fails with
`DirectoryUnavailableError`, said to the user as an outage and never as "you are not set up".
The read runs outside any one turn's deadline (one read serves every waiting turn) and its
requests run concurrently where they do not depend on each other. Graph's 429 Retry-After and
503/504 are honoured by the Graph client within each call's budget. An object id missing from
the snapshot (a new hire since the last read) is looked up on its own (the user and their
``/manager``, where 404 means "no manager"), and the answer, found or not, is kept in a bounded
cache for `cache_seconds`.
"""

from __future__ import annotations

import asyncio
import contextlib
import contextvars
import logging
import re
import time
import uuid
from collections import OrderedDict
from collections.abc import Awaitable, Callable, Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any, TypeVar
from urllib.parse import quote
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from core.errors import BackendError, DirectoryUnavailableError
from core.person import Person, PersonRole
from core.store import Store
from core.turn_deadline import remaining_seconds
from services.graph_client import GraphClient, GraphError

logger = logging.getLogger(__name__)

USER_FIELDS = ("id", "displayName", "mail", "userPrincipalName", "preferredLanguage",
               "jobTitle", "officeLocation", "department", "accountEnabled", "givenName",
               "surname")
# Graph's largest page for users, groups' members and app role assignments.
PAGE_SIZE = 999
# Graph may send smaller pages than asked for (with $expand, for one); the page bound that
# refuses a runaway listing assumes pages at least this big.
SMALLEST_PAGE = 100
# Object ids looked up one by one (not in the snapshot) that are remembered.
MISS_CACHE_SIZE = 1024
# After a background read failed, the next one waits this long (the copy in hand is served).
RETRY_BACKGROUND_READ_SECONDS = 30.0
ACTS_AS = "MS-APP-ACTS-AS"
_SLUG = re.compile(r"[^0-9a-z]+")
_T = TypeVar("_T")


class StoreSource(StrEnum):
    """The Entra ID attribute that names a person's store."""

    OFFICE_LOCATION = "officeLocation"
    DEPARTMENT = "department"
    TEAM = "team"


class RoleSource(StrEnum):
    """Where managers are named in Entra ID."""

    APP_ROLES = "app_roles"
    GROUP = "group"


@dataclass(frozen=True)
class _Organisation:
    """One read of the directory: people and stores, and what a late lookup needs."""

    people: dict[str, Person]
    by_email: dict[str, Person]
    stores: dict[str, Store]
    manager_ids: frozenset[str]
    team_members: frozenset[str]
    job_roles: dict[str, tuple[str, ...]]
    team_store: Store | None
    read_at: float


@dataclass
class _TeamFacts:
    members: frozenset[str] = frozenset()
    job_roles: dict[str, tuple[str, ...]] = field(default_factory=dict)
    store: Store | None = None


class GraphDirectory:
    """Implements core.directory.Directory over Entra ID (see the module docstring)."""

    def __init__(
        self,
        *,
        client: GraphClient,
        store_source: StoreSource,
        role_source: RoleSource,
        default_timezone: str,
        manager_roles: tuple[str, ...] = (),
        manager_group_id: str = "",
        roles_app_id: str = "",
        team_id: str = "",
        team_store_id: str = "",
        acts_as: str = "",
        store_timezones: Mapping[str, str] | None = None,
        cache_seconds: float = 300.0,
        max_people: int = 20000,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        if store_source is StoreSource.TEAM and not team_id:
            raise ValueError("the team store source needs a team id")
        if role_source is RoleSource.GROUP and not manager_group_id:
            raise ValueError("the group role source needs a group id")
        if role_source is RoleSource.APP_ROLES and not (roles_app_id and manager_roles):
            raise ValueError("the app role source needs an app id and role values")
        if cache_seconds <= 0 or max_people < 1:
            raise ValueError("cache_seconds and max_people must be positive")
        self._client = client
        self._store_source = store_source
        self._role_source = role_source
        self._default_zone = default_timezone
        self._manager_roles = frozenset(manager_roles)
        self._manager_group = manager_group_id
        self._roles_app_id = roles_app_id
        self._team_id = team_id
        self._team_store_id = team_store_id or team_id
        self._shifts_headers = {ACTS_AS: acts_as} if acts_as else {}
        self._zones = {key.casefold(): zone for key, zone in (store_timezones or {}).items()}
        self._ttl = cache_seconds
        self._max_people = max_people
        self._clock = clock
        self._current: _Organisation | None = None
        self._reading: asyncio.Task[_Organisation] | None = None
        self._failed_at = float("-inf")
        self._misses: OrderedDict[str, tuple[float, Person | None]] = OrderedDict()

    # The Directory protocol

    async def identify(self, *, channel_user_id: str, aad_object_id: str | None) -> Person | None:
        """By Entra object id (Teams sends it; other channels pass the linked one); Entra ID
        knows no channel-specific ids."""
        if not aad_object_id:
            return None
        return await self.get(aad_object_id)

    async def get(self, person_id: str) -> Person | None:
        """A person by Entra object id (enabled accounts only)."""
        organisation = await self._organisation()
        person = organisation.people.get(person_id.lower())
        if person is not None:
            return person
        return await self._late_lookup(person_id.lower(), organisation)

    async def find_by_email(self, email: str) -> Person | None:
        """A person by mail address or userPrincipalName, case-insensitively."""
        organisation = await self._organisation()
        return organisation.by_email.get(email.strip().casefold())

    async def list_people(
        self, *, store_id: str | None = None, role: PersonRole | None = None
    ) -> list[Person]:
        """Everyone matching the filters, by name."""
        organisation = await self._organisation()
        people = [
            p for p in organisation.people.values()
            if (not store_id or p.store_id == store_id) and (role is None or p.role is role)
        ]
        return sorted(people, key=lambda p: (p.name.casefold(), p.id))

    async def get_store(self, store_id: str) -> Store | None:
        """A store by id."""
        if not store_id:
            return None
        organisation = await self._organisation()
        return organisation.stores.get(store_id)

    # Lifecycle

    def start(self) -> None:
        """Begin the first read now (at start-up), so the first turn need not wait for it."""
        self._start_read()

    async def close(self) -> None:
        """Stop a read in progress."""
        reading, self._reading = self._reading, None
        if reading is not None and not reading.done():
            reading.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await reading

    # Freshness

    async def _organisation(self) -> _Organisation:
        current = self._current
        age = self._clock() - current.read_at if current is not None else None
        if current is not None and age is not None and age < self._ttl:
            return current
        if current is not None and age is not None and age < 2 * self._ttl:
            if self._clock() - self._failed_at >= RETRY_BACKGROUND_READ_SECONDS:
                self._start_read()
            return current
        return await self._wait_for_read()

    def _start_read(self) -> asyncio.Task[_Organisation]:
        if self._reading is None or self._reading.done():
            # An empty context: the read serves every turn waiting for it, so it does not run
            # under the deadline of the turn that happened to start it.
            self._reading = asyncio.create_task(self._read_and_keep(),
                                                context=contextvars.Context())
            self._reading.add_done_callback(_log_failed_read)
        return self._reading

    async def _wait_for_read(self) -> _Organisation:
        reading = self._start_read()
        left = remaining_seconds()
        try:
            if left is None:
                return await asyncio.shield(reading)
            async with asyncio.timeout(max(left, 0.0)):
                return await asyncio.shield(reading)
        except TimeoutError:
            raise DirectoryUnavailableError(
                "reading Entra ID did not finish within the turn") from None
        except BackendError as error:
            if isinstance(error, DirectoryUnavailableError):
                raise
            raise DirectoryUnavailableError(str(error)) from error

    async def _read_and_keep(self) -> _Organisation:
        started = time.monotonic()
        try:
            organisation = await self._read()
        except Exception:
            self._failed_at = self._clock()
            raise
        self._current = organisation
        self._misses.clear()
        logger.info("directory: read %d people in %d stores from Entra ID (%.0f ms)",
                    len(organisation.people), len(organisation.stores),
                    (time.monotonic() - started) * 1000)
        return organisation

    # Reading the organisation

    async def _read(self) -> _Organisation:
        read_at = self._clock()
        users, manager_ids, team = await _all(
            self._read_users(), self._read_manager_ids(), self._read_team())
        people: dict[str, Person] = {}
        by_email: dict[str, Person] = {}
        stores: dict[str, Store] = {}
        if team.store is not None:
            stores[team.store.id] = team.store
        for user in users:
            manager = user.get("manager") if isinstance(user.get("manager"), dict) else None
            person = self._person_of(user, str((manager or {}).get("id") or "") or None,
                                     manager_ids, team)
            if person is None:
                continue
            people[person.id] = person
            for address in (user.get("mail"), user.get("userPrincipalName")):
                if isinstance(address, str) and address:
                    by_email.setdefault(address.casefold(), person)
            store = self._attribute_store(user)
            if store is not None:
                stores.setdefault(store.id, store)
        return _Organisation(people, by_email, stores, manager_ids, team.members,
                             team.job_roles, team.store, read_at)

    async def _read_users(self) -> list[dict[str, Any]]:
        users = await self._client.get_all("/users", params={
            "$select": ",".join(USER_FIELDS),
            "$filter": "accountEnabled eq true",
            "$expand": "manager($select=id)",
            "$top": str(PAGE_SIZE),
        }, max_pages=self._max_people // SMALLEST_PAGE + 2)
        if len(users) > self._max_people:
            raise DirectoryUnavailableError(
                f"Entra ID has {len(users)} enabled users, more than the "
                f"{self._max_people} ERA_DIRECTORY_MAX_PEOPLE allows")
        return users

    async def _read_manager_ids(self) -> frozenset[str]:
        if self._role_source is RoleSource.GROUP:
            return await self._user_members(self._manager_group)
        app = await self._client.get(
            f"/servicePrincipals(appId='{quote(self._roles_app_id, safe='')}')",
            params={"$select": "id,appRoles"})
        role_ids = {
            str(role.get("id")) for role in app.get("appRoles") or []
            if role.get("value") in self._manager_roles and role.get("isEnabled", True)
        }
        if not role_ids:
            raise DirectoryUnavailableError(
                f"the app {self._roles_app_id} defines none of the manager app roles "
                f"{sorted(self._manager_roles)}")
        assignments = await self._client.get_all(
            f"/servicePrincipals/{quote(str(app.get('id')), safe='')}/appRoleAssignedTo",
            params={"$select": "principalId,principalType,appRoleId", "$top": str(PAGE_SIZE)},
            max_pages=50)
        users: set[str] = set()
        groups: set[str] = set()
        for assignment in assignments:
            if str(assignment.get("appRoleId")) not in role_ids:
                continue
            principal = str(assignment.get("principalId") or "").lower()
            if assignment.get("principalType") == "User":
                users.add(principal)
            elif assignment.get("principalType") == "Group":
                groups.add(principal)
        for members in await _all(*(self._user_members(g) for g in sorted(groups))):
            users |= members
        return frozenset(users)

    async def _read_team(self) -> _TeamFacts:
        if not self._team_id:
            return _TeamFacts()
        team = quote(self._team_id, safe="")
        if self._store_source is not StoreSource.TEAM:
            return _TeamFacts(job_roles=await self._job_roles(team))
        members, job_roles, group, schedule = await _all(
            self._user_members(self._team_id),
            self._job_roles(team),
            self._client.get(f"/groups/{team}", params={"$select": "id,displayName"}),
            self._client.get(f"/teams/{team}/schedule", headers=self._shifts_headers),
        )
        name = str(group.get("displayName") or self._team_store_id)
        zone = _valid_zone(str(schedule.get("timeZone") or "")) or self._zone_for(
            name, self._team_store_id)
        return _TeamFacts(members, job_roles, Store(self._team_store_id, name, zone))

    async def _job_roles(self, team: str) -> dict[str, tuple[str, ...]]:
        groups = await self._client.get_all(f"/teams/{team}/schedule/schedulingGroups",
                                            headers=self._shifts_headers)
        roles: dict[str, list[str]] = {}
        for group in groups:
            name = " ".join(str(group.get("displayName") or "").split())
            if not name or not group.get("isActive", True):
                continue
            for user_id in group.get("userIds") or []:
                roles.setdefault(str(user_id).lower(), []).append(name.lower())
        return {user: tuple(names) for user, names in roles.items()}

    async def _user_members(self, group_id: str) -> frozenset[str]:
        members = await self._client.get_all(
            f"/groups/{quote(group_id, safe='')}/transitiveMembers/microsoft.graph.user",
            params={"$select": "id", "$top": str(PAGE_SIZE)},
            max_pages=self._max_people // SMALLEST_PAGE + 2)
        return frozenset(str(m.get("id") or "").lower() for m in members if m.get("id"))

    # One person

    async def _late_lookup(self, user_id: str, organisation: _Organisation) -> Person | None:
        """Someone not in the snapshot: read on their own, remembered for a while."""
        try:
            uuid.UUID(user_id)
        except ValueError:
            return None
        now = self._clock()
        cached = self._misses.get(user_id)
        if cached is not None and now - cached[0] < self._ttl:
            self._misses.move_to_end(user_id)
            return cached[1]
        path = f"/users/{quote(user_id, safe='')}"
        try:
            user, manager = await _all(
                self._client.get(path, params={"$select": ",".join(USER_FIELDS)}),
                self._manager_of(path),
            )
        except GraphError as error:
            if error.status != 404:
                raise DirectoryUnavailableError(str(error)) from error
            user, manager = None, None
        person = None
        if user is not None:
            team = _TeamFacts(organisation.team_members, organisation.job_roles,
                              organisation.team_store)
            person = self._person_of(user, manager, organisation.manager_ids, team)
        self._misses[user_id] = (now, person)
        self._misses.move_to_end(user_id)
        while len(self._misses) > MISS_CACHE_SIZE:
            self._misses.popitem(last=False)
        return person

    async def _manager_of(self, user_path: str) -> str | None:
        """The manager's object id; None when the user has none (Graph answers 404)."""
        try:
            manager = await self._client.get(f"{user_path}/manager", params={"$select": "id"})
        except GraphError as error:
            if error.status == 404 and error.has_code("Request_ResourceNotFound"):
                return None
            raise
        return str(manager.get("id") or "").lower() or None

    def _person_of(
        self, user: dict[str, Any], manager_id: str | None, manager_ids: frozenset[str],
        team: _TeamFacts,
    ) -> Person | None:
        if user.get("accountEnabled") is False:
            return None
        user_id = str(user.get("id") or "").lower()
        upn = str(user.get("userPrincipalName") or "")
        email = str(user.get("mail") or "") or upn
        name = " ".join(str(user.get("displayName") or "").split()) or upn
        # Japanese tenants often keep the display name in romaji and the surname and given name
        # in kanji: a manager who writes "田中さん" names this person.
        written = " ".join(
            str(user.get(field) or "").strip() for field in ("surname", "givenName")
        ).split()
        other_names = (
            (" ".join(written),)
            if written and not set(w.casefold() for w in written) <= set(name.casefold().split())
            else ()
        )
        if self._store_source is StoreSource.TEAM:
            store_id = self._team_store_id if user_id in team.members else ""
        else:
            store = self._attribute_store(user)
            store_id = store.id if store is not None else ""
        if self._team_id:
            job_roles = team.job_roles.get(user_id, ())
        else:
            title = " ".join(str(user.get("jobTitle") or "").split()).lower()
            job_roles = (title,) if title else ()
        try:
            return Person(
                id=user_id, name=name, email=email,
                role=PersonRole.MANAGER if user_id in manager_ids else PersonRole.EMPLOYEE,
                store_id=store_id, manager_id=manager_id.lower() if manager_id else None,
                job_roles=job_roles, aad_object_id=user_id,
                preferred_language=str(user.get("preferredLanguage") or "") or None,
                other_names=other_names,
            )
        except ValueError:
            logger.warning("directory: user %s has no usable name or address; skipped", user_id)
            return None

    def _attribute_store(self, user: dict[str, Any]) -> Store | None:
        if self._store_source is StoreSource.TEAM:
            return None
        name = " ".join(str(user.get(str(self._store_source)) or "").split())
        store_id = _SLUG.sub("-", name.casefold()).strip("-")
        if not store_id:
            return None
        return Store(store_id, name, self._zone_for(name, store_id))

    def _zone_for(self, name: str, store_id: str) -> str:
        return (self._zones.get(name.casefold()) or self._zones.get(store_id.casefold())
                or self._default_zone)


async def _all(*calls: Awaitable[Any]) -> list[Any]:
    """Run the calls concurrently; the first failure cancels the rest and is raised."""
    tasks: list[asyncio.Task[Any]] = []
    try:
        async with asyncio.TaskGroup() as group:
            tasks = [group.create_task(_awaited(call)) for call in calls]
    except BaseExceptionGroup as failed:
        raise failed.exceptions[0] from None
    return [task.result() for task in tasks]


async def _awaited(call: Awaitable[_T]) -> _T:
    return await call


def _valid_zone(name: str) -> str | None:
    if not name:
        return None
    try:
        ZoneInfo(name)
    except (ZoneInfoNotFoundError, ValueError):
        logger.warning("directory: the Shifts schedule's time zone %r is unknown", name)
        return None
    return name


def _log_failed_read(task: asyncio.Task[_Organisation]) -> None:
    if task.cancelled():
        return
    error = task.exception()
    if error is not None:
        logger.warning("directory: reading Entra ID failed: %s", error)
