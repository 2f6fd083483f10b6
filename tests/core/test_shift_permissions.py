"""Who may change shifts: managers of the store; workers their own shifts before they start."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from core.errors import PermissionDeniedError, ValidationError
from core.person import Person, PersonRole
from core.shift import Shift, ShiftStatus
from core.shift_permissions import require_own_upcoming_shift, require_store_manager
from core.store import Store

RIVER = Store("river", "Contoso Market Riverside", "Europe/London")
MARIA = Person("maria", "Maria Lopez", "maria@contoso.example", PersonRole.MANAGER, "river")
DANIEL = Person("daniel", "Daniel Okafor", "daniel@contoso.example", PersonRole.MANAGER, "hill")
BOB = Person("bob", "Bob Smith", "bob@contoso.example", PersonRole.EMPLOYEE, "river")
START = datetime(2026, 11, 25, 9, tzinfo=UTC)
BOBS_SHIFT = Shift("s1", "river", "bob", "cashier", START, START + timedelta(hours=6),
                   label="Morning")


def test_the_stores_manager_may_change_its_shifts() -> None:
    require_store_manager(MARIA, RIVER)


@pytest.mark.parametrize(("actor", "message"), [
    (DANIEL, "not_this_stores_manager"),
    (BOB, "not_a_manager"),
])
def test_others_may_not(actor: Person, message: str) -> None:
    with pytest.raises(PermissionDeniedError, match=message):
        require_store_manager(actor, RIVER)


def test_a_worker_may_cancel_their_own_upcoming_shift_only() -> None:
    require_own_upcoming_shift(BOB, BOBS_SHIFT, now=START - timedelta(minutes=1), tz=UTC)
    with pytest.raises(PermissionDeniedError, match="not_your_shift"):
        require_own_upcoming_shift(MARIA, BOBS_SHIFT, now=START - timedelta(hours=1), tz=UTC)
    with pytest.raises(ValidationError, match="shift_started_cannot_cancel"):
        require_own_upcoming_shift(BOB, BOBS_SHIFT, now=START, tz=UTC)


def test_a_shift_that_is_open_again_is_said_to_be_no_longer_the_workers() -> None:
    reopened = Shift("s1", "river", None, "cashier", START, START + timedelta(hours=6),
                     label="Morning", status=ShiftStatus.OPEN)
    with pytest.raises(PermissionDeniedError, match="shift_no_longer_yours"):
        require_own_upcoming_shift(BOB, reopened, now=START - timedelta(hours=1), tz=UTC)
