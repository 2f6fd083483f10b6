"""Outlook mail and calendars for the fake Graph server: sendMail, getSchedule and events.

`FakeOutlook(server)` registers its routes on a `FakeGraphServer` (before `start()`), through the
server's `route` extension point, so the server's token check, request recording and fault
injection apply to them too; the Shifts routes are untouched. Endpoints, with Graph's shapes:

- ``POST /users/{id}/sendMail``: checks the message (subject, body, recipients, an
  internetMessageId in ``<...@...>`` form when given) and answers 202 with no body, like Graph.
- ``POST /users/{id}/calendar/getSchedule``: busy items of each schedule in the window (at most
  20 schedules and less than 62 days, as documented), an ``error`` for an unknown address, the
  availabilityView string; times in UTC unless ``Prefer: outlook.timezone`` names a zone
  (``view_only`` leaves scheduleItems out, to check a client reading the view).
- ``POST /users/{id}/events`` (and ``/calendar/events``): creates the organizer's event and an
  invitation copy in each known attendee's calendar (same iCalUId, own id); a repeated
  ``transactionId`` returns the event already made; ``isOnlineMeeting`` adds a Teams join URL.
- ``GET /users/{id}/events`` (``$filter`` such as ``iCalUId eq '...'``), ``GET
  /users/{id}/events/{event}``, ``GET /users/{id}/calendarView?startDateTime&endDateTime``.
- ``POST /users/{id}/events/{event}/cancel``: organizer only; removes the organizer's event and
  marks the attendees' copies cancelled, as Outlook does.

Users are addressed by email (case-insensitive). Only mailboxes added with `add_user` exist.
"""

from __future__ import annotations

import re
import uuid
from collections.abc import Iterable
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from typing import Any
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from aiohttp import web

from tests.fakes.graph_server import (
    FakeGraphServer,
    apply_filter,
    error_response,
    json_response,
    page_of,
)

MAX_SCHEDULES = 20
MAX_SCHEDULE_DAYS = 62
_MESSAGE_ID = re.compile(r"<[^<>@\s]+@[^<>@\s]+>")
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


@dataclass
class FakeOutlook:
    """Mailboxes and calendars served by a fake Graph server (see the module docstring)."""

    server: FakeGraphServer
    users: set[str] = field(default_factory=set)
    sent: list[SentMail] = field(default_factory=list)
    calendars: dict[str, dict[str, dict[str, Any]]] = field(default_factory=dict)
    cancellations: list[tuple[str, str, str]] = field(default_factory=list)
    # Answer getSchedule with the availabilityView only, without scheduleItems.
    view_only: bool = False

    def __post_init__(self) -> None:
        route = self.server.route
        route("POST", "/users/{user}/sendMail", self._send_mail)
        route("POST", "/users/{user}/calendar/getSchedule", self._get_schedule)
        route("POST", "/users/{user}/events", self._create_event)
        route("POST", "/users/{user}/calendar/events", self._create_event)
        route("GET", "/users/{user}/events", self._list_events)
        route("GET", "/users/{user}/events/{event_id}", self._get_event)
        route("GET", "/users/{user}/calendarView", self._calendar_view)
        route("POST", "/users/{user}/events/{event_id}/cancel", self._cancel_event)

    # Setting up

    def add_user(self, *emails: str) -> None:
        """Mailboxes that exist (with an empty calendar)."""
        for email in emails:
            self.users.add(email.lower())
            self.calendars.setdefault(email.lower(), {})

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

    async def _send_mail(self, request: web.Request) -> web.StreamResponse:
        mailbox = request.match_info["user"].lower()
        if mailbox not in self.users:
            return _invalid_user(mailbox)
        body = await request.json()
        message = body.get("message") if isinstance(body, dict) else None
        if not isinstance(message, dict):
            return error_response(400, "ErrorInvalidRequest", "A message is required.")
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
        return web.Response(status=202)

    # Free/busy

    async def _get_schedule(self, request: web.Request) -> web.StreamResponse:
        if request.match_info["user"].lower() not in self.users:
            return _invalid_user(request.match_info["user"])
        body = await request.json()
        schedules = body.get("schedules") or body.get("Schedules") or []
        try:
            start = _parse_graph_time(body.get("startTime") or body["StartTime"])
            end = _parse_graph_time(body.get("endTime") or body["EndTime"])
            interval = int(body.get("availabilityViewInterval", 30))
            zone = _response_zone(request)
        except (KeyError, TypeError, ValueError) as error:
            return error_response(400, "ErrorInvalidParameter", f"Invalid request: {error}")
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
        if email.lower() not in self.users:
            return {"scheduleId": email, "availabilityView": "", "scheduleItems": [],
                    "error": {"message": f"The user {email} couldn't be found.",
                              "responseCode": "ErrorMailRecipientNotFound"}}
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

    async def _create_event(self, request: web.Request) -> web.StreamResponse:
        organizer = request.match_info["user"].lower()
        if organizer not in self.users:
            return _invalid_user(organizer)
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
            for event in self.calendars[organizer].values():
                if event.get("transactionId") == transaction_id:
                    return json_response(event, status=201)
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
        event = {"id": event_id, **shared, "isOrganizer": True, "transactionId": transaction_id}
        self.calendars[organizer][event_id] = event
        for attendee in _addresses(attendees):
            if attendee in self.users and attendee != organizer:
                copy_id = _new_id()
                self.calendars[attendee][copy_id] = {
                    "id": copy_id, **shared, "showAs": "tentative", "isOrganizer": False,
                    "transactionId": None,
                }
        return json_response(event, status=201)

    async def _list_events(self, request: web.Request) -> web.StreamResponse:
        user = request.match_info["user"].lower()
        if user not in self.users:
            return _invalid_user(user)
        try:
            events = apply_filter(self.events_of(user), request.query.get("$filter", ""))
        except ValueError as error:
            return error_response(400, "BadRequest", str(error))
        return page_of(request, events, self.server.page_size)

    async def _get_event(self, request: web.Request) -> web.StreamResponse:
        user = request.match_info["user"].lower()
        if user not in self.users:
            return _invalid_user(user)
        event = self.calendars[user].get(request.match_info["event_id"])
        if event is None:
            return _not_found()
        return json_response(event)

    async def _calendar_view(self, request: web.Request) -> web.StreamResponse:
        user = request.match_info["user"].lower()
        if user not in self.users:
            return _invalid_user(user)
        try:
            start = _parse_query_time(request.query["startDateTime"])
            end = _parse_query_time(request.query["endDateTime"])
        except (KeyError, ValueError):
            return error_response(400, "ErrorInvalidParameter",
                                  "startDateTime and endDateTime are required ISO 8601 times.")
        selected = []
        for event in self.events_of(user):
            event_start, event_end = _event_times(event)
            if event_start < end and start < event_end:
                selected.append(event)
        return page_of(request, selected, self.server.page_size)

    async def _cancel_event(self, request: web.Request) -> web.StreamResponse:
        user = request.match_info["user"].lower()
        if user not in self.users:
            return _invalid_user(user)
        event = self.calendars[user].get(request.match_info["event_id"])
        if event is None:
            return _not_found()
        if not event["isOrganizer"]:
            return error_response(403, "ErrorAccessDenied",
                                  "Only the organizer can cancel a meeting.")
        body = await request.json() if request.body_exists else {}
        comment = str(body.get("Comment") or body.get("comment") or "")
        del self.calendars[user][event["id"]]
        for attendee in _addresses(event["attendees"]):
            for copy in self.calendars.get(attendee, {}).values():
                if copy["iCalUId"] == event["iCalUId"]:
                    copy["isCancelled"] = True
                    copy["subject"] = "Canceled: " + copy["subject"]
        self.cancellations.append((user, event["iCalUId"], comment))
        return web.Response(status=202)


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
