"""The root dialog: reads what a message asks for and starts the flow that serves it.

Routing is rules-based (the turn's one `language.understanding`) so it works offline and costs
no LLM call. A request whose flow is not available, or not for this person's role, gets an honest
answer that says what ERA can do for them. Free-text situations from managers go to the advisor
when it is available.
"""

from __future__ import annotations

import json
import logging
import re
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime

from botbuilder.dialogs import (
    ComponentDialog,
    Dialog,
    DialogTurnResult,
    WaterfallDialog,
    WaterfallStepContext,
)

from core.choice_option import ChoiceOption
from core.intent import Intent
from core.name_matcher import find_names_in_text, fully_named, spell_script_names
from core.person import Person, PersonRole
from core.playbook_index import PlaybookIndex
from core.question_id import QuestionId
from core.reply_interpreter import ReplyIntent, describe_accepted, interpret_reply, negates
from core.short_answer import short_answer
from core.situation_facts import is_acknowledgement
from core.text_fold import fold_text
from core.turn_memory import TURN_MEMORY_TTL
from core.turn_report import current_report
from dialogs.dialog_ids import MAIN_DIALOG, MAIN_WATERFALL, flow_dialog_id
from dialogs.employee_choice import store_employees
from dialogs.era_turn import EraTurn
from dialogs.flow_dialog import (
    EMPLOYEE_HINT,
    KEPT_DRAFT,
    OFFERED_MORE,
    SITUATION_HINT,
    FlowDialog,
    FlowOutcome,
)
from dialogs.kept_draft import draft_asked_back
from dialogs.last_question import (
    FollowUp,
    advice_employee,
    advised_at,
    follow_up_of,
    forget_opened,
    forget_question,
    kept_request,
    last_question,
    not_understood_again,
    opened_lately,
    remember_opened,
    remember_question,
    talked_about,
)
from dialogs.manager_told import people_told_lately, told_lately
from dialogs.meeting_listing import booked_meeting_id, listed_meeting_ids
from dialogs.question_card import question_activity
from dialogs.reply_prompt import take_follow_up
from dialogs.request_routing import route_for
from dialogs.shift_change_dialog import one_person_named
from dialogs.shift_listing import listed_shift_ids
from dialogs.shift_unassign_dialog import ShiftUnassignDialog
from dialogs.shift_undo import undo_request
from dialogs.turn_failures import tracker_of
from language.catalogue import say
from language.catalogue_schedule import change_summary
from language.ellipsis import leftover
from language.follow_up import FOLLOW_UP_INTENTS, naming, split_requests
from language.follow_up import FollowUp as AnsweredThenAsked
from language.formatting import format_accepted, format_list
from language.intent_rules import MatchKind
from language.interrupts import interrupt_words
from language.listed_meeting_words import (
    booked_meeting_length,
    cancels_a_listed_meeting,
    changes_a_booked_meeting,
    moves_a_listed_meeting,
)
from language.listed_reference import cancels_the_listed
from language.negated_request import affirmed, cancels, negates_request
from language.option_reference import points_at_options
from language.reply_words import praises_only
from language.same_for import same_for_name
from language.signature import is_signature
from language.situation_words import speaks_of_distress, tells_of_family_illness
from language.told_question import asks_after_told, asks_for_recap
from language.understanding import Understanding, choose_among
from services.time_phrase_parser import names_a_day
from state.person_state import current_person_state

logger = logging.getLogger(__name__)
# A message naming the manager just told, short enough to be about that message ("maria?",
# "and maria got it?"); a longer one says something new (`MainDialog._told_answer`).
_NAME_ONLY_WORDS = 4
# Written without spaces: "マリアさんに伝わった？" (11); "マリアさんに日曜日なら出られると伝えて
# ください" (23) says something new.
_NAME_ONLY_CHARACTERS = 16

CLARIFY_WATERFALL = "main_dialog.clarify"
CLARIFY_QUESTION = "select_request"  # the reply interpreter reads "1", "the second one" at it
CLARIFY_TEXT = "main.clarify_which"
CLARIFY_DROPPED = "main.clarify_dropped"
# "Shall I still …?": the other request of a message that made two, once the first was dropped.
THEN_WATERFALL = "main_dialog.then"


def request_label(intent: Intent, language: str) -> str:
    """What a request is called when ERA asks which of two the user meant ("cancel a shift")."""
    return say(f"main.request.{intent}", language)


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
    Capability(Intent.STORE_SCHEDULE, _MANAGERS),
    Capability(Intent.SHIFT_ASSIGN, _MANAGERS),
    Capability(Intent.SHIFT_SWAP, _MANAGERS),
    Capability(Intent.SHIFT_UNASSIGN, _MANAGERS),
    Capability(Intent.SHIFT_REASSIGN, _MANAGERS),
    Capability(Intent.SHIFT_MOVE, _MANAGERS),
    Capability(Intent.WHO_IS_FREE, _MANAGERS),
    Capability(Intent.EMAIL, _MANAGERS),
    Capability(Intent.CALL_EMPLOYEE, _MANAGERS),
    Capability(Intent.MEETING_BOOK, frozenset(PersonRole)),
    Capability(Intent.SHIFT_CANCEL, _EMPLOYEES),
    Capability(Intent.RUNNING_LATE, _EMPLOYEES),
    Capability(Intent.MY_SHIFTS, _EMPLOYEES),
    Capability(Intent.MY_MANAGER, _EMPLOYEES),
    Capability(Intent.MORE_HOURS, _EMPLOYEES),
)


class MainDialog(ComponentDialog):
    """Routes each new request to a flow; answers help, greetings and unknown requests itself."""

    def __init__(
        self, *, flows: Sequence[Dialog], situations: PlaybookIndex | None = None
    ) -> None:
        super().__init__(MAIN_DIALOG)
        # The playbooks' situations, which a short note about one of the manager's people
        # ("luca late again") is read against without any LLM call.
        self._situations = situations
        self.add_dialog(WaterfallDialog(MAIN_WATERFALL, [self._route_step, self._finish_step]))
        self.add_dialog(WaterfallDialog(CLARIFY_WATERFALL, [self._ask_which, self._choose]))
        self.add_dialog(WaterfallDialog(THEN_WATERFALL, [self._ask_then, self._then_reply]))
        self._available: set[Intent] = set()
        self._flows: dict[Intent, FlowDialog] = {}
        self._capabilities_texts: dict[tuple[PersonRole | None, str], str] = {}
        self._example_buttons: dict[tuple[PersonRole | None, str], tuple[tuple[str, str], ...]] = {}
        for flow in flows:
            self.add_dialog(flow)
            if isinstance(flow, FlowDialog):
                self._available.add(flow.intent)
                self._flows[flow.intent] = flow
        self.initial_dialog_id = MAIN_WATERFALL

    def capabilities_for(self, person: Person | None) -> list[Capability]:
        """What ERA can do today for this person (everyone's, when unknown)."""
        return [
            c for c in CAPABILITIES
            if c.intent in self._available and (person is None or person.role in c.roles)
        ]

    def capabilities_text(self, person: Person | None, language: str = "en") -> str:
        """A short list of what ERA can do for this person, with examples (made once per role
        and language: help, greetings and unknown requests all show it)."""
        key = (person.role if person is not None else None, language)
        text = self._capabilities_texts.get(key)
        if text is None:
            capabilities = self.capabilities_for(person)
            if not capabilities:
                text = say("main.capabilities_none", language)
            else:
                lines = [say("main.capabilities_intro", language)]
                lines += [say("main.capability_line", language, summary=c.summary(language),
                              example=c.example(language)) for c in capabilities]
                text = "\n".join(lines)
            self._capabilities_texts[key] = text
        return text

    def example_buttons(self, person: Person | None, language: str) -> list[tuple[str, str]]:
        """(title, text) of the buttons under help and other answers: the first five examples
        of what ERA can do for this person (made once per role and language, as the list)."""
        key = (person.role if person is not None else None, language)
        buttons = self._example_buttons.get(key)
        if buttons is None:
            examples = [c.example(language) for c in self.capabilities_for(person)[:5]]
            buttons = self._example_buttons[key] = tuple((e, e) for e in examples)
        return list(buttons)

    def _list_buttons(self, person: Person, language: str) -> list[tuple[str, str]]:
        """(title, text) of the lists ERA can show this person (who is working, their shifts,
        their meetings), each a request that shows it: the choices under "which one?"."""
        examples = [say(f"main.example.{intent}", language) for intent in _LISTS
                    if self._open_to(intent, person)]
        return [(example, example) for example in examples]

    def _open_to(self, intent: Intent, person: Person) -> bool:
        """Whether ERA has a flow for the request open to this person's role."""
        return intent in self._flows and person.role in self._flows[intent].allowed_roles

    async def _route_step(self, step: WaterfallStepContext) -> DialogTurnResult:
        turn = EraTurn.of(step.context)
        options = step.options if isinstance(step.options, dict) else {}
        routed = options.get("text")
        text = (routed or step.context.activity.text or "").strip()
        routed_as = options.get("routed_as")
        # Whether ERA has only welcomed or greeted this person so far, or never talked with
        # them here (kept for a request a flow hands back): a first contact.
        step.values["opened"] = options.get("opened") or list(opened_lately(turn.now))
        if isinstance(options.get("then"), dict):
            step.values["then"] = options["then"]  # a second request, for after this one
        if routed_as is not None:
            # The advisor had no guidance on a question about the schedule or about ERA.
            return await self._answer_instead(step, Intent(routed_as), turn.person, text)
        follow_up = options.get("follow_up")
        if follow_up in self._available:
            # A request made after an answer ("yes, and also call him"): already read.
            logger.info("route: follow-up %s", follow_up)
            _remember_request(Intent(follow_up), text, turn.now)
            return await step.begin_dialog(flow_dialog_id(Intent(follow_up)), {"text": text})
        if routed is None and follow_up is None and Intent.EMAIL in self._available:
            kept = draft_asked_back(text, turn.now)
            if kept is not None:
                # "send it" after the draft went to HR unsent: its preview again, for a yes.
                logger.info("route: the email draft handed to HR, shown again")
                return await step.begin_dialog(flow_dialog_id(Intent.EMAIL),
                                               {KEPT_DRAFT: kept})
        if routed is None and follow_up is None:
            two = await self._two_requests(text, turn)
            if two is not None:
                # Two requests in one message: the first now, the second once it is over;
                # neither is dropped, and each flow asks before it does anything.
                logger.info("route: two requests, %s after the first", two["intent"])
                await step.context.send_activity(
                    say("main.then_later", turn.language, request=two["said"]))
                return await step.replace_dialog(
                    MAIN_WATERFALL, {"text": two["first"], "then": two})
        understanding = turn.understood(text)
        choices = self._choices(understanding, turn.person)
        if len(choices) > 1:
            return await step.begin_dialog(
                CLARIFY_WATERFALL, {"text": text, "choices": [str(c) for c in choices]}
            )
        match = understanding.match
        intent = choices[0] if choices else match.intent
        signature = intent in (Intent.ADVICE, Intent.UNKNOWN) and is_signature(text, turn.locale)
        if signature:
            # "Alice Martin | Sales Associate | Riverside Store": a pasted signature asks for
            # nothing (its job title is no situation to advise on).
            intent = Intent.UNKNOWN
        if intent in (Intent.THANKS, Intent.CANCEL_FLOW) and understanding.is_decline:
            # "no thanks", "non merci", "不用了，谢谢" with no flow open: a no to what was
            # asked, not a thank-you (nor a cancel of nothing).
            intent = Intent.UNKNOWN
        if intent is Intent.SHIFT_CANCEL and match.kind is not MatchKind.COMMAND \
                and tells_of_family_illness(text) and await self._names_an_employee(text, turn):
            # A manager's "卢卡的妻子住院了，这周上不了班" (Luca's wife is in hospital, he can't
            # work this week): his hard time, supported first; his shifts are covered when the
            # manager asks, never taken away unasked.
            intent = Intent.ADVICE
        elif intent is Intent.SHIFT_CANCEL and await self._unassigns(text, turn):
            intent = Intent.SHIFT_UNASSIGN
        elif intent is Intent.RUNNING_LATE and await self._names_an_employee(text, turn):
            # "bob llegó tarde otra vez" (folded, "llegó" is "llego": I'm late) said by a
            # manager about one of their people: a situation for advice.
            intent = Intent.ADVICE
        negated = _negated(text, intent, turn)
        if negated is not None:
            # "don't cancel 1", "n'annule pas le 1": the request's words, asked not to be done.
            logger.info("route: %s said in the negative, not started", negated)
            forget_question(flag=_LAST_REQUEST)
            await step.context.send_activity(say(
                "main.negated_request", turn.language,
                request=request_label(negated, turn.language)))
            return await step.end_dialog()
        listed_meetings = listed_meeting_ids(turn.now) if intent in _LISTED_MEETING_READS else []
        for change, points in ((Intent.MEETING_CANCEL, cancels_a_listed_meeting),
                               (Intent.MEETING_RESCHEDULE, moves_a_listed_meeting)):
            if listed_meetings and change in self._available and points(text):
                # "cancel the first one", "cancel the one with Alice", "move it to friday"
                # just after the person's meetings were listed: one of those (the flow shows
                # it and asks).
                logger.info("route: %s of the meetings just listed", change)
                _remember_request(change, text, turn.now)
                return await step.begin_dialog(flow_dialog_id(change),
                                               {"text": text, "listed": listed_meetings})
        booked = booked_meeting_id(turn.now) if intent in _LISTED_MEETING_READS else None
        if (booked is not None and Intent.MEETING_RESCHEDULE in self._available
                and changes_a_booked_meeting(text)):
            # "can you change it to 3pm", "actually make it friday" just after a meeting or
            # call was booked: a move of that one (the flow shows it and asks before).
            logger.info("route: a move of the meeting just booked")
            _remember_request(Intent.MEETING_RESCHEDULE, text, turn.now)
            return await step.begin_dialog(flow_dialog_id(Intent.MEETING_RESCHEDULE),
                                           {"text": text, "listed": [booked]})
        length = (booked_meeting_length(text, turn.language, turn.locale)
                  if booked is not None and Intent.MEETING_RESCHEDULE in self._available
                  else None)
        if length is not None:
            # "make it 45 minutes", "actually 30 min" just after a meeting or call was booked:
            # the same start, the new length, previewed before it is changed.
            logger.info("route: a new length for the meeting just booked")
            _remember_request(Intent.MEETING_RESCHEDULE, text, turn.now)
            return await step.begin_dialog(flow_dialog_id(Intent.MEETING_RESCHEDULE),
                                           {"text": "", "listed": [booked], "minutes": length})
        if (intent in (Intent.CANCEL_FLOW, Intent.UNKNOWN)
                and Intent.SHIFT_CANCEL in self._available
                and turn.person.role is PersonRole.EMPLOYEE and cancels_the_listed(text)
                and listed_shift_ids(turn.now)):
            # "cancel it", "sag sie ab" just after the worker's shifts were listed: those
            # shifts (the cancel flow restates the one meant, or asks which, then asks why).
            logger.info("route: a cancel of the shifts just listed")
            intent = Intent.SHIFT_CANCEL
        told = await self._told_answer(text, intent, turn)
        if told is not None:
            # "did maria get it?", "undo that" just after a message passed on to the worker's
            # manager: what was done, said plainly; nothing is sent again.
            logger.info("route: %s about the message just passed on to the manager", intent)
            await step.context.send_activity(told)
            return await step.end_dialog()
        after = await self._after_cancelled(step, text, intent, turn)
        if after is not None:
            return after
        leaning = (await self._follow_up(understanding.corrected_text, turn)
                   if intent is Intent.UNKNOWN else None)  # "und am samstg?": Saturday
        if leaning is not None:
            # "and saturday?", "what about next week?", "and alice?": the question just
            # answered, with these words in place of its own.
            logger.info("route: %s again, as a follow-up", leaning.intent)
            return await step.begin_dialog(flow_dialog_id(leaning.intent),
                                           {"text": leaning.text, "later": leaning.later})
        if intent is Intent.UNKNOWN:
            corrected = await self._corrected(text, turn)
            if corrected is not None:
                # "no, Chen not Alice" right after a request about Alice: that request again,
                # for Chen (its flow previews and asks again; nothing was done for Chen yet).
                logger.info("route: %s again, corrected", corrected.intent)
                if corrected.done is not None and corrected.intent in _UNDO_KIND:
                    # The first request was carried out: it stays done, and ERA says so.
                    await step.context.send_activity(say(
                        f"main.first_stands.{_UNDO_KIND[corrected.intent]}", turn.language,
                        request=corrected.done))
                _remember_request(corrected.intent, corrected.text, turn.now)
                return await step.begin_dialog(flow_dialog_id(corrected.intent),
                                               {"text": corrected.text})
            same = await self._same_for(text, turn)
            if same is not None:
                # "same for alice" after Bob's assign: Alice's, asked about or previewed for
                # its own yes (Bob's stays as it is).
                logger.info("route: %s again, for another person", same[0])
                _remember_request(same[0], same[1], turn.now)
                return await step.begin_dialog(flow_dialog_id(same[0]), {"text": same[1]})
        # "a alice anda estranha" opens with the Portuguese article, not the "a" (and) of a
        # follow-up: a worry about someone is no "and Alice?".
        follows_up = leftover(text) is not None and not speaks_of_distress(text)
        if intent is Intent.UNKNOWN and (signature or _is_stray_reply(text, turn.locale)
                                         or follows_up
                                         or _is_stray_correction(text, turn.locale)
                                         or understanding.is_small_talk
                                         or understanding.is_vague_request):
            # A stray yes, a follow-up ("and saturday?"), a correction ("no, alice's not
            # mine") with nothing before it to follow or correct, or chat about ERA ("are you
            # a bot?"), or a request that names nothing ("can you send me the list?"): what
            # ERA can do, never the advisor (whose knowledge gap hands over).
            pass
        elif intent is Intent.ADVICE or (
            intent is Intent.UNKNOWN and turn.person.is_manager
            and (_reads_as_a_question(text) or await self._short_note(text, turn)
                 or await self._unspaced_sentence(text, turn))
        ):
            # Only a question or a situation goes to the advisor: a knowledge gap there hands
            # the manager to HR at once, which a stray word must not do.
            intent = Intent.ADVICE
        logger.info("route: %s (confidence %.2f)", intent, match.confidence)
        if intent not in _OPENING_KINDS:
            forget_opened()  # a request: nothing is left of the opening
        # The request a short "no, Chen not Alice" may correct next; anything else forgets it.
        _remember_request(intent, understanding.corrected_text, turn.now)
        if intent is Intent.UNDO:
            undo = undo_request(turn.person.id, turn.now)
            if undo is not None and undo.intent in self._available:
                # "undo that" just after a shift change: the change back, for its own yes.
                logger.info("route: undo as %s", undo.intent)
                await step.context.send_activity(say(
                    "shift_change.undo_intro", turn.language,
                    summary=change_summary(undo.undone, turn.language)))
                return await step.begin_dialog(flow_dialog_id(undo.intent),
                                               {"entities": undo.entities, "parsed": True})
        names_team = intent is Intent.MORE_HOURS and turn.person.is_manager and bool(
            find_names_in_text(text, await self._team(turn), language=turn.language))
        route = route_for(intent, understanding.slots, turn.person.role, names_team=names_team)
        if route.intent is not intent and route.intent in self._available:
            # "can I swap my tuesday shift with someone?", "can someone cover my shift on
            # friday?" from a worker: only their manager changes the rota; ERA offers to ask
            # them, with the worker's words (nothing changes on the rota meanwhile). From a
            # manager, "can someone cover Bob's shift?" asks who is free.
            logger.info("route: %s, for a %s, as %s", intent, turn.person.role, route.intent)
            return await step.begin_dialog(flow_dialog_id(route.intent), {
                "text": understanding.corrected_text, **route.options})
        if intent in self._available:
            # A flow reads its details (the day, a name) from the words as they were meant.
            flow_options: dict[str, str] = {"text": understanding.corrected_text}
            about = _advised_about(intent, understanding, turn.now, turn.language)
            if about is not None:
                # "send him a written warning" just after the advice about Bob: to Bob.
                flow_options[EMPLOYEE_HINT], flow_options[SITUATION_HINT] = about
            return await step.begin_dialog(flow_dialog_id(intent), flow_options)
        await self._answer(step, intent, turn.person, text)
        return await step.end_dialog()

    async def _told_answer(self, text: str, intent: Intent, turn: EraTurn) -> str | None:
        """What a worker is told when, just after ERA passed their message on to their manager,
        they ask whether it arrived ("did maria get it?", "est-ce qu'elle est au courant ?"),
        ask for it to be passed on ("si ma avvisa maria per favore") or to undo it: that the
        manager was told (or could not be reached), or that it cannot be taken back and who
        can change it. None for anything else."""
        if turn.person.is_manager:
            return await self._people_told_answer(text, intent, turn)
        if intent not in (Intent.UNKNOWN, Intent.UNDO):
            return None
        told = told_lately(turn.now)
        if told is None:
            return None
        if intent is Intent.UNDO:
            return told.undo_text(turn.language)
        if not asks_after_told(text):
            if len(text.split()) > _NAME_ONLY_WORDS or (
                    _UNSPACED_LETTERS.search(text) and len(text) > _NAME_ONLY_CHARACTERS):
                # "let maria know i can do sunday instead": new words of the worker's own, no
                # question about the last message (answered "already told", they were lost).
                return None
            flow = next(iter(self._flows.values()), None)
            manager = (await flow.services.directory.get(told.manager_id)
                       if flow is not None else None)
            if manager is None or not find_names_in_text(text, [manager],
                                                         language=turn.language):
                return None
        return told.status_text(turn.language)

    async def _after_cancelled(
        self, step: WaterfallStepContext, text: str, intent: Intent, turn: EraTurn
    ) -> DialogTurnResult | None:
        """Just after a worker's shift was cancelled and their manager told: "wait what?" gets
        a recap of what was done; "actually make it thursday", "no i meant sunday" start the
        cancellation of that day (asked before anything is done), and say the shift already
        cancelled stays cancelled (ERA cannot put it back). None for anything else."""
        if intent is not Intent.UNKNOWN or turn.person.is_manager:
            return None
        told = told_lately(turn.now)
        if told is None or not told.recap:
            return None
        recap = told.recap_text(turn.language) if asks_for_recap(text) else None
        if recap is not None:
            logger.info("route: a recap of the cancellation just done")
            await step.context.send_activity(recap)
            return await step.end_dialog()
        if (Intent.SHIFT_CANCEL in self._available
                and len(text.split()) <= _CORRECTION_WORDS
                and (negates(text, turn.locale)
                     or interrupt_words().marker.search(fold_text(text)))
                and names_a_day(text, turn.locale)):
            # The day said in place of the one just cancelled: a new request; the first
            # stays done, and the worker is told so before the new one is asked about.
            logger.info("route: another day to cancel, after a cancellation")
            await step.context.send_activity(told.first_stands_text(turn.language))
            _remember_request(Intent.SHIFT_CANCEL, text, turn.now)
            return await step.begin_dialog(flow_dialog_id(Intent.SHIFT_CANCEL), {"text": text})
        return None

    async def _people_told_answer(
        self, text: str, intent: Intent, turn: EraTurn
    ) -> str | None:
        """Whom a manager's shift change just applied was told to, when they ask ("did alice
        get it?", "does she know?", "est-ce qu'elle est au courant ?") naming one of them or
        nobody: the advisor has nothing to say to it (it handed the manager to HR)."""
        if intent not in (Intent.UNKNOWN, Intent.ADVICE) or not asks_after_told(text):
            return None
        told = people_told_lately(turn.now)
        if told is None:
            return None
        named = find_names_in_text(text, await self._team(turn), language=turn.language)
        if named and not any(person.id in told.ids for person in named):
            return None
        return told.status_text(turn.language)

    async def _unassigns(self, text: str, turn: EraTurn) -> bool:
        """Whether a cancellation is a manager's of someone else's shift ("cancel Bob's Saturday
        shift and tell him"): the unassignment, which previews it and tells Bob."""
        flow = self._flows.get(Intent.SHIFT_UNASSIGN)
        return isinstance(flow, ShiftUnassignDialog) and await flow.takes_over_cancel(text, turn)

    async def _team(self, turn: EraTurn) -> list[Person]:
        """The people of the manager's store (every flow reads the one directory)."""
        flow = next(iter(self._flows.values()), None)
        return [] if flow is None else await store_employees(flow.services.directory, turn.person)

    async def _short_note(self, text: str, turn: EraTurn) -> bool:
        """A manager's note of a few words, with no verb or "?", that names one of their people
        and a playbook's situation ("luca late again", "chen sick again", "bob otra vez
        tarde"): a situation for the advisor. A note that matches no playbook is not (its
        knowledge gap would hand a stray word over to HR), unless it says the manager means to
        end their employment ("dobbiamo licenziare Bob") or worries about them ("a alice anda
        estranha", "爱丽丝最近不对劲"): the advisor asks what happened."""
        if self._situations is None or (self._situations.best(text) is None
                                        and not self._situations.ends_employment(text)
                                        and not speaks_of_distress(text)):
            return False
        return await self._names_an_employee(text, turn)

    async def _unspaced_sentence(self, text: str, turn: EraTurn) -> bool:
        """A manager's sentence in a script written without spaces that names one of their
        people ("チェンさんが昇給を求めています", "Chen想每周在家办公两天"): a situation for the
        advisor, as the same sentence in words is ("Chen asks for a pay rise")."""
        return len(_UNSPACED_LETTERS.findall(text)) >= _UNSPACED_SENTENCE \
            and await self._names_an_employee(text, turn)

    async def _names_an_employee(self, text: str, turn: EraTurn) -> bool:
        """Whether a manager's message names one of the people of their store."""
        return turn.person.is_manager and bool(
            find_names_in_text(text, await self._team(turn), language=turn.language))

    async def _two_requests(self, text: str, turn: EraTurn) -> dict[str, str] | None:
        """The two requests of a message that makes two ("email Bob Smith about the rota and
        book a call with him"), both open to this person, the second naming the first one's
        person in full where the directory finds exactly one; None otherwise."""
        if turn.understood(text).intent not in FOLLOW_UP_INTENTS:
            return None
        two = split_requests(text, turn.locale)
        if two is None:
            return None
        first = turn.understood(two.first).intent
        for intent in (first, two.intent):
            flow = self._flows.get(intent)
            if flow is None or turn.person.role not in flow.allowed_roles:
                return None
        request = two.request
        if turn.person.is_manager:
            people = await self._team(turn)
            named = find_names_in_text(two.first, people, language=turn.language)
            if len(named) == 1:
                request = naming(two.said, named[0].name, turn.language) or request
        return {"first": two.first, "said": two.said, "text": request,
                "intent": str(two.intent)}

    async def _corrected(self, text: str, turn: EraTurn) -> Correction | None:
        """The last request (of the last ten minutes) with one person put in place of another,
        when `text` is a short correction naming them: "no, Chen not Alice", "Chen instead",
        "not Alice, Chen", "nein, Chen, nicht Alice", "不是爱丽丝，是陈伟"; None otherwise. A first
        name two people share ("no, Bob not Alice") goes in as it is, so the flow asks which."""
        last = kept_request(turn.now, _LAST_REQUEST)
        if last is None or len(text.split()) > _CORRECTION_WORDS or not turn.person.is_manager:
            return None
        intent, request = last
        flow = self._flows.get(intent)
        if flow is None or turn.person.role not in flow.allowed_roles:
            return None
        if not (negates(text, turn.locale) or interrupt_words().marker.search(fold_text(text))):
            return None
        people = await self._team(turn)
        named = find_names_in_text(text, people, language=turn.language)
        before = find_names_in_text(request, people, language=turn.language)
        new = [p for p in named if p not in before]
        old = [p for p in named if p in before] or before[-1:]
        if len(old) > 1:
            # "no, Bob not Chen" after a request naming Bob Smith and Chen: "Bob" is the new
            # one (a Bob other than Bob Smith), Chen the one replaced.
            old = [p for p in old if p.first_name not in {n.first_name for n in new}]
        if len(old) != 1:
            return None
        if len(new) > 1:
            # "not bob" also names Bob Smith's namesakes: they are not the one meant instead.
            new = [p for p in new if p.first_name != old[0].first_name] or new
        if not new or len({p.first_name for p in new}) != 1:
            return None
        shared = sum(p.first_name == new[0].first_name for p in people) > 1
        name = new[0].first_name if shared and new[0] not in fully_named(
            text, new, language=turn.language) else new[0].name
        again = _with_person(request, old[0], name)
        if again is None:
            # Names written in kana or hanzi ("爱丽丝"): in the directory's spelling first.
            again = _with_person(spell_script_names(request, people), old[0], name)
        if again is None:
            return None
        return Correction(intent, again, _done_request(request))

    async def _same_for(self, text: str, turn: EraTurn) -> tuple[Intent, str] | None:
        """The last assign or unassign request (of the last ten minutes) again for the one
        person a "same for ..." message names ("same for alice", "pareil pour alice",
        "アリスさんも同じで"); None otherwise."""
        last = kept_request(turn.now, _LAST_REQUEST)
        if last is None or last[0] not in _SAME_FOR_KINDS or not turn.person.is_manager:
            return None
        intent, request = last
        flow = self._flows.get(intent)
        if flow is None or turn.person.role not in flow.allowed_roles:
            return None
        people = await self._team(turn)
        person = one_person_named(same_for_name(text), people, turn.language)
        before = find_names_in_text(request, people, language=turn.language)
        if person is None or len(before) != 1 or before[0] == person:
            return None
        again = (_with_person(request, before[0], person.name)
                 or _with_person(spell_script_names(request, people), before[0], person.name))
        return (intent, again) if again is not None else None

    async def _follow_up(self, text: str, turn: EraTurn) -> FollowUp | None:
        """The request a follow-up of the question just answered stands for, when its flow is
        open to this person; None otherwise."""
        asked = last_question(turn.now)
        flow = self._flows.get(asked[0]) if asked is not None else None
        if flow is None or turn.person.role not in flow.allowed_roles:
            return None
        people = await self._team(turn) if turn.person.is_manager else []
        return follow_up_of(text, turn.now, turn.locale, people, turn.language)

    async def _answer_instead(
        self, step: WaterfallStepContext, intent: Intent, person: Person, text: str
    ) -> DialogTurnResult:
        """The flow that answers instead of the advisor (when open to this person), else what
        ERA can do for them (after "I'm not sure what you'd like me to do" for a request it
        could not read)."""
        flow = self._flows.get(intent)
        logger.info("route: %s instead of a knowledge gap", intent)
        if flow is not None and person.role in flow.allowed_roles:
            return await step.begin_dialog(flow_dialog_id(intent), {"text": text})
        await self._answer(step, Intent.UNKNOWN if intent is Intent.UNKNOWN else Intent.HELP,
                           person, text)
        return await step.end_dialog()

    async def _answer(
        self, step: WaterfallStepContext, intent: Intent, person: Person, text: str
    ) -> None:
        context = step.context
        report = current_report()
        language = EraTurn.of(context).language
        capabilities = self.capabilities_text(person, language)
        examples = True  # the example requests, as buttons under the answer
        buttons: list[tuple[str, str]] = []
        turn = EraTurn.of(context)
        # ERA has only welcomed or greeted the person so far, or has never talked with them.
        opened = step.values.get("opened") or (False, False)
        # "?", "😀", "...": nothing was misread.
        symbols = _only_symbols(text)
        if intent is Intent.GREETING:
            # A second greeting in a row ("hallo" just after the welcome): short, with the
            # examples as buttons, not the whole list again.
            reply = say("main.greeting_again" if opened[0] else "main.greeting", language,
                        first_name=person.first_name, capabilities=capabilities)
            remember_opened(turn.now)
        elif intent is Intent.UNKNOWN and is_signature(text, turn.locale):
            reply = say("main.signature", language, first_name=person.first_name,
                        capabilities=capabilities)
        elif intent is Intent.THANKS:
            reply = say("main.thanks", language, first_name=person.first_name)
            examples = not EraTurn.of(context).shared  # everyone in a channel reads them
        elif intent is Intent.GOODBYE:
            reply = say("main.goodbye", language, first_name=person.first_name)
            examples = not EraTurn.of(context).shared
        elif intent is Intent.HELP:
            reply = say("main.help", language, capabilities=capabilities)
        elif intent is Intent.CANCEL_FLOW:
            # "never mind", "算了" with nothing open: acknowledged, not the list of what ERA
            # can do.
            reply = say("main.nothing_to_cancel", language)
            examples = False
        elif intent is Intent.START_OVER:
            tracker = tracker_of(context)
            if tracker is not None:
                tracker.start_over()
            reply = say("main.fresh_start", language, capabilities=capabilities)
        elif intent is Intent.SIGN_OUT:
            # Only a channel that identifies people by their own account gets here (Teams, the
            # local demo): there is no sign-in of ERA's to end.
            reply = say("main.no_sign_out", language, capabilities=capabilities)
        elif intent is Intent.UNDO:
            # "undo" after a send, a booking or a cancellation: say plainly it stays done.
            reply = say("main.cannot_undo", language, capabilities=capabilities)
        elif intent is Intent.UNKNOWN and turn.understood(text).is_vague_request:
            # "can you send me the list?", "schick es mir nochmal" with nothing before it to
            # send again: which one, with the lists ERA can show for this person as buttons.
            reply = say("main.vague_request", language)
            examples = False
            buttons = self._list_buttons(person, language)
        elif intent is Intent.UNKNOWN and _is_stray_reply(text, turn.locale):
            answer = _answers_anything_else(text, turn.now)
            if answer is ReplyIntent.CONFIRM and not is_acknowledgement(text) \
                    and not praises_only(text):
                # A yes to "Anything else?" asks what more; "cool", "super" only close.
                reply = say("main.stray_yes", language, capabilities=capabilities)
            elif answer is not None or turn.understood(text).is_decline:
                # A no, or "ok" / "👍" to "Anything else?" (it acknowledges what was done); a
                # polite "no thanks" with nothing asked gets a polite answer, not "There's no
                # open question right now".
                reply = say("main.stray_no", language, first_name=person.first_name)
                examples = not turn.shared
            else:
                # Nothing asked: a short word back, not the whole list of what ERA can do;
                # in a channel, where everyone reads it, shorter still.
                reply = say("main.stray_reply_shared" if turn.shared else "main.stray_reply",
                            language)
                examples = False
        elif intent is Intent.UNKNOWN and not text.strip():
            # Only spaces, invisible marks or an @mention of ERA: nothing was misread, so no
            # "not sure" and no list of everything ERA can do; in a channel, where everyone
            # reads it, how to ask in the same message.
            shared = EraTurn.of(context).shared
            # A card button whose submit brought no answer ERA reads ({"era_reply": ""}, another
            # app's form): the person pressed, they wrote no empty message.
            pressed = context.activity.value is not None and not (context.activity.text or "")
            kind = "main.empty_button" if pressed else "main.empty_message"
            reply = say(f"{kind}_shared" if shared else kind, language)
            examples = False
        elif intent is Intent.UNKNOWN and EraTurn.of(context).understood(text).is_small_talk:
            # "are you a bot?", "who made you?": what ERA is, and how to reach a person.
            reply = say("main.small_talk", language, capabilities=capabilities)
        elif intent is Intent.UNKNOWN:
            again = not_understood_again(turn.now)
            asked = text.rstrip().endswith(("?", "？")) or names_a_day(text, turn.locale)
            if symbols and turn.shared:
                # "😂" or "🎉" in a channel thread: a short word back, not the whole list of
                # what ERA can do posted where everyone reads it.
                reply = say("main.what_for_shared", language, first_name=person.first_name)
                examples = False
            elif symbols or (any(opened) and not again and not asked):
                # A symbol, or a first message ERA cannot read ("blorp", "soy nueva aquí"): no
                # apology before what it can do. A first question or a request with its day
                # that it cannot read ("what's the weather on Mars?", "Gespräch alice freitag
                # halbe stunde") is said to be not understood: a greeting would pass over it.
                reply = say("main.what_for", language, first_name=person.first_name,
                            capabilities=capabilities)
            else:
                reply = say("main.not_understood", language, capabilities=capabilities)
            if again:
                # Not understood twice in a row: the way to a person, said plainly.
                reply = f"{reply}\n\n{say('main.not_understood_again', language)}"
            if report is not None:
                if not symbols:
                    report.could_not_help("request not understood")
                tracker = tracker_of(context)
                if tracker is not None and tracker.in_transfer_attempt \
                        and not tracker.transferred:
                    # What they need, after asking for HR ("chodzi o wypłatę", "給料のことです"):
                    # the hand-over follows at once, with no "I didn't understand" before it.
                    return
        else:
            reply = say("main.not_available", language, capabilities=capabilities)
            if report is not None:
                report.could_not_help(f"{intent} is not available")
        if examples:
            buttons = self.example_buttons(person, language)
        await context.send_activity(question_activity(
            context.activity.channel_id, reply, buttons=buttons, language=language,
        ))

    def _choices(self, understanding: Understanding, person: Person) -> list[Intent]:
        """The close readings this person could mean: those of flows open to their role."""
        return [intent for intent in understanding.alternatives
                if self._open_to(intent, person)]

    async def _ask_which(self, step: WaterfallStepContext) -> DialogTurnResult:
        """Two requests are close: ask which one was meant, with both as buttons."""
        options = step.options if isinstance(step.options, dict) else {}
        choices = [Intent(c) for c in options.get("choices", [])]
        language = EraTurn.of(step.context).language
        labels = [request_label(c, language) for c in choices]
        step.values["asked_at"] = EraTurn.of(step.context).now.isoformat()
        text = say(CLARIFY_TEXT, language, choices=format_list(labels, language, "or"))
        # A press sends the option's number, which reads the same in every language.
        buttons = [(label[:1].upper() + label[1:], str(n + 1)) for n, label in enumerate(labels)]
        await step.context.send_activity(
            question_activity(step.context.activity.channel_id, text, buttons=buttons,
                              language=language)
        )
        return Dialog.end_of_turn

    async def _choose(self, step: WaterfallStepContext) -> DialogTurnResult:
        """Start the flow the reply picks; anything else is read as a new request."""
        options = step.options if isinstance(step.options, dict) else {}
        choices = [Intent(c) for c in options.get("choices", [])]
        turn = EraTurn.of(step.context)
        text = (step.context.activity.text or "").strip()
        asked_at = datetime.fromisoformat(str(step.values.get("asked_at", turn.now.isoformat())))
        if turn.now - asked_at > TURN_MEMORY_TTL:
            return await step.end_dialog({"outcome": FlowOutcome.ROUTE, "text": text})
        reply = turn.understood(text)
        if reply.intent is Intent.CANCEL_FLOW:
            await step.context.send_activity(
                say(CLARIFY_DROPPED, EraTurn.of(step.context).language))
            return await step.end_dialog()
        chosen = choose_among(reply, choices)
        if chosen is None and reply.intent in (Intent.UNKNOWN, Intent.GREETING):
            offered = [
                ChoiceOption(
                    option_id=f"opt_{n + 1}", index=n, label=request_label(c, turn.language)
                )
                for n, c in enumerate(choices)
            ]
            picked = interpret_reply(text, CLARIFY_QUESTION, offered, turn.locale)
            if picked.intent is ReplyIntent.SELECT and picked.option_id:
                chosen = next(
                    (c for c, o in zip(choices, offered, strict=True)
                     if o.option_id == picked.option_id),
                    None,
                )
            elif (picked.intent is ReplyIntent.UNKNOWN and not picked.unplaced
                  and not options.get("asked_again")):
                # An answer about the options that picks none ("the other one", "non,
                # l'autre": neither is proposed, so neither is "the other"): ask once more,
                # saying what is accepted, instead of dropping the request.
                accepted = format_accepted(describe_accepted(CLARIFY_QUESTION, offered),
                                           turn.language)
                await step.context.send_activity(
                    say("prompt.not_understood", turn.language, accepted=accepted))
                return await step.replace_dialog(
                    CLARIFY_WATERFALL, {**options, "asked_again": True})
        if chosen is None:
            return await step.end_dialog({"outcome": FlowOutcome.ROUTE, "text": text})
        logger.info("clarified: %s", chosen)
        # A reply that is the whole request again ("cancel my Friday shift") says it best.
        request = reply.corrected_text if reply.intent is chosen else str(options.get("text", ""))
        return await step.replace_dialog(flow_dialog_id(chosen), {"text": request})

    async def _ask_then(self, step: WaterfallStepContext) -> DialogTurnResult:
        """The first of two requests was dropped: ask before starting the second."""
        options = step.options if isinstance(step.options, dict) else {}
        turn = EraTurn.of(step.context)
        step.values["asked_at"] = turn.now.isoformat()
        language = turn.language
        yes, no = say("button.yes", language), say("button.no", language)
        await step.context.send_activity(question_activity(
            step.context.activity.channel_id,
            say("main.then_ask", language, request=options["then"]["said"]),
            buttons=[(yes, yes), (no, no)], language=language))
        return Dialog.end_of_turn

    async def _then_reply(self, step: WaterfallStepContext) -> DialogTurnResult:
        """A yes starts the second request, a no drops it; a new request is served instead;
        anything else is asked once more, saying what is accepted."""
        options = step.options if isinstance(step.options, dict) else {}
        then = options["then"]
        turn = EraTurn.of(step.context)
        text = (step.context.activity.text or "").strip()
        asked_at = datetime.fromisoformat(str(step.values.get("asked_at", turn.now.isoformat())))
        if turn.now - asked_at > TURN_MEMORY_TTL:
            return await step.replace_dialog(MAIN_WATERFALL, {"text": text})
        answer = interpret_reply(text, str(QuestionId.CONFIRM_ACTION), (), turn.locale)
        if answer.intent is ReplyIntent.CONFIRM:
            return await step.replace_dialog(
                MAIN_WATERFALL, {"text": then["text"], "follow_up": then["intent"]})
        if answer.intent is ReplyIntent.REJECT:
            await step.context.send_activity(
                say("main.then_dropped", turn.language, request=then["said"]))
            return await step.end_dialog()
        if turn.understood(text).intent is not Intent.UNKNOWN or options.get("asked_again"):
            return await step.replace_dialog(MAIN_WATERFALL, {"text": text})
        accepted = format_accepted(describe_accepted(str(QuestionId.CONFIRM_ACTION), ()),
                                   turn.language)
        await step.context.send_activity(
            say("prompt.not_understood", turn.language, accepted=accepted))
        return await step.replace_dialog(THEN_WATERFALL, {**options, "asked_again": True})

    async def _finish_step(self, step: WaterfallStepContext) -> DialogTurnResult:
        result = step.result
        report = current_report()
        if report is not None and report.effects:
            _mark_request_done()
        if isinstance(result, dict) and result.get("outcome") == FlowOutcome.ROUTE:
            return await step.replace_dialog(MAIN_WATERFALL, {
                "text": result.get("text", ""), "routed_as": result.get("routed_as"),
                "then": step.values.get("then"), "opened": step.values.get("opened"),
            })
        then = step.values.get("then")
        follow_up = take_follow_up(step.context)
        if follow_up is not None:
            return await step.replace_dialog(MAIN_WATERFALL, {
                "text": follow_up.request, "follow_up": str(follow_up.intent),
                "then": _then_after(follow_up, then),
            })
        if isinstance(then, dict) and then.get("intent") in self._available \
                and isinstance(result, dict) and result.get("outcome") == FlowOutcome.CANCELLED:
            # The first request was dropped: the second may have gone with it, so ask.
            return await step.replace_dialog(THEN_WATERFALL, {"then": then})
        if isinstance(then, dict) and then.get("intent") in self._available:
            # The second request of the message that made two: now its turn.
            await step.context.send_activity(say(
                "main.then_now", EraTurn.of(step.context).language, request=then["said"]))
            return await step.replace_dialog(
                MAIN_WATERFALL, {"text": then["text"], "follow_up": then["intent"],
                                 "then": then.get("then")})
        return await step.end_dialog(result)


def _then_after(follow_up: AnsweredThenAsked, then: object) -> object:
    """The requests to serve after a follow-up, each with the ones after it: those kept with
    it ("ok, call him" said while "ok, email him" waited), then the message's second one."""
    for request, intent in reversed(follow_up.later):
        then = {"first": follow_up.request, "said": request, "text": request,
                "intent": str(intent), "then": then}
    return then


def _advised_about(
    intent: Intent, understanding: Understanding, now: datetime, language: str
) -> tuple[str, str] | None:
    """Whom an email, a call or a meeting that names nobody is for, with the situation told
    if advice led to it: the employee the advice lately given was about ("send him a written
    warning"), or, for a pronoun, the one person the last flow was about if that came later
    ("ok draft an email to her" after the call with Alice was refused); None otherwise."""
    if intent not in _ADVISED_ACTIONS or understanding.slots.get("person") \
            or understanding.slots.get("everyone"):
        return None
    advised = advice_employee(now)
    recent = talked_about(now)
    if recent is None or not _says_a_pronoun(understanding.corrected_text, language):
        return advised
    people, at = recent
    if advised is not None and (advised_at() or at) > at:
        return advised  # the advice came after that flow: "her" is the advised employee
    # "ok draft an email to her" after the call with Alice was refused or handed over: to
    # Alice. After a swap "her" is either of two: no one is guessed, the flow asks who.
    return (people[0], "") if len(people) == 1 else None


def _says_a_pronoun(text: str, language: str) -> bool:
    """Whether a request stands a pronoun for a person ("her", "lui", "ihr", "ella", "她")."""
    return naming(text, "\x00", language) is not None


def _remember_request(intent: Intent, text: str, now: datetime) -> None:
    """Keep the request just routed, for a correction of the person in it; a request of
    another kind (a question, advice, thanks) forgets the one before."""
    if intent in _CORRECTABLE:
        remember_question(intent, text, now, flag=_LAST_REQUEST)
    else:
        forget_question(flag=_LAST_REQUEST)


def _negated(text: str, intent: Intent, turn: EraTurn) -> Intent | None:
    """The request a message asks not to be done ("don't cancel 1", "no canceles el 1"),
    or None. The rules may not read the negated words as a request at all: then what they
    ask without the negation, or a cancel of what was just listed, is what is refused."""
    if intent not in _NEGATABLE and intent is not Intent.UNKNOWN:
        return None
    if not negates_request(text, turn.locale):
        return None
    if intent is not Intent.UNKNOWN:
        return intent
    plain = affirmed(text, turn.locale)
    meant = turn.understood(plain).intent
    if meant in _NEGATABLE:
        return meant
    asked = last_question(turn.now)
    if asked is None or not cancels(plain):
        return None
    return Intent.MEETING_CANCEL if asked[0] is Intent.MY_MEETINGS else Intent.SHIFT_CANCEL


@dataclass(frozen=True)
class Correction:
    """A request again with another person in it; `done` is the first request as typed when
    it was carried out (it stays done), None when it was not."""

    intent: Intent
    text: str
    done: str | None


def _with_person(request: str, old: Person, name: str) -> str | None:
    """The request with `name` in place of the first place it names `old`; None if it does
    not name them in Latin letters (a name in a CJK sentence has no word edges)."""
    written = re.compile(
        rf"(?<!{_LATIN})(?:{re.escape(old.name)}|{re.escape(old.first_name)})(?!{_LATIN})",
        re.IGNORECASE)
    again, count = written.subn(name, request, count=1)
    return again if count else None


def _mark_request_done() -> None:
    """The request kept for a correction was carried out this turn (a change applied, an
    email sent, a meeting booked)."""
    state = current_person_state()
    kept = state.flags.get(_LAST_REQUEST) if state is not None else None
    if isinstance(kept, dict):
        kept["done"] = True


def _done_request(request: str) -> str | None:
    """The kept request as typed, when it was carried out; None otherwise."""
    state = current_person_state()
    kept = state.flags.get(_LAST_REQUEST) if state is not None else None
    return request if isinstance(kept, dict) and kept.get("done") else None


def _only_symbols(text: str) -> bool:
    """A message of marks or emoji alone, no letter or digit: "?", "😀", "...", "👍"."""
    return bool(text.strip()) and not any(ch.isalnum() for ch in text)


def _is_stray_reply(text: str, locale: str | None) -> bool:
    """A bare answer ("yes", "oui", "no", "2", "yes, send it please", "1 and 2", "both", "the
    other one") with no question waiting for it; read in the person's locale, where "vale" is
    Spanish for ok."""
    if points_at_options(text) or _answers_both_ways(text, locale):
        return True
    if len(text.split()) <= 3:
        return bool(_BARE_NUMBER.match(text)) or short_answer(
            text, locale=locale, questions=_CONFIRMATIONS) is not None
    # Longer, only a yes: "my payslip is wrong" reads as a no, and is a request.
    return short_answer(text, locale=locale, max_words=_ANSWER_WORDS,
                        questions=_CONFIRMATIONS) is ReplyIntent.CONFIRM


def _answers_both_ways(text: str, locale: str | None) -> bool:
    """A short message that opens with a yes or a no and says the other one later ("yes for
    bob no for alice", "oui pour bob, non pour alice", "ja für bob, nein für alice"): answers
    to several questions, none of which is waiting, never a situation to advise on."""
    words = [word.strip(",.;:!") for word in text.split()]
    if not words or len(words) > _BOTH_WAYS_WORDS:
        return False
    said = [short_answer(word, locale=locale, questions=_CONFIRMATIONS) for word in words]
    opposite = {ReplyIntent.CONFIRM: ReplyIntent.REJECT, ReplyIntent.REJECT: ReplyIntent.CONFIRM}
    return said[0] in opposite and opposite[said[0]] in said[1:]


def _is_stray_correction(text: str, locale: str | None) -> bool:
    """A short no that corrects something ("no, alice's not mine", "nope, wrong person", "no
    chen not alice") rather than telling of a situation ("no one showed up for the shift")."""
    words = text.split()
    if not words or len(words) > _CORRECTION_WORDS:
        return False
    first = words[0].rstrip(",.;:!")
    if short_answer(first, locale=locale, questions=_CONFIRMATIONS) is not ReplyIntent.REJECT:
        return False
    return first != words[0] or negates(" ".join(words[1:]), locale)


def _answers_anything_else(text: str, now: datetime) -> ReplyIntent | None:
    """The yes or the no that answers the "Anything else?" a worker's flow just ended with
    (the flag is used once); None when no such question was asked in the last ten minutes."""
    state = current_person_state()
    asked = state.flags.get(OFFERED_MORE) if state is not None else None
    if state is None or not isinstance(asked, str):
        return None
    del state.flags[OFFERED_MORE]
    try:
        recent = now - datetime.fromisoformat(asked) <= TURN_MEMORY_TTL
    except ValueError:
        return None
    if not recent:
        return None
    answer = short_answer(text, max_words=_ANSWER_WORDS, questions=_CONFIRMATIONS)
    return answer if answer in (ReplyIntent.CONFIRM, ReplyIntent.REJECT) else None


def _reads_as_a_question(text: str) -> bool:
    """A sentence or a question, rather than a stray word or two: "what?", "huh?" and "???"
    ask nothing the advisor could answer."""
    stripped = text.strip()
    if _is_pasted_data(stripped):
        return False
    words = _WORDS.findall(stripped)
    # Chinese and Japanese write a sentence without spaces ("我最近压力很大，睡不着"): its
    # letters count, as the words of a sentence in other scripts do.
    if len(words) >= 4 or len(_UNSPACED_LETTERS.findall(stripped)) >= _UNSPACED_STATEMENT:
        return True
    if not stripped.endswith(("?", "？", "؟")) or not words:
        return False
    # One word ("what?") is no question; a script without spaces writes a question as one.
    return len(words) >= 2 or len(words[0]) >= _UNSPACED_QUESTION


def _is_pasted_data(text: str) -> bool:
    """A JSON object or list pasted as a message (a card's JSON, a request body): data, not a
    situation to advise on."""
    if not text.startswith(("{", "[")):
        return False
    try:
        return isinstance(json.loads(text), dict | list)
    except (ValueError, RecursionError):
        return False


_CONFIRMATIONS = (QuestionId.CONFIRM_ACTION, QuestionId.CONFIRM_SEND,
                  QuestionId.CONFIRM_BOOKING)
# A yes longer than this is read as something else.
_ANSWER_WORDS = 12
# Requests about a person that a short "no, Chen not Alice" may correct afterwards (and a
# question about someone's shifts, asked again for the other).
# The lists ERA shows, offered when a request names none ("can you send me the list?").
_LISTS = (Intent.STORE_SCHEDULE, Intent.MY_SHIFTS, Intent.MY_MEETINGS)

# What a person says while ERA is still only opening the conversation (a greeting, "help", a
# thank-you, a word it cannot read): none of them is a request, none costs a write.
_OPENING_KINDS = frozenset({Intent.GREETING, Intent.HELP, Intent.THANKS, Intent.UNKNOWN})
_CORRECTABLE = frozenset({
    Intent.STORE_SCHEDULE, Intent.SHIFT_ASSIGN, Intent.SHIFT_REASSIGN, Intent.SHIFT_UNASSIGN,
    Intent.SHIFT_SWAP, Intent.SHIFT_MOVE, Intent.EMAIL, Intent.CALL_EMPLOYEE, Intent.MEETING_BOOK,
})
_LAST_REQUEST = "last_request"
# The requests that, naming nobody, are about the employee the advice was about.
_ADVISED_ACTIONS = frozenset({Intent.EMAIL, Intent.CALL_EMPLOYEE, Intent.MEETING_BOOK})
# Requests whose words, said in the negative ("don't cancel 1"), must not start them.
# What a short "cancel the first one" or "move it to friday" right after a list of meetings
# may read as on its own: a shift's cancellation or move, a cancel of nothing, nothing, or a
# situation for advice.
_LISTED_MEETING_READS = frozenset(
    {Intent.SHIFT_CANCEL, Intent.SHIFT_MOVE, Intent.CANCEL_FLOW, Intent.UNKNOWN,
     Intent.ADVICE})
_NEGATABLE = frozenset({
    Intent.SHIFT_CANCEL, Intent.SHIFT_ASSIGN, Intent.SHIFT_REASSIGN, Intent.SHIFT_UNASSIGN,
    Intent.SHIFT_SWAP, Intent.SHIFT_MOVE, Intent.EMAIL, Intent.CALL_EMPLOYEE,
    Intent.MEETING_BOOK, Intent.MEETING_CANCEL, Intent.MEETING_RESCHEDULE, Intent.RUNNING_LATE,
})
# How a done request of each correctable kind is undone, told when a correction follows it.
_UNDO_KIND = {
    Intent.SHIFT_ASSIGN: "shift", Intent.SHIFT_REASSIGN: "shift", Intent.SHIFT_UNASSIGN: "shift",
    Intent.SHIFT_SWAP: "shift", Intent.SHIFT_MOVE: "shift", Intent.EMAIL: "email",
    Intent.CALL_EMPLOYEE: "meeting", Intent.MEETING_BOOK: "meeting",
}
# The requests "same for alice" asks again for another person.
_SAME_FOR_KINDS = frozenset({Intent.SHIFT_ASSIGN, Intent.SHIFT_UNASSIGN})
_LATIN = r"[A-Za-z\u00c0-\u024f]"
_CORRECTION_WORDS = 7
_BOTH_WAYS_WORDS = 10  # "sim para o bob, não para a alice": a yes and a no, a name for each


_BARE_NUMBER = re.compile(r"^\W*(#|no\.?\s*|option\s*)?\d{1,2}\W*$", re.IGNORECASE)
_WORDS = re.compile(r"[^\W\d_]+")
# A question in Chinese or Japanese is one "word" of at least this many characters ("这合法吗").
_UNSPACED_QUESTION = 4
# Han and kana letters of a sentence about someone (a name and a few words of what happened).
_UNSPACED_LETTERS = re.compile("[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff]")
_UNSPACED_SENTENCE = 6
# A sentence in those scripts with no name in it is told from a stray word or two by its length.
_UNSPACED_STATEMENT = 8
