"""A manager emails one of their employees: draft, preview, edit, send once.

Started by the advisor (with the employee's id, the situation and the purpose: a written
warning, a record of attempts to reach the employee, a follow-up) or directly ("email Bob about
his lateness", "draft a written warning for Bob Smith"). The recipient is the directory's
address of the person the manager named or chose (two Bobs: ERA asks which), never an address
from free text or from the LLM. With an LLM configured the draft is written by it, else it is
filled from the templates in prompts/email_templates/.

The preview card shows To, Subject and the body with Send / Edit / Cancel. Edit takes replacement
text ("Subject: ..." on the first line changes the subject too) or, with the LLM, an instruction
("make it firmer"). Send goes through the action ledger keyed by the draft id, which is also the
mail service's request id: the Send button carries the draft id, so a second press of it, even
after the flow has ended, finds the first send and answers with the same message id instead of
sending again. Drafts live in turn memory (ten minutes).
"""

from __future__ import annotations

import logging
import re
import uuid
from enum import StrEnum
from typing import Any
from zoneinfo import ZoneInfo

from botbuilder.dialogs import DialogTurnResult, WaterfallStepContext

from core.action_purpose import ActionPurpose, email_purpose
from core.email_draft import (
    DraftFacts,
    EmailDraft,
    EmailPurpose,
    is_edit_request,
    looks_like_instruction,
    split_subject,
)
from core.errors import (
    BackendError,
    ConflictError,
    EraError,
    ErrorCode,
    NotFoundError,
    ValidationError,
)
from core.intent import Intent
from core.intent_classifier import classify_intent, fold_text
from core.interrupt_detector import FreeTextQuestion
from core.mail_service import DeliveryUncertainError
from core.outgoing_email import OutgoingEmail
from core.person import Person, PersonRole
from core.question_id import QuestionId
from core.reply_interpreter import ReplyIntent, interpret_reply
from core.turn_memory import TurnMemory
from dialogs.era_turn import EraTurn
from dialogs.flow_dialog import FlowOutcome
from dialogs.flow_services import FlowServices
from dialogs.reply_prompt import ReplyAnswer
from dialogs.staged_flow_dialog import StagedFlowDialog
from language.catalogue import say
from language.catalogue_errors import error_text
from services.email_drafter import EmailDrafter
from state.action_ledger import ActionInProgressError

logger = logging.getLogger(__name__)

LEDGER_KIND = "email-send"
_SEND_PRESS = re.compile(r"send email (draft-[0-9a-f]{12})")
_FOLLOW_UP = re.compile(r"\b(?:follow(?:ing)?[- ]?up|suivi|seguimiento|nachfass\w*|riepilogo)\b")
_MIN_EDIT_WORDS = 3
_SITUATION_CHARS = 600


class EmailStage(StrEnum):
    """Where the email flow is."""

    EMPLOYEE = "employee"  # who the email is for
    TOPIC = "topic"  # what it is about (when neither the request nor the advisor said)
    DRAFT = "draft"  # write the draft (no question)
    PREVIEW = "preview"  # Send / Edit / Cancel
    EDIT = "edit"  # the replacement text or an instruction


class _DraftClosed(EraError):
    """The Send refers to a draft that is no longer open (and was never sent)."""


class EmailDialog(StagedFlowDialog):
    """Who, what about, draft, preview, edit, send once."""

    intent = Intent.EMAIL
    allowed_roles = frozenset({PersonRole.MANAGER})
    denied_text = "flow.email.denied"

    def __init__(self, *, services: FlowServices, drafter: EmailDrafter | None = None) -> None:
        super().__init__(services=services)
        self._drafter = drafter or EmailDrafter(llm=services.llm)

    # -- stages ----------------------------------------------------------------------------

    async def start(self, step: WaterfallStepContext, options: dict[str, Any]) -> DialogTurnResult:
        """From the advisor's context or the manager's request; a stale Send press is
        answered from the ledger."""
        text = str(options.get("text") or "").strip()
        pressed = _SEND_PRESS.fullmatch(text.casefold())
        if pressed:
            reply, outcome = await self._send(step, pressed.group(1), None)
            await step.context.send_activity(reply)
            return await self.finish(step, outcome)
        raw_context = options.get("context")
        context: dict[str, Any] = raw_context if isinstance(raw_context, dict) else {}
        request = str(context.get("situation") or text) if context else text
        locale = EraTurn.of(step.context).locale
        situation = _without_bare_answers(str(context.get("situation") or ""), locale) or (
            classify_intent(text, locale=locale).slots.get("topic", ""))
        memory = (await self.new_memory(step.context)).with_data(
            purpose=str(_purpose(context.get("purpose"), text)),
            situation=situation[-_SITUATION_CHARS:],
            draft_id="draft-" + uuid.uuid4().hex[:12],
        )
        return await self._choose(
            step, memory, employee_id=context.get("employee_id") or None, request=request
        )

    async def enter(
        self, step: WaterfallStepContext, stage: str, memory: TurnMemory
    ) -> DialogTurnResult:
        """Ask the stage's question, or draft."""
        if stage == EmailStage.TOPIC:
            person = await self._recipient(memory)
            return await self.ask_at(
                step, stage, memory, str(FreeTextQuestion.FREE_TEXT),
                say("email.ask_topic", self.language(step), name=person.first_name)
                if person else say("email.ask_topic_unnamed", self.language(step)),
                free_text=True,
            )
        if stage == EmailStage.DRAFT:
            return await self._draft(step, memory)
        if stage == EmailStage.PREVIEW:
            return await self._preview(step, memory)
        if stage == EmailStage.EDIT:
            return await self.ask_at(
                step, stage, memory, str(FreeTextQuestion.EMAIL_EDIT),
                self._edit_question(self.language(step)),
                free_text=True,
            )
        raise ValueError(f"unknown email stage {stage}")

    async def reply(
        self, step: WaterfallStepContext, stage: str, memory: TurnMemory, answer: ReplyAnswer
    ) -> DialogTurnResult:
        """Handle the answer to the stage's question."""
        text = answer.text.strip()
        if stage == EmailStage.EMPLOYEE:
            if answer.option is not None:
                return await self._choose(step, memory, employee_id=answer.option.value)
            if answer.intent is ReplyIntent.REJECT or self.is_plain_no(text, step):
                await step.context.send_activity(say("email.kept", self.language(step)))
                return await self.finish(step, FlowOutcome.CANCELLED)
            return await self._choose(step, memory, answer=text)
        if stage == EmailStage.TOPIC:
            if self.is_plain_no(text, step):
                await step.context.send_activity(say("email.kept", self.language(step)))
                return await self.finish(step, FlowOutcome.CANCELLED)
            return await self.goto(step, EmailStage.DRAFT, memory.with_data(situation=text))
        pressed = _SEND_PRESS.fullmatch(text.casefold())
        if pressed:
            return await self._send_pressed(step, memory, pressed.group(1))
        if stage == EmailStage.PREVIEW:
            return await self._preview_reply(step, memory, answer)
        if stage == EmailStage.EDIT:
            if self.is_plain_no(text, step):
                return await self.goto(step, EmailStage.PREVIEW, memory)
            if _is_bare_send(text, EraTurn.of(step.context).locale):
                return await self._send_pressed(step, memory, str(memory.data["draft"]["id"]))
            return await self._edit(step, memory, text)
        raise ValueError(f"unknown email stage {stage}")

    # -- who --------------------------------------------------------------------------------

    async def _choose(
        self,
        step: WaterfallStepContext,
        memory: TurnMemory,
        *,
        employee_id: str | None = None,
        request: str = "",
        answer: str | None = None,
    ) -> DialogTurnResult:
        person = await self.settle_employee(
            step, EmailStage.EMPLOYEE, memory, what="email",
            nothing_done="email.nothing_drafted", employee_id=employee_id, request=request,
            answer=answer,
        )
        if not isinstance(person, Person):
            return person
        memory = memory.with_entities(employee=person.id)
        next_stage = EmailStage.DRAFT if memory.data.get("situation") else EmailStage.TOPIC
        return await self.goto(step, next_stage, memory)

    async def _recipient(self, memory: TurnMemory) -> Person | None:
        employee_id = memory.entities.get("employee")
        return await self.services.directory.get(employee_id) if employee_id else None

    # -- draft and preview ------------------------------------------------------------------

    async def _draft(self, step: WaterfallStepContext, memory: TurnMemory) -> DialogTurnResult:
        turn = EraTurn.of(step.context)
        person = await self._recipient(memory)
        if person is None:
            return await self.end_expired(step)
        store = await self.services.directory.get_store(turn.person.store_id)
        today = turn.now.astimezone(ZoneInfo(store.timezone if store else "UTC")).date()
        facts = DraftFacts(
            employee_name=person.name, manager_name=turn.person.name,
            store_name=store.name if store else "the store",
            situation=str(memory.data.get("situation", "")),
            date=f"{today.day} {today:%B %Y}",
        )
        purpose = EmailPurpose(memory.data["purpose"])
        note = ""
        source = "template"
        subject, body = self._drafter.from_template(purpose, facts)
        if self._drafter.uses_ai:
            try:
                subject, body = await self._drafter.with_ai(purpose, facts)
                source = "ai"
            except BackendError:
                logger.warning("email draft: the LLM failed; using the template", exc_info=True)
                note = say("email.ai_failed_note", turn.language) + "\n\n"
        draft = EmailDraft(str(memory.data["draft_id"]), person.id, purpose, subject, body, source)
        return await self.goto(
            step, EmailStage.PREVIEW, memory.with_data(draft=draft.to_dict(), note=note)
        )

    async def _preview(self, step: WaterfallStepContext, memory: TurnMemory) -> DialogTurnResult:
        draft = EmailDraft.from_dict(memory.data["draft"])
        person = await self._recipient(memory)
        if person is None:
            return await self.end_expired(step)
        language = self.language(step)
        made = (say(f"email.made.{draft.source}.{draft.purpose}", language)
                if draft.source in ("template", "ai") else say("email.made.edited", language))
        text = say("email.preview", language, note=memory.data.get("note", ""), made=made,
                   name=person.name, email=person.email, subject=draft.subject, body=draft.body)
        return await self.ask_at(
            step, EmailStage.PREVIEW, memory.with_data(note=""), str(QuestionId.CONFIRM_SEND),
            text, buttons=((say("email.button_send", language), f"send email {draft.id}"),
                           (say("email.button_edit", language), "edit"),
                           (say("email.button_cancel", language), "cancel")),
            return_unknown=True,
        )

    async def _preview_reply(
        self, step: WaterfallStepContext, memory: TurnMemory, answer: ReplyAnswer
    ) -> DialogTurnResult:
        text = answer.text.strip()
        if answer.intent is ReplyIntent.CONFIRM:
            return await self._send_pressed(step, memory, str(memory.data["draft"]["id"]))
        if answer.intent is ReplyIntent.REJECT:
            await step.context.send_activity(say("email.discarded", self.language(step)))
            return await self.finish(step, FlowOutcome.CANCELLED)
        if is_edit_request(text):
            return await self.goto(step, EmailStage.EDIT, memory)
        if len(text.split()) >= _MIN_EDIT_WORDS:
            return await self._edit(step, memory, text)
        await step.context.send_activity(say("email.preview_reask", self.language(step)))
        return await self.goto(step, EmailStage.PREVIEW, memory)

    # -- edit -------------------------------------------------------------------------------

    def _edit_question(self, language: str = "en") -> str:
        if self._drafter.uses_ai:
            return say("email.edit_question_ai", language)
        return say("email.edit_question", language)

    async def _edit(
        self, step: WaterfallStepContext, memory: TurnMemory, text: str
    ) -> DialogTurnResult:
        draft = EmailDraft.from_dict(memory.data["draft"])
        if looks_like_instruction(text):
            if not self._drafter.uses_ai:
                await step.context.send_activity(
                    say("email.instruction_needs_ai", self.language(step))
                )
                return await self.goto(step, EmailStage.EDIT, memory)
            try:
                subject, body = await self._drafter.revise(draft.subject, draft.body, text)
            except BackendError:
                logger.warning("email edit: the LLM failed", exc_info=True)
                await step.context.send_activity(say("email.ai_edit_failed", self.language(step)))
                return await self.goto(step, EmailStage.EDIT, memory)
            draft = draft.with_text(subject, body, "ai")
        else:
            subject_or_none, body = split_subject(text)
            if not body:
                await step.context.send_activity(say("email.empty", self.language(step)))
                return await self.goto(step, EmailStage.EDIT, memory)
            draft = draft.with_text(subject_or_none or draft.subject, body, "edited")
        return await self.goto(step, EmailStage.PREVIEW, memory.with_data(draft=draft.to_dict()))

    # -- send -------------------------------------------------------------------------------

    async def _send_pressed(
        self, step: WaterfallStepContext, memory: TurnMemory, draft_id: str
    ) -> DialogTurnResult:
        """Send the open draft; a press from an older card is answered, and the open draft is
        shown again."""
        reply, outcome = await self._send(step, draft_id, memory)
        await step.context.send_activity(reply)
        if draft_id != memory.data["draft"]["id"]:
            return await self.goto(step, EmailStage.PREVIEW, memory)
        return await self.finish(step, outcome)

    async def _send(
        self, step: WaterfallStepContext, draft_id: str, memory: TurnMemory | None
    ) -> tuple[str, FlowOutcome]:
        """Send the draft once (the ledger replays a finished send); what to tell the user."""
        manager = EraTurn.of(step.context).person
        language = EraTurn.of(step.context).language
        draft_data = (memory.data.get("draft") or {}) if memory else {}

        async def send() -> dict[str, Any]:
            if draft_data.get("id") != draft_id:
                raise _DraftClosed(draft_id)
            draft = EmailDraft.from_dict(draft_data)
            person = await self.services.directory.get(draft.employee_id)
            if person is None:
                raise NotFoundError(ErrorCode.EMPLOYEE_GONE)
            sent = await self.services.mail.send(OutgoingEmail(
                request_id=draft.id, to=(person.email,), subject=draft.subject, body=draft.body,
                reply_to=manager.email,
            ))
            return {"message_id": sent.message_id, "name": person.name, "email": person.email}

        try:
            outcome = await self.services.ledger.run_once(LEDGER_KIND, draft_id, send)
        except _DraftClosed:
            return say("email.draft_closed", language), FlowOutcome.DONE
        except ActionInProgressError:
            return say("email.in_progress", language), FlowOutcome.DONE
        except (DeliveryUncertainError, ConflictError):
            logger.warning("email send %s: delivery uncertain", draft_id, exc_info=True)
            return say("email.delivery_uncertain", language), FlowOutcome.FAILED
        except BackendError:
            logger.warning("email send %s failed", draft_id, exc_info=True)
            return say("email.backend_failed", language), FlowOutcome.FAILED
        except (ValidationError, NotFoundError) as problem:
            return (say("email.refused", language, problem=error_text(problem, language)),
                    FlowOutcome.DONE)
        sent = outcome.result
        if outcome.replayed:
            return (say("email.already_sent", language, name=sent["name"],
                        message_id=sent["message_id"]), FlowOutcome.DONE)
        return (say("email.sent", language, name=sent["name"], email=sent["email"],
                    message_id=sent["message_id"]), FlowOutcome.DONE)


def _purpose(given: object, text: str) -> EmailPurpose:
    """The advisor's purpose when given, else what the request asks for."""
    if isinstance(given, str) and given in {str(purpose) for purpose in EmailPurpose}:
        return EmailPurpose(given)
    found = email_purpose(text)
    if found is ActionPurpose.FOLLOW_UP and not _FOLLOW_UP.search(fold_text(text)):
        return EmailPurpose.GENERAL
    return EmailPurpose(str(found))



def _is_bare_send(text: str, locale: str | None) -> bool:
    """ "send" / "ok send it" at the edit question: no change after all, send the draft."""
    if len(text.split()) > 3:
        return False
    reply = interpret_reply(text, str(QuestionId.CONFIRM_SEND), (), locale)
    return reply.intent is ReplyIntent.CONFIRM


def _without_bare_answers(situation: str, locale: str | None) -> str:
    """The advisor's situation without the manager's bare "yes" / "no" answers, which say
    nothing in an email."""
    sentences = re.split(r"(?<=[.!?])\s+|\s+/\s+", situation.strip())
    kept = [s for s in sentences if s and not (
        len(s.split()) <= 2 and interpret_reply(s, str(QuestionId.CONFIRM_ACTION), (), locale)
        .intent in (ReplyIntent.CONFIRM, ReplyIntent.REJECT))]
    return " ".join(s if s[-1] in ".!?" else f"{s}." for s in kept)
