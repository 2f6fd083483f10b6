"""How long from now a person's words say ("in 2 hours", "dans une demi-heure", "in zwei
Stunden", "za pół godziny", "2時間後", "两小时后", "in anderthalb Stunden", "1時間半後"), for the
time a call or meeting is booked at; how many days from now ("in 2 weeks", "dans deux semaines",
"2週間後"), for a day; and a length with a half hour in it ("an hour and a half", "anderthalb
Stunden", "una hora y media", "1時間半"), for a call; and the length a request gives its call or
meeting ("for an hour", "a 90-minute call", "un appel d'une heure", "für 2 Stunden", "1時間の面談").

The recognizer reads such phrases in English and French only, and in Spanish as the stretch from
now until then; the words of every language live in `language/lexicons/<lang>/times.toml`
(`[from_now]`: the words before the amount, the words after it, the hour, minute, day and week
units, the half-hour, one-hour and hour-and-a-half phrases, the "and a half" words and the number
words); `[length]` holds the words that make a length the meeting's own: before it (`for`:
"for", "für", "na"), between a meeting noun and it (`of`: "d'", "de", "van"), between it and a
meeting noun (`joiners`: "-long", "の", "的"), those nouns (`nouns`), and the words after it that
say it is about something else (`not_after`: "late", "de retard", "bis"). `minutes_from_now`
gives the amount in minutes, `days_from_now` in days, or None when the text says no such thing.
"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from functools import cache, lru_cache
from typing import Any

from core.text_fold import FoldedText, fold, fold_text
from language.lexicon import LEXICON_ROOT, LexiconError
from language.literal_set import PatternGate

TIMES_FILE = "times.toml"
_LIST_KEYS = ("before", "after", "hours", "minutes", "half_hour", "one_hour", "one_and_a_half",
              "and_a_half", "days", "weeks")
_LENGTH_KEYS = ("for", "of", "joiners", "nouns", "not_after")
_LONGEST_ADJECTIVE = 8 * 60  # "achtstündig": a working day
_LOCALE_DIRECTORY = {"zh": "zh-Hans"}
LENGTH_LANGUAGES = ("en", "fr", "es", "de", "it", "pt", "nl", "pl", "ja", "zh-Hans")
"""The languages a length is read in when the person's is not known or says nothing."""
_COUNT_HYPHEN = re.compile(r"(?<=\d)-(?=[^\W\d])")
_SPACES = re.compile(r"\s+")
_LONGEST_AMOUNT_MINUTES = 12 * 60
"""Further than this is not "later today" any more: the phrase is left to the other readers."""
_LONGEST_AMOUNT_DAYS = 8 * 7
"""Further than this is no day a call or a shift is about."""


@dataclass(frozen=True)
class _FromNowWords:
    """One language's phrases, compiled: hours or minutes from now, days or weeks from now, and
    an amount of hours alone (a length), a length said to be the meeting's; and the values of
    its number words."""

    pattern: re.Pattern[str]
    days_pattern: re.Pattern[str] | None
    length_pattern: re.Pattern[str]
    meeting_length_patterns: tuple[re.Pattern[str], ...]
    # Minutes in digits that end a message naming a meeting ("un appel avec alice demain de 15
    # min", "belletje met alice morgenmiddag van 15 min"), and the meeting nouns it needs.
    trailing_minutes: re.Pattern[str] | None
    meeting_nouns: re.Pattern[str] | None
    numbers: dict[str, int]
    # An amount alone, as a pattern's source ("30 minutes", "an hour"), for the readers of
    # phrases built around one (language/time_shift.py).
    amount: str
    # One word that is a length, before the meeting's noun: "einstündiges Gespräch": 60.
    adjectives: dict[str, int]


def minutes_from_now(text: str, language: str) -> int | None:
    """The minutes from now the text names in the language ("in 2 hours": 120, "in anderthalb
    Stunden": 90), or None. `language` is a language ("de"), a locale ("pt-BR") or a lexicon
    directory ("zh-Hans")."""
    words = _words_of(language)
    if words is None:
        return None
    found = words.pattern.search(fold_text(text))
    minutes = _amount_minutes(found, words) if found else None
    return minutes if minutes is not None and minutes <= _LONGEST_AMOUNT_MINUTES else None


def days_from_now(text: str, language: str) -> int | None:
    """The days from now the text names in the language ("in 2 weeks": 14, "dans trois jours":
    3, "2週間後": 14), or None."""
    words = _words_of(language)
    if words is None or words.days_pattern is None:
        return None
    found = words.days_pattern.search(fold_text(text))
    if found is None:
        return None
    groups = {name: value for name, value in found.groupdict().items() if value}
    count = _count(groups.get("count_before") or groups.get("count_after") or "", words)
    if not count or count != int(count):
        return None
    days = int(count) * (7 if "weeks_before" in groups or "weeks_after" in groups else 1)
    return days if days <= _LONGEST_AMOUNT_DAYS else None


def half_hour_length(text: str, *languages: str | None) -> int | None:
    """The minutes of a length with a half hour in it ("an hour and a half": 90, "zweieinhalb
    Stunden": 150, "1,5 uur": 90, "一个半小时": 90) in any of the languages, or None. Whole hours
    are left to the caller: "2 uur" is as often two o'clock as two hours."""
    for language in languages:
        words = _words_of(language) if language else None
        found = words.length_pattern.search(fold_text(text)) if words else None
        if words is None or found is None:
            continue
        minutes = _amount_minutes(found, words)
        if minutes is not None and minutes % 60 == 30:
            return minutes
    return None


def length_amounts(
    folded: str, *languages: str | None
) -> list[tuple[tuple[int, int], tuple[int, int] | None]]:
    """Where the folded text names an amount of time ("30 min", "half an hour", "eine halbe
    Stunde", "30分"), in any of the languages, in order and not overlapping: each amount's span
    and its count's ("30"), None for a phrase without one ("half an hour")."""
    found: dict[int, tuple[tuple[int, int], tuple[int, int] | None]] = {}
    for language in dict.fromkeys(languages):
        words = _words_of(language) if language else None
        for match in words.length_pattern.finditer(folded) if words else ():
            count = match.span("count_before") if match.group("count_before") else None
            if match.end() - match.start() > _span_length(found.get(match.start())):
                found[match.start()] = (match.span(), count)
    amounts: list[tuple[tuple[int, int], tuple[int, int] | None]] = []
    for start in sorted(found):
        if not amounts or start >= amounts[-1][0][1]:
            amounts.append(found[start])
    return amounts


def _span_length(amount: tuple[tuple[int, int], tuple[int, int] | None] | None) -> int:
    return amount[0][1] - amount[0][0] if amount else 0


def meeting_length(text: str, *languages: str | None) -> int | None:
    """The minutes a request says its call or meeting lasts ("a 90-minute call": 90, "for an
    hour and a half": 90, "un appel d'une heure": 60, "für 2 Stunden": 120, "1時間の面談": 60),
    read in the first of the languages that has such words, or None. A length about something
    else ("bob was 2 hours late", "call bob in 2 hours", "1時間後") is none."""
    found = _meeting_length_found(text, languages)
    return found[0] if found else None


def without_meeting_length(text: str, *languages: str | None) -> str:
    """The text with the meeting's length taken out ("una llamada de una hora el viernes" ->
    "una llamada de  el viernes"), so that the time readers do not take the length for a
    time of day ("una hora": 13:00); a text without one comes back as it is."""
    found = _meeting_length_found(text, languages)
    if found is None:
        return text
    _, folded, (start, end) = found
    first, last = folded.origin[start], folded.origin[end - 1] + 1
    return f"{text[:first]} {text[last:]}"


def without_length_words(text: str, *languages: str | None) -> str:
    """The folded text with the whole length phrase taken out but its meeting noun kept
    ("un rendez-vous d'une demi-heure avec alice" -> "un rendez-vous avec alice",
    "halbstündiges Gespräch mit alice" -> "gesprach mit alice"), so that the intent rules read a
    noun phrase with a length as the one without it; the folded text when there is none."""
    folded = fold(text)
    found = _meeting_length_match(folded, languages)
    if found is None:
        return folded.text
    spaced, match, _ = found
    start, end = match.span()
    if match.groupdict().get("noun") is not None:
        noun_start, noun_end = match.span("noun")
        start, end = (noun_end, end) if noun_start == start else (start, noun_start)
    return _SPACES.sub(" ", spaced[:start] + spaced[end:]).strip()


def _meeting_length_found(
    text: str, languages: tuple[str | None, ...]
) -> tuple[int, FoldedText, tuple[int, int]] | None:
    """The minutes of the meeting's length, the folded text and where the length is in it."""
    folded = fold(text)
    found = _meeting_length_match(folded, languages)
    if found is None:
        return None
    _, match, minutes = found
    return minutes, folded, match.span("length")


def _meeting_length_match(
    folded: FoldedText, languages: tuple[str | None, ...]
) -> tuple[str, re.Match[str], int] | None:
    """The text as matched (hyphens spaced), the first length said to be the meeting's and its
    minutes, read in the first of the languages that has one."""
    spaced = _hyphens_spaced(folded.text)
    patterns, gate = _meeting_lengths_in(languages)
    for position in gate.possible(spaced):
        pattern, words = patterns[position]
        found = pattern.search(spaced)
        minutes = _amount_minutes(found, words) if found else None
        if found and minutes is not None:
            return spaced, found, minutes
    if not any(character.isdigit() for character in spaced):
        return None  # most messages: the trailing minutes are digits
    for language in dict.fromkeys(languages):
        words = _words_of(language) if language else None
        if words is None or words.trailing_minutes is None or words.meeting_nouns is None:
            continue
        found = words.trailing_minutes.search(spaced)
        # "call alice in 15 min" is a time from now, no length.
        if found and words.meeting_nouns.search(spaced) and not any(
                later.start() <= found.start("length") < later.end()
                for later in words.pattern.finditer(spaced)):
            minutes = _amount_minutes(found, words)
            if minutes:
                return spaced, found, minutes
    return None


@lru_cache(maxsize=64)
def _meeting_lengths_in(
    languages: tuple[str | None, ...],
) -> tuple[tuple[tuple[re.Pattern[str], _FromNowWords], ...], PatternGate]:
    """The meeting-length patterns of the languages, in order, each with its language's words,
    and their gate: most messages name no length, and searching every pattern of ten languages
    one by one was a sixth of understanding a message; one pass over the text now says which
    can match at all."""
    # The locale's language comes first and again among all of them ("en", "en", "fr"...): a
    # language's patterns are searched once (a second search of a pattern finds nothing new).
    patterns = tuple(
        (pattern, words)
        for language in dict.fromkeys(languages)
        if language and (words := _words_of(language)) is not None
        for pattern in words.meeting_length_patterns
    )
    return patterns, PatternGate([pattern for pattern, _ in patterns])


def _hyphens_spaced(folded: str) -> str:
    """"a 90-minute call" read as "a 90 minute call": the hyphen joins the count to its unit
    (one character for another: the folded text's way back to the original still holds)."""
    if "-" not in folded:  # most messages: no pass of the pattern is needed
        return folded
    return _COUNT_HYPHEN.sub(" ", folded)


def _words_of(language: str) -> _FromNowWords | None:
    """The language's compiled phrases, found by language, locale or lexicon directory."""
    return _from_now_words(lexicon_directory(language))


@lru_cache(maxsize=256)
def lexicon_directory(language: str) -> str:
    """The lexicon directory a language, locale or directory name reads from. Looked up on disk
    once per name: a reply at a list of options asks four times a turn (two languages, minutes
    and days), and each look-up was a stat of the directory."""
    if (LEXICON_ROOT / language).is_dir():
        return language
    primary = language.replace("_", "-").split("-")[0].casefold()
    return _LOCALE_DIRECTORY.get(primary, primary)


def amount_pattern(language: str) -> str | None:
    """The source of a pattern matching an amount ("30 minutes", "an hour", "une demi-heure")
    in the language, for `amount_minutes`; None when the language has no time words."""
    words = _words_of(language)
    return words.amount if words is not None else None


def amount_minutes(found: re.Match[str], language: str) -> int | None:
    """The minutes of an amount a pattern built on `amount_pattern` found, or None."""
    words = _words_of(language)
    return _amount_minutes(found, words) if words is not None else None


def _count(text: str, words: _FromNowWords) -> float | None:
    """A count as digits ("2", "1,5") or a number word ("zwei")."""
    if re.fullmatch(r"\d+(?:[.,]5)?", text):
        return float(text.replace(",", "."))
    return words.numbers.get(text)


def _amount_minutes(found: re.Match[str], words: _FromNowWords) -> int | None:
    """The minutes of an amount the phrase's groups hold, or None."""
    groups = {name: value for name, value in found.groupdict().items() if value}
    if "adjective" in groups:
        return words.adjectives.get(groups["adjective"])
    if any(name.startswith("one_and_a_half") for name in groups):
        return 90
    if any(name.startswith("half") for name in groups):
        return 30
    if any(name.startswith("one_hour") for name in groups):
        return 60
    tail = "before" if "count_before" in groups else "after"
    count = _count(groups.get(f"count_{tail}", ""), words)
    if not count:
        return None
    if f"hours_{tail}" in groups:
        halves = f"and_a_half_{tail}" in groups or f"and_a_half_in_{tail}" in groups
        return int(count * 60) + (30 if halves else 0)
    return int(count) if count == int(count) else None


def says_time_from_now(text: str, *languages: str | None) -> bool:
    """Whether the text names a time or a day from now in any of the languages (ERA's language
    this turn and the person's locale: "en 2 horas" from someone whose request was in English;
    "in 2 Wochen"): its number is no option's."""
    return any(minutes_from_now(text, language) is not None
               or days_from_now(text, language) is not None
               for language in languages if language)


@cache
def times_table(directory: str) -> dict[str, Any] | None:
    """A lexicon directory's times.toml as read (shared: never changed by its readers), or
    None when the language has none. Read once, for the time words and the past words."""
    path = LEXICON_ROOT / directory / TIMES_FILE
    if not path.is_file():
        return None
    with path.open("rb") as handle:
        return tomllib.load(handle)


def word_alternation(words: Iterable[str], *, starts: bool = False, ends: bool = False) -> str:
    """The words as one alternation, the longest first. `starts`: a word of a spaced script
    starts a word ("past", not the end of "repast"); `ends`: it ends one ("30th", not
    "30there"). A word of an unspaced script (Japanese, Chinese) may run on either side."""
    return "|".join(
        (r"(?<!\w)" if starts and _spaced(word[0]) else "") + re.escape(word)
        + (r"(?!\w)" if ends and _spaced(word[-1]) else "")
        for word in sorted(words, key=len, reverse=True))


def _spaced(char: str) -> bool:
    """Whether a word with this letter at its edge is written between spaces."""
    return char.isascii() and char.isalnum()


def word_list_problems(
    where: str, data: dict[str, Any], name: str, keys: Iterable[str]
) -> list[str]:
    """The schema problems of a times.toml section made of word lists (it may have none):
    a table whose `keys`, where given, are lists of non-empty words."""
    section = data.get(name, {})
    if not isinstance(section, dict):
        return [f"{where}: [{name}] must be a table"]
    return [f"{where}: {name}.{key} must be a list of words" for key in keys
            if not isinstance(value := section.get(key, []), list)
            or not all(isinstance(word, str) and word for word in value)]


def times_section(
    directory: str, name: str, validate: Callable[[str, dict[str, Any]], list[str]]
) -> dict[str, Any] | None:
    """One section of a language's times.toml, checked by `validate` (a broken section is a
    `LexiconError`, never a wrong reading); {} when the file has no such section, None when
    the language has no times.toml."""
    data = times_table(directory)
    if data is None:
        return None
    problems = validate(f"{directory}/{TIMES_FILE}", data)
    if problems:
        raise LexiconError("; ".join(problems))
    section: dict[str, Any] = data.get(name, {})
    return section


@cache
def _from_now_words(directory: str) -> _FromNowWords | None:
    """The language's compiled phrase, or None when it has no times.toml."""
    data = times_table(directory)
    if data is None:
        return None
    problems = validate_times(directory, data)
    if problems:
        raise LexiconError("; ".join(problems))
    return _compiled(data["from_now"], data.get("length", {}),
                     unspaced=bool(data.get("unspaced", False)))


def validate_times(directory: str, data: dict[str, Any]) -> list[str]:
    """The schema problems of one language's times.toml (the schema test runs it on all)."""
    where = f"{directory}/{TIMES_FILE}"
    problems = []
    if data.get("language") != directory:
        problems.append(f"{where}: language must be {directory!r}")
    section = data.get("from_now")
    if not isinstance(section, dict):
        return [*problems, f"{where}: [from_now] is missing"]
    for key in _LIST_KEYS:
        value = section.get(key, [])
        if not isinstance(value, list) or not all(isinstance(v, str) and v for v in value):
            problems.append(f"{where}: from_now.{key} must be a list of words")
    if not section.get("before") and not section.get("after"):
        problems.append(f"{where}: from_now needs words before or after the amount")
    if not section.get("hours") or not section.get("minutes"):
        problems.append(f"{where}: from_now needs hour and minute words")
    numbers = section.get("numbers", {})
    if not isinstance(numbers, dict) or not all(
            isinstance(v, int) and 0 < v <= 60 for v in numbers.values()):
        problems.append(f"{where}: from_now.numbers must map words to 1-60")
    length = data.get("length", {})
    adjectives = length.get("adjectives", {}) if isinstance(length, dict) else None
    if not isinstance(adjectives, dict) or not all(
            isinstance(v, int) and 0 < v <= _LONGEST_ADJECTIVE for v in adjectives.values()):
        problems.append(f"{where}: length.adjectives must map words to minutes")
    for key in _LENGTH_KEYS:
        value = length.get(key, []) if isinstance(length, dict) else None
        if not isinstance(value, list) or not all(isinstance(v, str) and v for v in value):
            problems.append(f"{where}: length.{key} must be a list of words")
    return problems


def _compiled(section: dict[str, Any], length: dict[str, Any], *,
              unspaced: bool) -> _FromNowWords:
    """The phrases as patterns: a word before the amount, or one after it (or both); and a
    length with the words that make it the meeting's."""
    numbers = {fold_text(word): value for word, value in section.get("numbers", {}).items()}
    adjectives = {fold_text(word): value
                  for word, value in length.get("adjectives", {}).items()}

    def any_of(words: list[str]) -> str:
        folded = sorted({fold_text(word) for word in words}, key=len, reverse=True)
        return "|".join(re.escape(word).replace(r"\ ", r"\s+") for word in folded) or "(?!)"

    gap = r"\s*" if unspaced else r"\s+"
    edge_before, edge_after = ("", "") if unspaced else (r"(?<!\w)", r"(?!\w)")
    count = r"\d{1,3}(?:[.,]5)?" + (f"|{any_of(list(numbers))}" if numbers else "")
    and_a_half = any_of(section.get("and_a_half", []))

    def amount(tail: str) -> str:
        return (f"(?:(?P<one_and_a_half_{tail}>{any_of(section.get('one_and_a_half', []))})"
                f"|(?P<half_{tail}>{any_of(section.get('half_hour', []))})"
                f"|(?P<one_hour_{tail}>{any_of(section.get('one_hour', []))})"
                f"|(?P<count_{tail}>{count})\\s*(?:(?P<and_a_half_in_{tail}>{and_a_half})\\s*)?"
                f"(?:(?P<hours_{tail}>{any_of(section['hours'])})"
                f"(?:\\s*(?P<and_a_half_{tail}>{and_a_half}))?"
                f"|(?P<minutes_{tail}>{any_of(section['minutes'])})))")

    def day_amount(tail: str) -> str:
        return (f"(?P<count_{tail}>{count})\\s*(?:(?P<weeks_{tail}>"
                f"{any_of(section.get('weeks', []))})|(?P<days_{tail}>"
                f"{any_of(section.get('days', []))}))")

    def from_now(amount_of: Any) -> re.Pattern[str]:
        options = []
        if section.get("before"):
            options.append(f"{edge_before}(?:{any_of(section['before'])}){gap}"
                           f"{amount_of('before')}{edge_after}")
        if section.get("after"):
            options.append(f"{edge_before}{amount_of('after')}{gap}"
                           f"(?:{any_of(section['after'])}){edge_after}")
        return re.compile("|".join(options))

    def meeting_lengths() -> tuple[re.Pattern[str], ...]:
        nouns = f"(?P<noun>{any_of(length.get('nouns', []))}){edge_after}"
        # Not a length about something else ("2 hours late", "2 uur tot 3 uur").
        end = f"{edge_after}(?!\\s*(?:{any_of(length.get('not_after', []))}){edge_after})"
        measure = f"(?P<length>{amount('before')})"
        shapes = []
        if length.get("for"):  # "for an hour", "für 2 Stunden", "na godzinę"
            shapes.append(f"{edge_before}(?:{any_of(length['for'])}){gap}{measure}{end}")
        if length.get("of") and length.get("nouns"):  # "un appel d'une heure"
            shapes.append(f"{edge_before}{nouns}\\s*(?:{any_of(length['of'])})\\s*"
                          f"{measure}{end}")
        if length.get("nouns"):  # "a 90 minute call", "an hour-long meeting", "1時間の面談"
            joiners = any_of(length.get("joiners", []))
            shapes.append(f"{edge_before}{measure}\\s*(?:{joiners})?\\s*{nouns}")
        if adjectives:  # "einstündiges Gespräch", "eine halbstündige Besprechung"
            shapes.append(f"{edge_before}(?P<length>(?P<adjective>{any_of(list(adjectives))})"
                          f"\\w*)\\s+{nouns}")
        return tuple(re.compile(shape) for shape in shapes)

    def trailing_minutes() -> re.Pattern[str] | None:
        if unspaced or not length.get("nouns"):
            return None  # Japanese and Chinese say "15分の面談", "15分钟的会": a noun's length
        lead = any_of([*length.get("of", []), *length.get("for", [])])
        minutes = any_of(section["minutes"])
        return re.compile(f"(?:^|[\\s,;(])(?:(?:{lead})\\s*)?(?P<length>"
                          f"(?P<count_before>\\d{{1,3}})\\s*(?P<minutes_before>{minutes}))\\W*$")

    has_days = bool(section.get("days") or section.get("weeks"))
    return _FromNowWords(
        pattern=from_now(amount),
        days_pattern=from_now(day_amount) if has_days else None,
        length_pattern=re.compile(f"{edge_before}{amount('before')}{edge_after}"),
        meeting_length_patterns=meeting_lengths(),
        trailing_minutes=trailing_minutes(),
        meeting_nouns=(re.compile(f"{edge_before}(?:{any_of(length['nouns'])}){edge_after}")
                       if length.get("nouns") else None),
        numbers=numbers,
        amount=amount("before"),
        adjectives=adjectives,
    )
