"""Runs a side effect at most once per key, across retries, double clicks, redelivered
activities and several workers.

The first caller claims the key with a create-only write (the storages refuse a second create),
runs the action, and records its result; a later caller with the same key gets the recorded
result back instead of acting again. If the action fails, the claim is released so that the user
can try again. When the caller says how, the effect is also written to the audit log, once, by
the caller that performed it.
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from botbuilder.core import Storage

from core.audit_log import AuditLog
from core.audit_record import AuditRecord
from core.errors import ConflictError, EraError
from core.turn_report import current_report
from state.turn_claims import claim_before_effect

logger = logging.getLogger(__name__)

_KEEP_SECONDS = 7 * 24 * 3600
_RUNNING_GRACE = timedelta(minutes=2)


class ActionInProgressError(EraError):
    """Another turn is performing this very action right now (or crashed while doing it)."""


@dataclass(frozen=True)
class LedgerOutcome:
    """The action's recorded result, and whether it came from an earlier run."""

    result: dict[str, Any]
    replayed: bool


class ActionLedger:
    """Once-only execution of side effects, keyed by what they act on (a preview id, a draft id)."""

    def __init__(
        self, storage: Storage, *, clock: Callable[[], datetime], audit: AuditLog | None = None
    ) -> None:
        self._storage = storage
        self._clock = clock
        self._audit = audit

    @staticmethod
    def key(kind: str, action_id: str) -> str:
        """The storage key for one action."""
        return f"ledger/{kind}/{action_id}"

    async def run_once(
        self,
        kind: str,
        action_id: str,
        action: Callable[[], Awaitable[dict[str, Any]]],
        *,
        audited: Callable[[dict[str, Any]], AuditRecord] | None = None,
    ) -> LedgerOutcome:
        """Run `action` unless this (kind, id) already ran; return its (recorded) result.

        `audited` turns the result into the audit entry written when the action ran here (not
        on a replay). Raises ActionInProgressError when another turn holds the claim, and
        whatever the action raises (after releasing the claim).
        """
        await claim_before_effect()
        key = self.key(kind, action_id)
        existing = (await self._storage.read([key])).get(key)
        if existing:
            return self._outcome_of(kind, action_id, dict(existing))
        now = self._clock()
        claim = {"status": "running", "started_at": now.isoformat(), "ttl": _KEEP_SECONDS}
        try:
            await self._storage.write({key: claim})
        except ConflictError:
            existing = (await self._storage.read([key])).get(key)
            if existing:
                return self._outcome_of(kind, action_id, dict(existing))
            raise ActionInProgressError(f"{kind} {action_id} is being done") from None
        try:
            result = await action()
        except BaseException:
            await self._storage.delete([key])
            raise
        record = {
            "status": "done",
            "started_at": now.isoformat(),
            "done_at": self._clock().isoformat(),
            "result": result,
            "ttl": _KEEP_SECONDS,
            "e_tag": "*",
        }
        # The action happened: whatever happens to its record, the caller must hear that it
        # succeeded (saying otherwise would invite the user to do it again).
        for attempt in (1, 2):
            try:
                await self._storage.write({key: record})
                break
            except Exception:
                logger.exception("ledger: could not record %s %s as done (attempt %d)",
                                  kind, action_id, attempt)
        logger.info("ledger: %s %s done", kind, action_id)
        report = current_report()
        if report is not None:
            report.effect(kind)
        if audited is not None and self._audit is not None:
            try:
                await self._audit.record(audited(result))
            except Exception:
                logger.exception("ledger: %s %s done but not audited", kind, action_id)
        return LedgerOutcome(result=result, replayed=False)

    def _outcome_of(self, kind: str, action_id: str, existing: dict[str, Any]) -> LedgerOutcome:
        if existing.get("status") == "done":
            logger.info("ledger: %s %s already done; not repeating it", kind, action_id)
            return LedgerOutcome(result=dict(existing.get("result") or {}), replayed=True)
        started = datetime.fromisoformat(existing["started_at"])
        if self._clock() - started < _RUNNING_GRACE:
            raise ActionInProgressError(f"{kind} {action_id} is being done")
        raise ActionInProgressError(
            f"{kind} {action_id} was started at {started.isoformat()} and never finished"
        )
