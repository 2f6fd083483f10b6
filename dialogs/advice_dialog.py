"""The advice conversation: a manager describes a situation, ERA advises, and offers to act.

Each turn the manager's message joins the conversation (core.advice_conversation: the recent
history and the current topic, kept server-side in this dialog's own state as plain JSON), the
advisor answers, and both action detectors judge the answer against the history before it
(email first). When a detector triggers and its flow is registered, ERA sends its answer and
offers the action ("Shall I find a time for a call with Bob Smith?", yes / no): nothing is
drafted, no times are listed and no "which Bob?" is asked before the manager says yes (design
note 003: ERA offers, the manager chooses). A yes starts that flow on top with the context:
the employee's id, the situation, the recommendation and what the action is for; a no sets the
action aside (ERA says how to ask for it later); anything else is for the advisor, the action
set aside. When the email and the call were both recommended, the call is offered after a
completed email flow. Otherwise the answer is the next question, and the loop goes on.
The manager may still leave a flow taken up at an offer without its effect
(dialogs.flow_dialog.OfferExit): "not now" sets it aside (ERA says how to ask for it later, and
does not offer it again unasked in this topic); a question or more facts at its question are
answered here, the action set aside; "email him instead" starts the other action with the same
context; "no, email him instead" (an answer, then a request: language.follow_up) does the same.
After a written warning is sent, ERA offers the natural next step once: a reminder in the
manager's calendar two weeks later to review how things have gone (yes books it, no declines,
anything else carries on as a new message).

Failures are said honestly and reported to the turn's failure report (core.turn_report), the
one tracking point: a knowledge gap (the advisor has no sound advice) is reported here, as only
this dialog sees it; a failing LLM is a technical failure that its tracked client reports
itself (app.py wraps it). An answer given is a success. `!improve <feedback>` inside the
conversation is recorded without leaving it. The conversation
survives the turn memory's ten minutes (the history is in dialog state); after
`IDLE_LIMIT` without a message the next one starts a fresh conversation.
"""

from __future__ import annotations

import logging
import re
from collections.abc import Sequence
from dataclasses import replace
from datetime import UTC, date, datetime, time, timedelta
from typing import Any
from zoneinfo import ZoneInfo

from botbuilder.core import TurnContext
from botbuilder.dialogs import (
    ComponentDialog,
    Dialog,
    DialogContext,
    DialogTurnResult,
    DialogTurnStatus,
    WaterfallStepContext,
)
from botbuilder.schema import ActivityTypes

from core.action_purpose import ActionPurpose, email_purpose
from core.advice_conversation import AdviceConversation
from core.advisor import GAP_QUESTION_STAGE, AdviceReply, Advisor
from core.conversation_turn import ConversationTurn, Role
from core.email_draft import EmailPurpose
from core.errors import BackendError
from core.failure_tracker import FailureCategory, TransferReason
from core.free_text_question import FreeTextQuestion
from core.intent import Intent
from core.name_matcher import written_unspaced
from core.person import Person, PersonRole
from core.question_id import QuestionId
from core.reply_interpreter import ReplyIntent, describe_accepted
from core.short_answer import short_answer
from core.situation_facts import is_bare_yes
from core.text_fold import fold_text
from core.time_window import TimeWindow
from core.turn_report import current_report
from detectors.action_detection import ActionDetection
from detectors.action_detection_result import ActionDetectionResult
from detectors.action_flow import ActionFlow
from detectors.situation_framing import Framing, frame_conversation
from dialogs.dialog_ids import REPLY_PROMPT, flow_dialog_id
from dialogs.era_turn import EraTurn
from dialogs.feedback_dialog import record_feedback
from dialogs.flow_dialog import SAID_WITH_YES, FlowDialog, FlowOutcome, OfferExit, flow_result
from dialogs.flow_services import FlowServices
from dialogs.last_question import remember_advice_employee
from dialogs.reply_prompt import (
    AnswerStatus,
    ReplyAnswer,
    peek_follow_up,
    take_follow_up,
    thanks_alone,
)
from dialogs.turn_failures import tracker_of
from language import phrase
from language.advice_topics import advice_topic
from language.catalogue import say
from language.email_preview_words import asks_to_wait
from language.follow_up import FollowUp
from language.formatting import format_accepted, format_shift_label
from language.intent_rules import language_of
from language.interrupts import Interrupt, InterruptKind
from language.phrase import Phrase
from language.reply_words import change_after_yes
from language.situation_words import asks_whether_to_talk, speaks_of_distress
from language.understanding import Understanding
from state.feedback_store import AdviceExchange, FeedbackStore

logger = logging.getLogger(__name__)

# A reply to the offer of a call that names a time may say this many words more ("tomorrow
# afternoon is good"); more than that tells something else.
_WORDS_BESIDE_A_TIME = 2
_WORD = re.compile(r"\w+")

IDLE_LIMIT = timedelta(hours=1)
REMINDER_AFTER = timedelta(days=14)
REMINDER_LENGTH = timedelta(minutes=15)
_REMINDER_DAY_START = time(9, 0)
_REMINDER_DAY_END = time(17, 0)

FLOW_INTENTS = {ActionFlow.EMAIL: Intent.EMAIL, ActionFlow.CALENDAR: Intent.CALL_EMPLOYEE}
# The requests that, in a flow ERA offered, choose its other action instead.
SWITCH_FLOWS = {Intent.EMAIL: ActionFlow.EMAIL, Intent.CALL_EMPLOYEE: ActionFlow.CALENDAR,
                Intent.MEETING_BOOK: ActionFlow.CALENDAR}
# How to ask for an action set aside, by flow.
_LATER_TEXT = {ActionFlow.EMAIL: "email.offer_later", ActionFlow.CALENDAR: "call.offer_later"}
# The offer after advice (with "_unnamed" when nobody in particular was named), and what is
# said when it is turned down, by flow.
_OFFER_TEXT = {ActionFlow.EMAIL: "advice.offer_email", ActionFlow.CALENDAR: "advice.offer_call"}
_KEPT_TEXT = {ActionFlow.EMAIL: "email.kept", ActionFlow.CALENDAR: "call.kept"}
# A call with each of the people a situation is between, offered one after the other.
OFFER_CALLS_EACH = "advice.offer_calls_each"
OFFER_NEXT_CALL = "advice.offer_next_call"
# The next of those calls after the manager said no to the one before: still theirs to choose.
OFFER_NEXT_CALL_AFTER_NO = "advice.offer_next_call_after_no"

OPENING_QUESTION = "advice.opening_question"
# A remark no playbook covers is asked about once before it goes to HR: the answer may be
# one a playbook covers ("she's crying in the stockroom" ... "her father died last week").
GAP_QUESTION = "advice.gap_question"
GAP_QUESTION_AGAIN = "advice.gap_question_again"
GAP_DECLINED = "advice.gap_declined"
GAP_WAIT = "advice.gap_wait"
_DECLINE_WORDS = 4  # "no", "no not really", "nein danke": a no, not an account
# "まだです", "先不要": a reply written without spaces is one word; this long it is no account.
_WAIT_CHARS = 24
# A first message this short that no playbook covers is asked about, not handed over.
_VAGUE_WORDS = 3
_VAGUE_CHARACTERS = 20
_VAGUE_UNSPACED_CHARACTERS = 6
# A request typed as a calendar note is short: "Telefonat Alice Freitag 14 Uhr halbe Stunde".
_UNCLEAR_REQUEST_WORDS = 8
_UNCLEAR_REQUEST_CHARACTERS = 80
AFTER_FLOW_QUESTION = "advice.after_flow_question"
ADVISOR_FAILED = "advice.advisor_failed"


class AdviceDialog(FlowDialog):
    """The advisor loop for managers: advise, detect, start the email or call flow, repeat."""

    intent = Intent.ADVICE
    allowed_roles = frozenset({PersonRole.MANAGER})
    denied_text = "flow.advice.denied"

    def __init__(
        self,
        *,
        services: FlowServices,
        advisor: Advisor,
        detection: ActionDetection,
        feedback: FeedbackStore,
    ) -> None:
        super().__init__([self._advise_step, self._next_step], services=services)
        self._advisor = advisor
        self._detection = detection
        self._feedback = feedback

    # -- turns ------------------------------------------------------------------------------

    async def on_continue_dialog(self, inner_dc: DialogContext) -> DialogTurnResult:
        """Feedback first; an email or call flow running inside this conversation reads its
        own messages (and checks its own interrupts)."""
        active = inner_dc.active_dialog
        if active is not None and active.id != REPLY_PROMPT:
            return await ComponentDialog.on_continue_dialog(self, inner_dc)
        activity = inner_dc.context.activity
        text = (activity.text or "").strip() if activity.type == ActivityTypes.message else ""
        if text and EraTurn.of(inner_dc.context).understood(text).intent is Intent.FEEDBACK:
            reply = await record_feedback(inner_dc.context, self._feedback, text)
            await inner_dc.context.send_activity(reply)
            return Dialog.end_of_turn
        return await super().on_continue_dialog(inner_dc)

    async def help_text(self, inner_dc: DialogContext) -> str:
        """What the manager can say in the advice conversation."""
        return say("advice.help", EraTurn.of(inner_dc.context).language)

    async def _interrupt(
        self, inner_dc: DialogContext, interrupt: Interrupt
    ) -> DialogTurnResult | None:
        """Saying "pass it to HR" once a situation is told: ERA already knows what the manager
        needs, so it hands the case over with it rather than asking what they need (whose answer
        would then reach neither HR nor the advisor as meant)."""
        if interrupt.kind is InterruptKind.TRANSFER:
            handed = await self._hand_case_to_hr(inner_dc)
            if handed is not None:
                return handed
        return await super()._interrupt(inner_dc, interrupt)

    async def _hand_case_to_hr(self, inner_dc: DialogContext) -> DialogTurnResult | None:
        """Hand the case over with the situation told so far; None when none was told yet."""
        waterfall = next((entry for entry in inner_dc.stack
                          if entry.id == self.initial_dialog_id), None)
        values = (waterfall.state.get("values") or {}) if waterfall is not None else {}
        conversation = AdviceConversation.from_dict(values.get("conversation"))
        if not await self._case_to_hr(inner_dc.context, conversation):
            return None
        await inner_dc.cancel_all_dialogs()
        await self.clear_memory(inner_dc.context)
        return DialogTurnResult(DialogTurnStatus.Complete, flow_result(FlowOutcome.HANDED_OFF))

    async def _case_to_hr(self, context: TurnContext, conversation: AdviceConversation) -> bool:
        """Say what HR is given (the situation in the manager's words, the employee), and ask
        for the hand-over at the end of the turn; False when no situation has been told yet."""
        situation = conversation.situation
        report = current_report()
        if not situation or report is None:
            return False
        language = EraTurn.of(context).language
        employee_id = conversation.facts.employee_id
        employee = await self.services.directory.get(employee_id) if employee_id else None
        if employee is not None:
            text = say("advice.to_hr", language, employee=employee.name, situation=situation)
        else:
            text = say("advice.to_hr_no_employee", language, situation=situation)
        await context.send_activity(text)
        # The failure-tracking middleware hands over once the turn is over.
        report.transfer(str(TransferReason.ADVICE_CASE), request=situation,
                        about=employee.name if employee is not None else "")
        return True

    async def _advise_step(self, step: WaterfallStepContext) -> DialogTurnResult:
        options: dict[str, Any] = dict(step.options or {})
        conversation = AdviceConversation.from_dict(options.get("conversation"))
        if options.get("launch"):
            return await self._start_flow(step, conversation, options["launch"])
        if options.get("reminder"):
            return await self._offer_reminder(step, conversation, options["reminder"])
        if options.get("offer"):
            return await self._offer(step, conversation, options["offer"])
        if options.get("ask_again"):
            return await self._ask(step, conversation, str(options["ask_again"]))
        if options.get("after_flow"):
            # After an action set aside, the topic goes on (what was said about it counts).
            kept = (conversation if options.get("topic_kept")
                    else conversation.new_topic(ended=options.get("ended")))
            return await self._ask(step, kept,
                                   say(AFTER_FLOW_QUESTION, EraTurn.of(step.context).language))
        text = str(options.get("text", "")).strip()
        if not text:
            return await self._ask(step, conversation,
                                   say(OPENING_QUESTION, EraTurn.of(step.context).language))
        turn = EraTurn.of(step.context)
        if conversation.stage == GAP_QUESTION_STAGE and _waits(turn, text):
            # "not yet", "hold on", "later" at "can you tell me a little more?": the manager
            # will tell it, not now. No decline: the question stays open.
            logger.info("advice: the remark's account put off; the question stays open")
            return await self._ask(step, conversation, say(GAP_WAIT, turn.language))
        if conversation.stage == GAP_QUESTION_STAGE and _declines(turn, text):
            # "no", "nothing", "forget it" at "can you tell me a little more?": nothing was
            # described, so there is nothing for HR; the manager is not handed over.
            logger.info("advice: the remark was not explained; nothing passed on to HR")
            await step.context.send_activity(say(GAP_DECLINED, turn.language))
            return await step.end_dialog(flow_result(FlowOutcome.CANCELLED))
        if conversation.stage == GAP_QUESTION_STAGE and (
                _tells_nothing(turn, text) or turn.understood(text).is_vague_advice):
            # "1", "?", "ok", "I just need some advice" at "can you tell me a little more?":
            # nothing was told, and a hand-over to HR would pass on nothing. The question is
            # asked again.
            return await self._ask(step, conversation, say(GAP_QUESTION_AGAIN, turn.language))
        if _yes_to_a_person(conversation, text) \
                and await self._case_to_hr(step.context, conversation):
            # "yes" right after 'say "talk to a person" and I'll put you through to HR': the
            # manager took the hand-over ERA offered; it is no thanks for the advice.
            logger.info("advice: yes to the hand-over offered")
            await self.clear_memory(step.context)
            return await step.end_dialog(flow_result(FlowOutcome.HANDED_OFF))
        asked = conversation.with_message(text)
        try:
            reply = await self._advisor.advise(
                asked.history, manager=turn.person, locale=_advice_locale(turn),
                conversation=asked
            )
        except BackendError as error:
            logger.warning("the advisor failed: %s", error)
            # The unanswered message is dropped: the manager sends it again.
            return await self._ask(step, conversation, say(ADVISOR_FAILED, turn.language))
        held = options.get("answering") or ()
        if isinstance(held, dict) and reply.closes \
                and not thanks_alone(turn, text):
            # "tomorrow morning", "hmm" at "Shall I draft that email to Bob Smith?": neither a
            # yes nor a no, nor anything about the situation. The offer stands, asked again
            # with what it takes; it is not closed with "Glad that helps" as if thanked.
            return await self._offer_again(step, conversation, held)
        instead = (None if conversation.stage == GAP_QUESTION_STAGE
                   else _instead_of_a_gap(reply, turn.understood(text), text,
                                          first=not conversation.history))
        if instead is not None:
            # No guidance, but the question is about the schedule or about ERA: the schedule
            # or what ERA can do answers it; HR would get a ticket nobody needs.
            logger.info("advice: no guidance on a question about %s", instead)
            return await step.end_dialog(
                flow_result(FlowOutcome.ROUTE, text=text, routed_as=str(instead)))
        if reply.knowledge_gap and reply.playbook_id is None and not conversation.history \
                and (_too_vague(text) or turn.understood(text).is_vague_advice):
            # "is it legal?" or "I need help with an employee" with nothing before it: ERA
            # asks what happened. Handing over to HR would send HR a question with nothing to
            # go on.
            return await self._ask(step, conversation, say(OPENING_QUESTION, turn.language))
        if reply.knowledge_gap and reply.playbook_id is None \
                and conversation.stage != GAP_QUESTION_STAGE and _a_remark(text) \
                and not _asked_for_a_person(step.context):
            question = say(GAP_QUESTION, turn.language)
            logger.info("advice: no playbook for the remark; one question before HR")
            return await self._ask(step, asked.with_reply(
                question, playbook_id=None, now=turn.now, stage=GAP_QUESTION_STAGE), question)
        detection = self._detection.detect(
            reply.text, asked.history, str(Intent.ADVICE), names_someone=reply.names_someone
        )
        # A question or no answer at a clarifying question tells no facts ("and if he says
        # it's not true?" is no reason for the lateness).
        told = replace(asked, facts=conversation.facts) if reply.reasked else asked
        answered = told.with_reply(
            reply.text, playbook_id=reply.playbook_id, now=turn.now, stage=reply.stage,
            step=reply.step, asked=reply.asked,
            employee_id=reply.employee.id if reply.employee else None,
            language_noted=reply.language_noted, reasked=reply.reasked, fresh=reply.fresh,
            offers_hand_over=reply.offers_hand_over,
        )
        if reply.employee is not None or answered.situation:
            # Kept also when the name was ambiguous ("bob", two Bobs): "email him" then asks
            # which Bob of the situation, not "who?" as if nobody had been named.
            remember_advice_employee(reply.employee.id if reply.employee else "",
                                     answered.situation, turn.now)
        # Right after a question asked at an offer, the answer is all ERA gives: no flow is
        # started unasked on top of it (the answer says how to ask for one).
        offered = [launch for launch in _launches(detection, reply, answered)
                   if launch["flow"] not in (*answered.set_aside, *answered.done) and not held]
        launches = [
            launch for launch in offered
            if await step.find_dialog(flow_dialog_id(FLOW_INTENTS[launch["flow"]])) is not None
        ]
        if detection.flow is not None and not launches:
            logger.info("advice: %s recommended, but that flow is not available", detection.flow)
        await self._feedback.remember_exchange(
            turn.conversation_key,
            AdviceExchange(
                user=text,
                assistant=reply.text,
                at=turn.now.isoformat(),
                decisions=(detection.email.to_log(), detection.calendar.to_log()),
                playbook_id=reply.playbook_id,
                knowledge_gap=reply.knowledge_gap,
                launched=launches[0]["flow"] if launches else None,
            ),
        )
        _report(reply)
        if reply.noted and isinstance(held, dict):
            # "he says it's the bus" at "Shall I find a time for that call?": noted, and as the
            # advice stands, so does its offer (asked again, not set aside).
            flow = held["flow"]
            return await self._offer(step, replace(answered, set_aside=tuple(
                action for action in answered.set_aside if action != flow)), held,
                advice=reply.text)
        if not launches:
            said = _with_later(reply, detection, answered, turn.language, held=bool(held))
            if isinstance(held, dict) and reply.employee is not None and say(
                    _LATER_TEXT[ActionFlow(held["flow"])], turn.language,
                    first_name=reply.employee.first_name) in said:
                # "I can draft the warning email ... When you want that email to Omar, just
                # say 'email Omar'": a plain yes next takes up the offer the question was
                # asked at.
                step.values["later"] = held
            return await self._ask(step, answered, said)
        first, *rest = launches
        return await self._offer(
            step, answered, {**first, "then": rest[0] if rest else first.get("then")},
            advice=reply.text)

    async def _next_step(self, step: WaterfallStepContext) -> DialogTurnResult:
        conversation = AdviceConversation.from_dict(step.values.get("conversation"))
        result = step.result
        reminder = step.values.get("reminder")
        if reminder and isinstance(result, ReplyAnswer) and result.intent in (
            ReplyIntent.CONFIRM, ReplyIntent.REJECT
        ):
            await self._answer_reminder(step, reminder, result.intent is ReplyIntent.CONFIRM)
            return await step.replace_dialog(
                self.initial_dialog_id,
                {"conversation": conversation.to_dict(), "after_flow": True},
            )
        offer = step.values.get("offer")
        if offer and isinstance(result, ReplyAnswer):
            return await self._answer_offer(step, conversation, offer, result)
        later = step.values.get("later")
        if later and isinstance(result, ReplyAnswer) and result.status is AnswerStatus.ANSWERED \
                and is_bare_yes(result.text) \
                and not EraTurn.of(step.context).understood(result.text).is_decline:
            return await step.replace_dialog(
                self.initial_dialog_id, {"conversation": conversation.to_dict(), "launch": later})
        if isinstance(result, ReplyAnswer):
            text = result.text
            asked = next((turn.content for turn in reversed(conversation.history)
                          if turn.role is Role.ASSISTANT), "")
            if result.status is AnswerStatus.ANSWERED and conversation.stage == "clarify" \
                    and asked and thanks_alone(EraTurn.of(step.context), text):
                # "merci" while the advisor waits for what happened answers none of its
                # questions: they are asked again, and nothing is advised on a thank-you.
                await step.context.send_activity(
                    say("prompt.thanks", EraTurn.of(step.context).language))
                return await step.replace_dialog(
                    self.initial_dialog_id,
                    {"conversation": conversation.to_dict(), "ask_again": asked})
            if result.status is AnswerStatus.EXPIRED:
                # Advice has nothing pending to protect: the conversation carries on past the
                # turn memory's ten minutes, up to the idle limit.
                text = (step.context.activity.text or "").strip()
                if conversation.is_idle(EraTurn.of(step.context).now, IDLE_LIMIT):
                    conversation = AdviceConversation()
            return await step.replace_dialog(
                self.initial_dialog_id, {"text": text, "conversation": conversation.to_dict()}
            )
        outcome = result.get("outcome") if isinstance(result, dict) else None
        if isinstance(result, dict) and result.get("offer"):
            return await self._after_offer(step, conversation, result)
        if outcome in (FlowOutcome.HANDED_OFF, FlowOutcome.ROUTE):
            # Handed to a person, or a request for the router: the advice conversation ends.
            return await step.end_dialog(result)
        then = step.values.get("then")
        if outcome == FlowOutcome.DONE and not then and peek_follow_up(step.context):
            # "oui et appelle alice demain" at the preview of the email advice led to: the
            # email is sent and the manager has said what comes next, so "anything else about
            # this situation?" has its answer; the router serves the request now.
            return await step.end_dialog(result)
        warned = result.get("sent_purpose") if isinstance(result, dict) else None
        if outcome == FlowOutcome.DONE and warned == "written_warning" and not then:
            offer = await self._reminder_slot(step, result.get("employee_id"))
            if offer is not None:
                return await step.replace_dialog(
                    self.initial_dialog_id,
                    {"conversation": conversation.to_dict(), "reminder": offer},
                )
        if outcome == FlowOutcome.DONE and then:
            # The call recommended with the email is offered in turn, never started unasked.
            return await step.replace_dialog(
                self.initial_dialog_id, {"conversation": conversation.to_dict(), "offer": then}
            )
        ended = step.values.get("launched") or {}
        return await step.replace_dialog(
            self.initial_dialog_id,
            {"conversation": conversation.to_dict(), "after_flow": True,
             "ended": ended.get("flow")},
        )

    # -- helpers ----------------------------------------------------------------------------

    async def _ask(
        self, step: WaterfallStepContext, conversation: AdviceConversation, text: str
    ) -> DialogTurnResult:
        """Show `text` and wait for the manager's next message."""
        self._keep(step, conversation)
        memory = await self.new_memory(step.context)
        return await self.ask(
            step, memory, str(FreeTextQuestion.ADVICE_ANSWER), text, free_text=True,
            yes_is_an_answer=True,
        )

    async def _offer(
        self, step: WaterfallStepContext, conversation: AdviceConversation,
        launch: dict[str, Any], *, advice: str = "",
    ) -> DialogTurnResult:
        """Say the `advice` and ask whether to start the action it recommends (design note
        003: ERA offers; the manager chooses): no draft, no times and no "which Bob?" before
        a yes."""
        self._keep(step, conversation)
        step.values["offer"] = launch
        employee_id = launch["context"].get("employee_id")
        employee = await self.services.directory.get(str(employee_id)) if employee_id else None
        key = _OFFER_TEXT[ActionFlow(launch["flow"])]
        text = (Phrase.of(key, employee=employee.name) if employee is not None
                else Phrase.of(f"{key}_unnamed"))
        then = launch.get("then") or {}
        if employee is not None and not launch.get("next") and then.get("next"):
            # One call with each of the people the situation is between: this one first.
            second = await self.services.directory.get(str(then["context"]["employee_id"]))
            if second is not None:
                text = Phrase.of(OFFER_CALLS_EACH, first=employee.name, second=second.name)
        elif employee is not None and launch.get("next"):
            text = Phrase.of(OFFER_NEXT_CALL_AFTER_NO if launch.get("after_no")
                             else OFFER_NEXT_CALL, employee=employee.name)
        memory = await self.new_memory(step.context)
        return await self.ask(
            step, memory, str(QuestionId.CONFIRM_ACTION), text, preface=advice,
            buttons=phrase.yes_no_buttons(), return_unknown=True,
        )

    async def _says_only_when(self, turn: EraTurn, text: str) -> bool:
        """Whether a reply names a time still to come and little else ("tomorrow afternoon",
        "next week sometime", "morgen nachmittag bitte"); "he was late yesterday" does not."""
        windows = await self.services.time_parser.parse(text, now=turn.now, locale=turn.locale)
        if not windows or any(window.end <= turn.now for window in windows):
            return False
        rest = text
        for window in windows:
            rest = rest.replace(window.text, " ")
        return len(_WORD.findall(rest)) <= _WORDS_BESIDE_A_TIME

    async def _offer_again(
        self, step: WaterfallStepContext, conversation: AdviceConversation,
        offer: dict[str, Any],
    ) -> DialogTurnResult:
        """The offer asked again after a reply that answers it in no way, saying what it
        takes (the action is no longer set aside)."""
        language = EraTurn.of(step.context).language
        question = str(QuestionId.CONFIRM_ACTION)
        unclear = say("prompt.not_understood", language,
                      accepted=format_accepted(describe_accepted(question, ()), language))
        kept = replace(conversation, set_aside=tuple(
            action for action in conversation.set_aside if action != offer["flow"]))
        return await self._offer(step, kept, offer, advice=unclear)

    async def _answer_offer(
        self, step: WaterfallStepContext, conversation: AdviceConversation,
        offer: dict[str, Any], answer: ReplyAnswer,
    ) -> DialogTurnResult:
        """The manager's reply to the offer: a yes starts the action; a no sets it aside and
        says how to ask for it later; anything else (a question about the advice, more about
        the situation) is for the advisor, the action set aside."""
        turn = EraTurn.of(step.context)
        text = answer.text.strip()
        flow = ActionFlow(offer["flow"])
        if answer.status is AnswerStatus.EXPIRED:
            return await step.replace_dialog(
                self.initial_dialog_id, {"text": text, "conversation": conversation.to_dict()})
        understood = turn.understood(text)
        if not understood.is_decline and (
                answer.intent is ReplyIntent.CONFIRM
                or change_after_yes(text, str(QuestionId.CONFIRM_ACTION), turn.locale)
                is not None):
            if flow is ActionFlow.CALENDAR:
                # "yes, tomorrow afternoon": the call is looked for when the manager said.
                offer = {**offer, "context": {**offer["context"], SAID_WITH_YES: text}}
            return await step.replace_dialog(
                self.initial_dialog_id, {"conversation": conversation.to_dict(), "launch": offer})
        if flow is ActionFlow.CALENDAR and not understood.is_decline \
                and await self._says_only_when(turn, text):
            # "tomorrow afternoon", "mardi matin" at "Shall I find a time for that call?": the
            # manager answered when, which is taking the offer up; the call is looked for
            # then (times listed, nothing booked before a pick and its yes).
            offer = {**offer, "context": {**offer["context"], SAID_WITH_YES: text}}
            return await step.replace_dialog(
                self.initial_dialog_id, {"conversation": conversation.to_dict(), "launch": offer})
        if flow is ActionFlow.CALENDAR \
                and (understood.names_a_meeting or asks_whether_to_talk(text)) \
                and not understood.is_decline and text.rstrip().endswith(("?", "？")) \
                and advice_topic(text) is None:
            # "should I book a meeting with him?", "devo marcar uma reunião?" at "Shall I find
            # a time for that call?": it is the step suggested, and the offer stands (no HR
            # answer, whose yes would hand the manager over). "what should I say in the
            # meeting?" asks about the advice, and is answered.
            await step.context.send_activity(say("advice.offer_is_the_step", turn.language))
            return await step.replace_dialog(
                self.initial_dialog_id, {"conversation": conversation.to_dict(), "offer": offer})
        conversation = conversation.setting_aside(str(flow))
        if understood.is_decline or answer.intent is ReplyIntent.REJECT \
                or _declines(turn, text):
            employee_id = offer["context"].get("employee_id")
            employee = await self.services.directory.get(str(employee_id)) \
                if employee_id else None
            kept = [say(_KEPT_TEXT[flow], turn.language)]
            # "no" to the call, then "send him a written warning" (said with it): the other
            # action, about the same person, is the manager's choice.
            follow_up = await self._same_person_follow_up(step, offer)
            if follow_up is not None:
                switched = _switched(offer, SWITCH_FLOWS[follow_up.intent], conversation,
                                     follow_up.request)
                await step.context.send_activity(kept[0])
                return await step.replace_dialog(
                    self.initial_dialog_id,
                    {"conversation": conversation.to_dict(), "launch": switched})
            if employee is not None:
                kept.append(say(_LATER_TEXT[flow], turn.language,
                                first_name=employee.first_name))
            await step.context.send_activity(" ".join(kept))
            return await self._offer_the_next_call(step, conversation, offer)
        return await step.replace_dialog(
            self.initial_dialog_id,
            {"text": text, "conversation": conversation.to_dict(), "answering": offer})

    async def _start_flow(
        self,
        step: WaterfallStepContext,
        conversation: AdviceConversation,
        launch: dict[str, Any],
    ) -> DialogTurnResult:
        """Start the email or calendar flow with the context; its result comes to _next_step."""
        self._keep(step, conversation)
        step.values["then"] = launch.get("then")
        step.values["launched"] = {k: v for k, v in launch.items() if k != "then"}
        flow = ActionFlow(launch["flow"])
        logger.info("advice: starting the %s flow (%s)", flow, launch["context"]["purpose"])
        return await step.begin_dialog(
            flow_dialog_id(FLOW_INTENTS[flow]),
            {"text": launch["text"], "context": dict(launch["context"])},
        )

    async def _after_offer(
        self, step: WaterfallStepContext, conversation: AdviceConversation,
        result: dict[str, Any],
    ) -> DialogTurnResult:
        """The manager left the flow ERA offered without its effect (see the module
        docstring): the action is set aside for this topic, and what they said is served."""
        launched: dict[str, Any] = dict(step.values.get("launched") or {})
        if launched:
            conversation = conversation.setting_aside(str(launched["flow"]))
        how = OfferExit(result["offer"])
        switch_to = result.get("switch_to")
        if switch_to == str(Intent.TRANSFER):
            if await self._case_to_hr(step.context, conversation):
                await self.clear_memory(step.context)
                return await step.end_dialog(flow_result(FlowOutcome.HANDED_OFF))
            return await step.end_dialog(flow_result(
                FlowOutcome.ROUTE, text=str(result.get("text") or "")))
        follow_up = None
        if how is OfferExit.DECLINED:
            # "no, email him instead": the answer declined, the request after it is the switch.
            follow_up = await self._same_person_follow_up(step, launched)
            switch_to = str(follow_up.intent) if follow_up is not None else None
        if switch_to and launched:
            flow = SWITCH_FLOWS[Intent(switch_to)]
            asked = follow_up.request if how is OfferExit.DECLINED and follow_up is not None \
                else str(result.get("text") or "")
            launch = _switched(launched, flow, conversation, asked)
            if await step.find_dialog(flow_dialog_id(FLOW_INTENTS[flow])) is not None:
                return await step.replace_dialog(
                    self.initial_dialog_id,
                    {"conversation": conversation.to_dict(), "launch": launch},
                )
        if how is OfferExit.FOR_ADVISOR:
            return await step.replace_dialog(
                self.initial_dialog_id,
                {"text": str(result.get("text") or ""), "conversation": conversation.to_dict(),
                 "answering": True},
            )
        if how is OfferExit.DECLINED:
            return await self._offer_the_next_call(
                step, conversation, {**launched, "then": step.values.get("then")})
        return await step.replace_dialog(
            self.initial_dialog_id,
            {"conversation": conversation.to_dict(), "after_flow": True, "topic_kept": True},
        )

    async def _offer_the_next_call(
        self, step: WaterfallStepContext, conversation: AdviceConversation,
        declined: dict[str, Any],
    ) -> DialogTurnResult:
        """After a no to the call with one of the people a situation is between ("chen and
        sophie keep arguing"), the call with the next one is still offered, its own yes or no;
        with none left, the topic goes on."""
        then = declined.get("then")
        if isinstance(then, dict) and then.get("next"):
            return await step.replace_dialog(
                self.initial_dialog_id,
                {"conversation": conversation.to_dict(), "offer": {**then, "after_no": True}})
        return await step.replace_dialog(
            self.initial_dialog_id,
            {"conversation": conversation.to_dict(), "after_flow": True, "topic_kept": True},
        )

    async def _same_person_follow_up(
        self, step: WaterfallStepContext, launched: dict[str, Any]
    ) -> FollowUp | None:
        """The other action asked for after the answer ("no, email him instead"), when it is
        about the person the offer was about (another person's request is served after)."""
        employee_id = (launched.get("context") or {}).get("employee_id")
        employee = await self.services.directory.get(str(employee_id)) if employee_id else None
        if employee is None:
            return None
        waiting = peek_follow_up(step.context)
        if waiting is None or waiting.intent not in SWITCH_FLOWS:
            return None
        named = EraTurn.of(step.context).understood(waiting.request).slots.get("person", "")
        if named and fold_text(named) not in fold_text(employee.name):
            return None
        return take_follow_up(step.context)

    # -- the follow-up reminder after a written warning ---------------------------------------

    async def _reminder_slot(
        self, step: WaterfallStepContext, employee_id: object
    ) -> dict[str, Any] | None:
        """The first free 15 minutes in the manager's working day two weeks from now (a
        weekday), and who it is about; None when the employee is unknown."""
        turn = EraTurn.of(step.context)
        services = self.services
        employee = await services.directory.get(str(employee_id)) if employee_id else None
        if employee is None:
            return None
        store = await services.directory.get_store(turn.person.store_id)
        tz = ZoneInfo(store.timezone if store else "UTC")
        day = (turn.now + REMINDER_AFTER).astimezone(tz).date()
        while day.weekday() >= 5:
            day += timedelta(days=1)
        start = _at(day, _REMINDER_DAY_START, tz)
        end = _at(day, _REMINDER_DAY_END, tz)
        try:
            busy = (await services.calendar.free_busy(
                [turn.person.email], TimeWindow(start, end)
            )).get(turn.person.email, [])
        except BackendError:
            busy = []
        slot = start
        for interval in busy:
            if interval.overlaps(slot, slot + REMINDER_LENGTH):
                slot = max(slot, interval.end)
        if slot + REMINDER_LENGTH > end:
            slot = start
        return {
            "employee": employee.name,
            "starts_at": slot.isoformat(),
            "label": format_shift_label("", slot, slot + REMINDER_LENGTH, tz, turn.language),
            "request_id": f"warning-review-{employee.id}-{turn.now:%Y%m%d%H%M%S}",
        }

    async def _offer_reminder(
        self, step: WaterfallStepContext, conversation: AdviceConversation,
        reminder: dict[str, Any],
    ) -> DialogTurnResult:
        """Ask once whether to book the reminder."""
        self._keep(step, conversation.new_topic())
        step.values["reminder"] = reminder
        memory = await self.new_memory(step.context)
        text = Phrase.of("advice.reminder_offer", when=reminder["label"],
                         employee=reminder["employee"])
        return await self.ask(
            step, memory, str(QuestionId.CONFIRM_ACTION), text,
            buttons=phrase.yes_no_buttons(), return_unknown=True,
        )

    async def _answer_reminder(
        self, step: WaterfallStepContext, reminder: dict[str, Any], accepted: bool
    ) -> None:
        """Book the reminder (once, by its request id) or say it was declined."""
        language = self.language(step)
        if not accepted:
            await step.context.send_activity(say("advice.reminder_declined", language))
            return
        manager = EraTurn.of(step.context).person
        starts_at = datetime.fromisoformat(reminder["starts_at"])
        try:
            await self.services.calendar.create_event(
                organizer_email=manager.email, attendee_emails=(),
                subject=say("advice.reminder_subject", language, employee=reminder["employee"]),
                body=say("advice.reminder_body", language, employee=reminder["employee"]),
                starts_at=starts_at, ends_at=starts_at + REMINDER_LENGTH,
                request_id=str(reminder["request_id"]),
            )
        except BackendError:
            logger.warning("the warning review reminder could not be booked", exc_info=True)
            await step.context.send_activity(
                say("advice.reminder_failed", language, when=reminder["label"]))
            return
        await step.context.send_activity(
            say("advice.reminder_booked", language, when=reminder["label"]))

    @staticmethod
    def _keep(step: WaterfallStepContext, conversation: AdviceConversation) -> None:
        now = EraTurn.of(step.context).now
        step.values["conversation"] = conversation.touched(now).to_dict()


def _instead_of_a_gap(
    reply: AdviceReply, understood: Understanding, text: str, *, first: bool
) -> Intent | None:
    """What answers a question no playbook covers when it is about the store's schedule (the
    schedule), about ERA itself (what ERA can do), or is a short request about a call or a
    meeting ERA did not understand (what ERA can do: "Telefonat Alice Freitag 14 Uhr" asks to
    book, and HR would get a ticket about a calendar entry); None for any other knowledge gap,
    a real situation no playbook covers, which goes to HR as before."""
    if not reply.knowledge_gap or reply.playbook_id is not None:
        return None
    if understood.about_the_schedule and not understood.tells_a_situation:
        # "Chen möchte zwei Tage pro Woche von zu Hause arbeiten" speaks of working, but of a
        # request of Chen's, not of the rota.
        return Intent.STORE_SCHEDULE
    if understood.asks_about_era:
        return Intent.HELP
    if first and _an_unclear_booking(text, understood):
        return Intent.UNKNOWN
    return None


def _an_unclear_booking(text: str, understood: Understanding) -> bool:
    """A first message of a few words that names a call or a meeting, asks nothing and tells
    no situation: a request ERA could not read, never a case for HR by itself."""
    stripped = text.strip()
    return (len(stripped.split()) <= _UNCLEAR_REQUEST_WORDS
            and len(stripped) <= _UNCLEAR_REQUEST_CHARACTERS
            and not stripped.endswith(("?", "？", "؟"))
            and understood.names_a_meeting
            and not understood.tells_a_situation)


def _a_remark(text: str) -> bool:
    """Whether a message tells of something that happened ("elle pleure dans la réserve"),
    not a question about a rule ("what's our policy on dogs?"): a remark no playbook covers
    is asked about before HR gets it; a policy question nobody here can answer goes to HR."""
    if text.rstrip().endswith(("?", "？")):
        return False
    return frame_conversation([ConversationTurn(Role.USER, text)]) is not Framing.HYPOTHETICAL


def _yes_to_a_person(conversation: AdviceConversation, text: str) -> bool:
    """Whether the message is a plain yes to ERA's last reply, which offered the hand-over to
    HR (the offer is the conversation's typed fact, never read back from ERA's words)."""
    if not conversation.hand_over_offered or not conversation.history \
            or text.rstrip().endswith(("?", "？")):
        return False
    return conversation.history[-1].role is Role.ASSISTANT and is_bare_yes(text)


def _asked_for_a_person(context: TurnContext) -> bool:
    """Whether the manager asked for a person and this is ERA's one try at what they need
    (design note 004, flow A): a remark no playbook covers then goes to HR as asked, without
    a question more between the manager and the person they wanted."""
    tracker = tracker_of(context)
    return tracker is not None and tracker.transfer_requested


def _too_vague(text: str) -> bool:
    """A first message too short to advise on or to hand over ("is it legal?", "这合法吗？").
    Chinese and Japanese write a whole remark without a space ("陳さんが店で泣いていました"):
    theirs is counted in characters. Someone's distress, however short ("bob cried", "鲍勃哭了",
    "ボブが泣いた"), is a remark to ask about, not a message telling nothing."""
    if speaks_of_distress(text):
        return False
    if written_unspaced(text):
        return len(text.strip()) <= _VAGUE_UNSPACED_CHARACTERS
    return len(text.split()) <= _VAGUE_WORDS and len(text) <= _VAGUE_CHARACTERS


def _launches(
    detection: ActionDetectionResult, reply: AdviceReply, conversation: AdviceConversation
) -> list[dict[str, Any]]:
    """The flows to start, email first, each with what the flow needs to know: the facts
    gathered (what a draft is written from) besides the situation in the manager's words."""
    employee_id = reply.employee.id if reply.employee else None
    triggered: list[tuple[ActionFlow, ActionPurpose]] = []
    if detection.email.triggered:
        # Read from the whole recommendation (five patterns over some hundreds of characters):
        # only when the email flow starts, not on every advice reply.
        triggered.append((ActionFlow.EMAIL, email_purpose(reply.text, reply.playbook_id)))
    if detection.calendar.triggered:
        triggered.append((ActionFlow.CALENDAR, ActionPurpose.CALL))
    launches = [
        {
            "flow": str(flow),
            "text": reply.text,
            "context": {
                "employee_id": employee_id,
                # The call's invitation goes to the employee: it never carries the manager's
                # words (the flow asks who the call is with when nobody was named).
                "situation": conversation.situation if flow is ActionFlow.EMAIL else "",
                # Whom the manager named is read in their words, never in ERA's own text.
                "named_in": conversation.situation,
                "facts": conversation.facts.to_dict(),
                "purpose": str(purpose),
                "recommendation": reply.text,
            },
        }
        for flow, purpose in triggered
    ]
    return [_call_each(launch, reply.people)
            if launch["flow"] == str(ActionFlow.CALENDAR) and employee_id is None
            and len(reply.people) > 1 else launch
            for launch in launches]


def _call_each(launch: dict[str, Any], people: Sequence[Person]) -> dict[str, Any]:
    """The call recommended with the people a situation is between ("chen and sophie keep
    arguing": one-to-ones), as one call with each, offered one after the other: each is its
    own yes, and the next one is offered once the one before is booked."""
    chained: dict[str, Any] | None = None
    for index in reversed(range(len(people))):
        chained = {**launch, "context": {**launch["context"], "employee_id": people[index].id},
                   "then": chained, "next": index > 0}
    return chained or launch


def _switched(
    launched: dict[str, Any], flow: ActionFlow, conversation: AdviceConversation, asked: str
) -> dict[str, Any]:
    """The other action, about the same person and situation as the one the manager left
    ("email him instead" at the times of the call ERA offered); `asked` is their words."""
    context = dict(launched["context"])
    # The advice was to talk (a warning or a record would have been offered as the email,
    # first): the letter asks to talk, never a warning ("an informal talk, not a warning"
    # names one) nor the summary of a talk that has not happened, unless the manager asks
    # for the warning ("send him a written warning"): their choice.
    if flow is not ActionFlow.EMAIL:
        purpose = str(ActionPurpose.CALL)
    elif email_purpose(asked) is ActionPurpose.WRITTEN_WARNING:
        purpose = str(EmailPurpose.WRITTEN_WARNING)
    else:
        purpose = str(EmailPurpose.GENERAL)
    context.update(
        situation=conversation.situation if flow is ActionFlow.EMAIL else "", purpose=purpose)
    return {"flow": str(flow), "text": launched.get("text", ""), "context": context}


def _with_later(
    reply: AdviceReply, detection: ActionDetectionResult, conversation: AdviceConversation,
    language: str, *, held: bool = False,
) -> str:
    """The answer, and, when it recommends an action the manager set aside in this topic (or
    any action, when `held`: the answer to a question asked at an offer), how to ask for it
    (ERA does not start it unasked)."""
    set_aside = [flow for flow, fired in ((ActionFlow.EMAIL, detection.email.triggered),
                                          (ActionFlow.CALENDAR, detection.calendar.triggered))
                 if fired and (held or flow in conversation.set_aside)]
    if not set_aside or reply.employee is None:
        return reply.text
    later = " ".join(say(_LATER_TEXT[flow], language, first_name=reply.employee.first_name)
                     for flow in set_aside)
    return f"{reply.text}\n\n{later}"


def _at(day: date, moment: time, tz: ZoneInfo) -> datetime:
    """A local day and time as an aware UTC datetime."""
    return datetime.combine(day, moment, tzinfo=tz).astimezone(UTC)


def _report(reply: AdviceReply) -> None:
    """Tell the failure tracker whether this answer helped (see the module docstring)."""
    report = current_report()
    if report is None:
        return
    if reply.knowledge_gap:
        report.failure(
            FailureCategory.KNOWLEDGE_GAP,
            f"the advisor had no guidance (playbook: {reply.playbook_id or 'none'})",
        )
    else:
        report.success("advice given")


def _advice_locale(turn: EraTurn) -> str | None:
    """The locale the advice is written for: the client's when ERA answers in its language
    (its region picks the pt-BR playbooks), else the language ERA answers in. A Japanese
    situation typed in an en-US Teams got English advice under Japanese questions."""
    if turn.locale and language_of(turn.locale) == language_of(turn.language):
        return turn.locale
    return turn.language


def _tells_nothing(turn: EraTurn, text: str) -> bool:
    """Whether a reply tells nothing of what happened: no word at all ("1", "?", "👍"), or a
    bare yes ("ok", "yes", "はい")."""
    if not any(char.isalpha() for char in text):
        return True
    said = short_answer(text, locale=turn.locale, questions=(str(QuestionId.CONFIRM_ACTION),))
    return len(text.split()) <= _DECLINE_WORDS and said is ReplyIntent.CONFIRM


def _waits(turn: EraTurn, text: str) -> bool:
    """Whether a short reply only puts the answer off ("not yet", "hold on", "pas encore",
    "noch nicht", "まだです"); "cancel" stops, and an account that says "yet" is an answer."""
    if len(text.split()) > _DECLINE_WORDS or len(text) > _WAIT_CHARS:
        return False
    return turn.understood(text).intent is not Intent.CANCEL_FLOW \
        and asks_to_wait(text, turn.locale, turn.language)


def _declines(turn: EraTurn, text: str) -> bool:
    """Whether a reply says no and nothing more ("no", "nothing", "non", "nein, passt schon",
    "never mind"): no account of what happened."""
    understanding = turn.understood(text)
    if understanding.is_bare_decline or understanding.intent is Intent.CANCEL_FLOW:
        return True
    said = short_answer(text, locale=turn.locale, questions=(str(QuestionId.CONFIRM_ACTION),))
    return len(text.split()) <= _DECLINE_WORDS and said is ReplyIntent.REJECT
