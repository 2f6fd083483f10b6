"""The one place where failures are counted and hand-overs to a person decided.

Around every turn it opens a TurnReport that the wrapped services (core.tracked_calls) and the
dialogs report into; it handles an exception that escapes the turn (honest message, reference
id, state reset) and counts it; then it applies the turn to the conversation's FailureTracker —
at most one failure per turn (a knowledge gap before a technical failure), else a success
resets the count — and, when the tracker decides to transfer, hands the conversation over and
clears the dialog stack. While a conversation is with a person it does not run the dialogs
(except "start over"), and it turns the agent hub's handoff.status events into messages.
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable
from datetime import datetime, timedelta

from botbuilder.core import Middleware, TurnContext
from botbuilder.schema import ActivityTypes

from bots.handoff import STILL_HANDED_OFF, Handoff, HandoffStatus
from bots.turn_error_handler import TurnErrorHandler
from bots.turn_language import turn_language
from core.failure_tracker import FailureCategory, FailureTracker, TransferDecision, TransferReason
from core.intent import Intent
from core.turn_report import TurnReport, reporting
from dialogs.era_turn import EraTurn
from dialogs.turn_failures import TRACKER_TURN_KEY
from language.catalogue import say
from language.intent_rules import classify_intent
from state.person_state import TRACKER, PersonState, PersonStateStore, current_person_state
from state.turn_claims import TurnTakenElsewhere

logger = logging.getLogger(__name__)

HANDOFF_HOLD = timedelta(hours=24)

class FailureTrackingMiddleware(Middleware):  # type: ignore[misc]
    """Counts failures, decides and performs hand-overs, and keeps handed-off conversations
    with the person."""

    def __init__(
        self,
        *,
        states: PersonStateStore,
        handoff: Handoff,
        error_handler: TurnErrorHandler,
        clock: Callable[[], datetime],
    ) -> None:
        self._states = states
        self._handoff = handoff
        self._error_handler = error_handler
        self._clock = clock

    async def on_turn(self, context: TurnContext, logic: Callable[[], Awaitable[None]]) -> None:
        """Run the turn inside a report, then apply it."""
        activity = context.activity
        state = current_person_state()
        if state is None:
            await logic()
            return
        tracker = FailureTracker.from_dict(state.sections.get(TRACKER) or None)
        loaded = tracker.to_dict()
        context.turn_state[TRACKER_TURN_KEY] = tracker

        status = HandoffStatus.of(activity)
        if status is not None:
            await self._on_status(context, tracker, status, state)
            return
        if tracker.transferred and self._handoff_is_over(tracker):
            # Teams has no agent hub to say the hand-over ended; after a day ERA is back.
            tracker.start_over()
        if tracker.transferred and activity.type == ActivityTypes.message:
            if not _is_start_over(activity.text or "", activity.locale):
                await context.send_activity(say(STILL_HANDED_OFF, turn_language(context)))
                return
            tracker.start_over()

        report = TurnReport()
        with reporting(report):
            try:
                await logic()
            except TurnTakenElsewhere:
                raise
            except Exception as error:
                report.failure(FailureCategory.TECHNICAL, f"unhandled {type(error).__name__}")
                await self._error_handler(context, error)
        decision = self._apply(tracker, report)
        if decision is not None and decision.transfer:
            # Saved before anything is sent, so a failure below cannot repeat the hand-over.
            tracker.mark_transferred(self._clock())
            _keep(state, tracker)
            await self._states.save(state, activity_id=activity.id or None)
            await self._hand_over(context, tracker, decision.reason)
            _keep(state, tracker)
        elif tracker.to_dict() != loaded:
            # Most turns change nothing here: the document is then not written at all.
            _keep(state, tracker)

    def _handoff_is_over(self, tracker: FailureTracker) -> bool:
        if not tracker.transferred_at:
            return False
        return self._clock() - datetime.fromisoformat(tracker.transferred_at) >= HANDOFF_HOLD

    def _apply(self, tracker: FailureTracker, report: TurnReport) -> TransferDecision | None:
        now = self._clock()
        if report.transfer_now:
            return TransferDecision(True, TransferReason(report.transfer_now),
                                    tracker.failure_count, 1)
        worst = report.worst_failure
        if worst is None and report.unhelped and tracker.in_transfer_attempt:
            worst = (FailureCategory.KNOWLEDGE_GAP, report.unhelped)
        if worst is not None:
            category, detail = worst
            return tracker.record_failure(category, detail, now)
        if report.successes:
            tracker.record_success()
        return None

    async def _hand_over(
        self, context: TurnContext, tracker: FailureTracker, reason: TransferReason
    ) -> None:
        person = None
        try:
            person = EraTurn.of(context).person
        except RuntimeError:
            logger.info("hand-over for a turn without a known person")
        await self._handoff.initiate(context, tracker=tracker, reason=str(reason),
                                     person=person, now=self._clock())
        # ERA does not pretend to continue the flow it was in.
        try:
            await self._error_handler.reset(context)
        except Exception:
            logger.exception("could not clear the dialogs after a hand-over")

    async def _on_status(
        self,
        context: TurnContext,
        tracker: FailureTracker,
        status: HandoffStatus,
        state: PersonState,
    ) -> None:
        logger.info("handoff status: %s", status.state)
        if status.ends_handoff and tracker.transferred:
            tracker.start_over()
        await context.send_activity(
            await self._handoff.status_message(status, turn_language(context))
        )
        _keep(state, tracker)


def _keep(state: PersonState, tracker: FailureTracker) -> None:
    state.sections[TRACKER] = tracker.to_dict()


def _is_start_over(text: str, locale: str | None) -> bool:
    return classify_intent(text, locale=locale).intent is Intent.START_OVER
