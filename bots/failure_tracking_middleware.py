"""The one place where failures are counted and hand-overs to a person decided.

Around every turn it opens a TurnReport that the wrapped services (core.tracked_calls) and the
dialogs report into; it handles an exception that escapes the turn (honest message, reference
id, state reset) and counts it; then it applies the turn to the conversation's FailureTracker —
at most one failure per turn (a knowledge gap before a technical failure), else a success
resets the count — and, when the tracker decides to transfer, hands the conversation over and
clears the dialog stack. While a conversation is with a person, what the person says is
passed on to HR, except what ERA can serve (a request, "start over") and a withdrawal of the
request ("cancel", "I don't need HR"), which HR is told of. "Start over" there frees the
person but HR still has their request: ERA asks whether to withdraw it, and a yes (or a
withdrawal) on the next message withdraws it and tells HR; anything else leaves it open. It
turns the agent hub's handoff.status events into messages.
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable
from datetime import datetime, timedelta
from enum import Enum

from botbuilder.core import Middleware, TurnContext
from botbuilder.schema import ActivityTypes

from bots.handoff import STILL_HANDED_OFF, Handoff, HandoffStatus
from bots.private_chat import has_open_dialog
from bots.turn_error_handler import TurnErrorHandler
from bots.turn_language import turn_language
from core.failure_tracker import FailureCategory, FailureTracker, TransferDecision, TransferReason
from core.intent import Intent
from core.person import Person
from core.reply_interpreter import ReplyIntent
from core.short_answer import short_answer
from core.text_fold import fold_text
from core.turn_report import TurnReport, reporting
from dialogs.era_turn import EraTurn
from dialogs.kept_draft import HANDED_OVER_DRAFT
from dialogs.turn_failures import TRACKER_TURN_KEY
from language.catalogue import say
from language.intent_rules import REQUEST_ORDER, MatchKind, classify_intent
from language.interrupts import changes_mind, is_decline, reopens_draft, withdraws_handoff
from state.person_state import TRACKER, PersonState, PersonStateStore, current_person_state
from state.turn_claims import TurnTakenElsewhere

logger = logging.getLogger(__name__)

HANDOFF_HOLD = timedelta(hours=24)
WITHDRAWN = "handoff.withdrawn"
WITHDRAWN_SERVING = "handoff.withdrawn_serving"
KEPT_SERVING = "handoff.kept_serving"
HANDED_OVER_PERSON = "handed_over_person"
# What the person needed help with, as HR was told: quoted when they withdraw it.
HANDED_OVER_REQUEST = "handed_over_request"
# "Start over" while with HR: ERA asked whether to withdraw the request HR still has.
ASKED_TO_WITHDRAW = "handoff.asked_to_withdraw"
START_OVER_ASK = "handoff.start_over_ask"
KEPT_OPEN = "handoff.kept_open"

# Requests ERA serves while the conversation is with HR: all but what is HR's own business now
# (a situation or a question for advice, personal records, a resignation) and asking for a
# person again.
_SERVED_WHILE_HANDED_OFF = frozenset(REQUEST_ORDER) - {
    Intent.ADVICE, Intent.PERSONAL_RECORDS, Intent.RESIGNATION, Intent.TRANSFER
}


class HandedOffChoice(Enum):
    """What a message said while the conversation is with HR asks for."""

    START_OVER = "start_over"  # talk to ERA again; HR's request stays with them
    WITHDRAW = "withdraw"  # no longer needs HR
    WITHDRAW_AND_SERVE = "withdraw_and_serve"  # "actually I just wanted to cancel my shift"
    SERVE = "serve"  # an ERA request; the hand-over stays
    SERVE_FLOW = "serve_flow"  # the answer to a flow ERA opened during the hand-over
    PASS_ON = "pass_on"  # for HR
    ACKNOWLEDGED = "acknowledged"  # "thanks", "ok", "hi": nothing for HR to read

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
        if state.flags.pop(ASKED_TO_WITHDRAW, None) and activity.type == ActivityTypes.message \
                and not tracker.transferred:
            answer = _withdraw_answer(activity.text or "", activity.locale)
            if answer is ReplyIntent.CONFIRM:
                # A yes answers ERA's question: HR is told the request, not "yes".
                said = "" if _is_plain_yes(activity.text or "", activity.locale) \
                    else activity.text or ""
                await self._withdraw(context, state, said)
                await context.send_activity(say(WITHDRAWN, turn_language(context)))
                return
            if answer is ReplyIntent.REJECT:
                await context.send_activity(say(KEPT_OPEN, turn_language(context)))
                return
        if tracker.transferred and activity.type == ActivityTypes.message:
            choice = _choice_while_handed_off(activity.text or "", activity.locale, state)
            if choice is HandedOffChoice.START_OVER:
                # ERA is back, but HR would still contact them about the request: ask.
                tracker.start_over()
                _keep(state, tracker)
                state.flags[ASKED_TO_WITHDRAW] = True
                try:
                    await self._error_handler.reset(context)
                except Exception:
                    logger.exception("could not clear the dialogs at a start over")
                await context.send_activity(say(START_OVER_ASK, turn_language(context)))
                return
            elif choice in (HandedOffChoice.WITHDRAW, HandedOffChoice.WITHDRAW_AND_SERVE):
                tracker.start_over()
                _keep(state, tracker)
                await self._withdraw(context, state, activity.text or "")
                if choice is HandedOffChoice.WITHDRAW:
                    await context.send_activity(say(WITHDRAWN, turn_language(context)))
                    return
                await context.send_activity(say(WITHDRAWN_SERVING, turn_language(context)))
            elif choice is HandedOffChoice.SERVE:
                await context.send_activity(say(KEPT_SERVING, turn_language(context)))
            elif choice is HandedOffChoice.ACKNOWLEDGED:
                await context.send_activity(say(STILL_WITH_HR, turn_language(context)))
                return
            elif choice is HandedOffChoice.PASS_ON:
                await self._handoff.pass_on(context, person=await self._handed_over(state),
                                            text=activity.text or "", now=self._clock())
                await context.send_activity(say(STILL_HANDED_OFF, turn_language(context)))
                return

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
            person, request = await self._hand_over(context, tracker, decision.reason, report)
            if person is not None:
                # Who was handed over, for what they say to HR before ERA knows them again.
                state.flags[HANDED_OVER_PERSON] = person.id
            if request:
                state.flags[HANDED_OVER_REQUEST] = request
            _keep(state, tracker)
        elif tracker.to_dict() != loaded:
            # Most turns change nothing here: the document is then not written at all.
            _keep(state, tracker)

    async def _withdraw(self, context: TurnContext, state: PersonState, text: str) -> None:
        """The person no longer needs HR: HR is told which request, and their words if any."""
        await self._handoff.withdraw(
            context, person=await self._handed_over(state), text=text, now=self._clock(),
            request=str(state.flags.get(HANDED_OVER_REQUEST) or ""),
        )
        state.flags.pop(HANDED_OVER_PERSON, None)
        state.flags.pop(HANDED_OVER_REQUEST, None)

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

    async def _handed_over(self, state: PersonState) -> Person | None:
        """The person this conversation was handed over for (the middleware runs before the
        turn knows who is speaking)."""
        person_id = state.flags.get(HANDED_OVER_PERSON)
        return await self._handoff.person(str(person_id)) if person_id else None

    async def _hand_over(
        self, context: TurnContext, tracker: FailureTracker, reason: TransferReason,
        report: TurnReport,
    ) -> tuple[Person | None, str]:
        """Hand over; who was handed over and what they need help with, as HR was told."""
        person = _person(context)
        event = await self._handoff.initiate(context, tracker=tracker, reason=str(reason),
                                             person=person, now=self._clock(),
                                             request=report.transfer_request,
                                             about=report.transfer_about)
        # ERA does not pretend to continue the flow it was in.
        try:
            await self._error_handler.reset(context)
        except Exception:
            logger.exception("could not clear the dialogs after a hand-over")
        value = event.value if isinstance(event.value, dict) else {}
        return person, str(value.get("request") or "")

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


STILL_WITH_HR = "handoff.still_with_hr"  # nothing was passed on
_SOCIAL = frozenset({Intent.GREETING, Intent.THANKS, Intent.GOODBYE})


def _person(context: TurnContext) -> Person | None:
    try:
        return EraTurn.of(context).person
    except RuntimeError:
        logger.info("hand-over for a turn without a known person")
        return None


def _withdraw_answer(text: str, locale: str | None) -> ReplyIntent | None:
    """The answer to "shall I withdraw your request to HR?": CONFIRM for a yes or a withdrawal
    ("cancel it", "I don't need HR"), REJECT for a no, None for anything else (a request, which
    is served, the HR request staying open). "Cancel" withdraws, as the hand-over said."""
    match = classify_intent(text, locale=locale)
    if withdraws_handoff(fold_text(text)) or (
            match.intent is Intent.CANCEL_FLOW and match.kind is MatchKind.CONTROL):
        return ReplyIntent.CONFIRM
    return short_answer(text, locale=locale, max_words=3)


def _is_plain_yes(text: str, locale: str | None) -> bool:
    """Whether `text` is only a yes ("yes", "oui", "sí"), which says nothing for HR to read."""
    return short_answer(text, locale=locale, max_words=3) is ReplyIntent.CONFIRM \
        and not withdraws_handoff(fold_text(text))


def _choice_while_handed_off(
    text: str, locale: str | None, state: PersonState
) -> HandedOffChoice:
    """What a message said while the conversation is with HR asks for.

    "start over" talks to ERA again; "cancel", "never mind", "no thanks" or "I don't need HR"
    withdraw the request; a request ERA serves ("what are my shifts?") is served, withdrawing
    the hand-over only when the person takes back what they asked ("actually I just wanted to
    cancel my shift"); the answer to a flow ERA opened meanwhile goes to that flow; anything
    else is for HR and is passed on.
    """
    match = classify_intent(text, locale=locale)
    folded = fold_text(text)
    if match.intent is Intent.START_OVER:
        return HandedOffChoice.START_OVER
    withdraws = withdraws_handoff(folded)
    if match.intent in _SERVED_WHILE_HANDED_OFF and match.kind is not MatchKind.DESCRIPTION:
        if withdraws or changes_mind(folded):
            return HandedOffChoice.WITHDRAW_AND_SERVE
        return HandedOffChoice.SERVE
    if withdraws:
        return HandedOffChoice.WITHDRAW
    if HANDED_OVER_DRAFT in state.flags and reopens_draft(folded):
        # "send it": the email draft HR got unsent is still the person's, shown again here.
        return HandedOffChoice.SERVE
    if has_open_dialog(state):
        return HandedOffChoice.SERVE_FLOW
    if (match.intent is Intent.CANCEL_FLOW and match.kind is MatchKind.CONTROL) or is_decline(
        folded, whole=True
    ):
        return HandedOffChoice.WITHDRAW
    if match.intent in _SOCIAL or not folded.strip() or short_answer(
            text, locale=locale, max_words=2) is ReplyIntent.CONFIRM:
        # "thanks", "hi", "ok", 👍: said back, not a message for HR (each would email them).
        return HandedOffChoice.ACKNOWLEDGED
    return HandedOffChoice.PASS_ON
