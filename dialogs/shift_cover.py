"""Who could cover a shift: the colleagues of its store qualified for its role, each with whether
they are free then and, when not, the limit that stops them.

One place for the question "who could take this shift?", asked when a worker cancels (the
manager's notice names who could cover), when a manager asks who is free, and before a shift is
given to someone else. The check itself is the shift backend's (`cover_fit`: the work rules,
qualification and the person's other shifts that week), the same one an assignment passes.
"""

from __future__ import annotations

import logging
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import datetime

from core.directory import Directory
from core.errors import BackendError, ValidationError
from core.person import Person
from core.shift import Shift
from core.shift_backend import ShiftBackend
from core.shift_candidate import FitProblem, ShiftCandidate
from dialogs.flow_services import FlowServices

logger = logging.getLogger(__name__)


@dataclass(frozen=True)
class CoverOption:
    """One colleague and how the shift fits them (`fit.fits`, else `fit.fit_details`)."""

    person: Person
    fit: ShiftCandidate


class ShiftCover:
    """Works out who could cover a shift, with the shift backend's own fit check."""

    def __init__(self, *, shifts: ShiftBackend, directory: Directory) -> None:
        self._shifts = shifts
        self._directory = directory

    async def options(
        self, shift: Shift, *, now: datetime, leave_out: Iterable[str] = ()
    ) -> list[CoverOption]:
        """The store's employees qualified for the shift's role (its holder and `leave_out`
        ids left out), those who are free first, each in the directory's order. Raises what
        the backend raises (BackendError, ValidationError) when the schedule cannot be read."""
        skip = {*leave_out, *([shift.person_id] if shift.person_id else [])}
        free: list[CoverOption] = []
        limited: list[CoverOption] = []
        for person in await self._directory.list_people(store_id=shift.store_id):
            if person.id in skip or person.is_manager:
                continue
            fit = await self._shifts.cover_fit(person=person, shift=shift, now=now)
            if FitProblem.NOT_QUALIFIED in fit.reasons:
                continue
            (free if fit.fits else limited).append(CoverOption(person, fit))
        return free + limited

    async def free_names(
        self, shift: Shift, *, now: datetime, leave_out: Iterable[str] = ()
    ) -> list[str]:
        """The names of those who could take the shift as things stand."""
        return [o.person.name for o in await self.options(shift, now=now, leave_out=leave_out)
                if o.fit.fits]


async def who_could_cover(
    services: FlowServices, *, shift: Shift, absent_id: str, now: datetime
) -> list[Person] | None:
    """The colleagues of `absent_id` (who cancelled or will not come) who could take `shift` as
    things stand, in directory order; None when the schedule could not be read."""
    cover = ShiftCover(shifts=services.shifts, directory=services.directory)
    try:
        options = await cover.options(shift, now=now, leave_out=(absent_id,))
    except (BackendError, ValidationError):
        logger.warning("could not work out who could cover shift %s", shift.id, exc_info=True)
        return None
    return [option.person for option in options if option.fit.fits]
