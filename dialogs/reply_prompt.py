"""The one prompt every flow asks with: shows the question (card buttons or a list), waits, and
reads the reply with the deterministic reply interpreter against the options kept in turn memory.

It replaces botbuilder's ConfirmPrompt / ChoicePrompt, whose recognisers are English-centric and
which keep the options in dialog state instead of ERA's turn memory. An unclear reply gets a
re-ask that says what is accepted; a reply to a question whose turn memory expired ends the prompt
with an EXPIRED answer so the flow can say so.
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable, Mapping, Sequence
from dataclasses import dataclass, replace
from datetime import UTC, datetime, timedelta
from enum import StrEnum
from typing import Any

from botbuilder.core import TurnContext
from botbuilder.dialogs import Dialog, DialogContext, DialogInstance, DialogTurnResult
from botbuilder.schema import ActivityTypes

from core.choice_option import ChoiceOption
from core.directory import Directory
from core.free_text_question import FreeTextQuestion
from core.intent import Intent
from core.question_id import QuestionId
from core.reply_interpreter import (
    InterpretedReply,
    ReplyIntent,
    describe_accepted,
    interpret_reply,
    read_words,
)
from core.short_answer import short_answer
from core.text_fold import fold_text
from core.turn_memory import TurnMemory
from dialogs.dialog_ids import REPLY_PROMPT
from dialogs.era_turn import EraTurn
from dialogs.question_card import question_activity
from dialogs.rendering.outgoing_message import EMAIL_FORM_DATA, EmailForm
from dialogs.rendering.plain_text_renderer import own_word
from language.catalogue import say
from language.clock_words import with_clock_digits
from language.email_preview_words import asks_to_wait
from language.email_send_words import mentions_sending
from language.follow_up import FollowUp, split_follow_up
from language.formatting import format_accepted, format_list
from language.interrupts import acknowledges_only, asks_yes_or_no, interrupt_words, needs_nothing
from language.meeting_words import no_preference
from language.negated_request import negates_request
from language.phrase import Phrase
from language.question_phrasing import QuestionPhrasing
from language.reply_words import may_name_a_day
from language.time_from_now import says_time_from_now
from state.turn_memory_store import TurnMemoryStore

logger = logging.getLogger(__name__)

ReplyFallback = Callable[[str, str, Sequence[ChoiceOption]], Awaitable[InterpretedReply]]
"""An optional second opinion for replies the deterministic interpreter cannot read
(the embedding classifier): (text, question, options) -> reply."""

_NUDGE_AFTER = 2
# How much earlier than the request that led to a question a reply may be stamped and still
# answer it. The two stamps may come from different clocks of the channel: Slack's for a typed
# message and the Bot Service's for a button press, one Teams front end and another; a person
# cannot read a question and answer it within this, and a message typed before the request
# was sent earlier than this.
_STAMP_SKEW = timedelta(seconds=1)
_ADVISOR_READS_THANKS = str(FreeTextQuestion.ADVICE_ANSWER)
_REASON_QUESTION = str(FreeTextQuestion.CANCELLATION_REASON)
# "whenever works" at "Do you have a preferred time?" leaves the time to ERA: no bare yes.
_TIME_PREFERENCE = str(FreeTextQuestion.TIME_PREFERENCE)
NARROWED_QUESTION = "prompt.narrowed"
SENT_BEFORE_QUESTION = "prompt.sent_before_question"
PREVIEW_FIRST = "prompt.preview_first"
KEPT_WAITING = "prompt.kept_waiting"
PREVIEW_AGAIN = "prompt.preview_again"
_FOLLOW_UP_KEY = "era.follow_up"
# Free-text questions whose answer may be followed by a request ("about his lateness, and take
# Alice off Saturday"): a topic, a blank, a reason. (A name, a time or an edit is read whole.)
_SPLIT_FREE_TEXT = frozenset({str(FreeTextQuestion.FREE_TEXT),
                              str(FreeTextQuestion.CANCELLATION_REASON)})
# The entities a flow keeps for the one person it is about (a swap's two people are neither).
_REFERENT_ENTITIES = ("employee", "person")


class AnswerStatus(StrEnum):
    """How a prompt ended."""

    ANSWERED = "answered"
    EXPIRED = "expired"


@dataclass(frozen=True)
class ReplyAnswer:
    """The prompt's result: the interpreted intent, the selected option (one the server
    offered), and the raw text (for free-text questions and for flows that re-read it)."""

    status: AnswerStatus
    text: str = ""
    intent: ReplyIntent = ReplyIntent.UNKNOWN
    option: ChoiceOption | None = None


@dataclass(frozen=True)
class AskOptions:
    """How to ask: the memory holding the question and its options (already saved), extra
    buttons as (title, reply), whether the answer is free text (and whether a bare "yes"
    answers it), and whether an unreadable reply should be returned to the flow instead of
    re-asked."""

    memory: TurnMemory
    buttons: tuple[tuple[str, str], ...] = ()
    free_text: bool = False
    return_unknown: bool = False
    yes_is_an_answer: bool = False  # free text where "yes" answers ("were they in a row?")
    # An unclear reply that may name a day goes back to the flow: "no wait, tuesday" at a
    # preview for Monday is a correction, not words to re-ask about.
    day_corrections: bool = False


class ReplyPrompt(Dialog):
    """Ask, wait, interpret; re-ask on an unclear reply."""

    def __init__(
        self,
        *,
        turn_memory: TurnMemoryStore,
        fallback: ReplyFallback | None = None,
        directory: Directory | None = None,
        answering: Intent | None = None,
    ) -> None:
        super().__init__(REPLY_PROMPT)
        self._turn_memory = turn_memory
        self._fallback = fallback
        self._directory = directory
        self._answering = answering

    async def begin_dialog(
        self, dialog_context: DialogContext, options: object = None
    ) -> DialogTurnResult:
        """Show the question and wait for the reply."""
        if not isinstance(options, AskOptions) or options.memory.last_question is None:
            raise TypeError("ReplyPrompt needs AskOptions whose memory holds the question")
        state = dialog_context.active_dialog.state
        state["scope"] = options.memory.scope
        state["question"] = options.memory.last_question.id
        state["free_text"] = options.free_text
        state["return_unknown"] = options.return_unknown
        state["yes_is_an_answer"] = options.yes_is_an_answer
        state["day_corrections"] = options.day_corrections
        state["buttons"] = [list(button) for button in options.buttons]
        state["retries"] = 0
        sent_at = _sent_at(dialog_context.context.activity)
        if sent_at is not None:
            state["asked_after"] = sent_at.isoformat()
        await self._show(dialog_context.context, options.memory, options.buttons)
        return Dialog.end_of_turn

    async def continue_dialog(self, dialog_context: DialogContext) -> DialogTurnResult:
        """Read the reply against the stored options."""
        context = dialog_context.context
        if context.activity.type != ActivityTypes.message:
            return Dialog.end_of_turn
        state = dialog_context.active_dialog.state
        turn = EraTurn.of(context)
        lookup = await self._turn_memory.load(turn.conversation_key, state["scope"], turn.now)
        if lookup.memory is None:
            return await dialog_context.end_dialog(ReplyAnswer(AnswerStatus.EXPIRED))
        memory = lookup.memory
        if _sent_before(context.activity, state.get("asked_after")):
            # Delivered late (the channel retried it, or it overtook nothing): a message sent
            # before the request that led to this question cannot be answering it, and a "yes"
            # typed at an earlier preview must not apply this one.
            await context.send_activity(say(SENT_BEFORE_QUESTION, turn.language))
            await self._show(context, memory, _buttons(state))
            return Dialog.end_of_turn
        text = (context.activity.text or "").strip()
        if not text:
            # Only spaces, invisible marks or the @mention of ERA: nothing was said, so nothing
            # was misunderstood; the question, once more, is all the person needs.
            await self._show(context, memory, _buttons(state))
            return Dialog.end_of_turn
        # Typed, a button's title does what pressing it does ("Add", "Ajouter", "追加する").
        typed = _button_typed(text, _buttons(state))
        if turn.pressed or typed != text:
            # A yes or no button carries ERA's own English word, which the person's language
            # may read otherwise (Polish "no" is "yeah" as often as "no"): read as the button's
            # title in their language ("Nie"), what they pressed or typed.
            typed = own_word(typed, turn.language) or typed
        text = typed
        if state["free_text"] and self._welcomes(turn, text, state):
            return await self._welcome(context, turn, memory, state)
        if state["free_text"] and state["question"] in _SPLIT_FREE_TEXT:
            follow_up = await self._follow_up(
                text, str(state["question"]), memory, turn.locale,
                is_answer=lambda part: short_answer(part, locale=turn.locale) is None,
                joined=True,
            )
            if follow_up is not None:
                # "sui ritardi e poi togli alice da sabato": the topic is answered, the request
                # after it is kept to be named once the flow is done, never silently dropped.
                context.turn_state[_FOLLOW_UP_KEY] = follow_up
                text = follow_up.answer
        if state["free_text"]:
            if text and (
                state.get("yes_is_an_answer")
                or short_answer(text, locale=turn.locale, max_words=2) is not ReplyIntent.CONFIRM
                or (state["question"] in _SEND_ANSWERS and mentions_sending(text))
                or (state["question"] == _TIME_PREFERENCE and no_preference(text))
            ):
                return await dialog_context.end_dialog(ReplyAnswer(AnswerStatus.ANSWERED, text))
            await context.send_activity(_yes_reask(memory, str(state["question"]), turn.language))
            return Dialog.end_of_turn
        if memory.options and negates_request(text, turn.locale):
            # "n'annule pas le 2 décembre", "don't cancel 2" at a list: a no, never a choice.
            return await dialog_context.end_dialog(
                ReplyAnswer(AnswerStatus.ANSWERED, text, ReplyIntent.REJECT))
        follow_up = await self._follow_up(text, state["question"], memory, turn.locale)
        if follow_up is not None and follow_up.only_acknowledged \
                and asks_yes_or_no(state["question"]):
            return await self._hold(context, memory, state, follow_up)
        answer = follow_up.answer if follow_up else text
        if memory.options:
            # "half ten", "um halb elf", "om half elf", "o wpół do jedenastej" at a list of
            # times were not read, and "dix heures et demie" was 10:00: the interpreter
            # reads clock times in digits.
            answer = with_clock_digits(answer, turn.language)
        reply = _from_now_at_options(text, memory, turn) or interpret_reply(
            answer, state["question"], memory.options, turn.locale)
        # Only words the interpreter could not read go to the fallback; a reply it read and
        # refused to guess ("maybe", an ambiguous "morning") stays unknown.
        if reply.intent is ReplyIntent.UNKNOWN and reply.unplaced and self._fallback is not None:
            reply = await self._fallback(text, state["question"], memory.options)
        if (reply.intent is ReplyIntent.UNKNOWN and memory.options
                and _keeps_it(text, state["question"], turn.locale)):
            reply = InterpretedReply(ReplyIntent.REJECT, 0.9, None, "keeps things as they are")
        logger.debug(
            "reply at %s read as %s (%s)", state["question"], reply.intent, reply.reasoning
        )
        if reply.narrowed_to:
            await self._narrow(context, memory, reply.narrowed_to, text, _buttons(state))
            return Dialog.end_of_turn
        if (reply.intent is ReplyIntent.UNKNOWN and state.get("day_corrections")
                and may_name_a_day(text)):
            return await dialog_context.end_dialog(
                ReplyAnswer(AnswerStatus.ANSWERED, text, ReplyIntent.UNKNOWN))
        if (reply.intent is not ReplyIntent.CONFIRM and not state["return_unknown"]
                and not memory.options and asks_yes_or_no(state["question"])
                and puts_off(text, turn)):
            # "not now", "plus tard", "später" at "Shall I apply this change?": nothing is done
            # and nothing dropped; the preview stays open for its yes (or a cancel).
            await self._turn_memory.save(turn.conversation_key, _asked_again(memory, turn.now),
                                         turn.now)
            await context.send_activity(say(KEPT_WAITING, turn.language))
            await self._show(context, memory, _buttons(state))
            return Dialog.end_of_turn
        if (reply.intent is ReplyIntent.UNKNOWN and not state["return_unknown"]
                and self._welcomes(turn, text, state)):
            # (A flow that reads unclear replies itself, as the email preview that says what
            # its blank takes, answers thanks its own way.)
            return await self._welcome(context, turn, memory, state)
        if reply.intent is not ReplyIntent.UNKNOWN or state["return_unknown"]:
            option = memory.option(reply.option_id) if reply.option_id else None
            if reply.option_id and option is None:
                # Never act on an id the server did not offer.
                reply = InterpretedReply(ReplyIntent.UNKNOWN, 0.0, None, "unoffered option")
            elif option is not None and not option.fits:
                reason = option.reason or say("prompt.option_unavailable", turn.language)
                await context.send_activity(say(
                    "prompt.option_does_not_fit", turn.language, option=option.label,
                    reason=reason,
                ))
                await self._show(context, memory, _buttons(state))
                return Dialog.end_of_turn
            else:
                if (follow_up is not None and follow_up.only_acknowledged
                        and reply.intent is ReplyIntent.CONFIRM):
                    return await self._hold(context, memory, state, follow_up)
                follow_up = follow_up or _held(state, text)
                if follow_up is not None:
                    context.turn_state[_FOLLOW_UP_KEY] = follow_up
                    text = follow_up.answer
                return await dialog_context.end_dialog(
                    ReplyAnswer(AnswerStatus.ANSWERED, text, reply.intent, option)
                )
        if (not memory.options and asks_yes_or_no(state["question"])
                and read_words(text, state["question"], turn.locale).asks):
            # "q hora era?", "what time was it again?", "who is it for?" at a preview: the
            # preview again is the answer (nothing done yet), never "I didn't understand".
            await context.send_activity(say(PREVIEW_AGAIN, turn.language))
            await self._show(context, memory, _buttons(state))
            return Dialog.end_of_turn
        state["retries"] += 1
        accepted = format_accepted(describe_accepted(state["question"], memory.options),
                                   turn.language)
        sorry = ("prompt.not_understood_nudge" if state["retries"] >= _NUDGE_AFTER
                 else "prompt.not_understood")
        await context.send_activity(say(sorry, turn.language, accepted=accepted))
        await self._show(context, memory, _buttons(state))
        return Dialog.end_of_turn

    async def _hold(
        self, context: TurnContext, memory: TurnMemory, state: dict[str, object],
        follow_up: FollowUp,
    ) -> DialogTurnResult:
        """ "ok draft an email to bob" at a preview: the "ok" may be moving on rather than
        agreeing, so nothing is done yet. The request is kept for after the answer, and the
        question is asked again, saying that a yes or a no is needed first. A second such
        request while one waits is kept with it, never in its place."""
        held = [entry for entry in _held_entries(state)
                if entry["request"] != follow_up.request]
        held.append({"request": follow_up.request, "intent": str(follow_up.intent)})
        state["held"] = held
        language = EraTurn.of(context).language
        requests = format_list([entry["request"] for entry in held], language)
        await context.send_activity(say(PREVIEW_FIRST, language, request=requests))
        await self._show(context, memory, _buttons(state))
        return Dialog.end_of_turn

    def _welcomes(self, turn: EraTurn, text: str, state: dict[str, object]) -> bool:
        """Whether to answer the reply as thanks alone here: not where the advisor reads
        thanks itself ("Glad that helps" once it has advised)."""
        if state["question"] == _ADVISOR_READS_THANKS or not thanks_alone(turn, text):
            return False
        if state["question"] == FreeTextQuestion.TRANSFER_NEED and needs_nothing(text):
            # "没事了，谢谢", "nothing, thanks" at "what do you need?": nothing after all, which
            # the hand-over flow answers (no person needed), not a thank-you to welcome.
            return False
        # "ok grazie", "好的，谢谢" at "Cancel ...? What's the reason?": a yes without a reason,
        # which the flow answers (it needs the reason), not a thank-you to welcome.
        return not (state["question"] == _REASON_QUESTION and interpret_reply(
            text, str(QuestionId.CONFIRM_CANCEL), (), turn.locale).intent is ReplyIntent.CONFIRM)

    async def _welcome(
        self, context: TurnContext, turn: EraTurn, memory: TurnMemory, state: dict[str, object]
    ) -> DialogTurnResult:
        """Thanks at a question: acknowledged, and the question asked again; nothing done."""
        await context.send_activity(say("prompt.thanks", turn.language))
        await self._show(context, memory, _buttons(state))
        return Dialog.end_of_turn

    async def answers_then_asks(self, context: TurnContext, state: dict[str, object]) -> bool:
        """Whether the message answers this prompt's question and then makes a request ("no,
        book a call with her instead"): the flow lets it answer instead of switching."""
        if state.get("free_text"):
            return False
        turn = EraTurn.of(context)
        lookup = await self._turn_memory.load(turn.conversation_key, str(state["scope"]),
                                              turn.now)
        if lookup.memory is None:
            return False
        text = (context.activity.text or "").strip()
        return await self._follow_up(text, str(state["question"]), lookup.memory,
                                     turn.locale) is not None

    async def _follow_up(
        self,
        text: str,
        question: str,
        memory: TurnMemory,
        locale: str | None,
        *,
        is_answer: Callable[[str], bool] | None = None,
        joined: bool = False,
    ) -> FollowUp | None:
        """The answer and the request of a reply that holds both ("yes, and also call him"),
        a pronoun in the request standing for the person this flow is about. `is_answer`
        says whether a part answers (by default: the interpreter reads it at `question`)."""
        if len(text) < 3 or (" " not in text and text.isascii()):
            return None  # "2", "yes": no room for a second request

        def reads_as_answer(part: str) -> bool:
            read = interpret_reply(part, question, memory.options, locale)
            # "dobra", "entendido", "capito", "わかった", "知道了" before a request at a preview
            # are read as "ok" is: no clear yes, so the preview is asked about first.
            return read.intent is not ReplyIntent.UNKNOWN or (
                asks_yes_or_no(question) and acknowledges_only(fold_text(part)))

        referent = ""
        person_id = next((memory.entities[k] for k in _REFERENT_ENTITIES if k in memory.entities),
                         None)
        if person_id and self._directory is not None:
            person = await self._directory.get(person_id)
            referent = person.name if person is not None else ""
        return split_follow_up(text, locale, is_answer=is_answer or reads_as_answer,
                               answered=self._answering, referent=referent, joined=joined)

    async def reprompt_dialog(self, context: TurnContext, instance: DialogInstance) -> None:
        """Show the question again (after help, or when resuming an interrupted flow)."""
        turn = EraTurn.of(context)
        lookup = await self._turn_memory.load(
            turn.conversation_key, instance.state["scope"], turn.now
        )
        if lookup.memory is not None:
            await self._show(context, lookup.memory, _buttons(instance.state))

    async def _narrow(
        self,
        context: TurnContext,
        memory: TurnMemory,
        option_ids: Sequence[str],
        text: str,
        buttons: Sequence[tuple[str, str]],
    ) -> None:
        """Keep only the options the reply pointed at, numbered afresh, and ask among them;
        the question and its id stay, so the flow reads the next reply as before."""
        kept = tuple(
            replace(option, index=position)
            for position, option in enumerate(o for o in memory.options
                                              if o.option_id in option_ids)
        )
        question = memory.last_question
        if question is None or len(kept) < 2:
            return
        turn = EraTurn.of(context)
        asked = QuestionPhrasing.from_dict(question.phrasing)
        phrase = Phrase.of(NARROWED_QUESTION, count=len(kept), reply=text[:60])
        phrasing = QuestionPhrasing(turn.language, phrase, asked.labels if asked else {},
                                    asked.buttons if asked else ())
        narrowed = memory.asking(question.id, phrase.said(turn.language), turn.now, kept,
                                 phrasing.to_dict())
        await self._turn_memory.save(turn.conversation_key, narrowed, turn.now)
        await self._show(context, narrowed, buttons)

    async def _show(
        self, context: TurnContext, memory: TurnMemory, buttons: Sequence[tuple[str, str]]
    ) -> None:
        language = EraTurn.of(context).language
        text, options, shown = asked_in(memory, buttons, language)
        await context.send_activity(
            question_activity(
                context.activity.channel_id, text, options=options, buttons=shown,
                form=EmailForm.from_data(memory.data.get(EMAIL_FORM_DATA)),
                language=language,
            )
        )


def asked_in(
    memory: TurnMemory, buttons: Sequence[tuple[str, str]], language: str
) -> tuple[str, tuple[ChoiceOption, ...], tuple[tuple[str, str], ...]]:
    """The question `memory` holds, its options and `buttons`, as said in `language` (the
    language of the latest message, which may not be the one it was asked in); as first said
    when its phrasing was not kept (a question stored by an earlier release)."""
    question = memory.last_question
    text = question.text if question else ""
    stored = question.phrasing if question else None
    if isinstance(stored, Mapping) and stored.get("language") == language:
        # Shown in the language it was asked in (every question a flow has just asked): as
        # asked, without reading its phrases back (about a tenth of a short reply's dialog time).
        return text, memory.options, tuple(buttons)
    phrasing = QuestionPhrasing.from_dict(stored)
    if phrasing is None:
        return text, memory.options, tuple(buttons)
    return phrasing.reworded(language, text, memory.options, buttons)


def _sent_at(activity: Any) -> datetime | None:
    """When the channel says the activity was sent (UTC), if it says."""
    sent = activity.timestamp
    if not isinstance(sent, datetime):
        return None
    return sent if sent.tzinfo is not None else sent.replace(tzinfo=UTC)


def _sent_before(activity: Any, asked_after: object) -> bool:
    """Whether the channel sent the activity before the one whose turn asked the question
    (both times are the channel's, never ERA's clock; the channel's own clocks may differ by
    up to `_STAMP_SKEW`). Without a stamp on either (a proactive turn, a test harness) nothing
    is refused; equal stamps (a harness that sends one constant time) are not "before"."""
    sent = _sent_at(activity)
    if sent is None or not isinstance(asked_after, str):
        return False
    try:
        asked = datetime.fromisoformat(asked_after)
    except ValueError:
        return False
    return sent < asked - _STAMP_SKEW


def thanks_alone(turn: EraTurn, text: str) -> bool:
    """Whether the reply only thanks ("merci", "danke", "ありがとう"): no answer, no refusal."""
    understood = turn.understood(text)
    return understood.intent is Intent.THANKS and not understood.is_decline


def _keeps_it(text: str, question: str, locale: str | None) -> bool:
    """Whether a reply at a list only takes the request back ("wait keep it", "attends garde
    le", "warte behalte sie"): none of the options, as a "no" is."""
    words = read_words(text, question, locale)
    return words.refuses_action and not words.own_words and not words.names_a_position


def puts_off(text: str, turn: EraTurn) -> bool:
    """Whether a reply at a preview only holds it or puts it off ("no wait", "not now",
    "later", "pas maintenant", "später", "あとで"), with no cancel word ("wait, cancel it" is
    a no)."""
    return (asks_to_wait(text, turn.locale, turn.language)
            and interrupt_words().cancel_word.search(fold_text(text)) is None)


def _asked_again(memory: TurnMemory, now: datetime) -> TurnMemory:
    """The memory with its question asked again now, so it is kept its full time again."""
    question = memory.last_question
    if question is None:
        return memory
    return memory.asking(question.id, question.text, now, memory.options, question.phrasing)


def _held_entries(state: dict[str, object]) -> list[dict[str, str]]:
    """The requests kept so far at this question, first kept first."""
    held = state.get("held")
    if isinstance(held, dict):  # kept by an earlier release: one request
        held = [held]
    if not isinstance(held, list):
        return []
    return [{"request": str(entry["request"]), "intent": str(entry["intent"])}
            for entry in held if isinstance(entry, dict)]


def _held(state: dict[str, object], answer: str) -> FollowUp | None:
    """The requests kept when an "ok" came with them, now that the question has its answer:
    the first to serve next, the others after it."""
    held = _held_entries(state)
    state.pop("held", None)
    if not held:
        return None
    first, *others = held
    return FollowUp(answer, first["request"], Intent(first["intent"]),
                    later=tuple((entry["request"], Intent(entry["intent"])) for entry in others))


# A bare "yes" at a free-text question that reads as a yes/no one ("Do you have a preferred
# time?") did answer it: the re-ask asks for what the yes left out, never "in a few words".
_AFTER_YES: dict[str, str] = {
    str(FreeTextQuestion.TIME_PREFERENCE): "prompt.time_preference_after_yes",
}


# Free-text questions a short send answers: at "What should the email say instead?", "ok
# send", "vas-y, envoie", "dale, mándalo" send the draft as it is (the flow reads them),
# where a bare "ok" is asked again.
_SEND_ANSWERS = frozenset({str(FreeTextQuestion.EMAIL_EDIT)})


def _yes_reask(memory: TurnMemory, question_id: str, language: str) -> str:
    """What to say to a bare "yes" at a free-text question."""
    after_yes = _AFTER_YES.get(question_id)
    if after_yes is not None:
        return say(after_yes, language)
    question, _, _ = asked_in(memory, (), language)
    # A question already asked again says "in a few words" once, however often it is asked.
    asked_again = say("prompt.free_text_reask", language, question="")
    if question.startswith(asked_again):
        return question
    return say("prompt.free_text_reask", language, question=question)


def _button_typed(text: str, buttons: Sequence[tuple[str, str]]) -> str:
    """The reply of the button whose title the person typed instead of pressing it (a text
    channel shows the titles; Slack users type them), else the text as it is."""
    typed = fold_text(text).strip(_TITLE_MARKS)
    return next((reply for title, reply in buttons
                 if typed and fold_text(title).strip(_TITLE_MARKS) == typed), text)


_TITLE_MARKS = " .!?。！？"


def _buttons(state: dict[str, object]) -> tuple[tuple[str, str], ...]:
    raw = state.get("buttons") or []
    return tuple((str(b[0]), str(b[1])) for b in raw)  # type: ignore[union-attr]


def take_follow_up(context: TurnContext) -> FollowUp | None:
    """The request a reply in this turn made after its answer, taken to be served now."""
    follow_up = context.turn_state.pop(_FOLLOW_UP_KEY, None)
    return follow_up if isinstance(follow_up, FollowUp) else None


def keep_follow_up(context: TurnContext, follow_up: FollowUp) -> None:
    """Put back a follow-up taken but not served in this turn (`take_follow_up`)."""
    context.turn_state[_FOLLOW_UP_KEY] = follow_up


def peek_follow_up(context: TurnContext) -> FollowUp | None:
    """That request, left in place (for a flow deciding whether it is the one to serve it)."""
    follow_up = context.turn_state.get(_FOLLOW_UP_KEY)
    return follow_up if isinstance(follow_up, FollowUp) else None


def _from_now_at_options(text: str, memory: TurnMemory, turn: EraTurn) -> InterpretedReply | None:
    """ "in 2 hours", "za 2 godziny", "2時間後" at a list is a time for the flow to read, never
    its option 2; None for any other reply."""
    if not memory.options or not says_time_from_now(text, turn.language, turn.locale):
        return None
    return InterpretedReply(ReplyIntent.UNKNOWN, 0.0, None, "a time from now")
