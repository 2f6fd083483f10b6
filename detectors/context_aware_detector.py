"""The checks every action detector runs, in order, and the decision record they produce.

1. State guard: no action flow (calendar, email, or any other flow but the advice conversation)
   is already running.
2. No clarifying question: ERA's reply does not end in gathering context. A recap question
   followed by a recommendation passes, and so does a real question followed by advice that
   holds whatever the answer; offers to act, suggestions, closing checks, questions ERA answers
   itself and quoted speech are not clarifying questions.
3. Depth: at least two turns of history (a first answer is too early).
4. Context gathered: the manager answered ERA's last question (with an answer, not a question).
5. Active situation: not a policy or hypothetical question.
6. Keywords: the part of the reply after its last clarifying question recommends this action,
   affirmatively and for now.
All checks are evaluated so the log shows each outcome; the reason is the first that failed.
The legacy mode runs only the old keyword test. Each decision is logged as one record and counted.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence

from core.conversation_turn import ConversationTurn, Role
from detectors.action_keywords import ActionKeywords
from detectors.detection_checks import DetectionChecks
from detectors.detection_counters import DetectionCounters
from detectors.detection_decision import DetectionDecision
from detectors.detection_mode import DetectionMode
from detectors.detection_reason import DetectionReason
from detectors.response_analysis import analyse_response, asks_for_context, gives_an_answer
from detectors.situation_framing import forget_framed_messages, is_active_situation

_LOG = logging.getLogger(__name__)

MIN_HISTORY_TURNS = 2
# No flow, or the advice conversation itself; any other active flow is an action in progress.
NO_ACTION_FLOWS = frozenset({"", "none", "null", "idle", "advice", "advisor", "advise"})


def state_guard_passes(active_flow: str | None) -> bool:
    """Whether no action flow is running (None, empty, or the advice conversation itself)."""
    return active_flow is None or active_flow.strip().lower() in NO_ACTION_FLOWS


def context_gathered(history: Sequence[ConversationTurn]) -> bool:
    """Whether the manager has answered ERA's most recent question, if ERA asked any."""
    for index in range(len(history) - 1, -1, -1):
        turn = history[index]
        if turn.role is Role.ASSISTANT and asks_for_context(turn.content):
            return any(
                later.role is Role.USER and gives_an_answer(later.content)
                for later in history[index + 1 :]
            )
    return True


class ContextAwareDetector:
    """Base of `CalendarDetector` and `EmailDetector`: the checks above over one action kind.

    `action_kinds` holds every detector's phrases, so a recap question counts as leading only
    when an action (of any kind) is recommended after it.
    """

    def __init__(
        self,
        *,
        name: str,
        keywords: ActionKeywords,
        action_kinds: Sequence[ActionKeywords],
        context_aware: bool = True,
        counters: DetectionCounters | None = None,
    ) -> None:
        self.name = name
        self.context_aware = context_aware
        self._keywords = keywords
        self._action_kinds = tuple(action_kinds)
        self._counters = counters
        # A decision is immutable and follows from its six check outcomes alone, of which there
        # are at most 64: each is built once and handed out again (building the records and
        # finding the first failure cost a quarter of a detection over an advice reply).
        self._decisions: dict[tuple[bool, ...], DetectionDecision] = {}

    def detect(
        self,
        response: str,
        history: Sequence[ConversationTurn],
        active_flow: str | None,
        *,
        names_someone: bool = False,
    ) -> DetectionDecision:
        """Decide on ERA's reply `response`, given the `history` before it and the active flow;
        `names_someone` when the manager named one of their people (a real case)."""
        if self.context_aware:
            decision = self._detect_with_context(response, history, active_flow, names_someone)
        else:
            decision = self.detect_legacy(response)
        self._record(decision)
        return decision

    def detect_legacy(self, response: str) -> DetectionDecision:
        """The old keyword-only method (not logged or counted on its own; `detect` does that)."""
        found = self._keywords.legacy_matches(response.lower())
        return DetectionDecision(
            detector=self.name,
            mode=DetectionMode.LEGACY,
            triggered=found,
            reason=DetectionReason.TRIGGERED if found else DetectionReason.NO_KEYWORDS,
            checks=DetectionChecks(keywords=found),
        )

    def _detect_with_context(
        self,
        response: str,
        history: Sequence[ConversationTurn],
        active_flow: str | None,
        names_someone: bool,
    ) -> DetectionDecision:
        analysis = analyse_response(response)
        recommended = self._keywords.recommends(analysis.scope, analysis.scope_lower)
        if analysis.clarifying_at is None:
            no_clarifying = True
        else:
            no_clarifying = analysis.advice_stands and (
                recommended
                or any(
                    kind.recommends(analysis.scope, analysis.scope_lower)
                    for kind in self._action_kinds
                    if kind is not self._keywords
                )
            )
        outcomes = (
            state_guard_passes(active_flow),
            no_clarifying,
            len(history) >= MIN_HISTORY_TURNS,
            context_gathered(history),
            is_active_situation(history, analysis.scope_lower, names_someone=names_someone),
            recommended,
        )
        decision = self._decisions.get(outcomes)
        if decision is None:
            decision = self._decision(outcomes)
            self._decisions[outcomes] = decision
        return decision

    def _decision(self, outcomes: tuple[bool, ...]) -> DetectionDecision:
        """The context-aware decision for the six check outcomes, in `DetectionChecks` order."""
        state_guard, no_clarifying, depth_ok, gathered, active, recommended = outcomes
        checks = DetectionChecks(
            state_guard=state_guard,
            no_clarifying_question=no_clarifying,
            depth_ok=depth_ok,
            context_gathered=gathered,
            active_situation=active,
            keywords=recommended,
        )
        reason = _first_failure(checks)
        return DetectionDecision(
            detector=self.name,
            mode=DetectionMode.CONTEXT_AWARE,
            triggered=reason is DetectionReason.TRIGGERED,
            reason=reason,
            checks=checks,
        )

    def _record(self, decision: DetectionDecision) -> None:
        if self._counters is not None:
            self._counters.record(decision)
        # Building the record costs more than the detection itself; skip it when nobody listens.
        if _LOG.isEnabledFor(logging.INFO):
            _LOG.info(
                "action detection %s: triggered=%s reason=%s",
                decision.detector,
                decision.triggered,
                decision.reason,
                extra={"detection": decision.to_log()},
            )


def forget_seen_texts() -> None:
    """Empty every per-text cache the checks keep, so the next detection reads its reply and
    history as new (the benchmark's honest case: a reply nobody has analysed yet)."""
    analyse_response.cache_clear()
    asks_for_context.cache_clear()
    gives_an_answer.cache_clear()
    forget_framed_messages()


def _first_failure(checks: DetectionChecks) -> DetectionReason:
    ordered = (
        (checks.state_guard, DetectionReason.STATE_GUARD),
        (checks.no_clarifying_question, DetectionReason.CLARIFYING_QUESTION),
        (checks.depth_ok, DetectionReason.TOO_EARLY),
        (checks.context_gathered, DetectionReason.CONTEXT_NOT_GATHERED),
        (checks.active_situation, DetectionReason.HYPOTHETICAL),
        (checks.keywords, DetectionReason.NO_KEYWORDS),
    )
    for passed, reason in ordered:
        if not passed:
            return reason
    return DetectionReason.TRIGGERED
