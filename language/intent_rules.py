"""Rules-based, multilingual intent classification, compiled once from the lexicon files.

`classify_intent` maps a message to an `Intent` without any model: the text is folded (case,
accents, apostrophes, spaces), then tried against the lexicons' rules in a fixed order of
specificity: "!improve" feedback, whole-message control words (cancel, help, start over,
transfer, greetings), requests for an action (swap, unassign, cancel a meeting or a shift,
reschedule, transfer, my shifts, advice, call, book, email, assign), and last a manager's
description of a situation (advice). All languages are always active; the locale only breaks
ties between languages. The match also says how the intent was expressed (`MatchKind`): a bare
control word, a request opening the message, a mention inside a statement, or a description,
which is what the interrupt check needs to tell a request from an answer.

The vocabulary lives in `language/lexicons/<lang>/intents.toml`; this module holds only the
matching logic and the few patterns that belong to no language (names, numbers, gaps).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from functools import cached_property

from core.intent import Intent
from core.name_matcher import written_unspaced
from core.reply_lexicon import MONTH_NAMES
from core.text_fold import FoldedText, fold
from language.day_of_month import day_of_month_rule
from language.lexicon import EMAIL_KINDS, Lexicon, alternatives, gathered, load_lexicons
from language.literal_set import LiteralSet
from language.required_literals import (
    known_required_literal_groups,
    known_required_literals,
    required_literals,
)
from language.situation_words import (
    speaks_of_a_pay_dispute,
    speaks_of_a_young_worker,
    tells_of_family_illness,
)
from language.time_from_now import LENGTH_LANGUAGES, without_length_words

MAX_TEXT = 2000  # longer messages are classified on their start; rules look at the request
# Punctuation, spaces and "_" around the words of a message. Not [\W_]: the vowel signs and
# viramas of Indic scripts are not \w to Python's re, and "सहायता" must keep its last "ा".
_NOT_A_LETTER = r"(?:_|[^\w\u0900-\u0DFF])"
_MAX_CONTROL = 120  # a control word with fillers is short; longer text is never one
_MAX_GREETING = 60  # "hello there, how are you?" and the like

# Patterns that belong to no language.
_NAME = r"[^\W\d_][\w'.-]*"
_GAP = r"(?:\s+[\w'/:-]+){0,4}?\s+(?:[a-z]{1,3}')?"  # up to four words, then "l'", "un'"...
_GAP3 = r"(?:\s+[\w'/:-]+){0,3}?\s+(?:[a-z]{1,3}')?"
MONTHS = "|".join(MONTH_NAMES)
# A dated day is a day ("annule le 2 decembre", "3 de diciembre", "dec 3"). Inside the rules a
# month is its first letters in any of the ten languages, then any letters: the full names,
# compiled into each of the ~260 rules that name a day, cost 4.6 MB (the exact names are in
# MONTHS, for readers that need them).
_MONTH_SHAPE = (r"(?:(?:jan|feb|fev|mar|maer|apr|avr|abr|may|mai|mag|jun|jui|giu|jul|lug|aug|aou"
                r"|ago|sep|oct|okt|ott|nov|dec|dez|dic|ene|gen)[a-z]*|out(?:ubro)?"
                r"|set(?:t|tembre|embro)?)")
_NUMBER_DAYS = (
    rf"\d{{1,2}}(?:st|nd|rd|th|er|o|\.)?\s+(?:of\s+|de\s+)?{_MONTH_SHAPE}(?![\w'-])\.?",
    rf"{_MONTH_SHAPE}\.?\s+\d{{1,2}}(?:st|nd|rd|th)?(?!\d)",
    r"\d{1,2}(?:st|nd|rd|th)",
    r"\d{1,2}[/.]\d{1,2}(?:[/.]\d{2,4})?",
)

# The order rules are tried in: the most specific verbs first.
REQUEST_ORDER = (
    Intent.RESIGNATION,  # first: "I quit, cancel my shifts" is a resignation, nothing else
    # Before the shift rules: "add sophie to tomorrow's call" names a day, not a shift.
    Intent.MEETING_INVITE,
    # Before the shift rules: "take chen off the rota review" names a meeting, not a shift.
    Intent.MEETING_UNINVITE,
    Intent.SHIFT_SWAP,
    Intent.SHIFT_MOVE,  # before a reassignment: "move Bob's Saturday shift to Sunday" is a day
    Intent.WHO_IS_FREE,  # before a reassignment: "who could cover Bob?" names no one to give it
    Intent.SHIFT_REASSIGN,  # before a cancellation: "Alice will cover for Bob" cancels nothing
    Intent.SHIFT_UNASSIGN,
    Intent.ABSENCE_REPORT,  # before a worker's own "can't come": "Bob can't come Friday"
    Intent.MEETING_CANCEL,
    Intent.SHIFT_CANCEL,
    Intent.RUNNING_LATE,
    Intent.ASK_MANAGER,
    Intent.MORE_HOURS,
    Intent.MEETING_RESCHEDULE,
    Intent.TRANSFER,
    Intent.STORE_SCHEDULE,
    Intent.MY_SHIFTS,
    Intent.MY_MEETINGS,
    Intent.MY_MANAGER,
    Intent.PERSONAL_RECORDS,  # before advice: "why did Alice take leave?" asks for her records
    Intent.ADVICE,
    Intent.CALL_EMPLOYEE,
    Intent.MEETING_BOOK,
    Intent.EMAIL,
    Intent.SHIFT_ASSIGN,
)
CONTROL_ORDER = (
    Intent.CANCEL_FLOW, Intent.HELP, Intent.START_OVER, Intent.TRANSFER, Intent.SIGN_OUT,
    Intent.UNDO,
)
_BOUNDED_ADDRESS = ("there", "era", "bot", "team", "all", "everyone")

# Intents a worker asks for about themselves; said about an employee, they describe a situation.
_WORKER_SIDE_INTENTS = frozenset(
    {
        Intent.SHIFT_CANCEL,
        Intent.SHIFT_SWAP,
        Intent.MY_SHIFTS,
        Intent.RUNNING_LATE,
        Intent.ASK_MANAGER,
        Intent.MORE_HOURS,
        Intent.RESIGNATION,
        Intent.MEETING_CANCEL,
        Intent.MEETING_RESCHEDULE,
    }
)
_SLOT_DAY_INTENTS = frozenset(
    {
        Intent.SHIFT_CANCEL,
        Intent.SHIFT_ASSIGN,
        Intent.SHIFT_SWAP,
        Intent.SHIFT_UNASSIGN,
        Intent.ABSENCE_REPORT,
        Intent.SHIFT_REASSIGN,
        Intent.SHIFT_MOVE,
        Intent.WHO_IS_FREE,
        Intent.MEETING_BOOK,
        Intent.MEETING_CANCEL,
        Intent.MEETING_RESCHEDULE,
        Intent.MEETING_INVITE,
        Intent.MEETING_UNINVITE,
        Intent.CALL_EMPLOYEE,
        Intent.MY_SHIFTS,
        Intent.MY_MEETINGS,
        Intent.STORE_SCHEDULE,
        Intent.RUNNING_LATE,
    }
)
_SLOT_PERSON_INTENTS = frozenset(
    {
        Intent.SHIFT_ASSIGN,
        Intent.SHIFT_SWAP,
        Intent.SHIFT_UNASSIGN,
        Intent.ABSENCE_REPORT,
        Intent.CALL_EMPLOYEE,
        Intent.EMAIL,
        Intent.MEETING_BOOK,
    }
)


_TOPIC_HOLDERS = frozenset({Intent.EMAIL, Intent.CALL_EMPLOYEE, Intent.MEETING_BOOK})
"""Requests whose topic may name another request ("an email about cancelling her shift")."""

class MatchKind(StrEnum):
    """How the intent was expressed in the message."""

    CONTROL = "control"  # the whole message is a control word or a greeting ("cancel", "help")
    COMMAND = "command"  # the message opens with the request ("cancel my shift", "I want to ...")
    MENTION = "mention"  # the request sits inside a statement ("I need to cancel my shift")
    DESCRIPTION = "description"  # a situation or a question for advice
    NONE = "none"  # nothing recognised


@dataclass(frozen=True)
class IntentMatch:
    """The classifier's answer.

    slots holds what was cheap to pick out, in the user's own spelling: "feedback" (after
    "!improve"), "person" and "other_person" (a name after "assign", "email", "with", ...),
    "everyone" (a word for a group where a name was expected: "get everyone off friday"),
    "day" ("tomorrow", "vendredi"), "topic" (after "about"; "关于迟到的邮件", "遅刻について"),
    "reason" (a statement that is its own reason for cancelling a shift: "I'm sick"),
    "lateness" (the words that say a worker will be late: "I'll be 20 minutes late"),
    "with_person" (whose shifts others work alongside: "who's on with Alice?"), "count"
    (the words asking how many: "how many cashiers ...?"), "hours" (the words asking for
    the total of someone's shifts: "how many hours is Alice doing ...?"), "off" (who has no
    shift: "who's off on Saturday?"), "next" (one's next shift alone: "when is my next
    shift?"), "with_me" (who works alongside the one asking: "who works with me?") and
    "self" (the one asking put on a shift: "put me down for friday").
    language is the language of the rule that matched ("en", "fr", "ja", ...), None when no
    rule did or the rule belongs to no language. rule names the rule that matched, for logs.
    """

    intent: Intent
    confidence: float
    kind: MatchKind
    language: str | None = None
    slots: dict[str, str] = field(default_factory=dict, hash=False)
    rule: str = ""

    def __post_init__(self) -> None:
        if not 0.0 <= self.confidence <= 1.0:
            raise ValueError(f"confidence must be within 0..1, got {self.confidence}")


def _as_written(pattern: str, language: str) -> str:
    return pattern


@dataclass(frozen=True)
class _Rule:
    """One pattern for an intent in a language, compiled the first time a message may match it.

    The ~1,400 request rules of all fifteen languages compiled at start-up held ~16 MB (a rule
    that takes a full name and a day is ~75 KB of compiled code), and their expanded text
    another ~3 MB; a deployment's messages reach the rules of the languages it is spoken in,
    and only those are ever compiled. A rule keeps its pattern as the lexicon writes it, with
    the placeholders `expand` fills in.
    """

    intent: Intent
    language: str
    written: str
    confidence: float
    name: str
    head_only: bool
    needs_name: bool
    unless_written: str | None
    statement: bool = False
    gives_reason: bool = False
    expand: Callable[[str, str], str] = field(default=_as_written, compare=False, repr=False)

    @property
    def source(self) -> str:
        """The pattern's text, placeholders filled in."""
        return self.expand(self.written, self.language)

    @cached_property
    def pattern(self) -> re.Pattern[str]:
        """The compiled pattern."""
        return re.compile(self.source)

    @cached_property
    def unless(self) -> re.Pattern[str] | None:
        """What, found anywhere in the message, rules this rule out."""
        if self.unless_written is None:
            return None
        return re.compile(self.expand(self.unless_written, self.language))


def _request_words(lexicons: Sequence[Lexicon]) -> frozenset[str]:
    """Every word the lexicons' patterns and word lists are written with ("about", "from",
    "pour", "wegen", "samedi"): what follows a name in a request, never part of the name."""
    fragments = [
        *(p for lexicon in lexicons for rule in lexicon.requests for p in rule.patterns),
        *(p for lexicon in lexicons for words in lexicon.words.values() for p in words),
        *(p for lexicon in lexicons for section in lexicon.sections.values()
          for words in section.values() for p in words),
        *(p for lexicon in lexicons for words in lexicon.control.values() for p in words),
    ]
    escapes = re.compile(r"\\[a-zA-Z]")
    return frozenset(word for fragment in fragments
                     for word in re.findall(r"[^\W\d_]+", escapes.sub(" ", fragment)))


def _longest_first(words: Iterable[str]) -> list[str]:
    """Words for an alternation, longest first (so a longer word is tried before its prefix),
    then alphabetically: the same pattern text in every process, whatever the order of a set
    under that process's string hashing (the shipped table of required literals is keyed by
    that text)."""
    return sorted(words, key=lambda word: (-len(word), word))


def _alternation(fragments: Iterable[str]) -> str:
    # No fragment at all must match nothing, not the empty string.
    return "|".join(fragments) or "(?!)"


def _group(fragments: Iterable[str]) -> str:
    return f"(?:{_alternation(fragments)})"


def _first_rule_pattern(rules: Iterable[tuple[int, _Rule]]) -> re.Pattern[str]:
    """One pattern of the rules' sources, each in a group named after its rule's place (the
    number paired with it); `_rule_index` reads which one matched."""
    return re.compile(_group(f"(?P<r{index}>{rule.source})" for index, rule in rules))


def _rule_index(found: re.Match[str]) -> int:
    """The place of the rule whose group took part in a `_first_rule_pattern` match: the
    outermost group closes last, so it is the last group matched."""
    return int(str(found.lastgroup)[1:])


def _gather(lexicons: Sequence[Lexicon], section: str, key: str) -> list[str]:
    fragments: list[str] = []
    for lexicon in lexicons:
        for fragment in lexicon.part(section, key):
            if fragment not in fragments:
                fragments.append(fragment)
    return fragments


class IntentRules:
    """Every lexicon's rules, compiled once; `classify` is the matcher."""

    def __init__(self, lexicons: Sequence[Lexicon]) -> None:
        self.languages = tuple(lexicon.language for lexicon in lexicons)
        days = _gather(lexicons, "names", "days")
        day = _group([d for d in days if not written_unspaced(d)] + list(_NUMBER_DAYS))
        self._day = day
        # Japanese and Chinese run a day into the words around it ("我周五不能上班",
        # "金曜日のシフト"): their days are found inside the text, the others as whole words.
        self.day_re = re.compile(
            rf"\b{day}\b|{_group(d for d in days if written_unspaced(d))}")
        self.not_a_person = frozenset(_gather(lexicons, "names", "not_a_person"))
        self.pronouns = frozenset(_gather(lexicons, "names", "pronouns"))
        self.everyone = frozenset(_gather(lexicons, "names", "everyone"))
        # Group words that are a first name elsewhere (de "allen"): the group only in a request
        # rule of their own language ("schreib allen eine mail", but "email Allen").
        self.everyone_here = {lexicon.language: frozenset(lexicon.part("names", "everyone_here"))
                              for lexicon in lexicons}
        # A word for a group ("everyone", "the team", "tout le monde") is tried before a name
        # wherever a pattern takes one, so "get everyone off friday" is still a request; it
        # never fills the person slot, only "everyone" (one person's shifts change at a time).
        group = _alternation(
            map(re.escape, _longest_first(self.everyone)))
        # "my team leader", "the team meeting": a role or a thing of the group's, never it.
        roles = _alternation(map(re.escape, _longest_first(
            _gather(lexicons, "names", "group_roles"))))
        self._roles = roles
        self._group = rf"(?:{group})(?![\w'-])(?! (?:{roles})(?![\w'-]))"
        # %FULLNAME%: a name of up to three words ("Bob Jones"), where the pattern goes on with
        # a word of its own ("take Bob Jones off friday"); a later word is never one that
        # requests are made of, a day or a pronoun ("take some time off" names nobody).
        not_names = _longest_first(
            {word for lexicon in lexicons for word in lexicon.vocabulary}
            | self.not_a_person | self.pronouns | self.everyone)
        self._full_name = (
            rf"{_NAME}(?: (?!(?:{_alternation(map(re.escape, not_names))}|{day})\b)"
            rf"{_NAME}){{0,2}}?")
        self._words = {lexicon.language: lexicon.words for lexicon in lexicons}
        self.request_words = _request_words(lexicons)
        # "!improve <feedback>", or a lexicon's word for feedback before a colon.
        prefixes = alternatives(gathered(lexicons, "feedback_prefixes"))
        self._feedback = re.compile(
            rf"^\s*(?:!\s*improve\b|(?:{prefixes})\s*[:：])[\s:：,-]*(?P<feedback>.*)$",
            re.IGNORECASE | re.DOTALL)
        self._compile_head(lexicons)
        self._compile_advice(lexicons)
        self._compile_words(lexicons)
        self._compile_control(lexicons)
        self._compile_requests(lexicons)
        self._compile_gate(lexicons)

    # --- compilation ----------------------------------------------------------------------

    def _expand(self, pattern: str, language: str) -> str:
        everyone = _longest_first(self.everyone | self.everyone_here.get(language, frozenset()))
        month_day = day_of_month_rule(language)
        day = self._day if month_day is None else f"(?:{self._day}|{month_day})"
        group = self._group
        if self.everyone_here.get(language):
            group = (rf"(?:{_alternation(map(re.escape, everyone))})(?![\w'-])"
                     rf"(?! (?:{self._roles})(?![\w'-]))")
        expanded = (
            pattern.replace("%DAY%", day)
            .replace("%FULLNAME%", f"(?:{group}|{self._full_name})")
            .replace("%NAME%", f"(?:{group}|{_NAME})")
            # Japanese and Chinese write a particle straight after the word ("全員に").
            .replace("%EVERYONE%", f"(?:{_alternation(map(re.escape, everyone))})")
            .replace("%GAP%", _GAP)
            .replace("%GAP3%", _GAP3)
        )
        for key, value in self._words.get(language, {}).items():
            expanded = expanded.replace(f"%{key}%", _group(value))
        if re.search(r"%[A-Z0-9]+%", expanded):
            raise ValueError(f"unexpanded placeholder in rule for {language}: {pattern}")
        return expanded

    def _compile_head(self, lexicons: Sequence[Lexicon]) -> None:
        greetings = _alternation(_gather(lexicons, "head", "greetings"))
        address = _alternation(_BOUNDED_ADDRESS)
        lead_words = _alternation(
            [
                rf"(?:{greetings})(?:\s+(?:{address}))?",
                # Before the fillers, which would take its "ok" alone and stop at "and".
                *_gather(lexicons, "head", "agreed_and"),
                # "thanks for your help, can you also call Bob?" asks to call Bob
                *_gather(lexicons, "head", "thanks"),
                *_gather(lexicons, "head", "fillers"),
                *_gather(lexicons, "head", "markers"),
                *_gather(lexicons, "head", "openers"),
                *_gather(lexicons, "head", "need_openers"),
            ]
        )
        help_openers = _alternation(_gather(lexicons, "head", "help_openers"))
        need = _alternation(_gather(lexicons, "head", "need_openers"))
        trailers = _alternation(_gather(lexicons, "head", "trailers"))
        tails = _alternation(_gather(lexicons, "head", "greeting_tails"))
        gap = _NOT_A_LETTER
        self._head_words = [*_gather(lexicons, "head", "greetings"),
                            *(fragment for key in ("agreed_and", "thanks", "fillers", "markers",
                                                   "openers", "need_openers", "help_openers")
                              for fragment in _gather(lexicons, "head", key))]
        self.lead = re.compile(rf"(?:{gap}*\b(?:{lead_words})\b)*{gap}*")
        # What `head` matches where the message opens with none of its words.
        self.head_gap = re.compile(rf"{gap}*")
        self.head = re.compile(rf"(?:{gap}*\b(?:{lead_words}|{help_openers})\b)*{gap}*")
        self.need = re.compile(rf"\b(?:{need})\b")
        self.opener = re.compile(rf"\b(?:{_alternation(_gather(lexicons, 'head', 'openers'))})\b")
        self.trail = re.compile(rf"(?:{gap}*\b(?:{trailers})\b)*{gap}*$")
        # Chinese and Japanese have no word edge after "请" or "Aliceさんに", and put the person
        # before the verb: a request right after these openers still opens the message
        # ("帮我给Alice打个电话", "Aliceさんに電話して").
        unspaced = _alternation(_gather(lexicons, "head", "unspaced_openers"))
        self.unspaced_head = re.compile(rf"(?:(?:{unspaced}){gap}*)*")
        # Two greetings in one ("hola buenas", "hi hello", "moin moin") are one greeting.
        self.greeting_only = re.compile(
            rf"{gap}*(?:{greetings})(?:{gap}+(?:{greetings}))?(?:\s+(?:{address}))?"
            rf"(?:{gap}+(?:{tails}))?{gap}*"
        )
        # A message that only thanks or takes leave ("ok great, thanks a lot!", "bye, see you
        # tomorrow"), after any greeting or filler; which of the two is said by a thanks word.
        thanks = _alternation(_gather(lexicons, "head", "thanks"))
        goodbyes = _alternation(_gather(lexicons, "head", "goodbyes"))
        praise = _alternation(_gather(lexicons, "head", "praise"))
        closing = rf"(?:(?:{praise}){gap}*)*(?:{thanks}|{goodbyes})(?:\s+(?:{address}))?"
        self.closing_only = re.compile(
            rf"(?:{gap}*\b(?:{lead_words})\b)*(?:{gap}*(?:{closing}))+{gap}*"
        )
        self.thanks_word = re.compile(rf"(?:^|{gap})(?:{thanks})(?:{gap}|$)")

    def _compile_advice(self, lexicons: Sequence[Lexicon]) -> None:
        def words(key: str) -> re.Pattern[str]:
            # A word of a script written without spaces has no word edge around it ("我的员工
            # 明天来不了", "部下が…"): it is found anywhere; other words are whole words.
            fragments = _gather(lexicons, "advice", key)
            spaced = [f for f in fragments if not written_unspaced(f)]
            unspaced = [f for f in fragments if written_unspaced(f)]
            return re.compile(rf"\b{_group(spaced)}\b|{_group(unspaced)}")

        self.worker_nouns = words("worker_nouns")
        self.situation = words("situations")
        self.third_person = words("third_person")
        # Another language's pronoun is often a common word here: French "il" is the Italian
        # article ("per il turno di stasera arrivo in ritardo"), Polish "on" English "on". With
        # the message's language known, a request is someone else's by that language's own.
        self.third_person_in: dict[str, re.Pattern[str]] = {}
        for lexicon in lexicons:
            pronouns = lexicon.part("advice", "third_person")
            if pronouns and lexicon.language:
                spaced = [f for f in pronouns if not written_unspaced(f)]
                unspaced = [f for f in pronouns if written_unspaced(f)]
                self.third_person_in[lexicon.language] = re.compile(
                    rf"\b{_group(spaced)}\b|{_group(unspaced)}")
        # Words that speak to the reader, by the language they are of (French "te" and
        # Spanish "te" both are; English "u" is Dutch "u" too, so all languages' serve when
        # the message's language is unknown).
        self.second_person = words("second_person")
        self.second_person_in = {
            lexicon.language: re.compile(
                rf"\b{_group(f for f in spoken if not written_unspaced(f))}\b"
                rf"|{_group(f for f in spoken if written_unspaced(f))}")
            for lexicon in lexicons
            if lexicon.language and (spoken := lexicon.part("advice", "second_person"))
        }
        self.policy = words("policy")
        # Any language's word for a call or a meeting ("Gespräch", "rendez-vous", "面談").
        meeting = [word for lexicon in lexicons for word in lexicon.words.get("MEET", ())]
        self.meeting_word = re.compile(
            rf"\b{_group(w for w in meeting if not written_unspaced(w))}\b"
            rf"|{_group(w for w in meeting if written_unspaced(w))}")
        self.recurring = words("recurring")
        self.cancelled_questions = {
            lexicon.language: re.compile("|".join(patterns))
            for lexicon in lexicons
            if (patterns := lexicon.interrupts.get("cancelled_questions"))
        }
        self.first_person_start = re.compile(
            rf"{_group(_gather(lexicons, 'advice', 'first_person'))}\b"
        )

    def _compile_words(self, lexicons: Sequence[Lexicon]) -> None:
        self.person_after: dict[str, re.Pattern[str]] = {}
        self.pair: dict[str, re.Pattern[str]] = {}
        self.topic: dict[str, re.Pattern[str]] = {}
        # Where "about" does not simply open the topic ("关于迟到的邮件", "遅刻についてのメール"),
        # the lexicon's own topic patterns, tried in order over the whole message.
        self.topic_anywhere = {
            lexicon.language: tuple(map(re.compile, lexicon.part("slots", "topic")))
            for lexicon in lexicons
            if lexicon.part("slots", "topic")
        }
        # What an email is for, said with its topic ("to thank him for his help", "pour lui
        # rappeler la réunion", "感谢他周六的帮助"): tried first, each kind's patterns in order.
        self.kind_topic: dict[str, tuple[tuple[str, re.Pattern[str]], ...]] = {
            lexicon.language: tuple(
                (kind, re.compile(pattern))
                for kind in EMAIL_KINDS
                for pattern in lexicon.part("slots", kind)
            )
            for lexicon in lexicons
        }
        shift: list[str] = []
        meet: list[str] = []
        for lexicon in lexicons:
            words = lexicon.words
            if "PREP" in words:
                # A word for a group is tried before a name here too: "à toute l'équipe" is
                # not someone called "toute".
                self.person_after[lexicon.language] = re.compile(
                    rf"\b{_group(words['PREP'])}\s+(?P<person>{self._group}|{_NAME})"
                )
            if "AND" in words:
                self.pair[lexicon.language] = re.compile(
                    rf"\b(?P<person>{_NAME})\s+{_group(words['AND'])}\s+(?P<other>{_NAME})\b"
                )
            if "ABOUT" in words:
                self.topic[lexicon.language] = re.compile(
                    rf"\b{_group(words['ABOUT'])}\s+(?P<topic>\S.*)$"
                )
            shift.extend(words.get("SHIFT", ()))
            meet.extend(words.get("MEET", ()))
        self.shift_word = re.compile(rf"\b{_group(shift)}\b")
        self.meeting_word = re.compile(rf"\b{_group(meet)}\b")
        # What a question no rule reads is about: the schedule, or ERA itself.
        self.schedule_topic = re.compile(_group(_gather(lexicons, "topics", "schedule")))
        # "Why do you need that?" with nothing asked is a question about ERA too.
        self.assistant_topic = re.compile(_group(
            _gather(lexicons, "topics", "assistant") + _gather(lexicons, "topics", "advice_why")))
        self.small_talk = re.compile(_group(_gather(lexicons, "topics", "small_talk")))
        self.vague_advice = re.compile(_group(_gather(lexicons, "topics", "vague_advice")))
        self.vague_request = re.compile(_group(_gather(lexicons, "topics", "vague_request")))

    def _compile_control(self, lexicons: Sequence[Lexicon]) -> None:
        rules: list[_Rule] = []
        for intent in CONTROL_ORDER:
            for lexicon in lexicons:
                fragments = lexicon.control.get(intent)
                if not fragments:
                    continue
                rules.append(
                    _Rule(
                        intent=intent,
                        language=lexicon.language,
                        written=_group(fragments),
                        confidence=0.95,
                        name=f"{intent}:{lexicon.language}:control",
                        head_only=False,
                        needs_name=False,
                        unless_written=None,
                    )
                )
        self.control_rules = tuple(rules)
        # One pass finds the rule a whole message matches, where trying the rules one by one
        # took up to 82 matches (a German "hilfe" from an English client went through all):
        # an alternation matches with its first branch that can match the whole message, so
        # the named group that took part is the first rule, in order, that matches it.
        self.any_control = _first_rule_pattern(enumerate(rules))
        self._control_in: dict[str, re.Pattern[str] | None] = {}

    def _compile_gate(self, lexicons: Sequence[Lexicon]) -> None:
        """File the whole-message patterns every message meets under the words one of which a
        text must hold for each to match, as the request rules are: most messages hold none of
        a closing's, a control word's or a cancelled question's words, and these searches
        (backtracking through alternations of hundreds of words) were half an understanding."""
        fragments: dict[str, list[str]] = {
            "greeting": _gather(lexicons, "head", "greetings"),
            "closing": _gather(lexicons, "head", "thanks") + _gather(lexicons, "head", "goodbyes"),
            "control": [rule.source for rule in self.control_rules],
            "unspaced": _gather(lexicons, "head", "unspaced_openers"),
            "head": self._head_words,
            "worker": _gather(lexicons, "advice", "worker_nouns"),
            "situation": _gather(lexicons, "advice", "situations"),
            "policy": _gather(lexicons, "advice", "policy"),
        }
        for language, pattern in self.cancelled_questions.items():
            fragments[f"cancelled:{language}"] = [pattern.pattern]
        needing: dict[str, set[str]] = {}
        always: set[str] = set()
        for name, written in fragments.items():
            required = [required_literals(fragment) for fragment in written]
            if not written or any(words is None for words in required):
                always.add(name)
                continue
            for words in required:
                for word in words or ():
                    needing.setdefault(word, set()).add(name)
        self._gate_always = frozenset(always)
        self._gate_words = LiteralSet(list(needing))
        self._gate_opened = tuple(frozenset(names) for names in needing.values())
        self._last_gate: tuple[str, frozenset[str]] = ("", frozenset(always))

    def _may_match(self, text: str) -> frozenset[str]:
        """The names of the gated patterns (see `_compile_gate`) that may match `text` or any
        part of it; the others cannot. One pass over the text, kept for the message's next
        question (every step of a classification asks about the same text)."""
        last_text, last_open = self._last_gate
        if text == last_text:
            return last_open
        found = set(self._gate_always)
        opened = self._gate_opened
        for word in self._gate_words.found_in(text):
            found |= opened[word]
        result = frozenset(found)
        self._last_gate = (text, result)
        return result

    def _compile_requests(self, lexicons: Sequence[Lexicon]) -> None:
        rules: list[_Rule] = []
        number = 0
        for intent in REQUEST_ORDER:
            for lexicon in lexicons:
                for written in lexicon.requests:
                    if written.intent != intent:
                        continue
                    for pattern in written.patterns:
                        number += 1
                        rules.append(
                            _Rule(
                                intent=intent,
                                language=lexicon.language,
                                written=pattern,
                                confidence=written.confidence,
                                name=f"{intent}:{lexicon.language}:{number}",
                                head_only=written.head_only,
                                needs_name=written.needs_name,
                                unless_written=written.unless or None,
                                statement=written.statement,
                                gives_reason=written.gives_reason,
                                expand=self._expand,
                            )
                        )
        self.request_rules = tuple(rules)
        self._index_requests()

    def _index_requests(self) -> None:
        """File every rule under the words one of which a text must hold for it to match, and
        note the other groups of words it needs as well."""
        sources = [rule.source for rule in self.request_rules]
        literals = known_required_literals(sources)
        needing: dict[str, set[int]] = {}
        always: set[int] = set()
        for position, required in enumerate(literals):
            if required is None:
                always.add(position)
                continue
            for literal in required:
                needing.setdefault(literal, set()).add(position)
        # The rule's other groups: "cancel" opens a rule that also needs "shift" (or one of its
        # words); a text that has none of them is not searched with it. Most rules a word
        # opens for a message need another group the message lacks. Each group has a number;
        # each word says which groups it satisfies, so a message's satisfied groups are a few
        # set unions and each rule opened is kept by one subset test.
        words = list(needing)
        number_of = {word: index for index, word in enumerate(words)}
        satisfies: list[set[int]] = [set() for _ in words]
        needs: list[frozenset[int]] = []
        group_number: dict[frozenset[str], int] = {}
        for position, groups in enumerate(known_required_literal_groups(sources)):
            primary = frozenset(literals[position] or ())
            numbers = set()
            for group in map(frozenset, groups):
                if group == primary:
                    continue
                if group not in group_number:
                    group_number[group] = len(group_number)
                    for word in group:
                        if word not in number_of:
                            number_of[word] = len(words)
                            words.append(word)
                            satisfies.append(set())
                        satisfies[number_of[word]].add(group_number[group])
                numbers.add(group_number[group])
            needs.append(frozenset(numbers))
        # A rule whose words are all absent from the text cannot match, and its search (a name
        # pattern tried at every position: up to ~120 us) is skipped.
        self._always_open = frozenset(always)
        self._required_words = LiteralSet(words)
        self._needed_by = tuple(frozenset(positions) for positions in needing.values()) + (
            frozenset(),) * (len(words) - len(needing))
        self._satisfies = tuple(frozenset(numbers) for numbers in satisfies)
        self._needs = tuple(needs)

    def compile_rules(self, languages: Iterable[str]) -> None:
        """Compile the request rules of these languages ("en", "fr", ...) now."""
        wanted = set(languages)
        for rule in self.request_rules:
            if rule.language in wanted:
                _ = rule.pattern, rule.unless

    def candidates(self, text: str) -> list[_Rule]:
        """The rules that may match text, in rule order: those one of whose required words the
        text holds (and those that require none), less those lacking every word of another
        group they need."""
        found = set(self._always_open)
        held: set[int] = set()
        needed_by, satisfies = self._needed_by, self._satisfies
        for word in self._required_words.found_in(text):
            found |= needed_by[word]
            held |= satisfies[word]
        rules, needs = self.request_rules, self._needs
        return [rules[position] for position in sorted(found) if needs[position] <= held]

    # --- matching -------------------------------------------------------------------------

    def _is_name(self, word: str) -> bool:
        return (word not in self.not_a_person and word not in self.pronouns
                and word not in self.everyone)

    def _is_everyone(self, word: str, language: str) -> bool:
        """Whether `word`, where a request rule in `language` takes a name, is a group."""
        return word in self.everyone or word in self.everyone_here.get(language, frozenset())

    def names_everyone(self, text: str) -> bool:
        """Whether text (an answer to "who?") is only a word for a group: "everyone", "all of
        them", "tout le monde"."""
        return fold(text[:MAX_TEXT]).text.strip(" .!?,;:") in self.everyone

    def _first_match(
        self, text: str, head_end: int, language: str | None
    ) -> tuple[_Rule, re.Match[str]] | None:
        """The first rule (in order) that matches; a rule in the locale's language wins a tie."""
        first: tuple[_Rule, re.Match[str]] | None = None
        for rule in self.candidates(text):
            if first is not None and rule.language != language:
                continue
            found = rule.pattern.search(text)
            if found is None:
                continue
            if rule.head_only and found.start() > head_end:
                continue
            if rule.needs_name and "person" in rule.pattern.groupindex:
                person = found.group("person")
                if person is not None and person not in self.everyone and any(
                        word in self.not_a_person or self.day_re.fullmatch(word)
                        for word in person.split()):
                    continue  # "take time off", "take friday off": nobody is named
            if rule.unless is not None and rule.unless.search(text):
                continue
            if first is None:
                first = (rule, found)
                if language is None or rule.language == language:
                    return self._at_head(first, text, head_end)
            else:
                return self._at_head((rule, found), text, head_end)
        return first

    def _at_head(
        self, first: tuple[_Rule, re.Match[str]], text: str, head_end: int
    ) -> tuple[_Rule, re.Match[str]]:
        """A later rule of the same request and language that matches where the message
        starts, rather than `first` further in: "sag den Termin mit Alice ab" is a command
        ("sag ... Termin"), not a mention ("den Termin ... ab")."""
        rule, found = first
        if found.start() <= head_end or rule.statement:
            return first
        slots = {name for name, value in found.groupdict().items() if value}
        for other in self.candidates(text):
            if other.intent is not rule.intent or other.language != rule.language or (
                    other is rule or other.statement or other.needs_name
                    or not slots <= set(other.pattern.groupindex)):
                continue
            at_head = other.pattern.search(text, 0, len(text))
            if at_head is not None and at_head.start() <= head_end and (
                    other.unless is None or not other.unless.search(text)):
                return (other, at_head)
        return first

    def _control(self, folded: str, language: str | None) -> _Rule | None:
        """The control rule the whole message matches once greetings, fillers, openers and
        trailing politeness are set aside; a rule in the locale's language wins a tie."""
        lead = self.lead.match(folded)
        start = lead.end() if lead else 0
        trail = self.trail.search(folded, start)
        end = trail.start() if trail else len(folded)
        core = folded[start:end]
        found = self.any_control.fullmatch(core) if core else None
        if found is None:
            return None
        first = self.control_rules[_rule_index(found)]
        if language is None or first.language == language:
            return first
        own = self._control_pattern(language)
        in_language = own.fullmatch(core) if own is not None else None
        if in_language is None:
            return first
        return self.control_rules[_rule_index(in_language)]

    def _control_pattern(self, language: str) -> re.Pattern[str] | None:
        """The alternation of the control rules in `language` (None when it has none),
        compiled the first time a message needs it."""
        if language not in self._control_in:
            own = [(index, rule) for index, rule in enumerate(self.control_rules)
                   if rule.language == language]
            self._control_in[language] = _first_rule_pattern(own) if own else None
        return self._control_in[language]

    def _slots(self, rule: _Rule, found: re.Match[str], folded: FoldedText) -> dict[str, str]:
        slots: dict[str, str] = {}
        text = folded.text
        for group, slot in (("person", "person"), ("other", "other_person"),
                            ("with", "with_person")):
            value = found.group(group) if group in rule.pattern.groupindex else None
            if value is not None and self._is_everyone(value, rule.language):
                slots["everyone"] = folded.original_span(found.start(group), found.end(group))
            elif value is not None and self._is_name(value):
                slots[slot] = folded.original_span(found.start(group), found.end(group))
        if rule.intent == Intent.SHIFT_SWAP and rule.language in self.pair:
            pair = self.pair[rule.language].search(text, found.end())
            if pair and self._is_name(pair.group("person")) and self._is_name(pair.group("other")):
                slots["person"] = folded.original_span(pair.start("person"), pair.end("person"))
                slots["other_person"] = folded.original_span(pair.start("other"), pair.end("other"))
        if (
            rule.intent in _SLOT_PERSON_INTENTS
            and "person" not in slots
            and "everyone" not in slots
            and rule.language in self.person_after
        ):
            for after in self.person_after[rule.language].finditer(text, found.start()):
                name = after.group("person")
                if self._is_everyone(name, rule.language):
                    slots["everyone"] = folded.original_span(
                        after.start("person"), after.end("person")
                    )
                    break
                if self._is_name(name) and not self.day_re.fullmatch(name):
                    slots["person"] = folded.original_span(
                        after.start("person"), after.end("person")
                    )
                    break
        for group in ("count", "hours", "off", "next", "with_me", "cover", "self"):
            if group in rule.pattern.groupindex and found.group(group) is not None:
                slots[group] = folded.original_span(found.start(group), found.end(group))
        if rule.intent in _SLOT_DAY_INTENTS:
            day = self.day_re.search(text)
            if day:
                slots["day"] = folded.original_span(day.start(), day.end())
        if rule.gives_reason:
            slots["reason"] = folded.original_span(found.start(), found.end())
        if rule.intent == Intent.RUNNING_LATE:
            # The words that say it ("20 minutes late", "llegaré tarde"), so that what is left
            # names the day: "tarde" is not the afternoon, "20 minutes" no time of day.
            slots["lateness"] = folded.original_span(found.start(), found.end())
        if rule.intent in (Intent.CALL_EMPLOYEE, Intent.MEETING_BOOK):
            # "book a call with bob about his hours": what the invitation says it is about.
            about = self._about_topic(rule.language, text, found.start())
            if about is not None:
                value = folded.original_span(about.start("topic"), about.end("topic"))
                if value.strip():
                    slots["topic"] = value
        if rule.intent == Intent.EMAIL:
            kind, topic = self._topic(rule.language, text, found.start())
            if kind:
                slots["email_kind"] = kind
            if topic:
                value = folded.original_span(topic.start("topic"), topic.end("topic"))
                if value:
                    slots["topic"] = value
        return slots

    def _topic(
        self, language: str, text: str, request_start: int
    ) -> tuple[str | None, re.Match[str] | None]:
        """What an email request is for, when it says ("thanks", "reminder", ...), and its
        topic: what that kind's patterns find, else after "about" once the request began, or
        where the language's own topic patterns find it. A kind may come without a topic
        ("お礼のメールを送って")."""
        for kind, pattern in self.kind_topic.get(language, ()):
            found = pattern.search(text)
            if found:
                return kind, found if found.group("topic").strip() else None
        return None, self._about_topic(language, text, request_start)

    def _about_topic(self, language: str, text: str, request_start: int) -> re.Match[str] | None:
        """The topic after "about" once the request began, or where the language's own topic
        patterns find it."""
        if language in self.topic:
            after_about = self.topic[language].search(text, request_start)
            if after_about:
                return after_about
        for pattern in self.topic_anywhere.get(language, ()):
            found = pattern.search(text)
            if found and found.group("topic").strip():
                return found
        return None

    def _advice(self, text: str, head_end: int) -> IntentMatch | None:
        may_match = self._may_match(text)
        if "worker" in may_match and self.worker_nouns.search(text):
            return IntentMatch(Intent.ADVICE, 0.75, MatchKind.DESCRIPTION, rule="advice:worker")
        if "situation" in may_match and self.situation.search(text):
            if self.third_person.search(text):
                return IntentMatch(
                    Intent.ADVICE, 0.7, MatchKind.DESCRIPTION, rule="advice:situation"
                )
            # "Bob has been absent for a week" tells of someone else; "I'll be late" does not.
            if len(text.split()) >= 5 and not self.first_person_start.match(text, head_end):
                return IntentMatch(Intent.ADVICE, 0.6, MatchKind.DESCRIPTION, rule="advice:event")
        if "policy" in may_match and self.policy.search(text):
            return IntentMatch(Intent.ADVICE, 0.65, MatchKind.DESCRIPTION, rule="advice:policy")
        return None

    def _third_person_before(
        self, plain: str, head_end: int, end: int, language: str | None = None
    ) -> bool:
        """A third person is named before `end`, outside the opener said to ERA: the "Sie" of
        "Können Sie mir sagen, ..." is ERA, the "er" of "er sagt seine Schichten ab" is not.
        The pronouns are the message language's when it is known."""
        openers = [found.span() for found in self.opener.finditer(plain, 0, head_end)]
        pronouns = self.third_person_in.get(language or "", self.third_person)
        return any(
            not any(start <= person.start() and person.end() <= stop for start, stop in openers)
            for person in pronouns.finditer(plain, 0, end)
        )

    def classify_folded(self, folded: FoldedText, language: str | None) -> IntentMatch:
        """The intent of already folded text (see `classify_intent`)."""
        plain = folded.text
        if not plain:
            return IntentMatch(Intent.UNKNOWN, 0.0, MatchKind.NONE, rule="empty")
        may_match = self._may_match(plain)
        if len(plain) <= _MAX_CONTROL:
            if (len(plain) <= _MAX_GREETING and "greeting" in may_match
                    and self.greeting_only.fullmatch(plain)):
                return IntentMatch(Intent.GREETING, 0.9, MatchKind.CONTROL, rule="greeting")
            if (len(plain) <= _MAX_GREETING and "closing" in may_match
                    and self.closing_only.fullmatch(plain)):
                if self.thanks_word.search(plain):
                    return IntentMatch(Intent.THANKS, 0.9, MatchKind.CONTROL, rule="thanks")
                return IntentMatch(Intent.GOODBYE, 0.9, MatchKind.CONTROL, rule="goodbye")
            control = self._control(plain, language) if "control" in may_match else None
            if control is not None and control.intent == Intent.CANCEL_FLOW:
                # "I want to quit" is "quit" behind an opener, and a resignation: a stop word
                # alone ("quit") never is one.
                resigning = self._first_match(plain, 0, language)
                if resigning is not None and resigning[0].intent == Intent.RESIGNATION:
                    return self._request_match(resigning, folded, 0)
            if control is not None:
                return IntentMatch(
                    control.intent,
                    control.confidence,
                    MatchKind.CONTROL,
                    control.language,
                    rule=control.name,
                )
        cancelled = self._cancelled_question(plain, language)
        if cancelled is not None:
            return cancelled
        head = (self.head if "head" in may_match else self.head_gap).match(plain)
        head_end = head.end() if head else 0
        if "unspaced" in may_match:
            unspaced = self.unspaced_head.match(plain, head_end)
            head_end = unspaced.end() if unspaced else head_end
        request = self._first_match(plain, head_end, language)
        if request is not None:
            request = self._holding_the_topic(plain, request, head_end, language)
            return _told_a_situation(plain, self._request_match(request, folded, head_end,
                                                                language))
        without_length = self._request_without_length(plain, language)
        if without_length is not None:
            return without_length
        advice = self._advice(plain, head_end)
        if advice is not None:
            return advice
        return IntentMatch(Intent.UNKNOWN, 0.0, MatchKind.NONE, rule="no_rule")

    def _holding_the_topic(
        self, plain: str, request: tuple[_Rule, re.Match[str]], head_end: int,
        language: str | None,
    ) -> tuple[_Rule, re.Match[str]]:
        """The email, call or meeting a request found in its topic belongs to: "send alice an
        email about cancelling her saturday shift" is an email (not Alice taken off
        Saturday), "a meeting with my manager to talk about my shifts" a meeting (not the
        shifts listed), "シフトについてマネージャーと面談したい" too. The topic is blanked and the
        rest read again; `request` stands when the rest asks for none of those."""
        rule, found = request
        if rule.intent in _TOPIC_HOLDERS:
            return request
        for code in dict.fromkeys(filter(None, (rule.language, language))):
            about = self._about_topic(code, plain, 0)
            if about is None or found.start() < about.start("topic"):
                continue
            start, end = about.span("topic")
            rest = plain[:start] + " " * (end - start) + plain[end:]
            holder = self._first_match(rest, head_end, language)
            if holder is not None and holder[0].intent in _TOPIC_HOLDERS:
                return holder
        return request

    def _request_without_length(self, plain: str, language: str | None) -> IntentMatch | None:
        """The request a message makes once its call's length is taken out: "halbstündiges
        Gespräch mit Alice am Freitag" and "un rendez-vous d'une demi-heure avec alice
        vendredi" are the noun phrases "Gespräch mit Alice am Freitag" and "rendez-vous avec
        alice vendredi" with a length (kept by the calendar flow, which reads it from the
        whole message); None when there is no length or the rest is no request either."""
        shorter = without_length_words(plain, language, *LENGTH_LANGUAGES)
        if shorter == plain:
            return None
        found = self.classify_folded(fold(shorter), language)
        if found.intent in (Intent.UNKNOWN, Intent.ADVICE) or found.kind is MatchKind.CONTROL:
            return None
        if found.intent == Intent.ABSENCE_REPORT and self.recurring.search(plain):
            # The length taken out was the absence's own ("in malattia da 2 mesi"): a long
            # absence is a situation to handle, not one shift to cover.
            return IntentMatch(Intent.ADVICE, 0.75, MatchKind.DESCRIPTION,
                               rule="advice:recurring")
        return found

    def _cancelled_question(self, plain: str, language: str | None) -> IntentMatch | None:
        """"was my shift cancelled?", "mon service a été annulé ?", "wurde meine Schicht
        abgesagt?": a question about one's shifts, answered with them, never a request to
        cancel one. The locale's language is tried first."""
        may_match = self._may_match(plain)
        order = sorted(self.cancelled_questions, key=lambda lang: lang != language)
        for lang in order:
            if (f"cancelled:{lang}" in may_match
                    and self.cancelled_questions[lang].search(plain)):
                return IntentMatch(Intent.MY_SHIFTS, 0.85, MatchKind.COMMAND, lang,
                                   rule="my_shifts:cancelled_question")
        return None

    def _request_match(
        self, request: tuple[_Rule, re.Match[str]], folded: FoldedText, head_end: int,
        language: str | None = None,
    ) -> IntentMatch:
        plain = folded.text
        rule, found = request
        if rule.intent == Intent.ABSENCE_REPORT:
            if self.recurring.search(plain):
                # "Bob keeps calling in sick": a pattern to handle, not one shift to cover.
                return IntentMatch(Intent.ADVICE, 0.75, MatchKind.DESCRIPTION,
                                   rule="advice:recurring")
            person = found.groupdict().get("person")
            if person and self.worker_nouns.fullmatch(person):
                # "mon employé ne viendra pas demain" names nobody: a situation, as before.
                return IntentMatch(Intent.ADVICE, 0.7, MatchKind.DESCRIPTION,
                                   rule="advice:reported")
        if rule.intent == Intent.SHIFT_CANCEL and rule.statement \
                and self.recurring.search(plain) and not self.first_person_start.match(
                    plain, head_end):
            # "Bob Smith calls in sick every Monday": someone else's pattern to handle, not
            # the speaker's shift to cancel (nor, for a manager, Bob to take off Monday).
            return IntentMatch(Intent.ADVICE, 0.75, MatchKind.DESCRIPTION,
                               rule="advice:recurring")
        if rule.intent == Intent.ADVICE:
            kind = MatchKind.DESCRIPTION
            confidence = rule.confidence
        elif (
            not rule.statement
            and found.start() <= head_end
            and not self.need.search(plain, 0, head_end)
        ):
            kind = MatchKind.COMMAND
            confidence = rule.confidence
        elif rule.intent in _WORKER_SIDE_INTENTS and (
            self.worker_nouns.search(plain, 0, found.start())
            or self._third_person_before(plain, head_end, found.start(),
                                         rule.language or language)
        ):
            # "my employee keeps cancelling his shifts" is a manager's situation, not a request.
            return IntentMatch(Intent.ADVICE, 0.7, MatchKind.DESCRIPTION, rule="advice:reported")
        else:
            kind = MatchKind.MENTION
            confidence = round(rule.confidence - 0.1, 2)
        return IntentMatch(
            rule.intent,
            confidence,
            kind,
            rule.language,
            self._slots(rule, found, folded),
            rule.name,
        )

    def email_kind(self, text: str, language: str | None) -> tuple[str | None, str]:
        """What an answer to "what is the email about?" says the email is for ("thank him
        for his help": "thanks"), with its topic in the person's spelling ("his help"); (None,
        "") when it names no kind."""
        folded = fold(text[:MAX_TEXT])
        for kind, pattern in self.kind_topic.get(language or "", ()):
            found = pattern.search(folded.text)
            if found:
                return kind, folded.original_span(found.start("topic"), found.end("topic"))
        return None, ""

    def classify(self, text: str, *, locale: str | None = None) -> IntentMatch:
        """What the message asks ERA to do; UNKNOWN (confidence 0) when no rule recognises it."""
        return self.classify_text(text, fold(text[:MAX_TEXT]), language_of(locale))

    def classify_text(self, text: str, folded: FoldedText, language: str | None) -> IntentMatch:
        """`classify` for a message already folded (folded must be `fold(text[:2000])`)."""
        if not text or not text.strip():
            return IntentMatch(Intent.UNKNOWN, 0.0, MatchKind.NONE, rule="empty")
        feedback = self._feedback.match(text[:MAX_TEXT])
        if feedback:
            slots = {"feedback": feedback.group("feedback").strip()}
            return IntentMatch(
                Intent.FEEDBACK, 1.0, MatchKind.COMMAND, slots=slots, rule="feedback"
            )
        return self.classify_folded(folded, language)


# Requests a manager's words read in that tell of an employee's family member ill or in hospital
# ("luca told me his wife is in hospital and he can't do his shifts this week"): a hard time of
# theirs to support first, no schedule to show nor shift to take away unasked.
_FAMILY_ILLNESS_TOLD = frozenset({Intent.STORE_SCHEDULE, Intent.ABSENCE_REPORT})
# Requests a pay error told of is read as: "Bob说他的工资算错了", "o salário do bob veio errado"
# are no colleague's pay asked for, "su sueldo está mal" no one off sick.
_PAY_ERROR_TOLD = frozenset({Intent.PERSONAL_RECORDS, Intent.ABSENCE_REPORT})


def _told_a_situation(plain: str, matched: IntentMatch) -> IntentMatch:
    """A request read in words that tell a manager's situation, not asked for: "Zosia is 16
    and works until 11pm" (a worker under 18 and their hours) or "Chen is distracted at work
    lately, his dad is in hospital" (a family member ill) is no schedule to show. A command
    ("show me chen's shifts") stands, and so does what a worker says of their own shifts ("I
    can't come tomorrow, my mum is in hospital"). A colleague's pay said to be wrong
    ("Bob说他的工资算错了") is no request for their pay, however it is read."""
    if matched.intent is Intent.PERSONAL_RECORDS and matched.slots.get("person") \
            and speaks_of_a_pay_dispute(plain):
        return IntentMatch(Intent.ADVICE, 0.75, MatchKind.DESCRIPTION, matched.language,
                           rule="advice:told")
    if matched.kind is MatchKind.COMMAND or matched.intent is Intent.ADVICE \
            or matched.intent in _WORKER_SIDE_INTENTS:
        return matched
    if speaks_of_a_young_worker(plain) or (
            matched.intent in _FAMILY_ILLNESS_TOLD and tells_of_family_illness(plain)) or (
            matched.intent in _PAY_ERROR_TOLD and speaks_of_a_pay_dispute(plain)):
        return IntentMatch(Intent.ADVICE, 0.75, MatchKind.DESCRIPTION, matched.language,
                           rule="advice:told")
    return matched


def language_of(locale: str | None) -> str | None:
    """The language part of a locale ("fr-FR" -> "fr", "zh-Hans-CN" -> "zh-Hans")."""
    if not locale:
        return None
    parts = locale.replace("_", "-").split("-")
    language = parts[0].casefold()
    if language == "zh":
        return "zh-Hans"
    return language or None


_RULES: IntentRules | None = None


def intent_rules() -> IntentRules:
    """The rules compiled from the shipped lexicons (compiled on first use, then shared)."""
    global _RULES
    if _RULES is None:
        _RULES = IntentRules(load_lexicons())
    return _RULES


def request_rule_sources() -> list[str]:
    """The expanded pattern of every request rule of the shipped lexicons, in rule order."""
    return [rule.source for rule in intent_rules().request_rules]


def warm_up_intent_rules(locales: Iterable[str]) -> None:
    """Compile now the request rules of the locales' languages (the server's start-up: ~4 ms a
    rule, ~140 rules a language), so that no one's first message waits for them; other
    languages' rules compile when a message first may match them."""
    intent_rules().compile_rules(
        language for locale in locales if (language := language_of(locale)) is not None)


def names_everyone(text: str) -> bool:
    """Whether an answer to "who?" is only a word for a group ("everyone", "tout le monde")."""
    return intent_rules().names_everyone(text)


def email_kind(text: str, *, language: str | None) -> tuple[str | None, str]:
    """What an answer to "what is the email about?" says the email is for, and its topic
    (see IntentRules.email_kind)."""
    return intent_rules().email_kind(text, language)


def classify_intent(text: str, *, locale: str | None = None) -> IntentMatch:
    """What the message asks ERA to do; UNKNOWN (confidence 0) when no rule recognises it.

    locale ("fr-FR", "pt_BR", ...) only breaks ties between languages; without it every
    language still works.
    """
    return intent_rules().classify(text, locale=locale)
