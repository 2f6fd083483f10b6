"""Understanding a message once per turn: one result object every dialog reads.

`understand(text, locale=...)` folds the message once, classifies it with the lexicons' rules,
reads it again with typos corrected when the rules found no request ("cancle my shfit"), notes
when two requests are close ("cancel" with both a shift and a meeting, or a typo equally close
to two words) and guesses the language the message is written in. The bot computes it when it
builds the turn's facts; dialogs ask it what they need (`interrupt(...)` inside a flow,
`is_decline` at an offer) instead of calling classifiers themselves.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Sequence
from dataclasses import dataclass, field

from core.free_text_question import FreeTextQuestion
from core.intent import Intent
from core.text_fold import FoldedText, fold
from language.day_word_typos import day_word_typos
from language.email_preview_words import reads_as_email
from language.intent_rules import (
    MAX_TEXT,
    IntentMatch,
    MatchKind,
    intent_rules,
    language_of,
)
from language.interrupts import Interrupt, decide_interrupt, interrupt_words, is_decline
from language.lexicon import load_lexicons
from language.message_language import message_language, message_language_near, tie_breaker
from language.typo_correction import typo_corrector
from language.weekday_typos import weekday_typos

_CANCELS = frozenset({Intent.SHIFT_CANCEL, Intent.MEETING_CANCEL})
_SHIFT_REQUESTS = frozenset(
    {Intent.SHIFT_CANCEL, Intent.SHIFT_ASSIGN, Intent.SHIFT_SWAP, Intent.SHIFT_UNASSIGN,
     Intent.SHIFT_REASSIGN, Intent.SHIFT_MOVE, Intent.WHO_IS_FREE, Intent.MY_SHIFTS,
     Intent.STORE_SCHEDULE}
)
_MEETING_REQUESTS = frozenset(
    {Intent.MEETING_CANCEL, Intent.MEETING_BOOK, Intent.MEETING_RESCHEDULE, Intent.MEETING_INVITE,
     Intent.MEETING_UNINVITE, Intent.CALL_EMPLOYEE}
)
# Readings the typo correction may replace: nothing recognised, or only a vague description.
_WEAK = frozenset({Intent.UNKNOWN, Intent.ADVICE, Intent.GREETING})
_NOT_A_REQUEST = frozenset(
    {Intent.UNKNOWN, Intent.ADVICE, Intent.GREETING, Intent.THANKS, Intent.GOODBYE}
)
# Requests whose topic a typo may hide ("email bob abut the rota change").
_TOPIC_REQUESTS = frozenset({Intent.EMAIL})
# A corrected reading is a little less certain than a rule matched as typed.
_CORRECTED_PENALTY = 0.1
# A number alone ("2", "#3", "2.", "(1)"): the answer to a list, which no rule reads as a request
# and which is in no language. It is the commonest short reply, and the lexicons' rules, the
# typo reader and the language guess cost it ~100 us for nothing (a test reads such numbers
# with every lexicon to keep this so).
_NUMBER_ONLY = re.compile(r"\s*[#(]?\d{1,4}[.)]?\s*")


@dataclass(frozen=True)
class Understanding:
    """What one message says, computed once per turn.

    match is the intent reading (after typo correction when that is what recognised it);
    alternatives lists the requests the message is equally close to, best first, when more than
    one (empty otherwise); language is the language the message is written in when clear;
    corrections are the (typed, read as) word pairs a typo reading relied on.
    """

    text: str
    folded: str
    match: IntentMatch
    alternatives: tuple[Intent, ...] = ()
    language: str | None = None
    corrections: tuple[tuple[str, str], ...] = field(default=(), hash=False)

    @property
    def intent(self) -> Intent:
        """The intent of the message."""
        return self.match.intent

    @property
    def confidence(self) -> float:
        """How sure the reading is, 0..1."""
        return self.match.confidence

    @property
    def slots(self) -> dict[str, str]:
        """What the rules picked out (person, day, topic, feedback) in the user's spelling."""
        return self.match.slots

    @property
    def corrected_text(self) -> str:
        """The message as typed, with the words a typo reading relied on spelled right
        ("cancle my shift tomorow" -> "cancel my shift tomorrow"); the text itself otherwise."""
        text = self.text
        for typed, meant in self.corrections:
            text = re.sub(rf"(?<!\w){re.escape(typed)}(?!\w)", meant, text, flags=re.IGNORECASE)
        return text

    @property
    def is_ambiguous(self) -> bool:
        """Two requests are equally close: ask which one was meant."""
        return len(self.alternatives) > 1

    @property
    def about_the_schedule(self) -> bool:
        """The message speaks of shifts, rotas or who works ("is Bob in on Friday?")."""
        return intent_rules().schedule_topic.search(self.folded) is not None

    @property
    def asks_about_era(self) -> bool:
        """The message asks what ERA can do ("can you show me ...?", "what can you do?")."""
        return intent_rules().assistant_topic.search(self.folded) is not None

    @property
    def is_small_talk(self) -> bool:
        """Chat about ERA itself, not a request: "are you a bot?", "who made you?", "lol"."""
        return intent_rules().small_talk.search(self.folded) is not None

    @property
    def is_vague_advice(self) -> bool:
        """A request for advice that tells nothing of what happened ("I need help with an
        employee"): ERA asks what happened before it advises or hands over."""
        return intent_rules().vague_advice.search(self.folded) is not None

    @property
    def is_vague_request(self) -> bool:
        """A request that names nothing it is about ("can you send me the list?", "schick es
        mir nochmal"): ERA asks which one is meant; it is no situation to advise on."""
        return self.intent is Intent.UNKNOWN \
            and intent_rules().vague_request.search(self.folded) is not None

    @property
    def names_a_meeting(self) -> bool:
        """Whether the words name a call or a meeting ("Gespräch", "rendez-vous", "面談"): with
        no rule that reads them as a request, a booking ERA did not understand."""
        return intent_rules().meeting_word.search(self.folded) is not None

    @property
    def tells_a_situation(self) -> bool:
        """Whether the words describe something that happened at work ("didn't show up",
        "harcèlement"): a situation for the advisor, however short."""
        return (self.intent is Intent.ADVICE
                or intent_rules().situation.search(self.folded) is not None)

    @property
    def speaks_to_the_reader(self) -> bool:
        """Whether the words ask or tell the one they are written to something: a question
        ("Alice, are you in on Tuesday?") or words that speak to them ("can you take tuesday",
        "tu peux prendre mardi", "kannst du Dienstag übernehmen"), as a message to a colleague
        does, not as a note to ERA about them ("Alice hasn't shown up in 3 days")."""
        return self.text.rstrip().endswith(("?", "\uff1f")) or self.says_you

    @property
    def says_you(self) -> bool:
        """Whether the words speak to the one they are written to as "you" ("can you swap with
        me on friday", "tu peux échanger avec moi", "代わってくれる"), whether or not they
        ask a question: a request put so is made to a person, not given to ERA's "who is
        working tomorrow?"."""
        rules = intent_rules()
        spoken = rules.second_person_in.get(self.language or "", rules.second_person)
        return spoken.search(self.folded) is not None

    @property
    def is_decline(self) -> bool:
        """A short refusal in free words: "no thanks, I'll ring him myself"."""
        return is_decline(self.folded)

    @property
    def is_bare_decline(self) -> bool:
        """A refusal and nothing else ("later", "más tarde"), even where its words could
        name a time ("tarde" is also the afternoon)."""
        return is_decline(self.folded, whole=True)

    def interrupt(self, *, active_flow: Intent, question: str | None) -> Interrupt | None:
        """The interrupt this message makes inside `active_flow` at `question` (a QuestionId,
        a FreeTextQuestion or None), or None when it answers the flow."""
        return decide_interrupt(
            self.match, self.folded, active_flow=active_flow, question=question,
            letter=question == FreeTextQuestion.EMAIL_EDIT and reads_as_email(self.text),
        )


def choose_among(reply: Understanding, choices: Sequence[Intent]) -> Intent | None:
    """Which of the offered requests a reply picks by naming it ("the shift", "cancel the
    meeting", "la réunion"); None when it names none or several."""
    if reply.intent in choices:
        return reply.intent
    rules = intent_rules()
    named = []
    if rules.shift_word.search(reply.folded):
        named += [c for c in choices if c in _SHIFT_REQUESTS]
    if rules.meeting_word.search(reply.folded):
        named += [c for c in choices if c in _MEETING_REQUESTS]
    return named[0] if len(named) == 1 else None


def _cancel_alternatives(match: IntentMatch, folded: str) -> tuple[Intent, ...]:
    """ "cancel my shift meeting": a cancellation naming both a shift and a meeting."""
    if match.intent not in _CANCELS or match.kind not in (MatchKind.COMMAND, MatchKind.MENTION):
        return ()
    rules = intent_rules()
    if rules.shift_word.search(folded) and rules.meeting_word.search(folded):
        return (match.intent, *(_CANCELS - {match.intent}))
    return ()


@functools.cache
def _elision_patterns() -> dict[str, re.Pattern[str]]:
    """Per language, its elided words typed with a space where the apostrophe goes."""
    return {lexicon.language: re.compile(r"\b(" + "|".join(words) + r") (?=[aeiouyh])")
            for lexicon in load_lexicons() if (words := lexicon.part("head", "elisions"))}


def _elisions_restored(folded: FoldedText, language: str | None) -> FoldedText | None:
    """The folded text with the apostrophes of its elisions put back ("c est" -> "c'est"), in
    the language of the locale or the message; None when there is none to put back. The
    apostrophe takes the space's place, so every character keeps its origin."""
    patterns = _elision_patterns()
    pattern = patterns.get(language or "") or patterns.get(message_language(folded.text) or "")
    if pattern is None:
        return None
    text = pattern.sub(lambda found: found.group(1) + "'", folded.text)
    return None if text == folded.text else FoldedText(text, folded.origin, folded.original)


def _corrected(
    folded: FoldedText, match: IntentMatch, language: str | None
) -> tuple[IntentMatch, tuple[Intent, ...], tuple[tuple[str, str], ...]] | None:
    """The reading with typos corrected, when it finds a request the typed text did not."""
    def german() -> bool:
        return language == "de" or message_language(folded.text) == "de"

    readings = typo_corrector().correct(folded, nouns_capitalised=german)
    found: list[tuple[IntentMatch, tuple[tuple[str, str], ...]]] = []
    rules = intent_rules()
    for reading in readings:
        corrected = rules.classify_folded(
            FoldedText(reading.text, tuple(range(len(reading.text))), reading.text), language
        )
        if corrected.intent in _NOT_A_REQUEST:
            continue
        if match.intent is Intent.ADVICE and corrected.kind is MatchKind.DESCRIPTION:
            continue
        if match.rule == "advice:recurring" and corrected.intent is Intent.ABSENCE_REPORT:
            # A correction that only undoes the pattern ("da 2 mesi" read "da 2 mesai") makes
            # no one-off absence of a long one.
            continue
        if match.rule == "advice:worker" and corrected.kind is not MatchKind.COMMAND:
            # A worker and their situation as typed stay a situation unless a corrected word
            # makes a request of it: "Mi empleado lleva 3 días sin presentarse" read
            # "presentarse" as Italian "prenotare" (to book) and became a meeting.
            continue
        found.append((corrected, reading.replaced))
    if not found:
        return None
    best, replaced = found[0]
    confidence = round(max(0.1, best.confidence - _CORRECTED_PENALTY), 2)
    adjusted = IntentMatch(
        best.intent, confidence, best.kind, best.language, dict(best.slots), best.rule
    )
    intents = tuple(dict.fromkeys(candidate.intent for candidate, _ in found))
    return adjusted, intents if len(intents) > 1 else (), replaced


def _with_topic_corrected(
    folded: FoldedText, match: IntentMatch, language: str | None
) -> tuple[IntentMatch, tuple[tuple[str, str], ...]]:
    """A request read without its topic, and the word pairs corrected, when its typos hid the
    topic ("email bob abut the rota chnage": the same request, about "the rota change"); as
    read, with none, when no corrected reading finds more."""
    for reading in typo_corrector().correct(folded):
        corrected = intent_rules().classify_folded(
            FoldedText(reading.text, tuple(range(len(reading.text))), reading.text), language)
        if (corrected.intent is match.intent and corrected.slots.get("topic")
                and all(str(corrected.slots.get(key)).casefold() == str(value).casefold()
                        for key, value in match.slots.items())):
            slots = {**match.slots, "topic": corrected.slots["topic"]}
            return IntentMatch(match.intent, match.confidence, match.kind, match.language,
                               slots, match.rule), reading.replaced
    return match, ()


def understand(text: str, *, locale: str | None = None) -> Understanding:
    """Everything the dialogs need to know about one message (see the module docstring)."""
    folded = fold(text[:MAX_TEXT])
    if _NUMBER_ONLY.fullmatch(folded.text):
        no_rule = IntentMatch(Intent.UNKNOWN, 0.0, MatchKind.NONE, rule="no_rule")
        return Understanding(text=text, folded=folded.text, match=no_rule)
    match = intent_rules().classify_text(
        text, folded, tie_breaker(folded.text, language_of(locale))
    )
    if match.intent is Intent.UNKNOWN and folded.text:
        restored = _elisions_restored(folded, language_of(locale))
        if restored is not None:
            # "c est qui mon manager", "c e qualcuno libero venerdi": read with apostrophes.
            again = intent_rules().classify_folded(
                restored, tie_breaker(restored.text, language_of(locale)))
            if again.intent is not Intent.UNKNOWN:
                match = again
    alternatives: tuple[Intent, ...] = ()
    corrections: tuple[tuple[str, str], ...] = ()
    if match.intent in _WEAK and match.kind is not MatchKind.CONTROL and folded.text:
        corrected = _corrected(folded, match, language_of(locale))
        if corrected is not None:
            match, alternatives, corrections = corrected
    elif match.kind is MatchKind.COMMAND and "topic" not in match.slots \
            and match.intent in _TOPIC_REQUESTS:
        match, corrections = _with_topic_corrected(folded, match, language_of(locale))
    if not alternatives:
        alternatives = _cancel_alternatives(match, folded.text)
    typed = {typo for typo, _ in corrections}
    # "cancel my shift on tuesdya", "ich kann morgn nicht": the day meant, for the flow that
    # reads it.
    language = language_of(locale)
    corrections += tuple(
        pair for found in (weekday_typos, day_word_typos)
        for pair in found(folded, language=language, nouns_capitalised=language == "de")
        if fold(pair[0]).text not in typed)
    return Understanding(
        text=text,
        folded=folded.text,
        match=match,
        alternatives=alternatives,
        # Feedback on ERA is free words about a bot, mostly ones many languages share ("super
        # Bot", "le bot est top"): it is thanked for in the language spoken, not guessed anew.
        language=(None if match.intent is Intent.FEEDBACK
                  else message_language_near(folded.text, match.language, language_of(locale))),
        corrections=corrections,
    )


def prepare_understanding() -> None:
    """Read and compile every lexicon now (about a second), so no person's first message pays
    for it; later calls cost nothing. A broken lexicon file raises here, at start-up."""
    understand("prepare", locale="en")
    message_language("prepare")
    interrupt_words()
