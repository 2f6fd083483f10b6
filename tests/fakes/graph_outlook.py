"""Outlook mail and calendars for the fake Graph server: sendMail, getSchedule and events.

`FakeOutlook(server)` registers its routes on a `FakeGraphServer` (before `start()`), through the
server's `route` extension point, so the server's token check, request recording and fault
injection apply to them too; the Shifts routes are untouched.

Users are addressed in ``/users/{id | userPrincipalName}`` by Entra object id or UPN only, as
the v1.0 pages document: a mail address that is not the UPN gets 404 ``ErrorInvalidUser``. Each
user has an object id, a UPN and a mail address (`add_user`); attendees, organizers and
getSchedule's ``schedules`` are SMTP (mail) addresses. Outlook's limit of 4 concurrent requests
per app per mailbox (concepts/throttling-limits.md, Outlook service limits) is enforced: a fifth
gets 429 ``MailboxConcurrency`` with a Retry-After. Endpoints, with Graph's shapes:

- ``POST /users/{id}/sendMail``: checks the message (subject, body, recipients, an
  internetMessageId in ``<...@...>`` form when given) and answers 202 with no body, like Graph.
- ``POST /users/{id}/calendar/getSchedule``: busy items of each schedule in the window (at most
  20 schedules and less than 62 days, as documented), an ``error`` for an unknown address or one
  set in `schedule_errors`, the availabilityView string; times in UTC unless ``Prefer:
  outlook.timezone`` names a zone (``view_only`` leaves scheduleItems out, to check a client
  reading the view).
- ``POST /users/{id}/events`` (and ``/calendar/events``): creates the organizer's event and an
  invitation copy in each known attendee's calendar (same iCalUId, own id); a repeated
  ``transactionId`` with the same body returns the event already made, with another body 400
  ``ErrorDuplicateTransactionId``; ``isOnlineMeeting`` adds a Teams join URL.
- ``GET /users/{id}/events`` (``$filter`` such as ``iCalUId eq '...'``), ``GET
  /users/{id}/events/{event}``, ``GET /users/{id}/calendarView?startDateTime&endDateTime``.
- ``PATCH /users/{id}/events/{event}`` (event-update.md): the properties in the body replace the
  event's (``attendees`` the whole collection, ``subject``, ``body``, ``start``, ``end``,
  ``location``), answered 200 with the event; on the organizer's copy the attendees' copies follow
  it, an attendee added gets an invitation copy in their calendar and an attendee taken off has
  their copy cancelled (Outlook sends the meeting update to the attendees that changed). An
  attendee's own copy changes for them alone.
- ``POST /users/{id}/events/{event}/cancel``: organizer only (an attendee gets 400, as
  documented); removes the organizer's event and marks the attendees' copies cancelled.

`latency_seconds` holds each mailbox request that long, so concurrent callers overlap as they
would against the real service.
"""

from __future__ import annotations

import asyncio
import json
import re
import uuid
from collections.abc import Awaitable, Callable, Iterable
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from typing import Any
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from aiohttp import web

from services.demo_organisation import PEOPLE
from tests.fakes.graph_server import (
    FakeGraphServer,
    apply_filter,
    error_response,
    json_response,
    page_of,
)

MAX_SCHEDULES = 20
MAX_SCHEDULE_DAYS = 62
MAX_CONCURRENT_PER_MAILBOX = 4
_USER_NAMESPACE = uuid.UUID("0b6a3c1e-7d7f-4a51-9d55-3f4f3b0e2a10")
_Handler = Callable[[web.Request], Awaitable[web.StreamResponse]]
_UserHandler = Callable[[web.Request, "FakeUser"], Awaitable[web.StreamResponse]]
_MESSAGE_ID = re.compile(r"<[^<>@\s]+@[^<>@\s]+>")
# event-update.md: the properties ERA may change (of those the page lists as updatable).
_UPDATABLE = frozenset({"attendees", "subject", "body", "start", "end", "location"})
_BUSY_VIEW = {"free": "0", "workingelsewhere": "0", "tentative": "1", "busy": "2", "oof": "3"}


@dataclass
class SentMail:
    """A message the fake accepted through sendMail."""

    mailbox: str
    message: dict[str, Any]
    save_to_sent_items: bool

    @property
    def recipients(self) -> list[str]:
        """The To addresses."""
        return [r["emailAddress"]["address"] for r in self.message.get("toRecipients", [])]


@dataclass(frozen=True)
class FakeUser:
    """A user with a mailbox: Entra object id, userPrincipalName and mail address."""

    object_id: str
    upn: str
    mail: str


@dataclass
class FakeOutlook:
    """Mailboxes and calendars served by a fake Graph server (see the module docstring).

    `calendars` and `sent` are keyed by the user's mail address (lower case), for tests to read.
    """

    server: FakeGraphServer
    users: dict[str, FakeUser] = field(default_factory=dict)
    sent: list[SentMail] = field(default_factory=list)
    calendars: dict[str, dict[str, dict[str, Any]]] = field(default_factory=dict)
    cancellations: list[tuple[str, str, str]] = field(default_factory=list)
    # (mailbox, iCalUId, the properties a PATCH set), and (attendee, iCalUId) for each meeting
    # invitation an update sent to someone added and each cancellation to someone taken off.
    updates: list[tuple[str, str, list[str]]] = field(default_factory=list)
    invitations: list[tuple[str, str]] = field(default_factory=list)
    removals: list[tuple[str, str]] = field(default_factory=list)
    # Answer getSchedule with the availabilityView only, without scheduleItems.
    view_only: bool = False
    # mail address -> the responseCode getSchedule reports for that schedule instead of its data.
    schedule_errors: dict[str, str] = field(default_factory=dict)
    latency_seconds: float = 0.0
    in_flight: dict[str, int] = field(default_factory=dict)
    most_in_flight: int = 0

    def __post_init__(self) -> None:
        route = self.server.route
        # api-reference/v1.0/api/user-sendmail.md
        route("POST", "/users/{user}/sendMail", self._mailbox(self._send_mail))
        # api-reference/v1.0/api/calendar-getschedule.md
        route("POST", "/users/{user}/calendar/getSchedule", self._mailbox(self._get_schedule))
        # api-reference/v1.0/api/user-post-events.md
        route("POST", "/users/{user}/events", self._mailbox(self._create_event))
        route("POST", "/users/{user}/calendar/events", self._mailbox(self._create_event))
        # api-reference/v1.0/api/user-list-events.md, event-get.md
        route("GET", "/users/{user}/events", self._mailbox(self._list_events))
        route("GET", "/users/{user}/events/{event_id}", self._mailbox(self._get_event))
        # api-reference/v1.0/api/event-update.md
        route("PATCH", "/users/{user}/events/{event_id}", self._mailbox(self._update_event))
        # api-reference/v1.0/api/user-list-calendarview.md
        route("GET", "/users/{user}/calendarView", self._mailbox(self._calendar_view))
        # api-reference/v1.0/api/event-cancel.md
        route("POST", "/users/{user}/events/{event_id}/cancel",
              self._mailbox(self._cancel_event))

    # Setting up

    def add_user(
        self, *emails: str, object_id: str | None = None, upn: str | None = None
    ) -> None:
        """Users with mailboxes (and empty calendars). Each gets the object id given (one
        address only) or one derived from the address, and the UPN given or its address."""
        if (object_id or upn) and len(emails) != 1:
            raise ValueError("object_id and upn name one user")
        for email in emails:
            mail = email.lower()
            user = FakeUser(object_id or str(uuid.uuid5(_USER_NAMESPACE, mail)),
                            (upn or mail).lower(), mail)
            self.users[mail] = user
            self.calendars.setdefault(mail, {})

    def add_demo_staff(self) -> None:
        """Every person of the demo organisation, with the object id the directory has."""
        for person in PEOPLE:
            self.add_user(person.email, object_id=person.aad_object_id)

    def object_id(self, email: str) -> str:
        """A user's object id."""
        return self.users[email.lower()].object_id

    def _user(self, key: str) -> FakeUser | None:
        """The user an URL names: by object id or userPrincipalName, never by mail alone."""
        key = key.lower()
        return next((u for u in self.users.values() if key in (u.object_id.lower(), u.upn)),
                    None)

    def _by_mail(self, address: str) -> FakeUser | None:
        return self.users.get(address.lower())

    def _mailbox(self, handler: _UserHandler) -> _Handler:
        """Resolve {user} and hold a slot of the mailbox's concurrency limit."""
        async def within_limit(request: web.Request) -> web.StreamResponse:
            user = self._user(request.match_info["user"])
            if user is None:
                return _invalid_user(request.match_info["user"])
            # concepts/throttling-limits.md (Outlook service limits): 4 concurrent requests
            # per app per mailbox; beyond that, 429 MailboxConcurrency with a Retry-After.
            if self.in_flight.get(user.mail, 0) >= MAX_CONCURRENT_PER_MAILBOX:
                return error_response(429, "ApplicationThrottled",
                                      "Application is over its MailboxConcurrency limit.",
                                      headers={"Retry-After": "1"})
            self.in_flight[user.mail] = self.in_flight.get(user.mail, 0) + 1
            self.most_in_flight = max(self.most_in_flight, self.in_flight[user.mail])
            try:
                if self.latency_seconds:
                    await asyncio.sleep(self.latency_seconds)
                return await handler(request, user)
            finally:
                self.in_flight[user.mail] -= 1
        return within_limit

    def add_busy(
        self, email: str, start: datetime, end: datetime, *, subject: str = "Busy",
        show_as: str = "busy",
    ) -> str:
        """An appointment in a user's calendar (no attendees); returns its id."""
        event_id = _new_id()
        self.calendars[email.lower()][event_id] = {
            "id": event_id, "iCalUId": _new_id(), "subject": subject,
            "body": {"contentType": "text", "content": ""},
            "start": _graph_time(start), "end": _graph_time(end), "showAs": show_as,
            "organizer": {"emailAddress": {"address": email, "name": email}},
            "attendees": [], "isOrganizer": True, "isCancelled": False,
            "isOnlineMeeting": False, "onlineMeeting": None, "location": {"displayName": ""},
            "transactionId": None,
        }
        return event_id

    def events_of(self, email: str) -> list[dict[str, Any]]:
        """Every event in a user's calendar, by start."""
        return sorted(self.calendars.get(email.lower(), {}).values(),
                      key=lambda e: e["start"]["dateTime"])

    # Mail

    async def _send_mail(
        self, request: web.Request, user: FakeUser
    ) -> web.StreamResponse:
        mailbox = user.mail
        body = await request.json()
        message = body.get("message") if isinstance(body, dict) else None
        if not isinstance(message, dict):
            return error_response(400, "ErrorInvalidRequest", "A message is required.")
        # api-reference/v1.0/api/user-sendmail.md: a message with recipients and a body.
        recipients = message.get("toRecipients") or []
        addresses = [r.get("emailAddress", {}).get("address") for r in recipients]
        if not addresses or not all(isinstance(a, str) and "@" in a for a in addresses):
            return error_response(400, "ErrorInvalidRecipients",
                                  "At least one recipient is not valid.")
        content = message.get("body") or {}
        if content.get("contentType", "").lower() not in {"text", "html"}:
            return error_response(400, "ErrorInvalidRequest", "Body contentType is invalid.")
        message_id = message.get("internetMessageId")
        if message_id is not None and not _MESSAGE_ID.fullmatch(str(message_id)):
            return error_response(400, "InvalidInternetMessageHeader",
                                  "The internet message id must be in <id@domain> form.")
        self.sent.append(SentMail(mailbox, message, bool(body.get("saveToSentItems", True))))
        # api-reference/v1.0/api/user-sendmail.md: 202 Accepted, no body, no message id.
        return web.Response(status=202)

    # Free/busy

    async def _get_schedule(
        self, request: web.Request, user: FakeUser
    ) -> web.StreamResponse:
        body = await request.json()
        schedules = body.get("schedules") or body.get("Schedules") or []
        try:
            start = _parse_graph_time(body.get("startTime") or body["StartTime"])
            end = _parse_graph_time(body.get("endTime") or body["EndTime"])
            interval = int(body.get("availabilityViewInterval", 30))
            zone = _response_zone(request)
        except (KeyError, TypeError, ValueError) as error:
            return error_response(400, "ErrorInvalidParameter", f"Invalid request: {error}")
        # api-reference/v1.0/api/calendar-getschedule.md: up to 20 schedules, a period under
        # 62 days, availabilityViewInterval 5 to 1440 minutes.
        if not schedules or len(schedules) > MAX_SCHEDULES:
            return error_response(400, "ErrorMailboxDataArrayTooBig",
                                  f"1 to {MAX_SCHEDULES} schedules are allowed.")
        if not 5 <= interval <= 1440:
            return error_response(400, "ErrorInvalidParameter",
                                  "availabilityViewInterval must be 5 to 1440.")
        if end <= start or end - start >= timedelta(days=MAX_SCHEDULE_DAYS):
            return error_response(400, "ErrorInvalidTimeInterval",
                                  f"The time period must be less than {MAX_SCHEDULE_DAYS} days.")
        value = [self._schedule(str(s), start, end, interval, zone) for s in schedules]
        return json_response({"value": value})

    def _schedule(
        self, email: str, start: datetime, end: datetime, interval: int, zone: ZoneInfo
    ) -> dict[str, Any]:
        # api-reference/v1.0/resources/scheduleinformation.md: a schedule Graph could not read
        # comes back with an error (freeBusyError) instead of its items.
        if self._by_mail(email) is None:
            return {"scheduleId": email, "availabilityView": "", "scheduleItems": [],
                    "error": {"message": f"The user {email} couldn't be found.",
                              "responseCode": "ErrorMailRecipientNotFound"}}
        if email.lower() in self.schedule_errors:
            return {"scheduleId": email, "availabilityView": "", "scheduleItems": [],
                    "error": {"message": "The free/busy data could not be read.",
                              "responseCode": self.schedule_errors[email.lower()]}}
        items = []
        for event in self.events_of(email):
            event_start, event_end = _event_times(event)
            status = str(event.get("showAs", "busy"))
            if event["isCancelled"] or not (event_start < end and start < event_end):
                continue
            items.append({"isPrivate": False, "status": status, "subject": event["subject"],
                          "location": "", "start": _graph_time(event_start, zone),
                          "end": _graph_time(event_end, zone)})
        view = ""
        slot = start
        while slot < end:
            slot_end = slot + timedelta(minutes=interval)
            codes = [_BUSY_VIEW.get(i["status"].lower(), "0") for i in items
                     if _parse_graph_time(i["start"]) < slot_end
                     and slot < _parse_graph_time(i["end"])]
            view += max(codes, default="0")
            slot = slot_end
        schedule: dict[str, Any] = {"scheduleId": email, "availabilityView": view}
        if not self.view_only:
            schedule["scheduleItems"] = items
        return {**schedule,
                "workingHours": {"daysOfWeek": ["monday", "tuesday", "wednesday", "thursday",
                                                "friday"],
                                 "startTime": "09:00:00.0000000", "endTime": "17:30:00.0000000",
                                 "timeZone": {"name": "GMT Standard Time"}}}

    # Events

    async def _create_event(
        self, request: web.Request, user: FakeUser
    ) -> web.StreamResponse:
        organizer = user.mail
        body = await request.json()
        try:
            start = _parse_graph_time(body["start"])
            end = _parse_graph_time(body["end"])
        except (KeyError, TypeError, ValueError) as error:
            return error_response(400, "ErrorInvalidRequest", f"start and end: {error}")
        if end <= start:
            return error_response(400, "ErrorInvalidRequest", "The end is before the start.")
        transaction_id = body.get("transactionId")
        if transaction_id:
            # api-reference/v1.0/api/user-post-events.md, transactionId: a retried create
            # returns the event already made; the same id with another body is refused.
            for event in self.calendars[organizer].values():
                if event.get("transactionId") == transaction_id:
                    if event.get("_body") != _canonical(body):
                        return error_response(400, "ErrorDuplicateTransactionId",
                                              "The transaction id was used for another item.")
                    return json_response(_public(event), status=201)
        attendees = [
            {"emailAddress": a["emailAddress"], "type": a.get("type", "required"),
             "status": {"response": "none", "time": "0001-01-01T00:00:00Z"}}
            for a in body.get("attendees") or []
        ]
        online = bool(body.get("isOnlineMeeting"))
        ical_uid = _new_id()
        join_url = f"https://teams.microsoft.com/l/meetup-join/{ical_uid}" if online else None
        shared = {
            "iCalUId": ical_uid, "subject": body.get("subject", ""),
            "body": body.get("body") or {"contentType": "text", "content": ""},
            "start": _graph_time(start), "end": _graph_time(end), "showAs": "busy",
            "organizer": {"emailAddress": {"address": organizer, "name": organizer}},
            "attendees": attendees, "isCancelled": False, "isOnlineMeeting": online,
            "onlineMeeting": {"joinUrl": join_url} if join_url else None,
            "onlineMeetingProvider": "teamsForBusiness" if online else "unknown",
            "location": body.get("location") or {"displayName": ""},
        }
        event_id = _new_id()
        event = {"id": event_id, **shared, "isOrganizer": True, "transactionId": transaction_id,
                 "_body": _canonical(body)}
        self.calendars[organizer][event_id] = event
        for attendee in _addresses(attendees):
            if self._by_mail(attendee) is not None and attendee != organizer:
                copy_id = _new_id()
                self.calendars[attendee][copy_id] = {
                    "id": copy_id, **shared, "showAs": "tentative", "isOrganizer": False,
                    "transactionId": None,
                }
        return json_response(_public(event), status=201)

    async def _list_events(
        self, request: web.Request, user: FakeUser
    ) -> web.StreamResponse:
        user = user.mail
        try:
            events = apply_filter(self.events_of(user), request.query.get("$filter", ""))
        except ValueError as error:
            return error_response(400, "BadRequest", str(error))
        return page_of(request, [_public(e) for e in events], self.server.page_size)

    async def _get_event(
        self, request: web.Request, user: FakeUser
    ) -> web.StreamResponse:
        user = user.mail
        event = self.calendars[user].get(request.match_info["event_id"])
        if event is None:
            return _not_found()
        return json_response(_public(event))

    async def _update_event(
        self, request: web.Request, user: FakeUser
    ) -> web.StreamResponse:
        event = self.calendars[user.mail].get(request.match_info["event_id"])
        if event is None:
            return _not_found()
        try:
            body = await request.json()
        except ValueError:
            return error_response(400, "ErrorInvalidRequest", "The body is not JSON.")
        if not isinstance(body, dict) or not body:
            return error_response(400, "ErrorInvalidRequest", "Nothing to update.")
        unknown = set(body) - _UPDATABLE
        if unknown:
            return error_response(400, "ErrorInvalidProperty",
                                  f"Cannot update {', '.join(sorted(unknown))}.")
        changes: dict[str, Any] = {}
        if "attendees" in body:
            try:
                changes["attendees"] = [
                    {"emailAddress": {"address": str(a["emailAddress"]["address"]),
                                      "name": a["emailAddress"].get("name")
                                      or str(a["emailAddress"]["address"])},
                     "type": a.get("type", "required"),
                     "status": a.get("status") or {"response": "none",
                                                   "time": "0001-01-01T00:00:00Z"}}
                    for a in body["attendees"]]
            except (KeyError, TypeError) as error:
                return error_response(400, "ErrorInvalidRequest", f"attendees: {error}")
        for name in ("subject", "body", "location"):
            if name in body:
                changes[name] = body[name]
        try:
            for name in ("start", "end"):
                if name in body:
                    changes[name] = _graph_time(_parse_graph_time(body[name]))
        except (KeyError, TypeError, ValueError) as error:
            return error_response(400, "ErrorInvalidRequest", f"start and end: {error}")
        before = _addresses(event["attendees"])
        event.update(changes)
        if event["isOrganizer"]:
            self._follow_organizer(event, before)
        self.updates.append((user.mail, event["iCalUId"], sorted(body)))
        return json_response(_public(event))

    def _follow_organizer(self, event: dict[str, Any], before: list[str]) -> None:
        """The attendees' copies after the organizer's changed: each takes the change, an
        attendee added gets an invitation copy, and one taken off has theirs cancelled."""
        shared = {k: v for k, v in event.items()
                  if k not in {"id", "isOrganizer", "transactionId", "showAs"}
                  and not k.startswith("_")}
        organizer = str(event["organizer"]["emailAddress"]["address"]).lower()
        for attendee in _addresses(event["attendees"]):
            if self._by_mail(attendee) is None or attendee == organizer:
                continue
            copies = [c for c in self.calendars[attendee].values()
                      if c["iCalUId"] == event["iCalUId"]]
            for copy in copies:
                copy.update(shared)
            if not copies and attendee not in before:
                copy_id = _new_id()
                self.calendars[attendee][copy_id] = {
                    "id": copy_id, **shared, "showAs": "tentative", "isOrganizer": False,
                    "transactionId": None,
                }
                self.invitations.append((attendee, event["iCalUId"]))
        now = set(_addresses(event["attendees"]))
        for attendee in before:
            if attendee in now or attendee == organizer:
                continue
            for copy in self.calendars.get(attendee, {}).values():
                if copy["iCalUId"] == event["iCalUId"] and not copy["isCancelled"]:
                    copy["isCancelled"] = True
                    copy["subject"] = "Canceled: " + copy["subject"]
                    self.removals.append((attendee, event["iCalUId"]))

    async def _calendar_view(
        self, request: web.Request, user: FakeUser
    ) -> web.StreamResponse:
        user = user.mail
        try:
            start = _parse_query_time(request.query["startDateTime"])
            end = _parse_query_time(request.query["endDateTime"])
        except (KeyError, ValueError):
            return error_response(400, "ErrorInvalidParameter",
                                  "startDateTime and endDateTime are required ISO 8601 times.")
        # api-reference/v1.0/api/user-list-calendarview.md: events overlapping the window.
        selected = []
        for event in self.events_of(user):
            event_start, event_end = _event_times(event)
            if event_start < end and start < event_end:
                selected.append(_public(event))
        return page_of(request, selected, self.server.page_size)

    async def _cancel_event(
        self, request: web.Request, user: FakeUser
    ) -> web.StreamResponse:
        user = user.mail
        event = self.calendars[user].get(request.match_info["event_id"])
        if event is None:
            return _not_found()
        if not event["isOrganizer"]:
            # api-reference/v1.0/api/event-cancel.md: an attendee gets 400 Bad Request.
            return error_response(400, "ErrorInvalidRequest",
                                  "Your request can't be completed. You need to be an "
                                  "organizer to cancel a meeting.")
        body = await request.json() if request.body_exists else {}
        comment = str(body.get("Comment") or body.get("comment") or "")
        del self.calendars[user][event["id"]]
        for attendee in _addresses(event["attendees"]):
            for copy in self.calendars.get(attendee, {}).values():
                if copy["iCalUId"] == event["iCalUId"]:
                    copy["isCancelled"] = True
                    copy["subject"] = "Canceled: " + copy["subject"]
        self.cancellations.append((user, event["iCalUId"], comment))
        # api-reference/v1.0/api/event-cancel.md: 202 Accepted.
        return web.Response(status=202)


def _canonical(body: dict[str, Any]) -> str:
    return json.dumps(body, sort_keys=True)


def _public(event: dict[str, Any]) -> dict[str, Any]:
    """An event as Graph shows it (without the fake's own bookkeeping)."""
    return {k: v for k, v in event.items() if not k.startswith("_")}


def _addresses(attendees: Iterable[dict[str, Any]]) -> list[str]:
    return [str(a["emailAddress"]["address"]).lower() for a in attendees]


def _event_times(event: dict[str, Any]) -> tuple[datetime, datetime]:
    return _parse_graph_time(event["start"]), _parse_graph_time(event["end"])


def _parse_graph_time(value: dict[str, Any]) -> datetime:
    """A dateTimeTimeZone ({"dateTime": "...", "timeZone": "UTC"}) as an aware datetime."""
    moment = datetime.fromisoformat(str(value["dateTime"]))
    if moment.tzinfo is not None:
        raise ValueError("dateTime must not carry an offset; timeZone names the zone")
    return moment.replace(tzinfo=_zone(str(value.get("timeZone") or "UTC"))).astimezone(UTC)


def _parse_query_time(text: str) -> datetime:
    moment = datetime.fromisoformat(text)
    return moment.replace(tzinfo=UTC) if moment.tzinfo is None else moment.astimezone(UTC)


def _graph_time(moment: datetime, zone: ZoneInfo | None = None) -> dict[str, str]:
    local = moment.astimezone(zone or UTC)
    return {"dateTime": local.strftime("%Y-%m-%dT%H:%M:%S.0000000"),
            "timeZone": "UTC" if zone is None or zone.key == "UTC" else zone.key}


def _response_zone(request: web.Request) -> ZoneInfo:
    prefer = request.headers.get("Prefer", "")
    found = re.search(r'outlook\.timezone="([^"]+)"', prefer)
    return _zone(found.group(1)) if found else ZoneInfo("UTC")


def _zone(name: str) -> ZoneInfo:
    try:
        return ZoneInfo(name)
    except (ZoneInfoNotFoundError, ValueError) as error:
        raise ValueError(f"unknown time zone {name!r}") from error


def _new_id() -> str:
    return "AAMk" + uuid.uuid4().hex


def _invalid_user(user: str) -> web.Response:
    return error_response(404, "ErrorInvalidUser", f"The requested user '{user}' is invalid.")


def _not_found() -> web.Response:
    return error_response(404, "ErrorItemNotFound",
                          "The specified object was not found in the store.")
