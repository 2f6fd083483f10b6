"""A reply that answers the question and then asks for something else: "yes, and also call
him", "no, email her instead", "oui, et appelle-le", "好的，然后给他打电话".

The answer part is read as the answer (the prompt's own interpreter decides what it means), and
the request after it is kept to be served once the question's flow has ended, instead of being
dropped or turned into a re-ask. A pronoun in the request ("him", "-le", "ihn", "他") stands for
the person the answered flow was about, so the request can be made to name them.

Nothing here acts: the request starts its own flow, which says what it will do and asks before
any effect. A split is made only where it is plain: the answer part must read as a clear answer,
the request part must read as one of FOLLOW_UP_INTENTS and not as the answered flow's own
request (that is the answer restated: "yes, cancel it"), nothing may contrast ("yes but ...")
and the request may not say no anywhere ("yes, and don't call him"), nor say what has not happened
yet: "no written warning yet" is the answer to an earlier question, not a request for one.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache

from core.intent import Intent
from core.name_matcher import written_unspaced
from core.reply_interpreter import negates
from core.text_fold import FoldedText, fold, fold_text
from language.intent_rules import language_of
from language.interrupts import acknowledges_only, says_in_addition
from language.lexicon import alternatives, interrupt_fragments, load_lexicons, whole_words
from language.negated_request import negates_request
from language.understanding import understand

# Requests worth keeping for after the answer: each is a flow that says what it will do first.
FOLLOW_UP_INTENTS = frozenset({
    Intent.SHIFT_CANCEL, Intent.SHIFT_ASSIGN, Intent.SHIFT_SWAP, Intent.SHIFT_UNASSIGN,
    Intent.SHIFT_REASSIGN, Intent.SHIFT_MOVE, Intent.WHO_IS_FREE,
    Intent.MY_SHIFTS, Intent.MY_MANAGER, Intent.RUNNING_LATE, Intent.STORE_SCHEDULE,
    Intent.EMAIL, Intent.CALL_EMPLOYEE, Intent.MEETING_BOOK, Intent.MEETING_CANCEL,
    Intent.MEETING_RESCHEDULE, Intent.MEETING_INVITE, Intent.MEETING_UNINVITE, Intent.TRANSFER,
})

_MAX_CHARS = 200  # as for any short reply: a longer message is a new request, not an answer
_ANSWER_WORDS = 3  # an answer without a comma after it is at most this many words

_PUNCTUATION = ",;.!、，。；！"
_BOUNDARY = re.compile(rf"[{_PUNCTUATION}]+\s*|\s+")

# Object pronouns, then possessives, that stand for the person just dealt with, by language.
# Each pattern's replacement puts the name where the pronoun was ("appelle-le" -> "appelle Bob
# Smith", "give his saturday shift" -> "give Bob Smith's saturday shift", "son service de
# samedi" -> "le service de Bob Smith de samedi", "seine Schicht" -> "Bob Smiths Schicht").
# English "her" before a shift is the possessive ("give her saturday shift to chen").
_EN_SHIFT_AFTER = (r"(?: (?:(?:mon|tues|wednes|thurs|fri|satur|sun)day|today's|tomorrow's|morning"
                   r"|afternoon|evening|night|weekend|early|late|opening|closing))? shifts?\b")
# The article a possessive's noun takes once the owner is named after it ("son" -> "le").
_ARTICLES = {"son": "le", "sa": "la", "ses": "les", "su": "el", "sus": "los", "suo": "il",
             "sua": "la", "suoi": "i", "sue": "le", "zijn": "de"}
_PRONOUNS: dict[str, tuple[tuple[re.Pattern[str], str], ...]] = {
    "en": ((re.compile(r"\b(?:him|them)\b|\bher\b(?!" + _EN_SHIFT_AFTER + ")", re.IGNORECASE),
            " {name} "),
           (re.compile(r"\b(?:his|their)\b|\bher\b", re.IGNORECASE), " {name}'s ")),
    "fr": ((re.compile(r"-(?:le|la|lui)\b", re.IGNORECASE), " {name} "),
           (re.compile(r"\b(?:avec|à) (?:elle|lui)\b", re.IGNORECASE), " avec {name} "),
           (re.compile(r"\blui\b", re.IGNORECASE), " {name} "),
           (re.compile(r"\b(son|sa|ses) ([\w-]+)", re.IGNORECASE), " {article} {noun} de {name} ")),
    "de": ((re.compile(r"\b(?:ihn|ihm)\b|(?<=\bruf )sie\b|(?<=\brufe )sie\b|(?<=\bmit )ihr\b",
                       re.IGNORECASE), " {name} "),
           # "schreib ihr eine E-Mail": "ihr" after a verb of writing or sending is "to her".
           (re.compile(r"\b(schreib|schreibe|schick|schicke|sende|maile) ihr\b", re.IGNORECASE),
            " {verb} {name} "),
           (re.compile(r"\b(?:sein|seine[mnrs]?|ihre[mnrs]?)\b", re.IGNORECASE), " {name}s ")),
    "es": ((re.compile(r"\ba (?:él|ella)\b", re.IGNORECASE), " a {name} "),
           (re.compile(r"\bcon (?:él|ella)\b", re.IGNORECASE), " con {name} "),
           # Typed with or without the accent: "llámalo", "llamalo", "mandale".
           (re.compile(r"\bll[áa]mal[oae]\b", re.IGNORECASE), " llama a {name} "),
           (re.compile(r"\b(escr[íi]be|m[áa]nda|env[íi]a)le\b", re.IGNORECASE),
            " {verb} a {name} "),
           (re.compile(r"\b(su|sus) ([\w-]+)", re.IGNORECASE), " {article} {noun} de {name} ")),
    "it": ((re.compile(r"\b(?:lui|lei)\b", re.IGNORECASE), " {name} "),
           (re.compile(r"\bchiamal[oa]\b", re.IGNORECASE), " chiama {name} "),
           (re.compile(r"\b(scrivi|manda|invia)(?:gli|le)\b", re.IGNORECASE),
            " {verb} a {name} "),
           (re.compile(r"\b(?:il |la |i |le )?(suo|sua|suoi|sue) ([\w-]+)", re.IGNORECASE),
            " {article} {noun} di {name} ")),
    "pt": ((re.compile(r"\b(?:ele|ela)\b", re.IGNORECASE), " {name} "),
           (re.compile(r"\b(?:dele|dela)\b", re.IGNORECASE), " de {name} ")),
    # "zijn" before a shift only: elsewhere it is "to be" ("zijn er diensten?").
    "nl": ((re.compile(r"\b(?:hem|haar)\b", re.IGNORECASE), " {name} "),
           (re.compile(r"\b(zijn) (\w*(?:dienst|diensten|shift|shifts))\b", re.IGNORECASE),
            " {article} {noun} van {name} ")),
    # Polish names the owner after the shift: "jego sobotnią zmianę" -> "sobotnią zmianę Bob".
    "pl": ((re.compile(r"\b(?:jego|jej) ((?:[\w-]+ )?zmian[ęeay]?)(?!\w)", re.IGNORECASE),
            " {verb} {name} "),
           (re.compile(r"\bdo (?:niego|niej)\b", re.IGNORECASE), " do {name} ")),
    "ja": ((re.compile(r"彼女|彼"), "{name}"),),
    "zh": ((re.compile(r"(?<![其吉])[他她]"), "{name}"),),
}


@dataclass(frozen=True)
class FollowUp:
    """The answer part of a reply and the request that came after it (with its intent).
    `only_acknowledged`: the answer is only an "ok" ("ok draft an email to bob", "d'accord,
    envoie plutôt un mail") and the request does not say it comes in addition, so the reply is
    no clear yes to a preview: it may as well be moving on to the new request."""

    answer: str
    request: str
    intent: Intent
    only_acknowledged: bool = False
    # Requests kept with it, to be served after it in turn: a second "ok, call him" while the
    # first "ok, email him" waited for the yes or the no (request, intent).
    later: tuple[tuple[str, Intent], ...] = ()

    @property
    def requests(self) -> tuple[str, ...]:
        """Every request it holds, in the order they are to be served."""
        return (self.request, *(request for request, _ in self.later))


def split_follow_up(
    text: str,
    locale: str | None,
    *,
    is_answer: Callable[[str], bool],
    answered: Intent | None = None,
    referent: str = "",
    joined: bool = False,
) -> FollowUp | None:
    """The answer and the request of a reply that holds both, or None. `is_answer` says
    whether a part reads as a clear answer to the question; `answered` is the intent of the
    flow that asked it (its own request in the reply is the answer restated); `referent` is
    the name of the person that flow is about, put in place of a pronoun in the request.
    `joined`: the answer is free text of any length, so the request must start at a mark or
    a joining word ("sui ritardi e poi togli Alice", "je suis malade, et montre mes postes")."""
    text = (text or "").strip()
    if len(text) > _MAX_CHARS or len(text) < 3:
        return None
    if negates_request(text, locale):
        # "don't cancel 1": the no holds the request back; nothing of it is asked for.
        return None
    for start, end in _joins(text) if joined else _boundaries(text):
        answer = text[:start].strip(_PUNCTUATION + " ")
        request = _without_connectors(text[end:])
        after_answer = text[start:]
        if not answer or not request:
            continue
        if _contrast().match(fold_text(request)):
            return None
        if not is_answer(answer):
            continue
        if referent:
            request = naming(request, referent, language_of(locale)) or request
        understanding = understand(request, locale=locale)
        intent = understanding.intent
        if intent not in FOLLOW_UP_INTENTS or intent is answered or understanding.alternatives:
            return None
        if negates(request, locale) or _not_yet().search(fold_text(request)):
            return None
        only_acknowledged = (acknowledges_only(fold_text(answer))
                             and not says_in_addition(fold_text(after_answer)))
        return FollowUp(answer, request, intent, only_acknowledged)
    return None


@dataclass(frozen=True)
class _Joins:
    """The joining words of two requests as patterns on folded text: each language's spaced
    words with English's (the Polish "i" must not split "scrivi un'email a Alice riguardo i
    turni del weekend"), and every language's unspaced words, which no message of another
    script can hold ("然后", "それから")."""

    any_language: re.Pattern[str]
    by_language: dict[str, re.Pattern[str]]


@cache
def _contrast() -> re.Pattern[str]:
    """A word that takes back or qualifies the answer before it ("but", "mais", "但是"), at
    the start of folded text: the interrupts lists `answer_contrasts` of every language."""
    return re.compile(rf"(?:{alternatives(interrupt_fragments('answer_contrasts'))})(?![a-z])")


@cache
def _not_yet() -> re.Pattern[str]:
    """Words that say what has (not) happened, in folded text ("yet", "pas encore", "まだ"):
    the interrupts lists `not_yet` of every language."""
    return re.compile(whole_words(interrupt_fragments("not_yet")))


@cache
def _request_joins() -> _Joins:
    spaced: dict[str, list[str]] = {}
    unspaced: list[str] = []
    for lexicon in load_lexicons():
        words = lexicon.interrupts.get("request_joins", ())
        spaced[lexicon.language.split("-")[0]] = [w for w in words if not written_unspaced(w)]
        unspaced += [w for w in words if written_unspaced(w)]
    english = spaced.get("en", [])

    def joins_of(words: list[str]) -> re.Pattern[str]:
        either = "|".join(sorted({*words}, key=len, reverse=True)) or "(?!)"
        glued = "|".join(unspaced) or "(?!)"
        return re.compile(rf"(?:[,;]\s*|\s+)(?:{either})\s+|(?:{glued})")

    return _Joins(joins_of([w for words in spaced.values() for w in words]),
                  {language: joins_of(words + english) for language, words in spaced.items()})


def _joins_for(*languages: str | None) -> list[re.Pattern[str]]:
    """The join patterns of the message's languages (English's when none is known)."""
    by_language = _request_joins().by_language
    found = [by_language[language.split("-")[0]] for language in languages
             if language and language.split("-")[0] in by_language]
    return found or [by_language["en"]]


def _original(folded: FoldedText, start: int, end: int) -> tuple[int, int]:
    """Where folded[start:end] is in the text as typed."""
    return folded.origin[start], folded.origin[end - 1] + 1


@dataclass(frozen=True)
class TwoRequests:
    """A message's first request, and the second as typed (`said`: "book a call with him") and
    as read (`request`: "book a call with bob", the pronoun naming the first one's person)."""

    first: str
    said: str
    request: str
    intent: Intent


def split_requests(text: str, locale: str | None) -> TwoRequests | None:
    """A message that makes two different requests joined by "and"/"then", each of which
    would start its own flow ("email Bob Smith about the rota and book a call with him"), or
    None. Only where it is plain: both parts read as requests of FOLLOW_UP_INTENTS, different
    ones, the whole message reads as one of them (so "take Bob off Saturday and give it to
    Chen", one reassignment, stays whole), and the second says no "no"."""
    text = (text or "").strip()
    folded = fold(text)
    if len(text) > _MAX_CHARS or _request_joins().any_language.search(folded.text) is None:
        return None
    whole = understand(text, locale=locale)
    if whole.intent not in FOLLOW_UP_INTENTS or whole.alternatives:
        return None
    languages = (language_of(locale), whole.language)
    # Earliest first; at one place the longest join ("and then" before "and").
    joins = sorted({_original(folded, m.start(), m.end()) for pattern in _joins_for(*languages)
                    for m in pattern.finditer(folded.text)}, key=lambda span: (span[0], -span[1]))
    for start, end in joins:
        first, second = text[:start].strip(), text[end:].strip(_PUNCTUATION + " ")
        if not first or not second:
            continue
        one = understand(first, locale=locale)
        if one.intent not in FOLLOW_UP_INTENTS or one.alternatives:
            continue
        said, person = second, one.slots.get("person", "")
        if person:
            second = naming(second, person, language_of(locale)) or second
        two = understand(second, locale=locale)
        if two.intent not in FOLLOW_UP_INTENTS or two.intent is one.intent or two.alternatives:
            continue
        if whole.intent not in (one.intent, two.intent):
            return None
        if negates(second, locale) or _not_yet().search(fold_text(second)):
            return None
        return TwoRequests(first.rstrip(_PUNCTUATION + " "), said, second, two.intent)
    return None


@cache
def _connectors() -> tuple[re.Pattern[str], re.Pattern[str]]:
    """The words that join an answer to the request after it (the lexicons' `answer_joins`),
    on folded text, longest first: those of spaced scripts as whole words ("and then", "et
    puis", "und dann"), those of unspaced ones anywhere ("然后", "それと")."""
    words = sorted(interrupt_fragments("answer_joins"), key=len, reverse=True)
    spaced = alternatives([re.escape(w) for w in words if not written_unspaced(w)])
    unspaced = alternatives([re.escape(w) for w in words if written_unspaced(w)])
    return (re.compile(rf"(?:{spaced})(?=[\s{_PUNCTUATION}]|$)"), re.compile(unspaced))


def _boundaries(text: str) -> list[tuple[int, int]]:
    """Where the answer may end and the request begin: after punctuation first, then between
    the first few words, then before a CJK connector; earliest first within each kind."""
    marked = [(m.start(), m.end()) for m in _BOUNDARY.finditer(text)
              if any(c in _PUNCTUATION for c in m.group())]
    spaces = [(m.start(), m.end()) for m in _BOUNDARY.finditer(text)
              if not any(c in _PUNCTUATION for c in m.group())][:_ANSWER_WORDS]
    folded = fold(text)
    cjk = [(start, start) for m in _connectors()[1].finditer(folded.text)
           if (start := folded.origin[m.start()]) > 0]
    seen: set[tuple[int, int]] = set()
    ordered = []
    for boundary in (*marked, *spaces, *cjk):
        if boundary not in seen:
            seen.add(boundary)
            ordered.append(boundary)
    return ordered


def _joins(text: str) -> list[tuple[int, int]]:
    """Where a free-text answer may end and a request begin: at punctuation, or at a space
    before a joining word ("et", "e poi", "und dann"); earliest first."""
    joins = []
    for found in _BOUNDARY.finditer(text):
        marked = any(c in _PUNCTUATION for c in found.group())
        if marked or _connectors()[0].match(fold_text(text[found.end():])):
            joins.append((found.start(), found.end()))
    return joins


def _without_connectors(request: str) -> str:
    request = request.strip(_PUNCTUATION + " ")
    spaced, unspaced = _connectors()
    while request:
        folded = fold(request)
        found = spaced.match(folded.text) or unspaced.match(folded.text)
        if found is None or found.end() == 0:
            return request
        request = request[folded.origin[found.end() - 1] + 1:].strip(_PUNCTUATION + " ")
    return request


def naming(request: str, name: str, language: str | None) -> str | None:
    """The request with its first pronoun for a person replaced by `name` ("call him" ->
    "call Bob Smith"), in the request's language or English; None when it has none."""
    for code in dict.fromkeys(((language or "en").split("-")[0], "en")):
        for pattern, replacement in _PRONOUNS.get(code, ()):
            found = pattern.search(request)
            if found is not None:
                groups = found.groups()
                verb = groups[0] if len(groups) == 1 else ""
                article, noun = (_ARTICLES[groups[0].lower()], groups[1]) if len(groups) == 2 \
                    else ("", "")
                named = (request[:found.start()]
                         + replacement.format(name=name, verb=verb, article=article, noun=noun)
                         + request[found.end():])
                return " ".join(named.split()) if code not in ("ja", "zh") else named
    return None
