"""Whether a message inside an active flow interrupts it, decided from the turn's one reading.

Control words that make up the whole message ("cancel", "stop", "help", "transfer me", "start
over", in every language the lexicons know) interrupt; a different request stated as a request
("actually I want to book a new one", "reschedule instead", "what are my shifts?") switches
flows; the current flow's own intent never does. What the bot just asked matters: a keyword
inside an answer is an answer. At a confirmation about cancelling, "cancel" and "yes cancel it"
confirm; at a question that expects free text (a cancellation reason, an email edit, a name, a
time preference) only a bare control word, a short request or a change-of-mind marker
("actually", "instead", "en fait") interrupts, so "I need to help my mother" stays a reason and
"help the children" stays a name. The words (markers, yes/no, cancel verbs, declines) come from
`language/lexicons/<lang>/interrupts.toml`.
"""

from __future__ import annotations

import logging
import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from enum import StrEnum

from core.free_text_question import FreeTextQuestion
from core.intent import Intent
from core.question_id import QuestionId
from core.reply_lexicon import ORDINALS, WORDS, WordKind
from core.text_fold import fold_text
from language.intent_rules import IntentMatch, MatchKind, intent_rules
from language.lexicon import Lexicon, gathered, load_lexicons

_log = logging.getLogger(__name__)

# Longer free-text answers are answers even when they open like a request: a replacement email
# body or a reason may well start with "Please cancel ...".
_FREE_TEXT_COMMAND_WORDS = 8
# A decline is a short reply: "no thanks, I'll ring him myself", not a paragraph.
_DECLINE_WORDS = 12
_SENTENCE_END = re.compile(r"[.!?。！？](?:\s|$)")
# A question mark alone ("?", "？", "¿?"): "what do you mean?" about the question asked.
_QUESTION_MARKS = re.compile(r"[\s?？¿]*[?？][\s?？¿]*")


class InterruptKind(StrEnum):
    """What the interrupt asks the dialog to do."""

    CANCEL = "cancel"  # end the current flow
    HELP = "help"  # explain the current step and what it accepts, then re-ask
    TRANSFER = "transfer"  # start flow A (ask what the user needs, transfer on the next failure)
    SWITCH = "switch"  # leave the flow for another intent; offer to resume it afterwards
    START_OVER = "start_over"  # drop every flow and begin again


@dataclass(frozen=True)
class Interrupt:
    """An interrupt: its kind, the intent behind it (the target intent for SWITCH), the
    classifier's confidence, a short reason for logs, and the classifier's slots."""

    kind: InterruptKind
    intent: Intent
    confidence: float
    reason: str
    slots: dict[str, str] = field(default_factory=dict, hash=False)


class _Expects(StrEnum):
    OPTIONS = "options"
    CONFIRMATION = "confirmation"
    FREE_TEXT = "free_text"
    TRANSFER_NEED = "transfer_need"
    NOTHING = "nothing"


_CONTROL_KINDS = {
    Intent.CANCEL_FLOW: InterruptKind.CANCEL,
    Intent.HELP: InterruptKind.HELP,
    Intent.TRANSFER: InterruptKind.TRANSFER,
    Intent.START_OVER: InterruptKind.START_OVER,
}
_NEVER_INTERRUPTS = frozenset({Intent.GREETING, Intent.THANKS, Intent.GOODBYE, Intent.UNKNOWN})
_BOOKING_FLOWS = frozenset({Intent.MEETING_BOOK, Intent.MEETING_RESCHEDULE, Intent.CALL_EMPLOYEE})
# A request to book that names a time ("book a meeting on tuesday morning") answers a time
# question of a booking flow: the time is the answer.
BOOKING_INTENTS = frozenset({Intent.MEETING_BOOK, Intent.CALL_EMPLOYEE})
_TIME_QUESTIONS = frozenset(
    {FreeTextQuestion.TIME_PREFERENCE, QuestionId.SELECT_SLOT, QuestionId.CONFIRM_BOOKING}
)
_CONFIRM_QUESTIONS = frozenset(q.value for q in QuestionId if q.value.startswith("confirm_"))
_OPTION_QUESTIONS = frozenset(q.value for q in QuestionId) - _CONFIRM_QUESTIONS
_FREE_TEXT_QUESTIONS = frozenset(q.value for q in FreeTextQuestion)
# Questions that change nothing are answered even at a question: "what are my shifts?" at the
# list, "who is working on Friday?" while choosing whom to assign.
_QUESTIONS_SERVED_ANYWHERE = frozenset(
    {Intent.MY_SHIFTS, Intent.MY_MEETINGS, Intent.MY_MANAGER, Intent.STORE_SCHEDULE,
     Intent.PERSONAL_RECORDS}
)
# Requests only ever said as a statement ("I'll be late tomorrow", "je serai en retard", "Bob
# can't come in on Friday"): no command form exists to switch on, so at a list or a yes/no the
# statement itself switches.
_STATED_REQUESTS = frozenset({Intent.RUNNING_LATE, Intent.ABSENCE_REPORT})
# A cancel request that points at an option by its place ("cancel the second one", "annule le
# dernier", "die zweite stornieren") answers a question listing things to cancel.
_CANCEL_FLOWS = frozenset({Intent.SHIFT_CANCEL, Intent.MEETING_CANCEL})
_PLACE_WORDS = 6
# A manager's flows, where a situation told at a list ("my employee didn't show up for 3 days"
# at "which shift?") is a new request for advice: a sentence naming what happened, not a pick
# ("the one who is a cashier" at "which Bob?" names no situation).
_MANAGER_FLOWS = frozenset(
    {Intent.SHIFT_ASSIGN, Intent.SHIFT_SWAP, Intent.SHIFT_UNASSIGN, Intent.SHIFT_REASSIGN,
     Intent.SHIFT_MOVE, Intent.ABSENCE_REPORT, Intent.WHO_IS_FREE, Intent.EMAIL,
     Intent.CALL_EMPLOYEE}
)
_TOLD_SITUATION = 0.7
# Longer than this, a reply says more than that nothing is needed.
_NOTHING_WORDS = 6
_SITUATION_WORDS = 5
# Control words that stay interrupts even inside a yes or a no ("no, transfer me").
_EXPLICIT_CONTROLS = frozenset({Intent.HELP, Intent.TRANSFER, Intent.START_OVER})


def _words(fragments: Sequence[str]) -> str:
    """Latin words get word boundaries; words of scripts written without spaces do not."""
    bounded = [f for f in fragments if re.match(r"[\w\\(\[]", f) and f.isascii()]
    free = [f for f in fragments if f not in bounded]
    parts = []
    if bounded:
        parts.append(rf"\b(?:{'|'.join(bounded)})\b")
    if free:
        parts.append(f"(?:{'|'.join(free)})")
    return "|".join(parts) or r"(?!)"


class InterruptWords:
    """The interrupt vocabulary of every lexicon, compiled once."""

    def __init__(self, lexicons: Sequence[Lexicon]) -> None:
        self.marker = re.compile(_words(gathered(lexicons, "change_of_mind")))
        self.yes_no = re.compile(_words(gathered(lexicons, "yes_no")))
        self.cancel_word = re.compile(_words(gathered(lexicons, "cancel_words")))
        self.decline = re.compile(_words(gathered(lexicons, "declines")))
        self.indifference = re.compile(_words(gathered(lexicons, "indifference")))
        self.handoff_withdrawal = re.compile(_words(gathered(lexicons, "handoff_withdrawals")))
        nothing = _words(gathered(lexicons, "nothing_needed"))
        extras = _words(gathered(lexicons, "nothing_needed_extras"))
        self.nothing_word = re.compile(nothing)
        self.nothing_needed = re.compile(rf"(?:(?:{nothing}|{extras})[\s,.!?;:、。！？，…-]*)+")
        self.instead_of = re.compile(_words(gathered(lexicons, "instead_of")))
        self.replaced_before = re.compile(_words(gathered(lexicons, "replaced_before")))
        self.weak_acknowledgement = re.compile(
            _words(gathered(lexicons, "weak_acknowledgements")))
        self.addition = re.compile(_words(gathered(lexicons, "additions")))
        self.draft_request = re.compile(_words(gathered(lexicons, "draft_requests")))


_WORDS: InterruptWords | None = None


def _place_pattern() -> re.Pattern[str]:
    """Ordinals, "last" and numbers ("2nd", "2e", "2.") in every language the reply lexicon
    knows, folded as messages are."""
    words = {word for table in ORDINALS.values() for names in table for word in names}
    words |= {word for names in WORDS.values() for word in names.get(WordKind.LAST, ())}
    names = "|".join(sorted((re.escape(fold_text(w)) for w in words), key=len, reverse=True))
    return re.compile(rf"(?<![\w'])(?:\d{{1,2}}(?:st|nd|rd|th|e|eme|er|o|a|\.)?|{names})(?![\w'])")


_PLACE = _place_pattern()


def interrupt_words() -> InterruptWords:
    """The words compiled from the shipped lexicons (compiled on first use, then shared)."""
    global _WORDS
    if _WORDS is None:
        _WORDS = InterruptWords(load_lexicons())
    return _WORDS


def _expects(question: str | None) -> _Expects:
    if question is None:
        return _Expects.NOTHING
    if question == FreeTextQuestion.TRANSFER_NEED:
        return _Expects.TRANSFER_NEED
    if question in _CONFIRM_QUESTIONS:
        return _Expects.CONFIRMATION
    if question in _OPTION_QUESTIONS:
        return _Expects.OPTIONS
    if question not in _FREE_TEXT_QUESTIONS:
        _log.debug("unknown question id %s treated as free text", question)
    return _Expects.FREE_TEXT


def asks_yes_or_no(question: str | None) -> bool:
    """Whether the question is a yes/no about a preview (a `QuestionId` "confirm_...")."""
    return question in _CONFIRM_QUESTIONS


def _interrupt(kind: InterruptKind, match: IntentMatch, reason: str) -> Interrupt:
    return Interrupt(kind, match.intent, match.confidence, reason, dict(match.slots))


def _answers_confirmation(match: IntentMatch, folded: str, question: str | None) -> bool:
    """A yes or a no (or, at a cancellation question, its action word) answers it."""
    words = interrupt_words()
    if match.intent in _EXPLICIT_CONTROLS or words.marker.search(folded):
        return False
    if question == QuestionId.CONFIRM_CANCEL and words.cancel_word.search(folded):
        return True
    return words.yes_no.search(folded) is not None


def _switch(
    match: IntentMatch,
    folded: str,
    *,
    active_flow: Intent,
    question: str | None,
    expects: _Expects,
    letter: bool = False,
) -> Interrupt | None:
    if match.intent == active_flow:
        if (active_flow is Intent.WHO_IS_FREE and match.kind == MatchKind.COMMAND
                and expects == _Expects.OPTIONS):
            # "who's free on saturday morning?" at the list of who could cover Friday's shift:
            # the question asked anew, not a pick from the list.
            return _interrupt(InterruptKind.SWITCH, match, "the same question asked anew")
        return None
    if expects == _Expects.TRANSFER_NEED:
        # Flow A asked what the user needs: any recognised request is the answer to route.
        return _interrupt(InterruptKind.SWITCH, match, "request stated after a transfer ask")
    marker = interrupt_words().marker.search(folded) is not None
    if match.intent == Intent.ADVICE:
        if marker and expects != _Expects.FREE_TEXT:
            return _interrupt(InterruptKind.SWITCH, match, "change of mind to advice")
        if (expects == _Expects.OPTIONS and active_flow in _MANAGER_FLOWS
                and match.confidence >= _TOLD_SITUATION
                and len(folded.split()) >= _SITUATION_WORDS
                and intent_rules().situation.search(folded)):
            return _interrupt(InterruptKind.SWITCH, match, "a situation told at a list")
        return None
    if (
        not marker
        and active_flow in _BOOKING_FLOWS
        and question in _TIME_QUESTIONS
        and ((match.intent in BOOKING_INTENTS and "person" not in match.slots)
             or (match.confidence < 0.9 and match.intent is not Intent.PERSONAL_RECORDS))
    ):
        # "book me in for Wednesday" at "when would you like to meet?" picks the time; "book a
        # call with chen tomorrow" at a meeting's list of times is a request of its own. A
        # question for someone's personal records ("what is Alice's salary?") is never a time.
        return None
    if not marker and active_flow in _BOOKING_FLOWS and match.intent is Intent.MEETING_INVITE:
        # "add Chen to the meeting" while a meeting is being booked: to that meeting.
        return None
    if (
        expects == _Expects.OPTIONS
        and not marker
        and active_flow in _CANCEL_FLOWS
        and match.intent in _CANCEL_FLOWS
        and "person" not in match.slots
        and len(folded.split()) <= _PLACE_WORDS
        and _PLACE.search(folded)
    ):
        return None
    if match.intent in _STATED_REQUESTS and expects != _Expects.FREE_TEXT:
        return _interrupt(InterruptKind.SWITCH, match, "a request stated mid-flow")
    if match.intent in _QUESTIONS_SERVED_ANYWHERE and expects != _Expects.FREE_TEXT:
        return _interrupt(InterruptKind.SWITCH, match, "a question asked mid-flow")
    if match.kind == MatchKind.COMMAND:
        long_answer = len(folded.split()) > _FREE_TEXT_COMMAND_WORDS
        if expects == _Expects.FREE_TEXT and not marker and long_answer and not (
                question == FreeTextQuestion.EMAIL_EDIT and not letter
                and match.intent is not Intent.EMAIL and _one_sentence(folded)) and not (
                question == FreeTextQuestion.ADVICE_ANSWER and _one_sentence(folded)):
            return None
        # At "what should the email say instead?", one sentence asking for something else
        # ("book a call with Chen tomorrow at 10 to talk about his schedule change") is that
        # request, however long, unless it reads as a letter ("Hi Chen, ..."). At the
        # advisor's questions the answer tells what happened; one sentence that opens with a
        # request ("envoie un mail à chen au sujet du planning") asks for it.
        return _interrupt(InterruptKind.SWITCH, match, "request for another intent")
    if match.kind == MatchKind.MENTION and marker:
        return _interrupt(InterruptKind.SWITCH, match, "change of mind to another intent")
    return None


def decide_interrupt(
    match: IntentMatch, folded: str, *, active_flow: Intent, question: str | None,
    letter: bool = False,
) -> Interrupt | None:
    """The interrupt a message (already classified as `match`) makes inside `active_flow`, or
    None when it is an answer.

    question is the id of what the bot last asked: a `QuestionId` (options or a yes/no), a
    `FreeTextQuestion`, or None when no question is pending. An unknown id is treated as free
    text, the reading that interrupts least.
    """
    expects = _expects(question)
    if expects in (_Expects.OPTIONS, _Expects.CONFIRMATION) and _QUESTION_MARKS.fullmatch(folded):
        # "?" at a choice or a yes/no: what was asked and what is accepted, as "help" says it,
        # not "sorry, I didn't understand".
        return Interrupt(InterruptKind.HELP, Intent.HELP, match.confidence,
                         "a question mark alone", {})
    if match.intent in _NEVER_INTERRUPTS:
        return None
    if match.intent == Intent.FEEDBACK:
        return _interrupt(InterruptKind.SWITCH, match, "feedback command")
    if expects == _Expects.CONFIRMATION and _answers_confirmation(match, folded, question):
        _log.debug("%s at %s is an answer, not an interrupt", match.intent, question)
        return None
    if match.intent in _CONTROL_KINDS:
        if match.kind != MatchKind.CONTROL and match.intent != Intent.TRANSFER:
            return None
        return _interrupt(_CONTROL_KINDS[match.intent], match, f"control word ({match.rule})")
    return _switch(match, folded, active_flow=active_flow, question=question, expects=expects,
                   letter=letter)


def _one_sentence(folded: str) -> bool:
    """Whether a message is one sentence: no full stop, exclamation or question mark before
    its last words."""
    return _SENTENCE_END.search(folded.rstrip(" .!?。！？")) is None


def is_decline(folded: str, *, whole: bool = False) -> bool:
    """Whether a short reply refuses what was offered in free words ("no thanks, I'll ring him
    myself", "non merci", "nein danke, ich rufe ihn selbst an"); with `whole`, whether the
    refusal is all it says ("más tarde", not "later this week")."""
    if not folded or len(folded.split()) > _DECLINE_WORDS:
        return False
    words = interrupt_words()
    if whole:
        return words.decline.fullmatch(folded.strip(" .!,。！、")) is not None
    found = words.decline.search(folded)
    # The refusal opens the reply, after at most "ok", "hmm", "thanks" or a no ("nah, I'll call
    # her myself"); inside a sentence it is one of its words: "ik bel hem later vandaag wel,
    # maar kun je een mail sturen?" asks for an email.
    return found is not None and _only_lead_words(folded[:found.start()])


def is_indifferent(folded: str) -> bool:
    """Whether a reply says only that the person does not mind ("whatever", "egal", "peu
    importe", "随便", "ok whatever"): at a question it answers nothing, so it is never read as
    an answer or a choice."""
    stripped = folded.strip(" .!,?。！、？…")
    if not stripped or len(stripped.split()) > _DECLINE_WORDS:
        return False
    found = interrupt_words().indifference.search(stripped)
    return (found is not None and found.end() == len(stripped)
            and _only_lead_words(stripped[:found.start()]))


def acknowledges_only(folded: str) -> bool:
    """Whether an answer is only an acknowledgement ("ok", "d'accord", "vale", "gut", "はい",
    "好"): a yes when said alone, but no clear yes to a preview when another request follows."""
    words = interrupt_words().weak_acknowledgement
    rest = folded.strip(" .!,;:-。！、，")
    while rest:
        found = words.match(rest)
        if found is None or not found.group(0):
            return False
        rest = rest[found.end():].strip(" .!,;:-。！、，")
    return True


def says_in_addition(folded: str) -> bool:
    """Whether a request says it comes on top of what was answered ("and then", "also",
    "aussi", "auch", "それと", "然后"): "ok, and then call him" agrees to both."""
    return interrupt_words().addition.search(folded) is not None


def reopens_draft(folded: str) -> bool:
    """Whether a message only asks for the email draft ("send it", "envoie-le", "schick sie
    ab", "メールを送信して"), with nothing else but "ok" or "please" around it."""
    rest = folded.strip(" .!,?。！、？")
    found = interrupt_words().draft_request.search(rest)
    if found is None:
        return False
    after = rest[found.end():].strip(" .!,?。！、？")
    return _only_lead_words(rest[:found.start()]) and (not after or _only_lead_words(after))


def _only_lead_words(text: str) -> bool:
    """Whether `text` holds nothing but the words a reply may open with: greetings, fillers,
    thanks, markers ("ok", "hmm", "merci", "actually") and yes or no words."""
    rules = intent_rules()
    yes_no = interrupt_words().yes_no
    rest = text
    while True:
        opening = rules.lead.match(rest)
        rest = rest[opening.end():] if opening else rest
        said = yes_no.match(rest)
        if said is None or not said.group(0):
            break
        rest = rest[said.end():]
    return not rest.strip(" .!,;:-。！、，")


def withdraws_handoff(folded: str) -> bool:
    """Whether a message says the person no longer needs HR ("no I don't need HR", "je n'ai
    plus besoin des RH", "人事は不要です")."""
    return interrupt_words().handoff_withdrawal.search(folded) is not None


def needs_nothing(text: str) -> bool:
    """Whether a reply to "what do you need?" says nothing is needed after all, and nothing
    else ("no, it's fine", "nothing, thanks", "nein, schon gut", "non c'est bon", "no, da
    igual", "大丈夫です", "没事了")."""
    folded = fold_text(text).strip()
    if not folded or len(folded.split()) > _NOTHING_WORDS:
        return False
    words = interrupt_words()
    return (words.nothing_needed.fullmatch(folded) is not None
            and words.nothing_word.search(folded) is not None)


def changes_mind(folded: str) -> bool:
    """Whether a message takes back what was said before ("actually", "en fait", "其实")."""
    return interrupt_words().marker.search(folded) is not None
