"""A reply that points at the options of a two-way question instead of naming one: "the other
one", "l'autre", "el otro", "die andere", "ten drugi", "もう一つの方", "另一个"; or at both of
them: "both", "les deux", "beide", "oboje", "両方", "两个都"; or at every option of a list: "all
of them", "tous", "alle", "wszystkie", "全部"; or at several options of a list by their numbers or
names: "1 and 2", "1, 2", "1 et 3", "1 und 2", "1と2", "monday and tuesday", "the first two",
"les deux premiers".

The words come from the lexicons' `other_one`, `both` and `all_of_them`; the words that may go
with them ("no,", "actually", "non", "いや") from `reference_fillers`. The message must hold
nothing else, so "the other one is off sick" or "both are busy" are never read this way. Whether
"the other one" can be said which one is the caller's to decide: only it knows the options and
the pick.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache

from core.choice_option import ChoiceOption
from core.reply_interpreter import ReplyIntent, interpret_reply
from core.reply_lexicon import CARDINALS
from core.text_fold import fold_text
from language.lexicon import interrupt_fragments, whole_words

_MAX_CHARS = 60  # a short answer; a longer message says more than "the other one"


@cache
def _pattern(*keys: str) -> re.Pattern[str]:
    """Any of the words of the lexicon lists `keys`, each a whole word where words are
    written with spaces, anywhere in Japanese and Chinese."""
    words = sorted({w for key in keys for w in interrupt_fragments(key)}, key=len, reverse=True)
    spaced = [re.escape(w) for w in words if w[0] < "\u3000"]
    unspaced = [re.escape(w) for w in words if w[0] >= "\u3000"]
    parts = ([rf"(?<![\w'-])(?:{'|'.join(spaced)})(?![\w'-])"] if spaced else []) + (
        [f"(?:{'|'.join(unspaced)})"] if unspaced else [])
    return re.compile("|".join(parts) or "(?!)")


def _says_only(key: str, text: str, extra: tuple[str, ...]) -> bool:
    """Whether the message says one of the words of `key` and nothing but fillers and `extra`
    (a name the options share: "the other bob")."""
    folded = fold_text(text)
    if len(folded) > _MAX_CHARS:
        return False
    rest, count = _pattern(key).subn(" ", folded)
    if not count:
        return False
    rest = _pattern("reference_fillers").sub(" ", rest)
    for word in extra:
        rest = re.sub(rf"(?<!\w){re.escape(fold_text(word))}(?!\w)", " ", rest)
    return not re.sub(r"[\s,.!?;:。、！？，…-]+", "", rest)


def says_other_one(text: str, extra: tuple[str, ...] = ()) -> bool:
    """"the other one", "no, l'autre", "nein, die andere", "もう一つの方": the option not
    picked, of two. `extra` are words that may stand with it (the name both options share)."""
    return _says_only("other_one", text, extra)


def says_not_that_one(text: str) -> bool:
    """"not that one", "pas celui-là", "nicht der", "ese no", "不是这个" at the preview of one
    of several options: another of them, not the end of the request."""
    return _says_only("not_that_one", text, ())


def _negated(text: str) -> bool:
    """Whether the message says "not" of what it points at: "not both", "neither", "两个都不要",
    "両方ではない", "keiner von beiden", "ni l'un ni l'autre". A word that stands alone before
    a comma is the answer "no" to the question, not a negation: "no, both", "不是，两个都"."""
    folded = fold_text(text)
    return any(not re.match(r"\s*[,，、.!。！;:]", folded[match.end():])
               for match in _pattern("reference_negations").finditer(folded))


def says_both(text: str) -> bool:
    """"both", "les deux", "beide", "los dos", "oboje", "両方", "两个都": every option of two;
    never "not both" nor "neither"."""
    return _says_only("both", text, ()) and not _negated(text)


def says_another_time(text: str) -> bool:
    """"another time", "een ander tijdstip", "inny termin", "换个时间", "none of these": the
    free times' "another time" button, typed in the person's words."""
    return _says_only("another_time", text, ())


def without_another_time(folded: str) -> str:
    """Folded text without its words for "another time" ("none of those work, anything on
    wednesday?": ", anything on wednesday?"), for a reply that turns the times down and names
    the one it wants in the same breath."""
    return _pattern("another_time").sub(" ", folded)


def asks_for_options(text: str) -> bool:
    """"what are the options?", "qué opciones hay?", "welche Zeiten gibt es?", "选项": a
    request to see the list again, no pick and no time."""
    return _says_only("show_options", text, ())


def says_all(text: str) -> bool:
    """"all of them", "tous", "alle", "todos", "wszystkie", "全部": every option of a list;
    never "not all" nor "none"."""
    return _says_only("all_of_them", text, ()) and not _negated(text)


def asks_for_every_shift(text: str) -> bool:
    """Whether a request asks for every shift of the days it names ("cancel all my shifts
    next week", "annule tous mes services", "sag alle meine Schichten ab", "シフトを全部")."""
    return _pattern("every_shift").search(fold_text(text)) is not None


def plural_reference(text: str) -> str | None:
    """What a reply that speaks of options in the plural ("the evening ones", "ceux du soir",
    "die Abendschichten", "wieczorne", "夜のシフト全部", "晚班都取消") says of them, without
    its words for "all" and "both": every option that matches it is meant, not one of them
    to be asked about. None for a reply in the singular."""
    folded = fold_text(text)
    if len(folded) > _MAX_CHARS or not _pattern("plural_reference").search(folded):
        return None
    return " ".join(_pattern("all_of_them", "both").sub(" ", folded).split())


@dataclass(frozen=True)
class SeveralPicked:
    """The options a reply picks by their numbers or names ("1 and 2"), each once, in the
    order said (0-based places in the list); and the numbers it said that the list has no
    option for ("1 and 9": 9 of six), which make the reply no choice yet."""

    positions: tuple[int, ...]
    beyond: tuple[int, ...] = ()


_PICK_SEPARATORS = r"[,、，;/&+]"
_PUNCTUATION = re.compile(r"^[\s.!?;:。！？…-]+|[\s.!?;:。！？…-]+$")


@cache
def _joins() -> re.Pattern[str]:
    """What separates the picks of one reply: commas and the lexicons' `list_joins` ("and",
    "et", "und", "と", "和")."""
    return re.compile(f"{_PICK_SEPARATORS}|{whole_words(interrupt_fragments('list_joins'))}")


@cache
def _counts() -> dict[str, int]:
    """Every language's words for the numbers 1 to 12, folded, with their values: the shared
    cardinals and the lexicons' `count_words` ("dwie=2", "beiden=2")."""
    counts = {fold_text(word): value for words in CARDINALS.values()
              for value, spellings in enumerate(words, start=1) for word in spellings}
    for entry in interrupt_fragments("count_words"):
        word, _, value = entry.rpartition("=")
        counts.setdefault(fold_text(word), int(value))
    return counts


def _number_in(part: str) -> int | None:
    """The number `part` is, written in digits or as a word ("9", "nine", "neuf"), if so."""
    return int(part) if part.isdigit() else _counts().get(part)


@cache
def _first_few_phrases() -> tuple[re.Pattern[str], ...]:
    """The lexicons' `first_few` ("the first {n}", "les {n} premiers", "前{n}个"), each with
    the count as a number or a number word."""
    count = "|".join(sorted((re.escape(w) for w in _counts()), key=len, reverse=True))
    number = rf"(?P<n>\d{{1,2}}|{count})"
    return tuple(re.compile(re.escape(phrase).replace(r"\{n\}", number))
                 for phrase in interrupt_fragments("first_few"))


def _without_fillers(text: str) -> str:
    """`text` without the words that may go with a reference ("please", "no,", "stp")."""
    rest = _pattern("reference_fillers").sub(" ", text)
    return _PUNCTUATION.sub("", " ".join(rest.split()))


def _count_in(text: str) -> int | None:
    """The count of "the first two" ("les deux premiers", "最初の2つ") said alone, if so."""
    for phrase in _first_few_phrases():
        match = phrase.fullmatch(text)
        if match:
            said = match.group("n")
            return int(said) if said.isdigit() else _counts().get(said)
    return None


def _place_of(part: str, question: str, options: Sequence[ChoiceOption],
              locale: str | None) -> int | None:
    """The place in the list of the one option `part` names ("2", "two", "monday", "the
    first"), or -1 for a number the list has no option for ("9", "nine", "neuf" of six);
    None when it names none."""
    number = _number_in(part)
    if number is not None:
        return number - 1 if 1 <= number <= len(options) else -1
    reply = interpret_reply(part, question, options, locale)
    if reply.intent is not ReplyIntent.SELECT:
        return None
    return next(o.index for o in options if o.option_id == reply.option_id)


def picks_several(text: str, question: str, options: Sequence[ChoiceOption],
                  locale: str | None = None) -> SeveralPicked | None:
    """The options of a list a reply picks together: "1 and 2", "1, 2", "1 et 3", "1 und 2",
    "1と2", "monday and tuesday", "the first two", "1 and 2 please". None when the reply is
    not such a list: one pick ("2"), a list with words that name no option ("1 and I'm sick")
    or a message longer than a short answer. Numbers past the list are kept apart in
    `beyond`: "1 and 9" is no choice yet, and the caller says what is accepted."""
    folded = fold_text(text)
    if len(folded) > _MAX_CHARS or len(options) < 2:
        return None
    count = _count_in(_without_fillers(folded))
    if count is not None and count >= 2:
        return SeveralPicked(tuple(range(min(count, len(options)))),
                             (count,) if count > len(options) else ())
    parts = [_without_fillers(part) for part in _joins().split(folded)]
    parts = [part for part in parts if part]
    if len(parts) < 2:
        return None
    places: list[int] = []
    beyond: list[int] = []
    for part in parts:
        place = _place_of(part, question, options, locale)
        if place is None:
            return None
        if place < 0:
            beyond.append(_number_in(part) or 0)
        elif place not in places:
            places.append(place)
    return SeveralPicked(tuple(places), tuple(beyond))


def points_at_options(text: str) -> bool:
    """Whether a message only points at options of some question: "both", "all of them",
    "the other one", or numbers joined ("1 and 2", "1, 3", "1と2"). With no question waiting,
    such a message answers nothing (someone else's question in a shared thread, or one that
    has expired)."""
    if says_both(text) or says_all(text) or says_other_one(text):
        return True
    folded = fold_text(text)
    if len(folded) > _MAX_CHARS:
        return False
    parts = [_without_fillers(part) for part in _joins().split(folded)]
    parts = [part for part in parts if part]
    return len(parts) > 1 and all(part.isdigit() for part in parts)
