"""A shift worker asks for more hours ("can I get more hours?", "je peux avoir plus d'heures ?").

ERA does not decide hours: the worker's manager does. ERA says so, naming the manager, and asks
whether to pass the request on, quoting the worker's words; on yes the manager gets them by
email and in chat, in the manager's language, once (the action ledger, keyed by the flow's
request id), as a worker's running-late notice does, and the effect is audited. No tells nobody.
"""

from __future__ import annotations

import uuid

from botbuilder.dialogs import DialogTurnResult, WaterfallStepContext

from core.audit_record import AuditRecord
from core.intent import Intent
from core.person import PersonRole
from core.question_id import QuestionId
from core.reply_interpreter import ReplyIntent, describe_accepted
from core.turn_memory import TurnMemory
from dialogs.era_turn import EraTurn
from dialogs.flow_dialog import FlowDialog, FlowOutcome
from dialogs.flow_services import FlowServices
from dialogs.manager_notice import ManagerNotice, ManagerReach, one_line
from dialogs.rendering.markdown_text import quoted_words
from dialogs.reply_prompt import AnswerStatus, ReplyAnswer
from language.catalogue import say
from language.formatting import format_accepted, yes_no_buttons
from language.language_choice import language_for
from state.action_ledger import ActionInProgressError

# The worker's words are passed on as written, up to this length.
MAX_WORDS = 300
LEDGER_KIND = "more-hours"
_CONFIRM = str(QuestionId.CONFIRM_ACTION)
TOLD = {
    ManagerReach.EMAILED: "more_hours.done",
    ManagerReach.CHATTED: "more_hours.done_in_chat",
    ManagerReach.NOT_TOLD: "more_hours.not_told",
}


class MoreHoursDialog(FlowDialog):
    """Say the manager decides, ask, then pass the request on to them once."""

    asks_anything_else = True
    intent = Intent.MORE_HOURS
    allowed_roles = frozenset({PersonRole.EMPLOYEE})
    denied_text = "flow.more_hours.denied"

    def __init__(self, *, services: FlowServices) -> None:
        super().__init__([self._ask_step, self._confirm_step], services=services)

    async def _ask_step(self, step: WaterfallStepContext) -> DialogTurnResult:
        turn = EraTurn.of(step.context)
        options = step.options or {}
        if "reask" in options:
            lookup = await self.load_memory(step.context)
            if lookup.memory is None:
                return await self.end_expired(step)
            return await self._ask_to_pass_on(step, lookup.memory)
        worker = turn.person
        manager = await self.services.directory.get(worker.manager_id or "")
        if manager is None:
            await step.context.send_activity(say("more_hours.no_manager", turn.language))
            return await self.finish(step)
        typed = (step.context.activity.text or "").strip()
        words = (typed or str(options.get("text", "")).strip())[:MAX_WORDS]
        memory = (await self.new_memory(step.context)).with_data(
            manager_id=manager.id, words=words, request_id=uuid.uuid4().hex)
        return await self._ask_to_pass_on(step, memory)

    async def _ask_to_pass_on(
        self, step: WaterfallStepContext, memory: TurnMemory
    ) -> DialogTurnResult:
        """Say who decides and ask whether to pass the words on to them."""
        language = EraTurn.of(step.context).language
        manager = await self.services.directory.get(str(memory.data["manager_id"]))
        return await self.ask(
            step, memory, _CONFIRM,
            say("more_hours.confirm", language, manager=manager.name if manager else "",
                words=memory.data["words"]),
            buttons=yes_no_buttons(language), return_unknown=True,
        )

    async def _confirm_step(self, step: WaterfallStepContext) -> DialogTurnResult:
        answer: ReplyAnswer = step.result
        if answer.status is AnswerStatus.EXPIRED:
            return await self.end_expired(step)
        lookup = await self.load_memory(step.context)
        if lookup.memory is None:
            return await self.end_expired(step)
        language = self.language(step)
        if answer.intent is ReplyIntent.UNKNOWN:
            accepted = format_accepted(describe_accepted(_CONFIRM, ()), language)
            await step.context.send_activity(
                say("prompt.not_understood", language, accepted=accepted))
            return await step.replace_dialog(self.initial_dialog_id, {"reask": True})
        if answer.intent is not ReplyIntent.CONFIRM:
            manager = await self.services.directory.get(str(lookup.memory.data["manager_id"]))
            await step.context.send_activity(
                say("more_hours.kept", language, manager=manager.name if manager else ""))
            return await self.finish(step, FlowOutcome.CANCELLED)
        return await self._pass_on(step, lookup.memory)

    async def _pass_on(self, step: WaterfallStepContext, memory: TurnMemory) -> DialogTurnResult:
        """Tell the manager once; a second yes is answered from the ledger."""
        turn = EraTurn.of(step.context)
        worker = turn.person
        request_id = str(memory.data["request_id"])
        manager = await self.services.directory.get(str(memory.data["manager_id"]))
        if manager is None:
            await step.context.send_activity(say("more_hours.no_manager", turn.language))
            return await self.finish(step)

        async def tell() -> dict[str, str]:
            theirs = language_for(manager.preferred_language)
            words = str(memory.data["words"])
            notice = ManagerNotice(
                subject=say("more_hours.manager_email_subject", theirs, worker=worker.name),
                body=say("more_hours.manager_email_body", theirs, manager=manager.first_name,
                         worker=worker.name, words=one_line(words)),
                chat=say("more_hours.manager_notice", theirs, worker=worker.name,
                         words=quoted_words(words)),
            )
            reach = await notice.send(manager, request_id=f"more-hours-{request_id}",
                                      mail=self.services.mail, notifier=self.services.notifier)
            return {"reach": str(reach)}

        def audited(result: dict[str, str]) -> AuditRecord:
            return turn.audit_entry("hours.more_requested", worker.id, manager_id=manager.id,
                                    reach=result["reach"], request_id=request_id)

        try:
            outcome = await self.services.ledger.run_once(LEDGER_KIND, request_id, tell,
                                                          audited=audited)
        except ActionInProgressError:
            await step.context.send_activity(say("running_late.in_progress", turn.language))
            return await self.finish(step)
        if outcome.replayed:
            await step.context.send_activity(
                say("more_hours.already_told", turn.language, manager=manager.name))
            return await self.finish(step)
        reach = ManagerReach(outcome.result["reach"])
        await step.context.send_activity(say(TOLD[reach], turn.language, manager=manager.name))
        return await self.finish(step)
