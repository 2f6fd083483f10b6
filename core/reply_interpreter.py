"""Maps a short reply ("2", "the second one", "matin", "9am", "はい", "nein") to what it means
at the question the bot asked, from the options the server stored, with no LLM call.

The reply is folded (case, accents, punctuation), clock times are lifted out, and the rest is
read as words and phrases from core.reply_lexicon (CJK runs are split by longest match). Option
matching comes first: numbers, ordinals, "last", "earliest", times of day, clock times and
distinctive words of the option labels each narrow the options (a label's name written in kana
too: "ボブ・スミス" is "Bob Smith"), and a selection needs exactly one survivor. Then
affirmatives, then negatives. A reply that hedges, asks back, contradicts itself or carries words
the interpreter cannot place is `unknown`: the dialog re-asks (see `describe_accepted`) rather
than guess. The reply's locale only decides between meanings a word has in different languages.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from enum import Enum, StrEnum
from functools import lru_cache
from typing import NamedTuple

from core import reply_lexicon as lexicon
from core.choice_option import ChoiceOption, TimeOfDay
from core.hanzi_names import has_hanzi, spell_hanzi_names
from core.kana_names import has_kana, spell_kana_names
from core.kanji_names import spell_kanji_names
from core.question_id import QuestionId
from core.reply_lexicon import WordKind


class ReplyIntent(StrEnum):
    """What a reply does at the question asked."""

    CONFIRM = "confirm"
    SELECT = "select"
    REJECT = "reject"
    UNKNOWN = "unknown"


@dataclass(frozen=True)
class InterpretedReply:
    """The meaning of one reply: intent, how sure (0-1), the option when selecting, and a short
    reason for logs.

    `unplaced` lists the words of an `unknown` reply that the interpreter could not read at all
    (a language or phrasing it does not know), as opposed to replies it read and found vague,
    ambiguous or out of range; only the former are worth a second opinion (an embedding
    fallback). `narrowed_to` lists, in order, the options an `unknown` reply points at when it
    clearly means one of several ("matin" when three listed shifts are mornings): the dialog
    asks among those instead of re-asking the whole list.
    """

    intent: ReplyIntent
    confidence: float
    option_id: str | None = None
    reasoning: str = ""
    unplaced: tuple[str, ...] = ()
    narrowed_to: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        if not 0.0 <= self.confidence <= 1.0:
            raise ValueError(f"confidence must be within 0-1, got {self.confidence}")
        if (self.intent is ReplyIntent.SELECT) != (self.option_id is not None):
            raise ValueError("option_id is given exactly when the intent is select")
        if self.narrowed_to and (self.intent is not ReplyIntent.UNKNOWN
                                 or len(self.narrowed_to) < 2):
            raise ValueError("narrowed_to names two or more options of an unknown reply")


_MAX_REPLY_CHARS = 200  # a short reply; anything longer is a new request, not an answer
_SLACK_CONFIDENCE = 0.6  # one word the interpreter could not place, next to a clear signal
_QUALIFIER_LENGTH = 3  # an unplaced word this long, against a label word, names another thing


class _Kind(Enum):
    """What a piece of the reply means: WordKind's senses plus those built from numbers, times
    and the options' labels."""

    AFFIRM = "affirm"
    NEGATE = "negate"
    NEGATOR = "negator"
    POST_NEGATOR = "post_negator"
    HEDGE = "hedge"
    QUESTION = "question"
    FILLER = "filler"
    NUMBER = "number"
    WEAK_NUMBER = "weak_number"
    ORDINAL = "ordinal"
    LAST = "last"
    MIDDLE = "middle"
    EARLIEST = "earliest"
    LATEST = "latest"
    LONGEST = "longest"
    SHORTEST = "shortest"
    TIME_OF_DAY = "time_of_day"
    WEEKDAY = "weekday"  # 0 is Monday
    MONTH_DAY = "month_day"  # "quello del 2": the option dated the 2nd
    CLOCK = "clock"
    LABEL = "label"
    EXCLUDED = "excluded"  # a selection the reply rules out ("not the first one")
    SEPARATOR = "separator"  # a comma or full stop: "no, 2" corrects, "no 2" rules 2 out
    UNKNOWN = "unknown"


_KIND_OF_WORD = {
    WordKind.AFFIRM: _Kind.AFFIRM,
    WordKind.NEGATE: _Kind.NEGATE,
    WordKind.NEGATOR: _Kind.NEGATOR,
    WordKind.POST_NEGATOR: _Kind.POST_NEGATOR,
    WordKind.HEDGE: _Kind.HEDGE,
    WordKind.QUESTION: _Kind.QUESTION,
    WordKind.FILLER: _Kind.FILLER,
    WordKind.LAST: _Kind.LAST,
    WordKind.MIDDLE: _Kind.MIDDLE,
    WordKind.EARLIEST: _Kind.EARLIEST,
    WordKind.LATEST: _Kind.LATEST,
    WordKind.LONGEST: _Kind.LONGEST,
    WordKind.SHORTEST: _Kind.SHORTEST,
}
_SELECTORS = frozenset({
    _Kind.NUMBER, _Kind.ORDINAL, _Kind.LAST, _Kind.MIDDLE, _Kind.EARLIEST, _Kind.LATEST,
    _Kind.LONGEST, _Kind.SHORTEST, _Kind.TIME_OF_DAY, _Kind.WEEKDAY, _Kind.CLOCK, _Kind.LABEL,
    _Kind.MONTH_DAY,
})  # fmt: skip
_POSITIONAL = frozenset({_Kind.NUMBER, _Kind.ORDINAL, _Kind.LAST, _Kind.MIDDLE})


class _ClockTime(NamedTuple):
    """A time in the reply: the hours it may mean (9 may be 09 or 21), minutes if said, and
    the end (hours, minutes) when the reply gives a range."""

    hours: frozenset[int]
    minute: int | None
    end: tuple[frozenset[int], int] | None = None


class _Sense(NamedTuple):
    """A meaning with its value: the number, the part of the day, the clock time, or (for an
    excluded selection) the sense excluded."""

    kind: _Kind
    value: int | TimeOfDay | _ClockTime | _Sense | None = None


class _Entry(NamedTuple):
    """A lexicon entry's sense, and its sense per language when languages disagree."""

    default: _Sense
    by_language: dict[str, _Sense] | None


class _Unit(NamedTuple):
    """One read piece of the reply: what it means and the text it came from."""

    sense: _Sense
    text: str


# --- folding -------------------------------------------------------------------------------

# Accents (Latin, Greek, Cyrillic), Arabic vowel marks, hamza carriers and tatweel, and
# private-use characters (they stand for lifted clock times below); kana voicing marks are kept,
# they change the word.
_MARKS = re.compile("[\u0300-\u036f\u064b-\u065f\u0670\u0640\ue000-\uf8ff]")
_LETTER_FOLD = str.maketrans({"ı": "i", "ى": "ي", "ة": "ه", "ـ": None, "’": "'", "`": "'"})
_CONTRACTION = re.compile(r"\b(\w+?)n't\b")
_CONTRACTION_STEMS = {"ca": "can", "wo": "will", "sha": "shall"}
_KEYCAP_TEN = "\U0001f51f"
_CJK = "\u3005\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\uff66-\uff9f"
_EMOJI = "\U0001f44d\U0001f44e\u2705\u274c\u2714\u2716\u274e\U0001f6ab\u26d4\U0001f645" \
    "\U0001f44c\u2611\U0001f197\U0001f646"
_TIME_MARK = 0xE000  # a private-use character stands in for a clock time lifted from the reply
_SEPARATOR_MARK = "\ue0ff"  # and another for a comma, semicolon or full stop between words
_SEPARATORS = re.compile(r"[.!:]+(?=\s|$)|(?<!\d)[,;،、。]|[,;،、。](?!\d)|\s+[-–—]+\s+")
_NEGATIVE_NUMBER = re.compile(r"(?:^|[\s(\[])[-−–]\s?\d")
_INDIC_MARKS = "\u0900-\u0dff"  # vowel signs of Indic scripts are marks, not letters, to `re`
_TOKEN = re.compile(
    rf"\d+|[{_EMOJI}\ue000-\ue0ff]|[{_CJK}]+|(?:[^\W\d_{_CJK}]|[{_INDIC_MARKS}])+"
)
_ASKS_BACK = ("?", "？", "؟")
# The words of a statement after a reason's opening: "es que tengo médico" is a reason; after
# a one-word opening that is also "why" or "how", more ("perché devi saperlo" is asked back).
_REASON_AFTER_OPENER = 2
_REASON_AFTER_ONE_WORD = 3
_CJK_RUN = re.compile(rf"[{_CJK}]")
_REPEATS = re.compile(r"(\w)\1+")


def _fold(text: str) -> str:
    """Lower case without accents, with English contractions spelled out."""
    text = unicodedata.normalize("NFKC", text).casefold()
    if not text.isascii():
        text = unicodedata.normalize("NFD", text.replace(_KEYCAP_TEN, "10"))
        text = unicodedata.normalize("NFC", _MARKS.sub("", text)).translate(_LETTER_FOLD)
    if "'" in text:
        text = _CONTRACTION.sub(_expand_contraction, text)
    return text


def _expand_contraction(match: re.Match[str]) -> str:
    stem = match.group(1)
    return f"{_CONTRACTION_STEMS.get(stem, stem)} not"


def _phrase_key(text: str) -> str:
    """The lookup key of a lexicon entry or label: folded words joined by single spaces."""
    return " ".join(_TOKEN.findall(_fold(text)))


# --- clock times ---------------------------------------------------------------------------

_CJK_DIGITS = {"一": 1, "二": 2, "两": 2, "兩": 2, "三": 3, "四": 4, "五": 5, "六": 6, "七": 7,
               "八": 8, "九": 9, "十": 10}
_AM_PERIODS = frozenset({"上午", "早上", "早晨", "午前", "朝", "清晨"})
_PM_PERIODS = frozenset({"下午", "晚上", "傍晚", "午後", "夜", "夕方", "中午", "晚"})
_AT_WORDS = (
    r"at|around|um|gegen|om|alle|verso|as|a las|las|hacia|vers|kl\.?|klockan|klokka|klokken|в|"
    r"saat|ore|الساعه|ساعه"
)
_CLOCK_UNITS = r"[ap]\.?\s?m\b\.?|o\s?'?\s?clock|uhr|heures?|horas?|uur|ore|часов|часа|час"
_RANGE_END = r"(\d{1,2})(?:[:h.](\d{2})|h)?(?:\s*([ap])\.?\s?m\b\.?)?"
_RANGE = re.compile(
    rf"(?<![\d:.]){_RANGE_END}\s*(?:-|–|—|~|〜|to|until|till|til|a|à|bis|tot|до|al)\s*"
    rf"{_RANGE_END}(?![\d:])(?:\s*(?:uhr|uur|heures?|horas?|ore|часов)(?!\w))?"
)
_CJK_TIME = re.compile(
    r"(上午|早上|早晨|清晨|中午|下午|晚上|傍晚|午前|午後|朝|夜|夕方|晚)?\s*"
    r"(\d{1,2}|[一二两兩三四五六七八九十]{1,3})\s*(?:[:：](\d{2}))?\s*[点點時时]\s*"
    r"(半|\d{1,2}\s*分)?"
)
_MERIDIEM_TIME = re.compile(
    r"(?<![\d:.])(\d{1,2})(?:\s*[:.h]\s*(\d{2}))?\s*([ap])\.?\s?m\b\.?"
)
_HOUR_MINUTE = re.compile(r"(?<![\d:.])(\d{1,2})\s*(?::|h|\.(?=\d{2}))\s*(\d{2})(?!\d)")
_HOUR_WORD = re.compile(
    r"(?<![\d:.])(\d{1,2})\s*(?:h|hs|hrs|uhr|uur|u|heures?|horas?|ore|o\s?'?\s?clock)(?!\w)"
    r"|(?<![\d:.])(\d{1,2})'(?:da|de|ta|te)(?!\w)"
)
_DIGIT = re.compile(r"\d")
_HOUR_AFTER_WORD = re.compile(rf"\b(?:{_AT_WORDS})\s*(\d{{1,2}})(?![\d:.])")
# The same after a word that says "at" in the reply's language only ("quello delle 15").
_HOUR_AFTER_WORD_IN = {
    language: re.compile(r"(?<!\w)(?:" + "|".join(map(re.escape, words))
                         + r")\s*(\d{1,2})(?![\d:.])")
    for language, words in lexicon.CLOCK_AT_WORDS.items()
}
# Number words that read as hours next to a clock word ("at nine", "neuf heures"); words that
# are also common small words elsewhere ("to", "on", "en") are left out.
_NOT_HOURS = frozenset({"to", "on", "en", "et", "ei", "um", "un", "ni", "ti"})
_SPELLED_HOURS = {
    _phrase_key(word): value
    for language, values in lexicon.CARDINALS.items() if language not in ("ja", "zh")
    for value, words in enumerate(values[:12], start=1)
    for word in words if _phrase_key(word) not in _NOT_HOURS
}
_SPELLED = "|".join(sorted(map(re.escape, _SPELLED_HOURS), key=len, reverse=True))
_SPELLED_HOUR = re.compile(
    rf"\b(?:({_AT_WORDS})\s+({_SPELLED})\b|({_SPELLED})\s*(?=(?:{_CLOCK_UNITS})(?!\w)))"
)


def _hours(hour: int, meridiem: str | None) -> frozenset[int]:
    """The hours a spoken hour may mean: "9" is 09 or 21 unless am/pm or 24-hour form says."""
    if meridiem == "a":
        return frozenset({hour % 12})
    if meridiem == "p":
        return frozenset({hour % 12 + 12})
    if hour == 0 or hour > 12:
        return frozenset({hour % 24})
    return frozenset({hour % 12, hour % 12 + 12})


def _hour_in_digits(match: re.Match[str]) -> str:
    at, after_at, before_unit = match.groups()
    if at is not None:
        return f"{at} {_SPELLED_HOURS[_phrase_key(after_at)]}"
    return f"{_SPELLED_HOURS[_phrase_key(before_unit)]} "


def _cjk_number(text: str) -> int:
    if text.isdecimal():
        return int(text)
    if len(text) == 1:
        return _CJK_DIGITS[text]
    tens, _, units = text.partition("十")
    return _CJK_DIGITS.get(tens, 1) * 10 + (_CJK_DIGITS.get(units, 0) if units else 0)


def _lift_times(text: str, language: str | None = None) -> tuple[str, list[_Unit]]:
    """Take the clock times out of the folded reply (in `language`, when known); returns the
    rest and the times."""
    times: list[_Unit] = []
    text = _SPELLED_HOUR.sub(_hour_in_digits, text)
    if text.isascii() and _DIGIT.search(text) is None:
        # Most replies ("yes", "the second one") hold no digit once spelled hours are
        # written in digits, and every pattern below but the CJK one needs a digit.
        return text, times

    def keep(time: _ClockTime, match: re.Match[str]) -> str:
        times.append(_Unit(_Sense(_Kind.CLOCK, time), match.group(0).strip()))
        return f" {chr(_TIME_MARK + len(times) - 1)} "

    def on_range(m: re.Match[str]) -> str:
        hour, minute, meridiem, end_hour, end_minute, end_meridiem = m.groups()
        end = (_hours(int(end_hour), end_meridiem), int(end_minute or 0))
        return keep(_ClockTime(_hours(int(hour), meridiem or end_meridiem), int(minute or 0),
                               end), m)

    def on_cjk(m: re.Match[str]) -> str:
        period, hour = m.group(1), _cjk_number(m.group(2))
        minute = int(m.group(3)) if m.group(3) else None
        if m.group(4):
            minute = 30 if m.group(4) == "半" else int(m.group(4).rstrip("分 "))
        meridiem = "a" if period in _AM_PERIODS else "p" if period in _PM_PERIODS else None
        if period == "中午" and hour >= 11:
            meridiem = None
        return keep(_ClockTime(_hours(hour, meridiem), minute), m)

    def on_meridiem(m: re.Match[str]) -> str:
        minute = int(m.group(2)) if m.group(2) else None
        return keep(_ClockTime(_hours(int(m.group(1)), m.group(3)), minute), m)

    def on_hour_minute(m: re.Match[str]) -> str:
        return keep(_ClockTime(_hours(int(m.group(1)), None), int(m.group(2))), m)

    def on_hour(m: re.Match[str]) -> str:
        hour = int(next(g for g in m.groups() if g is not None))
        return keep(_ClockTime(_hours(hour, None), None), m)

    text = _RANGE.sub(on_range, text)
    if not text.isascii():
        text = _CJK_TIME.sub(on_cjk, text)
    text = _MERIDIEM_TIME.sub(on_meridiem, text)
    text = _HOUR_MINUTE.sub(on_hour_minute, text)
    text = _HOUR_WORD.sub(on_hour, text)
    text = _HOUR_AFTER_WORD.sub(on_hour, text)
    if language in _HOUR_AFTER_WORD_IN:
        text = _HOUR_AFTER_WORD_IN[language].sub(on_hour, text)
    return text, times


# --- the lexicon, compiled -----------------------------------------------------------------


def _lexicon_senses() -> Iterable[tuple[str, str, _Sense]]:
    """Every (language, entry, sense) the lexicon defines."""
    for language, kinds in (*lexicon.WORDS.items(), *lexicon.SUPERLATIVES.items()):
        for word_kind, entries in kinds.items():
            if word_kind is WordKind.NUMBER_SUFFIX:
                continue
            for entry in entries:
                yield language, entry, _Sense(_KIND_OF_WORD[word_kind])
    for language, positions in lexicon.ORDINALS.items():
        for position, entries in enumerate(positions, start=1):
            for entry in entries:
                yield language, entry, _Sense(_Kind.ORDINAL, position)
    for language, values in lexicon.CARDINALS.items():
        for value, entries in enumerate(values, start=1):
            for entry in entries:
                kind = _Kind.WEAK_NUMBER if entry in lexicon.WEAK_CARDINALS else _Kind.NUMBER
                yield language, entry, _Sense(kind, value)
    for language, days in lexicon.WEEKDAYS.items():
        for day, entries in enumerate(days):
            for entry in entries:
                yield language, entry, _Sense(_Kind.WEEKDAY, day)
    for language, parts in lexicon.TIMES_OF_DAY.items():
        for part, entries in parts.items():
            for entry in entries:
                yield language, entry, _Sense(_Kind.TIME_OF_DAY, part)
    for marker in lexicon.CORRECTION_MARKERS:
        yield "intl", marker, _Sense(_Kind.FILLER)
    for language, clocks in lexicon.CLOCK_WORDS.items():
        for clock, entries in clocks.items():
            hour, minute = int(clock[:2]), int(clock[3:])
            time = _ClockTime(frozenset({hour}), minute)
            for entry in entries:
                yield language, entry, _Sense(_Kind.CLOCK, time)


_FALSE_FRIENDS = frozenset(_phrase_key(w) for w in lexicon.ENGLISH_FALSE_FRIENDS)


def _build_table() -> dict[str, _Entry]:
    senses: dict[str, dict[str, _Sense]] = {}
    for language, entry, sense in _lexicon_senses():
        key = _phrase_key(entry)
        if key:
            senses.setdefault(key, {}).setdefault(language, sense)
    table: dict[str, _Entry] = {}
    for key, by_language in senses.items():
        if key in _FALSE_FRIENDS and "en" not in by_language:
            table[key] = _Entry(_Sense(_Kind.UNKNOWN), by_language)
            continue
        distinct = set(by_language.values())
        if len(distinct) == 1:
            table[key] = _Entry(next(iter(distinct)), None)
            continue
        default_language = lexicon.CROSS_LANGUAGE_DEFAULTS.get(key)
        if default_language not in by_language:
            default_language = next(lang for lang in lexicon.LANGUAGES if lang in by_language)
        table[key] = _Entry(by_language[default_language], by_language)
    return table


def _build_action_tables(base: dict[str, _Entry]) -> dict[str | None, dict[str, _Entry]]:
    """One table per confirm action: its action words confirm and its reversals reject."""
    tables: dict[str | None, dict[str, _Entry]] = {None: base}
    for action in set(lexicon.QUESTION_ACTIONS.values()):
        table = dict(base)
        for words, kind in (
            (lexicon.ACTION_WORDS.get(action, {}), _Kind.AFFIRM),
            (lexicon.ACTION_REVERSALS.get(action, {}), _Kind.NEGATE),
        ):
            for entries in words.values():
                for entry in entries:
                    table[_phrase_key(entry)] = _Entry(_Sense(kind), None)
        tables[action] = table
    return tables


_TABLES = _build_action_tables(_build_table())
_MAX_PHRASE_WORDS = max(key.count(" ") + 1 for table in _TABLES.values() for key in table)
_PHRASE_STARTS = frozenset(
    key.split(" ", 1)[0] for table in _TABLES.values() for key in table if " " in key
)
_CJK_WORDS = frozenset(
    key for table in _TABLES.values() for key in table if _CJK_RUN.search(key)
)
_NUMBER_SUFFIXES = frozenset(
    _phrase_key(entry)
    for kinds in lexicon.WORDS.values()
    for entry in kinds.get(WordKind.NUMBER_SUFFIX, ())
)
_CJK_VOCABULARY = _CJK_WORDS | {s for s in _NUMBER_SUFFIXES if _CJK_RUN.search(s)}
_MAX_CJK_WORD = max(len(word) for word in _CJK_VOCABULARY)
_NEGATING_PARTICLES = frozenset(_phrase_key(p) for p in lexicon.NEGATING_PARTICLES)
_BARE_YES = frozenset(_phrase_key(w) for w in lexicon.BARE_YES_WORDS)
_PLEASE_ALONE = frozenset(_phrase_key(w) for w in lexicon.PLEASE_ALONE_WORDS)


def _language(locale: str | None) -> str | None:
    if not locale:
        return None
    language = locale.replace("_", "-").split("-", 1)[0].lower()
    return lexicon.LOCALE_ALIASES.get(language, language)


def _split_cjk(run: str) -> list[str]:
    """Longest-match split of a CJK run into known words; unknown stretches stay together."""
    words: list[str] = []
    unknown_start = -1
    i = 0
    while i < len(run):
        for size in range(min(_MAX_CJK_WORD, len(run) - i), 0, -1):
            if run[i : i + size] in _CJK_VOCABULARY:
                if unknown_start >= 0:
                    words.append(run[unknown_start:i])
                    unknown_start = -1
                words.append(run[i : i + size])
                i += size
                break
        else:
            if unknown_start < 0:
                unknown_start = i
            i += 1
    if unknown_start >= 0:
        words.append(run[unknown_start:])
    return words


def _tokens(text: str) -> list[str]:
    tokens: list[str] = []
    for token in _TOKEN.findall(text):
        if token[0] >= "\u3005" and _CJK_RUN.match(token):
            tokens.extend(_split_cjk(token))
        else:
            tokens.append(token)
    return tokens


def _sense(entry: _Entry, language: str | None) -> _Sense:
    if entry.by_language is not None and language is not None:
        return entry.by_language.get(language, entry.default)
    return entry.default


def _read(
    text: str, times: list[_Unit], table: dict[str, _Entry], language: str | None
) -> list[_Unit]:
    """The reply's words, phrases and lifted clock times in order, each with its sense
    (UNKNOWN when not in the lexicon)."""
    tokens = _tokens(text)
    units: list[_Unit] = []
    i = 0
    while i < len(tokens):
        token = tokens[i]
        if len(token) == 1 and _TIME_MARK <= ord(token) < _TIME_MARK + len(times):
            units.append(times[ord(token) - _TIME_MARK])
            i += 1
            continue
        if token == _SEPARATOR_MARK:
            units.append(_Unit(_Sense(_Kind.SEPARATOR), ","))
            i += 1
            continue
        if token.isdecimal():
            units.append(_Unit(_Sense(_Kind.NUMBER, int(token)), token))
            i += 1
            if i < len(tokens) and tokens[i] in _NUMBER_SUFFIXES:
                i += 1
            continue
        size = min(_MAX_PHRASE_WORDS, len(tokens) - i) if token in _PHRASE_STARTS else 1
        for width in range(size, 0, -1):
            key = " ".join(tokens[i : i + width]) if width > 1 else token
            entry = table.get(key)
            if entry is not None:
                units.append(_Unit(_sense(entry, language), key))
                i += width
                break
        else:
            entry = table.get(_REPEATS.sub(r"\1", token))  # "yesss", "nooo", "okkk"
            sense = _sense(entry, language) if entry else _Sense(_Kind.UNKNOWN)
            units.append(_Unit(sense, token))
            i += 1
        if units[-1].sense.kind in (_Kind.NUMBER, _Kind.WEAK_NUMBER) and (
            i < len(tokens) and tokens[i] in _NUMBER_SUFFIXES
        ):
            i += 1
    return _occasions_counted(units)


_OCCASIONS = frozenset(word for words in lexicon.OCCASION_NOUNS.values() for word in words)


def _occasions_counted(units: list[_Unit]) -> list[_Unit]:
    """An ordinal before a noun of an occasion counts times ("no, it's the first time", "das
    erste Mal", "第一次"): neither word points at an option."""
    if not any(unit.text in _OCCASIONS for unit in units):
        return units
    read = list(units)
    for at in range(len(read) - 1):
        if read[at].sense.kind in (_Kind.ORDINAL, _Kind.LAST) and read[at + 1].text in _OCCASIONS:
            read[at] = _Unit(_Sense(_Kind.UNKNOWN), read[at].text)
            read[at + 1] = _Unit(_Sense(_Kind.UNKNOWN), read[at + 1].text)
    return read


# --- questions and options -----------------------------------------------------------------


class _Question(NamedTuple):
    """What a question id says: whether it expects yes/no, and the action it confirms."""

    is_confirm: bool
    action: str | None


@lru_cache(maxsize=64)
def _question(question: str) -> _Question:
    parts = str(question).lower().split("_")
    action = next((lexicon.QUESTION_ACTIONS[p] for p in parts if p in lexicon.QUESTION_ACTIONS),
                  None)
    is_confirm = parts[0] == "confirm"
    return _Question(is_confirm, action if is_confirm else None)


class _OptionIndex(NamedTuple):
    """The offered options in order (positions 0..n-1) with what replies are matched against."""

    options: tuple[ChoiceOption, ...]
    by_number: dict[int, int]  # the number shown to the user (index + 1) -> position
    exact: dict[str, int]  # folded label, option id or value -> position
    label_words: dict[str, frozenset[int]]  # distinctive label word -> positions
    parts_of_day: tuple[TimeOfDay | None, ...]
    weekdays: tuple[frozenset[int], ...]  # the days a label names
    month_days: tuple[int | None, ...]  # the day of the month of a dated label ("ven 4 dic")
    starts: tuple[tuple[int, int] | None, ...]
    ends: tuple[tuple[int, int] | None, ...]
    minutes_long: tuple[float | None, ...]


def _hh_mm(value: str | None) -> tuple[int, int] | None:
    return (int(value[:2]), int(value[3:])) if value else None


_LABEL_DAYS = {
    _phrase_key(short): day
    for shorts in lexicon.LABEL_WEEKDAYS.values()
    for day, short in enumerate(shorts)
}
_BRACKETED_LABEL_DAYS = {
    short: day
    for shorts in lexicon.BRACKETED_LABEL_WEEKDAYS.values()
    for day, short in enumerate(shorts)
}
_BRACKETED_LABEL_DAY = re.compile(
    "[(\uff08](" + "|".join(map(re.escape, _BRACKETED_LABEL_DAYS)) + ")[)\uff09]")
_MONTH_DAY_MARKERS = {
    language: frozenset(_phrase_key(word) for word in words)
    for language, words in lexicon.MONTH_DAY_MARKERS.items()
}
_MONTH_NAMES = frozenset(lexicon.MONTH_NAMES)
_MONTH_OF = frozenset({"of", "de"})  # "the 2nd of december", "2 de diciembre"
_LEADING_DIGITS = re.compile(r"\d+")
_DAY_ORDINALS = {
    language: {_phrase_key(word): day for word, day in words.items()}
    for language, words in lexicon.DAY_ORDINALS.items()
}


@lru_cache(maxsize=256)
def _option_index(options: tuple[ChoiceOption, ...]) -> _OptionIndex:
    ordered = tuple(sorted(options, key=lambda o: o.index))
    exact: dict[str, int] = {}
    words: dict[str, set[int]] = {}
    parts: list[TimeOfDay | None] = []
    weekdays: list[frozenset[int]] = []
    month_days: list[int | None] = []
    for position, option in enumerate(ordered):
        for name in (option.option_id, option.value, option.label):
            key = _phrase_key(name) if name else ""
            if key and (name == option.label or not key.replace(" ", "").isdecimal()):
                # a label shared by two options names neither
                exact[key] = position if exact.get(key, position) == position else -1
        label_text, label_times = _lift_times(_fold(option.label))
        label_part = None
        label_days: set[int] = set()
        label_units = _read(label_text, label_times, _TABLES[None], None)
        if label_units and label_units[0].text in _LABEL_DAYS:
            # A date label opens with its short weekday; later, "mar" may be March.
            label_days.add(_LABEL_DAYS[label_units[0].text])
        dated = len(label_units) > 1 and (
            label_units[0].text in _LABEL_DAYS or label_units[0].sense.kind is _Kind.WEEKDAY)
        month_days.append(int(label_units[1].text)
                          if dated and label_units[1].text.isdecimal()
                          else _cjk_month_day(label_units, 0))
        for unit in label_units:
            kind, value = unit.sense
            if kind in (_Kind.UNKNOWN, _Kind.HEDGE) and not unit.text.isdecimal():
                words.setdefault(unit.text, set()).add(position)
            elif kind is _Kind.TIME_OF_DAY and isinstance(value, TimeOfDay):
                label_part = value
            elif kind is _Kind.WEEKDAY and isinstance(value, int):
                label_days.add(value)
        parts.append(option.time_of_day or label_part or (
            TimeOfDay.of_hour(int(option.start[:2])) if option.start else None))
        bracketed = _BRACKETED_LABEL_DAY.search(option.label)
        if bracketed is not None:
            label_days.add(_BRACKETED_LABEL_DAYS[bracketed.group(1)])
        weekdays.append(frozenset(label_days))
    return _OptionIndex(
        options=ordered,
        by_number={option.index + 1: position for position, option in enumerate(ordered)},
        exact=exact,
        label_words={word: frozenset(found) for word, found in words.items()},
        parts_of_day=tuple(parts),
        weekdays=tuple(weekdays),
        month_days=tuple(month_days),
        starts=tuple(_hh_mm(o.start) for o in ordered),
        ends=tuple(_hh_mm(o.end) for o in ordered),
        minutes_long=tuple(_minutes_long(o) for o in ordered),
    )


def _minutes_long(option: ChoiceOption) -> float | None:
    if option.duration_hours is not None:
        return option.duration_hours * 60
    start, end = _hh_mm(option.start), _hh_mm(option.end)
    if start is None or end is None:
        return None
    return ((end[0] - start[0]) * 60 + end[1] - start[1]) % (24 * 60) or 24 * 60


def _moments(options: Sequence[ChoiceOption]) -> tuple[datetime | None, ...]:
    """When each option starts, for options whose value is a "<start>/<end>" ISO 8601 slot."""
    moments: list[datetime | None] = []
    for option in options:
        try:
            start = datetime.fromisoformat((option.value or "").partition("/")[0])
        except ValueError:
            start = None
        moments.append(start if start is not None and start.tzinfo is not None else None)
    return tuple(moments)


def _extreme(
    values: Sequence[float | tuple[int, int] | datetime | None], *, highest: bool
) -> frozenset[int]:
    """Positions holding the lowest (or highest) known value."""
    known = [v for v in values if v is not None]
    if not known:
        return frozenset()
    target = max(known) if highest else min(known)
    return frozenset(i for i, v in enumerate(values) if v == target)


def _matching(index: _OptionIndex, sense: _Sense) -> frozenset[int]:
    """Positions of the options a selecting word points at (empty when none)."""
    count = len(index.options)
    value = sense.value
    if sense.kind in (_Kind.NUMBER, _Kind.WEAK_NUMBER):  # the number on the button or list
        assert isinstance(value, int)
        position = index.by_number.get(value)
        return frozenset() if position is None else frozenset({position})
    if sense.kind is _Kind.ORDINAL:
        assert isinstance(value, int)
        return frozenset({value - 1}) if 1 <= value <= count else frozenset()
    if sense.kind is _Kind.LAST:
        return frozenset({count - 1})
    if sense.kind is _Kind.MIDDLE:
        return frozenset({count // 2}) if count % 2 == 1 and count > 1 else frozenset()
    if sense.kind in (_Kind.EARLIEST, _Kind.LATEST):
        # Times on several days ("Fri 09:00", "Tue 09:00"): the earliest is the first moment,
        # not the first clock time.
        moments = _moments(index.options)
        return _extreme(moments if all(moments) else index.starts,
                        highest=sense.kind is _Kind.LATEST)
    if sense.kind in (_Kind.LONGEST, _Kind.SHORTEST):
        return _extreme(index.minutes_long, highest=sense.kind is _Kind.LONGEST)
    if sense.kind is _Kind.TIME_OF_DAY:
        return frozenset(i for i, part in enumerate(index.parts_of_day) if part == value)
    if sense.kind is _Kind.WEEKDAY:
        return frozenset(i for i, days in enumerate(index.weekdays) if value in days)
    if sense.kind is _Kind.MONTH_DAY:
        return frozenset(i for i, day in enumerate(index.month_days) if day == value)
    if sense.kind is _Kind.CLOCK:
        assert isinstance(value, _ClockTime)
        return _matching_time(index, value)
    return frozenset()


def _matching_time(index: _OptionIndex, time: _ClockTime) -> frozenset[int]:
    if time.end is not None:
        end_hours, end_minute = time.end
        return frozenset(
            i for i, (s, e) in enumerate(zip(index.starts, index.ends, strict=True))
            if s is not None and e is not None and s[0] in time.hours and s[1] == time.minute
            and e[0] in end_hours and e[1] == end_minute
        )
    on_hour = frozenset(
        i for i, s in enumerate(index.starts)
        if s is not None and s[0] in time.hours and s[1] == (time.minute or 0)
    )
    if on_hour or time.minute is not None:
        return on_hour
    return frozenset(
        i for i, s in enumerate(index.starts) if s is not None and s[0] in time.hours
    )


# --- deciding ------------------------------------------------------------------------------


def _unknown(reason: str, unplaced: Sequence[str] = ()) -> InterpretedReply:
    return InterpretedReply(ReplyIntent.UNKNOWN, 0.0, None, reason, tuple(unplaced))


def _fold_negations(units: list[_Unit]) -> list[_Unit]:
    """The meaningful units with "not"-words applied: to the yes next to them ("not ok",
    "das stimmt nicht" and "tamam değil" are noes) and to the selection after them ("not the
    first one")."""
    meaningful = [u for u in units if u.sense.kind not in (_Kind.FILLER, _Kind.SEPARATOR)]
    folded: list[_Unit] = []
    negating = False
    for i, unit in enumerate(meaningful):
        kind = unit.sense.kind
        following = meaningful[i + 1].sense.kind if i + 1 < len(meaningful) else None
        if negating and kind is _Kind.AFFIRM and not (
            folded[-1].text in _NEGATING_PARTICLES and unit.text in _BARE_YES
        ):
            folded[-1] = _Unit(_Sense(_Kind.NEGATE), f"{folded[-1].text} {unit.text}")
        elif negating and folded[-1].sense.kind is _Kind.NEGATOR and (
            kind in _SELECTORS or kind is _Kind.WEAK_NUMBER
        ):
            folded[-1] = _Unit(_Sense(_Kind.EXCLUDED, unit.sense), f"not {unit.text}")
        elif (
            kind is _Kind.POST_NEGATOR
            or (kind is _Kind.NEGATOR and following is not _Kind.AFFIRM
                and following not in _SELECTORS and following is not _Kind.WEAK_NUMBER)
        ) and folded and folded[-1].sense.kind is _Kind.AFFIRM:
            folded[-1] = _Unit(_Sense(_Kind.NEGATE), f"{folded[-1].text} {unit.text}")
            negating = False
            continue
        else:
            folded.append(unit)
        negating = kind is _Kind.NEGATOR or (
            kind is _Kind.NEGATE and unit.text in _NEGATING_PARTICLES
        )
    return folded


_NEGATIONS = frozenset({_Kind.NEGATE, _Kind.NEGATOR, _Kind.POST_NEGATOR})
_CORRECTION_MARKERS = frozenset(_phrase_key(m) for m in lexicon.CORRECTION_MARKERS)
_ACTION_VERBS = frozenset(
    _phrase_key(entry)
    for by_language in lexicon.ACTION_WORDS.values()
    for entries in by_language.values()
    for entry in entries
)  # "cancel 2" at the list of shifts to cancel chooses 2; it does not refuse


def _negated_selection(units: list[_Unit]) -> str | None:
    """The negative words that rule out the choice after them ("don't cancel 1", "never 3",
    "no el 1", "nope 2"), or None. A comma or a correcting word in between ("no, the second",
    "non plutôt le soir") makes the choice a correction; "not" right before a choice is an
    exclusion ("the morning one, not the evening") and is read as one."""
    negation: list[str] = []
    previous: _Unit | None = None
    for unit in units:
        kind = unit.sense.kind
        if kind is _Kind.SEPARATOR or unit.text in _CORRECTION_MARKERS or (
            previous is not None and f"{previous.text} {unit.text}" in _CORRECTION_MARKERS
        ):
            negation = []
        elif kind in _NEGATIONS and unit.text not in _ACTION_VERBS:
            negation.append(unit.text)
        elif (
            negation and (kind in _SELECTORS or kind is _Kind.WEAK_NUMBER)
            and (previous is None or previous.sense.kind is not _Kind.NEGATOR)
        ):
            return " ".join([*negation, unit.text])
        if kind is not _Kind.FILLER:
            previous = unit
    return _negated_after(units)


def _negated_after(units: list[_Unit]) -> str | None:
    """A choice with a "not" after it ("1じゃない", "birinci değil", "2 nope"), unless the
    "not" leads on to another choice ("1 not 2")."""
    sequence = [u for u in units if u.sense.kind is not _Kind.FILLER]
    choosing = (*_SELECTORS, _Kind.WEAK_NUMBER)
    for i, unit in enumerate(sequence[1:], start=1):
        if unit.sense.kind not in _NEGATIONS or unit.text in _ACTION_VERBS:
            continue
        following = sequence[i + 1].sense.kind if i + 1 < len(sequence) else None
        if sequence[i - 1].sense.kind in choosing and following not in choosing:
            return f"{sequence[i - 1].text} {unit.text}"
    return None


def _label_words(units: list[_Unit], index: _OptionIndex | None) -> list[_Unit]:
    """Words of the reply that name an option by its label ("early", a person's name)."""
    if index is None or not index.label_words:
        return units
    return [
        _Unit(_Sense(_Kind.LABEL), u.text)
        if u.sense.kind in (_Kind.UNKNOWN, _Kind.HEDGE) and u.text in index.label_words
        else u
        for u in units
    ]


def _qualified_label(units: list[_Unit]) -> str | None:
    """A word no option has, written right before a word of a meeting's label ("the budget
    review" at a list holding the "Rota review"): the reply names another meeting that shares a
    word with an option, not that option. Short pieces ("bob's" folds to "bob s") and words
    after the label's ("the rota review thingy") are left alone."""
    for i, unit in enumerate(units):
        if unit.sense.kind is not _Kind.UNKNOWN or len(unit.text) < _QUALIFIER_LENGTH \
                or not unit.text.isalpha():
            continue
        if i + 1 < len(units) and units[i + 1].sense.kind is _Kind.LABEL:
            return f"{unit.text} {units[i + 1].text}"
    return None


def _found(index: _OptionIndex, unit: _Unit, with_part_of_day: bool) -> frozenset[int]:
    """Positions a selecting unit points at. Next to a part of the day a number may be an hour
    ("3 in the afternoon"), so it points at both readings."""
    sense = unit.sense
    if sense.kind is _Kind.LABEL:
        return index.label_words[unit.text]
    found = _matching(index, sense)
    if with_part_of_day and sense.kind is _Kind.NUMBER and isinstance(sense.value, int):
        found |= _matching_time(index, _ClockTime(_hours(sense.value % 24, None), None))
    return found


def _weak_numbers(units: list[_Unit]) -> list[_Unit]:
    """Number words that are also articles or pronouns ("one", "un", "ein"), except right
    after a word they stand for ("the second one", "the morning one")."""
    return [
        unit for i, unit in enumerate(units)
        if unit.sense.kind is _Kind.WEAK_NUMBER and not (
            i > 0 and (units[i - 1].sense.kind in _SELECTORS
                       or units[i - 1].sense.kind is _Kind.UNKNOWN)
        )
    ]


def _select(
    units: list[_Unit], index: _OptionIndex, confidence: float
) -> InterpretedReply | None:
    """The option the selecting words agree on, unknown when they do not, None when the reply
    has no selecting words."""
    selectors = [u for u in units if u.sense.kind in _SELECTORS]
    excluded = [u for u in units if u.sense.kind is _Kind.EXCLUDED]
    weak = _weak_numbers(units)
    if not selectors and not excluded:
        selectors = weak
        confidence = min(confidence, 0.85)
    elif any(u.sense.kind in _POSITIONAL for u in selectors):
        selectors += weak  # "one or two" names two positions; "un soir" names one shift
    if not selectors and not excluded:
        return None
    if not selectors:
        return _unknown(f"only rules out: '{' '.join(u.text for u in excluded)}'")
    with_part_of_day = any(u.sense.kind is _Kind.TIME_OF_DAY for u in selectors)
    remaining = frozenset(range(len(index.options)))
    for unit in selectors:
        found = _found(index, unit, with_part_of_day)
        if not found:
            return _unknown(f"no option matches '{unit.text}'")
        if not remaining & found:
            return _unknown(f"conflicting: '{unit.text}' points elsewhere")
        remaining &= found
    for unit in excluded:
        assert isinstance(unit.sense.value, _Sense)
        remaining -= _found(index, _Unit(unit.sense.value, unit.text[4:]), with_part_of_day)
        confidence = min(confidence, 0.8)
    words = " ".join(u.text for u in selectors + excluded)
    if len(remaining) > 1:
        ids = tuple(index.options[i].option_id for i in sorted(remaining))
        return InterpretedReply(ReplyIntent.UNKNOWN, 0.0, None,
                                f"ambiguous: '{words}' matches {', '.join(ids)}",
                                narrowed_to=ids if len(ids) < len(index.options) else ())
    if not remaining:
        return _unknown(f"no option left after '{words}'")
    option = index.options[next(iter(remaining))]
    kinds = "/".join(sorted({u.sense.kind.value for u in selectors + excluded}))
    return InterpretedReply(ReplyIntent.SELECT, confidence, option.option_id,
                            f"{kinds} '{words}'")


def _decide(
    units: list[_Unit], index: _OptionIndex | None, asks_back: bool, *, titled: bool = False
) -> InterpretedReply:
    units = _label_words(units, index)
    if index is not None:
        units = _waits_before_a_choice(units)
    units = _waits_before_a_refusal(units)
    for unit in units:
        if unit.sense.kind is _Kind.QUESTION:
            return _unknown(f"asks back: '{unit.text}'")
        if unit.sense.kind is _Kind.HEDGE:
            return _unknown(f"hedges: '{unit.text}'")
    meaningful = _fold_negations(units)
    if index is None:  # numbers and times mean nothing at a yes/no question
        conditions = [
            u.text for u in meaningful
            if u.sense.kind in _SELECTORS or u.sense.kind in (_Kind.WEAK_NUMBER, _Kind.EXCLUDED)
        ]
        if conditions and any(u.sense.kind is _Kind.AFFIRM for u in meaningful):
            # "yes, at 4", "ok friday", "sí, mañana": a yes with a time or a choice is a
            # change, never a plain yes to what was asked.
            return _unknown(f"a yes with a condition: '{' '.join(conditions)}'")
        meaningful = [
            _Unit(_Sense(_Kind.UNKNOWN), u.text)
            if u.sense.kind in _SELECTORS or u.sense.kind in (_Kind.WEAK_NUMBER, _Kind.EXCLUDED)
            else u
            for u in meaningful
        ]
    unplaced = [u.text for u in meaningful if u.sense.kind is _Kind.UNKNOWN]
    signals = len(meaningful) - len(unplaced)
    if not meaningful:
        return _unknown("no meaningful words")
    if unplaced and (len(unplaced) > 1 or signals == 0):
        return _unknown(f"unrecognised: '{' '.join(unplaced)}'", unplaced)
    qualified = _qualified_label(units) if titled else None
    if qualified is not None:
        return _unknown(f"names something no option is called: '{qualified}'", unplaced)
    adverb = _ordinal_adverb(units) if unplaced and index is not None else None
    if adverb is not None:
        return _unknown(f"'{adverb}' says when, not which: '{' '.join(unplaced)} {adverb}'",
                        unplaced)
    confidence = _SLACK_CONFIDENCE if unplaced else 0.95
    if index is not None:
        negation = _negated_selection(units)
        if negation is not None:
            return _unknown(f"negated choice: '{negation}'")
        selected = _select(meaningful, index, confidence)
        if selected is not None:
            if asks_back and selected.intent is ReplyIntent.SELECT:
                return _unknown(f"asks back about a choice ({selected.reasoning})")
            return selected
    if asks_back:
        return _unknown("asks back: ends with a question mark")
    affirms = [u.text for u in meaningful if u.sense.kind is _Kind.AFFIRM]
    negates = [
        u.text for u in meaningful if u.sense.kind in (_Kind.NEGATE, _Kind.NEGATOR,
                                                         _Kind.POST_NEGATOR)
    ]
    if affirms and negates:
        return _unknown(f"contradictory: '{' '.join(affirms)}' and '{' '.join(negates)}'")
    if affirms:
        if index is None:
            return InterpretedReply(ReplyIntent.CONFIRM, confidence, None,
                                    f"affirmative '{' '.join(affirms)}'")
        if len(index.options) == 1:
            return InterpretedReply(ReplyIntent.SELECT, min(confidence, 0.9),
                                    index.options[0].option_id, "affirmative, single option")
        return _unknown("affirmative, but several options")
    if negates:
        return InterpretedReply(ReplyIntent.REJECT, confidence, None,
                                f"negative '{' '.join(negates)}'")
    return _unknown(f"no decision: '{' '.join(u.text for u in meaningful)}'", unplaced)


def interpret_reply(
    text: str,
    question: str,
    options: Sequence[ChoiceOption],
    locale: str | None = None,
) -> InterpretedReply:
    """What `text` means as an answer to `question` (a QuestionId value or any id:
    `select_*` questions offer `options`, `confirm_*` questions expect yes or no).

    `locale` ("fr-FR", "ja") only decides between meanings a word has in different languages.
    Never raises on odd input; when unsure the intent is `unknown`.
    """
    # One turn reads its reply against the same options several times (a flow's own checks,
    # then its prompt): the answer is computed once. The options of a turn are the same
    # objects each time, so the cache compares them by identity first.
    text = text or ""  # a card submit may carry no text at all
    if len(text) > _MAX_REPLY_CHARS:
        return _unknown("too long for a short reply")
    return _interpret(text, question, tuple(options), locale)


def forget_readings() -> None:
    """Empty the cache of replies already read (for benchmarks that time a first reading)."""
    _interpret.cache_clear()


@lru_cache(maxsize=64)
def _interpret(
    text: str, question: str, options: tuple[ChoiceOption, ...], locale: str | None
) -> InterpretedReply:
    profile = _question(question)
    index = _option_index(options) if options and not profile.is_confirm else None
    if index is not None and (has_kana(text) or has_hanzi(text)):
        # "ボブ・スミス", "田中さん" and "鲍勃·史密斯" name the options "Bob Smith (sales
        # associate)" and "Yuki Tanaka" as Japanese and Chinese write them.
        label_words = [w for w in index.label_words if w.isascii()]
        text = spell_kanji_names(text, label_words)
        text = spell_hanzi_names(spell_kana_names(text, label_words), label_words)
    folded = _fold(text)
    if index is not None:
        position = index.exact.get(" ".join(_TOKEN.findall(folded)), -1)
        if position >= 0:
            option = index.options[position]
            return InterpretedReply(ReplyIntent.SELECT, 0.99, option.option_id, "option named")
    if index is not None and _NEGATIVE_NUMBER.search(folded):
        return _unknown("a negative number names no option")
    if profile.is_confirm and " ".join(_TOKEN.findall(folded)) in _PLEASE_ALONE \
            and not folded.rstrip().endswith(_ASKS_BACK):
        return InterpretedReply(ReplyIntent.CONFIRM, 0.95, None, "a please alone")
    language = _language(locale)
    rest, times = _lift_times(folded, language)
    rest = _SEPARATORS.sub(f" {_SEPARATOR_MARK} ", rest)
    units = _read(rest, times, _TABLES[profile.action], language)
    if not units:
        return _unknown("empty reply")
    if index is None:
        condition = _condition_on_yes(units, text, folded, language)
        if condition is not None:
            return _unknown(f"a yes with a condition: '{condition}'")
    if index is not None and language in _DAY_ORDINALS:
        units = _days_over_ordinals(units, index, _DAY_ORDINALS[language])
    if index is not None and any(index.month_days):
        units = _dated_numbers(units)
        if language in _MONTH_DAY_MARKERS:
            units = _month_days(units, _MONTH_DAY_MARKERS[language])
    # Meetings are told apart by their titles: "the budget review" is not the "Rota review".
    # A list of people or shifts is not: "celle avec alice" picks Alice.
    return _decide(units, index, folded.rstrip().endswith(_ASKS_BACK),
                   titled=question == QuestionId.SELECT_MEETING)


_WAIT_WORDS = frozenset(_phrase_key(word) for word in lexicon.WAIT_WORDS)
_CONDITION_KEYS = tuple(_phrase_key(word) for word in lexicon.CONDITION_WORDS)
# Japanese writes its conditions into the word ("チェンさんが良ければ"): found anywhere.
_CJK_CONDITIONS = tuple(key for key in _CONDITION_KEYS if _CJK_RUN.match(key))
# Longest first: "それならば" goes whole, not leaving "ば".
_CONDITION_CONNECTIVES = re.compile(r"(?<!\w)(?:" + "|".join(
    re.escape(key) for key in sorted(
        (_phrase_key(word) for word in lexicon.CONDITION_CONNECTIVES), key=len, reverse=True)
) + ")")
_WORD_CONDITIONS = re.compile(
    r"(?<!\S)(?:" + "|".join(re.escape(key) for key in _CONDITION_KEYS
                             if not _CJK_RUN.match(key)) + r")(?!\S)"
)
_SI = "si"
# "si" typed without its accent: in Spanish "sí" is yes and "si" if, though many type the yes
# without the accent too.
_UNACCENTED_SI = re.compile(r"(?<!\w)si(?!\w)", re.IGNORECASE)


def _condition_on_yes(
    units: list[_Unit], text: str, folded: str, language: str | None
) -> str | None:
    """The words that make a yes conditional ("yes if Chen agrees", "oui si Chen est
    d'accord", "si quieres"), or None: such a yes is no answer to "shall I apply this?"."""
    if not any(unit.sense.kind is _Kind.AFFIRM for unit in units):
        return None
    found = _WORD_CONDITIONS.search(" ".join(_TOKEN.findall(folded)))
    if found is not None:
        return found.group(0)
    unlinked = _CONDITION_CONNECTIVES.sub(" ", folded)
    for key in _CJK_CONDITIONS:
        if key in unlinked:
            return key
    if (language not in lexicon.SI_IS_ALSO_IF
            or not _UNACCENTED_SI.search(unicodedata.normalize("NFC", text))):
        return None
    # "si" is the if when words of a clause follow it ("si quieres", "oui si Chen est
    # d'accord"); said last ("vale, si", "ok si") or before a comma ("si, hazlo") it is yes.
    for i, unit in enumerate(units):
        if unit.text != _SI:
            continue
        after = next((u for u in units[i + 1:] if u.sense.kind is not _Kind.FILLER), None)
        if after is not None and after.sense.kind is _Kind.UNKNOWN:
            return f"{unit.text} {after.text}"
    return None


_ORDINAL_ADVERBS = frozenset(
    _phrase_key(word) for words in lexicon.ORDINAL_ADVERBS.values() for word in words
)
_ORDINAL_ARTICLES = frozenset(
    _phrase_key(word) for words in lexicon.ORDINAL_ARTICLES.values() for word in words
)
_ORDINAL_VERBS = frozenset(
    _phrase_key(word) for words in lexicon.ORDINAL_VERBS.values() for word in words
)


def _ordinal_adverb(units: list[_Unit]) -> str | None:
    """The ordinal of the reply that is the adverb "before that" ("change it first",
    "cámbialo primero"): one with no article nor verb of booking ("book first") before it;
    None when there is none."""
    for i, unit in enumerate(units):
        if unit.sense.kind is not _Kind.ORDINAL or unit.text not in _ORDINAL_ADVERBS:
            continue
        if i == 0 or units[i - 1].text not in _ORDINAL_ARTICLES | _ORDINAL_VERBS:
            return unit.text
    return None


def _waits_before_a_choice(units: list[_Unit]) -> list[_Unit]:
    """A "wait" with a choice after it corrects ("no wait, wednesday"): it is no hesitation."""
    return [
        _Unit(_Sense(_Kind.FILLER), unit.text)
        if unit.sense.kind is _Kind.HEDGE
        and (unit.text in _WAIT_WORDS or unit.text in _CORRECTION_MARKERS)
        and any(later.sense.kind in _SELECTORS for later in units[i + 1:])
        else unit
        for i, unit in enumerate(units)
    ]


_REFUSALS = frozenset({_Kind.NEGATE, _Kind.NEGATOR, _Kind.POST_NEGATOR})
_NOT_SAID = frozenset({_Kind.FILLER, _Kind.SEPARATOR})


def _waits_before_a_refusal(units: list[_Unit]) -> list[_Unit]:
    """A "wait" that a refusal closes, with no yes, is the refusal ("no wait, cancel", "attends
    non", "aspetta, annulla"): it asks for nothing to be done, which is what a no does. A
    "wait" said last ("no wait") stays a hesitation."""
    said = [unit for unit in units if unit.sense.kind not in _NOT_SAID]
    if (not said or said[-1].sense.kind not in _REFUSALS
            or any(unit.sense.kind is _Kind.AFFIRM for unit in said)):
        return units
    return [
        _Unit(_Sense(_Kind.FILLER), unit.text)
        if unit.sense.kind is _Kind.HEDGE and unit.text in _WAIT_WORDS
        else unit
        for unit in units
    ]


_CJK_MONTH = "月"
_CJK_DAY_MARKS = frozenset({"日", "号", "號"})


def _cjk_month_day(units: Sequence[_Unit], at: int) -> int | None:
    """The day of "12月1日" (Japanese and Chinese) read from `units[at]` on, if it is one."""
    if (len(units) > at + 2 and units[at].text.isdecimal()
            and units[at + 1].text == _CJK_MONTH and units[at + 2].text.isdecimal()):
        return int(units[at + 2].text)
    return None


def _dated_numbers(units: list[_Unit]) -> list[_Unit]:
    """A number next to a month name is a date: "le 2 decembre", "2 de diciembre", "den 2.
    Dezember", "dec 2", "12月2日" is the option on the 2nd, not the second option, and the
    month points at no option alone."""
    read = list(units)
    for i in range(len(read)):
        day = _cjk_month_day(read, i)
        if day is not None:
            after = [i + 3] if i + 3 < len(read) and read[i + 3].text in _CJK_DAY_MARKS else []
            for filler in (i, i + 1, *after):
                read[filler] = _Unit(_Sense(_Kind.FILLER), read[filler].text)
            read[i + 2] = _Unit(_Sense(_Kind.MONTH_DAY, day), read[i + 2].text)
    for i, unit in enumerate(read):
        if unit.text not in _MONTH_NAMES:
            continue
        # "de" in "2 de diciembre"; the German ordinal's dot ("2. Dezember") reads as a stop.
        between_words = i >= 2 and (read[i - 1].text in _MONTH_OF
                                    or read[i - 1].sense.kind is _Kind.SEPARATOR)
        before = i - 2 if between_words else i - 1
        for at in (before, i + 1):
            if not (0 <= at < len(read) and read[at].sense.kind in (_Kind.NUMBER, _Kind.ORDINAL)
                    and read[at].text[:1].isdecimal()):
                continue
            for between in range(min(at, i), max(at, i) + 1):  # the month and its "de"
                read[between] = _Unit(_Sense(_Kind.FILLER), read[between].text)
            day = int(_LEADING_DIGITS.match(read[at].text).group())  # type: ignore[union-attr]
            read[at] = _Unit(_Sense(_Kind.MONTH_DAY, day), read[at].text)
            break
    return read


def _month_days(units: list[_Unit], markers: frozenset[str]) -> list[_Unit]:
    """A number after "del", "do dia", "van de" is a date: "quello del 2" is the option on the
    2nd, not the second option."""
    read = list(units)
    for i in range(1, len(read)):
        if read[i].sense.kind is not _Kind.NUMBER:
            continue
        for width in (2, 1):
            before = read[max(i - width, 0):i]
            if len(before) == width and " ".join(u.text for u in before) in markers:
                read[i - width:i] = [_Unit(_Sense(_Kind.FILLER), u.text) for u in before]
                read[i] = _Unit(_Sense(_Kind.MONTH_DAY, read[i].sense.value), read[i].text)
                break
    return read


def _days_over_ordinals(
    units: list[_Unit], index: _OptionIndex, days: dict[str, int]
) -> list[_Unit]:
    """Ordinals that are also weekdays ("sexta", "a quinta") read as the weekday when an option
    falls on it: a Brazilian looking at "sex., 27 de nov." means Friday, not the sixth."""
    return [
        _Unit(_Sense(_Kind.WEEKDAY, days[unit.text]), unit.text)
        if unit.sense.kind is _Kind.ORDINAL and unit.text in days
        and any(days[unit.text] in on for on in index.weekdays)
        else unit
        for unit in units
    ]


@dataclass(frozen=True)
class ReplyWords:
    """What the words of a free-text message say at a question: the words the lexicon does not
    know (the message's own content: "sick", "malade"), whether it refuses the question's
    action ("I told you I do not want to cancel it", "keep it"), whether it asks back, whether
    it names an option by number or position, and whether that is all it says ("the 2nd",
    "le 2e", "2番目": no date of the month)."""

    own_words: tuple[str, ...]
    refuses_action: bool
    asks: bool
    names_a_position: bool
    only_a_position: bool = False


_REVERSALS = frozenset(
    _phrase_key(entry)
    for by_language in lexicon.ACTION_REVERSALS.values()
    for entries in by_language.values()
    for entry in entries
)


def _refuses(unit: _Unit) -> bool:
    if unit.sense.kind is not _Kind.NEGATE:
        return False
    if unit.text in _REVERSALS:
        return True
    words = unit.text.split(" ")
    return len(words) > 1 and any(
        " ".join(words[i:]) in _ACTION_VERBS for i in range(1, len(words))
    )


def read_words(text: str, question: str, locale: str | None = None) -> ReplyWords:
    """Read a free-text message word by word at `question` (its id names the action, as in
    `confirm_cancel`); never raises."""
    folded = _fold(text or "")
    rest, times = _lift_times(folded)
    units = _read(rest, times, _TABLES[_question(question).action or "cancel"],
                  _language(locale))
    meaningful = _fold_negations(units)
    return ReplyWords(
        own_words=tuple(u.text for u in meaningful if u.sense.kind is _Kind.UNKNOWN),
        refuses_action=any(_refuses(u) for u in meaningful),
        asks=folded.rstrip().endswith(_ASKS_BACK)
        or bool(meaningful and meaningful[0].sense.kind is _Kind.QUESTION
                and not _opens_a_reason(folded)),
        names_a_position=any(u.sense.kind in _POSITIONAL for u in meaningful),
        only_a_position=bool(meaningful) and all(
            u.sense.kind in _POSITIONAL or u.sense.kind in (_Kind.WEAK_NUMBER, _Kind.FILLER)
            for u in meaningful) and any(u.sense.kind in _POSITIONAL for u in meaningful),
    )


@lru_cache(maxsize=1)
def _reason_openers() -> tuple[str, ...]:
    return tuple(sorted({_fold(o) for words in lexicon.REASON_OPENERS.values() for o in words},
                        key=len, reverse=True))


def _opens_a_reason(folded: str) -> bool:
    """Whether a message opens the way a reason does ("es que ...", "perché ...") and goes on
    with a statement (a question back ends with a question mark, or is short)."""
    for opener in _reason_openers():
        if folded.startswith(opener + " "):
            needed = _REASON_AFTER_OPENER if " " in opener else _REASON_AFTER_ONE_WORD
            return len(folded[len(opener):].split()) >= needed
    return False


def _plain_units(text: str, locale: str | None) -> list[_Unit]:
    rest, times = _lift_times(_fold(text or ""))
    return _read(_SEPARATORS.sub(f" {_SEPARATOR_MARK} ", rest), times, _TABLES[None],
                 _language(locale))


def _says_no(unit: _Unit) -> bool:
    return unit.sense.kind in _NEGATIONS and unit.text not in _ACTION_VERBS


def hedges_or_negates(text: str, locale: str | None = None) -> bool:
    """Whether a reply hesitates ("hmm", "maybe") or says no or not anywhere ("don't cancel
    1", "never"), so that no one, not even a model reading it, may take it as a choice."""
    return any(u.sense.kind is _Kind.HEDGE or _says_no(u) for u in _plain_units(text, locale))


def negates(text: str, locale: str | None = None) -> bool:
    """Whether a message says no or not anywhere ("and don't call him", "no wait"); an action
    verb that is also a refusal word ("cancel my Monday shift") is not a no."""
    return any(_says_no(u) for u in _plain_units(text, locale))


@dataclass(frozen=True)
class AcceptedReplies:
    """Which replies a question accepts, as a catalogue message id and its parameters (the
    dialog says it in the person's language): "reply.accepted.number_or_time" with first=1,
    last=3, hour=9, minute=0 reads "Reply with a number from 1 to 3, or a time such as "9am"."."""

    msg_id: str
    params: dict[str, int] = field(default_factory=dict)


def describe_accepted(question: str, options: Sequence[ChoiceOption]) -> AcceptedReplies:
    """Which replies are accepted, for the re-ask."""
    if _question(question).is_confirm or not options:
        return AcceptedReplies("reply.accepted.yes_no")
    if len(options) == 1:
        return AcceptedReplies("reply.accepted.choose_one")
    ordered = sorted(options, key=lambda o: o.index)
    numbers = {"first": ordered[0].index + 1, "last": ordered[-1].index + 1}
    # Two options read "1 or 2", not "a number from 1 to 2".
    numbered = "two" if len(ordered) == 2 else "number"
    timed = next((o.start for o in ordered if o.start), None)
    if timed is not None:
        return AcceptedReplies(f"reply.accepted.{numbered}_or_time",
                               {**numbers, "hour": int(timed[:2]), "minute": int(timed[3:])})
    return AcceptedReplies(f"reply.accepted.{numbered}_or_name", numbers)
