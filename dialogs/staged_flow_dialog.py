"""A flow written as an explicit state machine: named stages, each of which asks one question
(or acts and moves on), and whose reply is handled by the same stage.

The email, call and meeting flows go back and forth (edit the draft and preview it again; "actually
wednesday" at the slot question goes back to the availability search), which a straight
waterfall cannot express. Here the waterfall has two steps, enter and reply, and a move to
another stage restarts it with that stage. The current stage is kept in turn memory next to the
question it asked, so a reply is always read in the light of the stage that asked.
"""

from __future__ import annotations

import re
from abc import ABCMeta, abstractmethod
from collections.abc import Mapping, Sequence
from typing import Any

from botbuilder.dialogs import DialogTurnResult, WaterfallStepContext

from core.choice_option import ChoiceOption
from core.free_text_question import FreeTextQuestion
from core.name_matcher import find_names_in_text
from core.person import Person
from core.question_id import QuestionId
from core.reply_interpreter import ReplyIntent, describe_accepted, interpret_reply
from core.turn_memory import TurnMemory
from dialogs.employee_choice import choose_employee, store_employees
from dialogs.era_turn import EraTurn
from dialogs.flow_dialog import OFFERED, FlowDialog, FlowOutcome, OfferExit, asked_before
from dialogs.flow_services import FlowServices
from dialogs.reply_prompt import AnswerStatus, ReplyAnswer, thanks_alone
from language.advice_topics import advice_topic, asks_if_it_continues
from language.catalogue import say
from language.formatting import format_accepted
from language.phrase import Sayable, read_phrase, stored_phrase
from language.reply_words import change_after_yes

STAGE_KEY = "stage"
_ASK_KEY = "ask"
_PLAIN_NO_WORDS = 3
# A reply to an offer with at least this many words, or a question, says something of its own.
_SAYS_SOMETHING_WORDS = 3
# A message in a script without spaces this long is a sentence ("面談で何を言えばいい").
_UNSPACED_SENTENCE = 4
_WORDS = re.compile(r"[^\W\d_]+")
_QUESTION_MARKS = ("?", "？", "؟")


class StagedFlowDialog(FlowDialog, metaclass=ABCMeta):
    """Start, then enter stages and handle their replies. Subclasses implement `start`,
    `enter` and `reply`; stage names are the subclass's own StrEnum values."""

    def __init__(self, *, services: FlowServices) -> None:
        super().__init__([self._enter_step, self._reply_step], services=services)

    @abstractmethod
    async def start(self, step: WaterfallStepContext, options: dict[str, Any]) -> DialogTurnResult:
        """The flow begins with the options it was started with ({"text": ..., ...})."""

    @abstractmethod
    async def enter(
        self, step: WaterfallStepContext, stage: str, memory: TurnMemory
    ) -> DialogTurnResult:
        """Do what `stage` does: ask its question, or act and move on, or finish."""

    @abstractmethod
    async def reply(
        self, step: WaterfallStepContext, stage: str, memory: TurnMemory, answer: ReplyAnswer
    ) -> DialogTurnResult:
        """Handle the answer to the question `stage` asked."""

    async def goto(
        self, step: WaterfallStepContext, stage: str, memory: TurnMemory
    ) -> DialogTurnResult:
        """Save the memory and enter `stage` (in this turn)."""
        await self.save_memory(step.context, memory.with_data(**{STAGE_KEY: str(stage)}))
        return await step.replace_dialog(self.initial_dialog_id, {STAGE_KEY: str(stage)})

    async def settle_employee(
        self,
        step: WaterfallStepContext,
        stage: str,
        memory: TurnMemory,
        *,
        what: str,
        nothing_done: str,
        employee_id: str | None = None,
        request: str = "",
        answer: str | None = None,
        named: str = "",
        group: bool = False,
    ) -> Person | DialogTurnResult:
        """The manager's employee this flow is about, or the turn that asks who (at `stage`)
        or refuses (saying the message `nothing_done`); `group` as for `choose_employee`."""
        turn = EraTurn.of(step.context)
        choice = await choose_employee(
            self.services.directory, turn.person, what=what, employee_id=employee_id,
            request=request, answer=answer, named=named, group=group, language=turn.language,
            locale=turn.locale,
        )
        if choice.refusal:
            await step.context.send_activity(
                f"{choice.refusal} {say(nothing_done, turn.language)}"
            )
            return await self.finish(step, FlowOutcome.DONE)
        if choice.person is not None:
            return choice.person
        question = QuestionId.SELECT_EMPLOYEE if choice.options else FreeTextQuestion.PERSON_NAME
        # In a flow ERA offered, a reply that is no one ("what should I say to him?") comes
        # back to the flow, which can leave the offer for the advisor.
        return await self.ask_at(
            step, stage, memory, str(question), choice.question,
            options=choice.options, labels=choice.labels, free_text=not choice.options,
            return_unknown=self.offered(memory),
        )

    async def ask_at(
        self,
        step: WaterfallStepContext,
        stage: str,
        memory: TurnMemory,
        question: str,
        text: str | Sayable,
        *,
        options: Sequence[ChoiceOption] = (),
        buttons: Sequence[tuple[str | Sayable, str]] = (),
        labels: Mapping[str, Sayable] | None = None,
        free_text: bool = False,
        return_unknown: bool = False,
        preface: str = "",
    ) -> DialogTurnResult:
        """Ask `question` as `stage`: its reply comes back to `reply` with this stage (a
        `preface` is said before it this once)."""
        memory = memory.with_data(**{STAGE_KEY: str(stage)})
        if step.index != 0:
            # Only a question asked from the first step is answered into the reply step, so a
            # question asked while handling a reply is asked again from the top.
            await self.save_memory(step.context, memory)
            return await step.replace_dialog(self.initial_dialog_id, {_ASK_KEY: {
                "question": question, "text": stored_phrase(text),
                "options": [option.to_dict() for option in options],
                "labels": {key: stored_phrase(label) for key, label in (labels or {}).items()},
                "buttons": [[stored_phrase(title), reply] for title, reply in buttons],
                "free_text": free_text, "return_unknown": return_unknown, "preface": preface,
            }})
        return await self.ask(
            step, memory, question, text, options=options, buttons=buttons, labels=labels,
            free_text=free_text, return_unknown=return_unknown, preface=preface,
        )

    async def names_anyone(self, step: WaterfallStepContext, text: str) -> bool:
        """Whether `text` names any of the manager's employees."""
        people = await store_employees(self.services.directory, EraTurn.of(step.context).person)
        return bool(find_names_in_text(text, people, language=self.language(step)))

    async def reask_options(
        self, step: WaterfallStepContext, stage: str, memory: TurnMemory
    ) -> DialogTurnResult:
        """An unclear reply to a question with options that came back to the flow
        (`return_unknown`): say what is accepted, as the prompt does, and ask it again with the
        same options. Thanks alone ("merci") is welcomed instead, as the prompt does."""
        language = self.language(step)
        asked = memory.last_question
        question = asked.id if asked else str(QuestionId.SELECT_EMPLOYEE)
        if thanks_alone(EraTurn.of(step.context), (step.context.activity.text or "").strip()):
            await step.context.send_activity(say("prompt.thanks", language))
        else:
            accepted = format_accepted(describe_accepted(question, memory.options), language)
            await step.context.send_activity(say("prompt.not_understood", language,
                                                 accepted=accepted))
        text, labels = asked_before(memory)
        return await self.ask_at(step, stage, memory, question, text, options=memory.options,
                                 labels=labels, return_unknown=True)

    @staticmethod
    def is_plain_no(text: str, step: WaterfallStepContext) -> bool:
        """A short "no" / "never mind" to a free-text question, or a refusal in more words
        ("no thanks, I'll ring him myself", "non merci"): the person does not want to go on
        (free-text questions get the words back, not a yes or no)."""
        turn = EraTurn.of(step.context)
        if turn.understood(text).is_decline:
            return True
        if len(text.split()) > _PLAIN_NO_WORDS:
            return False
        locale = turn.locale
        reply = interpret_reply(text, str(QuestionId.CONFIRM_ACTION), (), locale)
        return reply.intent is ReplyIntent.REJECT

    # -- a flow ERA offered ---------------------------------------------------------------------

    @staticmethod
    def offered(memory: TurnMemory) -> bool:
        """Whether ERA offered this flow (the advisor started it; the manager did not ask)."""
        return bool(memory.data.get(OFFERED))

    def declines_offer(self, answer: ReplyAnswer, step: WaterfallStepContext) -> bool:
        """At the question of a flow ERA offered, a reply that turns the offer down: "not
        now", "no thanks", "later", "not yet", "I'll do it myself", "don't book anything",
        a plain "no". ("I'll do it myself" reads as a yes to the words alone: it never is.)"""
        text = answer.text.strip()
        if EraTurn.of(step.context).understood(text).is_decline:
            return True
        if answer.intent is ReplyIntent.CONFIRM:
            return False
        return answer.intent is ReplyIntent.REJECT or self.is_plain_no(text, step)

    def goes_ahead(self, answer: ReplyAnswer, step: WaterfallStepContext) -> bool:
        """At the question of a flow ERA offered, a reply that takes the offer up without
        answering the question: "ok draft something to him", "yes, write it", "sure, email
        him" at "which Bob?" (the question is asked again, never left for the advisor)."""
        if answer.intent is ReplyIntent.CONFIRM:
            return True
        text = answer.text.strip()
        turn = EraTurn.of(step.context)
        if turn.understood(text).intent is self.intent:
            return True
        if asks_if_it_continues(text) or advice_topic(text) is not None:
            # "et si ça continue ?", "¿y si sigue así?": the "si" is "if", not a yes; a
            # question about the advice is for the advisor.
            return False
        return change_after_yes(text, str(QuestionId.CONFIRM_ACTION), turn.locale) is not None

    @staticmethod
    def says_something(text: str) -> bool:
        """A reply that is a sentence or a question rather than a word or two: at an offer,
        it is for the advisor (a question about the advice, more about the situation)."""
        stripped = text.strip()
        words = _WORDS.findall(stripped)
        if stripped.endswith(_QUESTION_MARKS) and words:
            return True
        if len(words) >= _SAYS_SOMETHING_WORDS:
            return True
        return len(words) == 1 and not words[0].isascii() and len(words[0]) >= _UNSPACED_SENTENCE

    async def leave_offer(
        self, step: WaterfallStepContext, how: OfferExit, said: str, text: str = ""
    ) -> DialogTurnResult:
        """Say `said` and end the flow ERA offered, with nothing done; the advice
        conversation that offered it hears how the manager left it (and their words)."""
        await step.context.send_activity(said)
        return await self.finish(step, FlowOutcome.CANCELLED, offer=str(how), text=text)

    async def _enter_step(self, step: WaterfallStepContext) -> DialogTurnResult:
        options = step.options if isinstance(step.options, dict) else {}
        stage = options.get(STAGE_KEY)
        pending = options.get(_ASK_KEY)
        if stage is None and pending is None:
            return await self.start(step, dict(options))
        lookup = await self.load_memory(step.context)
        if lookup.memory is None:
            return await self.end_expired(step)
        if pending is not None:
            return await self.ask(
                step, lookup.memory, str(pending["question"]), read_phrase(pending["text"]),
                options=[ChoiceOption.from_dict(o) for o in pending["options"]],
                labels={str(key): read_phrase(label)
                        for key, label in (pending.get("labels") or {}).items()},
                buttons=[(read_phrase(b[0]), str(b[1])) for b in pending["buttons"]],
                free_text=bool(pending["free_text"]),
                return_unknown=bool(pending["return_unknown"]),
                preface=str(pending.get("preface") or ""),
            )
        return await self.enter(step, str(stage), lookup.memory)

    async def _reply_step(self, step: WaterfallStepContext) -> DialogTurnResult:
        answer = step.result
        if not isinstance(answer, ReplyAnswer) or answer.status is AnswerStatus.EXPIRED:
            return await self.end_expired(step)
        lookup = await self.load_memory(step.context)
        if lookup.memory is None or STAGE_KEY not in lookup.memory.data:
            return await self.end_expired(step)
        return await self.reply(step, str(lookup.memory.data[STAGE_KEY]), lookup.memory, answer)
