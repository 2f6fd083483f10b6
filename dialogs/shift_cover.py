"""Who could cover a shift: the store's employees qualified for its role and free then.

The worker's cancellation tells their manager these names; a manager's absence report offers
to assign one of them. The fit is the shift backend's own (availability, rest, hours).
"""

from __future__ import annotations

import logging
from datetime import datetime
from zoneinfo import ZoneInfo

from core.errors import BackendError, ValidationError
from core.person import Person
from core.shift import Shift
from dialogs.flow_services import FlowServices

logger = logging.getLogger(__name__)


async def who_could_cover(
    services: FlowServices,
    *,
    shift: Shift,
    store_id: str,
    tz: ZoneInfo,
    absent_id: str,
    now: datetime,
) -> list[Person] | None:
    """The colleagues of `absent_id` qualified for the open `shift`'s role and free then, in
    directory order; None when the schedule could not be read."""
    day = shift.starts_at.astimezone(tz).date()
    found = []
    try:
        people = await services.directory.list_people(store_id=store_id)
        for person in people:
            if (
                person.id == absent_id
                or person.is_manager
                or (shift.role and shift.role not in person.job_roles)
            ):
                continue
            options = await services.shifts.candidates(
                person=person, day=day, role=shift.role, now=now
            )
            if any(option.shift_id == shift.id and option.fits for option in options):
                found.append(person)
    except (BackendError, ValidationError):
        logger.warning("could not work out who could cover shift %s", shift.id, exc_info=True)
        return None
    return found
