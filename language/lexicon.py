"""The lexicons as data: one directory per language under `language/lexicons/`, read and checked.

Each language directory holds `intents.toml` (the request vocabulary: word classes, control
words, request patterns, the words around a request, a manager's situation words and the plain
vocabulary typos are corrected towards) and, optionally, `interrupts.toml` (change-of-mind
markers, yes/no words, cancellation action words and free-word declines) and `situations.toml`
(what the playbook index reads in a manager's message: language/situation_words.py). The format is
described in `language/lexicons/README.md`; `validate_lexicon` is the schema, applied when the
files are loaded (a bad file stops the start, it never half-loads) and by the schema test.
Adding a language is adding a directory.
"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

from core.advice_topic import AdviceTopic
from core.intent import Intent
from core.text_fold import fold_text

LEXICON_ROOT = Path(__file__).with_name("lexicons")
INTENTS_FILE = "intents.toml"
INTERRUPTS_FILE = "interrupts.toml"
SITUATIONS_FILE = "situations.toml"
# situations.toml: lists of words and phrases, and lists of patterns on folded text
# (core.playbook_index.IndexWords and core.situation_facts.QuestionWords say what each is).
SITUATION_WORD_KEYS = frozenset({"index_suffixes", "index_stop_words", "index_not_stop_words",
                                 "index_paired_only", "how_often", "uncovered",
                                 "pregnancy", "refused", "pay_rise", "distress", "reports",
                                 "vague_worries", "situation_joins",
                                 "only_whom"})
SITUATION_PATTERN_KEYS = frozenset({"ends_employment", "booking_requests",
                                    "sickness_not_reported", "asks_whether",
                                    "asks_whether_after", "asks_to_talk", "family_illness",
                                    "cannot_work", "pay_dispute",
                                    "young_age", "working_time"})

# The languages the first rules were written for come first: the order breaks ties between two
# languages' rules when the locale names neither. Other languages follow alphabetically.
LANGUAGE_ORDER = ("en", "fr", "es", "de", "it", "pt", "nl")

# The kinds of email a request can say it is for, as core.email_draft.EmailPurpose names them.
EMAIL_KINDS = ("thanks", "reminder", "notice", "request")
# TAKEAWAY: what one takes from a meeting (notes, feedback, minutes), never a person taken off it.
# WHO: the word for "who" as typed, phone style too ("qn", "qm", "ki"), never a person's name.
WORD_CLASSES = frozenset(
    {"SHIFT", "MEET", "CANCEL", "PREP", "AND", "ABOUT", "WHEN", "TAKEAWAY", "WHO"}
)
SECTIONS: dict[str, frozenset[str]] = {
    "head": frozenset(
        {
            "greetings", "greeting_tails", "fillers", "agreed_and", "markers", "openers",
            "need_openers", "help_openers", "trailers", "unspaced_openers", "thanks", "goodbyes",
            "praise", "elisions",
        }
    ),
    # "everyone_here": words for a group that are a first name in other languages (de "allen"),
    # read as the group only in this language's requests.
    "names": frozenset({"days", "not_a_person", "pronouns", "everyone", "everyone_here",
                        "group_roles"}),
    "advice": frozenset(
        {"worker_nouns", "situations", "first_person", "second_person", "third_person",
         "policy", "recurring",
         # Plain words a manager's short note is written with ("otra vez", "encore en
         # retard"): they only tell which language it is in (language/message_language.py).
         "note_words"}
    ),
    # "topic" finds what an email is about; the others find it together with what the email is
    # for (EMAIL_KINDS: "to thank him for ...", "pour lui rappeler ...", "感谢他...").
    "slots": frozenset({"topic", *EMAIL_KINDS}),
    # "advice_<topic>": a follow-up question about the advice, by core.advice_topic.AdviceTopic.
    # "advice_why": "why do you need that?", a question back at ERA's question.
    # "small_talk": chat about ERA itself ("are you a bot?"); "vague_advice": a request for
    # advice that says nothing of what happened ("I need help with an employee");
    # "vague_request": a request that names nothing it is about ("can you send me the list?").
    "topics": frozenset({"schedule", "assistant", "small_talk", "vague_advice", "vague_request",
                         "advice_again", "advice_legal", "advice_why", "signature",
                         *(f"advice_{topic}" for topic in AdviceTopic)}),
    # A follow-up that leans on the question just answered: "and saturday?", "et alice ?",
    # "土曜日は？" (language/ellipsis.py).
    "ellipsis": frozenset({"openers", "closers", "next_alone"}),
}
CONTROL_INTENTS = {
    "cancel_flow": Intent.CANCEL_FLOW,
    "help": Intent.HELP,
    "start_over": Intent.START_OVER,
    "transfer": Intent.TRANSFER,
    "sign_out": Intent.SIGN_OUT,
    "undo": Intent.UNDO,
}
REQUEST_KEYS = frozenset(
    {"intent", "patterns", "confidence", "head_only", "needs_name", "statement", "unless",
     "gives_reason"}
)
INTERRUPT_KEYS = frozenset(
    {"change_of_mind", "yes_no", "cancel_words", "declines", "handoff_withdrawals",
     "nothing_needed", "nothing_needed_extras", "instead_of",
     # "instead of" said after what it replaces ("土曜日ではなく金曜日": not Saturday, Friday),
     # where `instead_of` comes before it ("Friday instead of Saturday").
     "replaced_before",
     # Words that turn "both" or "all" into "not both", "neither", "none" ("两个都不要",
     # "両方ではない", "keiner von beiden"), unless they stand alone before a comma ("no, both")
     # (language/option_reference.py).
     "reference_negations",
     # At the cancellation reason, asking ERA to do something with the shift instead ("can you
     # move it instead", "tu peux le déplacer plutôt"): no reason (language/cancel_reason.py).
     "reason_asks",
     # Indifference alone: "whatever", "egal", "peu importe", "随便" (language/interrupts.py).
     "indifference",
     # The time left to ERA: "any time", "egal wann", "cuando sea" (language/meeting_words.py).
     "no_time_preference",
     # Meeting nouns that are a title's ("the rota review"): a meeting whose title lacks it is
     # not the one meant (dialogs/meeting_flow_dialog.py).
     "meeting_title_nouns",
     "meeting_kind_nouns", "meeting_descriptors",
     # The words of "from" before a meeting noun ("togli chen dalla riunione"): no title's
     # words, only known ones (language/meeting_words.py's title_qualifiers).
     "meeting_from",
     # The word that opens feedback on ERA itself ("Feedback: super Bot", "反馈：很好用"), as
     # "!improve" does, before a colon (language/intent_rules.py).
     "feedback_prefixes",
     # At a yes/no question, an "ok" that is no clear yes before another request, and the
     # words that say that request comes in addition (language/interrupts.py).
     "weak_acknowledgements", "additions",
     # The email draft handed to HR unsent, asked for back (dialogs/kept_draft.py).
     "draft_requests",
     # At an email's preview (language/email_preview_words.py).
     "email_shorter", "email_friendlier", "email_formal", "preview_wait", "email_recipients",
     "email_also_to", "email_copy_to",
     "email_text_markers", "email_openings", "email_remarks", "email_leads",
     # An edit or an instruction at an email's preview (language/email_edit_words.py).
     "email_edit_words", "email_instruction_verbs", "email_instruction_leads",
     "email_unspaced_instructions", "email_add_sentence",
     # Asking ERA ("can you ...") and the verbs after it or last ("... erwähnen"), and the
     # typed answers to "the new text, or an instruction?" (language/email_edit_words.py).
     "email_instruction_asks", "email_instruction_infinitives", "email_edit_as_text",
     "email_edit_as_instruction",
     # Sending, and putting it off, at an email's preview (language/email_send_words.py).
     "email_send_words", "email_later_words", "email_later_preferences",
     # No change after all, at the edit question ("never mind", "as it is").
     "email_unchanged",
     # Nouns that make a short free-text answer say something ("the meeting", "die Schicht").
     "subject_nouns",
     # A topic quoted as typed in another language's letter loses its leading article
     # (language/topic_articles.py).
     "topic_articles",
     # A topic's head words back in the nominative, as a subject says them (Polish).
     "topic_adjective_nominative", "topic_noun_nominative",
     # Words around a remark on a draft that name no one and no topic ("the email", "a bit").
     "email_draft_words",
     # A request said in the negative (language/negated_request.py).
     "negation_verbs", "negation_requests", "negation_clauses", "negation_words",
     "negation_cancels",
     # A worker's colleague suggested to take their shift (language/cover_suggestion.py).
     "cover_handovers", "cover_joins",
     # A list of days or dates: "can't do thurs or fri", "le 2, le 4 et le 9".
     "inability", "list_joins",
     # What a request to email is about starts after one ("about", "que", "dass", "说").
     "email_topic_markers",
     # Two requests in one message: "email Bob and book a call with him" (language/follow_up.py).
     "request_joins",
     # The words that join an answer to the request after it: "yes, and then call him"
     # (language/follow_up.py).
     "answer_joins",
     # Whose shift a reassignment moves, and who takes it: the words around each name
     # (dialogs/shift_reassign_dialog.py).
     "shift_holder_before", "shift_out_before", "shift_out_after", "shift_taker_before",
     "shift_holder_after", "shift_taker_after", "shift_name_articles",
     # After an answer, a word that qualifies it ("yes but"), and words that say what has not
     # happened yet ("no warning yet"): no request follows the answer (language/follow_up.py).
     "answer_contrasts", "not_yet",
     # What follows a name in a list of people ("アリスさんとチェンさん", "Alice女士和Chen先生").
     "name_honorifics",
     # A request correcting its day on the way (language/day_correction.py).
     "self_corrections",
     # "cancel it", "sag sie ab" just after the worker's shifts were listed
     # (language/listed_reference.py).
     "listed_cancels",
     # "same reason" at the reason question, just after another shift was cancelled.
     "same_reason",
     # "move the first one to friday" right after a list of meetings.
     "move_words",
     # "change it to 3pm", "make it friday" right after a meeting or call was booked.
     "change_words",
     # The frame of a separable cancel verb ("sag ... ab") around words pointing at a meeting.
     "cancel_frames",
     # The same change for another person: "same for alice" (language/same_for.py).
     "same_for",
     # A reply pointing at a two-way question's options (language/option_reference.py).
     "other_one", "both", "all_of_them", "every_shift", "reference_fillers", "first_few",
     "plural_reference",
     # The free times' "another time", typed ("een ander tijdstip", "换个时间"), and a request
     # to see them again ("qué opciones hay?", "welche Zeiten gibt es?").
     "another_time", "show_options",
    # At a preview of one of the free times, another of them ("not that one", "pas celui-là").
     "not_that_one",
     # Number words the shared cardinals lack, as "word=value" ("dwie=2", "beiden=2").
     "count_words",
     # "was my shift cancelled?": a question, never a cancel request (language/intent_rules.py).
     "cancelled_questions",
     # "did it work?", "est-elle au courant ?" just after a message was passed on to the
     # worker's manager (language/told_question.py).
     "told_questions",
     # "wait what?", "quoi ?", "怎么回事" just after a request was done: a recap of it
     # (language/told_question.py).
     "recap_questions",
     # Another person put in a change at its preview (language/person_correction.py).
     "person_corrections",
     # Characters only this language writes (language/message_language.py): simplified Han
     # characters Japanese never uses, so "给鲍勃写封邮件" is no Japanese kanji run.
     "own_characters"}
)
_TOP_KEYS = frozenset({"language", "words", "control", "request", "vocabulary"}) | frozenset(
    SECTIONS
)
_PLACEHOLDER = re.compile(r"%([A-Z0-9]+)%")
_CODE_PLACEHOLDERS = frozenset({"DAY", "NAME", "FULLNAME", "GAP", "GAP3", "EVERYONE"})


@dataclass(frozen=True)
class RequestRule:
    """One request rule as written in a lexicon: an intent and its patterns (regex on folded
    text, `%WORD%` placeholders for word classes), with the flags the matcher honours."""

    intent: Intent
    patterns: tuple[str, ...]
    confidence: float = 0.9
    head_only: bool = False  # counts only where the request opens the message ("call Bob")
    needs_name: bool = False  # the "person" group must hold a name, not "in" ("call in sick")
    statement: bool = False  # a statement implying the request ("I can't make Friday")
    gives_reason: bool = False  # the words matched are the reason too ("I'm sick today")
    unless: str | None = None  # the rule does not apply when this pattern is found


@dataclass(frozen=True)
class Lexicon:
    """Everything one language contributes to understanding."""

    language: str
    words: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    sections: Mapping[str, Mapping[str, tuple[str, ...]]] = field(default_factory=dict)
    control: Mapping[Intent, tuple[str, ...]] = field(default_factory=dict)
    requests: tuple[RequestRule, ...] = ()
    vocabulary: tuple[str, ...] = ()
    interrupts: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    situations: Mapping[str, tuple[str, ...]] = field(default_factory=dict)

    def part(self, section: str, key: str) -> tuple[str, ...]:
        """The fragments of one list in a section ("head", "names", "advice"); () if absent."""
        return self.sections.get(section, {}).get(key, ())


class LexiconError(ValueError):
    """A lexicon file does not follow the schema."""


def fold_pattern(pattern: str) -> str:
    """A pattern as it must be to match folded text: letters outside ASCII folded the way the
    message is ("ä" -> "a", "Ü" -> "u"), ASCII (and so every regex escape) left alone."""
    return "".join(ch if ch.isascii() else fold_text(ch) or ch for ch in pattern)


def _string_list(value: Any, where: str, problems: list[str]) -> tuple[str, ...]:
    if not isinstance(value, list) or not value:
        problems.append(f"{where}: must be a non-empty list of strings")
        return ()
    if not all(isinstance(item, str) and item.strip() for item in value):
        problems.append(f"{where}: every item must be a non-empty string")
        return ()
    value = [fold_pattern(item) for item in value]
    duplicates = sorted({item for item in value if value.count(item) > 1})
    if duplicates:
        problems.append(f"{where}: duplicates {duplicates}")
    for item in value:
        try:
            re.compile(_PLACEHOLDER.sub("x", item))
        except re.error as error:
            problems.append(f"{where}: {item!r} is not a valid pattern ({error})")
    return tuple(value)


def _placeholders_known(pattern: str, words: Mapping[str, Any], where: str,
                        problems: list[str]) -> None:
    for name in _PLACEHOLDER.findall(pattern):
        if name not in _CODE_PLACEHOLDERS and name not in words:
            problems.append(f"{where}: unknown placeholder %{name}% in {pattern!r}")


def _request(raw: Any, where: str, words: Mapping[str, Any],
             problems: list[str]) -> RequestRule | None:
    if not isinstance(raw, dict):
        problems.append(f"{where}: must be a table")
        return None
    unknown = set(raw) - REQUEST_KEYS
    if unknown:
        problems.append(f"{where}: unknown keys {sorted(unknown)}")
    intent_name = raw.get("intent")
    if intent_name not in {i.value for i in Intent} or intent_name in ("unknown", "feedback"):
        problems.append(f"{where}: unknown intent {intent_name!r}")
        return None
    patterns = _string_list(raw.get("patterns"), f"{where}.patterns", problems)
    for pattern in patterns:
        _placeholders_known(pattern, words, where, problems)
    confidence = raw.get("confidence", 0.9)
    if not isinstance(confidence, float) or not 0.0 < confidence <= 1.0:
        problems.append(f"{where}: confidence must be a number in (0, 1]")
        confidence = 0.9
    flags = {}
    for flag in ("head_only", "needs_name", "statement", "gives_reason"):
        value = raw.get(flag, False)
        if not isinstance(value, bool):
            problems.append(f"{where}.{flag}: must be true or false")
        flags[flag] = bool(value)
    unless = raw.get("unless")
    if unless is not None:
        if not isinstance(unless, str) or not unless:
            problems.append(f"{where}.unless: must be a non-empty string")
            unless = None
        else:
            unless = fold_pattern(unless)
            _placeholders_known(unless, words, where, problems)
    return RequestRule(Intent(intent_name), patterns, confidence, unless=unless, **flags)


def validate_lexicon(language: str, intents: Mapping[str, Any],
                     interrupts: Mapping[str, Any] | None,
                     situations: Mapping[str, Any] | None = None) -> tuple[Lexicon, list[str]]:
    """The lexicon the parsed files describe, and every way they break the schema."""
    problems: list[str] = []
    where = f"{language}/{INTENTS_FILE}"
    if intents.get("language") != language:
        problems.append(f"{where}: language must be {language!r}")
    unknown = set(intents) - _TOP_KEYS
    if unknown:
        problems.append(f"{where}: unknown keys {sorted(unknown)}")
    raw_words = intents.get("words", {})
    words: dict[str, tuple[str, ...]] = {}
    for key, value in raw_words.items():
        if key not in WORD_CLASSES:
            problems.append(f"{where}: unknown word class {key}")
        words[key] = _string_list(value, f"{where} words.{key}", problems)
    sections: dict[str, dict[str, tuple[str, ...]]] = {}
    for section, keys in SECTIONS.items():
        for key, value in intents.get(section, {}).items():
            if key not in keys:
                problems.append(f"{where}: unknown key {section}.{key}")
            sections.setdefault(section, {})[key] = _string_list(
                value, f"{where} {section}.{key}", problems
            )
    for key, patterns in sections.get("slots", {}).items():
        for pattern in patterns:
            if "(?P<topic>" not in pattern:
                problems.append(f"{where} slots.{key}: {pattern!r} has no (?P<topic>...) group")
    control: dict[Intent, tuple[str, ...]] = {}
    for key, value in intents.get("control", {}).items():
        if key not in CONTROL_INTENTS:
            problems.append(f"{where}: unknown control intent {key}")
            continue
        control[CONTROL_INTENTS[key]] = _string_list(value, f"{where} control.{key}", problems)
    requests = []
    for index, raw in enumerate(intents.get("request", [])):
        rule = _request(raw, f"{where} request[{index}]", words, problems)
        if rule is not None:
            requests.append(rule)
    vocabulary: tuple[str, ...] = ()
    if "vocabulary" in intents:
        vocabulary = _string_list(intents["vocabulary"], f"{where} vocabulary", problems)
        odd = [word for word in vocabulary if not re.fullmatch(r"[^\W\d_][\w'-]*", word)]
        if odd:
            problems.append(f"{where} vocabulary: plain single words only, not {odd}")
    interrupt_lists: dict[str, tuple[str, ...]] = {}
    if interrupts is not None:
        iwhere = f"{language}/{INTERRUPTS_FILE}"
        if interrupts.get("language") != language:
            problems.append(f"{iwhere}: language must be {language!r}")
        for key, value in interrupts.items():
            if key == "language":
                continue
            if key not in INTERRUPT_KEYS:
                problems.append(f"{iwhere}: unknown key {key}")
            interrupt_lists[key] = _string_list(value, f"{iwhere} {key}", problems)
    if not (control or requests or sections):
        problems.append(f"{where}: understands nothing (no control, request or head words)")
    lexicon = Lexicon(
        language, words, sections, control, tuple(requests), vocabulary, interrupt_lists,
        _situation_lists(language, situations, problems) if situations is not None else {},
    )
    return lexicon, problems


def _situation_lists(language: str, situations: Mapping[str, Any],
                     problems: list[str]) -> dict[str, tuple[str, ...]]:
    """The lists of a situations.toml, checked (`problems` gets what breaks the schema)."""
    where = f"{language}/{SITUATIONS_FILE}"
    if situations.get("language") != language:
        problems.append(f"{where}: language must be {language!r}")
    lists: dict[str, tuple[str, ...]] = {}
    for key, value in situations.items():
        if key == "language":
            continue
        if key not in SITUATION_WORD_KEYS | SITUATION_PATTERN_KEYS:
            problems.append(f"{where}: unknown key {key}")
        # Folded and checked to compile as every lexicon list is.
        lists[key] = _string_list(value, f"{where} {key}", problems)
    return lists


def _read(path: Path) -> dict[str, Any] | None:
    if not path.is_file():
        return None
    with path.open("rb") as handle:
        return tomllib.load(handle)


def lexicon_directories(root: Path = LEXICON_ROOT) -> Iterator[Path]:
    """Every language directory under root, in tie-break order."""
    found = {path.name: path for path in root.iterdir() if (path / INTENTS_FILE).is_file()}
    for language in LANGUAGE_ORDER:
        if language in found:
            yield found.pop(language)
    for language in sorted(found):
        yield found[language]


def read_lexicon(directory: Path) -> tuple[Lexicon, list[str]]:
    """One language's lexicon and the schema problems of its files."""
    intents = _read(directory / INTENTS_FILE) or {}
    return validate_lexicon(directory.name, intents, _read(directory / INTERRUPTS_FILE),
                            _read(directory / SITUATIONS_FILE))


@cache
def load_lexicons(root: Path = LEXICON_ROOT) -> tuple[Lexicon, ...]:
    """Every language's lexicon, in tie-break order; raises LexiconError on a bad file."""
    lexicons = []
    for directory in lexicon_directories(root):
        lexicon, problems = read_lexicon(directory)
        if problems:
            raise LexiconError("; ".join(problems))
        lexicons.append(lexicon)
    return tuple(lexicons)


def gathered(lexicons: Sequence[Lexicon], *keys: str) -> tuple[str, ...]:
    """The interrupts lists `keys` of `lexicons` as one list: lexicon by lexicon, key by key,
    each fragment once (a word two languages share, "no", is tried once)."""
    fragments: list[str] = []
    for lexicon in lexicons:
        for key in keys:
            fragments += [f for f in lexicon.interrupts.get(key, ()) if f not in fragments]
    return tuple(fragments)


def alternatives(fragments: Sequence[str]) -> str:
    """The regex alternation of `fragments`; one that never matches when there are none."""
    return "|".join(fragments) or "(?!)"


@cache
def interrupt_fragments(key: str) -> tuple[str, ...]:
    """One interrupts list (`inability`, `list_joins`...) of every language, in tie-break
    order, without duplicates."""
    return gathered(load_lexicons(), key)


def whole_words(fragments: tuple[str, ...]) -> str:
    """An alternation of `fragments` that matches each only as a whole word; a fragment in a
    script written without spaces ("と", "和") matches anywhere."""
    spaced = [f for f in fragments if _SPACED.match(f)]
    unspaced = [f for f in fragments if not _SPACED.match(f)]
    parts = [rf"\b(?:{'|'.join(spaced)})\b"] if spaced else []
    return "|".join(parts + unspaced) or "(?!)"


_SPACED = re.compile(r"[^\u3040-\u30ff\u3400-\u9fff\uac00-\ud7af]")


@cache
def list_joins() -> re.Pattern[str]:
    """The joins of a list in every language ("and", "et", "und", "と", "和"), as whole words."""
    return re.compile(whole_words(interrupt_fragments("list_joins")), re.IGNORECASE)
