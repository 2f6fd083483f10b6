"""The local calendar: the embedded default calendar service, on the organisation database.

Someone's busy time is the union of three things: the seeded `busy_times` (the managers'
recurring meetings), the meetings booked here (table calendar_events, with
calendar_event_attendees) that they organise or attend and that are not cancelled, and their
assigned shifts. Shifts count as busy on purpose: a worker on shift is on the shop floor, and a
call with their manager about their work (often a difficult one) should not pull them off it or
be squeezed between customers, so slots are only offered outside their shifts. An address not in
the directory has only the meetings booked here.

Nothing is sent by the calendar itself; with a mail service (the local outbox by default in the
app) attendees get an invitation and, when the organizer cancels, a cancellation notice, each
sent once per event; people added to a booked meeting get their own invitation, and people
taken off one their own cancellation notice, once per request. A failed notice is logged and
does not undo the booking or cancellation.
"""

from __future__ import annotations

import logging
import sqlite3
import uuid
from collections.abc import Callable, Sequence
from datetime import UTC, datetime, tzinfo

import aiosqlite

from core.busy_interval import BusyInterval, busy_interval, merge_intervals
from core.calendar_event import CalendarEvent
from core.email_address import normalize_email_address
from core.errors import EraError, ErrorCode, NotFoundError, PermissionDeniedError
from core.mail_service import MailService
from core.meeting_request import MeetingRequest
from core.outgoing_email import MAX_SUBJECT_LENGTH, OutgoingEmail
from core.time_window import TimeWindow
from language.catalogue import default_catalogue, say
from language.formatting import format_day_with_year, format_list, format_time_range
from language.language_choice import language_for
from services.org_database import OrgDatabase

logger = logging.getLogger(__name__)

# The messages the booking flows write an invitation's body with, once per reader's language
# (dialogs/invitation_languages).
_BODY_MESSAGES = ("meeting_book.body", "call.body", "call.body_topic")

_EVENT_COLUMNS = (
    "id, request_id, organizer_email, subject, body, location, online_meeting_url, starts_at, "
    "ends_at, is_cancelled"
)


class LocalCalendarService:
    """Implements core.calendar_service.CalendarService on the organisation database.

    invitations: where invitations and cancellation notices go (none are sent without it).
    tz: the time zone notices show times in (the organisation's).
    """

    def __init__(
        self,
        db: OrgDatabase,
        *,
        invitations: MailService | None = None,
        tz: tzinfo = UTC,
        clock: Callable[[], datetime] = lambda: datetime.now(UTC),
    ) -> None:
        self._db = db
        self._mail = invitations
        self._tz = tz
        self._clock = clock

    async def free_busy(
        self, emails: Sequence[str], window: TimeWindow
    ) -> dict[str, list[BusyInterval]]:
        """Busy intervals per address (see the module docstring for what counts)."""
        wanted = {email: normalize_email_address(email) for email in emails}
        addresses = sorted(set(wanted.values()))
        if not addresses:
            return {}
        found: dict[str, list[tuple[datetime, datetime]]] = {a: [] for a in addresses}
        span = (_iso(window.end), _iso(window.start))
        marks = ", ".join("?" for _ in addresses)
        people = await self._db.fetch_all(
            f"SELECT id, email FROM people WHERE email IN ({marks})", addresses
        )
        email_of = {row["id"]: row["email"].lower() for row in people}
        rows: list[aiosqlite.Row] = []
        if email_of:
            ids = list(email_of)
            id_marks = ", ".join("?" for _ in ids)
            rows += await self._db.fetch_all(
                f"SELECT person_id AS who, starts_at, ends_at FROM busy_times "
                f"WHERE person_id IN ({id_marks}) AND starts_at < ? AND ends_at > ?",
                (*ids, *span),
            )
            rows += await self._db.fetch_all(
                f"SELECT person_id AS who, starts_at, ends_at FROM shifts "
                f"WHERE person_id IN ({id_marks}) AND status = 'assigned' "
                f"AND starts_at < ? AND ends_at > ?",
                (*ids, *span),
            )
        meetings = await self._db.fetch_all(
            f"SELECT lower(e.organizer_email) AS who, e.starts_at, e.ends_at "
            f"FROM calendar_events e WHERE e.is_cancelled = 0 "
            f"AND e.organizer_email IN ({marks}) AND e.starts_at < ? AND e.ends_at > ? "
            f"UNION ALL SELECT lower(a.email) AS who, e.starts_at, e.ends_at "
            f"FROM calendar_event_attendees a JOIN calendar_events e ON e.id = a.event_id "
            f"WHERE e.is_cancelled = 0 AND a.email IN ({marks}) "
            f"AND e.starts_at < ? AND e.ends_at > ?",
            (*addresses, *span, *addresses, *span),
        )
        for row in rows:
            found[email_of[row["who"]]].append(_interval(row))
        for row in meetings:
            found[row["who"]].append(_interval(row))
        merged = {
            address: [i for i in merge_intervals(items) if window.overlaps(i.start, i.end)]
            for address, items in found.items()
        }
        return {email: list(merged[address]) for email, address in wanted.items()}

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
        """Book the meeting once per request id, then invite the attendees (once per event)."""
        meeting = MeetingRequest.of(
            organizer_email=organizer_email, attendee_emails=attendee_emails, subject=subject,
            body=body, starts_at=starts_at, ends_at=ends_at, request_id=request_id,
        )
        booked = CalendarEvent(
            id="evt-" + uuid.uuid4().hex, organizer_email=meeting.organizer_email,
            attendee_emails=meeting.attendee_emails, subject=meeting.subject, body=meeting.body,
            starts_at=meeting.starts_at, ends_at=meeting.ends_at,
        )
        existing = await self._event_for_request(meeting.request_id)
        if existing is None:
            now = _iso(self._clock())
            statements: list[tuple[str, Sequence[object]]] = [(
                f"INSERT INTO calendar_events ({_EVENT_COLUMNS}, created_at, updated_at) "
                "VALUES (?, ?, ?, ?, ?, '', NULL, ?, ?, 0, ?, ?)",
                (booked.id, meeting.request_id, booked.organizer_email, booked.subject,
                 booked.body, _iso(booked.starts_at), _iso(booked.ends_at), now, now),
            )]
            statements += [
                ("INSERT INTO calendar_event_attendees (event_id, email) VALUES (?, ?)",
                 (booked.id, attendee))
                for attendee in booked.attendee_emails
            ]
            try:
                await self._db.execute_many(statements)
            except sqlite3.IntegrityError:
                # A concurrent call with the same request id won the insert.
                existing = await self._event_for_request(meeting.request_id)
                if existing is None:
                    raise
            else:
                logger.info("local calendar: booked %s for request %s (%d attendees)",
                            booked.id, meeting.request_id, len(booked.attendee_emails))
        else:
            logger.info("local calendar: request %s already booked %s; not booked again",
                        meeting.request_id, existing.id)
        event = existing or booked
        await self._notify(event, kind="invite")
        return event

    async def find_events(self, *, attendee_email: str, window: TimeWindow) -> list[CalendarEvent]:
        """Meetings booked here that the address organises or attends, by start."""
        address = normalize_email_address(attendee_email)
        rows = await self._db.fetch_all(
            f"SELECT {_EVENT_COLUMNS} FROM calendar_events WHERE is_cancelled = 0 "
            "AND starts_at < ? AND ends_at > ? AND (organizer_email = ? OR id IN "
            "(SELECT event_id FROM calendar_event_attendees WHERE email = ?)) "
            "ORDER BY starts_at, id",
            (_iso(window.end), _iso(window.start), address, address),
        )
        return await self._events(rows)

    async def cancel_event(
        self, *, event_id: str, organizer_email: str, comment: str, request_id: str
    ) -> None:
        """Cancel as the organizer; already cancelled is a no-op."""
        event = await self.get_event(event_id)
        if event is None:
            raise NotFoundError(ErrorCode.MEETING_NOT_FOUND, event_id=event_id)
        if normalize_email_address(organizer_email) != event.organizer_email:
            raise PermissionDeniedError(ErrorCode.NOT_THE_ORGANIZER,
                                        organizer=event.organizer_email)
        changed = await self._db.execute(
            "UPDATE calendar_events SET is_cancelled = 1, cancel_comment = ?, updated_at = ? "
            "WHERE id = ? AND is_cancelled = 0",
            (comment.strip(), _iso(self._clock()), event_id),
        )
        if changed:
            logger.info("local calendar: cancelled %s (request %s)", event_id, request_id)
        else:
            logger.info("local calendar: %s was already cancelled (request %s)",
                        event_id, request_id)
        await self._notify(event, kind="cancel", comment=comment.strip())

    async def add_attendees(
        self, *, event_id: str, organizer_email: str, attendee_emails: Sequence[str],
        request_id: str,
    ) -> CalendarEvent:
        """Add people as the organizer and invite only those not in it yet."""
        event = await self._organisers_event(event_id, organizer_email)
        added = tuple(dict.fromkeys(
            address for address in map(normalize_email_address, attendee_emails)
            if not event.involves(address)))
        if added:
            now = _iso(self._clock())
            insert = ("INSERT OR IGNORE INTO calendar_event_attendees (event_id, email) "
                      "VALUES (?, ?)")
            await self._db.execute_many([
                *((insert, (event_id, address)) for address in added),
                ("UPDATE calendar_events SET updated_at = ? WHERE id = ?", (now, event_id)),
            ])
            logger.info("local calendar: added %d attendees to %s (request %s)",
                        len(added), event_id, request_id)
        updated = await self._changed_event(event_id)
        # Only the people this call added are invited (a repeat adds nobody, so sends nothing).
        await self._notify(updated, kind="invite", to=added, key=f"{event_id}:{request_id}")
        return updated

    async def remove_attendees(
        self, *, event_id: str, organizer_email: str, attendee_emails: Sequence[str],
        request_id: str,
    ) -> CalendarEvent:
        """Take people off as the organizer and send only those taken off a cancellation."""
        event = await self._organisers_event(event_id, organizer_email)
        removed = tuple(dict.fromkeys(
            address for address in map(normalize_email_address, attendee_emails)
            if address in event.attendee_emails))
        if removed:
            marks = ", ".join("?" for _ in removed)
            await self._db.execute_many([
                (f"DELETE FROM calendar_event_attendees WHERE event_id = ? AND email IN "
                 f"({marks})", (event_id, *removed)),
                ("UPDATE calendar_events SET updated_at = ? WHERE id = ?",
                 (_iso(self._clock()), event_id)),
            ])
            logger.info("local calendar: took %d attendees off %s (request %s)",
                        len(removed), event_id, request_id)
        updated = await self._changed_event(event_id)
        # The people taken off by this call are told (a repeat takes nobody off, so sends
        # nothing); the notice shows the meeting as they knew it.
        await self._notify(event, kind="removed", to=removed, key=f"{event_id}:{request_id}")
        return updated

    async def _organisers_event(self, event_id: str, organizer_email: str) -> CalendarEvent:
        """The meeting whose attendees are changed: booked, not cancelled, and organised by
        `organizer_email`."""
        event = await self.get_event(event_id)
        if event is None or event.is_cancelled:
            raise NotFoundError(ErrorCode.MEETING_NOT_FOUND, event_id=event_id)
        if normalize_email_address(organizer_email) != event.organizer_email:
            raise PermissionDeniedError(ErrorCode.NOT_THE_ORGANIZER,
                                        organizer=event.organizer_email)
        return event

    async def _changed_event(self, event_id: str) -> CalendarEvent:
        """The meeting as it is after its attendees changed."""
        updated = await self.get_event(event_id)
        if updated is None:
            raise NotFoundError(ErrorCode.MEETING_NOT_FOUND, event_id=event_id)
        return updated

    async def get_event(self, event_id: str) -> CalendarEvent | None:
        """A meeting booked here, cancelled ones included."""
        rows = await self._db.fetch_all(
            f"SELECT {_EVENT_COLUMNS} FROM calendar_events WHERE id = ?", (event_id,)
        )
        events = await self._events(rows)
        return events[0] if events else None

    async def _event_for_request(self, request_id: str) -> CalendarEvent | None:
        rows = await self._db.fetch_all(
            f"SELECT {_EVENT_COLUMNS} FROM calendar_events WHERE request_id = ?", (request_id,)
        )
        events = await self._events(rows)
        return events[0] if events else None

    async def _events(self, rows: list[aiosqlite.Row]) -> list[CalendarEvent]:
        if not rows:
            return []
        ids = [row["id"] for row in rows]
        attendees: dict[str, list[str]] = {event_id: [] for event_id in ids}
        for row in await self._db.fetch_all(
            f"SELECT event_id, email FROM calendar_event_attendees WHERE event_id IN "
            f"({', '.join('?' for _ in ids)}) ORDER BY rowid", ids,
        ):
            attendees[row["event_id"]].append(row["email"])
        return [
            CalendarEvent(
                id=row["id"], organizer_email=row["organizer_email"],
                attendee_emails=tuple(attendees[row["id"]]), subject=row["subject"],
                starts_at=datetime.fromisoformat(row["starts_at"]),
                ends_at=datetime.fromisoformat(row["ends_at"]), body=row["body"],
                location=row["location"], online_meeting_url=row["online_meeting_url"],
                is_cancelled=bool(row["is_cancelled"]),
            )
            for row in rows
        ]

    async def _notify(
        self, event: CalendarEvent, *, kind: str, comment: str = "",
        to: Sequence[str] | None = None, key: str = "",
    ) -> None:
        """Tell the attendees (or only `to`, people just added), once per event and kind (and
        `key`, which stands for the event in the notice's key when given); a failure is
        logged, not raised."""
        readers = event.attendee_emails if to is None else tuple(to)
        if self._mail is None or not readers:
            return
        names = await self._names((event.organizer_email, *event.attendee_emails))
        for language, attendees in (await self._by_language(readers)).items():
            name = "invite" if kind == "invite" else "cancel"
            subject = say(f"calendar.{name}_subject", language, subject=event.subject)
            # Someone taken off a meeting gets a cancellation that says it is only theirs.
            text = say(f"calendar.{kind}_body", language, organizer=event.organizer_email,
                       subject=event.subject, when=_when(event, self._tz, language)) + "\n"
            if kind == "invite" and len(event.attendee_emails) > 1:
                # A meeting with several people: each invitation says who else is in it, as
                # an Outlook invitation lists its attendees.
                text += say("calendar.invite_who", language, people=format_list(
                    [names.get(a, a) for a in (event.organizer_email, *event.attendee_emails)],
                    language)) + "\n"
            extra = _body_for(event.body, language).strip() if kind == "invite" else comment
            if extra:
                text += f"\n{extra}\n"
            # One notice per language; the English one keeps the key it always had.
            notice_key = f"calendar-{kind}:{key or event.id}" + (
                "" if language == "en" else f":{language}")
            try:
                await self._mail.send(OutgoingEmail(
                    request_id=notice_key, to=attendees, subject=subject[:MAX_SUBJECT_LENGTH],
                    body=text, reply_to=event.organizer_email,
                ))
            except EraError as error:
                logger.warning("local calendar: the %s notice for %s was not sent: %s",
                               kind, event.id, error)

    async def _names(self, emails: Sequence[str]) -> dict[str, str]:
        """The directory's names of these addresses (lower case), where it knows them."""
        marks = ", ".join("?" for _ in emails)
        rows = await self._db.fetch_all(
            f"SELECT lower(email) AS email, name FROM people WHERE lower(email) IN ({marks})",
            [email.lower() for email in emails],
        )
        return {row["email"]: row["name"] for row in rows}

    async def _by_language(self, emails: Sequence[str]) -> dict[str, tuple[str, ...]]:
        """The addresses grouped by the language each person reads (their preferred language
        in the directory; English for an address not in it), in the order given."""
        marks = ", ".join("?" for _ in emails)
        rows = await self._db.fetch_all(
            f"SELECT lower(email) AS email, preferred_language FROM people "
            f"WHERE lower(email) IN ({marks})", [email.lower() for email in emails],
        )
        preferred = {row["email"]: row["preferred_language"] for row in rows}
        groups: dict[str, list[str]] = {}
        for email in emails:
            groups.setdefault(language_for(preferred.get(email.lower())), []).append(email)
        return {language: tuple(group) for language, group in groups.items()}


def _body_for(body: str, language: str) -> str:
    """The body as a notice in `language` shows it: a booking flow writes the body once per
    reader's language (Graph gives all attendees one body), and a notice that already speaks
    to its readers in theirs keeps only their block of each message. A block in no other
    language (the organiser's words), or whose message has no block in `language`, stays."""
    blocks = body.split("\n\n")
    if len(blocks) < 2:
        return body
    catalogue = default_catalogue()
    language = catalogue.resolve(language) or language
    readings = [{(msg_id, written)
                 for msg_id in _BODY_MESSAGES
                 for written in catalogue.languages_writing(block, msg_id)}
                for block in blocks]
    in_language = {msg_id for reading in readings for msg_id, written in reading
                   if written == language}
    return "\n\n".join(
        block for block, reading in zip(blocks, readings, strict=True)
        if not reading or any(written == language or msg_id not in in_language
                              for msg_id, written in reading))


def _interval(row: aiosqlite.Row) -> tuple[datetime, datetime]:
    return busy_interval(datetime.fromisoformat(row["starts_at"]),
                         datetime.fromisoformat(row["ends_at"]))


def _when(event: CalendarEvent, tz: tzinfo, language: str) -> str:
    start, end = event.starts_at.astimezone(tz), event.ends_at.astimezone(tz)
    return say("calendar.when", language, day=format_day_with_year(start.date(), language),
               times=format_time_range(start, end), zone=str(tz))


def _iso(moment: datetime) -> str:
    """The stored form: UTC ISO 8601, as the seeded tables use, so text order is time order."""
    return moment.astimezone(UTC).isoformat()
