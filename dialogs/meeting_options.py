"""How free slots and meetings read as options, and how searched times read in replies."""

from __future__ import annotations

from collections.abc import Collection, Iterable, Mapping, Sequence
from datetime import date, datetime, time, timedelta, tzinfo

from core.calendar_event import CalendarEvent
from core.choice_option import ChoiceOption
from core.directory import Directory
from core.text_fold import fold_text
from core.time_window import TimeWindow
from core.working_hours import WorkingHours
from dialogs.shift_options import windows_phrase
from language import phrase
from language.catalogue import read_back
from language.formatting import format_slot, format_time
from language.phrase import Formatted, Phrase, Sayable

# A weekend (or a holiday week-end of three days): longer spans hold a working day anyway.
_LONGEST_CLOSED_SPAN = 3


async def directory_names(directory: Directory, emails: Iterable[str]) -> dict[str, str]:
    """Directory names by address, each looked up once (addresses the directory does not know
    are left out: a meeting label shows them as they are)."""
    found: dict[str, str] = {}
    for email in dict.fromkeys(emails):
        person = await directory.find_by_email(email)
        if person is not None:
            found[email] = person.name
    return found



def slot_label(window: TimeWindow, tz: tzinfo, language: str = "en") -> str:
    """ "Wed 25 Nov, 10:00-10:30" in local time."""
    start, end = window.start.astimezone(tz), window.end.astimezone(tz)
    return format_slot(start, end, language)


def slot_phrase(window: TimeWindow, tz: tzinfo) -> Formatted:
    """`slot_label` in any language."""
    return phrase.slot(window.start.astimezone(tz), window.end.astimezone(tz))


def slot_labels(options: Sequence[ChoiceOption], tz: tzinfo) -> dict[str, Sayable]:
    """The labels of slot options (`slot_option`) in any language, by option id."""
    return {option.option_id: slot_phrase(slot_of(option.value), tz) for option in options}


def slot_option(window: TimeWindow, index: int, tz: tzinfo, language: str = "en") -> ChoiceOption:
    """A free slot as an option; its value is "<start>/<end>" in ISO 8601 (UTC)."""
    start, end = window.start.astimezone(tz), window.end.astimezone(tz)
    return ChoiceOption(
        option_id=f"opt_{index + 1}", index=index, label=slot_label(window, tz, language),
        value=slot_value(window), start=f"{start:%H:%M}", end=f"{end:%H:%M}",
    )


def slot_value(window: TimeWindow) -> str:
    """The stored form of a slot."""
    return f"{window.start.isoformat()}/{window.end.isoformat()}"


def slot_of(value: str) -> TimeWindow:
    """A slot back from `slot_value`."""
    start, _, end = value.partition("/")
    return TimeWindow(datetime.fromisoformat(start), datetime.fromisoformat(end))


def meeting_label(
    event: CalendarEvent, tz: tzinfo, names: Mapping[str, str], me: str, language: str = "en"
) -> str:
    """ "Thu 26 Nov, 10:00-10:30: 1:1 check-in with Maria Lopez" (the others in the meeting,
    by name where the directory knows them)."""
    return meeting_phrase(event, tz, names, me).said(language)


def meeting_phrase(event: CalendarEvent, tz: tzinfo, names: Mapping[str, str], me: str
                   ) -> Phrase:
    """`meeting_label` in any language."""
    others = [names.get(email, email) for email in (event.organizer_email, *event.attendee_emails)
              if email != me.lower()]
    slot = slot_phrase(event.window, tz)
    subject = fold_text(event.subject)
    if not others or all(fold_text(name) in subject for name in others):
        # "Call: Maria Lopez and Bob Smith", not "... and Bob Smith with Bob Smith".
        return Phrase.of("meeting.label", slot=slot, subject=written_subject(event.subject))
    return Phrase.of("meeting.label_with", slot=slot, subject=written_subject(event.subject),
                     others=phrase.listing(others, "plain"))


# The titles ERA gives the calls and meetings it books.
_ERA_TITLES = ("call.subject", "meeting_book.subject")


def written_subject(subject: str) -> str | Phrase:
    """A meeting's title as the reader's language writes it when ERA wrote it ("Call: Maria
    Lopez and Bob Smith", written in Bob's English, is "Appel : Maria Lopez et Bob Smith" to a
    French reader); any other title as it is."""
    for msg_id in _ERA_TITLES:
        values = read_back(subject, msg_id)
        if values is not None:
            return Phrase.of(msg_id, **values)
    return subject


def meeting_option(
    event: CalendarEvent, index: int, tz: tzinfo, names: Mapping[str, str], me: str,
    language: str = "en",
) -> ChoiceOption:
    """A meeting as an option; its value is the event id."""
    start, end = event.starts_at.astimezone(tz), event.ends_at.astimezone(tz)
    return ChoiceOption(
        option_id=f"opt_{index + 1}", index=index,
        label=meeting_label(event, tz, names, me, language),
        value=event.id, start=f"{start:%H:%M}", end=f"{end:%H:%M}",
    )


def describe_search(
    windows: Sequence[TimeWindow], tz: tzinfo, language: str = "en", *,
    hours: WorkingHours | None = None,
) -> str:
    """ "on Tue 24 Nov between 08:00 and 12:00", "between Mon 23 Nov and Sun 29 Nov"; with
    `hours`, the hours a time to meet is really searched in (`bookable_hours`)."""
    return search_phrase(windows, tz, hours=hours).said(language)


def bookable_hours(
    windows: Sequence[TimeWindow], tz: tzinfo, hours: WorkingHours
) -> list[TimeWindow]:
    """Windows within one day cut to the working hours free times are searched in: "after
    15h" (15:00-22:00) is searched from 15:00 to 17:30. Whole days and windows of several
    days stay as they are, and so does a window outside the hours (nothing in it is free)."""
    cut = []
    for window in windows:
        start = window.start.astimezone(tz)
        end = window.end.astimezone(tz)
        last = (window.end - timedelta(seconds=1)).astimezone(tz)
        whole_day = start.time() == end.time() == time(0)
        if start.date() == last.date() and not whole_day:
            opens = datetime.combine(start.date(), hours.start, tzinfo=start.tzinfo)
            closes = datetime.combine(start.date(), hours.end, tzinfo=start.tzinfo)
            first, until = max(start, opens), min(end, closes)
            if first < until:
                window = TimeWindow(first, until, window.text)
        cut.append(window)
    return cut


def outside_hours_phrase(
    windows: Sequence[TimeWindow], tz: tzinfo, hours: WorkingHours
) -> Phrase | None:
    """"Meetings are booked between 09:00 and 17:30, so not on Sunday between 18:00 and
    22:00" when every window asked for lies within one day but wholly outside the hours
    meetings are booked in ("after 6pm", "at 7am"); None when any of them has bookable time.
    Nothing is searched in such hours, so "I couldn't find a free time" would not be true."""
    if not windows:
        return None
    for window in windows:
        start = window.start.astimezone(tz)
        end = window.end.astimezone(tz)
        last = (window.end - timedelta(seconds=1)).astimezone(tz)
        if start.date() != last.date() or start.time() == end.time() == time(0):
            return None
        if start.time() < hours.end and (last.time() >= hours.start):
            return None
    return Phrase.of("meeting.outside_booking_hours", start=format_time(hours.start),
                     end=format_time(hours.end), searched=search_phrase(windows, tz))


def closed_days_phrase(
    windows: Sequence[TimeWindow], tz: tzinfo, workdays: Collection[int]
) -> Phrase | None:
    """"Sun 22 Nov is not a working day: meetings are booked Monday to Friday." when every day
    the windows asked for touch is one meetings are not booked on ("on sunday", "this
    weekend"); None when any of them is a working day. Nothing is searched on such days, so "I
    couldn't find a free time" would not be true."""
    days: list[date] = []
    for window in windows:
        day = window.start.astimezone(tz).date()
        last = (window.end - timedelta(seconds=1)).astimezone(tz).date()
        while day <= last and len(days) <= _LONGEST_CLOSED_SPAN:
            days.append(day)
            day += timedelta(days=1)
    if not days or len(days) > _LONGEST_CLOSED_SPAN or any(
            day.weekday() in workdays for day in days):
        return None
    unique = sorted(set(days))
    if len(unique) == 1:
        return Phrase.of("meeting.not_a_working_day", day=phrase.day(unique[0]))
    return Phrase.of("meeting.not_working_days",
                     days=phrase.listing([phrase.day(day) for day in unique]))


def search_phrase(
    windows: Sequence[TimeWindow], tz: tzinfo, *, hours: WorkingHours | None = None
) -> Formatted:
    """`describe_search` in any language."""
    return windows_phrase(
        bookable_hours(windows, tz, hours) if hours is not None else list(windows), tz)
