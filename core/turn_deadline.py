"""How much of the current turn's time is left.

Teams waits about 15 seconds for a turn; several outside calls in one turn (an LLM command chain,
an answer and then a draft) must share that window, not each take a full budget. The turn gate
opens the deadline; callers with their own budgets take the smaller of the two.
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar

TURN_BUDGET_SECONDS = 12.0
# The whole request, the replies to the channel included: inside Teams' 15-second window.
REQUEST_BUDGET_SECONDS = 14.0

_DEADLINE: ContextVar[float | None] = ContextVar("era_turn_deadline", default=None)


@contextmanager
def turn_deadline(seconds: float = TURN_BUDGET_SECONDS) -> Iterator[None]:
    """Within the block, `remaining_seconds()` counts down from `seconds` (never past the
    deadline of an enclosing block)."""
    deadline = time.monotonic() + seconds
    enclosing = _DEADLINE.get()
    token = _DEADLINE.set(deadline if enclosing is None else min(deadline, enclosing))
    try:
        yield
    finally:
        _DEADLINE.reset(token)


def remaining_seconds() -> float | None:
    """Seconds left in the current turn, or None outside a turn."""
    deadline = _DEADLINE.get()
    return None if deadline is None else deadline - time.monotonic()
