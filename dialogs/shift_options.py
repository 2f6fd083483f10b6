"""How shifts read as options and how searched dates read in replies."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime, timedelta, tzinfo

from core.choice_option import ChoiceOption
from core.shift import Shift
from core.shift_backend import ShiftBackend
from core.time_window import TimeWindow


def shift_option(shift: Shift, index: int, tz: tzinfo) -> ChoiceOption:
    """A shift as an option the worker can pick."""
    local_start, local_end = shift.starts_at.astimezone(tz), shift.ends_at.astimezone(tz)
    return ChoiceOption(
        option_id=f"opt_{index + 1}",
        index=index,
        label=f"{shift.local_label(tz)} ({shift.role})",
        value=shift.id,
        start=local_start.strftime("%H:%M"),
        end=local_end.strftime("%H:%M"),
        duration_hours=shift.duration_hours,
    )


def describe_windows(windows: list[TimeWindow], tz: tzinfo) -> str:
    """ "on Mon 23 Nov", "between Mon 23 Nov and Sun 29 Nov", for telling what was searched."""
    parts = []
    for window in windows:
        start = window.start.astimezone(tz)
        last = (window.end - timedelta(seconds=1)).astimezone(tz)
        if start.date() == last.date():
            parts.append(f"on {start:%a %d %b}")
        else:
            parts.append(f"between {start:%a %d %b} and {last:%a %d %b}")
    return " or ".join(parts)


async def shifts_in_windows(
    backend: ShiftBackend,
    person_id: str,
    windows: Sequence[TimeWindow],
    *,
    now: datetime,
    horizon: timedelta,
) -> list[Shift]:
    """The person's upcoming shifts starting in any of the windows — or within `horizon` of
    now when no window was named — each once, by start."""
    searched = list(windows) or [TimeWindow(now, now + horizon, "the coming days")]
    found: dict[str, Shift] = {}
    for window in searched:
        for shift in await backend.upcoming_shifts(person_id, now=now, window=window):
            found.setdefault(shift.id, shift)
    return sorted(found.values(), key=lambda s: s.starts_at)
