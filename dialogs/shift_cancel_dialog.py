"""A shift worker cancels one of their own upcoming shifts.

"Cancel my shift tomorrow" finds the worker's upcoming shifts that match the words. One match is
shown and the reason asked for at once; several are listed and the reply ("2", "the Friday one",
"matin") picks one (a reply matching several narrows the list); none is said plainly, with what
was searched. Several days named with one shift each ("cancel fri and sat") are shown together
and all cancelled after the one reason (a "no" keeps them all). The chosen shift is always
restated in ERA's words with the reason question ("Cancel Tue 24 Nov, Evening 20:00-23:00
(cashier)? What's the reason…"); a reason given in the
first message is shown for a yes instead of asked again. Only a reason in the worker's own
words, written after seeing the shift, or that yes, cancels: a refusal ends the flow, and a
choice, a question, a request or "a" is asked again. The shift becomes an open shift once (the
request id), the manager is told by email and, where ERA can reach them, in chat, and the
worker gets a confirmation. The turn memory is cleared at the end. A colleague the worker
suggests to take the shift ("cancel my shift on friday and give it to alice") is no request
about the colleague's shift: the worker is told that who takes it is for their manager to
decide, and the manager's notice carries the suggestion. "both" ("les deux", "beide", "両方") at
a list of two, or "all of them" ("tous", "alle", "全部") at any list, picks every shift listed;
"the other one" ("l'autre", "die andere") once one is picked is the other of two, or a list of
the others to pick from. Each goes on to the reason question again: nothing is cancelled
without it.
"""

from __future__ import annotations

import logging
import uuid
from dataclasses import dataclass
from datetime import datetime, time, timedelta
from typing import Any
from zoneinfo import ZoneInfo

from botbuilder.dialogs import DialogContext, DialogTurnResult, WaterfallStepContext

from core.choice_option import ChoiceOption
from core.errors import BackendError, ConflictError, PermissionDeniedError, ValidationError
from core.free_text_question import FreeTextQuestion
from core.intent import Intent
from core.name_matcher import find_names_in_text, fully_named
from core.person import Person, PersonRole
from core.question_id import QuestionId
from core.reply_interpreter import (
    InterpretedReply,
    ReplyIntent,
    describe_accepted,
    interpret_reply,
)
from core.shift import Shift, ShiftStatus
from core.text_fold import fold, fold_text
from core.time_window import TimeWindow
from core.turn_memory import TurnMemory
from dialogs.era_turn import EraTurn
from dialogs.flow_dialog import PICK_END, FlowDialog, FlowOutcome
from dialogs.flow_services import FlowServices
from dialogs.last_question import kept_request, recent_flag, remember_question
from dialogs.manager_notice import ManagerNotice, ManagerReach, notice_language, one_line
from dialogs.manager_told import remember_told
from dialogs.rendering.markdown_text import quoted_words
from dialogs.reply_prompt import AnswerStatus, ReplyAnswer, thanks_alone
from dialogs.shift_cancel_conversation import ConversationStep, Next, ShiftCancelConversation
from dialogs.shift_cover import who_could_cover
from dialogs.shift_listing import has_recent_listing, listed_shift_ids, listed_shifts_meant
from dialogs.shift_options import (
    describe_windows,
    shift_labels,
    shift_option,
    shift_phrase,
    shifts_in_windows,
    whole_days,
    windows_phrase,
)
from language import phrase
from language.cancel_reason import (
    ReasonVerdict,
    day_meant_instead,
    days_as_a_choice,
    judge_reason,
    reason_in_request,
    same_reason_meant,
)
from language.catalogue import say
from language.catalogue_errors import error_text
from language.cover_suggestion import cover_suggestion
from language.day_of_month import day_of_month, next_date_on
from language.formatting import format_accepted, format_list
from language.intent_rules import MatchKind, intent_rules, language_of
from language.listed_reference import cancels_the_listed
from language.negated_request import affirmed, negates_request
from language.option_reference import (
    SeveralPicked,
    asks_for_every_shift,
    picks_several,
    plural_reference,
    says_all,
    says_both,
    says_other_one,
)
from language.phrase import Formatted, Phrase
from language.reply_words import names_a_weekday
from language.understanding import Understanding
from language.weekday_typos import weekday_typos
from services.prompt_files import read_prompt
from state.person_state import current_person_state
from state.turn_claims import claim_before_effect

logger = logging.getLogger(__name__)

# "Cancel one of my shifts" lists the coming week; with a day named, that day is searched.
LOOK_AHEAD = timedelta(days=7)
# At most this many shifts are offered when none was found on the day named.
_OFFERED = 5
# When the schedule sends the cancellation to the manager for approval (the shift stays the
# worker's until then), as Teams Shifts does with ERA_GRAPH_SHIFTS_CANCEL_MODE=approval.
AWAITING_APPROVAL = "shift_cancel.awaiting_approval"
REASON_QUESTION = "shift_cancel.reason_question"
CONFIRM_WITH_REASON = "shift_cancel.confirm_with_reason"
NOT_CANCELLED_YET = "shift_cancel.not_cancelled_yet"
# Some of several shifts cancelled before the schedule system stopped answering.
PARTLY_DONE = "shift_cancel.partly_done"
PARTLY_AWAITING = "shift_cancel.partly_awaiting"
REST_NOT_CANCELLED = "shift_cancel.rest_not_cancelled"
# In turn memory: the chosen shifts already cancelled, never tried again.
CANCELLED = "cancelled"
REASON_AGAIN = {
    ReasonVerdict.QUESTION: "shift_cancel.reason_why",
    ReasonVerdict.REQUEST: "shift_cancel.finish_first",
}
REASON_NEEDED = "shift_cancel.reason_needed"
REASON_NOTED = "shift_cancel.reason_noted_ask_which"
_MAX_REASON = 500  # as long a reason as the reason question keeps
_CONFIRM_CANCEL = str(QuestionId.CONFIRM_CANCEL)
# The reason of the last cancellation, kept for a "same reason" said about the next one.
_LAST_REASON = "last_cancel_reason"
# The person-state flag keeping the cancel request as said, until it is done.
_CANCEL_REQUEST = "shift_cancel_request"
_SAME_REASON_WITHIN = timedelta(hours=1)
# A request, said as one ("cancel my shift on Monday") or as what it implies ("I can't come").
_REQUEST_KINDS = frozenset({MatchKind.COMMAND, MatchKind.MENTION})
# A reply that picks one of several shifts at their reason question is short ("2nd one", "the
# monday one"); a longer one tells the reason.
_PICK_CHARS = 30
COULD_COVER = "shift_cancel.could_cover"
NOBODY_FREE = "shift_cancel.nobody_free"
MAX_COVER_NAMES = 5
# The colleague the worker suggested to take the shift ("... and give it to alice").
SUGGESTED = "suggested_cover"
COVER_IS_MANAGERS = "shift_cancel.cover_is_managers"
COVER_IS_MANAGERS_NO_MANAGER = "shift_cancel.cover_is_managers_no_manager"
WORKER_SUGGESTS = "shift_cancel.worker_suggests"
# In turn memory: the shifts of the list the chosen one was picked from.
OFFERED = "offered"
# The questions asked once a shift is chosen, where "the other one" means another shift.
_AFTER_CHOICE = frozenset({str(FreeTextQuestion.CANCELLATION_REASON), _CONFIRM_CANCEL})
MANAGER_TOLD = {
    ManagerReach.EMAILED: "shift_cancel.manager_told",
    ManagerReach.CHATTED: "shift_cancel.manager_told_in_chat",
    ManagerReach.NOT_TOLD: "shift_cancel.manager_not_told",
}


def _judged(text: str, turn: EraTurn) -> ReasonVerdict:
    """What `text` is at the reason question; a card button's reply is never the reason: it is
    ERA's wording, not the worker's (a help card's "I'll be 20 minutes late", pressed while the
    reason was asked, cancelled the shift with it as the reason)."""
    verdict = judge_reason(text, locale=turn.locale)
    if turn.pressed and verdict in (ReasonVerdict.REASON, ReasonVerdict.UNSURE):
        return ReasonVerdict.REQUEST
    return verdict


def _chosen_ids(memory: TurnMemory) -> list[str]:
    """The shifts the worker is cancelling: the one chosen, or one on each day named."""
    return [str(i) for i in memory.data.get("chosen_all") or [memory.data["chosen"]]]


def _pending(memory: TurnMemory) -> list[tuple[int, str]]:
    """The chosen shifts not cancelled yet, each with its place among the chosen: the suffix
    of its request id, the same whenever a yes tries it again."""
    cancelled = set(memory.data.get(CANCELLED) or ())
    return [(number, shift_id) for number, shift_id in enumerate(_chosen_ids(memory))
            if shift_id not in cancelled]


def _none_of_these() -> tuple[Phrase, str]:
    return (Phrase.of("shift_cancel.none_of_these"), "none of these")


def _all_of_these() -> tuple[Phrase, str]:
    return (Phrase.of("shift_cancel.all_of_these"), "all of them")


# The memory field saying the list answers a request for some days: "All of these" is offered.
_ALL_BUTTON = "all_button"


def _one_a_day(
    per_day: list[tuple[TimeWindow, list[Shift]]],
) -> tuple[list[Shift], list[TimeWindow]] | None:
    """When several days are named and each has at most one shift of the worker's (and two
    at least have one): those shifts, and the days with none; None otherwise."""
    if any(len(on_day) > 1 for _, on_day in per_day):
        return None
    days: list[Shift] = []
    empty: list[TimeWindow] = []
    for day, on_day in per_day:
        if on_day and on_day[0] not in days:
            days.append(on_day[0])
        elif not on_day:
            empty.append(day)
    return (days, empty) if len(days) > 1 else None


def _weekend_days(window: TimeWindow) -> list[TimeWindow]:
    """A window of two whole days (a weekend) as its two days; any other window as it is."""
    start = window.start
    if window.end - start != timedelta(days=2) or (start.hour, start.minute) != (0, 0):
        return [window]
    middle = start + timedelta(days=1)
    return [TimeWindow(start, middle, window.text), TimeWindow(middle, window.end, window.text)]


def _day_of_month_window(text: str, locale: str | None, now: datetime,
                         tz: ZoneInfo) -> list[TimeWindow]:
    """The day a day of the month alone names ("du 30", "the 30th", "30号"), the next one from
    today, as the store's whole day; none when the text names no such day. The recognizer
    leaves these unread, and every coming shift was listed for "annule mon poste du 30"."""
    day = day_of_month(text, locale)
    on = next_date_on(day, now.astimezone(tz).date()) if day is not None else None
    if on is None:
        return []
    start = datetime.combine(on, time(), tzinfo=tz)
    return [TimeWindow(start, datetime.combine(on + timedelta(days=1), time(), tzinfo=tz),
                       text)]


@dataclass(frozen=True)
class _UnreadReply:
    """A reply at the list of shifts that picks none of them, and what was read of it."""

    text: str
    turn: EraTurn
    memory: TurnMemory
    read: InterpretedReply


class ShiftCancelDialog(FlowDialog):
    """Find the worker's shift, ask which (if several) and why, cancel it, tell the manager."""

    asks_anything_else = True
    intent = Intent.SHIFT_CANCEL
    allowed_roles = frozenset({PersonRole.EMPLOYEE})
    denied_text = "flow.shift_cancel.denied"

    def __init__(self, *, services: FlowServices) -> None:
        super().__init__(
            [self._find_step, self._chosen_step, self._reason_step], services=services
        )
        self._conversation = (
            ShiftCancelConversation(services=services,
                                    prompt=read_prompt("SHIFT_CANCEL_PROMPT.md"))
            if services.llm is not None else None
        )

    async def on_continue_dialog(self, inner_dc: DialogContext) -> DialogTurnResult:
        """"both", "all of them", "1 and 2" or "the other one" pointing at the shifts
        offered: the shifts meant are taken up again from the reason question (or "which
        one?" among the others); numbers past the list ("1 and 9") ask again, saying what is
        accepted; anything else as any flow."""
        pick = await self._shifts_pointed_at(inner_dc)
        if pick is None:
            # Read once for both checks below: a pick at the list ("2") is neither.
            unread = await self._unread_at_the_list(inner_dc)
            if await self._asks_for_another_day(inner_dc) or await self._names_an_unlisted_day(
                    unread):
                # Not a reason for the shift in hand: that request, for the day it names.
                await inner_dc.cancel_all_dialogs()
                await self.clear_memory(inner_dc.context)
                return await inner_dc.begin_dialog(
                    self.initial_dialog_id, {"text": inner_dc.context.activity.text or ""})
            picked = _reason_with_the_pick(unread.text, unread.memory, unread.turn) \
                if unread is not None else None
            if picked is not None:
                # "le premier, je suis malade", "最初の、熱があります": the pick, with its
                # reason shown for a yes (the whole reply was taken for the reason, the pick
                # lost and the list asked again).
                option, reason = picked
                await self.save_memory(inner_dc.context,
                                       unread.memory.with_data(given_reason=reason))
                await inner_dc.cancel_all_dialogs()
                return await inner_dc.begin_dialog(
                    self.initial_dialog_id, {"pick_from": [str(option.value)], "every": False})
            reason = await self._reason_at_the_list(inner_dc, unread)
            if reason is not None:
                await inner_dc.cancel_all_dialogs()
                return await inner_dc.begin_dialog(self.initial_dialog_id, {
                    "reask": Phrase.of(REASON_NOTED, reason=reason).to_dict()})
            on_day = await self._listed_on_the_day(inner_dc, unread)
            if on_day:
                # "tomorrow", "è per domani", "c'est celui de demain": the shift listed then.
                await inner_dc.cancel_all_dialogs()
                return await inner_dc.begin_dialog(self.initial_dialog_id,
                                                   {"pick_from": on_day, "every": False})
            return await super().on_continue_dialog(inner_dc)
        await inner_dc.cancel_all_dialogs()
        if isinstance(pick, str):
            return await inner_dc.begin_dialog(self.initial_dialog_id, {"reask": pick})
        shift_ids, every = pick
        return await inner_dc.begin_dialog(self.initial_dialog_id,
                                           {"pick_from": shift_ids, "every": every})

    async def _names_an_unlisted_day(self, unread: _UnreadReply | None) -> bool:
        """Whether a reply at the list of shifts names a day of the week no shift listed is on
        ("I meant the sunday one", "我是说星期天的", "je voulais dire celui de dimanche"): it
        is the request for that day, which says there is no shift on it and offers the
        worker's next shifts (it got "Sorry, I didn't understand that")."""
        if unread is None or not names_a_weekday(unread.text) or unread.read.narrowed_to:
            return False
        text, turn, memory = unread.text, unread.turn, unread.memory
        # The parser says which day it is ("mon fils est malade" names no Monday), and none
        # of the shifts listed may be on that day of the week ("the one where I close on
        # Tuesday" describes Tuesday's shift).
        windows = await self.services.time_parser.parse(text, now=turn.now, locale=turn.locale)
        if not windows or any(window.end - window.start > timedelta(days=1)
                              for window in windows):
            return False
        tz = await self.store_zone(turn.person)
        named = {window.start.astimezone(tz).weekday() for window in windows}
        for option in memory.options:
            shift = await self.services.shifts.get_shift(str(option.value))
            if shift is None or shift.starts_at.astimezone(tz).weekday() in named:
                return False
        return True

    async def _listed_on_the_day(
        self, inner_dc: DialogContext, unread: _UnreadReply | None
    ) -> list[str]:
        """The shifts listed on the day a reply at the list names by when it is rather than by
        its weekday ("tomorrow", "it's the one tomorrow", "è per domani", "c'est celui de
        demain", "明日の"): the list's labels give the weekday and date only, so it got "Sorry,
        I didn't understand that". A reason said with it ("my son is sick tomorrow") is kept
        for that shift. Empty when it names no such day, or no listed shift is on it."""
        if unread is None or unread.read.narrowed_to or self._conversation is not None:
            # With the chat model, the model reads the reply with the list.
            return []
        text, turn, memory = unread.text, unread.turn, unread.memory
        if turn.understood(text).intent is self.intent:
            return []  # the request said anew ("木曜日のシフトをキャンセル、病院に行きます")
        windows = await self.services.time_parser.parse(text, now=turn.now, locale=turn.locale)
        if not windows or any(window.end - window.start > timedelta(days=1)
                              for window in windows):
            return []
        listed = []
        for option in memory.options:
            shift = await self.services.shifts.get_shift(str(option.value))
            if shift is not None and any(window.start <= shift.starts_at < window.end
                                         for window in windows):
                listed.append(shift.id)
        # A weekday describes the shift ("the one where I close on Tuesday"), not why.
        reason = _own_reason(text, turn.now) if listed and not names_a_weekday(text) and _judged(
            text, turn) is ReasonVerdict.REASON else None
        if reason:
            await self.save_memory(inner_dc.context,
                                   memory.with_data(given_reason=reason[:_MAX_REASON]))
        return listed

    async def _reason_at_the_list(
        self, inner_dc: DialogContext, unread: _UnreadReply | None
    ) -> str | None:
        """A reason told at the list of shifts instead of a pick ("mon fils est malade",
        "子供が熱を出しました"), kept for the shift picked next so that it is not asked again
        (it got "Sorry, I didn't understand that" and was lost); None when the reply picks a
        shift, is another request or is no reason."""
        # A day describes the shift meant ("the one where I close on Tuesday"), not why.
        if unread is None or intent_rules().day_re.search(fold_text(unread.text)):
            return None
        text, turn = unread.text, unread.turn
        if _judged(text, turn) is not ReasonVerdict.REASON:
            return None
        reason = _own_reason(text, turn.now)
        if reason is None:
            return None
        reason = reason[:_MAX_REASON]
        await self.save_memory(inner_dc.context, unread.memory.with_data(given_reason=reason))
        return reason

    async def _unread_at_the_list(self, inner_dc: DialogContext) -> _UnreadReply | None:
        """The reply at the list of shifts that picks none of them and is no other request,
        with what was read of it; None for any other reply."""
        text = (inner_dc.context.activity.text or "").strip()
        if not text or self.current_question(inner_dc) != QuestionId.SELECT_SHIFT:
            return None
        turn = EraTurn.of(inner_dc.context)
        if turn.understood(text).interrupt(active_flow=self.intent,
                                           question=str(QuestionId.SELECT_SHIFT)) is not None:
            return None
        lookup = await self.load_memory(inner_dc.context)
        if lookup.memory is None or not lookup.memory.options:
            return None
        read = interpret_reply(text, str(QuestionId.SELECT_SHIFT), lookup.memory.options,
                               turn.locale)
        if read.intent is not ReplyIntent.UNKNOWN:
            return None
        return _UnreadReply(text, turn, lookup.memory, read)

    async def _asks_for_another_day(self, inner_dc: DialogContext) -> bool:
        """Whether the answer to the reason question (or the yes) for the shifts chosen is a
        cancel request for another day: "I can't come on Monday, doctor's appointment" at
        Saturday's "what's the reason?" cancelled Saturday with it as the reason."""
        context = inner_dc.context
        text = context.activity.text or ""
        if not text or self.current_question(inner_dc) not in _AFTER_CHOICE:
            return False
        turn = EraTurn.of(context)
        understood = turn.understood(text)
        if (understood.intent is not self.intent or understood.match.kind not in _REQUEST_KINDS
                or "day" not in understood.slots):
            return False
        lookup = await self.load_memory(context)
        if lookup.memory is None:
            return False
        windows = await self.services.time_parser.parse(text, now=turn.now, locale=turn.locale)
        if not windows:
            return False
        for shift_id in _chosen_ids(lookup.memory):
            shift = await self.services.shifts.get_shift(shift_id)
            if shift is None or any(window.start <= shift.starts_at < window.end
                                    for window in windows):
                return False
        return True

    def starts_anew(self, understood: Understanding, question: str | None) -> bool:
        """At the list of shifts, the request made again with its day ("I can't come on
        Monday, doctor's appointment", "preciso cancelar meu turno de terça", "cancel my shift
        tomorrow") is the worker's request now: that day is looked for and a reason it gives
        kept, as for a first message (it got "Sorry, I didn't understand that"). A day alone
        ("monday", "the monday one") is read by the list; nothing is cancelled before the yes."""
        return (question == QuestionId.SELECT_SHIFT and understood.intent is self.intent
                and understood.match.kind in _REQUEST_KINDS and "day" in understood.slots)

    async def _shifts_pointed_at(
        self, inner_dc: DialogContext
    ) -> tuple[list[str], bool] | str | None:
        """The ids of the shifts a reply points at instead of naming one: every shift listed
        for "both" (of two) or "all of them"; those it numbers or names at the list ("1 and
        2", "the first two"); the shifts not chosen for "the other one" (those listed with
        it, or the worker's other coming shifts when none were). The list's question again,
        saying what is accepted, when it numbers shifts past the list ("1 and 9"). None when
        the reply says no such thing, or it has nothing to point at."""
        text = inner_dc.context.activity.text or ""
        question = self.current_question(inner_dc)
        if not text or question is None:
            return None
        lookup = await self.load_memory(inner_dc.context)
        if lookup.memory is None:
            return None
        memory = lookup.memory
        if question == QuestionId.SELECT_SHIFT:
            listed = [option.value for option in memory.options]
        elif question in _AFTER_CHOICE:
            listed = [str(i) for i in memory.data.get(OFFERED) or ()]
        else:
            return None
        chosen = _chosen_ids(memory) if question in _AFTER_CHOICE else []
        if question == QuestionId.SELECT_SHIFT:
            several = picks_several(text, question, memory.options,
                                    EraTurn.of(inner_dc.context).locale)
            if several is not None and several.beyond:
                return self._past_the_list(inner_dc, several, len(listed))
            if several is not None:
                return [listed[place] for place in several.positions], True
            matched = self._several_matched(inner_dc, text, memory)
            if matched:
                return matched, True
        if ((says_both(text) and len(listed) == 2) or (says_all(text) and len(listed) > 1)) \
                and set(listed) != set(chosen):
            return listed, True
        if len(chosen) > 1:
            one = await self._one_of_the_chosen(inner_dc, text, memory, chosen)
            if one is not None:
                return [one], False
        if len(chosen) != 1 or not says_other_one(text):
            return None
        others = [shift_id for shift_id in listed if shift_id not in chosen]
        if others:
            return others, False
        turn = EraTurn.of(inner_dc.context)
        upcoming = [shift for shift in await shifts_in_windows(
            self.services.shifts, turn.person.id, [], now=turn.now, horizon=LOOK_AHEAD)
            if shift.id not in chosen]
        if not upcoming:
            return None
        known = dict(memory.data.get("shifts") or {})
        known.update({shift.id: shift.to_dict() for shift in upcoming})
        await self.save_memory(inner_dc.context, memory.with_data(shifts=known))
        return [shift.id for shift in upcoming], False

    async def _one_of_the_chosen(
        self, inner_dc: DialogContext, text: str, memory: TurnMemory, chosen: list[str]
    ) -> str | None:
        """The one shift of several chosen that a reply at their reason question picks by
        its place or its day ("2nd one", "the monday one", "le premier"): "all of them", then
        "2nd one", was read as the 2nd of the month, a shift not among them. None when the
        reply picks none (a reason)."""
        known = memory.data.get("shifts") or {}
        if len(text) > _PICK_CHARS or any(shift_id not in known for shift_id in chosen):
            return None
        return await self._picked_among(text, memory, chosen, EraTurn.of(inner_dc.context))

    async def _picked_among(
        self, text: str, memory: TurnMemory, shift_ids: list[str], turn: EraTurn
    ) -> str | None:
        """The one of the kept shifts `shift_ids` that `text` picks by its place or its day,
        read as at a list of them; None when it picks none."""
        tz = await self.store_zone(turn.person)
        options = [shift_option(Shift.from_dict(memory.data["shifts"][shift_id]), place, tz,
                                turn.language) for place, shift_id in enumerate(shift_ids)]
        reply = interpret_reply(text, str(QuestionId.SELECT_SHIFT), options, turn.locale)
        if reply.intent is not ReplyIntent.SELECT:
            return None
        return next((o.value for o in options if o.option_id == reply.option_id), None)

    @staticmethod
    def _several_matched(inner_dc: DialogContext, text: str, memory: TurnMemory) -> list[str]:
        """The shifts a plural reply matches at the list ("the evening ones", "ceux du
        soir"): all of them are meant, not one to be asked about. None for a reply that
        matches one shift, every listed shift or none."""
        reference = plural_reference(text)
        if not reference:
            return []
        reply = interpret_reply(reference, str(QuestionId.SELECT_SHIFT), memory.options,
                                EraTurn.of(inner_dc.context).locale)
        by_id = {option.option_id: option.value for option in memory.options}
        return [by_id[option_id] for option_id in reply.narrowed_to if option_id in by_id]

    @staticmethod
    def _past_the_list(inner_dc: DialogContext, several: SeveralPicked, count: int) -> str:
        """"1 and 9" at a list of six: no shift is 9, so nothing is picked; what is accepted
        is said with the list again."""
        language = EraTurn.of(inner_dc.context).language
        return say("shift_cancel.past_the_list", language,
                   numbers=format_list([str(n) for n in several.beyond], language), last=count)

    async def _pick_from(
        self, step: WaterfallStepContext, shift_ids: list[str], *, every: bool
    ) -> DialogTurnResult:
        """Go on with the shifts a reply pointed at to the reason question: all of them when
        it said "both" or "all of them", or the only other one; several others are listed to
        pick from."""
        if every or len(shift_ids) == 1:
            return await step.next({"chosen": shift_ids[0], "chosen_all": shift_ids})
        lookup = await self.load_memory(step.context)
        if lookup.memory is None:
            return await self.end_expired(step)
        turn = EraTurn.of(step.context)
        tz = await self.store_zone(turn.person)
        options = tuple(
            shift_option(Shift.from_dict(lookup.memory.data["shifts"][shift_id]), position, tz,
                         turn.language)
            for position, shift_id in enumerate(shift_ids))
        return await self._ask_which(
            step, lookup.memory.asking(str(QuestionId.SELECT_SHIFT), "", turn.now, options),
            Phrase.of("shift_cancel.ask_which"))

    async def _find_step(self, step: WaterfallStepContext) -> DialogTurnResult:
        turn = EraTurn.of(step.context)
        worker = turn.person
        tz = await self.store_zone(worker)
        options = step.options or {}
        if "pick_from" in options:
            return await self._pick_from(step, [str(i) for i in options["pick_from"]],
                                         every=bool(options.get("every")))
        if "reask" in options:
            lookup = await self.load_memory(step.context)
            if lookup.memory is None:
                return await self.end_expired(step)
            reask = options["reask"]
            return await self._ask_which(step, lookup.memory, Phrase.from_dict(reask)
                                         if isinstance(reask, dict) else str(reask))
        if "reason_again" in options:
            lookup = await self.load_memory(step.context)
            if lookup.memory is None:
                return await self.end_expired(step)
            return await step.next({"chosen": lookup.memory.data["chosen"],
                                    "prompt": str(options["reason_again"])})
        text = str(options.get("text", ""))
        # The request as said, for a follow-up once it is done ("and next week?").
        remember_question(self.intent, text, turn.now, flag=_CANCEL_REQUEST)
        colleagues = [
            p for p in await self.services.directory.list_people(store_id=worker.store_id)
            if p.id != worker.id
        ]
        language = turn.language
        suggestion = cover_suggestion(
            text, [(p.name, p.first_name) for p in colleagues], language)
        suggested: dict[str, str] = {}
        if suggestion is not None:
            # "cancel my shift on friday and give it to alice": their own shift is cancelled;
            # who takes it is the manager's decision, and the manager hears the suggestion.
            text = suggestion.rest
            suggested[SUGGESTED] = colleagues[suggestion.index].id
            await step.context.send_activity(await self._cover_is_managers(
                worker, colleagues[suggestion.index], language))
        given = reason_in_request(text, locale=turn.locale)
        # "friday too, same reason": the reason given for the shift just cancelled.
        given = _own_reason(given, turn.now) if given is not None else None
        # The worker's own first name ("Bob here, cancel my shift") names no colleague, unless
        # the colleague's full name is written ("cancel Bob Jones's shift" from Bob Smith).
        in_full = {p.id for p in fully_named(text, colleagues, language=language)}
        # The worker's own manager named is who to tell ("tell Maria I'm sick today"), not
        # whose shift it is.
        named = [p for p in find_names_in_text(text, colleagues, language=language)
                 if (p.first_name != worker.first_name or p.id in in_full)
                 and p.id != worker.manager_id]
        if named:
            await step.context.send_activity(
                say("shift_cancel.only_own", language, name=named[0].first_name)
            )
            return await self.finish(step, FlowOutcome.DENIED)
        listed = await self._listed_choice(text, given, worker, now=turn.now, locale=turn.locale,
                                           tz=tz, language=language)
        if listed is not None and listed.has_started(turn.now):
            # "cancel the first one" at a list that opens with the shift under way: it cannot
            # be cancelled, and the manager is who can act now.
            await self._say_already_started(step, listed, worker, tz, language)
            return await self.finish(step)
        if listed is not None:
            memory = (await self.new_memory(step.context)).with_data(
                shifts={listed.id: listed.to_dict()}, request_id=uuid.uuid4().hex,
                given_reason=given, **suggested,
            )
            await step.context.send_activity(
                say("shift_cancel.found_one", language,
                    shift=shift_option(listed, 0, tz, language).label)
            )
            await self.save_memory(step.context, memory)
            return await step.next({"chosen": listed.id})
        windows: list[TimeWindow] | None = None
        from_list: list[Shift] = []
        pointed = False  # "cancel them": the whole list, no day of it
        if has_recent_listing():
            # "cancel the one on Friday" right after the list: that list's Friday.
            windows = await self.services.time_parser.parse(text, now=turn.now,
                                                            locale=turn.locale, ranges=True)
            for shift_id in listed_shifts_meant(text, windows, turn.now):
                shift = await self.services.shifts.get_shift(shift_id)
                if shift is not None and shift.person_id == worker.id and not shift.has_started(
                        turn.now):
                    from_list.append(shift)
            if not windows and cancels_the_listed(text):
                # "cancel it", "annule-les" right after the list: the shifts of that list.
                listed_now = [shift for _, shift in await self._listed_upcoming(
                    worker, turn.now, under_way=True)]
                from_list = [shift for shift in listed_now if not shift.has_started(turn.now)]
                pointed = True
                if listed_now and not from_list:
                    # The list held only the shift under way: it cannot be cancelled now.
                    await self._say_already_started(step, listed_now[0], worker, tz, language)
                    return await self.finish(step)
        if windows is None:
            windows = await self.services.time_parser.parse(text, now=turn.now,
                                                            locale=turn.locale, ranges=True)
        windows = windows or _day_of_month_window(text, turn.locale, turn.now, tz)
        as_a_choice = days_as_a_choice(text, turn.locale)
        per_day = await self._shifts_each_day(windows, worker, turn.now)
        each_day = None if from_list or as_a_choice else _one_a_day(per_day)
        every = bool(windows) and not from_list and asks_for_every_shift(text)
        if self._conversation is not None and not from_list and each_day is None and not every:
            try:
                fresh = (await self.new_memory(step.context)).with_data(
                    request_id=uuid.uuid4().hex, given_reason=given, **suggested
                )
                outcome = await self._conversation.respond(
                    fresh, text, worker=worker, now=turn.now, locale=turn.locale, tz=tz,
                    language=language,
                )
            except BackendError:
                logger.warning("LLM unavailable; finding the shift without it")
            else:
                return await self._after_llm(step, outcome, first_step=True)
        found = from_list or await shifts_in_windows(
            self.services.shifts, worker.id, windows, now=turn.now, horizon=LOOK_AHEAD
        )
        if not windows and not from_list and "next" in turn.understood(text).slots:
            # "cancel my next shift", "annule mon prochain service": that one alone, not the
            # list of the coming week's to pick it from.
            found = found[:1]
        memory = (await self.new_memory(step.context)).with_data(
            shifts={s.id: s.to_dict() for s in found}, request_id=uuid.uuid4().hex,
            given_reason=given, **suggested,
        )
        searched = describe_windows(windows, tz, language) if windows else ""
        empty = [day for day, on_day in per_day if not on_day] if found else []
        if empty:
            # "i cant make thursday and friday" with no Friday shift: said, not dropped, so the
            # worker does not think Friday is taken care of. A day whose shift has started or
            # is over (today, said on a Sunday: "i can't make sunday and monday") says so.
            await self._say_days_without_a_shift(step, empty, worker, turn.now, tz, language)
        if each_day is not None:
            # "cancel fri and sat": one shift on each day named, all cancelled after one reason.
            days, _ = each_day
            await self.save_memory(step.context, memory)
            return await step.next({"chosen": days[0].id,
                                    "chosen_all": [shift.id for shift in days]})
        if len(found) == 1:
            # "cancel my shift on tuesdya": the day read from a misspelt one is written out,
            # so that the worker sees which day they are confirming.
            long_day = bool(weekday_typos(fold(step.context.activity.text or ""),
                                          language=language_of(turn.locale),
                                          nouns_capitalised=language_of(turn.locale) == "de"))
            await step.context.send_activity(
                say("shift_cancel.found_one", language,
                    shift=shift_option(found[0], 0, tz, language, long_day=long_day).label)
            )
            await self.save_memory(step.context, memory)
            return await step.next({"chosen": found[0].id})
        if every and len(found) > 1:
            # "cancel all my shifts next week": every one found, all cancelled after one reason
            # (the reason question lists them for the worker to see).
            await self.save_memory(step.context, memory)
            return await step.next({"chosen": found[0].id,
                                    "chosen_all": [shift.id for shift in found]})
        if found:
            options = [shift_option(s, i, tz, language) for i, s in enumerate(found)]
            if from_list:
                found_several = Phrase.of(
                    "shift_cancel.which_of_listed" if pointed
                    else "shift_cancel.found_several_listed", count=len(found))
            elif windows:
                found_several = Phrase.of("shift_cancel.found_several_in", count=len(found),
                                          searched=windows_phrase(windows, tz))
            else:
                found_several = Phrase.of("shift_cancel.found_several_soon", count=len(found))
            if windows or from_list:
                # The days asked for ("next week"): every shift of them is one press away.
                memory = memory.with_data(**{_ALL_BUTTON: True})
            return await self._ask_which(
                step, memory.asking(str(QuestionId.SELECT_SHIFT), "", turn.now, tuple(options)),
                found_several,
            )
        started = await self._started_in(worker, windows or [], turn.now)
        if started is not None:
            # "I'm sick today" during today's shift: it cannot be cancelled, but "no shift
            # today" would be untrue. The manager is who can act now.
            await self._say_already_started(step, started, worker, tz, language)
            return await self.finish(step)
        # With no day named the coming week was searched already: nothing more to offer.
        upcoming = await shifts_in_windows(
            self.services.shifts, worker.id, [], now=turn.now, horizon=LOOK_AHEAD
        ) if windows else []
        if upcoming:
            # "cancel my saturday evening shift" from a worker on Saturday morning: that day's
            # shifts are offered with the next ones, whichever comes first.
            that_day = await shifts_in_windows(
                self.services.shifts, worker.id, whole_days(windows, tz), now=turn.now,
                horizon=LOOK_AHEAD)
            ids = {s.id for s in that_day}
            shown = that_day[:_OFFERED] + [
                s for s in upcoming if s.id not in ids][:max(_OFFERED - len(that_day), 0)]
            shown.sort(key=lambda s: s.starts_at)
            memory = memory.with_data(shifts={s.id: s.to_dict() for s in shown})
            options = [shift_option(s, i, tz, language) for i, s in enumerate(shown)]
            return await self.ask(
                step, memory, str(QuestionId.SELECT_SHIFT),
                Phrase.of("shift_cancel.none_in_offer_next", searched=windows_phrase(windows, tz)),
                options=options, labels=shift_labels(options, memory.data["shifts"], tz),
                buttons=[_none_of_these()],
            )
        await step.context.send_activity(
            say("shift_cancel.none_in", language, searched=searched) if windows
            else say("shift_cancel.none_soon", language)
        )
        return await self.finish(step)

    async def _cover_is_managers(
        self, worker: Person, suggested: Person, language: str
    ) -> str:
        """Who takes the shift is for the worker's manager (by name) to decide; they will
        hear the suggestion with the cancellation."""
        manager = await self.services.directory.get(worker.manager_id or "")
        if manager is None:
            return say(COVER_IS_MANAGERS_NO_MANAGER, language, name=suggested.first_name)
        return say(COVER_IS_MANAGERS, language, manager=manager.name, name=suggested.first_name)

    async def _started_in(
        self, worker: Person, windows: list[TimeWindow], now: datetime
    ) -> Shift | None:
        """The worker's shift in progress now that starts in one of the days named, if any."""
        if not windows:
            return None
        earliest = min(window.start for window in windows)
        if earliest >= now:
            return None
        for shift in await self.services.shifts.shifts_between(worker.id, start=earliest,
                                                               end=now):
            if shift.has_started(now) and now < shift.ends_at and any(
                    window.start <= shift.starts_at < window.end for window in windows):
                return shift
        return None

    async def _say_days_without_a_shift(
        self, step: WaterfallStepContext, empty: list[TimeWindow], worker: Person,
        now: datetime, tz: ZoneInfo, language: str,
    ) -> None:
        """Why nothing is cancelled on each day named that has no upcoming shift of the
        worker's: its shift has started (the manager is who can act now), is over, or there
        is none."""
        none: list[TimeWindow] = []
        manager = None
        for day in empty:
            begun = [shift for shift in await self.services.shifts.shifts_between(
                worker.id, start=day.start, end=min(day.end, now))
                if day.start <= shift.starts_at < day.end and shift.has_started(now)]
            if not begun:
                none.append(day)
                continue
            shift = begun[-1]
            label = shift_option(shift, 0, tz, language).label
            if shift.ends_at <= now:
                await step.context.send_activity(say("shift_cancel.over_on_day", language,
                                                     shift=label))
                continue
            manager = manager or await self.services.directory.get(worker.manager_id or "")
            await step.context.send_activity(
                say("shift_cancel.already_started", language, shift=label,
                    manager=manager.name) if manager is not None
                else say("shift_cancel.already_started_no_manager", language, shift=label))
        if none:
            await step.context.send_activity(say(
                "shift_cancel.none_on_day", language,
                searched=describe_windows(none, tz, language)))

    async def _shifts_each_day(
        self, windows: list[TimeWindow], worker: Person, now: datetime
    ) -> list[tuple[TimeWindow, list[Shift]]]:
        """Each day named, with the worker's upcoming shifts on it (a weekend, "ce week-end",
        is its two days); [] when fewer than two days were named."""
        days = [day for window in windows for day in _weekend_days(window)]
        if len(days) < 2:
            return []
        return [(day, await shifts_in_windows(
            self.services.shifts, worker.id, [day], now=now, horizon=LOOK_AHEAD)) for day in days]

    async def _listed_upcoming(self, worker: Person, now: datetime, *,
                               under_way: bool = False) -> list[tuple[int, Shift]]:
        """The shifts of the list the worker was just shown that are still theirs to cancel,
        each as it is now (one cancelled or reassigned since is left out), with its place in
        that list; `under_way`: one that has started and not ended as well."""
        upcoming = []
        for position, shift_id in enumerate(listed_shift_ids(now)):
            shift = await self.services.shifts.get_shift(shift_id)
            if (shift is not None and shift.person_id == worker.id
                    and (shift.starts_at > now or (under_way and shift.ends_at > now))
                    and shift.status is ShiftStatus.ASSIGNED):
                upcoming.append((position, shift))
        return upcoming

    async def _say_already_started(self, step: WaterfallStepContext, shift: Shift,
                                   worker: Person, tz: ZoneInfo, language: str) -> None:
        """That `shift` has started and cannot be cancelled: the manager is who can act now."""
        manager = await self.services.directory.get(worker.manager_id or "")
        label = shift_option(shift, 0, tz, language).label
        await step.context.send_activity(
            say("shift_cancel.already_started", language, shift=label,
                manager=manager.name) if manager is not None
            else say("shift_cancel.already_started_no_manager", language, shift=label)
        )

    async def _listed_choice(
        self, text: str, given: str | None, worker: Person, *, now: datetime,
        locale: str | None, tz: ZoneInfo, language: str,
    ) -> Shift | None:
        """The shift of the list the worker was just shown that the request points at ("cancel
        the 2nd one", "annule le dernier", "die zweite stornieren"); None when no list was
        shown or the request points at none of it."""
        listed = await self._listed_upcoming(worker, now, under_way=True)
        if not listed:
            return None
        upcoming = {shift.id: shift for _, shift in listed}
        options = [shift_option(shift, position, tz, language) for position, shift in listed]
        request = text.replace(given, " ") if given else text
        reply = interpret_reply(request, str(QuestionId.SELECT_SHIFT), options, locale)
        if reply.intent is not ReplyIntent.SELECT:
            return None
        chosen = next((o.value for o in options if o.option_id == reply.option_id), "")
        return upcoming.get(chosen)

    async def _chosen_step(self, step: WaterfallStepContext) -> DialogTurnResult:
        result: Any = step.result
        if isinstance(result, ReplyAnswer):
            if result.status is AnswerStatus.EXPIRED:
                return await self.end_expired(step)
            if result.intent is ReplyIntent.UNKNOWN and self._conversation is not None:
                return await self._choice_through_llm(step, result.text)
            if result.option is None:
                await step.context.send_activity(
                    say("shift_cancel.none_chosen", EraTurn.of(step.context).language)
                )
                return await self.finish(step, FlowOutcome.CANCELLED)
            chosen = result.option.value
        else:
            chosen = str(result["chosen"])
        lookup = await self.load_memory(step.context)
        if lookup.memory is None:
            return await self.end_expired(step)
        prompt = result.get("prompt", "") if isinstance(result, dict) else ""
        every = (result.get("chosen_all") or lookup.memory.data.get("chosen_all") or [chosen]
                 if isinstance(result, dict) else [chosen])
        memory = lookup.memory
        if isinstance(result, ReplyAnswer) and result.option is not None:
            # "the first one, i'm sick", "2 - my son is ill": the reason told with the pick is
            # shown with the shift for a yes, not asked for again.
            told = _reason_with_the_pick(result.text, memory, EraTurn.of(step.context))
            if told is not None and told[0].option_id == result.option.option_id:
                memory = memory.with_data(given_reason=told[1])
        asked = memory.last_question.id if memory.last_question else ""
        if asked == QuestionId.SELECT_SHIFT and memory.options:
            # What "the other one" or "both" at the reason question points at.
            memory = memory.with_data(**{OFFERED: [o.value for o in memory.options]})
        return await self._ask_reason(
            step, memory.with_data(chosen=chosen, chosen_all=every), prompt)

    async def _ask_reason(
        self, step: WaterfallStepContext, memory: TurnMemory, preface: str = ""
    ) -> DialogTurnResult:
        """Restate the exact shift, in the server's words, and ask for the reason; when the
        worker gave it already, ask them to confirm with it instead."""
        label = await self._chosen_label(memory, EraTurn.of(step.context).person)
        count = len(_pending(memory))
        given = memory.data.get("given_reason")
        if given:
            return await self.ask(
                step, memory, _CONFIRM_CANCEL,
                Phrase.of(CONFIRM_WITH_REASON, shift=label, reason=given, count=count),
                preface=preface, return_unknown=True,
            )
        return await self.ask(
            step, memory, str(FreeTextQuestion.CANCELLATION_REASON),
            Phrase.of(REASON_QUESTION, shift=label, count=count),
            preface=preface, free_text=True, yes_is_an_answer=True,
        )

    async def _chosen_label(self, memory: TurnMemory, worker: Person) -> Formatted:
        """The shifts chosen, as a list that reads in any language."""
        tz = await self.store_zone(worker)
        return phrase.listing([shift_phrase(Shift.from_dict(memory.data["shifts"][shift_id]), tz)
                               for _, shift_id in _pending(memory)])

    async def _ask_which(
        self, step: WaterfallStepContext, memory: TurnMemory, text: str | Phrase
    ) -> DialogTurnResult:
        tz = await self.store_zone(EraTurn.of(step.context).person)
        return await self.ask(
            step, memory, str(QuestionId.SELECT_SHIFT),
            text or Phrase.of("shift_cancel.ask_which"),
            options=memory.options, labels=shift_labels(memory.options,
                                                        memory.data.get("shifts") or {}, tz),
            buttons=([_all_of_these()] if memory.data.get(_ALL_BUTTON) and len(memory.options) > 1
                     else []) + [_none_of_these()],
            return_unknown=self._conversation is not None,
        )

    async def _choice_through_llm(
        self, step: WaterfallStepContext, text: str
    ) -> DialogTurnResult:
        """A reply the interpreter could not read goes to the LLM (deterministic first)."""
        lookup = await self.load_memory(step.context)
        if lookup.memory is None:
            return await self.end_expired(step)
        turn = EraTurn.of(step.context)
        assert self._conversation is not None
        try:
            outcome = await self._conversation.respond(
                lookup.memory, text, worker=turn.person, now=turn.now, locale=turn.locale,
                tz=await self.store_zone(turn.person), language=turn.language,
                pressed=turn.pressed,
            )
        except BackendError:
            return await step.replace_dialog(self.initial_dialog_id, {
                "reask": Phrase.of("shift_cancel.which_reask").to_dict()})
        return await self._after_llm(step, outcome, first_step=False)

    async def _after_llm(
        self, step: WaterfallStepContext, outcome: ConversationStep, *, first_step: bool
    ) -> DialogTurnResult:
        """Turn the LLM's turn into the dialog's next move; the server decides."""
        memory = outcome.memory
        language = EraTurn.of(step.context).language
        if outcome.next is Next.CANCEL and not first_step:
            await self.save_memory(step.context, memory)
            return await self._cancel(step, memory, outcome.reason)
        if outcome.next in (Next.REASON, Next.CANCEL):
            # The server says which shift it found, in its own words, whatever the model wrote.
            label = await self._chosen_label(memory, EraTurn.of(step.context).person)
            found = say("shift_cancel.found_one", language, shift=label.said(language))
            if first_step:
                await self.save_memory(step.context, memory)
                return await step.next({"chosen": memory.data["chosen"], "prompt": found})
            return await self._ask_reason(step, memory, found)
        if outcome.next in (Next.SELECT, Next.INVALID):
            if not memory.options:
                await step.context.send_activity(say("shift_cancel.which_unclear", language))
                return await self.finish(step, FlowOutcome.DONE)
            searched = memory.data.get("searched", "")
            count = len(memory.options)
            if outcome.next is not Next.SELECT:
                text = Phrase.of("shift_cancel.no_match")
            elif searched:
                text = Phrase.of("shift_cancel.found_several_in", count=count, searched=searched)
            else:
                text = Phrase.of("shift_cancel.found_several_soon", count=count)
            if first_step:
                return await self._ask_which(step, memory, text)
            await self.save_memory(step.context, memory)
            return await step.replace_dialog(self.initial_dialog_id,
                                             {"reask": text.to_dict()})
        searched = memory.data.get("searched", "")
        await step.context.send_activity(
            say("shift_cancel.none_in", language, searched=searched) if searched
            else say("shift_cancel.none_found", language))
        return await self.finish(step)

    async def _reason_step(self, step: WaterfallStepContext) -> DialogTurnResult:
        """The worker answered, having seen the exact shift: a reason in their own words (or
        "yes" to the reason they gave first) cancels it; a refusal cancels nothing; anything
        else (a choice, a question, a request, "a") is not a reason and is asked again."""
        answer: ReplyAnswer = step.result
        if answer.status is AnswerStatus.EXPIRED:
            return await self.end_expired(step)
        turn = EraTurn.of(step.context)
        lookup = await self.load_memory(step.context)
        if lookup.memory is None:
            return await self.end_expired(step)
        memory = lookup.memory
        question = memory.last_question.id if memory.last_question else ""
        kept = await self._kept_by_name(memory, answer.text, turn)
        if kept is not None:
            return await self._keep(step, memory, kept)
        if same_reason_meant(answer.text):
            # "same reason" just after another shift was cancelled: that reason, shown with
            # the shift for a yes (the manager reads the words, not "same reason").
            previous = _own_reason(answer.text, turn.now)
            if previous is None:
                return await step.replace_dialog(self.initial_dialog_id, {
                    "reason_again": say(REASON_NEEDED, turn.language)})
            await self.save_memory(step.context, memory.with_data(given_reason=previous))
            return await step.replace_dialog(self.initial_dialog_id, {"reason_again": ""})
        verdict = _judged(answer.text, turn)
        if question == _CONFIRM_CANCEL:
            if answer.intent is ReplyIntent.CONFIRM:
                return await self._cancel(step, memory, str(memory.data["given_reason"]))
            if answer.intent is ReplyIntent.UNKNOWN:
                return await self._confirm_again(step, memory, answer.text, verdict)
            await step.context.send_activity(say("shift_cancel.kept", turn.language))
            return await self.finish(step, FlowOutcome.CANCELLED)
        if verdict is ReasonVerdict.OTHER_DAY:
            # "actually no, monday": nothing is cancelled; that day's shift is looked for instead.
            day = day_meant_instead(answer.text, locale=turn.locale) or ""
            return await step.replace_dialog(self.initial_dialog_id, {"text": day})
        if verdict is ReasonVerdict.REFUSAL:
            await step.context.send_activity(say("shift_cancel.kept", turn.language))
            return await self.finish(step, FlowOutcome.CANCELLED)
        if verdict is ReasonVerdict.REASON:
            return await self._cancel(step, memory, answer.text.strip())
        if verdict is ReasonVerdict.UNSURE:
            # A reason that says "keep" too: cancel with it only after a plain yes.
            await self.save_memory(step.context,
                                   memory.with_data(given_reason=answer.text.strip()))
            return await step.replace_dialog(self.initial_dialog_id, {"reason_again": ""})
        again = " ".join(say(msg_id, turn.language)
                         for msg_id in (REASON_AGAIN.get(verdict), REASON_NEEDED) if msg_id)
        return await step.replace_dialog(self.initial_dialog_id, {"reason_again": again})

    async def _kept_by_name(self, memory: TurnMemory, text: str, turn: EraTurn) -> str | None:
        """The chosen shift a "don't cancel" names at the reason question ("n annule pas le 1",
        "don't cancel the monday one"): that one stays. None when the text asks no such thing
        or names none of them; it got "I need the reason before cancelling anything"."""
        if not negates_request(text, turn.locale):
            return None
        pending = [shift_id for _, shift_id in _pending(memory)]
        return await self._picked_among(affirmed(text, turn.locale), memory, pending, turn)

    async def _keep(
        self, step: WaterfallStepContext, memory: TurnMemory, kept: str
    ) -> DialogTurnResult:
        """Drop the shift the worker keeps from those being cancelled, and say so; the reason
        question again for the others, or the end when it was the only one."""
        turn = EraTurn.of(step.context)
        rest = [shift_id for _, shift_id in _pending(memory) if shift_id != kept]
        if not rest:
            await step.context.send_activity(say("shift_cancel.kept", turn.language))
            return await self.finish(step, FlowOutcome.CANCELLED)
        tz = await self.store_zone(turn.person)
        label = shift_option(Shift.from_dict(memory.data["shifts"][kept]), 0, tz,
                             turn.language).label
        # The ones already cancelled stay listed: each keeps its place in the request ids.
        every = [shift_id for shift_id in _chosen_ids(memory) if shift_id != kept]
        await self.save_memory(step.context, memory.with_data(chosen=rest[0], chosen_all=every))
        return await step.replace_dialog(
            self.initial_dialog_id,
            {"reason_again": say("shift_cancel.keeping", turn.language, shift=label)})

    async def _confirm_again(
        self, step: WaterfallStepContext, memory: TurnMemory, text: str, verdict: ReasonVerdict
    ) -> DialogTurnResult:
        """Neither yes nor no at "Cancel ...? Reason: ...": a new reason ("actually it's because
        my car broke down") replaces the one given and the same question is asked with it;
        another day's shift is looked for; a refusal keeps the shift; anything else is not
        understood and the question is asked again. Nothing is cancelled without a yes."""
        language = EraTurn.of(step.context).language
        if verdict is ReasonVerdict.OTHER_DAY:
            day = day_meant_instead(text, locale=EraTurn.of(step.context).locale) or ""
            return await step.replace_dialog(self.initial_dialog_id, {"text": day})
        if verdict is ReasonVerdict.REFUSAL:
            await step.context.send_activity(say("shift_cancel.kept", language))
            return await self.finish(step, FlowOutcome.CANCELLED)
        if verdict in (ReasonVerdict.REASON, ReasonVerdict.UNSURE):
            await self.save_memory(step.context, memory.with_data(given_reason=text.strip()))
            return await step.replace_dialog(self.initial_dialog_id, {"reason_again": ""})
        accepted = format_accepted(describe_accepted(_CONFIRM_CANCEL, ()), language)
        again = (say("prompt.thanks", language) if thanks_alone(EraTurn.of(step.context), text)
                 else say("prompt.not_understood", language, accepted=accepted))
        return await step.replace_dialog(self.initial_dialog_id, {"reason_again": again})

    async def _cancel(
        self, step: WaterfallStepContext, memory: TurnMemory, reason: str
    ) -> DialogTurnResult:
        turn = EraTurn.of(step.context)
        worker = turn.person
        tz = await self.store_zone(worker)
        await claim_before_effect()
        done: list[Shift] = []
        cancelled = [str(i) for i in memory.data.get(CANCELLED) or ()]
        suggested = await self.services.directory.get(str(memory.data.get(SUGGESTED) or ""))
        told = ""
        # The manager told of the cancelled shifts, and how far the telling got.
        reached: tuple[Person, ManagerReach] | None = None
        problem = ""
        for number, shift_id in _pending(memory):
            # One request id per shift: each is cancelled once, however often "yes" arrives.
            request_id = str(memory.data["request_id"]) + (f"-{number}" if number else "")
            try:
                done.append(await self.services.shifts.cancel_shift(
                    shift_id=shift_id, worker=worker, reason=reason,
                    conversation_id=turn.conversation_key, request_id=request_id, now=turn.now,
                ))
            except (PermissionDeniedError, ValidationError, ConflictError) as refusal:
                problem = say("shift_cancel.refused", turn.language,
                              problem=error_text(refusal, turn.language))
                break
            except BackendError:
                logger.warning("shift cancel failed in the schedule backend", exc_info=True)
                # The rest stays asked about, with its reason and request ids, and the worker's
                # yes tries only that again (the tracked backend counted the failure once).
                kept = memory.with_data(given_reason=reason, **{CANCELLED: cancelled})
                await self.save_memory(step.context, kept)
                if not done:
                    return await step.replace_dialog(
                        self.initial_dialog_id,
                        {"reason_again": say(NOT_CANCELLED_YET, turn.language)})
                await self._say_cancelled(step, done, told, tz, partly=True)
                rest = (await self._chosen_label(kept, worker)).said(turn.language)
                return await step.replace_dialog(self.initial_dialog_id, {"reason_again": say(
                    REST_NOT_CANCELLED, turn.language, count=len(_pending(kept)), shift=rest)})
            cancelled.append(shift_id)
            if done[-1].is_open:
                try:
                    told, reached = await self._tell_manager(
                        worker, done[-1], tz, reason, request_id, turn.language, now=turn.now,
                        suggested=suggested)
                except BackendError:
                    # The shift is cancelled: a directory that cannot name the manager now
                    # must not turn that into "nothing was changed".
                    logger.warning("shift %s cancelled; its manager not told", done[-1].id,
                                   exc_info=True)
                    told = say("shift_cancel.no_manager", turn.language)
        await self._say_cancelled(step, done, told, tz, partly=False)
        if reached is not None:
            _remember_told(reached, [s for s in done if s.is_open], tz, turn)
        if done:
            _remember_reason(reason, turn.now)
            asked = kept_request(turn.now, _CANCEL_REQUEST)
            if asked is not None:
                # "and next week?", "et la semaine prochaine ?": the same request for that
                # time, which lists its shifts and asks which one (nothing without a yes).
                remember_question(self.intent, asked[1], turn.now)
        if problem:
            await step.context.send_activity(problem)
        if not done:
            return await self.finish(step)
        return await self.finish(step, shift_id=done[0].id)

    async def _say_cancelled(
        self, step: WaterfallStepContext, done: list[Shift], told: str, tz: ZoneInfo, *,
        partly: bool,
    ) -> None:
        """Which shifts are cancelled (now open) and which wait for the manager's approval;
        `partly`: more is said after it (what is not cancelled yet), so no "anything else?"."""
        language = EraTurn.of(step.context).language
        opened = [s for s in done if s.is_open]
        awaiting = [s for s in done if not s.is_open]
        if opened:
            await step.context.send_activity(say(
                PARTLY_DONE if partly else "shift_cancel.done", language, told=told,
                count=len(opened), shift=format_list(
                    [shift_option(s, 0, tz, language).label for s in opened], language)))
        if awaiting:
            await step.context.send_activity(say(
                PARTLY_AWAITING if partly else AWAITING_APPROVAL, language, count=len(awaiting),
                shift=format_list(
                    [shift_option(s, 0, tz, language).label for s in awaiting], language)))

    async def _tell_manager(
        self, worker: Person, shift: Shift, tz: ZoneInfo, reason: str, request_id: str,
        language: str, *, now: datetime | None = None, suggested: Person | None = None,
    ) -> tuple[str, tuple[Person, ManagerReach] | None]:
        """Email and message the worker's manager in the manager's own language, with who the
        worker suggested to take the shift and who could cover it; returns what to tell the
        worker (in theirs), and the manager with how far the telling got (None when the
        worker has no manager to tell)."""
        manager = await self.services.directory.get(worker.manager_id or "")
        if manager is None:
            return say("shift_cancel.no_manager", language), None
        theirs = await notice_language(self.services.notifier, manager)
        label = shift_option(shift, 0, tz, theirs).label
        cover = None
        if now is not None:
            people = await who_could_cover(
                self.services, shift=shift, absent_id=worker.id, now=now)
            cover = [person.name for person in people] if people is not None else None
        cover_line = ""
        if cover is not None:
            cover_line = (say(COULD_COVER, theirs, names=format_list(cover[:MAX_COVER_NAMES],
                                                                      theirs))
                          if cover else say(NOBODY_FREE, theirs)) + "\n"
        if suggested is not None:
            cover_line = say(WORKER_SUGGESTS, theirs, worker=worker.first_name,
                             name=suggested.name) + "\n" + cover_line
        body = say("shift_cancel.manager_email_body", theirs, manager=manager.first_name,
                   worker=worker.name, shift=label, reason=one_line(reason))
        if cover_line:
            head, signature = body.rsplit("\n\n", 1)
            body = f"{head}\n{cover_line}\n{signature}"
        notice = ManagerNotice(
            subject=say("shift_cancel.manager_email_subject", theirs, worker=worker.name,
                        shift=label),
            body=body,
            chat=say("shift_cancel.manager_notice", theirs, worker=worker.name, shift=label,
                     reason=quoted_words(reason))
            + (" " + cover_line.strip() if cover_line else ""),
        )
        reach = await notice.send(manager, request_id=f"shift-cancel-{request_id}",
                                  mail=self.services.mail, notifier=self.services.notifier)
        return say(MANAGER_TOLD[reach], language, manager=manager.name), (manager, reach)


def _remember_told(
    reached: tuple[Person, ManagerReach], shifts: list[Shift], tz: ZoneInfo, turn: EraTurn
) -> None:
    """Keep that the manager was told of these cancelled shifts, for "did maria get it?" and
    "undo that" said next (dialogs/manager_told.py)."""
    manager, reach = reached
    if not shifts:
        return
    labels = format_list([shift_option(s, 0, tz, turn.language).label for s in shifts],
                         turn.language)
    remember_told(manager.id, reach, status="shift_cancel.already_told",
                  not_reached=MANAGER_TOLD[ManagerReach.NOT_TOLD],
                  undo="shift_cancel.cannot_undo",
                  fields={"manager": manager.name, "shift": labels}, now=turn.now,
                  count=len(shifts), recap="shift_cancel.recap", told=MANAGER_TOLD[reach])


def _remember_reason(reason: str, now: datetime) -> None:
    """Keep the reason a cancellation was made with, for a "same reason" said next."""
    state = current_person_state()
    if state is not None:
        state.flags[_LAST_REASON] = {"at": now.isoformat(), "reason": reason}




def _reason_with_the_pick(
    text: str, memory: TurnMemory, turn: EraTurn
) -> tuple[ChoiceOption, str] | None:
    """The shift a reply picks and the reason it tells after the pick ("the first one, i'm
    sick", "le premier, je suis malade"): the words before the pick pick one shift alone, and
    those after it are a reason (their own words, or the last one's for "same reason")."""
    if turn.pressed:
        return None
    parts = PICK_END.split(text.strip(), maxsplit=1)
    if len(parts) < 2 or not parts[1].strip():
        return None
    pick, told = parts[0], parts[1].strip()
    alone = interpret_reply(pick, str(QuestionId.SELECT_SHIFT), memory.options, turn.locale)
    option = memory.option(alone.option_id)
    if alone.intent is not ReplyIntent.SELECT or option is None:
        return None
    if _judged(told, turn) is not ReasonVerdict.REASON:
        return None
    reason = _own_reason(told, turn.now)
    return (option, reason[:_MAX_REASON]) if reason else None


def _own_reason(text: str, now: datetime) -> str | None:
    """The reason `text` gives: its words, or for "same reason" the reason of the worker's
    last cancellation when it was made within the hour (None when there is none)."""
    if not same_reason_meant(text):
        return text
    kept = recent_flag(_LAST_REASON, now, _SAME_REASON_WITHIN)
    return str(kept.get("reason") or "") or None if kept is not None else None
