"""A manager emails one of their employees: draft, preview, edit, send once.

Started by the advisor (with the employee's id, the situation and the purpose: a written
warning, a record of attempts to reach the employee, a follow-up) or directly ("email Bob about
his lateness", "draft a written warning for Bob Smith"). The recipient is the directory's
address of the person the manager named or chose (two Bobs: ERA asks which), never an address
from free text or from the LLM. With an LLM configured the draft is written by it, else it is
filled from the templates in prompts/email_templates/.

The preview card shows To, Subject and the body with Send / Edit / Cancel. Edit takes replacement
text ("Subject: ..." on the first line changes the subject too; "Subject: ..." alone changes only
the subject), the card's edit form (subject and body, read as that same text), or, with the LLM,
an instruction ("make it firmer"). Words about the draft never become its text
(language.email_preview_words): a remark on its length or tone is a change for the AI ("that
looks a bit long"), a wait keeps the draft, "who else gets this?" is answered, any other remark
is met with what the preview takes; at the preview, text becomes the body only when it reads
as an email ("Dear Bob, ...", several lines) or the manager says so ("use this: ..."). Another
recipient at the preview ("send it to Chen instead", "no, Chen not Alice") gets the manager's
subject and text, the greeting naming them ("Dear Alice," -> "Dear Chen,"), and the preview says
what changed; only an untouched draft is written again, in the new recipient's language. Send
goes through the action ledger keyed by the draft id,
which is also the mail service's request id: the Send button carries the draft id, so a second
press of it, even after the flow has ended, finds the first send and says it went out instead
of sending again (the mail system's message id is in the audit record, not in the reply).
Drafts live in turn memory (ten minutes).

When the advisor started it, ERA offered the email and the manager did not ask for it: at the
preview "not now", "no thanks", "later" or "I'll do it myself" discards it politely and says
how to ask for it later; a question about the advice or more about the situation ("what should
the warning say?", "he was rude again today") discards it for the advisor to answer; "call him
instead" has the advisor start the call (dialogs.flow_dialog). Nothing is sent without a Send.
"""

from __future__ import annotations

import functools
import logging
import re
import uuid
from dataclasses import dataclass, replace
from datetime import date, time, timedelta
from enum import StrEnum
from typing import Any
from zoneinfo import ZoneInfo

from botbuilder.core import TurnContext
from botbuilder.dialogs import DialogContext, DialogTurnResult, WaterfallStepContext

from core.action_purpose import ActionPurpose, email_purpose
from core.audit_record import AuditRecord
from core.email_draft import (
    REQUESTED_KINDS,
    EmailDraft,
    EmailPurpose,
    fill_placeholder,
    header_lines_left_out,
    labelled_body,
    regreeted,
    split_subject,
    unfilled_placeholders,
    with_paragraph,
)
from core.errors import (
    BackendError,
    ConflictError,
    EraError,
    ErrorCode,
    NotFoundError,
    PermissionDeniedError,
    ValidationError,
)
from core.free_text_question import FreeTextQuestion
from core.intent import Intent
from core.mail_service import DeliveryUncertainError
from core.name_matcher import find_names_in_text
from core.outgoing_email import OutgoingEmail
from core.person import Person, PersonRole
from core.question_id import QuestionId
from core.reply_interpreter import ReplyIntent, interpret_reply, negates
from core.situation_facts import SituationFacts
from core.text_fold import fold_text
from core.time_window import TimeWindow
from core.turn_memory import TurnMemory
from dialogs.employee_choice import (
    REDIRECT_WORDS,
    names_someone_else,
    people_labels,
    people_options,
    store_employees,
    tells_about,
)
from dialogs.era_turn import EraTurn
from dialogs.flow_dialog import (
    EMPLOYEE_HINT,
    KEPT_DRAFT,
    OFFERED,
    SITUATION_HINT,
    FlowOutcome,
    OfferExit,
)
from dialogs.flow_services import FlowServices
from dialogs.kept_draft import forget_handed_over_draft
from dialogs.last_question import advice_employee
from dialogs.rendering.outgoing_message import EMAIL_FORM_DATA, EmailForm
from dialogs.reply_prompt import ReplyAnswer, thanks_alone
from dialogs.staged_flow_dialog import StagedFlowDialog
from language.advice_topics import asks_if_it_continues
from language.catalogue import say
from language.catalogue_errors import error_text
from language.day_list import names_days_only
from language.email_addressees import addressee_part, after_topic, lists_several
from language.email_edit_words import (
    EditReading,
    added_sentence,
    asks_to_change_a_draft,
    edit_kind_answer,
    edit_reading,
    is_edit_request,
    looks_like_instruction,
    looks_like_unspaced_instruction,
    subject_change,
)
from language.email_preview_text import preview_args
from language.email_preview_words import (
    PreviewRemark,
    new_text,
    preview_remark,
    reads_as_email,
    says_also_to,
    says_copy_to,
    without_also_to,
    without_remarks,
)
from language.email_send_words import (
    mentions_sending,
    prefers_another_time,
    says_later,
    without_later_words,
    without_unchanged_words,
)
from language.formatting import format_list, format_long_day, language_name
from language.intent_rules import MatchKind, email_kind, language_of, names_everyone
from language.interrupts import Interrupt, InterruptKind, interrupt_words
from language.letter_language_request import asked_letter_language
from language.lexicon import interrupt_fragments, whole_words
from language.message_language import message_language
from language.option_reference import says_all, says_both
from language.phrase import Formatted, Phrase, Sayable
from language.reply_words import (
    BlankKind,
    answers_when,
    blank_kind,
    change_after_yes,
    conversation_words,
    fills_blank,
    opens_with_a_yes,
    yes_then_no,
)
from language.understanding import Understanding, understand
from services.email_drafter import SUBJECT_LABELS, EmailDrafter
from state.action_ledger import ActionInProgressError
from state.draft_owners import DraftOwners
from state.person_state import current_person_state

logger = logging.getLogger(__name__)

LEDGER_KIND = "email-send"
_SEND_PRESS = re.compile(r"send email (draft-[0-9a-f]{12})")
_FOLLOW_UP = re.compile(
    r"\b(?:follow(?:ing)?[- ]?up|suivi|seguimiento|nachfass\w*|riepilogo)\b|跟进|后续"
)
# "write a warning to Bob and remind him about punctuality" is no friendly reminder: a request
# that speaks of a warning or a reprimand keeps its own purpose (folded text).
_WARNS = re.compile(
    r"\b(?:warn\w*|reprimand\w*|avertis\w*|abmahn\w*|verwarn\w*|advert\w*|amonest\w*"
    r"|richiam\w*|ammoni\w*|waarschuw\w*|upomn\w*|nagan\w*)\b|警告|戒告"
)
_MIN_EDIT_WORDS = 3
# While a [placeholder] waits, "hmm" or "no wait" is met with what the blank takes.
_BLANK_ANSWERS = frozenset({PreviewRemark.REMARK, PreviewRemark.WAIT})
# What a remark on the draft's length or tone asks the AI for.
_REVISIONS = {
    PreviewRemark.SHORTER: "Make it shorter",
    PreviewRemark.FRIENDLIER: "Make it friendlier and warmer",
    PreviewRemark.FORMAL: "Make it more formal",
}
_SITUATION_CHARS = 600
# Turn memory: the subject and text ERA drafted, to tell the manager's changes from them; and
# the manager's subject and text carried to a new recipient ("send it to Chen instead").
_DRAFTED = "drafted"
_CARRIED = "carried"
# The draft whose owner is noted (see DraftOwners): a draft shown again leaves no second note.
_OWNER_NOTED = "owner_noted"
# The language the manager asked the letter in ("write it in English"), for this recipient.
_ASKED_LANGUAGE = "asked_letter_language"
# "ok go", "hmm", "SEND": a longer reply to "what is it about?" is a topic.
_NO_TOPIC_WORDS = 3
# A time this far ahead in "send it ..." is a send later ("send it now" names the present hour).
_LATER = timedelta(minutes=15)
# At the edit question, a wish to send later is short ("send it tomorrow morning").
_SEND_LATER_WORDS = 6
# The interpreter's confidence when every word of a reply has its place ("send it as it is").
_CLEAR_SEND = 0.95
# "?", "??", "¿?": a question mark alone at the preview asks what it accepts.
_BARE_QUESTION = re.compile(r"[?？¿\s]+")
_ASKS = re.compile(r"[?？¿]")
# Letters written without spaces, and the characters that tell a value is written in them.
_UNSPACED_LETTERS = frozenset({"ja", "zh"})
_UNSPACED_SCRIPT = re.compile(r"[\u3040-\u30ff\u3400-\u9fff]")


class SendOutcome(StrEnum):
    """What became of a Send: sent (now or before), kept for a retry, or neither."""

    SENT = "sent"
    KEPT = "kept"  # the mail system was unreachable: nothing went out, the draft stays
    OTHER = "other"


@dataclass(frozen=True)
class SendResult:
    """What to tell the manager after a Send, the flow's outcome, and what became of it."""

    text: str
    outcome: FlowOutcome
    sent: SendOutcome = SendOutcome.OTHER


@dataclass(frozen=True)
class Replacement:
    """One recipient of several (`replaced`, an id) replaced by the person named instead (`by`:
    their id, or the ids of the namesakes the name may be)."""

    replaced: str
    by: list[str]


# Turn memory: the others an email to several people goes to besides its `employee` (ids);
# while a shared name is asked about ("which Bob?"), those settled and the namesakes to ask.
_ALSO_TO = "also_to"
# Turn memory: those who get a copy (Cc) of the email (ids): shown on the preview's Cc line,
# never greeted in the letter.
_CC = "cc"
_GROUP_CHOSEN = "group_chosen"
_GROUP_PENDING = "group_pending"
# The start option of a request going on with every namesake "both" chose ("which Bob?").
_ALL_OFFERED = "all_offered"

# The preview's text boxes, kept aside while "the new text, or an instruction?" is asked.
_EDIT_FORM = "edit_form"


class EmailStage(StrEnum):
    """Where the email flow is."""

    EMPLOYEE = "employee"  # who the email is for
    TOPIC = "topic"  # what it is about (when neither the request nor the advisor said)
    DRAFT = "draft"  # write the draft (no question)
    PREVIEW = "preview"  # Send / Edit / Cancel
    EDIT = "edit"  # the replacement text or an instruction
    EDIT_KIND = "edit_kind"  # a reply that could be either: which is it?


class _DraftClosed(EraError):
    """The Send refers to a draft that is no longer open (and was never sent)."""


def _dated_day(window: TimeWindow) -> bool:
    """Whether the window is one whole day read from a date (a list of them is written out in
    a letter); a weekday beside a date ("Montag, 2. November") was read as another day."""
    return window.start.time() == time() and window.end - window.start == timedelta(days=1) \
        and any(c.isdigit() for c in window.text)


# Words or marks that join several dates ("le 2, le 4 et le 9", "11月16日、18日和19日"): such a
# value is never cut to the one date the time parser read first.
@functools.cache
def _several() -> re.Pattern[str]:
    return re.compile(
        r"[,、，;/&+]|" + whole_words(interrupt_fragments("list_joins")), re.IGNORECASE
    )


class EmailDialog(StagedFlowDialog):
    """Who, what about, draft, preview, edit, send once."""

    intent = Intent.EMAIL
    allowed_roles = frozenset({PersonRole.MANAGER})
    denied_text = "flow.email.denied"
    offer_left_text = "email.discarded"
    preview_questions = frozenset({str(FreeTextQuestion.EMAIL_EDIT),
                                   str(FreeTextQuestion.EMAIL_EDIT_KIND)})

    def __init__(self, *, services: FlowServices, drafter: EmailDrafter | None = None) -> None:
        super().__init__(services=services)
        self._drafter = drafter or EmailDrafter(llm=services.llm, shifts=services.shifts)

    async def on_continue_dialog(self, inner_dc: DialogContext) -> DialogTurnResult:
        """"both", "les deux", "beide", "両方" (or "all of them") at "which Bob?": the email
        goes to every namesake offered, with those already chosen; it is drafted and previewed
        as any email to several people."""
        text = (inner_dc.context.activity.text or "").strip()
        if text and self.current_question(inner_dc) == QuestionId.SELECT_EMPLOYEE:
            memory = (await self.load_memory(inner_dc.context)).memory
            if memory is not None and len(memory.options) > 1 and (
                    says_all(text) or (len(memory.options) == 2 and says_both(text))):
                await inner_dc.cancel_all_dialogs()
                return await inner_dc.begin_dialog(self.initial_dialog_id, {_ALL_OFFERED: {
                    "memory": memory.to_dict(),
                    "people": [option.value for option in memory.options]}})
        return await super().on_continue_dialog(inner_dc)

    # -- stages ----------------------------------------------------------------------------

    async def start(self, step: WaterfallStepContext, options: dict[str, Any]) -> DialogTurnResult:
        """From the advisor's context or the manager's request; a stale Send press is
        answered from the ledger."""
        kept = options.get(KEPT_DRAFT)
        if isinstance(kept, dict):
            return await self._reopen(step, kept)
        every = options.get(_ALL_OFFERED)
        if isinstance(every, dict):
            return await self._with_all_offered(step, every)
        text = str(options.get("text") or "").strip()
        pressed = _SEND_PRESS.fullmatch(text.casefold())
        if pressed:
            result = await self._send(step, pressed.group(1), None)
            await step.context.send_activity(result.text)
            return await self.finish(step, result.outcome)
        raw_context = options.get("context")
        context: dict[str, Any] = raw_context if isinstance(raw_context, dict) else {}
        request = str(context.get("situation") or text) if context else text
        if not context and not options.get(EMPLOYEE_HINT) and options.get(SITUATION_HINT):
            # "email him" after advice about "bob" when two people are called Bob: the names
            # of the situation told are the ones to choose from.
            request = f"{text}\n{options[SITUATION_HINT]}"
        turn = EraTurn.of(step.context)
        locale = turn.locale
        slots = turn.understood(text).slots
        # The situation the advisor was told, when the email is for the employee it was about.
        told = str(context.get("situation") or options.get(SITUATION_HINT) or "")
        situation = _without_bare_answers(told, locale) or slots.get("topic", "")
        raw_facts = context.get("facts")
        facts = (SituationFacts.from_dict(raw_facts) if isinstance(raw_facts, dict)
                 else SituationFacts().with_message(situation))
        memory = (await self.new_memory(step.context)).with_data(
            purpose=str(_purpose(context.get("purpose"), text, slots.get("email_kind"))),
            situation=situation[-_SITUATION_CHARS:], facts=facts.to_dict(),
            request_topic="" if context else situation,
            request_language=turn.understood(text).language or turn.language,
            draft_id="draft-" + uuid.uuid4().hex[:12], **{OFFERED: bool(context)},
        )
        employee_id = context.get("employee_id") or options.get(EMPLOYEE_HINT) or None
        # A name the request gives ("email John Doe about ...") is said back when not found.
        named = "" if context else slots.get("person", "")
        # "email all staff", "un mail à toute l'équipe": ERA emails one person at a time.
        group = not context and bool(slots.get("everyone"))
        return await self._choose(step, memory, employee_id=employee_id, request=request,
                                  named=named, group=group)

    async def _reopen(self, step: WaterfallStepContext, kept: dict[str, Any]) -> DialogTurnResult:
        """The draft handed to HR unsent, previewed again as it stood: nothing is sent
        without a new yes, and it can be edited or dropped as any draft."""
        forget_handed_over_draft()
        try:
            old = TurnMemory.from_dict(kept)
        except (KeyError, TypeError, ValueError):
            return await self.end_expired(step)
        memory = (await self.new_memory(step.context)).with_entities(**old.entities).with_data(
            **{key: value for key, value in old.data.items() if key != EMAIL_FORM_DATA})
        return await self.goto(step, EmailStage.PREVIEW, memory)

    async def _with_all_offered(
        self, step: WaterfallStepContext, every: dict[str, Any]
    ) -> DialogTurnResult:
        """The request as it stood at "which Bob?", going on with every Bob offered."""
        try:
            old = TurnMemory.from_dict(every["memory"])
        except (KeyError, TypeError, ValueError):
            return await self.end_expired(step)
        memory = (await self.new_memory(step.context)).with_entities(**old.entities).with_data(
            **old.data)
        return await self._choose(step, memory,
                                  employee_ids=[str(one) for one in every.get("people") or ()])

    async def enter(
        self, step: WaterfallStepContext, stage: str, memory: TurnMemory
    ) -> DialogTurnResult:
        """Ask the stage's question, or draft."""
        if stage == EmailStage.TOPIC:
            return await self.ask_at(
                step, stage, memory, str(FreeTextQuestion.FREE_TEXT),
                await self._topic_question(step, memory), free_text=True,
            )
        if stage == EmailStage.DRAFT:
            return await self._draft(step, memory)
        if stage == EmailStage.PREVIEW:
            return await self._preview(step, memory)
        if stage == EmailStage.EDIT:
            return await self.ask_at(
                step, stage, memory, str(FreeTextQuestion.EMAIL_EDIT),
                self._edit_question(),
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
            if await self._edits_no_draft(step, text):
                # "make it shorter", "krócej" before anything is drafted: no name, no cancel.
                await step.context.send_activity(say("email.no_draft_yet", self.language(step)))
                if memory.options:
                    return await self.reask_options(step, stage, memory)
                return await self._choose(step, memory)
            if answer.intent is ReplyIntent.REJECT or self.is_plain_no(text, step):
                await step.context.send_activity(say("email.kept", self.language(step)))
                return await self.finish(step, FlowOutcome.CANCELLED)
            if self.offered(memory) and not await self.names_anyone(step, text):
                # At "which Bob?" of the email ERA offered: a question is for the advisor,
                # anything else unclear gets the same question, its options kept.
                if self.says_something(text) and not self.goes_ahead(answer, step):
                    return await self.leave_offer(
                        step, OfferExit.FOR_ADVISOR, say("email.kept", self.language(step)), text)
                if memory.options:
                    return await self.reask_options(step, stage, memory)
            return await self._choose(step, memory, answer=text, group=names_everyone(text))
        if stage == EmailStage.TOPIC:
            corrected = await self._corrects_recipient(step, memory, text)
            if isinstance(corrected, Replacement):
                return await self._readdress(step, memory, "", corrected)
            if corrected is not None:
                # "no, Chen not Alice" is never the topic of Alice's email ("I would like to
                # talk with you about no, chen not alice"): the email is for Chen.
                return await self._choose(step, memory, request=corrected)
            if await self._redirects(step, memory, text):
                # "send it to Chen instead", "mandala a Chen invece": the recipient changes,
                # and the topic is still to be asked.
                return await self._choose(step, memory, request=text)
            if self.is_plain_no(text, step):
                await step.context.send_activity(say("email.kept", self.language(step)))
                return await self.finish(step, FlowOutcome.CANCELLED)
            if await self._edits_no_draft(step, text):
                # "make it shorter" before there is a draft is no topic ("I would like to talk
                # with you about make it shorter").
                return await self.ask_at(
                    step, stage, memory, str(FreeTextQuestion.FREE_TEXT),
                    Phrase.of("email.no_draft_yet").then(
                        await self._topic_question(step, memory)),
                    free_text=True,
                )
            if _no_topic(text, EraTurn.of(step.context).locale) \
                    or self._remark_in(step, text) is PreviewRemark.WAIT:
                # "send", "ok go", "hmm", "👍", "wait, I need to check with HR first": no
                # subject for a letter; the question again.
                return await self.ask_at(
                    step, stage, memory, str(FreeTextQuestion.FREE_TEXT),
                    Phrase.of("prompt.free_text_reask",
                              question=await self._topic_question(step, memory)),
                    free_text=True,
                )
            facts = SituationFacts.from_dict(memory.data.get("facts")).with_message(text)
            return await self.goto(
                step, EmailStage.DRAFT,
                memory.with_data(situation=text, facts=facts.to_dict(),
                                 **_topic_answer(memory, text, EraTurn.of(step.context))),
            )
        pressed = _SEND_PRESS.fullmatch(text.casefold())
        if pressed:
            return await self._send_pressed(step, memory, pressed.group(1))
        if stage == EmailStage.PREVIEW:
            return await self._preview_reply(step, memory, answer)
        if stage == EmailStage.EDIT:
            # Before the no: "算了，就这样发吧" (never mind, send it like this) reads as one.
            sends = _sends_as_it_is(text, EraTurn.of(step.context).locale)
            if not sends and self.is_plain_no(text, step):
                return await self.goto(step, EmailStage.PREVIEW, memory.with_data(edit_field=None))
            if memory.data.get("edit_field") == "subject" and "\n" not in text:
                # The answer to "What should the new subject be?" is the subject as typed.
                return await self._change_subject(
                    step, memory.with_data(edit_field=None), subject_change(text) or text)
            if sends or _is_bare_send(text, EraTurn.of(step.context).locale):
                return await self._send_pressed(step, memory, str(memory.data["draft"]["id"]))
            if _only_a_yes(text, EraTurn.of(step.context).locale):
                # "perfect thanks ok": the draft will do as it is. It is neither sent (no send
                # was said) nor made the email's text.
                return await self._keep_preview(step, memory, Phrase.of("email.kept_waiting"))
            if ("\n" not in text and len(text.split()) <= _SEND_LATER_WORDS
                    and await self._sends_later(step, text)):
                # "send it tomorrow morning" for the new text; a sentence with "send" and a day
                # in it ("Please send me your availability for tomorrow") is the text.
                return await self._keep_preview(
                    step, memory, Phrase.of("email.cannot_schedule"))
            given = new_text(text)
            if given is not None:
                return await self._edit(step, memory, given, as_text=True)
            remark = self._remark_in(step, text)
            if remark is not None:
                # Asked for the new text, the manager remarks on the draft: not the text.
                return await self._remark(step, memory, remark, text)
            reading = edit_reading(text)
            if reading is EditReading.UNSURE:
                # "also mention the Friday meeting", "can you come in early on Friday?": the
                # new text or a change to make? ERA asks, and keeps the words until told.
                return await self._ask_edit_kind(step, memory.with_data(edit_pending=text))
            return await self._edit(step, memory, text,
                                    instruction=reading is EditReading.INSTRUCTION)
        if stage == EmailStage.EDIT_KIND:
            return await self._edit_kind_reply(step, memory, text)
        raise ValueError(f"unknown email stage {stage}")

    async def _ask_edit_kind(
        self, step: WaterfallStepContext, memory: TurnMemory, *, again: bool = False
    ) -> DialogTurnResult:
        """"Is this the new text of the email, or an instruction for me?", with a button for
        each (their words are typed answers too); `again`: first what it takes."""
        question = Phrase.of("email.edit_kind_question")
        if memory.data.get(EMAIL_FORM_DATA):
            # The text boxes are not shown with this question; they come back with the answer.
            memory = memory.with_data(**{_EDIT_FORM: memory.data[EMAIL_FORM_DATA],
                                         EMAIL_FORM_DATA: None})
        return await self.ask_at(
            step, EmailStage.EDIT_KIND, memory, str(FreeTextQuestion.EMAIL_EDIT_KIND),
            Phrase.of("email.edit_kind_reask").then(question) if again else question,
            buttons=tuple((Phrase.of(key), say(key, self.language(step))) for key in (
                "email.edit_kind_button_text", "email.edit_kind_button_instruction")),
            free_text=True,
        )

    async def _edit_kind_reply(
        self, step: WaterfallStepContext, memory: TurnMemory, text: str
    ) -> DialogTurnResult:
        """The answer to "the new text, or an instruction?": the kept words are used as said;
        a no leaves the draft as it was; anything else asks again, saying what it takes."""
        pending = str(memory.data.get("edit_pending") or "")
        memory_after = memory.with_data(edit_pending=None, **{
            _EDIT_FORM: None, EMAIL_FORM_DATA: memory.data.get(_EDIT_FORM)})
        if not pending:
            return await self.goto(step, EmailStage.PREVIEW, memory_after)
        kind = edit_kind_answer(text)
        if kind is EditReading.TEXT:
            return await self._edit(step, memory_after, pending, as_text=True)
        if kind is EditReading.INSTRUCTION:
            return await self._edit(step, memory_after, pending, instruction=True)
        if self.is_plain_no(text, step):
            return await self.goto(step, EmailStage.PREVIEW, memory_after)
        if reads_as_email(text) or edit_reading(text) is EditReading.INSTRUCTION:
            # Instead of answering, the manager types a letter ("Hi Bob, ...") or a plain
            # instruction ("add the date"): that is what they want now.
            return await self._edit(step, memory_after, text,
                                    as_text=reads_as_email(text))
        return await self._ask_edit_kind(step, memory, again=True)

    async def help_text(self, inner_dc: DialogContext) -> str:
        """At the preview: what it accepts, without the whole draft again."""
        if self.current_question(inner_dc) != QuestionId.CONFIRM_SEND:
            return await super().help_text(inner_dc)
        lookup = await self.load_memory(inner_dc.context)
        if lookup.memory is None or not isinstance(lookup.memory.data.get("draft"), dict):
            return await super().help_text(inner_dc)
        language = EraTurn.of(inner_dc.context).language
        now = await self.say(inner_dc.context, "now")
        return f"{now} {self._preview_help(lookup.memory, language)}"

    def starts_anew(self, understood: Understanding, question: str | None) -> bool:
        """At the preview, a whole email request with what it is about ("send alice an email
        about her great work", "schreib Alice eine Mail wegen ihrer guten Arbeit") is a new
        email, drafted for its own Send; the draft waiting is left unsent (it was read as an
        instruction to change the draft). A yes that names the email ("ok send the email
        about the rota", "oui, envoie le mail sur son retard") is about the one waiting: a yes
        read as at any yes-or-no question, where "send" is no yes of its own."""
        if question != QuestionId.CONFIRM_SEND or understood.intent is not Intent.EMAIL:
            return False
        if opens_with_a_yes(understood.text, str(QuestionId.CONFIRM_ACTION), understood.language):
            return False
        return (understood.match.kind is MatchKind.COMMAND
                and ("topic" in understood.slots or "email_kind" in understood.slots))

    async def starts_anew_in(
        self, inner_dc: DialogContext, understood: Understanding, question: str | None
    ) -> bool:
        """Also a request to email someone else with no topic ("send alice an email", "écris
        à alice") at Bob's preview: Alice's own email, Bob's draft left unsent (it was read
        as an instruction to change Bob's draft). "email alice too" adds her to this one, and
        a request naming Bob himself is about his draft."""
        if self.starts_anew(understood, question):
            lookup = await self.load_memory(inner_dc.context)
            # "send the email about the rota" while the rota's draft waits: that draft.
            return lookup.memory is None or not await self._names_the_waiting_draft(
                inner_dc.context, lookup.memory, understood.text)
        if question not in (QuestionId.CONFIRM_SEND, FreeTextQuestion.EMAIL_EDIT) \
                or understood.intent is not Intent.EMAIL \
                or understood.match.kind is not MatchKind.COMMAND \
                or says_also_to(understood.text) \
                or opens_with_a_yes(understood.text, str(QuestionId.CONFIRM_ACTION),
                                    understood.language):
            return False
        lookup = await self.load_memory(inner_dc.context)
        if lookup.memory is None:
            return False
        turn = EraTurn.of(inner_dc.context)
        people = await store_employees(self.services.directory, turn.person)
        named = find_names_in_text(understood.text, people, language=turn.language)
        return bool(named) and all(
            person.id != lookup.memory.entities.get("employee") for person in named)

    def answers_not_interrupts(
        self, text: str, question: str | None, interrupt: Interrupt
    ) -> bool:
        """At the preview, "peraí, preciso falar com o RH" or "hold on, I need to check with HR"
        is a wait before sending (the draft is kept), not a hand-over; a request to be passed
        on ("pass this to HR", "wait, transfer me to a person") still hands over. "ajoute que
        le planning commence lundi" at the preview or the edit question adds that sentence to
        the email (whatever its words would ask on their own: no shift is assigned)."""
        if question in (str(QuestionId.CONFIRM_SEND), str(FreeTextQuestion.EMAIL_EDIT)) \
                and added_sentence(text) is not None:
            return True
        return (interrupt.kind is InterruptKind.TRANSFER
                and question == str(QuestionId.CONFIRM_SEND)
                and preview_remark(text) is PreviewRemark.WAIT
                and understand(text).match.kind is not MatchKind.COMMAND)

    def reprompts_after_help(self, question: str | None) -> bool:
        """The preview's draft is not shown again after help: it stays as it was."""
        return question != QuestionId.CONFIRM_SEND

    def _preview_help(self, memory: TurnMemory, language: str) -> str:
        """What the preview accepts: the blank's value while one waits, else send, a change,
        another recipient or cancel."""
        return self.accepted_now(str(QuestionId.CONFIRM_SEND), memory, language) or say(
            "email.preview_help", language)

    def accepted_now(self, question: str, memory: TurnMemory, language: str) -> str | None:
        """While a [placeholder] waits, the preview takes its value (not a yes or no)."""
        draft = memory.data.get("draft")
        if question != QuestionId.CONFIRM_SEND or not isinstance(draft, dict):
            return None
        missing = _placeholders(EmailDraft.from_dict(draft))
        if not missing:
            return None
        return say("email.fill_help", language, placeholder=missing[0],
                   accepted=say(f"email.fill_accepts.{blank_kind(missing[0])}", language))

    # -- who --------------------------------------------------------------------------------

    async def _choose(
        self,
        step: WaterfallStepContext,
        memory: TurnMemory,
        *,
        employee_id: str | None = None,
        employee_ids: list[str] | None = None,
        request: str = "",
        answer: str | None = None,
        named: str = "",
        group: bool = False,
    ) -> DialogTurnResult:
        grouped = await self._choose_several(step, memory, employee_id=employee_id,
                                             request=request if answer is None else "",
                                             everyone=group, employee_ids=employee_ids)
        if grouped is not None:
            return grouped
        if request and answer is None and not memory.data.get(OFFERED):
            # "email alice about bob's late arrivals": Alice, the one said where the addressee
            # is; Bob is what it is about. A request naming no one there ("email him" after
            # advice) is still settled from all it says.
            addressees = addressee_part(request)
            if await self.names_anyone(step, addressees):
                request = addressees
        person = await self.settle_employee(
            step, EmailStage.EMPLOYEE, memory, what="email",
            nothing_done="email.nothing_drafted", employee_id=employee_id, request=request,
            answer=answer, named=named, group=group,
        )
        if not isinstance(person, Person):
            return person
        return await self._chosen(step, memory.with_data(**{_ALSO_TO: None}), person)

    async def _choose_several(
        self, step: WaterfallStepContext, memory: TurnMemory, *, employee_id: str | None,
        request: str, everyone: bool = False, employee_ids: list[str] | None = None,
    ) -> DialogTurnResult | None:
        """A request naming several of the manager's people ("email alice and bob jones about
        the new rota", "écris à alice et chen") or `everyone` ("send the whole team an
        email"): one email to them all, each asked about in turn where a name is shared
        ("which Bob?"); None when the request names one person (or `employee_id` answers no
        such question). `employee_ids`: every namesake asked about ("both")."""
        chosen = [str(one) for one in memory.data.get(_GROUP_CHOSEN) or ()]
        pending = [[str(one) for one in ids] for ids in memory.data.get(_GROUP_PENDING) or ()]
        turn = EraTurn.of(step.context)
        if employee_ids:
            chosen = [*chosen, *(one for one in employee_ids if one not in chosen)]
            pending = pending[1:] if pending and set(employee_ids) <= set(pending[0]) else []
        elif employee_id and pending and employee_id in pending[0]:
            chosen, pending = [*chosen, employee_id], pending[1:]
        elif employee_id:
            return None
        elif everyone:
            people = await store_employees(self.services.directory, turn.person)
            chosen, pending = [person.id for person in people], []
            if not chosen:
                return None
        elif not request or memory.data.get(OFFERED):
            return None
        else:
            # Only people listed together where the email's addressees are said: "email chen
            # that luca is his new mentor" is for Chen alone, and the situation told before
            # ("bob was rude to alice") names no recipient.
            addressees = addressee_part(request)
            people = await store_employees(self.services.directory, turn.person)
            if not lists_several(addressees) and not find_names_in_text(
                    addressees, people, language=turn.language):
                # "ローテーションについてアリスとチェンにメールして": the topic first, then whom.
                addressees = after_topic(request)
            if not lists_several(addressees):
                return None
            by_name: dict[str, list[str]] = {}
            for person in find_names_in_text(addressees, people, language=turn.language):
                by_name.setdefault(person.first_name.casefold(), []).append(person.id)
            if len(by_name) < 2:
                return None
            chosen = [ids[0] for ids in by_name.values() if len(ids) == 1]
            pending = [ids for ids in by_name.values() if len(ids) > 1]
        return await self._settle_group(step, memory, chosen, pending)

    async def _settle_group(
        self, step: WaterfallStepContext, memory: TurnMemory, chosen: list[str],
        pending: list[list[str]],
    ) -> DialogTurnResult:
        """One email to the `chosen` (ids), once each group of namesakes `pending` is asked
        about ("which Bob?")."""
        turn = EraTurn.of(step.context)
        memory = memory.with_data(**{_GROUP_CHOSEN: chosen, _GROUP_PENDING: pending})
        if pending:
            namesakes = [person for person in await self.services.directory.list_people(
                role=PersonRole.EMPLOYEE) if person.id in pending[0]]
            return await self.ask_at(
                step, EmailStage.EMPLOYEE, memory, str(QuestionId.SELECT_EMPLOYEE),
                Phrase.of("employee.which_same_name.email", count=len(namesakes),
                          query=namesakes[0].first_name),
                options=people_options(namesakes, turn.language),
                labels=people_labels(namesakes))
        first = await self.services.directory.get(chosen[0])
        if first is None:
            return await self.end_expired(step)
        return await self._chosen(step, memory.with_data(**{
            _ALSO_TO: chosen[1:], _GROUP_CHOSEN: None, _GROUP_PENDING: None}), first)

    async def _chosen(
        self, step: WaterfallStepContext, memory: TurnMemory, person: Person
    ) -> DialogTurnResult:
        """The email is for `person` (and those in the memory's `_ALSO_TO`): its topic is
        asked, or it is drafted."""
        memory = memory.with_entities(employee=person.id)
        if not memory.data.get("situation") and not memory.data.get(OFFERED):
            memory = self._advised_situation(step, memory, person)
        # A thank-you needs no topic: "to thank her" says what the email is for.
        drafts = memory.data.get("situation") or memory.data.get("purpose") == EmailPurpose.THANKS
        next_stage = EmailStage.DRAFT if drafts else EmailStage.TOPIC
        return await self.goto(step, next_stage, memory)

    @staticmethod
    def _advised_situation(
        step: WaterfallStepContext, memory: TurnMemory, person: Person
    ) -> TurnMemory:
        """A request that names its recipient and no topic ("draft a warning email to Bob
        Smith") just after advice about that person: the situation told the advisor ("Bob
        Smith was late three times this week") is the email's topic, as for "send him a
        written warning"; the preview shows it, to send or edit. Anyone else: unchanged."""
        turn = EraTurn.of(step.context)
        advised = advice_employee(turn.now)
        if advised is None or advised[0] != person.id:
            return memory
        situation = _without_bare_answers(advised[1], turn.locale)
        if not situation:
            return memory
        return memory.with_data(
            situation=situation[-_SITUATION_CHARS:],
            facts=SituationFacts().with_message(situation).to_dict(), request_topic=situation)

    async def _topic_question(self, step: WaterfallStepContext, memory: TurnMemory) -> Phrase:
        person = await self._recipient(memory)
        if person is None:
            return Phrase.of("email.ask_topic_unnamed")
        everyone = await self._recipients(memory, person)
        if len(everyone) > 1:
            # "What should the email to Alice, Bob and Chen be about?": not Alice's alone.
            return Phrase.of("email.ask_topic", name=_greeting_names(
                everyone, self.language(step))[1])
        # "no wait, make it to Bob Jones": with two Bobs, "the email to Bob" hid who it goes to.
        team = await store_employees(self.services.directory, EraTurn.of(step.context).person)
        namesake = any(other.id != person.id and other.first_name == person.first_name
                       for other in team)
        return Phrase.of("email.ask_topic", name=person.name if namesake else person.first_name)

    async def _edits_no_draft(self, step: WaterfallStepContext, text: str) -> bool:
        """Whether a reply before any draft asks to change one ("make it shorter", "krócej",
        "edit") and names none of the manager's people."""
        turn = EraTurn.of(step.context)
        return (asks_to_change_a_draft(text, turn.locale, turn.language)
                and not await self.names_anyone(step, text))

    async def _recipient(self, memory: TurnMemory) -> Person | None:
        employee_id = memory.entities.get("employee")
        return await self.services.directory.get(employee_id) if employee_id else None

    async def _recipients(
        self, memory: TurnMemory, first: Person | None = None
    ) -> list[Person]:
        """Everyone the email goes to: its recipient (`first`, when the caller has already
        looked them up), then the others named with them."""
        ids = [*(() if first else (memory.entities.get("employee"),)),
               *(memory.data.get(_ALSO_TO) or ())]
        found = [first, *[await self.services.directory.get(str(one)) for one in ids if one]]
        return [person for person in found if person is not None]

    # -- draft and preview ------------------------------------------------------------------

    async def _draft(self, step: WaterfallStepContext, memory: TurnMemory) -> DialogTurnResult:
        turn = EraTurn.of(step.context)
        person = await self._recipient(memory)
        if person is None:
            return await self.end_expired(step)
        carried = memory.data.get(_CARRIED)
        if isinstance(carried, dict):
            return await self._carry(step, memory, person, carried)
        store = await self.services.directory.get_store(turn.person.store_id)
        situation = SituationFacts.from_dict(memory.data.get("facts"))
        purpose = EmailPurpose(memory.data["purpose"])
        everyone = await self._recipients(memory, person)
        prepared = await self._drafter.prepare(
            purpose, employee=person, manager=turn.person,
            store_name=store.name if store else "the store",
            tz=ZoneInfo(store.timezone if store else "UTC"), facts=situation, now=turn.now,
            request_topic=str(memory.data.get("request_topic") or ""),
            request_language=memory.data.get("request_language") or None,
            letter_language=memory.data.get(_ASKED_LANGUAGE) or None,
            readers=tuple(everyone),
        )
        facts = prepared.facts
        note = prepared.note(turn.language)
        note = f"{note}\n\n" if note else ""
        source = "template"
        subject, body = self._drafter.from_template(purpose, facts)
        if self._drafter.uses_ai:
            try:
                subject, body = await self._drafter.with_ai(purpose, facts, situation)
                source = "ai"
            except BackendError:
                logger.warning("email draft: the LLM failed; using the template", exc_info=True)
                note += say("email.ai_failed_note", turn.language) + "\n\n"
        if len(everyone) > 1:
            # One letter to them all greets them all: "Dear Alice and Bob,".
            greeting = regreeted(body, (person.name, person.first_name),
                                 _greeting_names(everyone, facts.language))
            body = greeting.body if greeting is not None else body
        draft = EmailDraft(str(memory.data["draft_id"]), person.id, purpose, subject, body, source)
        return await self.goto(
            step, EmailStage.PREVIEW,
            memory.with_data(draft=draft.to_dict(), note=note, letter_language=facts.language,
                             **{_DRAFTED: {"subject": subject, "body": body}}),
        )

    async def _carry(
        self, step: WaterfallStepContext, memory: TurnMemory, person: Person,
        carried: dict[str, Any],
    ) -> DialogTurnResult:
        """The manager's subject and text, readdressed to `person`: the greeting names them
        where it named the previous recipient, and the preview says what changed."""
        language = self.language(step)
        previous = await self.services.directory.get(str(carried.get("from") or ""))
        body = str(carried.get("body") or "")
        greeting = None
        greeted = carried.get("greeted")
        everyone = await self._recipients(memory, person)
        # An email to several greets them all ("Dear Alice and Chen,").
        names = (_greeting_names(everyone, str(memory.data.get("letter_language") or language))
                 if len(everyone) > 1 else (person.name, person.first_name))
        if isinstance(greeted, list) and len(greeted) == 2:
            greeting = regreeted(body, (str(greeted[0]), str(greeted[1])), names)
        elif previous is not None and previous.id != person.id:
            greeting = regreeted(body, (previous.name, previous.first_name),
                                 (person.name, person.first_name))
        if greeting is not None:
            body = greeting.body
            note = say("email.kept_for_new_recipient_greeting", language, name=names[1],
                       before=greeting.before, after=greeting.after)
        else:
            note = say("email.kept_for_new_recipient", language, name=names[1])
        if previous is not None and previous.id != person.id and re.search(
                rf"(?<!\w){re.escape(previous.first_name)}(?!\w)", body, re.IGNORECASE):
            note += " " + say("email.old_name_left", language, old=previous.first_name,
                              name=person.first_name)
        draft = EmailDraft(str(memory.data["draft_id"]), person.id,
                           EmailPurpose(memory.data["purpose"]), str(carried.get("subject") or ""),
                           body, "edited")
        return await self.goto(
            step, EmailStage.PREVIEW,
            memory.with_data(draft=draft.to_dict(), note=f"{note}\n\n",
                             **{_CARRIED: None, _DRAFTED: None}),
        )

    async def _preview(self, step: WaterfallStepContext, memory: TurnMemory) -> DialogTurnResult:
        draft = EmailDraft.from_dict(memory.data["draft"])
        person = await self._recipient(memory)
        if person is None:
            return await self.end_expired(step)
        language = self.language(step)
        made = (f"email.made.{draft.source}.{draft.purpose}"
                if draft.source in ("template", "ai") else "email.made.edited")
        # ERA's words around the draft are said again in the language of a later reply; the
        # draft itself stays the letter as written. The note is said this once, before it.
        name, email = _addressed_to(await self._recipients(memory, person))
        copies = [f"{one.name} ({one.email})" for one in await self._copies(memory)]
        text = Formatted("email_preview", preview_args(
            made, name, email, draft.subject, draft.body, _placeholders(draft),
            str(memory.data.get("letter_language") or ""), self._drafter.uses_ai, copies))
        form = EmailForm(draft.subject, draft.body).to_data()
        memory, buttons = self._noted_buttons(step, memory, draft)
        return await self.ask_at(
            step, EmailStage.PREVIEW,
            memory.with_data(note="", asked_in=language, **{EMAIL_FORM_DATA: form}),
            str(QuestionId.CONFIRM_SEND), text, buttons=buttons,
            return_unknown=True, preface=str(memory.data.get("note", "")),
        )

    async def _keep_preview(
        self, step: WaterfallStepContext, memory: TurnMemory, text: str | Sayable
    ) -> DialogTurnResult:
        """Say `text` with the preview's buttons, and wait at the preview with the draft as it
        is (the draft itself is not shown again)."""
        draft = EmailDraft.from_dict(memory.data["draft"])
        memory, buttons = self._noted_buttons(step, memory, draft)
        return await self.ask_at(
            step, EmailStage.PREVIEW, memory, str(QuestionId.CONFIRM_SEND), text,
            buttons=buttons, return_unknown=True,
        )

    @staticmethod
    def _noted_buttons(
        step: WaterfallStepContext, memory: TurnMemory, draft: EmailDraft
    ) -> tuple[TurnMemory, tuple[tuple[Phrase, str], ...]]:
        """The preview's buttons; the first Send button shown for a draft leaves a note of
        whose draft it sends, for a colleague who presses it in a shared conversation (once
        per draft: the memory says it was left)."""
        buttons = _preview_buttons(draft)
        state = current_person_state()
        if (state is not None and buttons[0][1] == f"send email {draft.id}"
                and memory.data.get(_OWNER_NOTED) != draft.id):
            DraftOwners.note_with_turn(state, draft.id, EraTurn.of(step.context).person.id)
            memory = memory.with_data(**{_OWNER_NOTED: draft.id})
        return memory, buttons

    async def _preview_reply(
        self, step: WaterfallStepContext, memory: TurnMemory, answer: ReplyAnswer
    ) -> DialogTurnResult:
        text = answer.text.strip()
        if thanks_alone(EraTurn.of(step.context), text):
            # "thanks", "merci", "danke" at the preview: nothing sent, filled in or dropped;
            # a blank still waiting is said again with what it takes.
            language = self.language(step)
            blanks = _placeholders(EmailDraft.from_dict(memory.data["draft"]))
            await step.context.send_activity(" ".join(filter(None, (
                say("prompt.thanks", language),
                blanks and say("email.fill_help", language, placeholder=blanks[0],
                               accepted=say(f"email.fill_accepts.{blank_kind(blanks[0])}",
                                            language))))))
            return await self.goto(step, EmailStage.PREVIEW, memory)
        if self.offered(memory):
            left = await self._offer_reply(step, memory, answer)
            if left is not None:
                return left
        locale = EraTurn.of(step.context).locale
        missing = _placeholders(EmailDraft.from_dict(memory.data["draft"]))
        labelled = labelled_body(text)
        replacement = ("\n" in text or split_subject(text, SUBJECT_LABELS)[0] is not None
                       or labelled is not None)
        in_body = unfilled_placeholders(EmailDraft.from_dict(memory.data["draft"]).body)
        named = None if replacement or missing \
            else await self._send_naming_the_draft(step, memory, text)
        if named is not None:
            # "ok send the email about the rota" while the rota's draft waits: sent once. An
            # email about something else ("... about the party") is asked again.
            return named
        if labelled is not None and "\n" not in text and in_body:
            # "Text: Bitte sei pünktlich." while the template waits for its topic: the text
            # fills the blank, without the label.
            return await self._fill(step, memory, in_body[0], labelled)
        asked = None if replacement else asked_letter_language(text, self._drafter.languages)
        if asked is not None:
            # "write it in English", "en français plutôt": never a send, a blank's value or
            # the new text.
            return await self._rewrite_in(step, memory, asked)
        corrected = None if replacement else await self._corrects_recipient(step, memory, text)
        if isinstance(corrected, Replacement):
            return await self._readdress(step, memory, "", corrected)
        if corrected is not None:
            # "no, Chen not Alice": never a new text for Alice, the email is for Chen.
            return await self._readdress(step, memory, corrected)
        people = None if replacement else await store_employees(
            self.services.directory, EraTurn.of(step.context).person)
        also = None if people is None else await self._also_to(step, memory, text, people)
        if also and says_copy_to(text):
            # "cc bob", "copy sophie in", "mets chen en copie": a copy, previewed again; the
            # letter still greets only those it is written to.
            return await self._add_copies(step, memory, also)
        if also:
            # "send it to bob and alice", "yes, and cc alice": Alice is added, and the email
            # waits for a yes to them both (it is neither sent to Bob alone nor drafted again
            # for Alice alone).
            return await self._add_recipients(step, memory, also)
        if not replacement and await self._names_someone_else(step, memory, text, people) \
                and not looks_like_instruction(without_also_to(text)) \
                and not await self._asks_about_someone(step, text):
            # "send it to Bob instead" reads as a yes: it must never send this draft.
            return await self._readdress(step, memory, text)
        if not replacement and answer.intent is not ReplyIntent.REJECT \
                and yes_then_no(text, str(QuestionId.CONFIRM_SEND), locale):
            # "yes, no wait", "sí por favor no lo hagas": neither sent nor made the new text.
            await step.context.send_activity(say("email.preview_reask", self.language(step)))
            return await self.goto(step, EmailStage.PREVIEW, memory)
        if not replacement and not missing and await self._another_time(step, text):
            # "mejor mañana", "lieber morgen", "better tomorrow": not now, and ERA cannot send
            # it then; the draft is kept (never the new text: "Lieber" opens a letter).
            return await self._keep_preview(step, memory, Phrase.of("email.cannot_schedule"))
        given = new_text(text)
        if given is not None:
            # "use this: Hi Bob, ...", "the body should say ...": the manager says it is the text.
            return await self._edit(step, memory, given, as_text=True)
        remark = None if replacement else self._remark_in(step, text)
        if remark is PreviewRemark.REMARK and answer.intent is ReplyIntent.CONFIRM \
                and self._says_send_besides(step, text):
            # "looks good, fire away", "i think it's fine, send it": a remark, and a send
            # said on its own next to it. "looks good" alone sends nothing.
            remark = None
        if remark is not None and not (missing and remark in _BLANK_ANSWERS):
            return await self._remark(step, memory, remark, text)
        if _BARE_QUESTION.fullmatch(text):
            return await self._keep_preview(
                step, memory, self._preview_help(memory, self.language(step)))
        if not replacement and not missing \
                and await self._sends_to_the_recipient(step, memory, text):
            # "send it to Bob" while the draft is Bob's: a send, said with his name.
            return await self._send_pressed(step, memory, str(memory.data["draft"]["id"]))
        if not replacement:
            # "yes but change the subject to X", "ok, but make it shorter", "ja, aber
            # kürzer": a yes with a change is a change, never a send.
            change = change_after_yes(text, str(QuestionId.CONFIRM_SEND), locale)
            if await self._sends_later(step, text, None if missing else change):
                # "send it tomorrow morning", "yes but tomorrow": ERA sends now or not at
                # all, and says so (while a blank waits, "yes but tomorrow" is about it).
                return await self._keep_preview(
                    step, memory, Phrase.of("email.cannot_schedule"))
            subject = subject_change(change or text)
            if subject is not None:
                return await self._change_subject(step, memory, subject)
            if change is not None and not missing:
                if answer.intent is not ReplyIntent.CONFIRM or looks_like_instruction(change):
                    return await self._edit(step, memory, change, instruction=True)
                # "yes send it to her", "ja, kürzer bitte": a yes and a word the interpreter
                # could not place. Neither sent nor changed: the preview says what it takes.
                await step.context.send_activity(say("email.preview_reask", self.language(step)))
                return await self.goto(step, EmailStage.PREVIEW, memory)
        if missing and not replacement and not is_edit_request(text) \
                and not (self._drafter.uses_ai and looks_like_instruction(text)):
            return await self._fill_reply(step, memory, missing[0], answer)
        if answer.intent is ReplyIntent.CONFIRM and not _clear_yes(text, locale):
            # "her great work", "good stuff": a yes word among words it cannot place is no
            # clear yes, and an email cannot be called back. Neither sent nor the text.
            await step.context.send_activity(say("email.preview_reask", self.language(step)))
            return await self.goto(step, EmailStage.PREVIEW, memory)
        if answer.intent is ReplyIntent.CONFIRM:
            return await self._send_pressed(step, memory, str(memory.data["draft"]["id"]))
        if answer.intent is ReplyIntent.REJECT:
            await step.context.send_activity(say("email.discarded", self.language(step)))
            return await self.finish(step, FlowOutcome.CANCELLED)
        if is_edit_request(text):
            return await self.goto(step, EmailStage.EDIT, memory)
        if replacement or reads_as_email(text) or looks_like_instruction(text):
            return await self._edit(step, memory, text)
        if len(text.split()) >= _MIN_EDIT_WORDS and not conversation_words(text, locale):
            # Words about the draft, not a letter ("not sure about the second paragraph"): they
            # never become its text unless the manager says so.
            return await self._keep_preview(
                step, memory, Phrase.of("email.not_text"))
        await step.context.send_activity(say("email.preview_reask", self.language(step)))
        return await self.goto(step, EmailStage.PREVIEW, memory)

    async def _names_the_waiting_draft(
        self, context: TurnContext, memory: TurnMemory, text: str
    ) -> bool:
        """Whether an email request names the waiting draft by its topic ("the email about the
        rota", "le mail sur le planning", a time said with it aside: "... about the rota
        tomorrow", a no after it: "... wegen dem dienstplan nicht") and no one else than its
        recipients."""
        turn = EraTurn.of(context)
        understood = turn.understood(text)
        topic = understood.slots.get("topic", "")
        if understood.intent is not Intent.EMAIL or not topic:
            return False
        windows = await self.services.time_parser.parse(topic, now=turn.now, locale=turn.locale)
        for window in windows:
            topic = topic.replace(window.text, " ")
        # "schick die mail wegen dem dienstplan nicht": the "nicht" is no part of the topic.
        topic = " ".join(word for word in topic.split() if not negates(word, turn.locale))
        if not _names_the_draft(memory, topic):
            return False
        people = await store_employees(self.services.directory, turn.person)
        named = find_names_in_text(text, people, language=turn.language)
        recipients = {memory.entities.get("employee"), *(memory.data.get(_ALSO_TO) or ())}
        return all(person.id in recipients for person in named)

    async def _send_naming_the_draft(
        self, step: WaterfallStepContext, memory: TurnMemory, text: str
    ) -> DialogTurnResult | None:
        """A reply that speaks of sending the waiting draft by its topic. "ok send the email
        about the rota" (a command to send it now) sends it once; "don't send the email about
        the rota", "did you send the email about the rota?" and "wait before you send the email
        about the rota" keep it, unsent; "send the email about the rota tomorrow" is a time ERA
        cannot keep, and says so. None when the reply names no waiting draft."""
        if not mentions_sending(text) \
                or not await self._names_the_waiting_draft(step.context, memory, text):
            return None
        turn = EraTurn.of(step.context)
        if await self._sends_later(step, text):
            return await self._keep_preview(step, memory, Phrase.of("email.cannot_schedule"))
        if turn.understood(text).match.kind is not MatchKind.COMMAND or _ASKS.search(text) \
                or negates(text, turn.locale):
            return await self._keep_preview(step, memory, Phrase.of("email.kept_waiting"))
        return await self._send_pressed(step, memory, str(memory.data["draft"]["id"]))

    async def _sends_to_the_recipient(
        self, step: WaterfallStepContext, memory: TurnMemory, text: str
    ) -> bool:
        """Whether a one-line reply is a clear send that names the draft's own recipient and
        no one else ("send it to Bob", "envoie-le à Bob Smith", "schick sie an Bob")."""
        if "\n" in text or not mentions_sending(text):
            return False
        person = await self._recipient(memory)
        turn = EraTurn.of(step.context)
        if person is None or not find_names_in_text(text, [person], language=turn.language):
            return False
        # The full name first ("Smith" alone is no name), then any form of the first one.
        rest = _without_names(
            re.sub(rf"(?<!\w){re.escape(person.name)}(?!\w)", " ", text, flags=re.IGNORECASE),
            [person], turn.language)
        reply = interpret_reply(rest, str(QuestionId.CONFIRM_SEND), (), turn.locale)
        return reply.intent is ReplyIntent.CONFIRM and reply.confidence >= _CLEAR_SEND

    async def _offer_reply(
        self, step: WaterfallStepContext, memory: TurnMemory, answer: ReplyAnswer
    ) -> DialogTurnResult | None:
        """At the preview of the email ERA offered: a refusal, or words for the advisor (see
        the module docstring); None lets the preview read the reply as it reads any."""
        text = answer.text.strip()
        if "\n" in text or mentions_sending(text) or is_edit_request(text) \
                or looks_like_instruction(text):
            return None
        language = self.language(step)
        if self.declines_offer(answer, step):
            person = await self._recipient(memory)
            later = (say("email.offer_later", language, first_name=person.first_name)
                     if person is not None else "")
            return await self.leave_offer(
                step, OfferExit.DECLINED, " ".join(filter(None, (
                    say("email.discarded", language), later))))
        understood = EraTurn.of(step.context).understood(text)
        if (understood.intent is Intent.ADVICE and understood.match.kind is MatchKind.DESCRIPTION) \
                or asks_if_it_continues(text):
            # "what should the warning say?", "he was rude again today", "e se continuar?":
            # for the advisor.
            return await self.leave_offer(
                step, OfferExit.FOR_ADVISOR, say("email.discarded", language), text)
        return None

    async def _names_someone_else(
        self, step: WaterfallStepContext, memory: TurnMemory, text: str,
        people: list[Person] | None = None,
    ) -> bool:
        """A short reply naming another of the manager's employees, not the recipient
        (`people`: the store's employees, when the caller has them already)."""
        if len(text.split()) > REDIRECT_WORDS:
            return False
        turn = EraTurn.of(step.context)
        if people is None:
            people = await store_employees(self.services.directory, turn.person)
        return names_someone_else(text, people, memory.entities.get("employee"), turn.language)

    async def _add_recipients(
        self, step: WaterfallStepContext, memory: TurnMemory, added: list[Person]
    ) -> DialogTurnResult:
        """The email goes to `added` too: its greeting names them all ("Dear Bob," -> "Dear Bob
        and Chen,"), and it is previewed again under a new draft id, so the Send button of the
        preview without them sends nothing."""
        before = await self._recipients(memory)
        ids = [str(one) for one in memory.data.get(_ALSO_TO) or ()]
        ids += [person.id for person in added if person.id not in ids
                and person.id != memory.entities.get("employee")]
        memory = memory.with_data(**{_ALSO_TO: ids})
        after = await self._recipients(memory)
        draft = EmailDraft.from_dict(memory.data["draft"])
        letter = str(memory.data.get("letter_language") or self.language(step))
        greeting = regreeted(draft.body, _greeting_names(before, letter),
                             _greeting_names(after, letter))
        body = greeting.body if greeting is not None else draft.body
        draft = replace(draft, id="draft-" + uuid.uuid4().hex[:12], body=body)
        return await self.goto(step, EmailStage.PREVIEW, memory.with_data(
            draft=draft.to_dict(), draft_id=draft.id))

    async def _also_to(
        self, step: WaterfallStepContext, memory: TurnMemory, text: str, people: list[Person]
    ) -> list[Person] | None:
        """At the preview, a short reply naming another of the manager's people as a recipient
        besides the one the email is for: with the recipient ("send it to bob and alice") or
        with words that add ("yes, and cc alice", "auch an Alice", "アリスにも送って"). Those
        to add, or None."""
        if len(text.split()) > REDIRECT_WORDS:
            return None
        turn = EraTurn.of(step.context)
        named = find_names_in_text(text, people, language=turn.language)
        current = next((p for p in named if p.id == memory.entities.get("employee")), None)
        # "bob" names Bob Smith's namesakes too: with Bob Smith named, they are not meant.
        others = [p for p in named if current is None or p.first_name != current.first_name]
        copy = says_copy_to(text)
        if copy and not others and current is not None and not negates(text, turn.locale):
            return [current]  # "cc chen" on Chen's email: said to go to him already
        if not others or negates(text, turn.locale) or (
                tells_about(text, named, turn.language) and not copy):
            # "mets chen en copie" opens with a verb and the name, as news about Chen would.
            return None
        if current is None and not (copy or says_also_to(text)):
            return None
        if looks_like_instruction(without_also_to(text)) and not copy:
            # "also mention alice's help": a change to the text, not a second recipient ("mets
            # chen en copie" puts Chen in copy).
            return None
        return others

    async def _add_copies(
        self, step: WaterfallStepContext, memory: TurnMemory, added: list[Person]
    ) -> DialogTurnResult:
        """`added` get a copy (Cc) of the email: it is previewed again with its Cc line, under a
        new draft id, so the Send button of the preview without them sends nothing."""
        recipients = {person.id for person in await self._recipients(memory)}
        ids = [str(one) for one in memory.data.get(_CC) or ()]
        ids += [person.id for person in added if person.id not in ids
                and person.id not in recipients]
        draft = EmailDraft.from_dict(memory.data["draft"])
        draft = replace(draft, id="draft-" + uuid.uuid4().hex[:12])
        language = self.language(step)
        # "setz chen in cc" with Chen among those it is addressed to: no copy, and said so.
        notes = [say(key, language, names=format_list([p.first_name for p in them], language))
                 for key, them in (
                     ("email.copy_added", [p for p in added if p.id not in recipients]),
                     ("email.copy_already_to", [p for p in added if p.id in recipients]))
                 if them]
        note = " ".join(notes)
        return await self.goto(step, EmailStage.PREVIEW, memory.with_data(
            draft=draft.to_dict(), draft_id=draft.id, note=f"{note}\n\n", **{_CC: ids}))

    async def _copies(self, memory: TurnMemory) -> list[Person]:
        """Those who get a copy (Cc) of the email, as the directory has them now."""
        found = [await self.services.directory.get(str(one)) for one in memory.data.get(_CC) or ()]
        return [person for person in found if person is not None]

    async def _corrects_recipient(
        self, step: WaterfallStepContext, memory: TurnMemory, text: str
    ) -> str | Replacement | None:
        """Who the email is for instead, when a short no names one other of the manager's
        people with the recipient ("no, Chen not Alice", "nein, an Chen, nicht an Alice") or
        puts them in the recipient's place ("schick sie an Chen statt Alice", "naar Alice ipv
        Bob"): their name, or the first name several share ("no, Bob not Alice"); else None."""
        turn = EraTurn.of(step.context)
        if len(text.split()) > REDIRECT_WORDS or not (
            negates(text, turn.locale) or interrupt_words().instead_of.search(fold_text(text))
        ):
            return None
        people = await store_employees(self.services.directory, turn.person)
        named = find_names_in_text(text, people, language=turn.language)
        recipients = [str(memory.entities.get("employee")),
                      *(str(one) for one in memory.data.get(_ALSO_TO) or ())]
        current = next((p for p in named if p.id == recipients[0]), None) or next(
            (p for p in named if p.id in recipients), None)
        if current is None:
            return None
        # "not bob" names Bob Smith's namesakes too: they are not the other one meant.
        others = [p for p in named if p.first_name != current.first_name]
        if len({p.first_name for p in others}) != 1:
            return None
        if len(recipients) > 1:
            # One of several: the others keep it ("nein, an Chen statt Bob" to Alice and Bob
            # Jones goes to Alice and Chen).
            return Replacement(current.id, [p.id for p in others])
        # "no, Bob not Alice" with two Bobs: the first name, so the draft asks which Bob.
        return others[0].name if len(others) == 1 else others[0].first_name

    async def _asks_about_someone(self, step: WaterfallStepContext, text: str) -> bool:
        """A question that names someone but says nothing of this email ("what shifts does
        Alice have this week?"): it asks about them and must not readdress the draft to them.
        "Alice?", "can you send it to Chen instead?" still readdress."""
        if not text.rstrip().endswith(("?", "？")) or mentions_sending(text):
            return False
        turn = EraTurn.of(step.context)
        if interrupt_words().marker.search(fold_text(text)) \
                or turn.understood(text).intent is Intent.EMAIL:
            return False
        people = await store_employees(self.services.directory, turn.person)
        return len(_without_names(text, people, turn.language).split()) >= 2

    async def _redirects(
        self, step: WaterfallStepContext, memory: TurnMemory, text: str
    ) -> bool:
        """At the topic question, a reply that names another of the manager's employees as
        the recipient: a new email request ("actually email Bob"), a send to them ("send it to
        Chen", "mandala a Chen"), a change of mind ("Chen instead", "lieber an Bob"), or the
        name alone. A topic that mentions someone ("his argument with Chen") stays a topic."""
        turn = EraTurn.of(step.context)
        people = await store_employees(self.services.directory, turn.person)
        if not await self._names_someone_else(step, memory, text, people):
            return False
        if turn.understood(text).intent is Intent.EMAIL:
            return True
        if interrupt_words().marker.search(fold_text(text)):
            return True
        rest = _without_names(text, people, turn.language)
        if not rest:
            return True
        reply = interpret_reply(rest, str(QuestionId.CONFIRM_SEND), (), turn.locale)
        return reply.intent is ReplyIntent.CONFIRM

    async def _readdress(
        self, step: WaterfallStepContext, memory: TurnMemory, text: str,
        replacement: Replacement | None = None,
    ) -> DialogTurnResult:
        """The email is for someone else: nothing is sent, and it is drafted again for the
        person named (asking which one when two share the name), under a new draft id so a
        Send button of the old preview sends nothing. A `replacement` of one of several
        recipients keeps the others."""
        recipient = await self._recipient(memory)
        everyone = await self._recipients(memory, recipient) if recipient is not None else []
        if recipient is not None:
            language = self.language(step)
            names = [one.name for one in everyone]
            await step.context.send_activity(
                say("email.not_sent_to", language, name=format_list(names, language)))
        draft = memory.data.get("draft")
        carried = None
        if recipient is not None and isinstance(draft, dict) and _changed_by_manager(memory):
            # The manager's subject and text go to the new recipient; only an untouched
            # template or AI draft is written again (in the new recipient's language).
            carried = {"subject": draft["subject"], "body": draft["body"], "from": recipient.id}
            if len(everyone) > 1:
                # The greeting named them all ("Dear Bob and Alice,"): it names the new one.
                letter = str(memory.data.get("letter_language") or self.language(step))
                carried["greeted"] = list(_greeting_names(everyone, letter))
        memory = memory.with_data(draft_id="draft-" + uuid.uuid4().hex[:12], draft=None,
                                  **{EMAIL_FORM_DATA: None, _CARRIED: carried,
                                     _ASKED_LANGUAGE: None, _ALSO_TO: None})
        if replacement is not None:
            kept = [one.id for one in everyone if one.id != replacement.replaced]
            new = [one for one in replacement.by if one not in kept]
            if len(new) > 1:
                # "no, Bob not Chen" with two Bobs: which Bob is asked, the others kept.
                return await self._settle_group(step, memory, kept, [new])
            return await self._settle_group(step, memory, [*kept, *new], [])
        return await self._choose(step, memory, request=text)

    async def _fill_reply(
        self, step: WaterfallStepContext, memory: TurnMemory, placeholder: str,
        answer: ReplyAnswer,
    ) -> DialogTurnResult:
        """A reply while a placeholder waits: a yes is a Send (which says what is still to
        fill), a no discards, and only a value that fits the blank goes into the letter."""
        if answer.intent is ReplyIntent.CONFIRM:
            return await self._send_pressed(step, memory, str(memory.data["draft"]["id"]))
        if answer.intent is ReplyIntent.REJECT:
            await step.context.send_activity(say("email.discarded", self.language(step)))
            return await self.finish(step, FlowOutcome.CANCELLED)
        text = answer.text.strip()
        if looks_like_unspaced_instruction(text):
            # "本文に「9時集合」と追加して" asks for a change: it went into the blank and was sent.
            return await self._edit(step, memory, text, instruction=True)
        if subject_change(text) is not None:
            # "change le sujet : Merci !" went into the blank ("Thank you for change le sujet").
            return await self._edit(step, memory, text)
        turn = EraTurn.of(step.context)
        kind = blank_kind(placeholder)
        # "attends, je dois vérifier avec les RH" is no value: it became the letter's subject.
        fits = not conversation_words(text, turn.locale) \
            and self._remark_in(step, text) not in _BLANK_ANSWERS
        day: date | None = None
        listed: tuple[date, ...] = ()
        if fits and kind is BlankKind.DATE:
            days = await self.services.time_parser.parse(
                text, now=turn.now, locale=turn.locale, prefer_future=False)
            fits = fills_blank(text, kind, names_a_day=bool(days))
            if len(days) == 1 and days[0].end - days[0].start <= timedelta(days=1):
                day = days[0].start.date()
            elif len(days) > 1 and all(_dated_day(window) for window in days) and \
                    names_days_only(text, (window.text for window in days), turn.locale):
                listed = tuple(window.start.date() for window in days)
        elif fits:
            fits = fills_blank(text, kind)
        if not fits:
            language = self.language(step)
            await step.context.send_activity(say(
                "email.fill_not_a_value", language, placeholder=placeholder,
                accepted=say(f"email.fill_accepts.{kind}", language)))
            return await self.goto(step, EmailStage.PREVIEW, memory)
        _keep_speaking(step, memory.data.get("asked_in"))
        return await self._fill(step, memory, placeholder,
                                await self._in_letter(memory, text, day=day, listed=listed))

    async def _in_letter(self, memory: TurnMemory, text: str, *, day: date | None = None,
                         listed: tuple[date, ...] = ()) -> str:
        """A blank's value as the letter says it: typed in the letter's language, as typed;
        in the manager's (the preview's), translated by the AI or quoted in their words; a
        single date (`day`, as read) written out in the letter's language ("lundi 16
        novembre" in an English letter: "Monday 16 November"), and so are the days of a list
        of days and nothing else (`listed`: "le 2, le 4 et le 9 novembre": "Monday 2
        November, Wednesday 4 November and Monday 9 November")."""
        letter = str(memory.data.get("letter_language") or "")
        asked_in = str(memory.data.get("asked_in") or "")
        if not letter or not asked_in:
            return text
        letter_base = letter.split("-")[0].lower()
        typed = message_language(fold_text(text))
        if letter_base in _UNSPACED_LETTERS:
            foreign = not _UNSPACED_SCRIPT.search(text)
        else:
            foreign = (typed or asked_in).split("-")[0].lower() != letter_base
        if not foreign:
            return text
        if day is not None and not _several().search(text):
            return format_long_day(day, letter)
        if listed:
            return format_list([format_long_day(one, letter) for one in listed], letter)
        source = typed if typed and typed.split("-")[0].lower() != letter_base else asked_in
        draft = EmailDraft.from_dict(memory.data["draft"])
        return await self._drafter.in_letter_language(
            text.strip(), source=source, letter=letter,
            capital=draft.subject.startswith(_placeholders(draft)[0]))

    async def _rewrite_in(
        self, step: WaterfallStepContext, memory: TurnMemory, asked: str
    ) -> DialogTurnResult:
        """The letter in the language the manager asked for ("write it in English"), nothing
        sent: an untouched draft is drafted again in it, under a new draft id (a Send of the
        old preview sends nothing); a draft the manager changed is translated by the AI, and
        without it kept as it is, since drafting it again would lose their changes."""
        language = self.language(step)
        letter = (language if language.split("-")[0].lower() == asked
                  and language in self._drafter.languages else asked)
        name = language_name(letter, language)
        if str(memory.data.get("letter_language") or "") == letter:
            return await self._keep_preview(
                step, memory, say("email.already_in_language", language, language=name))
        if not _changed_by_manager(memory):
            return await self.goto(step, EmailStage.DRAFT, memory.with_data(
                draft_id="draft-" + uuid.uuid4().hex[:12], draft=None,
                **{EMAIL_FORM_DATA: None, _ASKED_LANGUAGE: letter}))
        if not self._drafter.uses_ai:
            return await self._keep_preview(
                step, memory, say("email.language_kept_edited", language, language=name))
        person = await self._recipient(memory)
        if person is None:
            return await self.end_expired(step)
        draft = EmailDraft.from_dict(memory.data["draft"])
        try:
            subject, body = await self._drafter.revise(
                draft.subject, draft.body,
                f"Translate the whole email into {language_name(letter, 'en')}, in its formal "
                "register; keep every [placeholder] as it is")
        except BackendError:
            logger.warning("email translation: the LLM failed", exc_info=True)
            return await self._keep_preview(step, memory, Phrase.of("email.ai_edit_failed"))
        translated = EmailDraft("draft-" + uuid.uuid4().hex[:12], draft.employee_id,
                                draft.purpose, subject, body, "edited")
        reader = self._drafter.language_for(person)
        note = (say("email.written_in_asked_language", language, name=person.first_name,
                    language=name, reader_language=language_name(reader, language))
                if reader.split("-")[0] != letter.split("-")[0] else "")
        return await self.goto(step, EmailStage.PREVIEW, memory.with_data(
            draft=translated.to_dict(), draft_id=translated.id, letter_language=letter,
            note=f"{note}\n\n" if note else "", **{_ASKED_LANGUAGE: letter}))

    async def _fill(
        self, step: WaterfallStepContext, memory: TurnMemory, placeholder: str, value: str
    ) -> DialogTurnResult:
        """The manager's text fills the first placeholder; the preview shows the result."""
        draft = EmailDraft.from_dict(memory.data["draft"])
        try:
            subject = fill_placeholder(draft.subject, placeholder, value)
            body = fill_placeholder(draft.body, placeholder, value)
        except ValueError:
            await step.context.send_activity(
                say("email.fill_empty", self.language(step), placeholder=placeholder))
            return await self.goto(step, EmailStage.PREVIEW, memory)
        draft = draft.with_text(subject, body, draft.source)
        return await self.goto(step, EmailStage.PREVIEW, memory.with_data(draft=draft.to_dict()))

    # -- edit -------------------------------------------------------------------------------

    def _edit_question(self) -> Phrase:
        if self._drafter.uses_ai:
            return Phrase.of("email.edit_question_ai")
        return Phrase.of("email.edit_question")

    async def _edit(
        self, step: WaterfallStepContext, memory: TurnMemory, text: str, *,
        instruction: bool = False, as_text: bool = False,
    ) -> DialogTurnResult:
        """Replacement text, a "Subject: ..." line, or (`instruction`, or when it reads as one)
        an instruction for the AI; `as_text`: the manager said this is the text."""
        draft = EmailDraft.from_dict(memory.data["draft"])
        subject = None if as_text else subject_change(text)
        if subject is not None:
            return await self._change_subject(step, memory, subject)
        added = None if as_text or self._drafter.uses_ai else added_sentence(text)
        if added is not None:
            # "add that the rota starts on Monday": the sentence goes in as typed, before the
            # closing; the AI, when on, is asked instead (it words it into the letter).
            person = EraTurn.of(step.context).person
            body = with_paragraph(draft.body, added, [person.name, *person.name.split()])
            draft = draft.with_text(draft.subject, body, "edited")
            return await self.goto(step, EmailStage.PREVIEW,
                                   memory.with_data(draft=draft.to_dict()))
        if not as_text and ((instruction and "\n" not in text) or looks_like_instruction(text)):
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
            subject_or_none, body = split_subject(text, SUBJECT_LABELS)
            body = labelled_body(body) or body  # "Text: ..." is the text, not its label
            if not body and subject_or_none:
                body = draft.body  # "Subject: ..." alone changes the subject only
            if not body:
                await step.context.send_activity(say("email.empty", self.language(step)))
                return await self.goto(step, EmailStage.EDIT, memory)
            draft = draft.with_text(subject_or_none or draft.subject, body, "edited")
            if header_lines_left_out(text, SUBJECT_LABELS):
                await step.context.send_activity(
                    say("email.header_lines_left_out", self.language(step)))
        return await self.goto(step, EmailStage.PREVIEW, memory.with_data(draft=draft.to_dict()))

    async def _remark(
        self, step: WaterfallStepContext, memory: TurnMemory, remark: PreviewRemark, text: str
    ) -> DialogTurnResult:
        """Words about the draft: a change of length or tone is made (by the AI; without it ERA
        says it cannot), a wait keeps the draft, "who else gets this?" is answered, any other
        remark is met with what the preview takes. The draft is never replaced by them, and
        nothing is sent."""
        if remark in _REVISIONS:
            if not self._drafter.uses_ai:
                return await self._keep_preview(
                    step, memory, Phrase.of("email.remark_needs_ai"))
            return await self._edit(
                step, memory, f"{_REVISIONS[remark]} (the manager's words: {text})",
                instruction=True)
        if remark is PreviewRemark.WAIT:
            if mentions_sending(text) and says_later(text):
                # "send it later": a time for the sending, which ERA cannot keep.
                return await self._keep_preview(step, memory, Phrase.of("email.cannot_schedule"))
            return await self._keep_preview(step, memory, Phrase.of(
                "email.kept_hr_offered" if self._asks_for_hr(step, text) else "email.kept_waiting"))
        if remark is PreviewRemark.REMARK and not text.rstrip().endswith(("?", "？")) \
                and conversation_words(text, EraTurn.of(step.context).locale):
            # "maybe", "hmm", "not sure", "vielleicht", "たぶん": a hesitation, no words about
            # the text; nothing is sent and the draft waits, as for "wait".
            return await self._keep_preview(step, memory, Phrase.of("email.kept_waiting"))
        if remark is PreviewRemark.RECIPIENTS:
            people = await self._recipients(memory)
            if not people:
                return await self.end_expired(step)
            name, email = _addressed_to(people)
            return await self._keep_preview(step, memory, Phrase.of(
                "email.recipients", name=name, email=email))
        return await self._keep_preview(step, memory, Phrase.of("email.not_text"))

    @staticmethod
    def _asks_for_hr(step: WaterfallStepContext, text: str) -> bool:
        """Whether a wait at the preview is to talk to HR ("I need to talk to HR", "je dois
        parler aux RH", "hold on, I need to check with HR"): the draft is kept, as for any
        wait, and the reply also says how to be handed over to HR now, and that the draft is
        then not sent."""
        return EraTurn.of(step.context).understood(text).match.intent is Intent.TRANSFER

    def _says_send_besides(self, step: WaterfallStepContext, text: str) -> bool:
        """Whether a reply's words other than its remark are a clear send on their own
        ("fire away" in "looks good, fire away")."""
        locale = EraTurn.of(step.context).locale
        rest = without_remarks(text, locale, self.language(step))
        return bool(rest) and interpret_reply(
            rest, str(QuestionId.CONFIRM_SEND), (), locale).intent is ReplyIntent.CONFIRM

    def _remark_in(self, step: WaterfallStepContext, text: str) -> PreviewRemark | None:
        """What words about the draft ask for, read in the reply's language and ERA's."""
        return preview_remark(text, EraTurn.of(step.context).locale, self.language(step))

    async def _change_subject(
        self, step: WaterfallStepContext, memory: TurnMemory, subject: str
    ) -> DialogTurnResult:
        """The subject becomes exactly what the manager typed; asked for when they did not say
        it ("change the subject"). The body stays."""
        if not subject:
            return await self.ask_at(
                step, EmailStage.EDIT, memory.with_data(edit_field="subject"),
                str(FreeTextQuestion.EMAIL_EDIT), Phrase.of("email.ask_subject"),
                free_text=True,
            )
        draft = EmailDraft.from_dict(memory.data["draft"])
        draft = draft.with_text(subject[:200], draft.body, "edited")
        return await self.goto(step, EmailStage.PREVIEW, memory.with_data(draft=draft.to_dict()))

    async def _sends_later(
        self, step: WaterfallStepContext, text: str, after_yes: str | None = None
    ) -> bool:
        """Whether a reply asks to send at a later time ("send it tomorrow morning", "envoie-le
        demain matin", "schick sie später", or a yes and then only a time: "yes but
        tomorrow"), which ERA cannot do. `after_yes`: the words after a yes, if any."""
        if not mentions_sending(text) and after_yes is None:
            return False
        if says_later(text):
            return True
        turn = EraTurn.of(step.context)
        windows = await self.services.time_parser.parse(text, now=turn.now, locale=turn.locale)
        if not any(window.start > turn.now + _LATER for window in windows):
            return False
        return mentions_sending(text) or answers_when(
            after_yes or "", [window.text for window in windows])

    async def _another_time(self, step: WaterfallStepContext, text: str) -> bool:
        """Whether a short reply would rather have the email go at a later time ("better
        tomorrow", "mejor mañana", "明日にして")."""
        if not prefers_another_time(text):
            return False
        # A time must be named: "maybe later", "以后再说", "晚点再说" (its 晚 read as the
        # evening) put it off, and keep the draft waiting.
        turn = EraTurn.of(step.context)
        windows = await self.services.time_parser.parse(without_later_words(text),
                                                        now=turn.now, locale=turn.locale)
        return any(window.start > turn.now + _LATER for window in windows)

    # -- send -------------------------------------------------------------------------------

    async def _send_pressed(
        self, step: WaterfallStepContext, memory: TurnMemory, draft_id: str
    ) -> DialogTurnResult:
        """Send the open draft; a press from an older card is answered, and the open draft is
        shown again."""
        missing = _placeholders(EmailDraft.from_dict(memory.data["draft"]))
        if missing and draft_id == memory.data["draft"]["id"]:
            language = self.language(step)
            await step.context.send_activity(say(
                "error.placeholders_unfilled", language, listed=format_list(missing, language)))
            return await self.goto(step, EmailStage.PREVIEW, memory)
        result = await self._send(step, draft_id, memory)
        await step.context.send_activity(result.text)
        if draft_id == memory.data["draft"]["id"] and result.sent is SendOutcome.KEPT:
            # Nothing went out: the draft and its edits stay, and "send" retries with the
            # same idempotency key (the draft id).
            return await self.ask_at(
                step, EmailStage.PREVIEW, memory, str(QuestionId.CONFIRM_SEND),
                Phrase.of("email.retry_question"),
                buttons=((Phrase.of("email.button_send"), f"send email {draft_id}"),
                         (Phrase.of("email.button_edit"), "edit"),
                         (Phrase.of("email.button_cancel"), "cancel")),
                return_unknown=True,
            )
        if draft_id != memory.data["draft"]["id"]:
            return await self.goto(step, EmailStage.PREVIEW, memory)
        sent = result.sent is SendOutcome.SENT
        return await self.finish(
            step, result.outcome, sent_purpose=memory.data["purpose"] if sent else None,
            employee_id=memory.entities.get("employee"),
        )

    async def _check_sender(self, sender: Person, recipient: Person) -> None:
        """Checked again at Send: the person confirming is still a manager of the recipient's
        store (roles and stores change; another person may have pressed the button)."""
        current = await self.services.directory.get(sender.id) or sender
        if current.role is not PersonRole.MANAGER:
            raise PermissionDeniedError(ErrorCode.ONLY_MANAGERS_SEND_EMAIL)
        if recipient.store_id != current.store_id:
            raise PermissionDeniedError(ErrorCode.RECIPIENT_NOT_IN_YOUR_STORE,
                                        name=recipient.name)

    async def _may_see_sent(self, person: Person, sent: dict[str, Any]) -> bool:
        """Whether the person pressing Send again may be told about the email that went out:
        a manager of its recipient's store (a recipient no longer listed is no one's)."""
        recipient = await self.services.directory.get(str(sent.get("employee_id") or ""))
        if recipient is None:
            return True
        try:
            await self._check_sender(person, recipient)
        except PermissionDeniedError:
            return False
        return True

    async def _send(
        self, step: WaterfallStepContext, draft_id: str, memory: TurnMemory | None
    ) -> SendResult:
        """Send the draft once (the ledger replays a finished send); what to tell the user."""
        manager = EraTurn.of(step.context).person
        language = EraTurn.of(step.context).language
        draft_data = (memory.data.get("draft") or {}) if memory else {}

        async def send() -> dict[str, Any]:
            if draft_data.get("id") != draft_id:
                raise _DraftClosed(draft_id)
            draft = EmailDraft.from_dict(draft_data)
            if _placeholders(draft):
                raise ValidationError(ErrorCode.PLACEHOLDERS_UNFILLED,
                                      listed=format_list(_placeholders(draft), language))
            people = []
            for one in (draft.employee_id, *(memory.data.get(_ALSO_TO) or () if memory else ())):
                person = await self.services.directory.get(str(one))
                if person is None:
                    raise NotFoundError(ErrorCode.EMPLOYEE_GONE)
                await self._check_sender(manager, person)
                people.append(person)
            copies = []
            for one in (memory.data.get(_CC) or () if memory else ()):
                person = await self.services.directory.get(str(one))
                if person is None:
                    raise NotFoundError(ErrorCode.EMPLOYEE_GONE)
                await self._check_sender(manager, person)
                copies.append(person)
            sent = await self.services.mail.send(OutgoingEmail(
                request_id=draft.id, to=tuple(person.email for person in people),
                cc=tuple(person.email for person in copies),
                subject=draft.subject, body=draft.body, reply_to=manager.email,
            ))
            name, email = _addressed_to(people)
            return {"message_id": sent.message_id, "name": name, "email": email,
                    "employee_id": people[0].id,
                    "also_to": [person.id for person in people[1:]],
                    "cc": [person.id for person in copies]}

        def audited(result: dict[str, Any]) -> AuditRecord:
            return EraTurn.of(step.context).audit_entry(
                "mail.send", draft_id, message_id=result["message_id"],
                employee_id=result["employee_id"],
                recipient_ids=[result["employee_id"], *result["also_to"]],
                cc_ids=list(result.get("cc") or ()))

        try:
            outcome = await self.services.ledger.run_once(LEDGER_KIND, draft_id, send,
                                                          audited=audited)
        except _DraftClosed:
            return SendResult(say("email.draft_closed", language), FlowOutcome.DONE)
        except ActionInProgressError:
            return SendResult(say("email.in_progress", language), FlowOutcome.DONE)
        except (DeliveryUncertainError, ConflictError):
            logger.warning("email send %s: delivery uncertain", draft_id, exc_info=True)
            return SendResult(say("email.delivery_uncertain", language), FlowOutcome.FAILED)
        except BackendError:
            logger.warning("email send %s failed", draft_id, exc_info=True)
            if memory is not None and draft_data.get("id") == draft_id:
                return SendResult(say("email.not_sent_kept", language), FlowOutcome.FAILED,
                                  SendOutcome.KEPT)
            return SendResult(say("email.backend_failed", language), FlowOutcome.FAILED)
        except (ValidationError, NotFoundError, PermissionDeniedError) as problem:
            return SendResult(say("email.refused", language,
                                  problem=error_text(problem, language)), FlowOutcome.DONE)
        sent = outcome.result
        if outcome.replayed and not await self._may_see_sent(manager, sent):
            # A press of someone else's Send button (forwarded, or from a shared thread): it
            # learns nothing about that email.
            return SendResult(say("email.draft_closed", language), FlowOutcome.DONE)
        # The mail system's message id is for operators (here and in the audit record), not
        # for the manager.
        logger.debug("email send %s: message id %s (replayed: %s)", draft_id,
                     sent["message_id"], outcome.replayed)
        if outcome.replayed:
            return SendResult(say("email.already_sent", language, name=sent["name"]),
                              FlowOutcome.DONE)
        said = say("email.sent", language, name=sent["name"], email=sent["email"])
        copies = [await self.services.directory.get(str(one)) for one in sent.get("cc") or ()]
        names = [person.name for person in copies if person is not None]
        if names:
            said += " " + say("email.sent_copy", language, names=format_list(names, language))
        return SendResult(said, FlowOutcome.DONE, SendOutcome.SENT)


def _greeting_names(people: list[Person], letter: str) -> tuple[str, str]:
    """The (full names, first names) a letter to `people` greets them by, as a list in the
    letter's language ("Alice and Bob"); a first name two share is said once ("Dear Alice,
    Bob and Chen," greets both Bobs)."""
    firsts = list(dict.fromkeys(one.first_name for one in people))
    return (format_list([one.name for one in people], letter), format_list(firsts, letter))


def _addressed_to(people: list[Person]) -> tuple[str, str]:
    """The name and the address an email's "To: {name} ({email})" says: for several people,
    each but the last with their address in the name ("Alice Martin (alice@…), Bob Jones")."""
    *others, last = people
    return ", ".join([*(f"{one.name} ({one.email})" for one in others), last.name]), last.email


def _changed_by_manager(memory: TurnMemory) -> bool:
    """Whether the open draft's subject or text is no longer what ERA drafted (edited, a
    blank filled, the subject changed, revised by the AI at the manager's word)."""
    draft = memory.data.get("draft")
    if not isinstance(draft, dict):
        return False
    drafted = memory.data.get(_DRAFTED)
    if not isinstance(drafted, dict):
        return str(draft.get("source")) not in ("template", "ai")
    return (draft.get("subject"), draft.get("body")) != (drafted.get("subject"),
                                                         drafted.get("body"))


def _preview_buttons(draft: EmailDraft) -> tuple[tuple[Phrase, str], ...]:
    """Send (once every placeholder is filled), Edit, Cancel."""
    buttons = ((Phrase.of("email.button_edit"), "edit"),
               (Phrase.of("email.button_cancel"), "cancel"))
    if _placeholders(draft):
        return buttons
    return ((Phrase.of("email.button_send"), f"send email {draft.id}"), *buttons)


def is_send_press(text: str) -> bool:
    """Whether a message is a preview's Send button ("send email draft-...")."""
    return _SEND_PRESS.fullmatch(text.strip().casefold()) is not None


def pressed_draft(text: str) -> str | None:
    """The id of the draft a preview's Send button ("send email draft-...") sends; None for
    any other message."""
    pressed = _SEND_PRESS.fullmatch(text.strip().casefold())
    return pressed.group(1) if pressed else None


def _purpose(given: object, text: str, kind: str | None = None) -> EmailPurpose:
    """The advisor's purpose when given (for an email ERA offered, `text` is the advisor's
    reply, whose "an informal talk, not a warning" asks for no warning), else what the request
    asks for: a warning, a record of attempts or a leave reply by their words, else the kind
    it says ("to thank him for", `kind` as the language rules read it), a follow-up, or a
    general email."""
    if isinstance(given, str) and given in {str(purpose) for purpose in EmailPurpose}:
        return EmailPurpose(given)
    found = email_purpose(text)
    if (found is ActionPurpose.FOLLOW_UP and kind in {str(k) for k in REQUESTED_KINDS}
            and not _WARNS.search(fold_text(text))):
        return EmailPurpose(kind)
    if found is ActionPurpose.FOLLOW_UP and not _FOLLOW_UP.search(fold_text(text)):
        return EmailPurpose.GENERAL
    return EmailPurpose(str(found))



def _topic_answer(memory: TurnMemory, text: str, turn: EraTurn) -> dict[str, str]:
    """What the answer to "what is the email about?" says: its topic, in the answer's
    language, and the kind of email when it names one ("thank him for his help on saturday":
    a thank-you for "his help on saturday") and the request named none."""
    language = turn.understood(text).language or language_of(turn.locale)
    kind, topic = email_kind(text, language=language)
    data = {"request_topic": topic if kind else text,
            "request_language": language or turn.language}
    if kind and memory.data.get("purpose") == EmailPurpose.GENERAL:
        data["purpose"] = kind
    return data


def _is_bare_send(text: str, locale: str | None) -> bool:
    """ "send" / "ok send it" / "snd it" at the edit question: no change after all, send the
    draft. A send is said: "ok", "perfect", "yes looks good" answer no question that asks for
    a text, and a yes word among others ("her great work") is the text asked for."""
    if len(text.split()) > 3 or not mentions_sending(text):
        return False
    reply = interpret_reply(text, str(QuestionId.CONFIRM_SEND), (), locale)
    return reply.intent is ReplyIntent.CONFIRM


def _only_a_yes(text: str, locale: str | None) -> bool:
    """Whether a short line is a yes and nothing else ("perfect thanks ok", "alright looks
    great"): no text for an email."""
    if "\n" in text or len(text.split()) > _SEND_LATER_WORDS:
        return False
    reply = interpret_reply(text, str(QuestionId.CONFIRM_SEND), (), locale)
    return reply.intent is ReplyIntent.CONFIRM and reply.confidence >= _CLEAR_SEND


# Words this short ("the", "le", "dem", "sur") say nothing of what an email is about.
_TOPIC_WORD = 4


def _names_the_draft(memory: TurnMemory, topic: str) -> bool:
    """Whether `topic` (what a request says its email is about: "the rota") names the
    waiting draft: each of its words of some length (an ending aside: "rotas", "planning")
    is in the draft's subject or text or in what the manager said it is about."""
    draft = memory.data.get("draft")
    words = [word for word in re.findall(r"\w+", fold_text(topic)) if len(word) >= _TOPIC_WORD]
    if not isinstance(draft, dict) or not words:
        return False
    about = fold_text(" ".join(str(part) for part in (
        draft.get("subject"), draft.get("body"), memory.data.get("situation"),
        memory.data.get("request_topic")) if part))
    return all(re.search(rf"\b{re.escape(word[:_TOPIC_WORD + 1])}", about) for word in words)


def _clear_yes(text: str, locale: str | None) -> bool:
    """Whether a yes at the preview is clear: a send said, or a yes whose every word has its
    place ("yes please", "ok great"), not a yes word among others ("her great work")."""
    if mentions_sending(text):
        return True
    reply = interpret_reply(text, str(QuestionId.CONFIRM_SEND), (), locale)
    return reply.intent is not ReplyIntent.CONFIRM or reply.confidence >= _CLEAR_SEND


def _sends_as_it_is(text: str, locale: str | None) -> bool:
    """ "send it as it is", "actually just send it", "never mind, send it as it is", "laisse
    tomber, envoie-le tel quel" at the edit question: a clear send once the words that say
    no change is wanted are taken out, never the new text. A line that only may be a letter's
    ("Send me a message", "please send it back") stays the text."""
    if "\n" in text or not mentions_sending(text):
        return False
    rest = without_unchanged_words(text)
    if not rest or len(rest.split()) > _SEND_LATER_WORDS:
        return False
    reply = interpret_reply(rest, str(QuestionId.CONFIRM_SEND), (), locale)
    return reply.intent is ReplyIntent.CONFIRM and reply.confidence >= _CLEAR_SEND


def _without_bare_answers(situation: str, locale: str | None) -> str:
    """The advisor's situation without the manager's bare "yes" / "no" answers, which say
    nothing in an email."""
    sentences = re.split(r"(?<=[.!?])\s+|\s+/\s+", situation.strip())
    kept = [s for s in sentences if s and not (
        len(s.split()) <= 2 and interpret_reply(s, str(QuestionId.CONFIRM_ACTION), (), locale)
        .intent in (ReplyIntent.CONFIRM, ReplyIntent.REJECT))]
    return " ".join(s if s[-1] in ".!?" else f"{s}." for s in kept)


def _no_topic(text: str, locale: str | None) -> bool:
    """A reply to "what is the email about?" that names no subject: words about the
    conversation ("ok go", "hmm", "👍") or a bare "send" ("SEND", "invia", "wyślij")."""
    if len(text.split()) > _NO_TOPIC_WORDS:
        return False
    return conversation_words(text, locale) or _is_bare_send(text, locale)


def _without_names(text: str, people: list[Person], language: str | None) -> str:
    """The words of a reply that are not (a case of) a name of one of `people` and not a
    bare preposition before it ("to", "a", "do", "an", "à")."""
    kept = []
    for word in text.split():
        bare = word.strip(",.;:!?")
        if not bare or find_names_in_text(bare, people, language=language):
            continue
        kept.append(word)
    if len(kept) == 1 and len(kept[0]) <= 2:
        return ""
    return " ".join(kept)


def _keep_speaking(step: WaterfallStepContext, language: object) -> None:
    """ERA goes on in the language it asked in: a blank's value is the letter's text, in the
    letter's language ("your help on Saturday" in an English letter), not the manager's
    switch to it."""
    turn = EraTurn.of(step.context)
    if not isinstance(language, str) or not language or language == turn.language:
        return
    replace(turn, language=language).attach(step.context)
    state = current_person_state()
    if state is not None:
        state.language = language


def _placeholders(draft: EmailDraft) -> tuple[str, ...]:
    """The placeholders still to fill in a draft's subject and body."""
    return unfilled_placeholders(f"{draft.subject}\n{draft.body}")
