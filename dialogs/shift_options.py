"""How shifts read as options and how searched dates read in replies."""

from __future__ import annotations

from datetime import timedelta, tzinfo

from core.choice_option import ChoiceOption
from core.shift import Shift
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
