"""Entra ID users, groups and app role assignments for the fake Graph server.

`FakeDirectory(server)` registers its routes on a `FakeGraphServer` (before `start()`), through
the server's `route` extension point, so the token check, request recording and fault injection
(`server.fail(429, path_contains="/users", retry_after="1")`) apply to them too. Endpoints, with
the shapes and rules of the v1.0 reference pages:

- ``GET /users`` (user-list.md): without ``$select`` only the default properties come back
  (no ``accountEnabled``, no ``department``); ``$select`` returns exactly the properties named;
  ``$filter`` accepts ``accountEnabled eq true|false`` (anything else: 400
  ``Request_UnsupportedQuery``); ``$expand=manager`` or ``manager($select=...)`` adds the
  manager when there is one; ``$top`` up to `page_limit` (999 as in Graph; a test lowers it to
  force paging), then ``@odata.nextLink`` with a ``$skiptoken``.
- ``GET /users/{id | userPrincipalName}`` (user-get.md): 404 ``Request_ResourceNotFound`` for
  an unknown user; ``$select`` as above.
- ``GET /users/{id}/manager`` (user-list-manager.md): the manager (``$select`` honoured), or
  404 ``Request_ResourceNotFound`` when the user has none.
- ``GET /groups/{id}`` (group-get.md, ``$select``), ``GET /groups/{id}/transitiveMembers`` and
  ``.../transitiveMembers/microsoft.graph.user`` (group-list-transitivemembers.md): nested groups
  flattened, the cast keeping users only, paged.
- ``GET /servicePrincipals(appId='{appId}')`` (serviceprincipal-get.md) with ``appRoles``;
  ``GET /servicePrincipals/{id}/appRoleAssignedTo`` (serviceprincipal-list-approleassignedto.md):
  assignments to users and groups, paged.
- ``GET /teams/{id}/schedule`` (schedule-get.md): the schedule with its ``timeZone``; no
  MS-APP-ACTS-AS needed (the page marks that header deprecated). Its scheduling groups are the
  Shifts fake's (``server.team(id).add_group(...)``).

`add_demo_staff(app_id)` builds the demo organisation (same object ids, names, languages,
managers, office locations = store names, both managers holding the ERA.Manager app role), so an
app on ``ERA_DIRECTORY_BACKEND=graph`` serves the people the demo clients speak as.
"""

from __future__ import annotations

import uuid
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import quote, urlencode

from aiohttp import web

from services.demo_organisation import PEOPLE, RIVERSIDE, STORES
from tests.fakes.graph_outlook import FakeOutlook
from tests.fakes.graph_server import FakeGraphServer, error_response, json_response

MAX_PAGE_SIZE = 999
DEFAULT_USER_FIELDS = ("businessPhones", "displayName", "givenName", "jobTitle", "mail",
                       "mobilePhone", "officeLocation", "preferredLanguage", "surname",
                       "userPrincipalName", "id")
MANAGER_ROLE = "ERA.Manager"
HR_ROLE = "ERA.HR"


@dataclass
class FakeDirectory:
    """Users, groups and one enterprise app's role assignments (see the module docstring).

    users: object id -> the full user resource; managers: user id -> manager id; groups:
    group id -> {"id", "displayName", "members": [user or group ids]}; apps: appId -> service
    principal {"id", "appId", "appRoles"}; assignments: service principal id -> assignments.
    """

    server: FakeGraphServer
    outlook: FakeOutlook | None = None
    page_limit: int = MAX_PAGE_SIZE
    users: dict[str, dict[str, Any]] = field(default_factory=dict)
    managers: dict[str, str] = field(default_factory=dict)
    groups: dict[str, dict[str, Any]] = field(default_factory=dict)
    apps: dict[str, dict[str, Any]] = field(default_factory=dict)
    assignments: dict[str, list[dict[str, Any]]] = field(default_factory=dict)
    schedule_time_zones: dict[str, str] = field(default_factory=dict)

    def __post_init__(self) -> None:
        route = self.server.route
        route("GET", "/users", self._list_users)
        route("GET", "/users/{user}", self._get_user)
        route("GET", "/users/{user}/manager", self._get_manager)
        route("GET", "/groups/{group_id}", self._get_group)
        route("GET", "/groups/{group_id}/transitiveMembers", self._transitive_members)
        route("GET", "/groups/{group_id}/transitiveMembers/microsoft.graph.user",
              self._transitive_members)
        route("GET", "/servicePrincipals{key}", self._get_service_principal)
        route("GET", "/servicePrincipals/{sp_id}/appRoleAssignedTo", self._assigned_to)
        route("GET", "/teams/{team_id}/schedule", self._get_schedule)

    # Setting up

    def add_user(
        self, name: str, mail: str, *, object_id: str | None = None, upn: str | None = None,
        preferred_language: str | None = None, job_title: str | None = None,
        office_location: str | None = None, department: str | None = None,
        enabled: bool = True, manager: str | None = None,
    ) -> str:
        """A user (and a mailbox in `outlook`, when given); returns the object id."""
        user_id = object_id or str(uuid.uuid4())
        self.users[user_id] = {
            "id": user_id, "displayName": name, "givenName": name.split()[0],
            "surname": name.split()[-1], "mail": mail, "userPrincipalName": upn or mail,
            "preferredLanguage": preferred_language, "jobTitle": job_title,
            "officeLocation": office_location, "department": department,
            "accountEnabled": enabled, "businessPhones": [], "mobilePhone": None,
        }
        if manager:
            self.managers[user_id] = manager
        if self.outlook is not None:
            self.outlook.add_user(mail, object_id=user_id, upn=upn)
        return user_id

    def add_group(self, display_name: str, members: Iterable[str] = (),
                  *, group_id: str | None = None) -> str:
        """A security group (or a team's Microsoft 365 group, with the team's id) whose
        members are user or group ids; returns its id."""
        group_id = group_id or str(uuid.uuid4())
        self.groups[group_id] = {"id": group_id, "displayName": display_name,
                                 "members": list(members)}
        return group_id

    def add_app(self, app_id: str, role_values: Iterable[str] = (MANAGER_ROLE, HR_ROLE)) -> str:
        """An enterprise app (service principal) defining app roles; returns its object id."""
        sp_id = str(uuid.uuid4())
        roles = [{"id": str(uuid.uuid4()), "value": value, "displayName": value,
                  "isEnabled": True, "allowedMemberTypes": ["User"],
                  "description": value, "origin": "Application"} for value in role_values]
        self.apps[app_id] = {"id": sp_id, "appId": app_id, "displayName": "ERA",
                             "appRoles": roles}
        self.assignments[sp_id] = []
        return sp_id

    def assign_role(self, app_id: str, principal_id: str, value: str) -> None:
        """Assign the app role `value` to a user or group."""
        app = self.apps[app_id]
        role = next(r for r in app["appRoles"] if r["value"] == value)
        kind = "Group" if principal_id in self.groups else "User"
        self.assignments[app["id"]].append({
            "id": str(uuid.uuid4()), "appRoleId": role["id"], "principalId": principal_id,
            "principalType": kind, "resourceId": app["id"], "resourceDisplayName": "ERA",
            "principalDisplayName": (self.groups.get(principal_id)
                                     or self.users.get(principal_id) or {}).get("displayName"),
            "createdDateTime": "2026-01-01T00:00:00Z", "deletedDateTime": None,
        })

    def add_demo_staff(self, app_id: str, *, team_id: str | None = None) -> None:
        """The demo organisation (see the module docstring). With `team_id`, that team (a
        group with a Shifts schedule in Europe/London) holds the Riverside staff, for
        ERA_DIRECTORY_STORE_ATTRIBUTE=team with GRAPH_STORE_ID=store-riverside."""
        stores = {store_id: name for store_id, name, _zone in STORES}
        ids = {p.id: p.aad_object_id for p in PEOPLE}
        self.add_app(app_id)
        for person in PEOPLE:
            self.add_user(person.name, person.email, object_id=person.aad_object_id,
                          preferred_language=person.preferred_language,
                          job_title=person.job_roles[0].title() if person.job_roles else None,
                          office_location=stores[person.store_id],
                          manager=ids[person.manager_id] if person.manager_id else None)
            if person.role == "manager":
                self.assign_role(app_id, person.aad_object_id, MANAGER_ROLE)
        if team_id is not None:
            self.add_group(stores[RIVERSIDE], [p.aad_object_id for p in PEOPLE
                                               if p.store_id == RIVERSIDE], group_id=team_id)
            self.server.team(team_id)
            self.schedule_time_zones[team_id] = "Europe/London"

    # Users

    async def _list_users(self, request: web.Request) -> web.StreamResponse:
        wanted = request.query.get("$filter", "").strip()
        users = list(self.users.values())
        if wanted:
            enabled = {"accountEnabled eq true": True, "accountEnabled eq false": False}
            if wanted not in enabled:
                return error_response(400, "Request_UnsupportedQuery",
                                      "Unsupported or invalid query filter clause.")
            users = [u for u in users if u["accountEnabled"] is enabled[wanted]]
        try:
            shown = [self._shown_user(u, request) for u in users]
        except ValueError as error:
            return error_response(400, "BadRequest", str(error))
        return self._page(request, shown)

    async def _get_user(self, request: web.Request) -> web.StreamResponse:
        user = self._user(request.match_info["user"])
        if user is None:
            return _not_found(request.match_info["user"])
        try:
            return json_response(self._shown_user(user, request))
        except ValueError as error:
            return error_response(400, "BadRequest", str(error))

    async def _get_manager(self, request: web.Request) -> web.StreamResponse:
        user = self._user(request.match_info["user"])
        if user is None:
            return _not_found(request.match_info["user"])
        manager = self.users.get(self.managers.get(user["id"], ""))
        if manager is None:
            # user-list-manager.md: a user without a manager gets 404.
            return error_response(404, "Request_ResourceNotFound",
                                  "Resource 'manager' does not exist or one of its queried "
                                  "reference-property objects are not present.")
        shown = _selected(manager, request.query.get("$select"), DEFAULT_USER_FIELDS)
        return json_response({"@odata.type": "#microsoft.graph.user", **shown})

    def _user(self, key: str) -> dict[str, Any] | None:
        key = key.lower()
        return next((u for u in self.users.values()
                     if key in (u["id"].lower(), u["userPrincipalName"].lower())), None)

    def _shown_user(self, user: dict[str, Any], request: web.Request) -> dict[str, Any]:
        shown = _selected(user, request.query.get("$select"), DEFAULT_USER_FIELDS)
        expand = request.query.get("$expand", "")
        if expand:
            if not expand.startswith("manager"):
                raise ValueError(f"Could not find a property named '{expand}' on user.")
            inner = expand.removeprefix("manager").strip()
            fields = None
            if inner:
                if not (inner.startswith("($select=") and inner.endswith(")")):
                    raise ValueError(f"Invalid $expand: {expand}")
                fields = inner[len("($select="):-1]
            manager = self.users.get(self.managers.get(user["id"], ""))
            if manager is not None:
                shown["manager"] = {"@odata.type": "#microsoft.graph.user",
                                    **_selected(manager, fields, DEFAULT_USER_FIELDS)}
        return shown

    # Groups

    async def _get_group(self, request: web.Request) -> web.StreamResponse:
        group = self.groups.get(request.match_info["group_id"])
        if group is None:
            return _not_found(request.match_info["group_id"])
        public = {k: v for k, v in group.items() if k != "members"}
        return json_response(_selected(public, request.query.get("$select"), tuple(public)))

    async def _transitive_members(self, request: web.Request) -> web.StreamResponse:
        group_id = request.match_info["group_id"]
        if group_id not in self.groups:
            return _not_found(group_id)
        users_only = request.path.endswith("/microsoft.graph.user")
        members: list[dict[str, Any]] = []
        for member_id in self._flattened(group_id, set()):
            if member_id in self.users:
                members.append({"@odata.type": "#microsoft.graph.user",
                                **_selected(self.users[member_id], request.query.get("$select"),
                                            DEFAULT_USER_FIELDS)})
            elif not users_only:
                group = self.groups[member_id]
                members.append({"@odata.type": "#microsoft.graph.group", "id": group["id"],
                                "displayName": group["displayName"]})
        return self._page(request, members)

    def _flattened(self, group_id: str, seen: set[str]) -> list[str]:
        found: list[str] = []
        for member in self.groups[group_id]["members"]:
            if member in seen:
                continue
            seen.add(member)
            found.append(member)
            if member in self.groups:
                found += self._flattened(member, seen)
        return found

    # The enterprise app

    async def _get_service_principal(self, request: web.Request) -> web.StreamResponse:
        key = request.match_info["key"]
        app = None
        if key.startswith("(appId='") and key.endswith("')"):
            app = self.apps.get(key[len("(appId='"):-2])
        if app is None:
            return _not_found(key)
        return json_response(_selected(app, request.query.get("$select"), tuple(app)))

    async def _assigned_to(self, request: web.Request) -> web.StreamResponse:
        sp_id = request.match_info["sp_id"]
        if sp_id not in self.assignments:
            return _not_found(sp_id)
        select = request.query.get("$select")
        shown = [_selected(a, select, tuple(a)) for a in self.assignments[sp_id]]
        return self._page(request, shown)

    # Shifts schedule

    async def _get_schedule(self, request: web.Request) -> web.StreamResponse:
        team_id = request.match_info["team_id"]
        if team_id not in self.server.teams:
            return error_response(404, "NotFound", "No team with that id has a schedule.")
        return json_response({
            "id": team_id, "enabled": True, "provisionStatus": "Completed",
            "provisionStatusCode": None,
            "timeZone": self.schedule_time_zones.get(team_id, "America/Chicago"),
            "timeClockEnabled": False, "openShiftsEnabled": True, "swapShiftsRequestsEnabled":
            True, "offerShiftRequestsEnabled": True, "timeOffRequestsEnabled": True,
        })

    # Paging

    def _page(self, request: web.Request, items: list[dict[str, Any]]) -> web.Response:
        """concepts/paging.md: $top (at most the page limit) and @odata.nextLink."""
        try:
            offset = int(request.query.get("$skiptoken", "0"))
            size = int(request.query.get("$top", "100"))
        except ValueError:
            return error_response(400, "BadRequest", "Invalid $skiptoken or $top.")
        if not 1 <= size <= MAX_PAGE_SIZE:
            return error_response(400, "Request_BadRequest",
                                  f"Invalid page size specified: '{size}'. Must be between 1 "
                                  f"and {MAX_PAGE_SIZE} inclusive.")
        size = min(size, self.page_limit)
        body: dict[str, Any] = {"value": items[offset:offset + size]}
        if offset + size < len(items):
            query = {k: v for k, v in request.query.items() if k != "$skiptoken"}
            query["$skiptoken"] = str(offset + size)
            body["@odata.nextLink"] = (f"{request.scheme}://{request.host}{request.path}?"
                                       + urlencode(query, quote_via=quote, safe="$/:,'()"))
        return json_response(body)


def _selected(resource: dict[str, Any], select: str | None,
              default: tuple[str, ...]) -> dict[str, Any]:
    """The properties `$select` names (exactly those), or the default set."""
    names = [n.strip() for n in select.split(",")] if select else list(default)
    unknown = [n for n in names if n not in resource]
    if select and unknown:
        raise ValueError(f"Could not find a property named '{unknown[0]}'.")
    return {n: resource.get(n) for n in names if n in resource}


def _not_found(key: str) -> web.Response:
    return error_response(404, "Request_ResourceNotFound",
                          f"Resource '{key}' does not exist or one of its queried "
                          "reference-property objects are not present.")
