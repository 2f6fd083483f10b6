"""The root dialog: reads what a message asks for and starts the flow that serves it.

Routing is rules-based (core.intent_classifier) so it works offline and costs no LLM call. A
request whose flow is not available, or not for this person's role, gets an honest answer that
says what ERA can do for them. Free-text situations from managers go to the advisor when it is
available.
"""

from __future__ import annotations

import logging
import re
from collections.abc import Sequence
from dataclasses import dataclass

from botbuilder.dialogs import (
    ComponentDialog,
    Dialog,
    DialogTurnResult,
    WaterfallDialog,
    WaterfallStepContext,
)

from core.intent import Intent
from core.intent_classifier import classify_intent
from core.person import Person, PersonRole
from core.question_id import QuestionId
from core.short_answer import short_answer
from core.turn_report import current_report
from dialogs.dialog_ids import MAIN_DIALOG, MAIN_WATERFALL, flow_dialog_id
from dialogs.era_turn import EraTurn
from dialogs.flow_dialog import FlowDialog, FlowOutcome
from dialogs.question_card import question_activity
from dialogs.turn_failures import tracker_of
from language.catalogue import say

logger = logging.getLogger(__name__)


@dataclass(frozen=True)
class Capability:
    """A thing ERA can do, as told to users: who it is for; its summary and try-me example are
    the catalogue messages "main.capability.<intent>" and "main.example.<intent>"."""

    intent: Intent
    roles: frozenset[PersonRole]

    def summary(self, language: str) -> str:
        """What it does, in the language."""
        return say(f"main.capability.{self.intent}", language)

    def example(self, language: str) -> str:
        """A request that starts it, in the language."""
        return say(f"main.example.{self.intent}", language)


_MANAGERS = frozenset({PersonRole.MANAGER})
_EMPLOYEES = frozenset({PersonRole.EMPLOYEE})

CAPABILITIES: tuple[Capability, ...] = (
    Capability(Intent.ADVICE, _MANAGERS),
    Capability(Intent.SHIFT_ASSIGN, _MANAGERS),
    Capability(Intent.SHIFT_SWAP, _MANAGERS),
    Capability(Intent.SHIFT_UNASSIGN, _MANAGERS),
    Capability(Intent.EMAIL, _MANAGERS),
    Capability(Intent.CALL_EMPLOYEE, _MANAGERS),
    Capability(Intent.MEETING_BOOK, frozenset(PersonRole)),
    Capability(Intent.SHIFT_CANCEL, _EMPLOYEES),
    Capability(Intent.MY_SHIFTS, _EMPLOYEES),
)


class MainDialog(ComponentDialog):
    """Routes each new request to a flow; answers help, greetings and unknown requests itself."""

    def __init__(self, *, flows: Sequence[Dialog]) -> None:
        super().__init__(MAIN_DIALOG)
        self.add_dialog(WaterfallDialog(MAIN_WATERFALL, [self._route_step, self._finish_step]))
        self._available: set[Intent] = set()
        for flow in flows:
            self.add_dialog(flow)
            if isinstance(flow, FlowDialog):
                self._available.add(flow.intent)
        self.initial_dialog_id = MAIN_WATERFALL

    def capabilities_for(self, person: Person | None) -> list[Capability]:
        """What ERA can do today for this person (everyone's, when unknown)."""
        return [
            c for c in CAPABILITIES
            if c.intent in self._available and (person is None or person.role in c.roles)
        ]

    def capabilities_text(self, person: Person | None, language: str = "en") -> str:
        """A short list of what ERA can do for this person, with examples."""
        capabilities = self.capabilities_for(person)
        if not capabilities:
            return say("main.capabilities_none", language)
        lines = [say("main.capabilities_intro", language)]
        lines += [say("main.capability_line", language, summary=c.summary(language),
                      example=c.example(language)) for c in capabilities]
        return "\n".join(lines)

    async def _route_step(self, step: WaterfallStepContext) -> DialogTurnResult:
        turn = EraTurn.of(step.context)
        routed = (step.options or {}).get("text") if isinstance(step.options, dict) else None
        text = (routed or step.context.activity.text or "").strip()
        match = classify_intent(text, locale=turn.locale)
        intent = match.intent
        if intent is Intent.UNKNOWN and _is_stray_reply(text):
            pass
        elif intent is Intent.ADVICE or (
            intent is Intent.UNKNOWN and turn.person.is_manager and _reads_as_a_question(text)
        ):
            # Only a question or a situation goes to the advisor: a knowledge gap there hands
            # the manager to HR at once, which a stray word must not do.
            intent = Intent.ADVICE
        logger.info("route: %s (confidence %.2f)", intent, match.confidence)
        if intent in self._available:
            return await step.begin_dialog(flow_dialog_id(intent), {"text": text})
        await self._answer(step, intent, turn.person, text)
        return await step.end_dialog()

    async def _answer(
        self, step: WaterfallStepContext, intent: Intent, person: Person, text: str
    ) -> None:
        context = step.context
        report = current_report()
        language = EraTurn.of(context).language
        capabilities = self.capabilities_text(person, language)
        if intent is Intent.GREETING:
            reply = say("main.greeting", language, first_name=person.first_name,
                        capabilities=capabilities)
        elif intent is Intent.HELP:
            reply = say("main.help", language, capabilities=capabilities)
        elif intent is Intent.CANCEL_FLOW:
            reply = say("main.nothing_to_cancel", language, capabilities=capabilities)
        elif intent is Intent.START_OVER:
            tracker = tracker_of(context)
            if tracker is not None:
                tracker.start_over()
            reply = say("main.fresh_start", language, capabilities=capabilities)
        elif intent is Intent.UNKNOWN and _is_stray_reply(text):
            reply = say("main.stray_reply", language, capabilities=capabilities)
        elif intent is Intent.UNKNOWN:
            reply = say("main.not_understood", language, capabilities=capabilities)
            if report is not None:
                report.could_not_help("request not understood")
        else:
            reply = say("main.not_available", language, capabilities=capabilities)
            if report is not None:
                report.could_not_help(f"{intent} is not available")
        examples = [(c.example(language), c.example(language))
                    for c in self.capabilities_for(person)]
        await context.send_activity(question_activity(
            context.activity.channel_id, reply, buttons=examples[:5], language=language
        ))

    async def _finish_step(self, step: WaterfallStepContext) -> DialogTurnResult:
        result = step.result
        if isinstance(result, dict) and result.get("outcome") == FlowOutcome.ROUTE:
            return await step.replace_dialog(MAIN_WATERFALL, {"text": result.get("text", "")})
        return await step.end_dialog(result)


def _is_stray_reply(text: str) -> bool:
    """A bare answer ("yes", "oui", "no", "2") with no question waiting for it."""
    if len(text.split()) > 3:
        return False
    if _BARE_NUMBER.match(text):
        return True
    return short_answer(text, questions=_CONFIRMATIONS) is not None


def _reads_as_a_question(text: str) -> bool:
    """A sentence or a question, rather than a stray word or two."""
    stripped = text.strip()
    return len(stripped.split()) >= 4 or stripped.endswith(("?", "？", "؟"))


_CONFIRMATIONS = (QuestionId.CONFIRM_ACTION, QuestionId.CONFIRM_SEND,
                  QuestionId.CONFIRM_BOOKING)


_BARE_NUMBER = re.compile(r"^\W*(#|no\.?\s*|option\s*)?\d{1,2}\W*$", re.IGNORECASE)
