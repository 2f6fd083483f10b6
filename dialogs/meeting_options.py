"""How free slots and meetings read as options, and how searched times read in replies."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from datetime import datetime, timedelta, tzinfo

from core.calendar_event import CalendarEvent
from core.choice_option import ChoiceOption
from core.time_window import TimeWindow


def slot_label(window: TimeWindow, tz: tzinfo) -> str:
    """ "Wed 25 Nov, 10:00-10:30" in local time."""
    start, end = window.start.astimezone(tz), window.end.astimezone(tz)
    return f"{start:%a %d %b}, {start:%H:%M}-{end:%H:%M}"


def slot_option(window: TimeWindow, index: int, tz: tzinfo) -> ChoiceOption:
    """A free slot as an option; its value is "<start>/<end>" in ISO 8601 (UTC)."""
    start, end = window.start.astimezone(tz), window.end.astimezone(tz)
    return ChoiceOption(
        option_id=f"opt_{index + 1}", index=index, label=slot_label(window, tz),
        value=slot_value(window), start=f"{start:%H:%M}", end=f"{end:%H:%M}",
    )


def slot_value(window: TimeWindow) -> str:
    """The stored form of a slot."""
    return f"{window.start.isoformat()}/{window.end.isoformat()}"


def slot_of(value: str) -> TimeWindow:
    """A slot back from `slot_value`."""
    start, _, end = value.partition("/")
    return TimeWindow(datetime.fromisoformat(start), datetime.fromisoformat(end))


def meeting_label(event: CalendarEvent, tz: tzinfo, names: Mapping[str, str], me: str) -> str:
    """ "Thu 26 Nov, 10:00-10:30: 1:1 check-in with Maria Lopez" (the others in the meeting,
    by name where the directory knows them)."""
    others = [names.get(email, email) for email in (event.organizer_email, *event.attendee_emails)
              if email != me.lower()]
    with_whom = f" with {', '.join(others)}" if others else ""
    return f"{slot_label(event.window, tz)}: {event.subject}{with_whom}"


def meeting_option(
    event: CalendarEvent, index: int, tz: tzinfo, names: Mapping[str, str], me: str
) -> ChoiceOption:
    """A meeting as an option; its value is the event id."""
    start, end = event.starts_at.astimezone(tz), event.ends_at.astimezone(tz)
    return ChoiceOption(
        option_id=f"opt_{index + 1}", index=index, label=meeting_label(event, tz, names, me),
        value=event.id, start=f"{start:%H:%M}", end=f"{end:%H:%M}",
    )


def describe_search(windows: Sequence[TimeWindow], tz: tzinfo) -> str:
    """ "on Tue 24 Nov between 08:00 and 12:00", "between Mon 23 Nov and Sun 29 Nov"."""
    parts = []
    for window in windows:
        start = window.start.astimezone(tz)
        last = (window.end - timedelta(seconds=1)).astimezone(tz)
        end = window.end.astimezone(tz)
        if start.date() != last.date():
            parts.append(f"between {start:%a %d %b} and {last:%a %d %b}")
        elif start.hour == start.minute == 0 and end.hour == end.minute == 0:
            parts.append(f"on {start:%a %d %b}")
        else:
            parts.append(f"on {start:%a %d %b} between {start:%H:%M} and {end:%H:%M}")
    return " or ".join(parts)
