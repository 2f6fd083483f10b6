"""A local fake of the Microsoft Graph endpoints ERA uses, for tests at the HTTP level.

`FakeGraphServer` is an aiohttp app on 127.0.0.1 (an ephemeral port) under ``/v1.0`` with state in
memory. It serves Teams Shifts (``/teams/{id}/schedule/shifts``, ``openShifts``,
``schedulingGroups``, ``timeOffRequests``) as Graph v1.0 documents and behaves:

- An app token must name the user it acts as in ``MS-APP-ACTS-AS``, on reads and writes alike
  (403 ``MissingUserIdHeaderInAppContext`` otherwise); that user must be in the team (404
  ``TeamNotFound`` otherwise, as for a team that does not exist), and only team owners may
  create, replace or delete shifts and open shifts (403 for members).
- Errors come nested as Shifts sends them: ``{"error": {"code": "NotFound", "message":
  "{\"error\": {... \"innererror\": {\"code\": \"TeamNotFound\"}}}"}}``.
- Items carry ``@odata.etag``; a PUT with a stale ``If-Match`` gets 412. A PUT answers 204 No
  Content unless ``Prefer: return=representation`` asks for the item.
- Open shifts keep a draft (``draftOpenShift``) next to the shared version; `share()` publishes
  the drafts as a manager's "Share" does.
- ``$filter`` works on shifts (a property may appear only once); openShifts documents none, so
  a ``$filter`` there is refused. Collections are paged through ``@odata.nextLink``.

It records every request, and can be told to answer the next matching requests with an error
status (with a Retry-After), to fail them after doing the work (`fail_after`), or to stall them.

Extending it (mail, calendar): register more endpoints before `start()` with
``server.route("POST", "/users/{user_id}/sendMail", handler)``; a handler is an aiohttp handler
(``async def handler(request) -> web.Response``), can keep its data in ``server.state`` and answer
with `json_response` / `error_response` / `page_of`. Faults, recording and the token check apply
to every route.
"""

from __future__ import annotations

import asyncio
import json
import uuid
from collections.abc import Awaitable, Callable, Iterable
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any
from urllib.parse import quote, urlencode

from aiohttp import web

API_PREFIX = "/v1.0"
DEFAULT_TOKEN = "fake-graph-token"
_FILTER_OPS = {
    "eq": lambda a, b: a == b,
    "ne": lambda a, b: a != b,
    "ge": lambda a, b: a >= b,
    "gt": lambda a, b: a > b,
    "le": lambda a, b: a <= b,
    "lt": lambda a, b: a < b,
}

Handler = Callable[[web.Request], Awaitable[web.StreamResponse]]


@dataclass(frozen=True)
class RecordedRequest:
    """A request the fake received: path is without the /v1.0 prefix; query is decoded."""

    method: str
    path: str
    query: dict[str, str]
    headers: dict[str, str]
    body: Any


@dataclass
class _Fault:
    method: str | None
    path_contains: str
    status: int | None
    code: str
    retry_after: str | None
    delay_seconds: float
    remaining: int
    after_work: bool = False

    def matches(self, method: str, path: str) -> bool:
        return (self.remaining > 0 and (self.method is None or self.method == method)
                and self.path_contains in path)


@dataclass
class FakeSchedule:
    """One team's Shifts schedule: shifts, open shifts and scheduling groups by id."""

    shifts: dict[str, dict[str, Any]] = field(default_factory=dict)
    open_shifts: dict[str, dict[str, Any]] = field(default_factory=dict)
    groups: dict[str, dict[str, Any]] = field(default_factory=dict)
    time_off_requests: dict[str, dict[str, Any]] = field(default_factory=dict)
    owners: set[str] = field(default_factory=set)
    members: set[str] = field(default_factory=set)

    def add_owner(self, *user_ids: str) -> None:
        """Team owners: they may read and write the schedule."""
        self.owners.update(user_ids)

    def add_member(self, *user_ids: str) -> None:
        """Team members: they may read the schedule and send requests, not write shifts."""
        self.members.update(user_ids)

    def share(self) -> None:
        """A manager's "Share": every open shift's draft becomes its shared version."""
        for item in self.open_shifts.values():
            if item.get("draftOpenShift"):
                item["sharedOpenShift"] = item["draftOpenShift"]
                item["draftOpenShift"] = None
                _stamped(item)

    def add_group(self, display_name: str, user_ids: Iterable[str] = ()) -> str:
        """A scheduling group (Graph's name for a role or team section); returns its id."""
        group_id = f"TAG_{uuid.uuid4()}"
        self.groups[group_id] = _stamped({
            "id": group_id, "displayName": display_name, "isActive": True,
            "userIds": list(user_ids),
        })
        return group_id

    def add_shift(
        self, *, user_id: str, group_id: str, start: datetime, end: datetime,
        display_name: str = "", notes: str = "",
    ) -> str:
        """A shared (published) shift; returns its id."""
        shift_id = f"SHFT_{uuid.uuid4()}"
        self.shifts[shift_id] = _stamped({
            "id": shift_id, "userId": user_id, "schedulingGroupId": group_id,
            "sharedShift": _item(display_name, start, end, notes), "draftShift": None,
        })
        return shift_id

    def add_open_shift(
        self, *, group_id: str, start: datetime, end: datetime, display_name: str = "",
        slots: int = 1, draft_slots: int | None = None,
    ) -> str:
        """A shared open shift with `slots` free places (and an unshared draft with
        `draft_slots`, when given); returns its id."""
        open_id = f"OPNSHFT_{uuid.uuid4()}"
        item = {**_item(display_name, start, end, ""), "openSlotCount": slots}
        draft = None if draft_slots is None else {**item, "openSlotCount": draft_slots}
        self.open_shifts[open_id] = _stamped({
            "id": open_id, "schedulingGroupId": group_id, "sharedOpenShift": item,
            "draftOpenShift": draft,
        })
        return open_id


class FixedTokenSource:
    """A TokenSource that hands out one fixed token and counts how often it was asked (the
    test double for MSAL at the edge; the Graph client under test stays real)."""

    def __init__(self, token: str = DEFAULT_TOKEN, *, then: str | None = None) -> None:
        self.token = token
        self.calls = 0
        self.invalidated: list[str] = []
        self._then = then

    async def get_token(self) -> str:
        """The fixed token."""
        self.calls += 1
        return self.token

    async def invalidate(self, token: str) -> None:
        """Record the refused token; hand out `then` from now on when one was given (a token
        that was rotated)."""
        self.invalidated.append(token)
        if self._then is not None:
            self.token = self._then


class FakeGraphServer:
    """The fake Graph service (see the module docstring). Use `async with FakeGraphServer()`."""

    def __init__(self, *, token: str = DEFAULT_TOKEN, page_size: int = 50) -> None:
        self.token = token
        self.page_size = page_size
        self.requests: list[RecordedRequest] = []
        self.teams: dict[str, FakeSchedule] = {}
        self.state: dict[str, Any] = {}
        # Delegated (user) tokens the server also accepts: token -> Entra object id.
        self.delegated_tokens: dict[str, str] = {}
        self._faults: list[_Fault] = []
        self._app = web.Application(middlewares=[self._middleware])
        self._runner: web.AppRunner | None = None
        self._base_url = ""
        self._add_shifts_routes()

    # Lifecycle

    async def start(self) -> str:
        """Listen on 127.0.0.1 (a free port); returns the base URL ("http://.../v1.0")."""
        self._runner = web.AppRunner(self._app, shutdown_timeout=0.5)
        await self._runner.setup()
        site = web.TCPSite(self._runner, "127.0.0.1", 0)
        await site.start()
        host, port = self._runner.addresses[0][:2]
        self._base_url = f"http://{host}:{port}{API_PREFIX}"
        return self._base_url

    async def close(self) -> None:
        """Stop listening."""
        if self._runner is not None:
            await self._runner.cleanup()
            self._runner = None

    async def __aenter__(self) -> FakeGraphServer:
        await self.start()
        return self

    async def __aexit__(self, *exc_info: object) -> None:
        await self.close()

    @property
    def base_url(self) -> str:
        """"http://127.0.0.1:<port>/v1.0" once started."""
        if not self._base_url:
            raise RuntimeError("the fake Graph server is not started")
        return self._base_url

    # Configuration

    def route(self, method: str, path: str, handler: Handler) -> None:
        """Serve another endpoint (path relative to /v1.0, aiohttp {placeholders}). Call
        before `start()`."""
        self._app.router.add_route(method, API_PREFIX + path, handler)

    def team(self, team_id: str) -> FakeSchedule:
        """The team's schedule (created empty on first use)."""
        return self.teams.setdefault(team_id, FakeSchedule())

    def fail(
        self, status: int, *, method: str | None = None, path_contains: str = "", times: int = 1,
        code: str | None = None, retry_after: str | None = None,
    ) -> None:
        """Answer the next `times` matching requests with `status` (and Retry-After)."""
        self._faults.append(_Fault(method, path_contains, status, code or _code_for(status),
                                   retry_after, 0.0, times))

    def fail_after(
        self, status: int, *, method: str | None = None, path_contains: str = "", times: int = 1,
    ) -> None:
        """Do the next `times` matching requests, then answer `status` anyway (a gateway
        timeout after the service did the work)."""
        self._faults.append(_Fault(method, path_contains, status, _code_for(status), None, 0.0,
                                   times, after_work=True))

    def stall(
        self, seconds: float, *, method: str | None = None, path_contains: str = "",
        times: int = 1,
    ) -> None:
        """Hold the next `times` matching requests for `seconds` before answering normally."""
        self._faults.append(_Fault(method, path_contains, None, "", None, seconds, times))

    def heal(self) -> None:
        """Drop the faults not used up yet: the service is back."""
        self._faults.clear()

    def requests_to(self, method: str, path_contains: str = "") -> list[RecordedRequest]:
        """The recorded requests with this method whose path contains the text."""
        return [r for r in self.requests if r.method == method and path_contains in r.path]

    # Middleware: record, check the token, inject faults

    @web.middleware
    async def _middleware(self, request: web.Request, handler: Handler) -> web.StreamResponse:
        path = request.path.removeprefix(API_PREFIX)
        body: Any = None
        if request.body_exists:
            body = await request.json()
        self.requests.append(RecordedRequest(
            request.method, path, dict(request.query), dict(request.headers), body
        ))
        # concepts/errors.md: a missing or invalid bearer token is 401
        # InvalidAuthenticationToken.
        authorization = request.headers.get("Authorization", "")
        if authorization != f"Bearer {self.token}" and (
            authorization.removeprefix("Bearer ") not in self.delegated_tokens
        ):
            return error_response(401, "InvalidAuthenticationToken", "Access token is invalid.")
        for fault in self._faults:
            if fault.matches(request.method, path):
                fault.remaining -= 1
                if fault.delay_seconds:
                    await asyncio.sleep(fault.delay_seconds)
                if fault.status is not None:
                    if fault.after_work:
                        await handler(request)
                    headers = {"Retry-After": fault.retry_after} if fault.retry_after else {}
                    return error_response(fault.status, fault.code, "Injected failure.",
                                          headers=headers)
                break
        return await handler(request)

    # Teams Shifts

    def _add_shifts_routes(self) -> None:
        base = "/teams/{team_id}/schedule"
        for collection, kind in (("shifts", "shift"), ("openShifts", "openShift")):
            self.route("GET", f"{base}/{collection}", self._lister(kind))
            self.route("POST", f"{base}/{collection}", self._creator(kind))
            self.route("GET", f"{base}/{collection}/{{item_id}}", self._getter(kind))
            self.route("PUT", f"{base}/{collection}/{{item_id}}", self._replacer(kind))
            self.route("DELETE", f"{base}/{collection}/{{item_id}}", self._deleter(kind))
        self.route("GET", f"{base}/schedulingGroups", self._list_groups)
        self.route("POST", f"{base}/timeOffRequests", self._request_time_off)

    def _schedule_for(
        self, request: web.Request, *, write: bool = False
    ) -> tuple[FakeSchedule | None, web.Response | None]:
        """The team's schedule when the acting user may use it, else Graph's refusal."""
        # api-reference/v1.0/api/schedule-list-shifts.md (and every Shifts page): with an
        # application token, MS-APP-ACTS-AS (a user id) is required.
        acting = request.headers.get("MS-APP-ACTS-AS", "").strip()
        if not acting:
            return None, shifts_error(
                403, "Forbidden", "MissingUserIdHeaderInAppContext",
                "MS-APP-ACTS-AS header needs to be set for application context requests.")
        schedule = self.teams.get(request.match_info["team_id"])
        # The team is only visible to its members and owners: an acting user outside it gets
        # the same 404 TeamNotFound as for a team that does not exist (schedule-get.md and the
        # other Shifts pages answer 404 for a team the caller cannot see; the TeamNotFound
        # inner code is what Graph sends, as reported in the Graph SDK issues).
        if schedule is None or acting not in schedule.owners | schedule.members:
            return None, shifts_error(404, "NotFound", "TeamNotFound",
                                      "Sorry, the team was not found, or you may not have "
                                      "access to it.")
        # Shifts and open shifts are written by team owners (Shifts' schedule managers);
        # members send requests instead (api-reference/v1.0/resources/schedule.md,
        # timeoffrequest-post.md, offershiftrequest-post.md).
        if write and acting not in schedule.owners:
            return None, shifts_error(403, "Forbidden", "UserNotTeamOwner",
                                      "Only team owners can change the schedule.")
        return schedule, None

    def _items_of(self, schedule: FakeSchedule, kind: str) -> dict[str, dict[str, Any]]:
        return schedule.shifts if kind == "shift" else schedule.open_shifts

    def _lister(self, kind: str) -> Handler:
        async def handler(request: web.Request) -> web.StreamResponse:
            schedule, refusal = self._schedule_for(request)
            if schedule is None:
                return refusal or _no_team()
            expression = request.query.get("$filter", "")
            if expression and kind == "openShift":
                # api-reference/v1.0/api/openshift-list.md documents no $filter.
                return shifts_error(400, "BadRequest", "InvalidFilter",
                                    "$filter is not supported on openShifts.")
            try:
                # api-reference/v1.0/api/schedule-list-shifts.md: a property at most once.
                selected = apply_filter(self._items_of(schedule, kind).values(), expression)
            except ValueError as error:
                return shifts_error(400, "BadRequest", "InvalidFilter", str(error))
            return page_of(request, sorted(selected, key=_start_of), self.page_size)
        return handler

    def _creator(self, kind: str) -> Handler:
        async def handler(request: web.Request) -> web.StreamResponse:
            schedule, refusal = self._schedule_for(request, write=True)
            if schedule is None:
                return refusal or _no_team()
            body = await request.json()
            problem = self._invalid(schedule, kind, body)
            if problem:
                return shifts_error(400, "BadRequest", "InvalidRequest", problem)
            prefix = "SHFT_" if kind == "shift" else "OPNSHFT_"
            item_id = f"{prefix}{uuid.uuid4()}"
            items = self._items_of(schedule, kind)
            items[item_id] = _stamped({**body, "id": item_id})
            # api-reference/v1.0/api/schedule-post-shifts.md, openshift-post.md: 201 Created.
            return json_response(items[item_id], status=201)
        return handler

    def _getter(self, kind: str) -> Handler:
        async def handler(request: web.Request) -> web.StreamResponse:
            schedule, refusal = self._schedule_for(request)
            if schedule is None:
                return refusal or _no_team()
            item = self._items_of(schedule, kind).get(request.match_info["item_id"])
            if item is None:
                # api-reference/v1.0/api/shift-get.md: 404 for an unknown id.
                return shifts_error(404, "NotFound", "ItemNotFound",
                                    f"The requested {kind} was not found.")
            return json_response(item)
        return handler

    def _replacer(self, kind: str) -> Handler:
        async def handler(request: web.Request) -> web.StreamResponse:
            schedule, refusal = self._schedule_for(request, write=True)
            if schedule is None:
                return refusal or _no_team()
            items = self._items_of(schedule, kind)
            item_id = request.match_info["item_id"]
            if item_id not in items:
                # api-reference/v1.0/api/shift-put.md: 404 when the shift doesn't exist.
                return shifts_error(404, "NotFound", "ItemNotFound",
                                    f"The requested {kind} was not found.")
            if_match = request.headers.get("If-Match")
            if if_match and if_match != items[item_id]["@odata.etag"]:
                return shifts_error(412, "PreconditionFailed", "EtagMismatch",
                                    "The item was changed by someone else.")
            body = await request.json()
            problem = self._invalid(schedule, kind, body)
            if problem:
                return shifts_error(400, "BadRequest", "InvalidRequest", problem)
            created = items[item_id].get("createdDateTime")
            body = {k: v for k, v in body.items() if k != "@odata.etag"}
            items[item_id] = _stamped({**body, "id": item_id, "createdDateTime": created})
            # api-reference/v1.0/api/shift-put.md and openshift-update.md show the item in a
            # 200 with "Prefer: return=representation"; without it Graph answers 204.
            if "return=representation" in request.headers.get("Prefer", ""):
                return json_response(items[item_id])
            return web.Response(status=204)
        return handler

    def _deleter(self, kind: str) -> Handler:
        async def handler(request: web.Request) -> web.StreamResponse:
            schedule, refusal = self._schedule_for(request, write=True)
            if schedule is None:
                return refusal or _no_team()
            if self._items_of(schedule, kind).pop(request.match_info["item_id"], None) is None:
                return shifts_error(404, "NotFound", "ItemNotFound",
                                    f"The requested {kind} was not found.")
            # api-reference/v1.0/api/shift-delete.md, openshift-delete.md: 204 No Content.
            return web.Response(status=204)
        return handler

    async def _list_groups(self, request: web.Request) -> web.StreamResponse:
        schedule, refusal = self._schedule_for(request)
        if schedule is None:
            return refusal or _no_team()
        # api-reference/v1.0/api/schedule-list-schedulinggroups.md
        return page_of(request, list(schedule.groups.values()), self.page_size)

    async def _request_time_off(self, request: web.Request) -> web.StreamResponse:
        schedule, refusal = self._schedule_for(request)
        if schedule is None:
            return refusal or _no_team()
        # api-reference/v1.0/api/timeoffrequest-post.md: senderUserId, startDateTime,
        # endDateTime (and senderMessage); 200 OK with the request, pending, for the manager.
        body = await request.json()
        sender = str(body.get("senderUserId") or "")
        if sender not in schedule.owners | schedule.members:
            return shifts_error(400, "BadRequest", "InvalidSender",
                                "senderUserId must be a member of the team.")
        try:
            start = _parse_time(str(body["startDateTime"]))
            end = _parse_time(str(body["endDateTime"]))
        except (KeyError, ValueError):
            return shifts_error(400, "BadRequest", "InvalidRequest",
                                "startDateTime and endDateTime are required ISO 8601 times.")
        if end <= start:
            return shifts_error(400, "BadRequest", "InvalidRequest", "The end is before the start.")
        request_id = f"SREQ_{uuid.uuid4()}"
        schedule.time_off_requests[request_id] = _stamped({
            **body, "id": request_id, "state": "pending", "assignedTo": "manager",
            "managerUserId": None,
        })
        return json_response(schedule.time_off_requests[request_id])

    def _invalid(self, schedule: FakeSchedule, kind: str, body: Any) -> str:
        """Why Graph would refuse this shift or open shift ("" when it would accept it):
        api-reference/v1.0/api/schedule-post-shifts.md and shift-put.md (a shift lasts 1
        minute to 24 hours), openshift-post.md (openSlotCount)."""
        if not isinstance(body, dict):
            return "The request body must be a JSON object."
        group = schedule.groups.get(str(body.get("schedulingGroupId") or ""))
        if group is None or not group.get("isActive"):
            return "schedulingGroupId must name an active scheduling group."
        if kind == "shift" and not body.get("userId"):
            return "userId is required."
        shared, draft = ("sharedShift", "draftShift") if kind == "shift" else (
            "sharedOpenShift", "draftOpenShift")
        items = [body.get(shared), body.get(draft)]
        if not any(items):
            return f"{shared} or {draft} is required."
        for item in filter(None, items):
            try:
                start = _parse_time(item["startDateTime"])
                end = _parse_time(item["endDateTime"])
            except (KeyError, TypeError, ValueError):
                return "startDateTime and endDateTime are required ISO 8601 times."
            minutes = (end - start).total_seconds() / 60
            if not 1 <= minutes <= 24 * 60:
                return "A shift can't be shorter than 1 minute or longer than 24 hours."
            if kind == "openShift" and int(item.get("openSlotCount", 0)) < 1:
                return "openSlotCount must be at least 1."
        return ""


# Helpers for handlers (also for extensions)


def json_response(data: Any, *, status: int = 200) -> web.Response:
    """A JSON reply."""
    return web.json_response(data, status=status)


def error_response(
    status: int, code: str, message: str, *, headers: dict[str, str] | None = None
) -> web.Response:
    """Graph's error body: {"error": {"code", "message", "innerError"}}."""
    body = {"error": {"code": code, "message": message,
                      "innerError": {"request-id": str(uuid.uuid4())}}}
    return web.json_response(body, status=status, headers=headers)


def shifts_error(
    status: int, code: str, inner_code: str, message: str,
    *, headers: dict[str, str] | None = None,
) -> web.Response:
    """Teams Shifts' error body: the real error as JSON inside the outer error's message."""
    inner = {"error": {"code": code, "message": message, "details": [],
                       "innererror": {"code": inner_code}}}
    body = {"error": {"code": code, "message": json.dumps(inner),
                      "innerError": {"request-id": str(uuid.uuid4())}}}
    return web.json_response(body, status=status, headers=headers)


def page_of(request: web.Request, items: list[dict[str, Any]], page_size: int) -> web.Response:
    """One page of a collection ({"value": [...]}), with @odata.nextLink when more remain
    (concepts/paging.md)."""
    try:
        offset = int(request.query.get("$skiptoken", "0"))
        size = int(request.query.get("$top", page_size))
    except ValueError:
        return error_response(400, "BadRequest", "Invalid $skiptoken or $top.")
    body: dict[str, Any] = {"value": items[offset:offset + size]}
    if offset + size < len(items):
        query = {k: v for k, v in request.query.items() if k != "$skiptoken"}
        query["$skiptoken"] = str(offset + size)
        body["@odata.nextLink"] = (
            f"{request.scheme}://{request.host}{request.path}?"
            + urlencode(query, quote_via=quote, safe="$/:,'()")
        )
    return json_response(body)


def apply_filter(items: Iterable[dict[str, Any]], expression: str) -> list[dict[str, Any]]:
    """The items matching an OData `$filter` of "a/b op value" clauses joined by "and".

    Like Graph's schedule endpoints, a property may appear only once (ValueError otherwise), and
    an item without the property does not match.
    """
    clauses = [c.strip() for c in expression.split(" and ") if c.strip()]
    parsed: list[tuple[list[str], str, Any]] = []
    seen: set[str] = set()
    for clause in clauses:
        parts = clause.split(" ", 2)
        if len(parts) != 3 or parts[1] not in _FILTER_OPS:
            raise ValueError(f"Invalid filter clause: {clause!r}")
        prop, op, raw = parts
        if prop in seen:
            raise ValueError(f"The $filter can't use the property {prop} more than once.")
        seen.add(prop)
        parsed.append((prop.split("/"), op, _literal(raw)))
    selected = []
    for item in items:
        if all(_matches(item, path, op, value) for path, op, value in parsed):
            selected.append(item)
    return selected


def _matches(item: dict[str, Any], path: list[str], op: str, value: Any) -> bool:
    current: Any = item
    for key in path:
        if not isinstance(current, dict) or current.get(key) is None:
            return False
        current = current[key]
    if isinstance(value, datetime):
        try:
            current = _parse_time(str(current))
        except ValueError:
            return False
    return bool(_FILTER_OPS[op](current, value))


def _literal(raw: str) -> Any:
    if raw.startswith("'") and raw.endswith("'"):
        return raw[1:-1]
    try:
        return _parse_time(raw)
    except ValueError:
        return raw


def _parse_time(text: str) -> datetime:
    moment = datetime.fromisoformat(text)
    if moment.tzinfo is None:
        raise ValueError(f"not an aware time: {text!r}")
    return moment


def _item(display_name: str, start: datetime, end: datetime, notes: str) -> dict[str, Any]:
    return {
        "displayName": display_name, "notes": notes, "theme": "blue", "activities": [],
        "startDateTime": _graph_time(start), "endDateTime": _graph_time(end),
    }


def _graph_time(moment: datetime) -> str:
    return moment.astimezone(UTC).strftime("%Y-%m-%dT%H:%M:%S.000Z")


def _stamped(item: dict[str, Any]) -> dict[str, Any]:
    now = _graph_time(datetime.now(UTC))
    item["@odata.etag"] = f'"{uuid.uuid4()}"'
    item.setdefault("createdDateTime", now)
    item["lastModifiedDateTime"] = now
    item["lastModifiedBy"] = {"application": {"id": "fake", "displayName": "fake"},
                              "user": None, "device": None}
    return item


def _start_of(item: dict[str, Any]) -> str:
    for key in ("sharedShift", "sharedOpenShift", "draftShift", "draftOpenShift"):
        if item.get(key):
            return str(item[key].get("startDateTime", ""))
    return ""


def _no_team() -> web.Response:
    return shifts_error(404, "NotFound", "TeamNotFound", "No team with that id has a schedule.")


def _code_for(status: int) -> str:
    return {400: "BadRequest", 401: "InvalidAuthenticationToken", 403: "Forbidden",
            404: "NotFound", 409: "Conflict", 429: "TooManyRequests",
            500: "InternalServerError", 502: "BadGateway",
            503: "ServiceUnavailable", 504: "GatewayTimeout"}.get(status, "UnknownError")
