"""Per-conversation failure tracking that decides when ERA hands the user over to a person.

Design note 004, translated: a knowledge gap (the knowledge lookup returns nothing, or the LLM's
answer says it does not know) transfers at once; a technical failure (a backend error or
timeout, no results or no free slots, a booking or a send that failed, an unhandled exception in
a turn) transfers on the third in a row; once the user has asked for a human (flow A: ERA asks
what they need and tries), the next failure of any category transfers. A success resets the
count and ends a transfer attempt. Deliberately not failures, so there is nothing to record for
them: the user's own validation errors (a bad date, an unknown option), a "no" at a
confirmation, the user changing their mind, and normal flow transitions. The tracker is pure
state plus rules: the one tracking point in the dialog layer calls it and persists `to_dict()`
in conversation state; a transfer decision is acted on by the caller, which then calls
`mark_transferred()`.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass, field
from datetime import datetime
from enum import StrEnum
from typing import Any

_log = logging.getLogger(__name__)

HISTORY_LIMIT = 50
_DETAIL_LIMIT = 500  # details go into stored state and a handover; keep them short


class FailureCategory(StrEnum):
    """What kind of failure happened; each has its own transfer threshold."""

    KNOWLEDGE_GAP = "knowledge_gap"
    TECHNICAL = "technical"

    @property
    def threshold(self) -> int:
        """How many failures in a row transfer the user."""
        return 1 if self is FailureCategory.KNOWLEDGE_GAP else 3


class TransferReason(StrEnum):
    """Why a decision transfers the user, or why it does not."""

    KNOWLEDGE_GAP = "knowledge_gap"  # transfer: ERA does not know
    USER_REQUESTED = "user_requested"  # transfer: the user asked, then ERA failed once
    USER_INSISTED = "user_insisted"  # transfer: asked twice without trying something between
    TOO_MANY_FAILURES = "too_many_failures"  # transfer: the category's threshold was reached
    RESIGNATION = "resignation"  # transfer: the user is resigning, which only a person can take
    ADVICE_CASE = "advice_case"  # transfer: the manager passed the case they described to HR
    BELOW_THRESHOLD = "below_threshold"  # no transfer: try again
    AWAITING_NEED = "awaiting_need"  # no transfer: flow A asks what the user needs first
    ALREADY_TRANSFERRED = "already_transferred"  # no transfer: the handover already happened


@dataclass(frozen=True)
class TransferDecision:
    """Whether to transfer now, why, and the count and threshold the decision was made on."""

    transfer: bool
    reason: TransferReason
    failure_count: int
    threshold: int


@dataclass(frozen=True)
class FailureRecord:
    """One failure in the history: when (ISO 8601 with offset), what kind, and a short detail."""

    at: str
    category: FailureCategory
    detail: str

    def to_dict(self) -> dict[str, str]:
        """Plain JSON-ready form."""
        return {"at": self.at, "category": str(self.category), "detail": self.detail}


@dataclass
class FailureTracker:
    """The failure state of one conversation; see the module docstring for the rules."""

    failure_count: int = 0
    transfer_requested: bool = False
    in_transfer_attempt: bool = False
    transferred: bool = False
    transferred_at: str | None = None
    history: list[FailureRecord] = field(default_factory=list)

    def record_failure(
        self, category: FailureCategory, detail: str, now: datetime
    ) -> TransferDecision:
        """Count a failure, remember it, and say whether to transfer now."""
        if now.tzinfo is None:
            raise ValueError("record_failure needs a timezone-aware time")
        self.history.append(FailureRecord(now.isoformat(), category, detail[:_DETAIL_LIMIT]))
        del self.history[:-HISTORY_LIMIT]
        self.failure_count += 1
        threshold = 1 if self.in_transfer_attempt else category.threshold
        if self.transferred:
            reason = TransferReason.ALREADY_TRANSFERRED
        elif category is FailureCategory.KNOWLEDGE_GAP:
            reason = TransferReason.KNOWLEDGE_GAP
        elif self.in_transfer_attempt:
            reason = TransferReason.USER_REQUESTED
        elif self.failure_count >= threshold:
            reason = TransferReason.TOO_MANY_FAILURES
        else:
            reason = TransferReason.BELOW_THRESHOLD
        transfer = reason not in (
            TransferReason.BELOW_THRESHOLD,
            TransferReason.ALREADY_TRANSFERRED,
        )
        _log.info(
            "failure recorded: category=%s count=%s threshold=%s transfer=%s reason=%s detail=%s",
            category,
            self.failure_count,
            threshold,
            transfer,
            reason,
            detail[:_DETAIL_LIMIT],
        )
        return TransferDecision(transfer, reason, self.failure_count, threshold)

    def record_success(self) -> None:
        """ERA helped: the count starts again and a transfer attempt (flow A) is over."""
        self.failure_count = 0
        self.transfer_requested = False
        self.in_transfer_attempt = False

    def request_transfer(self) -> TransferDecision:
        """The user asked for a person (flow A).

        The first ask does not transfer: ERA asks what they need and tries, and the next
        failure of any category transfers. Asking again before ERA could try transfers now.
        """
        if self.transferred:
            already = TransferReason.ALREADY_TRANSFERRED
            return TransferDecision(False, already, self.failure_count, 1)
        if self.in_transfer_attempt:
            return TransferDecision(True, TransferReason.USER_INSISTED, self.failure_count, 1)
        self.transfer_requested = True
        self.in_transfer_attempt = True
        return TransferDecision(False, TransferReason.AWAITING_NEED, self.failure_count, 1)

    def mark_transferred(self, now: datetime | None = None) -> None:
        """The handover happened: the conversation is with a person now (since `now`)."""
        if now is not None and now.tzinfo is None:
            raise ValueError("mark_transferred needs a timezone-aware time")
        self.transferred = True
        self.transferred_at = now.isoformat() if now is not None else None
        self.failure_count = 0
        self.transfer_requested = False
        self.in_transfer_attempt = False

    def start_over(self) -> None:
        """The user starts over (also after a handover): counts and flags reset, history kept."""
        self.failure_count = 0
        self.transfer_requested = False
        self.in_transfer_attempt = False
        self.transferred = False
        self.transferred_at = None

    def to_dict(self) -> dict[str, Any]:
        """Plain JSON-ready form, for conversation state."""
        return {
            "failure_count": self.failure_count,
            "transfer_requested": self.transfer_requested,
            "in_transfer_attempt": self.in_transfer_attempt,
            "transferred": self.transferred,
            "transferred_at": self.transferred_at,
            "history": [record.to_dict() for record in self.history],
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any] | None) -> FailureTracker:
        """Rebuild from `to_dict` output; None or {} is a fresh tracker, and a history record
        with an unknown category is dropped (logged) rather than failing the turn."""
        if not data:
            return cls()
        history: list[FailureRecord] = []
        for record in data.get("history") or []:
            try:
                category = FailureCategory(record["category"])
            except (KeyError, ValueError, TypeError):
                _log.warning("dropping unreadable failure record %r", record)
                continue
            history.append(
                FailureRecord(str(record.get("at", "")), category, str(record.get("detail", "")))
            )
        transferred_at = data.get("transferred_at")
        return cls(
            failure_count=int(data.get("failure_count", 0)),
            transfer_requested=bool(data.get("transfer_requested", False)),
            in_transfer_attempt=bool(data.get("in_transfer_attempt", False)),
            transferred=bool(data.get("transferred", False)),
            transferred_at=str(transferred_at) if transferred_at is not None else None,
            history=history[-HISTORY_LIMIT:],
        )
