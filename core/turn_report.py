"""What happened during one turn, for the failure tracker: failures and successes of service
calls, a knowledge gap, a request ERA could not help with, and a transfer the user insisted on.

Services are wrapped (core.tracked_calls) so that their calls report here without knowing
about it; dialogs report the outcomes only they can see. The failure-tracking middleware opens
a report for each turn (the `reporting` context) and applies it to the conversation's tracker
once the turn is over: that is the one tracking point.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass, field

from core.failure_tracker import FailureCategory

_CURRENT: ContextVar[TurnReport | None] = ContextVar("era_turn_report", default=None)


@dataclass
class TurnReport:
    """The failure-relevant facts of one turn."""

    failures: list[tuple[FailureCategory, str]] = field(default_factory=list)
    successes: list[str] = field(default_factory=list)
    unhelped: str | None = None
    transfer_now: str | None = None
    # What HR is told the person needs, and whom it is about, when the flow that hands over
    # knows better than the transcript (the advice conversation's situation and employee).
    transfer_request: str = ""
    transfer_about: str = ""
    effects: list[str] = field(default_factory=list)

    def failure(self, category: FailureCategory, detail: str) -> None:
        """Something failed (a backend, a lookup that found nothing, an exception)."""
        self.failures.append((category, detail))

    def success(self, detail: str) -> None:
        """Something ERA needed worked (a service call, an answer given)."""
        self.successes.append(detail)

    def effect(self, kind: str) -> None:
        """An effect was done this turn (a shift changed, an email sent, a meeting booked)."""
        self.effects.append(kind)

    def could_not_help(self, detail: str) -> None:
        """ERA did not understand or could not serve the request (a failure only while the
        user is waiting to be transferred)."""
        self.unhelped = detail

    def transfer(self, reason: str, *, request: str = "", about: str = "") -> None:
        """Hand the user over at the end of this turn; `request` and `about` tell HR what the
        person needs and whom it concerns, when the flow knows."""
        self.transfer_now = reason
        self.transfer_request = request
        self.transfer_about = about

    @property
    def worst_failure(self) -> tuple[FailureCategory, str] | None:
        """The failure that counts for the turn: a knowledge gap over a technical failure."""
        for category in (FailureCategory.KNOWLEDGE_GAP, FailureCategory.TECHNICAL):
            for found, detail in self.failures:
                if found is category:
                    return found, detail
        return None


def current_report() -> TurnReport | None:
    """The report of the turn in progress, if a turn is being reported."""
    return _CURRENT.get()


@contextmanager
def reporting(report: TurnReport) -> Iterator[TurnReport]:
    """Make `report` the current turn's report inside the block."""
    token = _CURRENT.set(report)
    try:
        yield report
    finally:
        _CURRENT.reset(token)
