"""The base of every flow (shift cancel, assignment, email, calendar, ...).

Before a flow's step sees a reply, the base asks whether the message is an interrupt: "cancel"
ends the flow, "help" explains the current question and what it accepts, "talk to a person"
starts the transfer, a different request ("actually I want to book a new one") starts that flow
on top of this one, "start over" clears everything. When a flow started on top ends, this flow
offers to resume. The base also checks who may use the flow, and holds the turn-memory helpers
that all flows share.
"""

from __future__ import annotations

import logging
import re
from collections.abc import Awaitable, Callable, Mapping, Sequence
from dataclasses import replace
from datetime import datetime
from enum import StrEnum
from typing import Any, ClassVar
from zoneinfo import ZoneInfo

from botbuilder.core import TurnContext
from botbuilder.dialogs import (
    ComponentDialog,
    Dialog,
    DialogContext,
    DialogReason,
    DialogTurnResult,
    DialogTurnStatus,
    WaterfallDialog,
    WaterfallStepContext,
)
from botbuilder.schema import Activity, ActivityTypes

from core.choice_option import ChoiceOption
from core.intent import Intent
from core.person import Person, PersonRole
from core.question_id import QuestionId
from core.reply_interpreter import (
    InterpretedReply,
    ReplyIntent,
    describe_accepted,
    interpret_reply,
)
from core.turn_memory import TURN_MEMORY_TTL, TurnMemory
from dialogs.dialog_ids import REPLY_PROMPT, flow_dialog_id
from dialogs.era_turn import EraTurn
from dialogs.flow_services import FlowServices
from dialogs.last_question import advice_employee, forget_question, remember_talked_about
from dialogs.question_card import question_activity
from dialogs.reply_prompt import (
    AskOptions,
    ReplyPrompt,
    asked_in,
    keep_follow_up,
    take_follow_up,
    thanks_alone,
)
from dialogs.request_routing import route_for
from dialogs.turn_failures import tracker_of
from language.catalogue import default_catalogue, say
from language.follow_up import naming
from language.formatting import format_accepted, format_list, yes_no_buttons
from language.interrupts import Interrupt, InterruptKind
from language.phrase import Sayable, said
from language.question_phrasing import QuestionPhrasing
from language.understanding import Understanding
from state.person_state import current_person_state
from state.turn_memory_store import TurnMemoryLookup

logger = logging.getLogger(__name__)

# Where a pick ends and what is told with it begins: "the first one, i'm sick", "2 - i'm ill",
# "最初の、熱があります", "第一个，我生病了".
PICK_END = re.compile(r"\s*(?:[,;:.!]|\s[-–—]\s|[，、；：。！])\s*")

# A flow started on top of another, by a request that names nobody, gets the employee the
# other flow is about under this option.
EMPLOYEE_HINT = "employee_hint"
# The email flow's memory as a hand-over to HR left it (dialogs/kept_draft.py).
KEPT_DRAFT = "kept_draft"
# The entities that hold the people a flow is about (a swap holds two).
_PERSON_ENTITIES = ("employee", "person", "person_a", "person_b")
# With it, when the employee is the one the advice was about, the situation told the advisor.
SITUATION_HINT = "situation_hint"

Step = Callable[[WaterfallStepContext], Awaitable[DialogTurnResult]]

_AWAITING_RESUME = "awaiting_resume"
# A no read with every word placed ("no", "no thanks"); below it, a word was left over ("cancela
# el del jueves": its day).
_PLAIN_NO = 0.95
# The person-state flag saying when a flow last ended with "Anything else?" (ISO time).
OFFERED_MORE = "offered_more"
# The question a worker's finished request closes with ("Anything else?"), and the turn-state
# key saying it is left out of this turn's messages (a flow set aside is offered next).
ANYTHING_ELSE = "flow.anything_else"
_CLOSING_LEFT_OUT = "era.flow.closing_left_out"


# The resume question's two buttons, Yes then No, by their place ("1", "the second one").
_YES_NO_PLACES = (ChoiceOption("opt_1", 0, "1"), ChoiceOption("opt_2", 1, "2"))
_BY_PLACE = {"opt_1": ReplyIntent.CONFIRM, "opt_2": ReplyIntent.REJECT}
_BY_PLACE_QUESTION = "select_yes_no"
# The questions of a preview waiting for its yes ("Shall I send it?"): "confirm_…" ids.
_PREVIEW_QUESTION = "confirm_"


def _yes_or_no_by_place(text: str, locale: str | None) -> InterpretedReply | None:
    """A yes or a no said by its button's place ("1", "the first", "la seconda"); None for
    any other reply."""
    picked = interpret_reply(text, _BY_PLACE_QUESTION, _YES_NO_PLACES, locale)
    if picked.intent is not ReplyIntent.SELECT or picked.option_id not in _BY_PLACE:
        return None
    return InterpretedReply(_BY_PLACE[picked.option_id], picked.confidence, None,
                            f"the {picked.option_id} button: {picked.reasoning}")


# Interrupts that are another request (not a control word such as "cancel" or "help").
_REQUESTS = frozenset({InterruptKind.SWITCH, InterruptKind.TRANSFER})

# The turn-memory flag of a flow ERA offered (the advisor started it; the manager did not ask).
OFFERED = "offered"
# In the context of a flow ERA offered, what the manager said with the yes to it ("yes,
# tomorrow afternoon"): read for when, as a request would be.
SAID_WITH_YES = "said_with_yes"
# The requests that, in a flow ERA offered, take the manager to the advisor's other action
# ("email him instead" at the times of a call ERA offered).
_OFFER_SWITCHES = frozenset({Intent.EMAIL, Intent.CALL_EMPLOYEE, Intent.MEETING_BOOK})


class FlowOutcome(StrEnum):
    """How a flow ended, returned to whoever started it."""

    DONE = "done"
    CANCELLED = "cancelled"
    EXPIRED = "expired"
    DENIED = "denied"
    HANDED_OFF = "handed_off"
    FAILED = "failed"
    ROUTE = "route"  # the flow ends by handing a request to the router (flow A of a transfer)


class OfferExit(StrEnum):
    """How the manager left a flow ERA offered, without its effect (the result's "offer")."""

    DECLINED = "declined"  # "not now", "no thanks", "I'll do it myself"
    FOR_ADVISOR = "for_advisor"  # a question or more facts: the advisor answers the "text"
    SWITCHED = "switched"  # "email him instead": the advisor starts "switch_to" instead


def flow_result(outcome: FlowOutcome, **details: Any) -> dict[str, Any]:
    """The plain result a flow ends with."""
    return {"outcome": str(outcome), **details}


class FlowDialog(ComponentDialog):
    """A flow: a waterfall of steps plus the interrupt, help, resume and permission rules.

    Subclasses set `intent` (its catalogue has whole sentences per flow: "flow.<intent>.stopped"
    says "OK, I've stopped <what this flow does>"), `allowed_roles` and `denied_text` (the id of
    the message for people whose role may not use it), and pass their waterfall steps to this
    constructor.
    """

    intent: ClassVar[Intent]
    allowed_roles: ClassVar[frozenset[PersonRole]] = frozenset(PersonRole)
    denied_text: ClassVar[str] = "flow.denied"
    # The flow ends with "Anything else?": a bare yes or no after it answers that question.
    asks_anything_else: ClassVar[bool] = False
    # What the flow says when the manager leaves it, ERA having offered it, for another action.
    offer_left_text: ClassVar[str] = "meeting.not_booked"
    # Questions besides the yes to a preview at which a prepared action waits (an email's
    # "What should it say instead?"): a request made there leaves or sets it aside, said so.
    preview_questions: ClassVar[frozenset[str]] = frozenset()

    def __init__(self, steps: Sequence[Step], *, services: FlowServices) -> None:
        super().__init__(flow_dialog_id(self.intent))
        self.services = services
        self.turn_memory = services.turn_memory
        waterfall_id = f"{self.id}.steps"
        self.add_dialog(WaterfallDialog(waterfall_id, list(steps)))
        self.add_dialog(
            ReplyPrompt(turn_memory=services.turn_memory, fallback=services.reply_fallback,
                        directory=services.directory, answering=self.intent)
        )
        self.initial_dialog_id = waterfall_id

    @property
    def scope(self) -> str:
        """The turn-memory scope of this flow."""
        return str(self.intent)

    # -- entry and interrupts -------------------------------------------------------------

    async def on_begin_dialog(self, inner_dc: DialogContext, options: object) -> DialogTurnResult:
        """Refuse people whose role may not use this flow; otherwise start the steps."""
        turn = EraTurn.of(inner_dc.context)
        # A follow-up ("and saturday?") leans on the question just answered, not on one
        # asked before another flow.
        forget_question()
        if turn.person.role not in self.allowed_roles:
            await inner_dc.context.send_activity(await self.denied_message(turn))
            return DialogTurnResult(DialogTurnStatus.Complete, flow_result(FlowOutcome.DENIED))
        if inner_dc.parent is not None:
            await self._one_closing_question(inner_dc.parent)
        return await super().on_begin_dialog(inner_dc, options)

    async def denied_message(self, turn: EraTurn) -> str:
        """What someone whose role may not use this flow is told."""
        return say(self.denied_text, turn.language)

    async def continue_dialog(self, dialog_context: DialogContext) -> DialogTurnResult:
        """Answer the resume question if one is pending, else run the inner steps."""
        if dialog_context.active_dialog.state.get(_AWAITING_RESUME):
            return await self._continue_resume(dialog_context)
        await self._one_closing_question(dialog_context)
        return await super().continue_dialog(dialog_context)

    async def _one_closing_question(self, dialog_context: DialogContext) -> None:
        """When this flow, which closes with "Anything else?", runs on top of a flow set aside,
        leave that question out of what it sends this turn: once it ends, the flow beneath asks
        "Shall we get back to …?", and two questions at once leave the person unsure which one
        a "yes" answers. `dialog_context` holds this flow on top of its stack."""
        context = dialog_context.context
        if not self.asks_anything_else or context.turn_state.get(_CLOSING_LEFT_OUT):
            return
        beneath = [await dialog_context.find_dialog(instance.id)
                   for instance in dialog_context.stack[1:]]
        if not any(isinstance(dialog, FlowDialog) for dialog in beneath):
            return
        context.turn_state[_CLOSING_LEFT_OUT] = True
        closing = say(ANYTHING_ELSE, EraTurn.of(context).language)

        async def leave_out(
            _: TurnContext, activities: list[Activity], send: Callable[[], Awaitable[Any]]
        ) -> Any:
            for activity in activities:
                if activity.type == ActivityTypes.message and activity.text:
                    activity.text = without_closing(activity.text, closing)
            return await send()

        context.on_send_activities(leave_out)

    async def on_continue_dialog(self, inner_dc: DialogContext) -> DialogTurnResult:
        """Check for an interrupt before the current step sees the message."""
        activity = inner_dc.context.activity
        if activity.type == ActivityTypes.message and activity.text:
            interrupt = EraTurn.of(inner_dc.context).understood(activity.text).interrupt(
                active_flow=self.intent, question=self.current_question(inner_dc)
            )
            if interrupt is not None and interrupt.kind in _REQUESTS and await self._answered_first(
                inner_dc
            ):
                interrupt = None  # "no, book a call with her instead": the answer, then that
            if interrupt is not None and self.answers_not_interrupts(
                    activity.text, self.current_question(inner_dc), interrupt):
                interrupt = None
            if interrupt is not None and interrupt.intent is Intent.ADVICE \
                    and await self._picks_an_option(inner_dc, activity.text):
                interrupt = None  # "the one who is a cashier" at "which Bob?" picks him
            if interrupt is not None:
                result = await self._interrupt(inner_dc, interrupt)
                if result is not None:
                    return result
            elif await self.starts_anew_in(
                    inner_dc, EraTurn.of(inner_dc.context).understood(activity.text),
                    self.current_question(inner_dc)):
                # The same request made again in full replaces the one in hand: what it
                # previewed is dropped (its buttons answer nothing now) and nothing is applied.
                await self._say_replaced(inner_dc)
                await inner_dc.cancel_all_dialogs()
                await self.clear_memory(inner_dc.context)
                return await inner_dc.begin_dialog(self.initial_dialog_id,
                                                   {"text": activity.text})
        return await super().on_continue_dialog(inner_dc)

    def starts_anew(self, understood: Understanding, question: str | None) -> bool:
        """Whether a message (as `understood`) at `question` is this flow's own request made
        again, to start over with (flows that can tell say which)."""
        return False

    async def starts_anew_in(
        self, inner_dc: DialogContext, understood: Understanding, question: str | None
    ) -> bool:
        """`starts_anew`, for flows that need their state to tell (whom a request is for)."""
        return self.starts_anew(understood, question)

    def answers_not_interrupts(
        self, text: str, question: str | None, interrupt: Interrupt
    ) -> bool:
        """Whether a reply the interrupt rules read as another request answers the flow's
        question instead (flows with such questions say which)."""
        return False

    async def _picks_an_option(self, inner_dc: DialogContext, text: str) -> bool:
        """Whether the message picks one of the options the flow's question offered."""
        question = self.current_question(inner_dc)
        lookup = await self.load_memory(inner_dc.context)
        if question is None or lookup.memory is None or not lookup.memory.options:
            return False
        locale = EraTurn.of(inner_dc.context).locale
        # "the second one, he says it is the bus": the words before the comma pick, those
        # after tell the advice more; the pick is the answer, not a new situation.
        head = PICK_END.split(text.strip(), maxsplit=1)[0]
        return any(interpret_reply(said, question, lookup.memory.options, locale).intent
                   is ReplyIntent.SELECT for said in dict.fromkeys((text, head)) if said)

    @staticmethod
    async def _answered_first(inner_dc: DialogContext) -> bool:
        """Whether the message answers the waiting question before its request."""
        active = inner_dc.active_dialog
        if active is None or active.id != REPLY_PROMPT:
            return False
        prompt = await inner_dc.find_dialog(REPLY_PROMPT)
        return isinstance(prompt, ReplyPrompt) and await prompt.answers_then_asks(
            inner_dc.context, active.state
        )

    @staticmethod
    def current_question(inner_dc: DialogContext) -> str | None:
        """The id of the question this flow is waiting on, if it is waiting on one."""
        active = inner_dc.active_dialog
        if active is not None and active.id == REPLY_PROMPT:
            question = active.state.get("question")
            return str(question) if question else None
        return None

    async def _interrupt(
        self, inner_dc: DialogContext, interrupt: Interrupt
    ) -> DialogTurnResult | None:
        context = inner_dc.context
        logger.info("interrupt in %s: %s", self.id, interrupt.kind)
        if interrupt.kind is InterruptKind.CANCEL:
            lookup = await self.load_memory(context)
            # "cancel" in a flow ERA offered turns the offer down.
            offer = ({"offer": str(OfferExit.DECLINED)}
                     if lookup.memory is not None and lookup.memory.data.get(OFFERED) else {})
            await inner_dc.cancel_all_dialogs()
            await self.clear_memory(context)
            await context.send_activity(await self.say(context, "stopped"))
            # A "no" just after ("nein", "non", "nee") means nothing else: a polite close, not
            # "nothing is waiting for your answer"; a "yes" is asked what.
            _note_anything_else(context)
            return DialogTurnResult(DialogTurnStatus.Complete,
                                    flow_result(FlowOutcome.CANCELLED, **offer))
        if interrupt.kind is InterruptKind.HELP:
            await context.send_activity(await self.help_text(inner_dc))
            if self.reprompts_after_help(self.current_question(inner_dc)):
                await inner_dc.reprompt_dialog()
            return Dialog.end_of_turn
        if interrupt.kind is InterruptKind.START_OVER:
            root = inner_dc
            while root.parent is not None:
                root = root.parent
            await root.cancel_all_dialogs()
            await self.clear_memory(context)
            tracker = tracker_of(context)
            if tracker is not None:
                tracker.start_over()
            await context.send_activity(say("flow.start_over", EraTurn.of(context).language))
            return DialogTurnResult(DialogTurnStatus.Complete, flow_result(FlowOutcome.CANCELLED))
        if self.current_question(inner_dc) and (await self.load_memory(context)).memory is None:
            # The question this flow waits on has expired: serve the request, offer nothing back.
            await inner_dc.cancel_all_dialogs()
            await context.send_activity(say("flow.expired_routed", EraTurn.of(context).language))
            return DialogTurnResult(
                DialogTurnStatus.Complete,
                flow_result(FlowOutcome.ROUTE, text=(context.activity.text or "").strip()),
            )
        left = await self._leave_offer(inner_dc, interrupt)
        if left is not None:
            return left
        route = (route_for(interrupt.intent, interrupt.slots, EraTurn.of(context).person.role)
                 if interrupt.intent else None)
        target = flow_dialog_id(route.intent) if route is not None else None
        parent = inner_dc.parent
        if target is None or parent is None or await parent.find_dialog(target) is None:
            return None
        # The new flow goes on top of this one; when it ends, resume_dialog offers to come back.
        options: dict[str, Any] = {"text": context.activity.text or ""}
        if route is not None:
            options.update(route.options)
            if route.intent is self.intent:
                # "can I swap my tuesday shift?" at the question about asking the manager to
                # cover Friday's: the request said anew takes this one's place, never on top.
                await self._say_replaced(inner_dc)
                await inner_dc.cancel_all_dialogs()
                await self._said_anew(parent, options)
                return Dialog.end_of_turn
        if not interrupt.slots.get("person") and not interrupt.slots.get("everyone"):
            # "yes, email him" while booking a call with Alice: the request is about the
            # employee this flow is about.
            lookup = await self.load_memory(context)
            employee = lookup.memory.entities.get("employee") if lookup.memory else None
            if not employee and interrupt.intent in _OFFER_SWITCHES:
                # "send him a written warning" at the advisor's "anything else?": the
                # employee the advice is about.
                advised = advice_employee(EraTurn.of(context).now)
                if advised is not None:
                    employee, options[SITUATION_HINT] = advised
            if employee:
                options[EMPLOYEE_HINT] = employee
        settled = await self.settled_for(inner_dc, route.intent) if route is not None else None
        if settled is not None:
            # "who will cover it?" at the preview of taking Chen off Thursday: Chen's shift.
            options.update({"entities": settled, "parsed": True})
        await self._say_set_aside(inner_dc)
        await parent.begin_dialog(target, options)
        return Dialog.end_of_turn

    def _at_a_preview(self, inner_dc: DialogContext) -> bool:
        """Whether this flow waits for the yes to its preview ("Shall I send it?")."""
        question = self.current_question(inner_dc)
        return question is not None and (question in self.preview_questions or (
            question.startswith(_PREVIEW_QUESTION) and question != QuestionId.CONFIRM_RESUME))

    async def _say_replaced(self, inner_dc: DialogContext) -> None:
        """When a request of this flow's kind takes the place of its waiting preview, say the
        preview was left with nothing done (the new request's reply alone left the person
        unsure whether the first still waited)."""
        if self._at_a_preview(inner_dc):
            await inner_dc.context.send_activity(
                say("flow.replaced", EraTurn.of(inner_dc.context).language))

    async def request_label(self, context: TurnContext) -> str:
        """The catalogue id of what this flow's request is, as it is named when it is put on
        hold ("ask your manager for more hours")."""
        return f"main.request.{self.intent}"

    async def _say_set_aside(self, inner_dc: DialogContext) -> None:
        """When this flow's preview waits for its yes and another request goes on top, say
        the preview is kept with nothing done (the new request's reply alone read as though
        the preview was gone)."""
        if not self._at_a_preview(inner_dc):
            return
        language = EraTurn.of(inner_dc.context).language
        label = await self.request_label(inner_dc.context)
        if label not in default_catalogue().messages_of(language):
            return
        await inner_dc.context.send_activity(
            say("flow.set_aside", language, request=say(label, language)))

    async def settled_for(self, inner_dc: DialogContext, intent: Intent) -> dict[str, str] | None:
        """What this flow has settled that a request of `intent` said on top of it is about
        (its entities, read as given), or None: the request is read from its own words."""
        return None

    async def _leave_offer(
        self, inner_dc: DialogContext, interrupt: Interrupt
    ) -> DialogTurnResult | None:
        """In a flow ERA offered, "email him instead" (about the same person) is the manager
        choosing the other action: this one ends with nothing done, and the advice
        conversation that offered it starts that action with what it knows. Any other request
        goes on top as usual (None)."""
        context = inner_dc.context
        if interrupt.kind is InterruptKind.TRANSFER:
            # "pass it to HR" at the times of a call ERA offered after advice: the advice
            # conversation hands the case over with what it knows.
            return await self._end_offer(inner_dc, tell=False, offer=str(OfferExit.SWITCHED),
                                         switch_to=str(Intent.TRANSFER))
        if interrupt.kind is InterruptKind.SWITCH and interrupt.intent is Intent.ADVICE:
            # "should I give him a written warning?" at the times of the call ERA offered
            # after lateness advice: a question about that advice, for the conversation that
            # offered the call (a new one knew nothing of the lateness and handed over to HR).
            return await self._end_offer(inner_dc, offer=str(OfferExit.FOR_ADVISOR))
        if interrupt.kind is not InterruptKind.SWITCH or interrupt.intent not in _OFFER_SWITCHES \
                or interrupt.slots.get("everyone"):
            return None
        named = interrupt.slots.get("person", "")
        if named and naming(named, named, EraTurn.of(context).language) is None:
            return None  # someone else by name ("email Chen instead"): on top, as any request
        return await self._end_offer(inner_dc, offer=str(OfferExit.SWITCHED),
                                     switch_to=str(interrupt.intent))

    async def _end_offer(
        self, inner_dc: DialogContext, *, tell: bool = True, **result: str
    ) -> DialogTurnResult | None:
        """End the action advice offered (the flow's memory says it was one), saying so when
        `tell`, with `result` for the advice conversation that takes it on; None when this
        flow was no such offer."""
        context = inner_dc.context
        lookup = await self.load_memory(context)
        if lookup.memory is None or not lookup.memory.data.get(OFFERED):
            return None
        await inner_dc.cancel_all_dialogs()
        await self.clear_memory(context)
        if tell:
            await context.send_activity(say(self.offer_left_text, EraTurn.of(context).language))
        return DialogTurnResult(DialogTurnStatus.Complete, flow_result(
            FlowOutcome.CANCELLED, text=(context.activity.text or "").strip(), **result))

    async def help_text(self, inner_dc: DialogContext) -> str:
        """What the user can say now: the current question and what it accepts."""
        language = EraTurn.of(inner_dc.context).language
        parts = [await self.say(inner_dc.context, "now")]
        question = self.current_question(inner_dc)
        lookup = await self.load_memory(inner_dc.context)
        if question and lookup.memory and lookup.memory.last_question:
            # The question as said in the language of the help asked for, not as first asked.
            asked, _, _ = asked_in(lookup.memory, (), language)
            parts.append(say("flow.help_asked", language, question=asked))
            prompt_state = inner_dc.active_dialog.state if inner_dc.active_dialog else {}
            accepted = self.accepted_now(question, lookup.memory, language)
            if accepted:
                parts.append(accepted)
            elif not prompt_state.get("free_text"):
                parts.append(format_accepted(describe_accepted(question, lookup.memory.options),
                                           language))
        parts.append(say("flow.help_ways_out", language))
        return " ".join(parts)

    def reprompts_after_help(self, question: str | None) -> bool:
        """Whether help asks the pending `question` again after saying what it accepts (a
        flow whose question is long, as an email's preview, says that much and keeps it)."""
        return True

    def accepted_now(self, question: str, memory: TurnMemory, language: str) -> str | None:
        """What the pending `question` accepts when this flow knows better than the question's
        kind (None: the kind's own "Reply "yes" or "no"." or options)."""
        return None

    async def store_zone(self, person: Person) -> ZoneInfo:
        """The timezone of the person's store, in which their shifts and days are told (UTC
        when the store is unknown)."""
        store = await self.services.directory.get_store(person.store_id)
        return ZoneInfo(store.timezone if store else "UTC")

    @staticmethod
    def language(step: WaterfallStepContext) -> str:
        """The language ERA speaks in this step's turn."""
        return EraTurn.of(step.context).language

    async def say(self, context: Any, sentence: str) -> str:
        """This flow's own sentence ("stopped", "dropped", "now", "resume", "resume_reask") in
        the turn's language. A flow whose request comes in kinds may say it of its kind."""
        return say(f"flow.{self.intent}.{sentence}", EraTurn.of(context).language)

    # -- resuming after a digression ---------------------------------------------------------

    async def resume_dialog(
        self, dialog_context: DialogContext, reason: DialogReason, result: object = None
    ) -> DialogTurnResult:
        """A flow started on top of this one has ended: offer to come back to this one."""
        if isinstance(result, dict) and result.get("outcome") in (
            FlowOutcome.HANDED_OFF, FlowOutcome.ROUTE
        ):
            return await dialog_context.end_dialog(result)
        follow_up = take_follow_up(dialog_context.context)
        if follow_up is not None:
            # "yes, and write him an email": the person said what comes next, so that is
            # served now, on top of this flow, which is offered again once it is done.
            target = flow_dialog_id(follow_up.intent)
            if await dialog_context.find_dialog(target) is not None:
                if follow_up.later:
                    # Served on top of this flow, one at a time: the others are named now,
                    # to be asked for again, never dropped unsaid.
                    language = EraTurn.of(dialog_context.context).language
                    await dialog_context.context.send_activity(say(
                        "follow_up.later", language,
                        request=format_list(follow_up.requests[1:], language)))
                return await dialog_context.begin_dialog(target, {"text": follow_up.request})
            keep_follow_up(dialog_context.context, follow_up)
        deadline = EraTurn.of(dialog_context.context).now + TURN_MEMORY_TTL
        dialog_context.active_dialog.state[_AWAITING_RESUME] = deadline.isoformat()
        context = dialog_context.context
        await context.send_activity(
            question_activity(
                context.activity.channel_id,
                await self.say(context, "resume"),
                buttons=yes_no_buttons(EraTurn.of(context).language),
                language=EraTurn.of(context).language,
            )
        )
        return Dialog.end_of_turn

    async def _said_anew(
        self, dialog_context: DialogContext, options: dict[str, Any]
    ) -> DialogTurnResult:
        """This flow's request said anew: it takes this one's place in `dialog_context`, with
        a fresh memory (one memory per flow)."""
        await self.clear_memory(dialog_context.context)
        return await dialog_context.replace_dialog(self.id, options)

    async def _pending_reading(self, context: TurnContext, text: str) -> InterpretedReply | None:
        """`text` read as an answer to the question the set-aside flow was waiting on (its
        options with it); None when it waits on none."""
        memory = (await self.load_memory(context)).memory
        asked = memory.last_question if memory is not None else None
        if memory is None or asked is None:
            return None
        return interpret_reply(text, asked.id, memory.options, EraTurn.of(context).locale)

    async def _continue_resume(self, dialog_context: DialogContext) -> DialogTurnResult:
        context = dialog_context.context
        text = (context.activity.text or "").strip()
        turn = EraTurn.of(context)
        state = dialog_context.active_dialog.state
        deadline = state.get(_AWAITING_RESUME)
        if isinstance(deadline, str) and turn.now >= datetime.fromisoformat(deadline):
            # Nobody answered for a while: the message is a new request, not a yes or no.
            await self.clear_memory(context)
            return await dialog_context.end_dialog(flow_result(FlowOutcome.ROUTE, text=text))
        reply = interpret_reply(text, QuestionId.CONFIRM_RESUME, (), turn.locale)
        pending = await self._pending_reading(context, text)
        if reply.intent is ReplyIntent.UNKNOWN and (
            pending is None or pending.intent is not ReplyIntent.SELECT
        ):
            # "1", "the first", "第一个" for its first button (Yes), "2", "the second" for No:
            # they were asked to answer again. (A number the flow's own list has stays its.)
            reply = _yes_or_no_by_place(text, turn.locale) or reply
        # "send" at its email preview: a yes to the question set aside, a wish to go back to it.
        yes_to_pending = (pending is not None and len(text.split()) <= 2
                          and pending.intent is ReplyIntent.CONFIRM and pending.option_id is None)
        if reply.intent is ReplyIntent.CONFIRM or yes_to_pending:
            # "send" at "Shall we get back to drafting an email?": back to the draft, shown
            # again; nothing is sent before its own Send.
            state.pop(_AWAITING_RESUME, None)
            if (await self.load_memory(context)).memory is None:
                await context.send_activity(say("flow.resume_expired", turn.language))
                return await dialog_context.end_dialog(flow_result(FlowOutcome.EXPIRED))
            await self.reprompt_dialog(context, dialog_context.active_dialog)
            return Dialog.end_of_turn
        if pending is not None and pending.intent is ReplyIntent.SELECT:
            # "odwołaj środę" at "Shall we get back to cancelling your shift?" after the list
            # of shifts: the flow goes on with that answer to its own question.
            state.pop(_AWAITING_RESUME, None)
            return await super().continue_dialog(dialog_context)
        understood = turn.understood(text)
        interrupt = understood.interrupt(active_flow=self.intent, question=None)
        kind = interrupt.kind if interrupt is not None else None
        if kind is None and understood.slots and reply.intent is not ReplyIntent.CONFIRM and (
            understood.intent == self.intent
            or (reply.intent is ReplyIntent.REJECT and reply.confidence < _PLAIN_NO)
        ):
            # "cancela el del jueves", "annule celui de jeudi", "odwołaj środę": a cancel verb
            # with a day is a new request (cancel Thursday's shift), never a no that drops the
            # flow unsaid, nor a reply to ask again.
            await self.clear_memory(context)
            return await dialog_context.end_dialog(flow_result(FlowOutcome.ROUTE, text=text))
        if reply.intent is ReplyIntent.REJECT or kind is InterruptKind.CANCEL:
            await self.clear_memory(context)
            await context.send_activity(await self.say(context, "dropped"))
            return await dialog_context.end_dialog(flow_result(FlowOutcome.CANCELLED))
        if kind is InterruptKind.START_OVER:
            await self.clear_memory(context)
            return await dialog_context.end_dialog(flow_result(FlowOutcome.ROUTE, text=text))
        if (interrupt is not None and interrupt.intent is not None
                and kind in (InterruptKind.SWITCH, InterruptKind.TRANSFER)):
            route = route_for(interrupt.intent, interrupt.slots, turn.person.role)
            target = flow_dialog_id(route.intent)
            options = {"text": text, **route.options}
            if route.intent is self.intent:
                return await self._said_anew(dialog_context, options)
            if await dialog_context.find_dialog(target) is not None:
                return await dialog_context.begin_dialog(target, options)
        if thanks_alone(turn, text):
            # "thanks!", "thank you so much" for what was just done, at "Shall we get back to
            # …?": acknowledged, and the question asked again; the flow set aside is neither
            # taken up nor dropped unsaid.
            await context.send_activity(say("prompt.thanks", turn.language))
        elif kind is not InterruptKind.HELP and len(text.split()) >= 3:
            # Not a yes or no but a new request in words: drop the old flow and serve it.
            await self.clear_memory(context)
            return await dialog_context.end_dialog(flow_result(FlowOutcome.ROUTE, text=text))
        await context.send_activity(
            question_activity(
                context.activity.channel_id,
                await self.say(context, "resume_reask"),
                buttons=yes_no_buttons(turn.language),
                language=turn.language,
            )
        )
        return Dialog.end_of_turn

    # -- turn memory helpers --------------------------------------------------------------

    async def load_memory(self, context: Any) -> TurnMemoryLookup:
        """This flow's turn memory in this conversation."""
        turn = EraTurn.of(context)
        return await self.turn_memory.load(turn.conversation_key, self.scope, turn.now)

    async def new_memory(self, context: Any) -> TurnMemory:
        """A fresh memory for this flow (not yet saved)."""
        turn = EraTurn.of(context)
        return TurnMemory.start(self.scope, turn.conversation_key, turn.now)

    async def save_memory(self, context: Any, memory: TurnMemory) -> None:
        """Persist the memory, and keep whom it is about for a later "email her"."""
        turn = EraTurn.of(context)
        await self.turn_memory.save(turn.conversation_key, memory, turn.now)
        people = [memory.entities[key] for key in _PERSON_ENTITIES
                  if memory.entities.get(key) and memory.entities[key] != turn.person.id]
        remember_talked_about(list(dict.fromkeys(people)), turn.now)

    async def clear_memory(self, context: Any) -> None:
        """Forget this flow's memory."""
        await self.turn_memory.clear(EraTurn.conversation_key_of(context), self.scope)

    async def ask(
        self,
        step: WaterfallStepContext,
        memory: TurnMemory,
        question: str,
        text: str | Sayable,
        *,
        options: Sequence[ChoiceOption] = (),
        buttons: Sequence[tuple[str | Sayable, str]] = (),
        labels: Mapping[str, Sayable] | None = None,
        preface: str = "",
        free_text: bool = False,
        return_unknown: bool = False,
        yes_is_an_answer: bool = False,
        day_corrections: bool = False,
    ) -> DialogTurnResult:
        """Record the question and its options in turn memory, show it, and wait for the reply
        (the next step receives a ReplyAnswer). A question given as a `Phrase` (and buttons
        titled by one, options with one of `labels`, by option id) is asked again in the
        language of a reply written in another; a `preface` ("Bob isn't qualified as
        cashier.") is said before it this once, never kept with it: the question asked again
        (at "help", or on "yes" to "shall we get back to it?") is the question alone."""
        turn = EraTurn.of(step.context)
        phrasing = QuestionPhrasing(
            turn.language, None if isinstance(text, str) else text, dict(labels or {}),
            tuple(None if isinstance(title, str) else title for title, _ in buttons))
        if preface:
            await step.context.send_activity(preface.strip())
        shown_text = said(text, turn.language)
        # Options asked again (kept from when they were first asked) read in this turn's words.
        options = [replace(option, label=phrasing.labels[option.option_id].said(turn.language))
                   if option.option_id in phrasing.labels else option for option in options]
        memory = memory.asking(question, shown_text, turn.now, tuple(options),
                               phrasing.to_dict())
        await self.turn_memory.save(turn.conversation_key, memory, turn.now)
        shown = tuple((said(title, turn.language), reply) for title, reply in buttons)
        return await step.begin_dialog(
            REPLY_PROMPT,
            AskOptions(memory, shown, free_text=free_text, return_unknown=return_unknown,
                       yes_is_an_answer=yes_is_an_answer, day_corrections=day_corrections),
        )

    async def end_expired(self, step: WaterfallStepContext) -> DialogTurnResult:
        """The question expired: nothing was done. A reply that is a new request is passed to
        the router; a short answer ("2", "yes") is told the question expired."""
        await self.clear_memory(step.context)
        text = (step.context.activity.text or "").strip()
        turn = EraTurn.of(step.context)
        if turn.understood(text).intent is not Intent.UNKNOWN:
            await step.context.send_activity(say("flow.expired_routed", turn.language))
            return await step.end_dialog(flow_result(FlowOutcome.ROUTE, text=text))
        await step.context.send_activity(say("flow.expired", turn.language))
        return await step.end_dialog(flow_result(FlowOutcome.EXPIRED))

    async def finish(
        self, step: WaterfallStepContext, outcome: FlowOutcome = FlowOutcome.DONE, **details: Any
    ) -> DialogTurnResult:
        """End the flow, forgetting its turn memory."""
        await self.clear_memory(step.context)
        if self.asks_anything_else:
            _note_anything_else(step.context)
        return await step.end_dialog(flow_result(outcome, **details))


def _note_anything_else(context: TurnContext) -> None:
    """Keep that the flow just ended, so a yes or a no next answers "anything else?"."""
    state = current_person_state()
    if state is not None:
        state.flags[OFFERED_MORE] = EraTurn.of(context).now.isoformat()


def asked_before(memory: TurnMemory) -> tuple[str | Sayable, dict[str, Sayable]]:
    """The question `memory` holds, to be asked once more: its phrase when one was kept (else
    its text as first said) and its options' labels' phrases, by option id."""
    asked = memory.last_question
    if asked is None:
        return "", {}
    phrasing = QuestionPhrasing.from_dict(asked.phrasing)
    if phrasing is None:
        return asked.text, {}
    return phrasing.text or asked.text, dict(phrasing.labels)


def without_closing(text: str, closing: str) -> str:
    """`text` without the closing question `closing` at its end ("... has been cancelled. I've
    let Maria Lopez know." for "... know. Anything else?"); as it was when it does not end so."""
    if not text.endswith(closing):
        return text
    return text[: -len(closing)].rstrip()
