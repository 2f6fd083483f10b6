"""The shift backend Protocol: reading schedules, candidate shifts, previewed changes, applying
them once, and a worker cancelling their own shift.

Implemented by services/ (the demo organisation in SQLite by default, Teams Shifts through
Microsoft Graph by configuration). Every method takes `now` so callers and tests control time.
Permission problems raise PermissionDeniedError, unusable input ValidationError, a change that
current data no longer allows ConflictError, an outside failure BackendError; all messages are
fit to show a user except BackendError's.
"""

from __future__ import annotations

from datetime import date, datetime, tzinfo
from typing import Protocol

from core.person import Person
from core.shift import Shift
from core.shift_candidate import ShiftCandidate
from core.shift_change import AppliedChange, ShiftChange
from core.time_card import TimeCard
from core.time_window import TimeWindow


class ShiftBackend(Protocol):
    """A store schedule ERA can read and change."""

    async def upcoming_shifts(
        self, person_id: str, *, now: datetime, window: TimeWindow | None = None
    ) -> list[Shift]:
        """The person's shifts that have not started yet (starting inside `window` when given),
        sorted by start."""
        ...

    async def shifts_between(
        self, person_id: str, *, start: datetime, end: datetime
    ) -> list[Shift]:
        """The person's assigned shifts starting in [start, end), past ones included, sorted
        by start (what a letter about lateness or absence lists)."""
        ...

    async def time_cards(
        self, person_id: str, *, start: datetime, end: datetime
    ) -> list[TimeCard]:
        """The person's clock-ins in [start, end), by time; TimeCardsUnavailableError when
        the backend keeps none ERA may read."""
        ...

    async def get_shift(self, shift_id: str) -> Shift | None:
        """A shift (assigned or open) by id, or None."""
        ...

    async def shifts_on(self, store_id: str, day: date, tz: tzinfo) -> list[Shift]:
        """Every shift of the store, assigned and open, starting on local `day`, by start."""
        ...

    async def candidates(
        self, *, person: Person, day: date, role: str | None, now: datetime
    ) -> list[ShiftCandidate]:
        """The shifts `person` could be given on `day` (in their store's time zone): every
        template of their store plus that day's open shifts, each with whether it fits and why
        not, sorted by start."""
        ...

    async def preview_assign(
        self, *, actor: Person, person: Person, candidate: ShiftCandidate, role: str,
        now: datetime,
    ) -> ShiftChange:
        """A change giving `person` the candidate shift in `role`; ValidationError when it does
        not fit (the message says why)."""
        ...

    async def preview_swap(
        self, *, actor: Person, shift_a: Shift, shift_b: Shift, now: datetime
    ) -> ShiftChange:
        """A change in which the holders of two assigned shifts exchange them."""
        ...

    async def preview_unassign(self, *, actor: Person, shift: Shift, now: datetime) -> ShiftChange:
        """A change taking the holder off `shift`, which becomes an open shift."""
        ...

    async def preview_reassign(
        self, *, actor: Person, shift: Shift, person: Person, now: datetime
    ) -> ShiftChange:
        """A change in which the holder of `shift` hands it to `person` (ValidationError when
        it does not fit them, the message says why)."""
        ...

    async def move_candidates(
        self, *, shift: Shift, day: date, now: datetime
    ) -> list[ShiftCandidate]:
        """Where the holder of `shift` could work instead on `day`, in its role: the store's
        templates and open shifts that day, each with its fit as if `shift` were no longer
        theirs (the slot of `shift` itself left out), sorted by start."""
        ...

    async def preview_move(
        self, *, actor: Person, shift: Shift, candidate: ShiftCandidate, now: datetime
    ) -> ShiftChange:
        """A change moving the holder of `shift` to `candidate` (ValidationError when it does
        not fit them, the message says why)."""
        ...

    async def cover_fit(self, *, person: Person, shift: Shift, now: datetime) -> ShiftCandidate:
        """Whether `person` could work `shift` (open or someone else's) in its role, and why
        not (the work rules, qualification, their other shifts)."""
        ...

    async def apply(
        self, change: ShiftChange, *, actor: Person, conversation_id: str, now: datetime
    ) -> AppliedChange:
        """Apply a previewed change exactly once (a second call returns already_applied=True),
        after checking it against current data, and audit it."""
        ...

    async def cancel_shift(
        self, *, shift_id: str, worker: Person, reason: str, conversation_id: str,
        request_id: str, now: datetime,
    ) -> Shift:
        """A worker cancels their own upcoming shift; it becomes an open shift, which is
        returned. The reason is audited. Idempotent by `request_id`."""
        ...
