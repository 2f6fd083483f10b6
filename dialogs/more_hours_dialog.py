"""A shift worker asks for more hours ("can I get more hours?", "je peux avoir plus d'heures ?"),
or to leave early or start later (`AskManagerDialog`: "can I leave early tomorrow?").

ERA does not decide hours: the worker's manager does. ERA says so, naming the manager, and asks
whether to pass the request on, quoting the worker's words; on yes the manager gets them by
email and in chat, in the manager's language, once (the action ledger, keyed by the flow's
request id), as a worker's running-late notice does, and the effect is audited. No tells nobody.
"""

from __future__ import annotations

import uuid
from typing import Any

from botbuilder.dialogs import DialogTurnResult, WaterfallStepContext

from core.intent import Intent
from core.person import PersonRole
from core.question_id import QuestionId
from core.turn_memory import TurnMemory
from dialogs.era_turn import EraTurn
from dialogs.flow_services import FlowServices
from dialogs.manager_request_dialog import MAX_WORDS, ManagerRequestDialog
from dialogs.request_routing import ABOUT, ABOUT_SHIFT_CHANGE
from language.catalogue import say

_CONFIRM = str(QuestionId.CONFIRM_PASS_ON)


class MoreHoursDialog(ManagerRequestDialog):
    """Say the manager decides, ask, then pass the request on to them once."""

    asks_anything_else = True
    intent = Intent.MORE_HOURS
    allowed_roles = frozenset({PersonRole.EMPLOYEE})
    denied_text = "flow.more_hours.denied"
    messages = "more_hours"
    ledger_kind = "more-hours"
    confirm_question = _CONFIRM
    audit_action = "hours.more_requested"

    def __init__(self, *, services: FlowServices) -> None:
        super().__init__([self._ask_step, self._confirm_step], services=services)

    async def _ask_step(self, step: WaterfallStepContext) -> DialogTurnResult:
        turn = EraTurn.of(step.context)
        options = step.options or {}
        if "reask" in options:
            return await self.reask(step)
        manager = await self.services.directory.get(turn.person.manager_id or "")
        if manager is None:
            await step.context.send_activity(say(f"{self.messages}.no_manager", turn.language))
            return await self.finish(step)
        typed = (step.context.activity.text or "").strip()
        words = (typed or str(options.get("text", "")).strip())[:MAX_WORDS]
        memory = (await self.new_memory(step.context)).with_data(
            manager_id=manager.id, words=words, request_id=uuid.uuid4().hex,
            **({ABOUT: str(options[ABOUT])} if options.get(ABOUT) else {}))
        return await self.ask_to_pass_on(step, memory)



class AskManagerDialog(MoreHoursDialog):
    """A worker asks to leave early or start later ("can I leave early tomorrow?", "puis-je
    partir plus tôt ?", "早退してもいいですか"), or to move or swap a shift ("can I swap my
    tuesday shift?", routed here with `ABOUT_SHIFT_CHANGE`): only their manager can agree, so
    ERA says so and, on yes, asks the manager for them with the worker's own words, exactly as
    for more hours. The shift itself is not changed: it stays as planned until the manager
    says otherwise."""

    intent = Intent.ASK_MANAGER
    denied_text = "flow.ask_manager.denied"
    messages = "ask_manager"
    ledger_kind = "ask-manager"
    audit_action = "hours.change_requested"

    def message(self, memory: TurnMemory, name: str) -> str:
        """A change of shift has its own question and notice to the manager; the rest is
        said as for hours."""
        if memory.data.get(ABOUT) == ABOUT_SHIFT_CHANGE and name in _SHIFT_CHANGE_SENTENCES:
            return f"{self.messages}.shift_change.{name}"
        return super().message(memory, name)

    async def say(self, context: Any, sentence: str) -> str:
        """"Shall we get back to asking your manager about changing your shift?", not about
        the hours on a shift, when that is what the worker asked."""
        if sentence in _SHIFT_CHANGE_FLOW_SENTENCES and await self._asks_a_shift_change(context):
            return say(f"{self.messages}.shift_change.{sentence}", EraTurn.of(context).language)
        return await super().say(context, sentence)

    async def request_label(self, context: Any) -> str:
        """"ask your manager to move or swap a shift" when that is what the worker asked (it
        was put on hold as "ask your manager to leave early or start later")."""
        if await self._asks_a_shift_change(context):
            return f"main.request.{self.intent}.shift_change"
        return await super().request_label(context)

    async def _asks_a_shift_change(self, context: Any) -> bool:
        """Whether the worker asked to move or swap a shift (not about their hours)."""
        memory = (await self.load_memory(context)).memory
        return memory is not None and memory.data.get(ABOUT) == ABOUT_SHIFT_CHANGE

    def audit_action_of(self, memory: TurnMemory) -> str:
        if memory.data.get(ABOUT) == ABOUT_SHIFT_CHANGE:
            return "shift.change_requested"
        return self.audit_action


_SHIFT_CHANGE_SENTENCES = frozenset({
    "confirm", "manager_email_subject", "manager_email_body", "manager_notice"})
_SHIFT_CHANGE_FLOW_SENTENCES = frozenset({"now", "resume", "resume_reask"})
