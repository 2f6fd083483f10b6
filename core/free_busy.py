"""What a calendar says about people's time: busy intervals per address, and whose calendar it
could not read.

A calendar that could not be read (Graph's getSchedule answers some schedules with an error) is
never taken as free: the address is listed in `unknown`, and its whole asked-for window counts as
busy, so no slot is offered that might clash; a dialog can say why it offers fewer times.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from core.busy_interval import BusyInterval


class FreeBusy(dict[str, list[BusyInterval]]):
    """Busy intervals per address (a plain mapping for callers that only need that), plus
    `unknown`: the addresses whose calendar could not be read."""

    def __init__(
        self, busy: Mapping[str, list[BusyInterval]] | None = None, *,
        unknown: Iterable[str] = (),
    ) -> None:
        super().__init__(busy or {})
        self.unknown: frozenset[str] = frozenset(unknown)

    @property
    def complete(self) -> bool:
        """Whether every calendar asked about was read."""
        return not self.unknown
