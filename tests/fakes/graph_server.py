"""A local fake of the Microsoft Graph endpoints ERA uses, for tests at the HTTP level.

`FakeGraphServer` is an aiohttp app on 127.0.0.1 (an ephemeral port) under ``/v1.0`` with state in
memory. It serves Teams Shifts (``/teams/{id}/schedule/shifts``, ``openShifts``,
``schedulingGroups``) with Graph's JSON shapes, its ``$filter`` rule (a property may appear only
once), paging through ``@odata.nextLink``, its error body ``{"error": {"code", "message"}}`` and
its checks (bearer token, required fields, 1 minute to 24 hours per shift). It records every
request, and can be told to answer the next matching requests with an error status (with a
Retry-After) or to stall them.

Extending it (mail, calendar): register more endpoints before `start()` with
``server.route("POST", "/users/{user_id}/sendMail", handler)``; a handler is an aiohttp handler
(``async def handler(request) -> web.Response``), can keep its data in ``server.state`` and answer
with `json_response` / `error_response` / `page_of`. Faults, recording and the token check apply
to every route.
"""

from __future__ import annotations

import asyncio
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

    def matches(self, method: str, path: str) -> bool:
        return (self.remaining > 0 and (self.method is None or self.method == method)
                and self.path_contains in path)


@dataclass
class FakeSchedule:
    """One team's Shifts schedule: shifts, open shifts and scheduling groups by id."""

    shifts: dict[str, dict[str, Any]] = field(default_factory=dict)
    open_shifts: dict[str, dict[str, Any]] = field(default_factory=dict)
    groups: dict[str, dict[str, Any]] = field(default_factory=dict)

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
        slots: int = 1,
    ) -> str:
        """A shared open shift with `slots` free places; returns its id."""
        open_id = f"OPNSHFT_{uuid.uuid4()}"
        item = {**_item(display_name, start, end, ""), "openSlotCount": slots}
        self.open_shifts[open_id] = _stamped({
            "id": open_id, "schedulingGroupId": group_id, "sharedOpenShift": item,
            "draftOpenShift": None,
        })
        return open_id


class FixedTokenSource:
    """A TokenSource that hands out one fixed token and counts how often it was asked (the
    test double for MSAL at the edge; the Graph client under test stays real)."""

    def __init__(self, token: str = DEFAULT_TOKEN) -> None:
        self.token = token
        self.calls = 0

    async def get_token(self) -> str:
        """The fixed token."""
        self.calls += 1
        return self.token


class FakeGraphServer:
    """The fake Graph service (see the module docstring). Use `async with FakeGraphServer()`."""

    def __init__(self, *, token: str = DEFAULT_TOKEN, page_size: int = 50) -> None:
        self.token = token
        self.page_size = page_size
        self.requests: list[RecordedRequest] = []
        self.teams: dict[str, FakeSchedule] = {}
        self.state: dict[str, Any] = {}
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

    def stall(
        self, seconds: float, *, method: str | None = None, path_contains: str = "",
        times: int = 1,
    ) -> None:
        """Hold the next `times` matching requests for `seconds` before answering normally."""
        self._faults.append(_Fault(method, path_contains, None, "", None, seconds, times))

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
        if request.headers.get("Authorization") != f"Bearer {self.token}":
            return error_response(401, "InvalidAuthenticationToken", "Access token is invalid.")
        for fault in self._faults:
            if fault.matches(request.method, path):
                fault.remaining -= 1
                if fault.delay_seconds:
                    await asyncio.sleep(fault.delay_seconds)
                if fault.status is not None:
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

    def _items(self, request: web.Request, kind: str) -> dict[str, dict[str, Any]] | None:
        schedule = self.teams.get(request.match_info["team_id"])
        if schedule is None:
            return None
        return schedule.shifts if kind == "shift" else schedule.open_shifts

    def _lister(self, kind: str) -> Handler:
        async def handler(request: web.Request) -> web.StreamResponse:
            items = self._items(request, kind)
            if items is None:
                return _no_team()
            try:
                selected = apply_filter(items.values(), request.query.get("$filter", ""))
            except ValueError as error:
                return error_response(400, "BadRequest", str(error))
            return page_of(request, sorted(selected, key=_start_of), self.page_size)
        return handler

    def _creator(self, kind: str) -> Handler:
        async def handler(request: web.Request) -> web.StreamResponse:
            items = self._items(request, kind)
            if items is None:
                return _no_team()
            body = await request.json()
            problem = self._invalid(request, kind, body)
            if problem:
                return error_response(400, "BadRequest", problem)
            prefix = "SHFT_" if kind == "shift" else "OPNSHFT_"
            item_id = f"{prefix}{uuid.uuid4()}"
            items[item_id] = _stamped({**body, "id": item_id})
            return json_response(items[item_id], status=201)
        return handler

    def _getter(self, kind: str) -> Handler:
        async def handler(request: web.Request) -> web.StreamResponse:
            items = self._items(request, kind)
            item = (items or {}).get(request.match_info["item_id"])
            if item is None:
                return error_response(404, "NotFound", f"The requested {kind} was not found.")
            return json_response(item)
        return handler

    def _replacer(self, kind: str) -> Handler:
        async def handler(request: web.Request) -> web.StreamResponse:
            items = self._items(request, kind)
            item_id = request.match_info["item_id"]
            if items is None or item_id not in items:
                return error_response(404, "NotFound", f"The requested {kind} was not found.")
            body = await request.json()
            problem = self._invalid(request, kind, body)
            if problem:
                return error_response(400, "BadRequest", problem)
            created = items[item_id].get("createdDateTime")
            items[item_id] = _stamped({**body, "id": item_id, "createdDateTime": created})
            return json_response(items[item_id])
        return handler

    def _deleter(self, kind: str) -> Handler:
        async def handler(request: web.Request) -> web.StreamResponse:
            items = self._items(request, kind)
            if items is None or items.pop(request.match_info["item_id"], None) is None:
                return error_response(404, "NotFound", f"The requested {kind} was not found.")
            return web.Response(status=204)
        return handler

    async def _list_groups(self, request: web.Request) -> web.StreamResponse:
        schedule = self.teams.get(request.match_info["team_id"])
        if schedule is None:
            return _no_team()
        return page_of(request, list(schedule.groups.values()), self.page_size)

    def _invalid(self, request: web.Request, kind: str, body: Any) -> str:
        """Why Graph would refuse this shift or open shift ("" when it would accept it)."""
        if not isinstance(body, dict):
            return "The request body must be a JSON object."
        schedule = self.teams[request.match_info["team_id"]]
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


def page_of(request: web.Request, items: list[dict[str, Any]], page_size: int) -> web.Response:
    """One page of a collection ({"value": [...]}), with @odata.nextLink when more remain."""
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
    return error_response(404, "NotFound", "No team with that id has a schedule.")


def _code_for(status: int) -> str:
    return {400: "BadRequest", 401: "InvalidAuthenticationToken", 403: "Forbidden",
            404: "NotFound", 409: "Conflict", 429: "TooManyRequests",
            500: "InternalServerError", 502: "BadGateway",
            503: "ServiceUnavailable"}.get(status, "UnknownError")
