"""Who may change a schedule: managers within their own store; workers only their own shifts.

Each check raises PermissionDeniedError (or ValidationError for a shift that already started)
with a message the user can read.
"""

from __future__ import annotations

from datetime import datetime, tzinfo

from core.errors import ErrorCode, PermissionDeniedError, ValidationError
from core.person import Person
from core.shift import Shift
from core.store import Store


def require_store_manager(actor: Person, store: Store) -> None:
    """The actor must be a manager of `store` to assign, swap or unassign its shifts."""
    if not actor.is_manager:
        raise PermissionDeniedError(ErrorCode.NOT_A_MANAGER)
    if actor.store_id != store.id:
        raise PermissionDeniedError(ErrorCode.NOT_THIS_STORES_MANAGER, store=store.name)


def require_own_upcoming_shift(worker: Person, shift: Shift, *, now: datetime, tz: tzinfo) -> None:
    """A worker may cancel a shift only when it is theirs and has not started."""
    if shift.person_id is None:
        # Open now: cancelled already (from another chat, or by a repeated "yes") or unassigned
        # by a manager since it was offered; "only your own shifts" would be wrong and alarming.
        raise PermissionDeniedError(ErrorCode.SHIFT_NO_LONGER_YOURS, shift=shift, tz=tz)
    if shift.person_id != worker.id:
        raise PermissionDeniedError(ErrorCode.NOT_YOUR_SHIFT)
    if shift.has_started(now):
        raise ValidationError(ErrorCode.SHIFT_STARTED_CANNOT_CANCEL, shift=shift, tz=tz)
