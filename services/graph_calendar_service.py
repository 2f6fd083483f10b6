"""Outlook calendars through Microsoft Graph v1.0, with an app token.

Application permission: Calendars.ReadWrite (getSchedule and calendarView read; creating and
cancelling events write; the event body ERA selects is not in Calendars.ReadBasic).

People are addressed in ``/users/{id}`` by their Entra object id from the directory (Graph takes
an object id or a userPrincipalName there, never a bare mail address); a person without one is a
`GraphAddressError`, never an empty calendar. Attendees, organizers and getSchedule's schedules
are SMTP addresses, as Graph documents them.

- Free/busy: ``POST /users/{mailbox}/calendar/getSchedule`` (calendar-getschedule.md; the
  configured schedule mailbox, an object id or UPN, else the first person asked about) with
  ``Prefer: outlook.timezone="UTC"``. At most 20 addresses per call and periods under 62 days,
  so longer requests are split; availabilityViewInterval keeps the view within 1000 slots. At
  most 4 calls run at once against one mailbox (Outlook's MailboxConcurrency limit,
  concepts/throttling-limits.md). Items with status busy, tentative or oof are busy. A schedule
  Graph answers with an ``error`` is unknown, never free: the result (`core.free_busy.FreeBusy`)
  lists it in ``unknown`` and counts its whole period busy. A schedule without scheduleItems
  but with an availabilityView is read from the view, slot by slot.
- Create: ``POST /users/{organizer id}/events`` (user-post-events.md) with the attendees
  (Outlook sends the invitations), a plain-text body, UTC times, a Teams meeting when enabled,
  and a transactionId made from the request id and the meeting's content, by which Graph
  recognises a retried create (so a lost answer can be retried); the same id with another body
  (ErrorDuplicateTransactionId) is a ConflictError. The created event is also recorded in the
  request log, and a repeat returns it without a call.
- Find: ``GET /users/{id}/calendarView`` (user-list-calendarview.md) for the window; cancelled
  events are left out.
- Cancel: ``POST /users/{organizer id}/events/{id}/cancel`` (event-cancel.md) with the comment,
  by the organizer only (Graph answers an attendee 400; that is a permission refusal). An attempt
  whose outcome is unknown stays pending in the request log, and its retry takes "no such event"
  to mean the first attempt went through. The organizer's copy of an event found in another
  mailbox is found by iCalUId (``GET /users/{id}/events?$filter=iCalUId eq '...'``,
  user-list-events.md); single events are read with event-get.md.
- Add people: ``PATCH /users/{organizer id}/events/{id}`` (event-update.md) on the organizer's
  copy with the whole attendees collection (the ones it has, as Graph gave them, and the new
  ones), and nothing else in the body, so Outlook sends the invitation to the new attendees only.
  The same list sent twice is the same event, so a retry is safe; the request log keeps a repeat
  from calling again.
- Take people off: the same PATCH with the attendees collection without them ("an event update
  that includes only the attendees property ... sends a meeting update to only the attendees
  that have changed": those taken off get a cancellation, the others nothing).

Each operation runs within one time budget (all its calls together) that fits the 15-second
turn; the Graph client's own per-call budget applies inside it.

Graph's event ids belong to one mailbox (each attendee's copy has its own), so the ids this
service hands out are ``{user object id}|{graph id}``.
"""

from __future__ import annotations

import asyncio
import functools
import logging
import math
import uuid
from collections.abc import Awaitable, Callable, Coroutine, Sequence
from datetime import UTC, datetime, timedelta
from typing import Any, Concatenate, ParamSpec, TypeVar
from urllib.parse import quote
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from core.busy_interval import BusyInterval, merge_intervals
from core.calendar_event import CalendarEvent
from core.directory import Directory
from core.email_address import is_email_address, normalize_email_address
from core.errors import (
    BackendError,
    ConflictError,
    ErrorCode,
    NotFoundError,
    PermissionDeniedError,
)
from core.free_busy import FreeBusy
from core.meeting_request import MeetingRequest
from core.time_window import TimeWindow
from services.graph_client import GraphAddressError, GraphClient, GraphError
from services.request_log import RequestLog, RequestState

logger = logging.getLogger(__name__)

CREATE_KIND = "calendar.create"
CANCEL_KIND = "calendar.cancel"
ADD_ATTENDEES_KIND = "calendar.add_attendees"
REMOVE_ATTENDEES_KIND = "calendar.remove_attendees"
MAX_SCHEDULES_PER_CALL = 20
MAX_PERIOD_PER_CALL = timedelta(days=31)
MAX_VIEW_SLOTS = 1000
_BUSY_STATUSES = frozenset({"busy", "tentative", "oof"})
_BUSY_VIEW_CODES = frozenset("123")
_PREFER = 'outlook.timezone="UTC", outlook.body-content-type="text"'
_EVENT_FIELDS = ("id,iCalUId,subject,body,start,end,organizer,attendees,isCancelled,location,"
                 "onlineMeeting,isOrganizer")
_TRANSACTION_NAMESPACE = uuid.UUID("5d1f4a9e-2c1b-4c55-9d0e-6a1e8f0b7c21")
_ID_SEPARATOR = "|"
# Outlook allows 4 concurrent requests per app and mailbox (MailboxConcurrency).
MAX_CONCURRENT_PER_MAILBOX = 4
DEFAULT_BUDGET_SECONDS = 12.0
_T = TypeVar("_T")
_P = ParamSpec("_P")


def _within_budget(
    method: Callable[Concatenate[GraphCalendarService, _P], Coroutine[Any, Any, _T]],
) -> Callable[Concatenate[GraphCalendarService, _P], Coroutine[Any, Any, _T]]:
    """Run a public operation within the service's time budget (BackendError when over)."""
    @functools.wraps(method)
    async def within_budget(
        service: GraphCalendarService, /, *args: _P.args, **kwargs: _P.kwargs
    ) -> _T:
        budget = service._budget_seconds
        try:
            async with asyncio.timeout(budget):
                return await method(service, *args, **kwargs)
        except TimeoutError:
            logger.warning("graph calendar: %s took longer than %.1f s", method.__name__, budget)
            raise BackendError(
                "graph", f"{method.__name__} took longer than {budget:.1f} s"
            ) from None
    return within_budget


class GraphCalendarService:
    """Implements core.calendar_service.CalendarService on Outlook calendars.

    directory: where people's Entra object ids come from (the mailbox in /users/{id}).
    schedule_mailbox: whose calendar/getSchedule answers free/busy questions (an object id or
    userPrincipalName; any mailbox the app may read works); by default the first person asked
    about.
    online_meetings: book Teams meetings (isOnlineMeeting) when the tenant allows it.
    budget_seconds: the most one operation may take, all its Graph calls together (a cancel
    makes up to four), so it fits the 15-second turn.
    """

    def __init__(
        self,
        *,
        client: GraphClient,
        log: RequestLog,
        directory: Directory,
        schedule_mailbox: str | None = None,
        online_meetings: bool = True,
        budget_seconds: float = DEFAULT_BUDGET_SECONDS,
        clock: Callable[[], datetime] = lambda: datetime.now(UTC),
    ) -> None:
        if budget_seconds <= 0:
            raise ValueError("budget_seconds must be > 0")
        self._client = client
        self._budget_seconds = budget_seconds
        self._log = log
        self._directory = directory
        self._schedule_mailbox = (schedule_mailbox or "").strip() or None
        self._online = online_meetings
        self._clock = clock
        self._mailbox_slots: dict[str, asyncio.Semaphore] = {}

    async def _user_key(self, email: str) -> str:
        """The Entra object id of the person with this address (for /users/{id})."""
        person = await self._directory.find_by_email(email)
        if person is None or not person.aad_object_id:
            logger.warning("graph calendar: a person asked about has no Entra object id")
            raise GraphAddressError(
                f"{'no directory entry' if person is None else person.name + ' has no'} "
                "Entra object id, so Graph can't address that mailbox")
        return person.aad_object_id

    def _slots(self, mailbox: str) -> asyncio.Semaphore:
        slots = self._mailbox_slots.get(mailbox.lower())
        if slots is None:
            slots = self._mailbox_slots[mailbox.lower()] = asyncio.Semaphore(
                MAX_CONCURRENT_PER_MAILBOX)
        return slots

    # Free/busy

    @_within_budget
    async def free_busy(self, emails: Sequence[str], window: TimeWindow) -> FreeBusy:
        """Busy intervals per address as given, and the addresses whose calendar could not be
        read (busy over the whole window; see the module docstring)."""
        wanted = {email: normalize_email_address(email) for email in emails}
        addresses = list(dict.fromkeys(wanted.values()))
        if not addresses:
            return FreeBusy()
        mailbox = self._schedule_mailbox or await self._user_key(addresses[0])
        periods = _periods(window)
        batches = [addresses[i:i + MAX_SCHEDULES_PER_CALL]
                   for i in range(0, len(addresses), MAX_SCHEDULES_PER_CALL)]
        answers = await asyncio.gather(*(
            self._schedules(mailbox, batch, period) for batch in batches for period in periods
        ))
        found: dict[str, list[BusyInterval]] = {address: [] for address in addresses}
        unknown: set[str] = set()
        for answer, period in zip(answers, [p for _ in batches for p in periods], strict=True):
            for address, intervals in answer.items():
                if intervals is None:
                    unknown.add(address)
                    intervals = [BusyInterval(period.start, period.end)]
                found.setdefault(address, []).extend(intervals)
        merged = {
            address: [i for i in merge_intervals(items) if window.overlaps(i.start, i.end)]
            for address, items in found.items()
        }
        return FreeBusy(
            {email: list(merged[address]) for email, address in wanted.items()},
            unknown=[email for email, address in wanted.items() if address in unknown],
        )

    async def _schedules(
        self, mailbox: str, addresses: list[str], period: TimeWindow
    ) -> dict[str, list[BusyInterval] | None]:
        """Busy intervals per address in one period; None for a schedule Graph could not read
        (or did not answer for)."""
        interval = _view_interval(period)
        async with self._slots(mailbox):
            payload = await _call(self._client.post(
                f"/users/{_segment(mailbox)}/calendar/getSchedule",
                {"schedules": addresses, "startTime": _graph_time(period.start),
                 "endTime": _graph_time(period.end), "availabilityViewInterval": interval},
                headers={"Prefer": _PREFER}, idempotent=True,
            ))
        busy: dict[str, list[BusyInterval] | None] = dict.fromkeys(addresses)
        for info in payload.get("value") or []:
            address = str(info.get("scheduleId") or "").lower()
            if info.get("error"):
                code = (info["error"] or {}).get("responseCode", "error")
                logger.warning("graph calendar: a schedule could not be read (%s); it counts "
                               "as busy", code)
                busy[address] = None
                continue
            busy[address] = _busy_of(info, period.start, interval)
        return busy

    # Events

    @_within_budget
    async def create_event(
        self,
        *,
        organizer_email: str,
        attendee_emails: Sequence[str],
        subject: str,
        body: str,
        starts_at: datetime,
        ends_at: datetime,
        request_id: str,
    ) -> CalendarEvent:
        """Create the event in the organizer's calendar and invite the attendees, once."""
        meeting = MeetingRequest.of(
            organizer_email=organizer_email, attendee_emails=attendee_emails, subject=subject,
            body=body, starts_at=starts_at, ends_at=ends_at, request_id=request_id,
        )
        earlier = await self._log.claim(CREATE_KIND, meeting.request_id, now=self._clock())
        if earlier is not None and earlier.state is RequestState.DONE and earlier.result:
            logger.info("graph calendar: request %s already created its event",
                        meeting.request_id)
            return CalendarEvent.from_dict(earlier.result)
        try:
            organizer = await self._user_key(meeting.organizer_email)
            item = await _call(self._client.post(
                f"/users/{_segment(organizer)}/events", self._event_body(meeting),
                headers={"Prefer": _PREFER}, idempotent=True,
            ))
            event = _event(organizer, item)
        except GraphError as error:
            await self._log.release(CREATE_KIND, meeting.request_id)
            if error.has_code("ErrorDuplicateTransactionId"):
                logger.warning("graph calendar: request %s reused a transactionId",
                               meeting.request_id)
                raise ConflictError(ErrorCode.DUPLICATE_BOOKING_REQUEST) from error
            raise
        except Exception:
            # The transactionId makes a later retry safe whatever happened here.
            await self._log.release(CREATE_KIND, meeting.request_id)
            raise
        await self._log.complete(CREATE_KIND, meeting.request_id, event.to_dict(),
                                 now=self._clock())
        logger.info("graph calendar: created an event for request %s (%d attendees)",
                    meeting.request_id, len(event.attendee_emails))
        return event

    @_within_budget
    async def find_events(self, *, attendee_email: str, window: TimeWindow) -> list[CalendarEvent]:
        """Events in the address's calendar overlapping the window, not cancelled, by start."""
        mailbox = await self._user_key(normalize_email_address(attendee_email))
        async with self._slots(mailbox):
            items = await _call(self._client.get_all(
                f"/users/{_segment(mailbox)}/calendarView",
                params={"startDateTime": _query_time(window.start),
                        "endDateTime": _query_time(window.end),
                        "$select": _EVENT_FIELDS, "$top": "50"},
                headers={"Prefer": _PREFER},
            ))
        events = []
        for item in items:
            if item.get("isCancelled"):
                continue
            event = _event_or_none(mailbox, item)
            if event is not None and window.overlaps(event.starts_at, event.ends_at):
                events.append(event)
        return sorted(events, key=lambda e: (e.starts_at, e.id))

    @_within_budget
    async def cancel_event(
        self, *, event_id: str, organizer_email: str, comment: str, request_id: str
    ) -> None:
        """Cancel as the organizer, once per request id (see the module docstring)."""
        organizer = normalize_email_address(organizer_email)
        earlier = await self._log.claim(CANCEL_KIND, request_id, now=self._clock())
        if earlier is not None and earlier.state is RequestState.DONE:
            logger.info("graph calendar: request %s already cancelled its event", request_id)
            return
        # A pending entry is an earlier attempt cut off mid-call: the event may be gone already.
        repeat = earlier is not None
        try:
            done = await self._cancel(event_id, organizer, comment.strip(), repeat=repeat)
        except GraphError as error:
            # No answer, or a 5xx: Graph may have cancelled it, so the claim stays and a retry
            # treats "not found" as done. Any other answer changed nothing.
            if not error.may_have_applied:
                await self._log.release(CANCEL_KIND, request_id)
            raise
        except Exception:
            await self._log.release(CANCEL_KIND, request_id)
            raise
        await self._log.complete(CANCEL_KIND, request_id, {"event_id": event_id, "done": done},
                                 now=self._clock())

    async def _cancel(self, event_id: str, organizer: str, comment: str, *, repeat: bool) -> str:
        """Cancel in the organizer's mailbox; returns what happened, for the log."""
        try:
            mailbox, graph_id = _split_id(event_id)
        except ValueError:
            raise NotFoundError(ErrorCode.MEETING_NOT_FOUND, event_id=event_id) from None
        event = await self.get_event(event_id)
        if event is None:
            if repeat:
                return "gone after an earlier attempt"
            raise NotFoundError(ErrorCode.MEETING_NOT_FOUND, event_id=event_id)
        if event.organizer_email != organizer:
            raise PermissionDeniedError(ErrorCode.NOT_THE_ORGANIZER,
                                        organizer=event.organizer_email)
        if event.is_cancelled:
            return "already cancelled"
        organizer_key = await self._user_key(organizer)
        organizer_copy = graph_id if mailbox == organizer_key else await self._organizer_copy(
            organizer_key, mailbox, graph_id)
        if organizer_copy is None:
            if repeat:
                return "gone after an earlier attempt"
            raise NotFoundError(ErrorCode.MEETING_NOT_FOUND, event_id=event_id)
        try:
            await _call(self._client.post(
                f"/users/{_segment(organizer_key)}/events/{_segment(organizer_copy)}/cancel",
                {"Comment": comment},
            ))
        except NotFoundError:
            if repeat:
                return "gone after an earlier attempt"
            raise
        except GraphError as error:
            if error.status == 400:
                # event-cancel.md: an attendee (not the organizer) calling cancel gets 400.
                raise PermissionDeniedError(ErrorCode.ONLY_ORGANISER_CANCELS) from error
            raise
        logger.info("graph calendar: cancelled an event of %s", organizer)
        return "cancelled"

    @_within_budget
    async def add_attendees(
        self, *, event_id: str, organizer_email: str, attendee_emails: Sequence[str],
        request_id: str,
    ) -> CalendarEvent:
        """Add people to the organizer's event, once per request id (see the module
        docstring)."""
        return await self._change_attendees(ADD_ATTENDEES_KIND, event_id, organizer_email,
                                            attendee_emails, request_id)

    @_within_budget
    async def remove_attendees(
        self, *, event_id: str, organizer_email: str, attendee_emails: Sequence[str],
        request_id: str,
    ) -> CalendarEvent:
        """Take people off the organizer's event, once per request id: the attendees list
        without them, PATCHed alone, so Outlook sends a cancellation to those taken off and
        nothing to the others (event-update.md)."""
        return await self._change_attendees(REMOVE_ATTENDEES_KIND, event_id, organizer_email,
                                            attendee_emails, request_id)

    async def _change_attendees(
        self, kind: str, event_id: str, organizer_email: str, attendee_emails: Sequence[str],
        request_id: str,
    ) -> CalendarEvent:
        organizer = normalize_email_address(organizer_email)
        earlier = await self._log.claim(kind, request_id, now=self._clock())
        if earlier is not None and earlier.state is RequestState.DONE and earlier.result:
            logger.info("graph calendar: request %s already changed its attendees", request_id)
            return CalendarEvent.from_dict(earlier.result)
        try:
            event = await self._patch_attendees(
                event_id, organizer, [normalize_email_address(a) for a in attendee_emails],
                adding=kind == ADD_ATTENDEES_KIND)
        except Exception:
            # The whole list is sent each time, so a retry adds or takes off nobody twice.
            await self._log.release(kind, request_id)
            raise
        await self._log.complete(kind, request_id, event.to_dict(), now=self._clock())
        return event

    async def _patch_attendees(
        self, event_id: str, organizer: str, changed: Sequence[str], *, adding: bool
    ) -> CalendarEvent:
        try:
            mailbox, graph_id = _split_id(event_id)
        except ValueError:
            raise NotFoundError(ErrorCode.MEETING_NOT_FOUND, event_id=event_id) from None
        organizer_key = await self._user_key(organizer)
        organizer_copy = graph_id if mailbox == organizer_key else await self._organizer_copy(
            organizer_key, mailbox, graph_id)
        if organizer_copy is None:
            raise NotFoundError(ErrorCode.MEETING_NOT_FOUND, event_id=event_id)
        path = f"/users/{_segment(organizer_key)}/events/{_segment(organizer_copy)}"
        try:
            item = await _call(self._client.get(
                path, params={"$select": "organizer,attendees,isCancelled,isOrganizer"}))
        except NotFoundError:
            raise NotFoundError(ErrorCode.MEETING_NOT_FOUND, event_id=event_id) from None
        if item.get("isCancelled"):
            raise NotFoundError(ErrorCode.MEETING_NOT_FOUND, event_id=event_id)
        owner = _address(item.get("organizer"))
        if owner != organizer or item.get("isOrganizer") is False:
            raise PermissionDeniedError(ErrorCode.NOT_THE_ORGANIZER, organizer=owner or "")
        attendees = list(item.get("attendees") or [])
        if adding:
            present = {a for a in (_address(x) for x in attendees) if a} | {organizer}
            new = [a for a in dict.fromkeys(changed) if a not in present]
            kept = attendees + [{"emailAddress": {"address": address}, "type": "required"}
                                for address in new]
        else:
            gone = set(changed)
            kept = [a for a in attendees if _address(a) not in gone]
        if len(kept) != len(attendees):
            item = await _call(self._client.patch(path, {"attendees": kept},
                                                  headers={"Prefer": _PREFER}))
            logger.info("graph calendar: %s %d attendees of an event of %s",
                        "added" if adding else "took off", abs(len(kept) - len(attendees)),
                        organizer)
        if "start" not in item:
            item = await _call(self._client.get(
                path, params={"$select": _EVENT_FIELDS}, headers={"Prefer": _PREFER}))
        return _event(organizer_key, item)

    async def _organizer_copy(self, organizer: str, mailbox: str, graph_id: str) -> str | None:
        """The id of the organizer's copy of an event found in another mailbox."""
        item = await _call(self._client.get(
            f"/users/{_segment(mailbox)}/events/{_segment(graph_id)}",
            params={"$select": "iCalUId"},
        ))
        ical_uid = str(item.get("iCalUId") or "")
        if not ical_uid or "'" in ical_uid:
            return None
        copies = await _call(self._client.get_all(
            f"/users/{_segment(organizer)}/events",
            params={"$filter": f"iCalUId eq '{ical_uid}'", "$select": "id"},
        ))
        return str(copies[0]["id"]) if copies else None

    @_within_budget
    async def get_event(self, event_id: str) -> CalendarEvent | None:
        """An event by the id this service handed out; None when Graph no longer has it."""
        try:
            mailbox, graph_id = _split_id(event_id)
        except ValueError:
            return None
        try:
            item = await _call(self._client.get(
                f"/users/{_segment(mailbox)}/events/{_segment(graph_id)}",
                params={"$select": _EVENT_FIELDS}, headers={"Prefer": _PREFER},
            ))
        except NotFoundError:
            return None
        return _event(mailbox, item)

    def _event_body(self, meeting: MeetingRequest) -> dict[str, Any]:
        body: dict[str, Any] = {
            "subject": meeting.subject,
            "body": {"contentType": "text", "content": meeting.body},
            "start": _graph_time(meeting.starts_at),
            "end": _graph_time(meeting.ends_at),
            "attendees": [{"emailAddress": {"address": address}, "type": "required"}
                          for address in meeting.attendee_emails],
            "transactionId": transaction_id(meeting),
        }
        if self._online:
            body["isOnlineMeeting"] = True
            body["onlineMeetingProvider"] = "teamsForBusiness"
        return body



async def _call(call: Awaitable[_T]) -> _T:
    """Await a Graph call, turning 404 and 403 into the errors callers act on."""
    try:
        return await call
    except GraphError as error:
        if error.has_code("ErrorInvalidUser"):
            raise GraphAddressError(
                f"Graph knows no user with that id ({error.inner_code})") from error
        if error.status == 404:
            raise NotFoundError(f"Graph has no such item ({error.code})") from error
        if error.status == 403:
            raise PermissionDeniedError(f"Graph refused access ({error.code})") from error
        raise


def transaction_id(meeting: MeetingRequest) -> str:
    """The event's transactionId: from the request id and what is booked, so a retry of the
    same booking is recognised and a reused request id for another meeting is not."""
    content = "\n".join((
        meeting.request_id, meeting.organizer_email, ",".join(meeting.attendee_emails),
        meeting.subject, meeting.body, meeting.starts_at.isoformat(), meeting.ends_at.isoformat(),
    ))
    return str(uuid.uuid5(_TRANSACTION_NAMESPACE, content))


def _periods(window: TimeWindow) -> list[TimeWindow]:
    """The window in pieces Graph accepts in one getSchedule call."""
    periods = []
    start = window.start
    while start < window.end:
        end = min(start + MAX_PERIOD_PER_CALL, window.end)
        periods.append(TimeWindow(start, end))
        start = end
    return periods


def _view_interval(period: TimeWindow) -> int:
    """Minutes per availabilityView slot: 5-minute steps, at most MAX_VIEW_SLOTS slots."""
    minutes = (period.end - period.start).total_seconds() / 60
    needed = math.ceil(minutes / MAX_VIEW_SLOTS)
    return min(max(5, math.ceil(needed / 5) * 5), 1440)


def _busy_of(info: dict[str, Any], start: datetime, interval: int) -> list[BusyInterval]:
    items = info.get("scheduleItems")
    if items is None:
        view = str(info.get("availabilityView") or "")
        step = timedelta(minutes=interval)
        return [BusyInterval(start + index * step, start + (index + 1) * step)
                for index, code in enumerate(view) if code in _BUSY_VIEW_CODES]
    busy = []
    for item in items:
        if str(item.get("status", "")).lower() not in _BUSY_STATUSES:
            continue
        item_start, item_end = _parse_time(item["start"]), _parse_time(item["end"])
        if item_end > item_start:
            busy.append(BusyInterval(item_start, item_end))
    return busy


def _event(mailbox: str, item: dict[str, Any]) -> CalendarEvent:
    event = _event_or_none(mailbox, item)
    if event is None:
        raise BackendError("graph", "an event came back without a usable organizer or times")
    return event


def _event_or_none(mailbox: str, item: dict[str, Any]) -> CalendarEvent | None:
    """A Graph event as a CalendarEvent; None when its organizer or times are unusable."""
    organizer = _address(item.get("organizer"))
    try:
        starts_at, ends_at = _parse_time(item["start"]), _parse_time(item["end"])
    except (KeyError, TypeError, ValueError, BackendError):
        return None
    if organizer is None or ends_at <= starts_at or not item.get("id"):
        return None
    attendees = tuple(a for a in (_address(x) for x in item.get("attendees") or []) if a)
    online = item.get("onlineMeeting") or {}
    return CalendarEvent(
        id=f"{mailbox}{_ID_SEPARATOR}{item['id']}", organizer_email=organizer,
        attendee_emails=attendees, subject=str(item.get("subject") or ""),
        starts_at=starts_at, ends_at=ends_at,
        body=str((item.get("body") or {}).get("content") or ""),
        location=str((item.get("location") or {}).get("displayName") or ""),
        online_meeting_url=online.get("joinUrl") or None,
        is_cancelled=bool(item.get("isCancelled")),
    )


def _address(recipient: Any) -> str | None:
    address = str(((recipient or {}).get("emailAddress") or {}).get("address") or "")
    return address.lower() if is_email_address(address) else None


def _split_id(event_id: str) -> tuple[str, str]:
    mailbox, separator, graph_id = event_id.rpartition(_ID_SEPARATOR)
    if not separator or not graph_id or not mailbox or "/" in mailbox:
        raise ValueError(f"not an event id of this service: {event_id!r}")
    return mailbox, graph_id


def _graph_time(moment: datetime) -> dict[str, str]:
    return {"dateTime": moment.astimezone(UTC).strftime("%Y-%m-%dT%H:%M:%S"), "timeZone": "UTC"}


def _query_time(moment: datetime) -> str:
    return moment.astimezone(UTC).strftime("%Y-%m-%dT%H:%M:%SZ")


def _parse_time(value: dict[str, Any]) -> datetime:
    """A dateTimeTimeZone as an aware UTC datetime (UTC unless it names an IANA zone)."""
    moment = datetime.fromisoformat(str(value["dateTime"]))
    zone_name = str(value.get("timeZone") or "UTC")
    if moment.tzinfo is None:
        try:
            zone = UTC if zone_name.upper() in {"UTC", "Z"} else ZoneInfo(zone_name)
        except (ZoneInfoNotFoundError, ValueError) as error:
            raise BackendError("graph", f"unexpected time zone {zone_name!r}") from error
        moment = moment.replace(tzinfo=zone)
    return moment.astimezone(UTC)


def _segment(text: str) -> str:
    """A path segment: an address keeps its @, an id has any / ? # escaped."""
    return quote(text, safe="@")
