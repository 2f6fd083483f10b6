"""Turns a user's date and time words ("tomorrow", "tuesday morning", "nächsten Mittwoch") into
time windows in one time zone, for shift cancellation, calendar booking and shift assignment.

Microsoft's recognizers-text does the heavy lifting for the languages it really implements
(English, French, Spanish, Chinese; for the other `Culture` names it silently runs the English
model, and Portuguese finds nothing). Everything else — German, Dutch, Italian, Portuguese,
Japanese, and bare short weekday names the recognizer misses ("sat", "mié", "Fr") — goes through
a small word table here. The recognizer is CPU-bound and loads its models on first use per
culture (hundreds of milliseconds), so the async API always runs it in a worker thread, and
`warm_up` lets the app load the models of the usual locales at start-up, and `prepare` loads
another language's in the background when someone first writes in it (each costs tens of MB).
User text never raises: anything not understood gives an empty list.
"""

from __future__ import annotations

import asyncio
import contextvars
import logging
import re
import threading
import unicodedata
from collections import OrderedDict
from collections.abc import Callable, Iterable, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, fields
from datetime import date, datetime, time, timedelta
from enum import StrEnum
from functools import cache, partial
from itertools import pairwise
from time import perf_counter
from typing import Any
from zoneinfo import ZoneInfo

import regex
import regex._main as regex_main
from babel import Locale, UnknownLocaleError
from recognizers_date_time import DateTimeOptions, recognize_datetime
from recognizers_text import Culture

from core.reply_interpreter import negates
from core.slot_finder import OFFICE_HOURS
from core.text_fold import fold_text
from core.time_window import TimeWindow
from language.clock_words import with_clock_digits
from language.day_of_month import day_of_month, days_of_month, last_date_on, next_date_on
from language.day_range import (
    DayRangeWords,
    DaysExcepted,
    split_at_dash,
    split_day_range,
    split_days_excepted,
    split_until,
)
from language.day_word_typos import with_day_words_spelled
from language.holiday_topic import without_holiday_topics
from language.hour_range import hour_range
from language.lexicon import interrupt_fragments
from language.message_language import message_language
from language.past_weekday import past_word_after, weekday_said_past
from language.reply_words import weekday_spans
from language.time_bounds import BoundTime, TimeBound, time_bound
from language.time_ellipsis import spelled_out
from language.time_from_now import days_from_now, minutes_from_now
from language.week_part import WeekPart, week_part
from language.weekday_of_month import WeekdayOfMonth, weekday_of_month
from language.weeks_after import weeks_after

LOG = logging.getLogger(__name__)

MAX_TEXT_CHARS = 300
"""Longer messages are cut: the recognizer's time grows with length and dates come early."""

_POINT_LENGTH = timedelta(hours=1)
# "from now until 10am" runs overnight to tomorrow's 10:00 when said late in the evening, not
# when said in the afternoon: then today's hour has passed.
_FROM_NOW_AT_MOST = timedelta(hours=12)
_WARM_UP_TEXT = "next friday 27 nov from 9am to 11:30 or tuesday morning"
_WARM_UP_REFERENCE = datetime(2000, 1, 3, 12, 0)

# Only these have real models in recognizers-text 1.0.2a2; other Culture names fall back to English.
_CULTURES: dict[str, str] = {
    "en": Culture.English,
    "fr": Culture.French,
    "es": Culture.Spanish,
    "zh": Culture.Chinese,
}
# Languages the word table knows and the recognizer does not: the table goes first for them.
_TABLE_LANGUAGES = frozenset({"de", "nl", "it", "pt", "ja", "pl"})



def _pass_compiled_patterns_straight_through() -> None:
    """recognizers-text calls the `regex` module's functions (`regex.finditer(pattern, text)`)
    with patterns it compiled already, about a thousand times per date phrase. For each call
    the module's `_compile` re-imports its default version and asks the locale for the preferred
    encoding before it notices the pattern is compiled and returns it: a fifth of the time a
    date phrase takes. A compiled pattern without flags now returns at once, as it did at the
    end; anything else goes the original way. Skipped (the original stays) if `_compile` is not
    the function this was written against."""
    original = getattr(regex_main, "_compile", None)
    if (original is None or getattr(original, "__name__", "") != "_compile"
            or hasattr(original, "__wrapped__")):
        return
    code = getattr(original, "__code__", None)
    expected = ("pattern", "flags", "ignore_unused", "kwargs", "cache_it")
    if code is None or code.co_varnames[: code.co_argcount] != expected:
        LOG.debug("regex._compile has another signature; compiled patterns go the long way")
        return
    compiled = regex.Pattern

    def _compile(pattern: Any, flags: int, ignore_unused: bool, kwargs: Any,
                 cache_it: bool) -> Any:
        if type(pattern) is compiled and not flags:
            return pattern
        return original(pattern, flags, ignore_unused, kwargs, cache_it)

    _compile.__wrapped__ = original  # type: ignore[attr-defined]
    regex_main._compile = _compile


_pass_compiled_patterns_straight_through()

# recognizers-text does not document thread safety and keeps one process-wide model cache; on a
# 2-core machine two parallel cold loads would only fight for the CPU, so calls are serialised.
_RECOGNIZER_LOCK = threading.Lock()
# Texts the recognizer found nothing in, per culture and day (most recently used last).
_NOTHING_FOUND: OrderedDict[tuple[str, str, date], None] = OrderedDict()
_NOTHING_FOUND_KEPT = 4096


class DayPart(StrEnum):
    """A named part of the day and the hours it covers (end hour 24 means midnight)."""

    MORNING = "morning"
    AFTERNOON = "afternoon"
    EVENING = "evening"
    NIGHT = "night"

    @property
    def hours(self) -> tuple[int, int]:
        """Start and end hour of the part."""
        return _DAY_PART_HOURS[self]


# Night starts with the evening because "tonight" should also catch a shift at 18:00, and the
# evening ends with the night: "this evening", "ce soir" and "heute Abend" are tonight's words,
# so a shift until 23:00 (or one starting at 22:00) is this evening's as it is tonight's.
_DAY_PART_HOURS = {
    DayPart.MORNING: (8, 12),
    DayPart.AFTERNOON: (12, 17),
    DayPart.EVENING: (17, 24),
    DayPart.NIGHT: (17, 24),
}
_TIMEX_PARTS = {"MO": DayPart.MORNING, "AF": DayPart.AFTERNOON, "EV": DayPart.EVENING,
                "NI": DayPart.NIGHT}
_TIMEX_PART = re.compile(r"T(MO|AF|EV|NI)$")
# An hour written with its "h" ("10h", "10h30", "10 h"), as French, Spanish and Portuguese write
# the 24-hour clock: "10h" is 10:00, never 22:00. The recognizers offer both, and after 10:00 the
# 22:00 was taken ("qui travaille à 10h" said at 14:00 listed tonight's 22:00).
_HOUR_WITH_ITS_H = re.compile(r"(?<![\d:.,])([01]?\d|2[0-3])\s?h(?:[0-5]\d)?(?![^\W\d_])",
                              re.IGNORECASE)
_TIMEX_HOUR = re.compile(r"T(\d{2})")
# A part of the day after noon said with the hour ("10h du soir", "a las 10h de la noche", "5h
# de la tarde", "8h da noite"): the written hour is twelve hours on.
_AFTER_NOON_WORDS = re.compile(
    r"(?<!\w)(?:soir|soiree|noche|tarde|noite|sera|stasera|stanotte|avond|vanavond|abends?"
    r"|wieczor\w*|evening|night|tonight|tonite|nite|pm|p\.m\.?)(?!\w)|午後|夜|晚|下午")
# A bare hour from 7 to 11 ("a las 10", "at 9", "alle 10", "om 10", "às 8") is a morning hour at
# work, as 1 to 6 are afternoon ones (`_MOVED_HOURS`): said after 10:00, "mañana a las 10" or
# "quién trabaja a las 10" was tonight's 22:00 (the recognizers offer 10:00 and 22:00 and the
# next one was taken); it is the coming 10:00 unless the evening is said ("a las 10 de la noche").
_MORNING_HOUR = re.compile(r"(?<![\d:.,])0?([7-9]|1[01])(?:[:.h][0-5]\d)?(?![\d:]|\s?[ap]\.?m)",
                           re.IGNORECASE)


@dataclass(frozen=True)
class _Term:
    """What some words say about a time; adjacent terms merge when they do not contradict."""

    day_offset: int | None = None
    weekday: int | None = None
    month_day: tuple[int, int, int | None] | None = None
    part: DayPart | None = None
    week: bool = False
    shift: int | None = None
    weekend: bool = False

    def has_day(self) -> bool:
        """Whether the term names a day (relative, weekday or calendar date) or a weekend."""
        return (self.day_offset is not None or self.weekday is not None
                or self.month_day is not None or self.weekend)

    def merged(self, other: _Term) -> _Term | None:
        """Both terms as one, or None when they say different things about the same field."""
        if (self.has_day() and other.has_day()) or (self.part and other.part):
            return None
        if (self.week and other.week) or (self.shift is not None and other.shift is not None):
            return None
        values = {}
        for field in fields(self):
            mine, theirs = getattr(self, field.name), getattr(other, field.name)
            values[field.name] = theirs if mine is None or mine is False else mine
        return _Term(**values)


# The word table. Keys are lower case; accent-free spellings are added automatically.

_WEEKDAY_NAMES: dict[str, Sequence[str]] = {
    "en": ("monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"),
    "de": ("montag", "dienstag", "mittwoch", "donnerstag", "freitag", "samstag", "sonntag"),
    "nl": ("maandag", "dinsdag", "woensdag", "donderdag", "vrijdag", "zaterdag", "zondag"),
    "it": ("lunedì", "martedì", "mercoledì", "giovedì", "venerdì", "sabato", "domenica"),
    "pt": ("segunda-feira", "terça-feira", "quarta-feira", "quinta-feira", "sexta-feira",
           "sábado", "domingo"),
    "es": ("lunes", "martes", "miércoles", "jueves", "viernes", "sábado", "domingo"),
    "fr": ("lundi", "mardi", "mercredi", "jeudi", "vendredi", "samedi", "dimanche"),
    "ja": ("月曜日", "火曜日", "水曜日", "木曜日", "金曜日", "土曜日", "日曜日"),
    "pl": ("poniedziałek", "wtorek", "środa", "czwartek", "piątek", "sobota", "niedziela"),
}
_EXTRA_WEEKDAY_NAMES: dict[str, dict[str, int]] = {
    "de": {"sonnabend": 5},
    "pt": {"segunda": 0, "segunda feira": 0, "terça": 1, "terça feira": 1, "quarta": 2,
           "quarta feira": 2, "quinta": 3, "quinta feira": 3, "sexta": 4, "sexta feira": 4},
    "ja": {"月曜": 0, "火曜": 1, "水曜": 2, "木曜": 3, "金曜": 4, "土曜": 5, "日曜": 6},
    # Polish declines its days ("w środę", "od poniedziałku") and makes adjectives of them in
    # every case ("piątkowa zmiana", "z piątkowej zmiany", Friday's shift): see below.
    "pl": {"poniedziałku": 0, "wtorku": 1, "środę": 2, "środy": 2, "środzie": 2, "czwartku": 3,
           "piątku": 4, "sobotę": 5, "soboty": 5, "sobocie": 5, "niedzielę": 6, "niedzieli": 6},
}
# Polish short days ("anuluj pt", "odwołaj zmianę w czw", "śr.", "sr") are no other Polish
# word, so they are days anywhere in a Polish message; in other languages they are not ("pt":
# part-time, "pon").
_POLISH_SHORT_DAYS = {"pon": 0, "pn": 0, "wt": 1, "śr": 2, "czw": 3, "pt": 4, "sob": 5,
                      "niedz": 6, "ndz": 6, "nd": 6}
_EXTRA_WEEKDAY_NAMES["pl"].update(_POLISH_SHORT_DAYS)
# The Polish day adjectives, by stem and ending: "piątkowy", "piątkową", "z piątkowej zmiany",
# "na piątkowym spotkaniu"; "sobotni" is soft ("sobotniej", "sobotnią").
_POLISH_HARD_ENDINGS = ("y", "a", "ą", "e", "ego", "ej", "ym", "emu", "ych")
_POLISH_SOFT_ENDINGS = ("i", "ia", "ią", "ie", "iego", "iej", "im", "iemu", "ich")
_EXTRA_WEEKDAY_NAMES["pl"].update(
    {stem + ending: weekday
     for stem, weekday, endings in (
         ("poniedziałkow", 0, _POLISH_HARD_ENDINGS), ("wtorkow", 1, _POLISH_HARD_ENDINGS),
         ("środow", 2, _POLISH_HARD_ENDINGS), ("czwartkow", 3, _POLISH_HARD_ENDINGS),
         ("piątkow", 4, _POLISH_HARD_ENDINGS), ("sobotn", 5, _POLISH_SOFT_ENDINGS),
         ("niedzieln", 6, _POLISH_HARD_ENDINGS))
     for ending in endings}
)
# Short forms are matched only as a whole message (or by `weekday_date`): two-letter forms such as
# "so", "do", "di" or "ma" are ordinary words in running text.
_WEEKDAY_SHORT: dict[str, Sequence[str]] = {
    "en": ("mon", "tue", "wed", "thu", "fri", "sat", "sun"),
    "de": ("mo", "di", "mi", "do", "fr", "sa", "so"),
    "nl": ("ma", "di", "wo", "do", "vr", "za", "zo"),
    "it": ("lun", "mar", "mer", "gio", "ven", "sab", "dom"),
    "pt": ("seg", "ter", "qua", "qui", "sex", "sáb", "dom"),
    "es": ("lun", "mar", "mié", "jue", "vie", "sáb", "dom"),
    "fr": ("lun", "mar", "mer", "jeu", "ven", "sam", "dim"),
    "ja": ("月", "火", "水", "木", "金", "土", "日"),
    "pl": ("pon", "wt", "śr", "czw", "pt", "sob", "niedz"),
}
_EXTRA_WEEKDAY_SHORT: dict[str, dict[str, int]] = {
    "en": {"tues": 1, "thur": 3, "thurs": 3},
    "nl": {"zat": 5, "zon": 6},
}
_RELATIVE_DAYS: dict[str, dict[str, int]] = {
    "en": {"today": 0, "tomorrow": 1, "tmrw": 1, "tmr": 1, "tmw": 1, "tomoz": 1, "yesterday": -1},
    "de": {"heute": 0, "morgen": 1, "übermorgen": 2, "gestern": -1, "vorgestern": -2},
    "nl": {"vandaag": 0, "morgen": 1, "overmorgen": 2, "gisteren": -1},
    "it": {"oggi": 0, "domani": 1, "dopodomani": 2, "ieri": -1},
    "pt": {"hoje": 0, "amanhã": 1, "depois de amanhã": 2, "ontem": -1},
    "es": {"hoy": 0, "mañana": 1, "pasado mañana": 2, "ayer": -1},
    "fr": {"aujourd'hui": 0, "demain": 1, "après-demain": 2, "hier": -1},
    "ja": {"今日": 0, "きょう": 0, "明日": 1, "あした": 1, "あす": 1, "明後日": 2, "あさって": 2,
           "昨日": -1},
    # With the adjectives people write "tomorrow's shift" with: "anuluj jutrzejszą zmianę".
    "pl": {"dzisiaj": 0, "dziś": 0, "dzisiejszy": 0, "dzisiejsza": 0, "dzisiejszą": 0,
           "dzisiejsze": 0, "dzisiejszego": 0, "dzisiejszej": 0, "dzisiejszym": 0,
           "jutro": 1, "jutrzejszy": 1, "jutrzejsza": 1, "jutrzejszą": 1, "jutrzejsze": 1,
           "jutra": 1,  # "od jutra do czwartku": from tomorrow
           "jutrzejszego": 1, "jutrzejszej": 1, "jutrzejszym": 1, "pojutrze": 2,
           "wczoraj": -1, "wczorajszy": -1, "wczorajsza": -1, "wczorajszą": -1,
           "wczorajsze": -1, "wczorajszego": -1, "wczorajszej": -1},
}
_DAY_PARTS: dict[str, dict[str, DayPart]] = {
    "en": {"morning": DayPart.MORNING, "afternoon": DayPart.AFTERNOON,
           "evening": DayPart.EVENING, "night": DayPart.NIGHT},
    "de": {"vormittag": DayPart.MORNING, "vormittags": DayPart.MORNING,
           "am morgen": DayPart.MORNING, "morgens": DayPart.MORNING,
           "nachmittag": DayPart.AFTERNOON, "nachmittags": DayPart.AFTERNOON,
           "abend": DayPart.EVENING, "abends": DayPart.EVENING, "nacht": DayPart.NIGHT},
    # "dinsdag 's middags", typed "smiddags" or with a curly apostrophe too ("'s nachts" is
    # left to the clock: "om 3 uur 's nachts" is 03:00).
    "nl": {"ochtend": DayPart.MORNING, "middag": DayPart.AFTERNOON, "avond": DayPart.EVENING,
           "nacht": DayPart.NIGHT, "'s ochtends": DayPart.MORNING, "'s morgens": DayPart.MORNING,
           "'s middags": DayPart.AFTERNOON, "'s avonds": DayPart.EVENING,
           "’s ochtends": DayPart.MORNING, "’s morgens": DayPart.MORNING,
           "’s middags": DayPart.AFTERNOON, "’s avonds": DayPart.EVENING,
           "sochtends": DayPart.MORNING, "smorgens": DayPart.MORNING,
           "smiddags": DayPart.AFTERNOON, "savonds": DayPart.EVENING,
           "ochtends": DayPart.MORNING, "middags": DayPart.AFTERNOON, "avonds": DayPart.EVENING},
    "it": {"mattina": DayPart.MORNING, "mattino": DayPart.MORNING, "mattinata": DayPart.MORNING,
           "pomeriggio": DayPart.AFTERNOON, "sera": DayPart.EVENING, "serata": DayPart.EVENING,
           "notte": DayPart.NIGHT},
    "pt": {"manhã": DayPart.MORNING, "tarde": DayPart.AFTERNOON, "noite": DayPart.NIGHT},
    "es": {"por la mañana": DayPart.MORNING, "de la mañana": DayPart.MORNING,
           "tarde": DayPart.AFTERNOON, "noche": DayPart.NIGHT},
    "fr": {"matin": DayPart.MORNING, "matinée": DayPart.MORNING, "après-midi": DayPart.AFTERNOON,
           "soir": DayPart.EVENING, "soirée": DayPart.EVENING, "nuit": DayPart.NIGHT},
    "ja": {"朝": DayPart.MORNING, "午前": DayPart.MORNING, "午後": DayPart.AFTERNOON,
           "夕方": DayPart.EVENING, "晩": DayPart.EVENING, "夜": DayPart.NIGHT},
    "pl": {"rano": DayPart.MORNING, "przed południem": DayPart.MORNING,
           "ranek": DayPart.MORNING, "rankiem": DayPart.MORNING,
           "przedpołudnie": DayPart.MORNING, "przedpołudniu": DayPart.MORNING,
           "po południu": DayPart.AFTERNOON, "popołudnie": DayPart.AFTERNOON,
           "popołudniu": DayPart.AFTERNOON, "wieczorem": DayPart.EVENING,
           "wieczór": DayPart.EVENING, "wieczorze": DayPart.EVENING, "w nocy": DayPart.NIGHT},
}
# Single words that name a day and a part of it at once.
_DAY_AND_PART: dict[str, dict[str, tuple[int, DayPart]]] = {
    "en": {"tonight": (0, DayPart.NIGHT)},
    "de": {"heute morgen": (0, DayPart.MORNING), "heute früh": (0, DayPart.MORNING),
           "morgen früh": (1, DayPart.MORNING)},
    "nl": {"vanochtend": (0, DayPart.MORNING), "vanmorgen": (0, DayPart.MORNING),
           "vanmiddag": (0, DayPart.AFTERNOON), "vanavond": (0, DayPart.EVENING),
           "vannacht": (0, DayPart.NIGHT), "morgenochtend": (1, DayPart.MORNING),
           "morgenmiddag": (1, DayPart.AFTERNOON), "morgenavond": (1, DayPart.EVENING)},
    "it": {"stamattina": (0, DayPart.MORNING), "stamani": (0, DayPart.MORNING),
           "stasera": (0, DayPart.EVENING), "stanotte": (0, DayPart.NIGHT)},
    "ja": {"今朝": (0, DayPart.MORNING), "今晩": (0, DayPart.EVENING), "今夜": (0, DayPart.NIGHT)},
}
# German and Dutch write "Tuesday morning" as one word ("Dienstagmorgen", "dinsdagochtend"), and
# German "Dienstag Morgen" is a morning, not "Tuesday tomorrow".
_COMPOUND_PARTS: dict[str, dict[str, DayPart]] = {
    "de": {"morgen": DayPart.MORNING, "vormittag": DayPart.MORNING,
           "nachmittag": DayPart.AFTERNOON, "abend": DayPart.EVENING, "nacht": DayPart.NIGHT},
    "nl": {"ochtend": DayPart.MORNING, "morgen": DayPart.MORNING, "middag": DayPart.AFTERNOON,
           "avond": DayPart.EVENING, "nacht": DayPart.NIGHT},
}
# German and Dutch write a day's or a part of the day's shift as one word ("Samstagsschicht",
# "Sonntagsdienst", "Frühschicht", "Samstagsfrühschicht", "zaterdagdienst", "avonddienst"): the
# day, the part, or both.
_SHIFT_NOUNS: dict[str, tuple[str, ...]] = {
    "de": ("schicht", "schichten", "dienst", "dienste"),
    "nl": ("dienst", "diensten"),
}
_SHIFT_PARTS: dict[str, dict[str, DayPart]] = {
    "de": {"früh": DayPart.MORNING, "mittag": DayPart.AFTERNOON, "mittags": DayPart.AFTERNOON,
           "spät": DayPart.EVENING, "abend": DayPart.EVENING, "nacht": DayPart.NIGHT},
    "nl": {"ochtend": DayPart.MORNING, "middag": DayPart.AFTERNOON, "avond": DayPart.EVENING,
           "nacht": DayPart.NIGHT},
}
_SHIFT_WORDS: dict[str, dict[str, int]] = {
    "en": {"next": 1, "coming": 1, "this": 0},
    "de": {"nächste": 1, "nächsten": 1, "nächster": 1, "nächstes": 1, "kommende": 1,
           "kommenden": 1, "kommender": 1, "diese": 0, "diesen": 0, "dieser": 0, "dieses": 0},
    # "volgend weekend" (a het-word takes the uninflected form) was this weekend.
    "nl": {"volgende": 1, "volgend": 1, "komende": 1, "deze": 0},
    "it": {"prossimo": 1, "prossima": 1, "questo": 0, "questa": 0},
    "pt": {"próximo": 1, "próxima": 1, "que vem": 1, "este": 0, "esta": 0, "nesta": 0,
           "neste": 0, "essa": 0, "nessa": 0, "esse": 0, "nesse": 0},
    "es": {"próximo": 1, "próxima": 1, "que viene": 1, "este": 0, "esta": 0},
    "fr": {"prochain": 1, "prochaine": 1, "ce": 0, "cette": 0},
    "ja": {"次の": 1},
    "pl": {"następny": 1, "następna": 1, "następną": 1, "następnym": 1, "następnej": 1,
           "przyszły": 1, "przyszła": 1, "przyszłą": 1, "przyszłym": 1, "przyszłej": 1,
           "ten": 0, "tym": 0, "bieżący": 0, "bieżącym": 0},
}
_WEEK_WORDS: dict[str, dict[str, int | None]] = {
    "en": {"week": None}, "de": {"woche": None}, "nl": {"week": None}, "it": {"settimana": None},
    "pt": {"semana": None}, "es": {"semana": None}, "fr": {"semaine": None},
    "ja": {"今週": 0, "来週": 1, "再来週": 2},
    "pl": {"tydzień": None, "tygodniu": None},
}
# Saturday and Sunday together: the coming ones alone or with "this", the ones after with
# "next" (as the English recognizer reads "next weekend"). Prefixed forms carry their own shift.
# Plurals ("weekends", "les week-ends") are a habit, not a date, and are left out.
_WEEKEND_WORDS: dict[str, dict[str, int | None]] = {
    "en": {"weekend": None, "week-end": None, "week end": None, "wknd": None, "wkend": None},
    "fr": {"week-end": None, "weekend": None, "week end": None, "fin de semaine": None},
    "es": {"fin de semana": None, "finde": None, "fds": None},
    "pt": {"fim de semana": None, "fim-de-semana": None, "fds": None},
    "it": {"weekend": None, "week-end": None, "fine settimana": None, "finesettimana": None},
    "de": {"wochenende": None},
    "nl": {"weekend": None},
    "pl": {"weekend": None, "weekendzie": None, "weekendu": None},
    "ja": {"週末": None, "今週末": 0, "来週末": 1, "再来週末": 2},
    "zh": {"周末": None, "这周末": 0, "这个周末": 0, "本周末": 0, "下周末": 1, "下个周末": 1},
}
# Portuguese says "segunda" for Monday, but in Spanish and Italian these are ordinals ("la
# segunda" is "the second one"), so outside Portuguese only "segunda-feira" counts.
_OWN_LANGUAGE_ONLY: dict[str, str] = {
    spelling: "pt" for word in ("segunda", "terça", "quarta", "quinta", "sexta")
    for spelling in (word, word.replace("ç", "c"))
}
# Brazilian "essa semana" is "this week"; in Italian "essa" is "she".
_OWN_LANGUAGE_ONLY.update(dict.fromkeys(("essa", "esse", "nessa", "nesse"), "pt"))
_OWN_LANGUAGE_ONLY.update(dict.fromkeys((*_POLISH_SHORT_DAYS, "sr"), "pl"))
# A bare number is a time only after words such as "at" ("at 5"), not in "option 2".
_AT_WORDS = frozenset({"at", "@", "à", "a", "um", "om", "alle", "às", "as", "las", "ore"})
_NUMERIC_DATE = re.compile(r"(?<![\d.])(\d{1,2})\.(\d{1,2})\.(?:(\d{4})(?!\d))?")
# Day-first dates with a slash ("il 3/12", "dia 3/12", "am 3/12"), in languages that never write
# the month first; left to the recognizer, they were read as March 12.
_SLASH_DATE_LANGUAGES = frozenset({"it", "pt", "nl", "pl", "de"})
_SLASH_DATE = re.compile(r"(?<![\d/.])(\d{1,2})/(\d{1,2})(?:/(\d{4}|\d{2}))?(?![\d/])")
# Dutch writes dates with dashes ("op 3-12", "3-12-2026"); without a year only after "op" (on),
# a weekday between them or not, as "van 9-12" is hours and "3-5 december" a range.
_DUTCH_DASH_DATE = re.compile(r"(?<![\d/.-])(\d{1,2})-(\d{1,2})(?:-(\d{4}))?(?![\d/-])")
_DUTCH_ON_BEFORE = re.compile(r"\bop(?:\s+[^\W\d_]+)?\s+$")
# The recognizer reads a slash date month first in English, also where the locale writes the day
# first ("cancel 3/12" in en-GB: March 12), and in French when it has no year ("le 3/12": March
# 12; "le 3/12/2026" is December 3): the numbers of such dates are swapped before it reads them.
_SWAPPED_WITH_YEAR = {"en": True, "fr": False}
# Month names, January first, for dates written "3 dicembre", "dia 3 de dezembro", "3 grudnia"
# (the recognizer reads only English month names).
_MONTH_NAMES: dict[str, Sequence[tuple[str, ...]]] = {
    "it": (("gennaio", "gen"), ("febbraio", "feb"), ("marzo", "mar"), ("aprile", "apr"),
           ("maggio", "mag"), ("giugno", "giu"), ("luglio", "lug"), ("agosto", "ago"),
           ("settembre", "set"), ("ottobre", "ott"), ("novembre", "nov"), ("dicembre", "dic")),
    "pt": (("janeiro", "jan"), ("fevereiro", "fev"), ("março", "marco", "mar"),
           ("abril", "abr"), ("maio", "mai"), ("junho", "jun"), ("julho", "jul"),
           ("agosto", "ago"), ("setembro", "set"), ("outubro", "out"), ("novembro", "nov"),
           ("dezembro", "dez")),
    "nl": (("januari", "jan"), ("februari", "feb"), ("maart", "mrt"), ("april", "apr"),
           ("mei",), ("juni", "jun"), ("juli", "jul"), ("augustus", "aug"),
           ("september", "sep", "sept"), ("oktober", "okt"), ("november", "nov"),
           ("december", "dec")),
    "pl": (("stycznia", "styczeń", "sty"), ("lutego", "luty", "lut"), ("marca", "marzec"),
           ("kwietnia", "kwiecień", "kwi"), ("maja", "maj"), ("czerwca", "czerwiec", "cze"),
           ("lipca", "lipiec", "lip"), ("sierpnia", "sierpień", "sie"),
           ("września", "wrzesień", "wrz"), ("października", "październik", "paź"),
           ("listopada", "listopad", "lis"), ("grudnia", "grudzień", "gru")),
    "de": (("januar", "jänner", "jan"), ("februar", "feb"), ("märz", "mär"), ("april", "apr"),
           ("mai",), ("juni", "jun"), ("juli", "jul"), ("august", "aug"),
           ("september", "sep", "sept"), ("oktober", "okt"), ("november", "nov"),
           ("dezember", "dez")),
}
# Holidays on the same date every year, as (month, day), in the languages whose recognizer does
# not read them ("arbeite ich an Weihnachten?"; English, French and Spanish ones do).
_FIXED_HOLIDAYS: dict[str, dict[str, tuple[int, int]]] = {
    "de": {"weihnachten": (12, 25), "heiligabend": (12, 24), "heiligen abend": (12, 24),
           "silvester": (12, 31), "neujahr": (1, 1)},
    "nl": {"kerst": (12, 25), "kerstmis": (12, 25), "eerste kerstdag": (12, 25),
           "tweede kerstdag": (12, 26), "kerstavond": (12, 24), "oudejaarsavond": (12, 31),
           "oudjaar": (12, 31), "oudejaarsdag": (12, 31), "nieuwjaarsdag": (1, 1),
           "nieuwjaar": (1, 1)},
    "it": {"natale": (12, 25), "vigilia di natale": (12, 24), "santo stefano": (12, 26),
           "capodanno": (1, 1), "san silvestro": (12, 31)},
    "pt": {"natal": (12, 25), "véspera de natal": (12, 24), "dia de ano novo": (1, 1),
           "ano novo": (1, 1), "réveillon": (12, 31), "véspera de ano novo": (12, 31),
           "passagem de ano": (12, 31)},
    "pl": {"boże narodzenie": (12, 25), "bożego narodzenia": (12, 25), "wigilia": (12, 24),
           "wigilię": (12, 24), "wigilii": (12, 24), "sylwester": (12, 31),
           "sylwestra": (12, 31), "nowy rok": (1, 1), "nowego roku": (1, 1)},
    "ja": {"クリスマスイブ": (12, 24), "クリスマスイヴ": (12, 24), "クリスマス": (12, 25),
           "大晦日": (12, 31), "元日": (1, 1), "元旦": (1, 1)},
    "zh": {"圣诞节": (12, 25), "圣诞": (12, 25), "平安夜": (12, 24), "元旦": (1, 1)},
}
# Japanese writes a date month first: "12月3日", "2026年12月3日", "12/3" (the recognizer has no
# Japanese model, and its English one does not read them between Japanese words).
_JAPANESE_DATE = re.compile(
    r"(?<!\d)(?:(\d{4})\s*年\s*)?(\d{1,2})\s*月\s*(\d{1,2})\s*日"
    r"|(?<![\d/])(\d{1,2})/(\d{1,2})(?![\d/])"
)
_GAP_WORD = re.compile(r"\w+")
# The words from the one before the first number on: where an hour said after a month is.
_CLOCK_TAIL = re.compile(r"(?:[^\W\d]+\s+)?\d.*$")
_LONG_MONTH_FORM = 5  # "grudzień", not "sie"
# "12月" in Japanese and Chinese: a month ("月曜" is Monday).
_UNSPACED_MONTH = re.compile(r"(?<!\d)(\d{1,2})\s*月(?!曜)")


def _spellings(word: str, language: str) -> set[str]:
    """The word as written, without accents, and (German) with ae / oe / ue (casefold already
    turns ß into ss)."""
    word = word.casefold()
    spellings = {word, _without_accents(word)}
    if language == "pl":  # "ł" has no accent to take off, but people type "przyszly" for it
        spellings.add(_without_accents(word).replace("ł", "l"))
    if language == "de":
        spellings.add(word.replace("ä", "ae").replace("ö", "oe").replace("ü", "ue"))
    return spellings


def _without_accents(word: str) -> str:
    """The word with combining accents removed ("mercoledì" -> "mercoledi")."""
    decomposed = unicodedata.normalize("NFKD", word)
    return unicodedata.normalize("NFC", "".join(c for c in decomposed
                                                if not unicodedata.combining(c)))


# Which languages each table spelling belongs to ("morgen" is German and Dutch; "week" English
# and Dutch), filled as the table is built.
_SPELLING_LANGUAGES: dict[str, set[str]] = {}


def _add(table: dict[str, _Term], language: str, word: str, term: _Term) -> None:
    """Register a word's spellings; a spelling that means two things is a table bug."""
    for spelling in _spellings(word, language):
        known = table.setdefault(spelling, term)
        if known != term:
            raise ValueError(f"time word {spelling!r} means both {known} and {term}")
        _SPELLING_LANGUAGES.setdefault(spelling, set()).add(language)


def _build_phrase_table() -> dict[str, _Term]:
    """Every word or fixed phrase the table recognises in running text."""
    table: dict[str, _Term] = {}
    for language, names in _WEEKDAY_NAMES.items():
        weekdays = {name: index for index, name in enumerate(names)}
        weekdays.update(_EXTRA_WEEKDAY_NAMES.get(language, {}))
        for name, index in weekdays.items():
            _add(table, language, name, _Term(weekday=index))
            for part_word, part in _COMPOUND_PARTS.get(language, {}).items():
                for joiner in ("", " "):
                    _add(table, language, name + joiner + part_word,
                         _Term(weekday=index, part=part))
        for noun in _SHIFT_NOUNS.get(language, ()):
            parts: dict[str, DayPart | None] = {"": None, **_SHIFT_PARTS.get(language, {})}
            for part_word, shift_part in parts.items():
                if part_word:
                    _add(table, language, part_word + noun, _Term(part=shift_part))
                for name, index in weekdays.items():
                    for joiner in ("", "s"):
                        _add(table, language, name + joiner + part_word + noun,
                             _Term(weekday=index, part=shift_part))
        for word, offset in _RELATIVE_DAYS[language].items():
            _add(table, language, word, _Term(day_offset=offset))
        for word, part in _DAY_PARTS[language].items():
            _add(table, language, word, _Term(part=part))
        for word, (offset, part) in _DAY_AND_PART.get(language, {}).items():
            _add(table, language, word, _Term(day_offset=offset, part=part))
        for word, shift in _SHIFT_WORDS[language].items():
            _add(table, language, word, _Term(shift=shift))
        for word, week_shift in _WEEK_WORDS[language].items():
            _add(table, language, word, _Term(week=True, shift=week_shift))
    for language, words in _WEEKEND_WORDS.items():
        for word, weekend_shift in words.items():
            _add(table, language, word, _Term(weekend=True, shift=weekend_shift))
    return table


def _build_short_tables() -> dict[str, dict[str, int]]:
    """Short weekday forms per language, plus "*" for all languages together."""
    tables: dict[str, dict[str, int]] = {}
    everything: dict[str, int] = {}
    for language, shorts in _WEEKDAY_SHORT.items():
        words = {short: index for index, short in enumerate(shorts)}
        words.update(_EXTRA_WEEKDAY_SHORT.get(language, {}))
        words.update({name: index for index, name in enumerate(_WEEKDAY_NAMES[language])})
        words.update(_EXTRA_WEEKDAY_NAMES.get(language, {}))
        table: dict[str, int] = {}
        for word, index in words.items():
            for spelling in _spellings(word, language):
                table[spelling] = index
                if everything.setdefault(spelling, index) != index:
                    raise ValueError(f"weekday word {spelling!r} names two weekdays")
        tables[language] = table
    tables["*"] = everything
    return tables


def _build_pattern(table: dict[str, _Term]) -> re.Pattern[str]:
    """One alternation, longest first; words in spaced scripts must stand alone."""
    spaced = sorted((w for w in table if not _is_unspaced(w)), key=len, reverse=True)
    unspaced = sorted((w for w in table if _is_unspaced(w)), key=len, reverse=True)
    spaced_re = "|".join(re.escape(word) for word in spaced)
    unspaced_re = "|".join(re.escape(word) for word in unspaced)
    return re.compile(rf"(?<!\w)(?:{spaced_re})(?!\w)|{unspaced_re}")


def _is_unspaced(word: str) -> bool:
    """Whether the word is written without spaces around it (Japanese kana and kanji)."""
    return any("\u3040" <= c <= "\u30ff" or "\u4e00" <= c <= "\u9fff" for c in word)


def _build_month_tables() -> tuple[dict[str, dict[str, int]], dict[str, re.Pattern[str]]]:
    """Each language's month spellings (1-12), and its "3 dicembre" / "3 de dezembro" pattern:
    the day, the month, and an optional year."""
    months: dict[str, dict[str, int]] = {}
    patterns: dict[str, re.Pattern[str]] = {}
    for language, names in _MONTH_NAMES.items():
        spellings = {spelling: number for number, words in enumerate(names, start=1)
                     for word in words for spelling in _spellings(word, language)}
        alternation = "|".join(sorted(map(re.escape, spellings), key=len, reverse=True))
        months[language] = spellings
        patterns[language] = re.compile(
            rf"(?<![\d.,:/])(\d{{1,2}})(?:\.|º|°|o)?\s*(?:de\s+)?({alternation})\.?(?!\w)"
            rf"(?:,?\s+(?:de\s+)?(\d{{4}})(?!\d))?")
    return months, patterns


def _build_holiday_patterns() -> dict[str, tuple[dict[str, tuple[int, int]],
                                                  re.Pattern[str]]]:
    """Each language's holiday spellings and one pattern for them (longest first)."""
    built = {}
    for language, holidays in _FIXED_HOLIDAYS.items():
        spellings = {spelling: date for word, date in holidays.items()
                     for spelling in _spellings(word, language)}
        alternation = "|".join(sorted(map(re.escape, spellings), key=len, reverse=True))
        bounded = (alternation if _is_unspaced("".join(spellings))
                   else rf"(?<!\w)(?:{alternation})(?!\w)")
        built[language] = (spellings, re.compile(bounded))
    return built


_PHRASES = _build_phrase_table()
_MONTH_OF, _NAMED_MONTH_DATES = _build_month_tables()
_HOLIDAYS = _build_holiday_patterns()
_PHRASE_PATTERN = _build_pattern(_PHRASES)
_WEEKEND_PATTERN = _build_pattern({word: term for word, term in _PHRASES.items() if term.weekend})
_SHORT_WEEKDAYS = _build_short_tables()
# Short forms in a list are days, though alone in running text they are words: "sat and sun",
# "za en zo", "zat en zon", "sa und so" (two different days at least).
# English words the English fallback would not read in the language, being its own words
# (French "mon" is "my", not Monday).
_NOT_ENGLISH_THERE: dict[str, frozenset[str]] = {"fr": frozenset({"mon"})}
_LIST_JOINS = r"(?:\s*[,&/+]\s*|\s+(?:and|en|und|et|y|e|i)\s+)"


def _english_short_days(language: str) -> dict[str, int]:
    """English short weekdays, but for the language's own words ("vendredi, mon fils": my)."""
    mine = _NOT_ENGLISH_THERE.get(language, frozenset())
    return {word: day for word, day in _SHORT_WEEKDAYS["en"].items() if word not in mine}


def _build_short_lists() -> dict[str, re.Pattern[str]]:
    """Per language, a list of its (and English) short weekday forms."""
    lists = {}
    for language, table in _SHORT_WEEKDAYS.items():
        if language == "*" or _is_unspaced("".join(table)):
            continue
        words = {**table, **_english_short_days(language)}
        day = "|".join(sorted(map(re.escape, words), key=len, reverse=True))
        lists[language] = re.compile(
            rf"(?<!\w)(?:{day})\.?(?:{_LIST_JOINS}(?:{day})\.?)+(?!\w)")
    return lists


_SHORT_DAY_LISTS = _build_short_lists()


def _days_listed_in_full(text: str, language: str) -> str:
    """The text with each short weekday of a list written in full ("za en zo" -> "zaterdag en
    zondag"), so that every reader takes them for days; other text as it is."""
    pattern = _SHORT_DAY_LISTS.get(language)
    names = _WEEKDAY_NAMES.get(language, _WEEKDAY_NAMES["en"])
    if pattern is None:
        return text

    def in_full(found: re.Match[str]) -> str:
        days = re.split(_LIST_JOINS, found.group(0))
        weekdays = [_weekday_of(day, language) for day in days]
        if None in weekdays or len(set(weekdays)) < 2:
            return found.group(0)
        listed = found.group(0)
        for day, weekday in zip(days, weekdays, strict=True):
            listed = re.sub(rf"(?<!\w){re.escape(day)}(?!\w)",
                            names[weekday or 0], listed, count=1)
        return listed

    return pattern.sub(in_full, text)

# Month names of the recognizer's languages, for lists of days sharing one month ("1, 3 and 5
# December", "Dec 1, 3 and 5", "les 1er, 3 et 5 décembre"); the table languages' are above.
_LIST_MONTH_NAMES: dict[str, Sequence[tuple[str, ...]]] = {
    "en": (("january", "jan"), ("february", "feb"), ("march", "mar"), ("april", "apr"),
           ("may",), ("june", "jun"), ("july", "jul"), ("august", "aug"),
           ("september", "sep", "sept"), ("october", "oct"), ("november", "nov"),
           ("december", "dec")),
    "fr": (("janvier", "janv"), ("février", "févr"), ("mars",), ("avril", "avr"), ("mai",),
           ("juin",), ("juillet", "juil"), ("août",), ("septembre", "sept"),
           ("octobre", "oct"), ("novembre", "nov"), ("décembre", "déc")),
    "es": (("enero", "ene"), ("febrero", "feb"), ("marzo", "mar"), ("abril", "abr"),
           ("mayo", "may"), ("junio", "jun"), ("julio", "jul"), ("agosto", "ago"),
           ("septiembre", "setiembre", "sept", "sep"), ("octubre", "oct"),
           ("noviembre", "nov"), ("diciembre", "dic")),
    **_MONTH_NAMES,
}
# A day of the month in a list: an article or "on" before it, an ordinal ending after it ("the
# 1st", "le 1er", "am 1.", "el 1º", "den 3e", "3-go").
_LISTED_DAY = (r"(?:(?:the|on|le|les|du|el|los|il|lo|am|den|dem|de|op|o|os|dia|dias|dni|dnia)"
               r"\s+)?(?<![\d:/.,])(\d{1,2})(?:st|nd|rd|th|er|re|e|ème|eme|°|º|ª|ste|de|-go|\.)?"
               r"(?![\d:/]|[.,]\d|\w)")
# Each day of a list with its month, as every reader reads it (French needs its "le": "10
# novembre, 12 novembre" was read as a month).
_DAY_WITH_MONTH: dict[str, str] = {"en": "{month} {day}", "de": "{day}. {month}",
                                   "fr": "le {day} {month}",
                                   "es": "{day} de {month}", "pt": "{day} de {month}"}


def _build_day_lists() -> dict[str, tuple[re.Pattern[str], ...]]:
    """Per spaced language, a list of days then their month ("1, 3 and 5 December"), and a
    month then its list of days ("December 1, 3 and 5")."""
    lists: dict[str, tuple[re.Pattern[str], ...]] = {}
    for language, names in _LIST_MONTH_NAMES.items():
        spellings = {spelling for words in names for word in words
                     for spelling in _spellings(word, language)}
        month = "|".join(sorted(map(re.escape, spellings), key=len, reverse=True))
        days = rf"(?P<days>{_LISTED_DAY}(?:{_LIST_JOINS}{_LISTED_DAY})+)"
        lists[language] = (
            re.compile(rf"(?<!\w){days}\s*(?:of\s+|de\s+|del\s+)?(?P<month>{month})\.?(?!\w)",
                       re.IGNORECASE),
            re.compile(rf"(?<!\w)(?P<month>{month})\.?\s+{days}", re.IGNORECASE))
    return lists


_DAY_LISTS = _build_day_lists()
_LISTED_DAY_NUMBER = re.compile(_LISTED_DAY, re.IGNORECASE)
# Japanese and Chinese: "12月1日、3日、5日", "12月1日と3日", "12月1号和3号".
_UNSPACED_DAY_LIST = re.compile(
    r"(?<!\d)(?P<month>\d{1,2})\s*月\s*\d{1,2}\s*[日号]"
    r"(?P<days>(?:\s*(?:、|,|，|と|和|及び|および|或|或者|跟|与)\s*\d{1,2}\s*[日号])+)")
_UNSPACED_LISTED_DAY = re.compile(r"(\d{1,2})\s*([日号])")
# French reads "le 1er décembre et le 3 décembre" as the days between; only "entre" says so.
_FRENCH_AND_BEFORE_A_DATE = re.compile(
    r"\s+et\s+(?=(?:le\s+)?(?:(?:lundi|mardi|mercredi|jeudi|vendredi|samedi|dimanche)\s+)?\d)",
    re.IGNORECASE)
_FRENCH_BETWEEN = re.compile(r"(?<!\w)entre(?!\w)", re.IGNORECASE)


def _dates_listed_in_full(text: str, language: str) -> str:
    """The text with each day of a list that shares one month written with it ("1, 3 and 5
    December" -> "December 1, December 3 and December 5", "12月1日、3日" -> "12月1日、12月3日"),
    so that every reader takes each for its own day; other text as it is. Left alone, the
    readers took the last day only, or the first, or (French) the days between."""
    if language in ("ja", "zh"):
        def unspaced(found: re.Match[str]) -> str:
            month = found.group("month")
            listed = _UNSPACED_LISTED_DAY.sub(rf"{month}月\1\2", found.group("days"))
            return found.group(0)[:found.start("days") - found.start()] + listed
        return _UNSPACED_DAY_LIST.sub(unspaced, text)
    form = _DAY_WITH_MONTH.get(language, "{day} {month}")

    def in_full(found: re.Match[str]) -> str:
        month = found.group("month")
        return _LISTED_DAY_NUMBER.sub(lambda day: form.format(day=day.group(1), month=month),
                                      found.group("days"))

    for pattern in _DAY_LISTS.get(language, _DAY_LISTS["en"]):
        text = pattern.sub(in_full, text)
    if language == "fr" and not _FRENCH_BETWEEN.search(text):
        text = _FRENCH_AND_BEFORE_A_DATE.sub(", ", text)
    return text


# Short weekdays read as days at the end of a message or before "please" ("cancela el sab
# porfa", "annuleer za pls"), where they are no other word; English ones only before "please"
# ("cancel sat pls": "where I sat" ends a message too).
_SHORT_DAYS_AT_THE_END: dict[str, tuple[str, ...]] = {
    "es": ("lun", "mié", "mie", "jue", "vie", "sáb", "sab", "dom"),
    "it": ("lun", "mer", "gio", "ven", "sab", "dom"),
    "nl": ("vr", "za", "zat", "zon"),
}
_PLEASE = r"(?:pls|plz|please|porfa|por favor|plis|xfa|aub|a\.u\.b\.?|graag|alsjeblieft)"
# A short weekday anywhere after the word that says a day follows ("il mio turno di gio", "am
# Do", "van do", "o turno de qui", "mon poste de jeu"): these alone ("do", "qui", "jeu") are
# other words, so they are read as days only there. Left out as too often something else: "mar"
# (it: the sea, March), "mer" (fr: the sea, "fruits de mer"), "sam" (a name), "ter"
# (pt: to have), "so" (de: "am so genannten"), "zo" and "ma" (nl: "op zo'n korte termijn",
# "van ma", mum).
_SHORT_DAYS_AFTER: dict[str, tuple[str, tuple[str, ...]]] = {
    "it": ("di|il|per|da|a|al|entro|questo|prossimo", ("lun", "mer", "gio", "ven", "sab", "dom")),
    "fr": ("de|du|ce|pour|jusqu'a|jusqu'à", ("lun", "jeu", "ven", "dim")),
    # German: also after a "can" ("ich kann fr nicht") and the words of a range or a move
    # ("von di auf den 5.", "bis mo", "ab mi").
    "de": ("am|diesen|nächsten|nachsten|naechsten|kommenden|kann|kannst|könnte|konnte|nicht"
           "|von|vom|bis|ab|auf", ("mo", "di", "mi", "do", "fr", "sa")),
    "nl": ("op|van|deze|aanstaande|komende", ("di", "wo", "do", "vr", "za")),
    "pt": ("de|na|no|da|do|para|esta|este|nesta|neste|proxima|próxima",
           ("seg", "qua", "qui", "sex", "sab", "sáb", "dom")),
}


# A short weekday before the word for "next", whole or cut short ("lun prossimo", "ven pross.",
# "mer prox"): a day, as after "il" or "di"; the cut "next" is written in full with it.
_SHORT_DAYS_BEFORE_NEXT: dict[str, tuple[str, str, tuple[str, ...]]] = {
    "it": (r"prossim[oa]|pross\.?|prox", "prossimo", ("lun", "mar", "mer", "gio", "ven", "sab",
                                                    "dom")),
}
# "next" cut short after a weekday written in full ("venerdì pross."), in the same languages.
_NEXT_CUT_SHORT: dict[str, str] = {"it": r"pross\.?|prox"}


# "from" before a short weekday that no end of a range follows ("remove sophie from fri mtg",
# "move my mtg from thu"): the English recognizer reads it as a range with no end and drops
# the day, so the word is blanked (spaces keep where the day's word stands, and its window's
# words are the ones typed).
_FROM_SHORT_DAY = re.compile(
    r"(?<![\w'’])(?:from|since)(?=\s+(?:mon|tue|tues|wed|weds|thu|thur|thurs|fri|sat|sun)\.?"
    r"(?![\w'’])(?!\s*(?:(?:to|until|till|til|through|thru|and|or)(?!\w)|[-–])))",
    re.IGNORECASE)


# A capitalised word after an abbreviation with its dot: "Fr. Schmidt" is Frau Schmidt.
_TITLE_BEFORE_A_NAME = re.compile(r"\s+[A-ZÄÖÜ]")


def _without_accents_alternation(words: Sequence[str]) -> str:
    """The words without their accents, as one regex alternation ("venerdi|sabato|...")."""
    return "|".join(map(re.escape, {_without_accents(word) for word in words}))


def _short_day_at_the_end_in_full(text: str, language: str) -> str:
    """The text with a short weekday at its end or before "please" written in full ("cancela el
    sab porfa" -> "cancela el sábado porfa"); other text as it is."""
    names = _WEEKDAY_NAMES.get(language, _WEEKDAY_NAMES["en"])
    own = "|".join(map(re.escape, _SHORT_DAYS_AT_THE_END.get(language, ())))
    english = "|".join(map(re.escape, _english_short_days(language)))
    patterns = [rf"(?<!\w)(?:{english})\.?(?=\s+{_PLEASE}(?!\w))"]
    if own:
        patterns.append(rf"(?<!\w)(?:{own})\.?(?=\s*[?!.]*\s*$|\s+{_PLEASE}(?!\w))")

    def in_full(found: re.Match[str]) -> str:
        weekday = _weekday_of(found.group(0), language)
        return found.group(0) if weekday is None else names[weekday]

    before_next = _SHORT_DAYS_BEFORE_NEXT.get(language)
    if before_next is not None:
        nexts, next_in_full, short = before_next
        text = re.sub(rf"(?<![\w'’])({'|'.join(short)})\.?\s+(?:{nexts})(?![\w'’])",
                      lambda found: f"{in_full(re.match(r'.*', found.group(1)))} {next_in_full}",
                      text, flags=re.IGNORECASE)
        full_days = "|".join(map(re.escape, names))
        text = re.sub(rf"(?<![\w'’])((?:{full_days}|{_without_accents_alternation(names)})\s+)"
                      rf"(?:{_NEXT_CUT_SHORT[language]})(?![\w'’])",
                      rf"\1{next_in_full}", text, flags=re.IGNORECASE)
    for pattern in patterns:
        text = re.sub(pattern, in_full, text, flags=re.IGNORECASE)
    after = _SHORT_DAYS_AFTER.get(language)
    if after is not None:
        words, days = after
        def after_word(found: re.Match[str]) -> str:
            if _TITLE_BEFORE_A_NAME.match(found.string, found.end()) \
                    and found.group(2)[:1].isupper() and found.group(0).endswith("."):
                return found.group(0)  # "von Fr. Schmidt": Frau Schmidt, no Friday
            return found.group(1) + in_full(re.match(r".*", found.group(2)))

        text = re.sub(rf"(?<!\w)((?:{words})\s+)({'|'.join(map(re.escape, days))})\.?(?![\w'’])",
                      after_word, text, flags=re.IGNORECASE)
    return text


# Short weekdays that are other words too, which the recognizers read as days wherever they
# stand: French "mer" (the sea: "fruits de mer", "mal de mer", "à la mer"). They are a day only
# where a day stands: after a word that puts one there ("ce mer", "pas mer", "venir mer",
# "demain ni mer", "lun et mer", "poste de mer", "annule mer"), before a day of the month ("mer.
# 2 déc.") or a part of the day ("mer matin"), or alone; elsewhere they are blanked.
_SHORT_DAYS_ONLY_PLACED: dict[str, tuple[tuple[str, ...], str]] = {
    "fr": (("mer",), "le|ce|pour|jusqu'a|jusqu'à|jusqu'au|au|du|dès|ni|et|ou|sauf|pas|plus"
                     "|venir|bosser|bosse|travailler|dispo|annule|annuler|shift|poste|malade"
                     "|lun|mar|jeu|ven|sam|dim|lundi|mardi|jeudi"
                     "|vendredi|samedi|dimanche|demain|poste de|service de|shift de|créneau de"),
}


# A part of the day after a short weekday places a day there too ("mer matin", "mer soir").
_DAY_PARTS_AFTER = "matin|midi|aprem|après-midi|apres-midi|aprèm|soir|soirée|soiree|nuit"
_PLACED_SHORT_DAYS: dict[str, re.Pattern[str]] = {
    language: re.compile(
        rf"(?<![\w'’])(?P<before>(?:{before})[\s,]+)?(?:{'|'.join(map(re.escape, words))})\.?"
        rf"(?![\w'’])(?P<number>\s*(?:\d|(?:{_DAY_PARTS_AFTER})(?![\w'’])))?", re.IGNORECASE)
    for language, (words, before) in _SHORT_DAYS_ONLY_PLACED.items()
}


def _other_words_blanked(text: str, language: str) -> str:
    """The text with each short weekday that is also another word blanked where no day
    stands ("j'ai mangé des fruits de mer"); other text as it is."""
    pattern = _PLACED_SHORT_DAYS.get(language)
    if pattern is None:
        return text

    def blanked(found: re.Match[str]) -> str:
        alone = not text[:found.start()].strip() and not re.search(
            r"[^\W\d_]", text[found.end():])
        if found.group("before") or found.group("number") or alone:
            return found.group(0)
        return " " * len(found.group(0))

    return pattern.sub(blanked, text)


def short_days_in_full(text: str, locale: str | None) -> str:
    """The text with the short weekdays the readers take for days written in full ("von di auf
    den 5." -> "von dienstag auf den 5."), as they read it: a window's words are then found in
    it where they stand."""
    language = language_of(locale)
    return _short_day_at_the_end_in_full(_days_listed_in_full(text, language), language)


# The quick pass. recognizers-text takes 4-10 ms for a sentence; most date phrases people send
# are a day word ("tomorrow", "vendredi matin", "mañana por la tarde"), which the word table reads
# as the recognizer does (checked phrase by phrase at every hour of a week). So in the
# recognizer's languages a message is answered from the table alone when it holds no digit
# (in English, but for one clock time: see `_QUICK_CLOCKS`) and none of the words below, which the
# recognizer builds times from and the table does not know (months, numbers, units, "last",
# "until", holidays, ...); and, in it, only day phrases the two read alike. Anything else still
# goes to the recognizer.
_RECOGNIZER_WORDS: dict[str, str] = {
    "en": """
        january february march april may june july august september october november december
        jan feb mar apr jun jul aug sep sept oct nov dec
        mon tue tues wed weds thu thur thurs fri sat sun mondays tuesdays wednesdays thursdays
        fridays saturdays sundays
        zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen
        fifteen sixteen seventeen eighteen nineteen twenty thirty forty fifty sixty hundred
        couple few several half quarter dozen
        first second third fourth fifth sixth seventh eighth ninth tenth eleventh twelfth
        thirteenth fourteenth fifteenth sixteenth seventeenth eighteenth nineteenth twentieth
        thirtieth
        sec secs seconds minute minutes min mins hour hours hr hrs day days weeks weekend
        weekends month months year years fortnight decade
        mornings afternoons evenings nights tonite noon midday midnight now am pm o'clock oclock
        eod eow asap later soon earlier early late ago before after from until till til since
        by past previous last within during throughout rest end beginning start mid middle
        every each daily weekly monthly yearly weekday weekdays time times lunch lunchtime
        breakfast dinner dawn dusk sunrise sunset overnight
        christmas xmas easter thanksgiving halloween valentine valentines new year eve holiday
        holidays
        tmr tmrw tmrow tomoz tomorow tommorow tommorrow tomorro 2moro 2morrow
    """,
    "fr": """
        janvier février fevrier mars avril mai juin juillet août aout septembre octobre
        novembre décembre decembre janv févr fevr fév fev avr juil sept oct nov déc dec
        lun mar mer jeu ven sam dim
        un une deux trois quatre cinq six sept huit neuf dix onze douze treize quatorze quinze
        seize vingt trente quarante cinquante soixante cent demi demie quart quelques
        premier première deuxième troisième quatrième cinquième sixième septième huitième
        neuvième dixième second seconde
        secondes minute minutes min heure heures jour jours journée journees journées semaines
        mois an ans année années annee annees quinzaine weekend week end
        midi minuit maintenant tard tôt tot bientôt bientot plus avant après apres depuis
        jusqu jusque dès des entre dernier dernière derniere passé passe passée passee
        précédent precedent précédente veille lendemain surlendemain fin début debut mi milieu
        tous toutes chaque quotidien hebdomadaire mensuel
        noël noel pâques paques toussaint nouvel réveillon reveillon férié ferie
    """,
    "es": """
        enero febrero marzo abril mayo junio julio agosto septiembre setiembre octubre
        noviembre diciembre ene feb mar abr may jun jul ago sep sept oct nov dic
        lun mié mie jue vie sáb sab dom
        uno una dos tres cuatro cinco seis siete ocho nueve diez once doce trece catorce quince
        dieciséis dieciseis veinte treinta cuarenta cincuenta sesenta cien media cuarto
        primero primer segundo tercero tercer quinto sexto séptimo septimo octavo noveno
        décimo decimo
        segundos minuto minutos hora horas día dia días dias semanas mes meses año ano años
        anos quincena finde fin
        mediodía mediodia medianoche ahora luego pronto temprano antes después despues desde
        hasta entre último ultimo última ultima anterior víspera vispera principio comienzo
        mitad mediados cada todos todas diario semanal mensual
        navidad nochebuena nochevieja pascua reyes feriado festivo set
    """,
}
_QUICK_LANGUAGES = frozenset(_RECOGNIZER_WORDS)


def _recognizer_word_set(language: str) -> frozenset[str]:
    """The language's words, and (the recognizer falls back to English) English's."""
    words = set(_RECOGNIZER_WORDS[language].split())
    if language != "en":
        words |= set(_RECOGNIZER_WORDS["en"].split()) - _NOT_ENGLISH_THERE.get(language, set())
    return frozenset(spelling for word in words for spelling in _spellings(word, language))


_RECOGNIZER_WORD_SETS = {language: _recognizer_word_set(language)
                         for language in _RECOGNIZER_WORDS}
# Table words the recognizer reads otherwise after some words: Spanish "la mañana" is the
# morning, "mañana" alone tomorrow.
_READ_OTHERWISE: dict[str, re.Pattern[str]] = {
    "es": re.compile(r"\b(?:la|una|esta|cada|toda|de|por)\s+ma(?:ñ|n)ana\b"),
}
# English clock times the quick pass reads too ("3pm", "10:30 am", "15:00"): an hour-long window
# at that time, on the day named next to it or, alone, the coming one, as the recognizer reads it.
# (Hours below 13 without am/pm stay with the recognizer: it reads "09:30" both ways.)
_QUICK_CLOCKS: dict[str, tuple[re.Pattern[str], ...]] = {
    "en": (re.compile(r"(?<![\w:.,/+-])(?P<hour>1[0-2]|0?[1-9])(?::(?P<minute>[0-5]\d))?\s?"
                      r"(?P<half>am|pm)(?![\w:/%+-]|[.,]\d)"),
           re.compile(r"(?<![\w:.,/+-])(?P<hour>1[3-9]|2[0-3]):(?P<minute>[0-5]\d)"
                      r"(?![\w:/%+-]|[.,]\d)")),
}
# Clock times in the word table's languages: "um 15 Uhr", "15:30 Uhr", "um 15:30", "15 Uhr 30";
# "om 15:00", "15 uur"; "alle 15", "alle 15:30"; "às 15h", "15:00"; "15時", "15時30分", "午後3時".
# Each names the groups hour and minute (or later, "15 Uhr 30"; or thirty, "3時半"), and half
# (午前 / 午後). Here "um 3 Uhr" is 03:00 as written, as the recognizer reads "at 3" (both then
# become 15:00 in `_in_working_hours`); Japanese 午後 or a part of the day next to the time
# ("Nachmittag um 3") makes it pm.
_HOUR = r"(?P<hour>[01]?\d|2[0-3])"
_MINUTE = r"(?P<minute>[0-5]\d)"
_HOUR_MINUTE = rf"(?<![\w:.,/+-]){_HOUR}:{_MINUTE}(?![\w:/%+-]|[.,]\d)"
_TABLE_CLOCKS: dict[str, tuple[re.Pattern[str], ...]] = {
    language: tuple(re.compile(pattern) for pattern in patterns)
    for language, patterns in {
        "de": (rf"(?<![\w:.,])(?:um\s+)?{_HOUR}(?:[:.]{_MINUTE})?\s*uhr(?:\s+(?P<later>[0-5]\d))?"
               r"(?!\w)",
               rf"(?<!\w)um\s+{_HOUR}(?::{_MINUTE})?(?![\w:/%+-]|[.,]\d)", _HOUR_MINUTE),
        # "over 2 uur" is in two hours, not at two.
        # Flemish writes the hour with its "u" ("om 10u", "10u30", "10 u"): 10:00, 10:30.
        "nl": (rf"(?<!over\s)(?<![\w:.,])(?:om\s+)?{_HOUR}(?:[:.]{_MINUTE})?\s*uur(?!\w)",
               rf"(?<!over\s)(?<![\w:.,])(?:om\s+)?{_HOUR}\s?u(?P<later>[0-5]\d)?(?!\w)",
               rf"(?<!\w)om\s+{_HOUR}(?:[:.]{_MINUTE})?(?![\w:/%+-]|[.,]\d)", _HOUR_MINUTE),
        "it": (rf"(?<!\w)alle\s+(?:ore\s+)?{_HOUR}(?:[:.]{_MINUTE})?(?![\w:/%+-]|[.,]\d)",
               _HOUR_MINUTE),
        "pt": (rf"(?<![\w:.,])(?:(?:às|as)\s+)?{_HOUR}h(?:{_MINUTE})?(?!\w)",
               rf"(?<!\w)(?:às|as)\s+{_HOUR}(?::{_MINUTE})?(?![\w:/%+-]|[.,]\d)", _HOUR_MINUTE),
        "ja": (rf"(?P<half>午前|午後)?(?<!\d){_HOUR}時(?!間)"
               r"(?:(?P<later>[0-5]?\d)分|(?P<thirty>半))?",
               _HOUR_MINUTE),
        "pl": (rf"(?<!\w)o\s+(?:godz(?:inie|\.)?\s*)?{_HOUR}(?::{_MINUTE})?(?![\w:/%+-]|[.,]\d)",
               _HOUR_MINUTE),
    }.items()
}
# Words that make a clock time something other than "at that time on that day": a range or a
# limit ("bis 14 Uhr", "dalle 14 alle 16"), a negation ("nicht um 15 Uhr"), a month or a short
# weekday (a date the table does not read with a time). With one of them, or any other number
# left in the message ("am 5. Dezember um 15 Uhr", "9-17 Uhr") besides a date the table reads
# ("3 dicembre alle 14", "27.11. om 14 uur"), the day reading stands.
_CLOCK_BLOCKERS: dict[str, re.Pattern[str]] = {
    language: re.compile(rf"(?<!\w)(?:{'|'.join(words.split())})(?!\w)")
    for language, words in {
        "de": """bis vor nach ab zwischen von nicht kein keine gegen seit spätestens frühestens
                 januar februar märz april mai juni juli august september oktober november
                 dezember jan feb mär apr jun jul aug sep sept okt nov dez mo di mi do fr sa so""",
        "nl": """tot voor na vanaf tussen van niet geen rond uiterlijk januari februari maart april
                 mei juni juli augustus september oktober november december jan feb mrt apr jun
                 jul aug sep okt nov dec ma di wo do vr za zo""",
        "it": """tra fra prima dopo dalle dalla dal entro non fino verso gennaio febbraio marzo
                 aprile maggio giugno luglio agosto settembre ottobre novembre dicembre gen feb mar
                 apr mag giu lug ago set ott nov dic lun mer gio ven sab dom""",
        "pt": """até ate entre antes depois das desde não nao nem janeiro fevereiro março marco
                 abril maio junho julho agosto setembro outubro novembro dezembro jan fev mar abr
                 mai jun jul ago set out nov dez seg ter qua qui sex sáb sab dom""",
        "ja": "から まで 〜 ～ 以降 以前 以外 前 後 ない ません 間 月",
        "pl": """do od przed po między miedzy nie około okolo stycznia lutego marca kwietnia maja
                 czerwca lipca sierpnia września wrzesnia października pazdziernika listopada
                 grudnia""",
    }.items()
}
# A bare hour from 1 to 6 is an afternoon hour at work: someone booking a meeting or a call, or
# cancelling a shift, "tomorrow at 3" ("um 3 Uhr", "à 3h", "a las tres", "明天3点") means 15:00,
# and "tomorrow at 12" ("à 12h", "a las 12", "明天12点") noon. Both readers say 03:00 (the
# recognizer offers 03:00 and 15:00, or 00:00 and 12:00, and the chooser takes the first; the
# word table keeps the hour as written), so their windows are moved once, after either ran.
# An hour written with a leading zero ("03:00", "03h") or any word that makes it early ("3am",
# "12am", "du matin", "de la madrugada", "morgens", "midnight", 午前, 凌晨) keeps it where it
# is; 7 to 11 stay too.
_MOVED_HOURS = range(0, 7)
_EARLY_WORDS = re.compile(
    r"(?<!\w)(?:morning|mornings|dawn|early|morgens|früh|frühmorgens|vormittag|vormittags"
    r"|night|nacht|nachts|\w*ochtend\w*|vroeg|matin|matinée|nuit|madrugada"
    r"|mattina|mattino|mattinata|notte|manhã|manha|rano|nad\s+ranem|w\s+nocy"
    r"|midnight|mitternacht|middernacht|minuit|medianoche|mezzanotte|meia-noite|północ"
    r"|(?:la|de|por|esta)\s+ma(?:ñ|n)ana)(?!\w)"
    r"|午前|朝|未明|深夜|夜中|上午|早上|早晨|清晨|凌晨|半夜|夜里|零点|零時")
# "3am", "3 a.m."; in German "um 3 am Freitag" is "on Friday", so there only "3am" and "3 a.m.".
_AM_AFTER_HOUR = re.compile(r"\d\s?(?:a\.m\.?|am)(?!\w)")
_AM_AFTER_HOUR_DE = re.compile(r"\d(?:\s?a\.m\.?|am)(?!\w)")
# The hour as the words name it (12 for a window at midnight), so that a window an hour from now
# ("now", "in an hour") is not taken for a clock time: the digit without a leading zero, a
# number word, a CJK numeral.
_HOUR_WORDS = {1: ("one un une una", "一"), 2: ("two deux dos", "二|两"),
               3: ("three trois tres", "三"), 4: ("four quatre cuatro", "四"),
               5: ("five cinq cinco", "五"), 6: ("six seis", "六"),
               12: ("twelve douze doce", "十二")}
_HOUR_NAMED = {
    hour: re.compile(rf"(?<![\d:.,]){hour}(?!\d)|(?<!\w)(?:{'|'.join(words.split())})(?!\w)"
                     rf"|(?<!十){numerals}")
    for hour, (words, numerals) in _HOUR_WORDS.items()
}
_LEADING_ZERO = {hour: re.compile(rf"(?<!\d)0{hour}(?!\d)") for hour in _HOUR_WORDS}
_FULL_WIDTH_DIGITS = str.maketrans("０１２３４５６７８９：", "0123456789:")
_PM_PARTS = frozenset({DayPart.AFTERNOON, DayPart.EVENING, DayPart.NIGHT})


@dataclass(frozen=True)
class _Clock:
    """A clock time found in a message: where, and the hour and minute it names."""

    start: int
    end: int
    hour: int
    minute: int
    text: str
    half: str | None = None  # "am" or "pm" when the words say so

    def hour_of_day(self, afternoon: bool = False) -> int:
        """The hour on the 24-hour clock ("3pm", 午後3時, or 3 with an afternoon named: 15;
        "12am", 午前12時: 0)."""
        if self.hour < 12 and (self.half == "pm" or afternoon):
            return self.hour + 12
        if self.hour == 12 and self.half == "am":
            return 0
        return self.hour

    def blanked(self, folded: str) -> str:
        """The text with this clock time's words replaced by spaces (positions kept)."""
        return folded[:self.start] + " " * (self.end - self.start) + folded[self.end:]


_HALVES = {"am": "am", "pm": "pm", "午前": "am", "午後": "pm"}


@cache
def _list_join() -> re.Pattern[str]:
    """The join of a list of days, alone between two of them ("Mittwoch und Donnerstag", "lundi,
    mardi"), in any language."""
    joins = sorted({re.escape(fold_text(word)) for word in interrupt_fragments("list_joins")},
                   key=len, reverse=True)
    return re.compile(rf"\s*(?:,\s*)?(?:(?:{'|'.join(joins)})(?!\w))?\s*")


def _one_clock(folded: str, patterns: Sequence[re.Pattern[str]]) -> _Clock | None:
    """The one clock time the patterns find in the message; None for none or several."""
    found: dict[tuple[int, int], _Clock] = {}
    for pattern in patterns:
        for match in pattern.finditer(folded):
            groups = match.groupdict()
            minute = groups.get("minute") or groups.get("later")
            clock = _Clock(match.start(), match.end(), int(groups["hour"]),
                           30 if groups.get("thirty") else int(minute or 0), match.group(0),
                           _HALVES.get(groups.get("half") or ""))
            if any(c.start <= clock.start < c.end or clock.start <= c.start < clock.end
                   for c in found.values()):
                # "um 15:30 Uhr" matches three ways: the longest reading stands.
                longest = max([clock, *(c for c in found.values()
                                        if c.start < clock.end and clock.start < c.end)],
                              key=lambda c: c.end - c.start)
                found = {k: c for k, c in found.items()
                         if not (c.start < clock.end and clock.start < c.end)}
                found[(longest.start, longest.end)] = longest
            else:
                found[(clock.start, clock.end)] = clock
    if len(found) != 1:
        return None
    return next(iter(found.values()))


# Times said roughly, or the way people text them, rewritten to the words both readers know:
# "gegen 15 Uhr", "so gegen halb drei" -> "um 15 Uhr", "um 2:30"; "a eso de las 3", "sobre las
# 4" -> "a las 3"; "around 2", "tmrw", "tomorrows" -> "at 2", "tomorrow"; "après demain",
# "apres midi", "aprem" -> "après-demain", "après-midi"; "el lunes que viene" -> "el próximo
# lunes" (the recognizer reads "que viene" as a day of its own and drops the part of the day
# after it).
# A number that is a clock time ("2", "2pm", "14:30", "15 Uhr"), not an amount ("10 people",
# "10 min").
_CLOCK_AHEAD = (
    r"(?=\d{1,2}(?:[:.][0-5]\d)?\s*(?:am|pm|a\.m\.|p\.m\.|o'?clock|uhr)?(?:[\s,.!?]|$)"
    r"(?!\s*(?:min|mins|minutes?|minuten|hours?|hrs?|std|stunden?|people|persons?|leute"
    r"|personen|times?|mal|days?|tage|weeks?|wochen|%)))"
)
# The same in Italian, Portuguese, Dutch and Polish, which also write "15h", "15 uur", "15u".
_CLOCK_AHEAD_EU = (
    r"(?=\d{1,2}(?:[:.h][0-5]\d)?\s*(?:h|hs|uur|u)?(?:[\s,.!?]|$)"
    r"(?!\s*(?:min|minuti|minutos|minuten|minut|ore|horas|uur|godzin|godziny|persone|pessoas"
    r"|mensen|osoby|osob|giorni|dias|dagen|dni|%)))"
)
# "alle 2 e mezza", "às 3 e meia", "om 14 uur 30": half past, written as "2:30".
_HALF_PAST_EU = r"(?<!\w)(\d{1,2})(?:\s*(?:h|uur|u))?\s+(?:e\s+mezz[ao]|e\s+meia|e\s+30)(?!\w)"
_QUARTER_PAST_EU = r"(?<!\w)(\d{1,2})(?:\s*h)?\s+e\s+(?:un\s+quarto|quinze|15)(?!\w)"
# "14h30", "14u30" (and, after a word for "at", "14.30"): a time as Italian, Dutch and Polish
# managers type it, written "14:30" for the recognizer (which read no time at all in them).
_HOUR_LETTER_MINUTES = r"(?<![\w.:])([01]?\d|2[0-3])\s?[hu]\s?([0-5]\d)(?![\w.:])"


def _dotted_time_after(words: str) -> str:
    """A time written with a dot ("alle 14.30", "om 9.30", "o 14.30") after a word for "at":
    elsewhere "14.12" may be a date."""
    return rf"(?<!\w)({words})\s+([01]?\d|2[0-3])\.([0-5]\d)(?![\w.:])"


_AFTER_A_DAY = (
    r"(?<!\w)((?:mon|tue|tues|wed|thu|thur|thurs|fri|sat|monday|tuesday|wednesday|thursday"
    r"|friday|saturday|today|tomorrow)\s*(?:,|and|or|&|\+|/)\s*)"
)
_NOON = 12
_NIGHT_HOURS_FROM = 7  # "10h de la nuit" is 22:00, "2h de la nuit" 02:00
_FRENCH_HOUR_OF_PART = (
    r"(?<![\w:])([01]?\d|2[0-3])\s*(?:h|heures?)\s+(?P<part>du\s+soir|de\s+la\s+soir[ée]e"
    r"|de\s+l['’]\s*apr[èe]s[\s-]*midi|de\s+l['’]\s*apr[èe]m|du\s+matin|de\s+la\s+nuit)(?!\w)")
_FRENCH_MONTHS = (r"janv|janvier|f[ée]vr?|f[ée]vrier|mars|avr|avril|mai|juin|juil|juillet|ao[ûu]t"
                  r"|sept?|septembre|oct|octobre|nov|novembre|d[ée]c|d[ée]cembre")
_FRENCH_BARE_HOUR = (
    r"(?<!\w)((?:[àa]|vers|jusqu['’]\s*[àa]|avant|apr[èe]s|d[èe]s)\s+)([01]?\d|2[0-3])"
    r"(?![\w:.,/]|\s*(?:h|heures?|min|minutes?|jours?|semaines?|mois|ans|fois|personnes|%|€"
    r"|euros?|" + _FRENCH_MONTHS + r")(?!\w))")


def _french_hour_of_part(found: re.Match[str]) -> str:
    """ "9 heures du soir" -> "21h", "10h de la nuit" -> "22h", "8 heures du matin" and "2h de
    la nuit" -> "8h du matin", "2h du matin" (see `_PLAIN_TIMES`)."""
    hour, part = int(found.group(1)), found.group("part")
    late = not part.startswith(("du m", "de la n")) or (
        part.startswith("de la n") and hour >= _NIGHT_HOURS_FROM)
    if late and hour < _NOON:
        return f"{hour + _NOON}h"
    return f"{hour}h" if late else f"{hour}h du matin"


_Plain = str | Callable[[re.Match[str]], str]
_PLAIN_TIMES: dict[str, tuple[tuple[re.Pattern[str], _Plain], ...]] = {
    language: tuple((re.compile(pattern, re.IGNORECASE), plain) for pattern, plain in rules)
    for language, rules in {
        "en": (
            # "tmrw", "tomorow", and "tomorrows shift" / "tmrws shift" (the apostrophe left out).
            (r"(?<!\w)(?:tmrw|tmr|tmw|tmrow|tomoz|tmoz|tomorow|tommorow|tommorrow|tomorro|2moro"
             r"|2morrow|2mrw|2mro|2moz|tomorrow)(?:'?s)?(?!\w)", "tomorrow"),
            (r"(?<!\w)(today|tonight)s(?!\w)", r"\1"),
            # Texting: "cant come 2day", "cant make it 2nite".
            (r"(?<!\w)2day(?!\w)", "today"),
            (r"(?<!\w)(?:2nite|tonite|2night)(?!\w)", "tonight"),
            (r"(?<!\w)nxt(?=\s+(?:week|wk|weekend|wknd|mon|tue|wed|thu|fri|sat|sun))", "next"),
            # "the 3pm one on thursday", "the 10:30 slot friday": the time offered, on that day
            # (with "one" between them the recognizer read 3pm today and Thursday apart).
            (r"(?<=\d)(\s*(?:am|pm|a\.m\.|p\.m\.|h)?)\s+(?:one|slot)(?=\s+(?:on\s+)?[a-z])",
             r"\1"),
            (r"(?<!\w)(monday|tuesday|wednesday|thursday|friday|saturday|sunday)s(?=\s+shifts?\b)",
             r"\1"),
            # "fri and sat": "sat" and "sun" alone are ordinary words, after another day not.
            (_AFTER_A_DAY + r"sat(?!\w)", r"\1saturday"),
            (_AFTER_A_DAY + r"sun(?!\w)", r"\1sunday"),
            # At the end of the message or before a shift, they are days: "I can't work sat",
            # "my sun morning shift" (as the intent rules read them; "mon" only at the end, for
            # French "mon shift").
            *((r"(?<!\w)" + short + r"\.?(?=\s*(?:[?!.,]|$|(?:shift|morning|afternoon|evening"
               r"|night|opening|closing)\b))", day)
              for short, day in (("sat", "saturday"), ("sun", "sunday"))),
            (r"(?<!\w)mon\.?(?=\s*(?:[?!.]|$))", "monday"),
            (r"(?<!\w)(?:at\s+)?(?:around|about|round|roughly|approx\.?|approximately)\s+"
             + _CLOCK_AHEAD, "at "),
            # "fri 3ish": read alone, "3" was 03:00, already past on a Friday morning, so the
            # chooser took next Friday; "at 3" is read as the afternoon hour it is.
            (r"(?<!\w)(?:at\s+)?(\d{1,2}(?::[0-5]\d)?(?:\s?[ap]m)?)\s*-?\s*ish(?!\w)", r"at \1"),
            # Australian and British "arvo", and the parts of the day people name by a meal or
            # by "first thing": "tmrw arvo", "after lunch", "first thing monday".
            (r"(?<!\w)arvo(?!\w)", "afternoon"),
            # "at 8 in the eve", "tmrw eve", "wed eve": the evening (a clock hour read with a
            # lone "eve" was the morning's 08:00); "christmas eve" stays a day.
            (r"(?<!\w)((?:\d{1,2}(?::[0-5]\d)?|in\s+the|this|tomorrow|today|(?:mon|tues?|wed"
             r"|thu(?:rs?)?|fri|sat|sun)(?:day|nesday|urday)?)\s*)eve(?!\w)", r"\1evening"),
            (r"(?<!\w)after\s+lunch(?:time)?(?!\w)", "afternoon"),
            (r"(?<!\w)first\s+thing(?:\s+in\s+the\s+morning)?(?=\s+(?:on\s+)?(?:mon|tue|wed|thu"
             r"|fri|sat|sun|tomorrow|next|this)|\s*[?!.,]|\s*$)", "morning"),
        ),
        "de": (
            # "(ich verspäte mich) um 20 Minuten" is by how much, not "at 20:00".
            (r"(?<!\w)um\s+(?:ca\.?\s+|etwa\s+)?\d{1,3}\s*(?:minuten|min|stunden?|std)\.?(?!\w)",
             " "),
            (r"(?<!\w)(?:so\s+)?(?:gegen|ca\.?|circa|etwa|ungefähr|ungefaehr)(?:\s+um)?\s+"
             + _CLOCK_AHEAD, "um "),
        ),
        "es": (
            (r"(?<!\w)(?:a\s+eso\s+de|sobre|hacia|como\s+a|alrededor\s+de)\s+las\s+(?=\d)",
             "a las "),
            (r"(?<!\w)(?:el\s+)?(lunes|martes|mi[ée]rcoles|jueves|viernes|s[áa]bado|domingo)"
             r"\s+que\s+viene(?!\w)", r"el próximo \1"),
        ),
        "it": (
            (_HOUR_LETTER_MINUTES, r"\1:\2"),
            (_dotted_time_after(r"alle|dalle|le|verso|per\s+le"), r"\1 \2:\3"),
            (_HALF_PAST_EU, r"\1:30"),
            (_QUARTER_PAST_EU, r"\1:15"),
            (r"(?<!\w)(?:verso|intorno|attorno|circa|sul(?:le)?|per)\s+(?:alle\s+|le\s+|l'\s*)?"
             + _CLOCK_AHEAD_EU, "alle "),
        ),
        "pt": (
            (_HALF_PAST_EU, r"\1:30"),
            (_QUARTER_PAST_EU, r"\1:15"),
            (r"(?<!\w)(?:(?:por\s+volta|perto|cerca|em\s+torno)\s+(?:das|de|da)|l[áa]\s+pelas"
             r"|tipo|umas|l[áa]\s+pras?)\s+(?:[àa]s\s+)?" + _CLOCK_AHEAD_EU, "às "),
        ),
        "nl": (
            (_HOUR_LETTER_MINUTES, r"\1:\2"),
            (_dotted_time_after(r"om|rond|vanaf"), r"\1 \2:\3"),
            (r"(?<!\w)(?:rond(?:om)?|omstreeks|ongeveer|tegen|zo\s+rond)(?:\s+om)?\s+"
             + _CLOCK_AHEAD_EU, "om "),
            (r"(?<!\w)(\d{1,2})\s*(?:uur|u)\s+(?:30|half)(?!\w)", r"\1:30"),
        ),
        "pl": (
            (_HOUR_LETTER_MINUTES.replace("[hu]", "h"), r"\1:\2"),
            (_dotted_time_after(r"o|od|godz\.?|godzina|godzinie"), r"\1 \2:\3"),
            (r"(?<!\w)(?:około|okolo|koło|kolo|w\s+okolicach|gdzieś|gdzies)\s+(?:o\s+)?"
             + _CLOCK_AHEAD_EU, "o "),
        ),
        "fr": (
            (r"(?<!\w)apr[èe]s[\s-]+demain(?!\w)", "après-demain"),
            (r"(?<!\w)(?:apr[èe]s[\s-]+midi|apr[èe]m)(?!\w)", "après-midi"),
            (r"(?<!\w)(?:aux\s+alentours\s+de|autour\s+de|environ)\s+(?=\d{1,2}\s*h)", "vers "),
            # "la prochaine semaine" (the recognizer reads this week) in the usual order; the
            # same length, so the words after keep their places.
            (r"(?<!\w)prochaine semaine(?!\w)", "semaine prochaine"),
            (r"(?<!\w)prochain mois(?!\w)", "mois prochain"),
            # "à 14:30 demain" was 30 May ("30 demain" read as "30 de mai"); "14h30" is how
            # French writes it, and the recognizer reads it with the day after it.
            (r"(?<![\d:.])([01]?\d|2[0-3]):([0-5]\d)(?![\d:])", r"\1h\2"),
            # "à 9 heures du soir", "9h de l'après-midi", "8 h du matin": the hour of that part
            # of the day, as "21h" (the recognizer took "9 heures du soir" for the whole day and
            # this evening, "3h de l'après-midi" for 15:00 and this afternoon as well).
            (_FRENCH_HOUR_OF_PART, _french_hour_of_part),
            # "à 10", "vers 10", "jusqu'à 10": an hour, as "à 10h" (the recognizer read 10
            # December); a day is said with its month or "le" ("le 10", "à 10 décembre").
            (_FRENCH_BARE_HOUR, r"\1\2h"),
            # "le 10 à 10h", "le 3 à 14h": the recognizer read the two numbers as hours from
            # one to the other (10:00-22:00 today); with "vers" it reads the day at that hour.
            (r"(?<!\w)(le\s+(?:3[01]|[12]\d|0?[1-9]))\s+[àa]\s+(?=(?:[01]?\d|2[0-3])h)",
             r"\1 vers "),
        ),
    }.items()
}


# The end of the (working) day, as managers say it: "by end of day", "before close", "tomorrow
# eod", "en fin de journée", "bis Feierabend", "antes del cierre". The recognizer read "end of
# day" as 23:59, after every working hour; it is the end of the hours meetings are booked in
# (`OFFICE_HOURS`). After a word for "until" it bounds the day there ("by end of day": until
# 17:30); alone it is the working day's last hour ("tomorrow eod": 16:30-17:30).
_EOD_END = OFFICE_HOURS.end
_EOD_START = (datetime.combine(date.min, _EOD_END) - timedelta(hours=1)).time()
_END_OF_DAY: dict[str, tuple[str, str, str]] = {
    # language: (words for "until", the end of the day, the store's closing (after "until" only))
    "en": (r"by|before|until|till|til|no\s+later\s+than|up\s+to",
           r"(?:the\s+)?(?:end\s+of\s+(?:the\s+)?(?:(?:working|work|business)\s+)?day|eod|cob"
           r"|close\s+of\s+(?:business|play))",
           r"(?:the\s+)?(?:store\s+|shop\s+)?(?:close|closing(?:\s+time)?)(?!\s+shift)"),
    "fr": (r"avant|d['’]\s*ici|jusqu['’]\s*[àa]",
           r"(?:(?:en|[àa]\s+la)\s+fin\s+de\s+(?:la\s+)?journ[ée]e|la\s+fin\s+de\s+(?:la\s+)?"
           r"journ[ée]e)",
           r"(?:la\s+)?fermeture"),
    "de": (r"bis(?:\s+zum)?|vor(?:\s+dem)?",
           r"(?:(?:zum|am)\s+)?(?:feierabend|dienstschluss|ende\s+des\s+(?:arbeits)?tages|tagesende)",
           r"(?:ladenschluss|geschäftsschluss|geschaeftsschluss)"),
    "es": (r"antes\s+de(?:l)?|hasta(?:\s+el)?",
           r"(?:(?:a|al)\s+)?(?:el\s+)?fin(?:al)?\s+del\s+d[íi]a",
           r"(?:(?:el\s+)?cierre|cerrar)"),
}


@cache
def _end_of_day_patterns(language: str) -> tuple[re.Pattern[str], re.Pattern[str]] | None:
    """The language's end of the day after "until", and alone (see `_END_OF_DAY`)."""
    words = _END_OF_DAY.get(language)
    if words is None:
        return None
    until, alone, bounded_only = words
    return (re.compile(rf"(?<!\w)(?:{until})\s+(?:{alone}|{bounded_only})(?!\w)", re.IGNORECASE),
            re.compile(rf"(?<!\w)(?:(?:at|around|for|à|vers|um|gegen|a|para)\s+)?{alone}(?!\w)",
                       re.IGNORECASE))


def _end_of_day_as_hours(text: str, language: str) -> str:
    """ "by end of day" -> "by 17:30", "tomorrow eod" -> "tomorrow from 16:30 to 17:30" (in the
    language's words; see `_END_OF_DAY`)."""
    patterns = _end_of_day_patterns(language)
    if patterns is None:
        return text
    bounded, alone = patterns
    end, start = f"{_EOD_END:%H:%M}", f"{_EOD_START:%H:%M}"
    if language == "fr":
        end, start = end.replace(":", "h"), start.replace(":", "h")
    until, between = _EOD_SAID[language]
    return alone.sub(between.format(start, end), bounded.sub(until.format(end), text))


# How each language says "until 17:30" and "from 16:30 to 17:30" to the readers.
_EOD_SAID = {"en": ("before {}", "from {} to {}"), "fr": ("avant {}", "de {} à {}"),
             "de": ("bis {}", "von {} bis {}"), "es": ("antes de las {}", "de las {} a las {}")}


def _plain_times(text: str, language: str) -> str:
    """The text with rough or texted time words made plain (see `_PLAIN_TIMES`)."""
    text = with_clock_digits(text, language)  # "halb drei", "quarter to 3": "2:30", "2:45"
    for pattern, plain in _PLAIN_TIMES.get(language, ()):
        text = pattern.sub(plain, text)
    return text


# The Spanish recognizer reads the article "una" as one o'clock anywhere, so "reserva una reunión
# con Bob mañana a las 3 de la tarde" became 01:00-15:00 (or, that range refused, the whole day
# and this afternoon) and "una reunión el viernes" Friday at 01:00. Only "la una" is the hour
# ("a la una", "a la una y media"); any other "una" is hidden from it behind a word of the same
# length that names no time, so the positions of the other words stay where they were.
# Before a unit ("una hora", "en una semana") it is a number the recognizer must see.
_SPANISH_ARTICLE_UNA = re.compile(
    r"\b(la\s+)?una\b(?!\s+(?:hora|horas|semana|semanas|quincena|mes|meses|media|vez))",
    re.IGNORECASE)


# "manana" typed without its tilde is "mañana" to people, but not to the recognizer: "manana a
# las 10" was today at 10 and "pasado manana" today. Same length, so positions stay.
_SPANISH_MANANA = re.compile(r"\bmanana\b", re.IGNORECASE)


# The French recognizer reads "dans l'après-midi", "dans la matinée", "en soirée" as today's,
# apart from the day before them, and the word table does not join a day and a part four letters
# apart: "mardi prochain dans l'après-midi" was all of Tuesday and this afternoon. As "mardi
# prochain l'après-midi" both read one time.
_FRENCH_PART_AFTER_PREPOSITION = re.compile(
    r"(?<=\w)\s+(?:dans|en)\s+(?:(?P<elided>l['’]\s*)|(?P<article>la\s+))?"
    r"(?=(?:apr[eè]s-midi|matin[ée]e|soir[ée]e)\b)",
    re.IGNORECASE)


def _french_part_of_day(found: re.Match[str]) -> str:
    """ "mardi dans l'après-midi" -> "mardi l'après-midi", "mardi en soirée" -> "mardi la
    soirée" (a lone "dans l'après-midi" stays: this afternoon, even when it has begun)."""
    return " l'" if found.group("elided") else " la "


# "el martes de la semana que viene / de la semana próxima" was a Tuesday weeks ago to the
# recognizer (and the afternoon after it today's); "de la próxima semana" it reads right.
_SPANISH_NEXT_WEEK = re.compile(r"\bde\s+la\s+semana\s+(?:que\s+viene|pr[oó]xima)\b",
                                re.IGNORECASE)


# "el día 3", "del día 3": the recognizer read "el día" alone, as today, and left the 3 out. As
# "el 3" it reads the 3rd; the word is hidden behind spaces, so positions stay.
_SPANISH_DAY_BEFORE_NUMBER = re.compile(
    r"(?:(?<=\bel\s)|(?<=\bdel\s)|(?<=\bal\s))d[ií]a\b"
    r"(?=\s+(?:3[01]|[12]\d|0?[1-9])(?![\d:.,h]))", re.IGNORECASE)


def _without_articles(text: str, culture: str) -> str:
    """The text as the recognizer should read it in `culture` (see `_SPANISH_ARTICLE_UNA`,
    `_SPANISH_MANANA`, `_SPANISH_NEXT_WEEK` and `_SPANISH_DAY_BEFORE_NUMBER`)."""
    if culture != Culture.Spanish:
        return text
    text = _SPANISH_DAY_BEFORE_NUMBER.sub("   ", text)
    text = _SPANISH_NEXT_WEEK.sub("de la próxima semana", _SPANISH_MANANA.sub("mañana", text))
    return _SPANISH_ARTICLE_UNA.sub(
        lambda m: m.group(0) if m.group(1) else "esa", text)


# What may stand between a clock time and its day ("tomorrow at 3pm", "3pm on Friday").
_CLOCK_JOINERS = frozenset({"", "at", "on"})
_QUICK_WORD = re.compile(r"[^\W\d_]+(?:'[^\W\d_]+)?")


def _read_alike(term: _Term, language: str) -> bool:
    """Whether the table reads a phrase as the recognizer does in the language: a day ("today",
    a weekday, "tomorrow evening"); in English also "next week" and "next Friday". ("this
    Friday" said on a Sunday is deliberately the coming one in the table; the recognizers read
    a bare part of the day, or a week in French and Spanish, otherwise.)"""
    if term.week:
        return language == "en" and term.shift == 1 and term.weekday is None and term.part is None
    if not term.has_day() or term.month_day is not None:
        return False
    if term.shift is None:
        return True
    return language == "en" and term.shift == 1 and term.weekday is not None


def language_of(locale: str | None) -> str:
    """The language part of a locale ("fr-FR" -> "fr", "pt_BR" -> "pt"); "" when none."""
    return (locale or "").replace("_", "-").split("-")[0].strip().casefold()


# Chinese days the word table leaves to the recognizer: "明天", "下周五", "12月3号", "星期三".
_CHINESE_DAY = re.compile(
    r"[今明后昨]天|大后天|[这本下上]周|周[一二三四五六日天]|星期|礼拜|[0-9一二三四五六七八九十]+[号日]"
)


def names_a_day(text: str, locale: str | None = None) -> bool:
    """Whether the words name a day or a week ("tomorrow", "wednesday", "12月3日", "明天",
    "next week") rather than only a time of day ("3pm", "15時で", "alle 15")."""
    language = language_of(locale)
    folded = _plain_times(text or "", language).casefold()
    if (language == "zh" or _reads_as_chinese(folded, language)) and _CHINESE_DAY.search(folded):
        return True
    return any(f.term.has_day() or f.term.week for f in _scan(folded, language))


def _reads_as_chinese(text: str, language: str) -> bool:
    """Whether a text the locale's language finds no day in names one in Chinese ("周日",
    "明天", "下周五"): people type in another language than their Teams locale, and a
    follow-up "周日呢？" after a Japanese question makes "周日は誰が働いていますか"."""
    return language != "zh" and _CHINESE_DAY.search(text) is not None


def weekday_date(word: str, today: date, *, locale: str | None = None) -> date | None:
    """The date of the weekday a single word names ("wed", "Fr", "mié.", "jeudi"), on or after
    today; None when the word is not a weekday.

    With a locale, only that language's and English forms count; without, every known language.
    """
    weekday = _weekday_of(word, language_of(locale) if locale else "*")
    if weekday is None:
        return None
    return today + timedelta(days=(weekday - today.weekday()) % 7)


# What may stand between a weekday and its date ("Freitag, 4.", "friday the 4th", "金曜日の",
# "vendredi le 4"): blanks, a comma, an article.
_BESIDE = re.compile(r"[\s,.、の]*(?:(?:the|den|der|le|el|il|o|de|du)\s+)?")


# A one-to-one meeting as managers write it ("1:1", "1:1s"); one digit after the colon is no
# clock time.
_ONE_TO_ONE = re.compile(r"(?<![\w:.])1:1s?(?![\w:.])")
# A date written year first with dashes or slashes ("2026-12-03", "2026/12/03").
_ISO_DATE = re.compile(r"(?<!\d)(\d{4})[-/](\d{1,2})[-/](\d{1,2})(?!\d)")
# Japanese weekdays by their one character in a range ("月〜金のシフト", Monday to Friday):
# alone the character is also a month, water, money; between two of them the wave dash is a
# range of days ("12月〜1月" is months).
_JAPANESE_SHORT_DAYS = "".join(_WEEKDAY_SHORT["ja"])
_JAPANESE_SHORT_DAY_RANGE = re.compile(
    rf"(?<![\d０-９{_JAPANESE_SHORT_DAYS}])([{_JAPANESE_SHORT_DAYS}])\s*[〜～]\s*"
    rf"([{_JAPANESE_SHORT_DAYS}])(?![曜\d０-９{_JAPANESE_SHORT_DAYS}])")


def weekday_named(word: str, locale: str | None) -> int | None:
    """The weekday (0 = Monday) a single day word names in the locale's language ("fri",
    "vendredi", "金曜日", "周日"), else None."""
    chinese = _CHINESE_WEEKDAY.fullmatch(word.strip())
    if chinese is not None:
        return min(_CHINESE_DAY_NUMBERS.index(chinese.group(0)[-1]), 6)
    return _weekday_of(fold_text(word), language_of(locale))


def _weekday_of(word: str, language: str) -> int | None:
    """The weekday (0 = Monday) a single word names in the language ("*" = any), else None."""
    cleaned = word.strip().rstrip(".").strip().casefold()
    tables = [_SHORT_WEEKDAYS["*"]] if language == "*" else [
        _SHORT_WEEKDAYS.get(language, {}), _SHORT_WEEKDAYS["en"]]
    for table in tables:
        if cleaned in table:
            return table[cleaned]
    return None


def _choose(candidates: Iterable[TimeWindow], now: datetime, *, prefer_future: bool,
            dateless: bool) -> TimeWindow | None:
    """The occurrence the user most likely means.

    Future: the first one still usable (not yet ended), or, for a time without a day ("morning",
    "9am"), the first one not yet started — "this morning" exists for the running one.
    Past: the mirror image.
    """
    ordered = sorted(set(candidates), key=lambda w: (w.start, w.end))
    if not ordered:
        return None
    if prefer_future:
        usable = [w for w in ordered if (w.start >= now if dateless else w.end > now)]
        return usable[0] if usable else ordered[-1]
    usable = [w for w in ordered if (w.end <= now if dateless else w.start <= now)]
    return usable[-1] if usable else ordered[0]


def _window(start: datetime, end: datetime, tz: ZoneInfo, text: str) -> TimeWindow | None:
    """A window from local wall-clock times, or None when they do not form one."""
    try:
        return TimeWindow(start.replace(tzinfo=tz), end.replace(tzinfo=tz), text)
    except ValueError:
        return None


def _day_span(day: date, part: DayPart | None) -> tuple[datetime, datetime]:
    """The whole day, or the part of it, as local wall-clock times."""
    midnight = datetime.combine(day, time())
    if part is None:
        return midnight, midnight + timedelta(days=1)
    first, last = part.hours
    return midnight + timedelta(hours=first), midnight + timedelta(hours=last)


_RANGE_KINDS = frozenset({"datetimerange", "timerange", "time"})
_DATELESS_KINDS = frozenset({"time", "timerange"})


def _value_span(kind: str, value: dict[str, Any], today: date) -> tuple[datetime, datetime] | None:
    """One resolution value as local wall-clock times; None for kinds without a window."""
    if kind == "date":
        return _day_span(date.fromisoformat(value["value"]), None)
    if kind == "daterange":
        return (datetime.combine(date.fromisoformat(value["start"]), time()),
                datetime.combine(date.fromisoformat(value["end"]), time()))
    if kind == "datetime":
        moment = datetime.fromisoformat(value["value"])
        return moment, moment + _POINT_LENGTH
    if kind == "datetimerange":
        return datetime.fromisoformat(value["start"]), datetime.fromisoformat(value["end"])
    if kind == "time":
        moment = datetime.combine(today, time.fromisoformat(value["value"]))
        return moment, moment + _POINT_LENGTH
    if kind == "timerange":
        start = datetime.combine(today, time.fromisoformat(value["start"]))
        end = datetime.combine(today, time.fromisoformat(value["end"]))
        return start, end if end > start else end + timedelta(days=1)
    return None


def _named_part(text: str) -> DayPart | None:
    """The last part of the day the words name ("mañana por la tarde" -> afternoon)."""
    parts = [_PHRASES[m.group(0)].part for m in _PHRASE_PATTERN.finditer(text.casefold())]
    named = [part for part in parts if part is not None]
    return named[-1] if named else None


_THIS_WEEKDAY = re.compile(r"this\s+(?:mon|tues?|wed(?:nes)?|thu(?:rs)?|fri|satur|sun)(?:day)?"
                           r"(?:\s+(?:morning|afternoon|evening|night))?"
                           r"|este\s+(?:lunes|martes|mi[eé]rcoles|jueves|viernes|s[aá]bado|domingo)"
                           r"(?:\s+por\s+la\s+(?:mañana|manana|tarde|noche))?")


def _result_window(result: Any, source: str, now: datetime, tz: ZoneInfo,
                   prefer_future: bool, *, fallback: bool = False) -> TimeWindow | None:
    """The window one recognizer result points at, or None when it is not a usable window.

    `fallback`: the result comes from the English recognizer reading another language's
    message."""
    kind = str(result.type_name).removeprefix("datetimeV2.")
    text = str(result.text)
    word = text.strip()
    if (len(word) <= (3 if fallback else 2) and word.isascii() and word.isalpha()
            and word != source.strip()):
        # Spanish "mi" (my) is read as "miércoles", and by the English fallback French "mon"
        # (my) as Monday: a short word inside a sentence is an ordinary word far more often
        # than an abbreviated day.
        return None
    if kind == "time" and text.strip().isdigit():
        before = source[:int(result.start)].casefold().split()
        if not before or before[-1] not in _AT_WORDS:
            return None  # a bare number ("2") is an option or a count far more often than a time
    # The recognizer's own hours for parts of the day differ from ours (afternoon ends at 16:00,
    # French "après-midi" becomes 12:00-12:00, Spanish "tarde" becomes evening), so named parts
    # are re-read from the words unless explicit hours were given.
    text_part = None if any(c.isdigit() for c in text) else _named_part(text)
    candidates: list[TimeWindow] = []
    resolution = result.resolution if isinstance(result.resolution, dict) else {}
    written = _HOUR_WITH_ITS_H.search(text)
    evening_said = _AFTER_NOON_WORDS.search(fold_text(source)) is not None
    if written is None and not evening_said:
        written = _MORNING_HOUR.search(text)
    afternoon = ((int(written[1]) + 12,) if written is not None and int(written[1]) < 12
                 and evening_said else ())
    for value in resolution.get("values") or []:
        if not isinstance(value, dict):
            continue
        timex = value.get("timex")
        if not isinstance(timex, str) or not timex or value.get("Mod"):
            continue  # no timex: an unreliable guess; Mod: open-ended ("before friday")
        hour = _TIMEX_HOUR.search(timex)
        if written is not None and hour is not None and int(hour.group(1)) not in (
                int(written[1]), *afternoon):
            continue  # "10h" is 10:00 (see `_HOUR_WITH_ITS_H`); "10h du soir" is 22:00
        try:
            span = _value_span(kind, value, now.date())
        except (KeyError, TypeError, ValueError):
            continue  # "not resolved" values (Feb 30) and shapes we do not use
        if span is None:
            continue
        timex_part = _TIMEX_PART.search(timex)
        part = text_part or (_TIMEX_PARTS[timex_part.group(1)] if timex_part else None)
        if part is not None and kind in _RANGE_KINDS:
            span = _day_span(span[0].date(), part)
        # A weekday without a date may also mean the one after the two the recognizer offers
        # (on a Friday afternoon, "friday morning" is next Friday's); a bare time any day.
        step = 7 if "WXX" in timex else 1 if kind in _DATELESS_KINDS else 0
        if not step and _THIS_WEEKDAY.fullmatch(word.casefold()):
            # "this monday" ("este lunes") is this week's Monday to the recognizer, passed by
            # Sunday: the coming one when the future is meant (as "ce lundi", "diesen Montag"
            # are).
            step = 7
        for days in {0, -step, step}:
            shifted = _window(span[0] + timedelta(days=days), span[1] + timedelta(days=days),
                              tz, text)
            if shifted is not None:
                candidates.append(shifted)
    return _choose(candidates, now, prefer_future=prefer_future,
                   dateless=kind in _DATELESS_KINDS)



@dataclass(frozen=True)
class _Found:
    """A term and where its words are in the (case-folded) text."""

    start: int
    end: int
    term: _Term


def _scan(text: str, language: str) -> list[_Found]:
    """Every table word and numeric date ("27.11.", "27.11.2026"; in Japanese "12月3日",
    "12/3") in the text, in order."""
    found = [_Found(m.start(), m.end(), _PHRASES[m.group(0)])
             for m in _PHRASE_PATTERN.finditer(text)
             if _OWN_LANGUAGE_ONLY.get(m.group(0), language) == language]
    day_first = [_NUMERIC_DATE]
    if language in _SLASH_DATE_LANGUAGES:
        day_first.append(_SLASH_DATE)
    ranged: list[tuple[int, int]] = []
    if language == "nl":
        day_first.append(_DUTCH_DASH_DATE)
        ranged = [m.span() for m in _DUTCH_DASH_DATE_RANGE.finditer(text)]
    for pattern in day_first:
        for match in pattern.finditer(text):
            if pattern is _DUTCH_DASH_DATE and not match.group(3) and not _DUTCH_ON_BEFORE.search(
                    text, 0, match.start()) and not any(
                    start <= match.start() < end for start, end in ranged):
                continue
            year = int(match.group(3)) if match.group(3) else None
            if year is not None and year < 100:
                year += 2000  # "3/12/26"
            month_day = (int(match.group(2)), int(match.group(1)), year)
            found.append(_Found(match.start(), match.end(), _Term(month_day=month_day)))
    named = _NAMED_MONTH_DATES.get(language)
    for match in named.finditer(text) if named is not None else ():
        year = int(match.group(3)) if match.group(3) else None
        month_day = (_MONTH_OF[language][match.group(2)], int(match.group(1)), year)
        found.append(_Found(match.start(), match.end(), _Term(month_day=month_day)))
    spellings, holidays = _HOLIDAYS.get(language, ({}, None))
    for match in holidays.finditer(text) if holidays is not None else ():
        found.append(_Found(match.start(), match.end(),
                            _Term(month_day=(*spellings[match.group(0)], None))))
    if language == "ja":
        for match in _JAPANESE_DATE.finditer(text):
            written_year, month, day = match.group(1), match.group(2), match.group(3)
            if month is None:  # "12/3"
                month, day = match.group(4), match.group(5)
            month_day = (int(month), int(day), int(written_year) if written_year else None)
            found.append(_Found(match.start(), match.end(), _Term(month_day=month_day)))
    return sorted(found, key=lambda f: f.start)


# The thing being timed, between a part of the day and its day: "the evening shift on
# saturday" is Saturday evening, not this evening and Saturday.
_TIMED_THINGS = frozenset({"shift", "shifts", "slot", "one", "meeting", "call"})
# Words longer than three letters that only join a day to its week: "martedì della prossima
# settimana".
_LONG_JOINERS = frozenset({"della", "nella"})


def _adjacent(text: str, left: _Found, right: _Found) -> bool:
    """Whether only spaces, punctuation or up to two short words ("am", "de la") separate two
    terms (a word for the thing being timed, "shift", not counted), so that they describe one
    time."""
    words = [word for word in _GAP_WORD.findall(text[left.end:right.start])
             if word not in _TIMED_THINGS and word not in _LONG_JOINERS]
    return len(words) <= 2 and all(len(word) <= 3 for word in words)


def _group(text: str, found: list[_Found]) -> list[_Found]:
    """Adjacent terms merged into phrases ("nächsten" + "Dienstag" + "Vormittag")."""
    phrases: list[_Found] = []
    for index, item in enumerate(found):
        last = phrases[-1] if phrases else None
        merged = last.term.merged(item.term) if last and _adjacent(text, last, item) else None
        if merged is not None and last is not None and _is_modifier(item.term):
            # "Freitag, nächsten Montag": the modifier belongs to what follows it.
            following = found[index + 1] if index + 1 < len(found) else None
            if (following is not None and _adjacent(text, item, following)
                    and merged.merged(following.term) is None
                    and item.term.merged(following.term) is not None):
                merged = None
        if merged is not None and last is not None:
            phrases[-1] = _Found(last.start, item.end, merged)
        else:
            phrases.append(item)
    return phrases


def _is_modifier(term: _Term) -> bool:
    """Whether the term is only "next" or "this"."""
    return term == _Term(shift=term.shift) and term.shift is not None


def _phrase_window(phrase: _Found, text: str, now: datetime, tz: ZoneInfo,
                   prefer_future: bool) -> TimeWindow | None:
    """The window a merged phrase points at, or None when it names no time on its own."""
    term = phrase.term
    words = text[phrase.start:phrase.end]
    today = now.date()
    dateless = False
    if term.weekend:
        # The coming Saturday and Sunday (said on either, the weekend under way), and with
        # "next" the ones a week later: one window over both days. Said on a Sunday about the
        # weekend under way, Saturday is over: from today on ("this weekend" on a Sunday had
        # yesterday's shifts in it).
        saturday = today + timedelta(days=5 - today.weekday() + 7 * (term.shift or 0))
        first = max(saturday, today) if prefer_future and not term.shift else saturday
        return _window(datetime.combine(first, time()),
                       datetime.combine(saturday + timedelta(days=2), time()), tz, words)
    days = _term_days(term, today)
    if days is None:
        if term.week and term.shift is not None and term.part is None:
            start = today - timedelta(days=today.weekday() - 7 * term.shift)
            return _window(datetime.combine(start, time()),
                           datetime.combine(start + timedelta(days=7), time()), tz, words)
        if term.part is None:
            return None
        days = [today + timedelta(days=k) for k in (-1, 0, 1)]
        dateless = True
    spans = [_day_span(d, term.part) for d in days]
    return _choose(filter(None, (_window(start, end, tz, words) for start, end in spans)), now,
                   prefer_future=prefer_future, dateless=dateless)


def _term_days(term: _Term, today: date) -> list[date] | None:
    """The days a term may mean (the chooser picks one), or None when it names no day."""
    monday = today - timedelta(days=today.weekday())
    if term.weekday is not None and term.shift is not None and (term.shift > 0 or term.week):
        # "next Wednesday" is Wednesday of next week, as recognizers-text reads it in English;
        # "this Friday" said on a Sunday means the coming one, so it is read as a bare weekday.
        return [monday + timedelta(days=7 * term.shift + term.weekday)]
    if term.weekday is not None:
        this_week = monday + timedelta(days=term.weekday)
        return [this_week + timedelta(days=7 * k) for k in (-1, 0, 1)]
    if term.day_offset is not None:
        return [today + timedelta(days=term.day_offset)]
    if term.month_day is not None:
        month, day_of_month, year = term.month_day
        years = [year] if year else [today.year - 1, today.year, today.year + 1]
        return [d for y in years if (d := _valid_date(y, month, day_of_month)) is not None]
    return None


# A Chinese weekday, which the word table leaves to the recognizer, opening the words ("周四",
# "星期四谁上班"; not "下周四").
_CHINESE_WEEKDAY = re.compile(r"(?:周|星期|礼拜)[一二三四五六日天]")
_CHINESE_DAY_NUMBERS = "一二三四五六日天"  # Monday first; 日 and 天 are both Sunday


# A day of the month right after a weekday ("lundi 7", "Wednesday the 2nd", "Mittwoch, 2."),
# not an hour ("lundi 7h", "monday 7pm", "fri 3ish", "Montag 7 Uhr", "vrijdag 15 uur").
_DAY_AFTER_WEEKDAY = re.compile(
    r"\s*,?\s*(?:(?:the|le|den|der|el|il|dia|de|op)\s+)?(3[01]|[12]\d|0?[1-9])"
    r"(?:st|nd|rd|th|er|eme|e)?\.?(?![\w:/-]|[.,]\d"
    r"|\s*(?:h|am|pm|uhr|uur|ore|horas?|heures?|hours?|godz\w*|o'?clock)\b)")


def _date_on_weekday(day: int, weekday: int, today: date, prefer_future: bool) -> date | None:
    """The first date from today (or, not `prefer_future`, the last one up to today) that is
    that day of the month and that weekday, within a year; None when there is none."""
    step = timedelta(days=1) if prefer_future else timedelta(days=-1)
    candidate = today
    for _ in range(366):
        if candidate.day == day and candidate.weekday() == weekday:
            return candidate
        candidate += step
    return None


def _bare_weekday(text: str, language: str) -> bool:
    """Whether the words name a weekday and nothing else about it ("Thursday", "jeudi"; not
    "next Friday", "Friday next week")."""
    folded = text.casefold().strip(_RANGE_PUNCTUATION)
    if language == "zh":
        return _CHINESE_WEEKDAY.match(folded) is not None
    found = _scan(folded, language)
    return (len(found) == 1 and found[0].term == _Term(weekday=found[0].term.weekday)
            and found[0].term.weekday is not None)


def _month_named(text: str, language: str) -> tuple[int | None, str]:
    """The one month the words name by its name ("im Dezember", "di dicembre", "grudnia",
    "12月"), or None (none, or more than one); and the words without it. Short forms that are
    words too ("sie", "mar") are left out."""
    folded = text.casefold()
    found = {int(m[1]) for m in _UNSPACED_MONTH.finditer(folded) if 1 <= int(m[1]) <= 12}
    unnamed = _UNSPACED_MONTH.sub(" ", folded)
    for number, words in enumerate(_MONTH_NAMES.get(language, ()), start=1):
        spellings = [re.escape(spelling) for k, word in enumerate(words)
                     if k == 0 or len(word) >= _LONG_MONTH_FORM
                     for spelling in _spellings(word, language)]
        pattern = re.compile(rf"(?<!\w)(?:{'|'.join(spellings)})(?!\w)")
        if pattern.search(unnamed):
            found.add(number)
            unnamed = pattern.sub(" ", unnamed)
    return (found.pop() if len(found) == 1 else None), " ".join(unnamed.split())


def _valid_date(year: int, month: int, day: int) -> date | None:
    """The date, or None for impossible ones (31.02.)."""
    try:
        return date(year, month, day)
    except ValueError:
        return None


@cache
def _parsing_thread() -> ThreadPoolExecutor:
    """The one thread date phrases are parsed on, for the life of the process. The recognizers
    hold the GIL while they parse, so more threads parse no faster; the default executor grew
    to six threads as turns overlapped, and glibc gave each new thread its own heap arena: the
    process grew by megabytes over thousands of "what are my shifts?" turns."""
    return ThreadPoolExecutor(max_workers=1)


class TimePhraseParser:
    """Finds the time windows a user's words point at, in one time zone.

    `parse` is safe to await from the event loop (the work runs in a worker thread);
    `parse_sync` does the same work on the calling thread.
    """

    def __init__(
        self, tz: ZoneInfo, *, default_culture: str = "en-US",
        on_loaded: Callable[[], None] | None = None,
    ) -> None:
        """`on_loaded` is called on the event loop after `warm_up` and after each language
        `prepare` loaded in the background (the app settles its heap then)."""
        self._tz = tz
        self._default_culture = default_culture
        self._on_loaded = on_loaded
        self._warmed = threading.Event()
        self._loaded: set[str] = set()
        self._loading: set[str] = set()
        self._background: set[asyncio.Future[None]] = set()

    @property
    def warmed(self) -> bool:
        """Whether `warm_up` has finished (the app reports ready only then)."""
        return self._warmed.is_set()

    async def parse(self, text: str, *, now: datetime, locale: str | None = None,
                    prefer_future: bool = True, ranges: bool = False) -> list[TimeWindow]:
        """The windows the text points at, in order of mention; [] when it names no time.

        prefer_future picks the coming occurrence of ambiguous words ("friday", "Nov 27");
        otherwise the most recent one. `ranges` reads days from one to another ("from Monday
        to Wednesday") as one window of all of them, for a request that takes several days;
        elsewhere "from Saturday to Sunday" moves a shift from one day to the other.
        """
        call = partial(contextvars.copy_context().run, self.parse_sync, text,
                       now=now, locale=locale, prefer_future=prefer_future, ranges=ranges)
        return await asyncio.get_running_loop().run_in_executor(_parsing_thread(), call)

    def parse_sync(self, text: str, *, now: datetime, locale: str | None = None,
                   prefer_future: bool = True, ranges: bool = False) -> list[TimeWindow]:
        """`parse` on the calling thread (may take hundreds of ms on a culture's first use)."""
        if now.tzinfo is None:
            raise ValueError("now must be timezone-aware")
        # "my 1:1 with bob" is a meeting, not 13:01: blanked, so the other words keep their place.
        cleaned = _ONE_TO_ONE.sub(lambda m: " " * len(m.group(0)),
                                  (text or "")[:MAX_TEXT_CHARS])
        if not cleaned.strip():
            return []
        local_now = now.astimezone(self._tz)
        language = language_of(locale or self._default_culture)
        # "on tuesday about the christmas party": the holiday is the topic, not a second day.
        cleaned = without_holiday_topics(cleaned, language)
        cleaned = _other_words_blanked(cleaned, language)  # "fruits de mer": no Wednesday
        cleaned = spelled_out(cleaned, language)  # "this week and next": next week too
        cleaned = with_day_words_spelled(cleaned, language)  # "morgn", "demian", "tomoro"
        later = weeks_after(cleaned, language)  # "monday week", "lundi en huit"
        if later is not None:
            return [_weeks_on(window, later.weeks, self._tz) for window in self.parse_sync(
                later.text, now=now, locale=locale, prefer_future=prefer_future, ranges=ranges)]
        if language == "ja":
            # "2026-12-03のシフト": the Japanese reader takes "2026-12" for the month before "の".
            cleaned = _ISO_DATE.sub(lambda m: f"{m[1]}年{int(m[2])}月{int(m[3])}日", cleaned)
            cleaned = _JAPANESE_SHORT_DAY_RANGE.sub(lambda m: f"{m[1]}曜日〜{m[2]}曜日", cleaned)
        swapped: dict[str, str] = {}
        if language in _SWAPPED_WITH_YEAR and (language != "en" or _writes_day_first(locale or "")):
            cleaned, swapped = _month_first(cleaned, with_year=_SWAPPED_WITH_YEAR[language])
        windows = []
        if language != "en" and (_english_weekdays_only(cleaned, language)
                                 or message_language(fold_text(cleaned)) == "en"):
            # "book a meeting with Alice after 6pm on tuesday" typed in a French Teams: the
            # French reader took "6pm" alone (the next 18:00) and left the English day out;
            # "cancel my shift the day after tomorrow" in a German one was tomorrow.
            windows = self._parse(cleaned, local_now, "en", prefer_future, ranges)
        if not windows:
            windows = self._parse(cleaned, local_now, language, prefer_future, ranges)
        if not windows and _reads_as_chinese(cleaned, language):
            # "周日谁上班？" typed in a Japanese (or any other) Teams: the days are Chinese.
            windows = self._parse(cleaned, local_now, "zh", prefer_future, ranges)
        if prefer_future:
            windows = self._this_week_said_on_sunday(windows, local_now)
        windows = _without_a_passing_now(windows, local_now)
        part = week_part(text, language) if len(windows) == 1 else None
        if part is not None:  # "early next week", "Ende der Woche": those days of it
            windows = [self._in_part_of_week(windows[0], part)]
        if not swapped:
            return windows
        return [TimeWindow(w.start, w.end, _SWAPPED_DATE.sub(
            lambda m: swapped.get(m.group(0), m.group(0)), w.text)) for w in windows]

    def _parse(self, cleaned: str, local_now: datetime, language: str, prefer_future: bool,
               ranges: bool) -> list[TimeWindow]:
        """`parse_sync` on the cleaned text, in local time."""
        cleaned = _end_of_day_as_hours(cleaned, language)  # "by eod": until 17:30
        cleaned = with_clock_digits(cleaned, language)  # "half past two", "halb drei": "2:30"
        placed = weekday_of_month(cleaned, language)  # "the first monday of next month"
        if placed is not None:
            on_the_day = self._weekday_of_month(placed, cleaned, local_now, language,
                                                prefer_future)
            if on_the_day:
                return on_the_day
        hours = self._hours_on_a_day(cleaned, local_now, language, prefer_future)
        if hours is not None:
            return hours
        if ranges:
            excepting = split_days_excepted(cleaned, language)
            if excepting is not None:
                return self._days_but(excepting, local_now, language, prefer_future)
            days = self._day_range(cleaned, local_now, language, prefer_future)
            if days is None:
                days = self._days_until(cleaned, local_now, language, prefer_future)
            if days is not None:
                return [days]
        windows = self._read(cleaned, local_now, language, prefer_future)
        bound = time_bound(cleaned, language)
        if bound is not None:
            windows = self._bounded(bound, windows, local_now, language, prefer_future)
        if weekday_said_past(cleaned, language):
            # "letzten Montag", "lunedì scorso": the recognizers read the coming Monday.
            return _before_today(windows, local_now)
        windows = self._weekday_beside_its_date(cleaned, windows, language)
        return self._weekday_with_its_date(cleaned, windows, local_now, language,
                                           prefer_future)

    def _weekday_of_month(self, placed: WeekdayOfMonth, text: str, now: datetime,
                          language: str, prefer_future: bool) -> list[TimeWindow]:
        """The day a weekday by its place names in the month the rest of the words name ("next
        month", "december"), or in this month when they say so ("of the month": the next
        month's once this month's has gone); [] when they name no one month. The hours or the
        part of the day said with it are kept ("first monday of next month at 10" was the
        whole day; "am ersten Montag im Dezember um 10 Uhr" the coming Monday; "... from 10 to
        12" Monday 30 November)."""
        weekday = weekday_named(placed.weekday_words, language)
        if weekday is None:
            return []
        span = hour_range(placed.rest, language)
        rest = span.without() if span is not None else placed.rest
        # The rest is read as of the start of today: only the hour of "at 10" is kept, and
        # read from now (13:00) "at 10" is tonight's, 22:00.
        today = now.replace(hour=0, minute=0, second=0, microsecond=0)
        windows = self._read(rest, today, language, prefer_future) if rest else []
        named, unnamed = _month_named(rest, language)
        if not windows and named is not None and unnamed:
            # "am im Dezember um 10 Uhr": the reader of the language knows no month names.
            windows = self._read(unnamed, today, language, prefer_future)
        hours = [w for w in windows if w.end - w.start < timedelta(days=1)]
        clock = _CLOCK_TAIL.search(unnamed) if not hours and span is None else None
        if clock is not None:
            # "de van december om 10 uur": the reader took the month and left the hour.
            hours = [w for w in self._read(clock.group(0), today, language, prefer_future)
                     if w.end - w.start < timedelta(days=1)]
            windows = windows + hours
        days = [w for w in windows if w not in hours]
        months = {start.date() for w in days
                  if (start := w.start.astimezone(self._tz)).day == 1 and start.time() == time()
                  and 28 <= (w.end.astimezone(self._tz) - start).days <= 31}
        if not months and named is not None:
            months = {date(now.year + (named < now.month), named, 1)}
        if len(months) > 1 or len(days) > len(months) > 0:
            return []
        if placed.next_month:
            day = placed.day_in((now.date().replace(day=1) + timedelta(days=32)).replace(day=1),
                                weekday)
        elif months and len(days) <= 1:
            day = placed.day_in(months.pop(), weekday)
        elif placed.this_month and not days:
            month = now.date().replace(day=1)
            day = placed.day_in(month, weekday)
            if prefer_future and (day is None or day < now.date()):
                day = placed.day_in((month + timedelta(days=32)).replace(day=1), weekday)
        else:
            return []
        if day is None:
            return []
        midnight = datetime.combine(day, time())
        if span is not None:
            spans = [(midnight + timedelta(minutes=span.start_minute),
                      midnight + timedelta(minutes=span.end_minute))]
        elif hours:  # "at 3pm or 4pm": each on the day
            starts = [(w.start.astimezone(self._tz), w.end - w.start) for w in hours]
            spans = [(begins, begins + length) for begins, length in (
                (midnight + timedelta(hours=at.hour, minutes=at.minute), length)
                for at, length in starts)]
        else:
            spans = [(midnight, midnight + timedelta(days=1))]
        return [window for begins, ends in spans
                if (window := _window(begins, ends, self._tz, text)) is not None]

    def _in_part_of_week(self, window: TimeWindow, part: WeekPart) -> TimeWindow:
        """The days of a week's window the part names (the window as it is when it is no
        week): its Monday and Tuesday, Tuesday to Thursday, or Thursday to Sunday, from the
        window's start on."""
        start, end = (moment.astimezone(self._tz) for moment in (window.start, window.end))
        if not (timedelta(days=6) <= end - start <= timedelta(days=8)
                and end.time() == time() and end.weekday() == 0):
            return window
        monday = end.date() - timedelta(days=7)
        first, after = (datetime.combine(monday + timedelta(days=d), time())
                        for d in part.days)
        narrowed = _window(max(first, start.replace(tzinfo=None)), after, self._tz,
                           window.text)
        return narrowed or window

    def _this_week_said_on_sunday(self, windows: list[TimeWindow], now: datetime
                                  ) -> list[TimeWindow]:
        """On a Sunday, "this week" (the week ending today) is the coming week, Monday to
        Sunday: "my shifts this week", "mes services cette semaine", "今週のシフト" said on a
        Sunday showed today alone (the rest of the week is over); people mean the week ahead,
        the rota's next week (seven days: with today in it as well it was eight, two Sundays,
        and a manager's "who's working this week" listed today's shifts before the week's).
        Left alone when the coming week is named too ("this week and next")."""
        if now.weekday() != _SUNDAY:
            return windows
        monday = datetime.combine(now.date() - timedelta(days=_SUNDAY), time())
        week = [w for w in windows if (w.start.astimezone(self._tz).replace(tzinfo=None),
                                       w.end.astimezone(self._tz).replace(tzinfo=None))
                == (monday, monday + _WEEK)]
        if not week or any(w.end > week[0].end for w in windows):
            return windows
        coming = _window(monday + _WEEK, monday + 2 * _WEEK, self._tz, week[0].text)
        return [coming if w is week[0] and coming is not None else w for w in windows]

    def _hours_on_a_day(self, text: str, now: datetime, language: str, prefer_future: bool
                        ) -> list[TimeWindow] | None:
        """Hours from one to another on the one day the rest of the words name ("Dienstag von
        9 bis 11 Uhr", "火曜日の9時から11時", "mardi à midi"), or on the next day they are
        still ahead when no day is named and the words are clearly hours ("de 9h à 11h", "at
        noon"); None when the text names no such hours or more than one day, or a day part."""
        hours = hour_range(text, language)
        if hours is None:
            return None
        rest = hours.without()
        days = self._read(rest, now, language, prefer_future) if rest else []
        if weekday_said_past(rest, language):
            days = _before_today(days, now)
        if len(days) > 1:
            return None
        if days:
            start, end = (moment.astimezone(self._tz) for moment in (days[0].start,
                                                                      days[0].end))
            if start.time() != time() or end - start != timedelta(days=1):
                return None  # "next week from 9 to 11", "mardi matin de 9h à 11h": as before
            candidates = [start.date()]
        elif hours.marked or _afternoon_hour_last(hours.words):
            # "de 10 a 14", "od 9 do 17": an hour after noon, as the 24-hour clock writes it,
            # ends them (no time at all was read).
            candidates = [now.date(), now.date() + timedelta(days=1)]
        elif self._read(text, now, language, prefer_future):
            return None  # "od 5 do 8": days or hours, the readers judge
        else:
            # "de 10 a 12", "von 10 bis 12" and no day: the readers found nothing in them, so
            # they are hours (a manager booking "de 10 a 12" was offered the whole week).
            candidates = [now.date(), now.date() + timedelta(days=1)]
        said = " ".join(part for part in (days[0].text if days else "", hours.words) if part)
        for day in candidates:
            midnight = datetime.combine(day, time())
            window = _window(midnight + timedelta(minutes=hours.start_minute),
                             midnight + timedelta(minutes=hours.end_minute), self._tz, said)
            if window is not None and (window.end > now or not prefer_future or days):
                return [window]
        return None

    def _weekday_beside_its_date(self, text: str, windows: list[TimeWindow],
                                 language: str) -> list[TimeWindow]:
        """One day where a weekday stands beside a date that falls on it ("am Freitag, 4.
        Dezember", "12月4日金曜日"): the readers gave two, this week's Friday and the 4th, so
        "cancel my shift on Friday, 4 December" offered two shifts."""
        if len(windows) != 2 or any(w.end - w.start != timedelta(days=1) for w in windows):
            return windows
        folded = fold_text(text)
        for weekday, dated in (windows, windows[::-1]):
            named = _weekday_of(fold_text(weekday.text), language)
            if named is None or dated.start.astimezone(self._tz).weekday() != named:
                continue
            said, date_said = fold_text(weekday.text), fold_text(dated.text)
            at, date_at = folded.find(said), folded.find(date_said)
            if at < 0 or date_at < 0:
                continue
            gap = (folded[at + len(said):date_at] if at < date_at
                   else folded[date_at + len(date_said):at])
            if _BESIDE.fullmatch(gap):
                said_both = (text[min(at, date_at):max(at + len(said), date_at + len(date_said))]
                             if len(folded) == len(text) else dated.text)
                return [TimeWindow(dated.start, dated.end, said_both)]
        return windows

    def _weekday_with_its_date(self, text: str, windows: list[TimeWindow], now: datetime,
                               language: str, prefer_future: bool) -> list[TimeWindow]:
        """The day a weekday and its day of the month name together ("lundi 7", "lunes 7":
        Monday 7 December), where the one window read says another day, or an hour of it:
        "annule mon service du lundi 7" offered Monday 30 November at 07:00."""
        folded = fold_text(text)
        dated = [(start, end, number) for start, end in weekday_spans(folded)
                 if (number := _DAY_AFTER_WEEKDAY.match(folded, end)) is not None]
        if len(windows) != 1 or len(dated) != 1:
            return windows
        start, end, number = dated[0]
        named = _weekday_of(folded[start:end], language)
        if named is None:
            return windows
        day = int(number.group(1))
        read = windows[0].start.astimezone(self._tz)
        whole = read.time() == time() and windows[0].end - windows[0].start == timedelta(days=1)
        other_digits = sum(c.isdigit() for c in folded) > len(number.group(1))
        if read.day == day and (whole or other_digits):
            return windows
        found = _date_on_weekday(day, named, now.date(), prefer_future)
        if found is None:
            return windows
        first, last = _day_span(found, None)
        return [window for window in [_window(first, last, self._tz, text)] if window is not None]

    def _day_range(self, text: str, now: datetime, language: str, prefer_future: bool
                   ) -> TimeWindow | None:
        """The days from one to another that the text names, both counted, as one window; None
        when it names no such range. Each end is read on its own and must be one whole day; a
        first day of the month alone takes the last one's month ("du 1 au 3 décembre"), and a
        last weekday before the first is the one after it ("from Friday to Monday")."""
        dashed = split_at_dash(text, _dashed_words(text, language))
        for words in [*_numeric_date_range(text), *_dutch_dashed_date_range(text, language),
                      *split_day_range(text, language), *dashed]:
            first = self._one_day(words.first, now, language, prefer_future, at_end=True)
            if first is None and (_NUMERIC_LAST_WORD.search(words.first) or words in dashed):
                # The English recognizer reads "from 12/3" as a time from then on, no day; the
                # German one reads "Mo" alone, not "meine Schichten Mo" ("Mo-Mi").
                first = self._one_day(words.first.split()[-1], now, language, prefer_future,
                                      at_end=True)
            last = self._one_day(words.last, now, language, prefer_future, at_end=False)
            head = words.last.split()[0].rstrip("?!,;:") if words.last.split() else ""
            if last is None and words in dashed and head != words.last.strip():
                # "Mi ab" (sag … Mo-Mi ab), "Mi?" (wer arbeitet Mo-Mi?): the day right after
                # the dash.
                last = self._one_day(head, now, language, prefer_future, at_end=False)
            if first is None and last is not None:
                # "de la semaine jusqu'à vendredi": this week's days up to Friday.
                first, last = self._period_up_to(words.first, last, words.last, now,
                                                 language, prefer_future)
            alone = day_of_month(words.first, language)
            number = _BARE_DAY_NUMBER.match(words.last)
            bare = _LAST_BARE_NUMBER.search(words.first)
            if first is None and bare is not None and number is not None:
                # "od 5 do 8 grudnia", "od 28 do 2": a bare number is a day where the last end
                # names its month, or where one of the two is past any hour ("od 9 do 17" is
                # hours, "od 10 do 12" may be).
                alone = int(bare.group(1))
                first = _first_day_of_month(alone, last) if last is not None else (
                    _days_no_hours_can_be(alone, int(number.group(1)), words.last[number.end():],
                                          now.date(), prefer_future))
            if first is None:
                continue
            if last is None and alone == first.day and number is not None:
                # "del 28 al 2", "du 28 au 2": after a day of the month, a bare number is one
                # too (the readers take a lone "2" for no day).
                last = next_date_on(int(number.group(1)), first)
            if last is None:
                continue
            if alone is not None and alone == first.day and first > last:
                earlier = last.replace(day=1) - timedelta(days=1)
                first = earlier.replace(day=alone) if alone <= earlier.day else first
            while last < first and first - last < _WEEK:
                last += _WEEK
            if _bare_weekday(words.last, language):
                # "who worked last Tuesday to Thursday": the Thursday after that Tuesday, not
                # the coming one (the range ran over seventeen days).
                while last - _WEEK >= first:
                    last -= _WEEK
            if not first <= last <= first + _LONGEST_DAY_RANGE:
                continue
            start, _ = _day_span(first, None)
            _, end = _day_span(last, None)
            return _window(start, end, self._tz, text)
        return None

    def _days_until(self, text: str, now: datetime, language: str, prefer_future: bool
                    ) -> TimeWindow | None:
        """Today to the one whole day said after "until" ("cancel my shifts until friday",
        "bis Freitag", "金曜日まで"), both counted, as one window; None when the text says no
        such day or a day past the longest range."""
        words = split_until(text, language)
        if words is None:
            return None
        # The day opens the words after "until", or closes those before "まで".
        last = self._one_day(words.day, now, language, prefer_future, at_end=words.day_at_end)
        today = now.date()
        first: date | None = today
        if last is not None and words.before.strip():
            # "this week until Friday": the week's days up to Friday; "move Bob's shift from
            # Saturday to Sunday" names two days of its own, no range.
            first, last = self._period_up_to(words.before, last, words.day, now, language,
                                             prefer_future, or_today=True)
        if first is None or last is None or not first <= last <= today + _LONGEST_DAY_RANGE:
            return None
        start, _ = _day_span(first, None)
        _, end = _day_span(last, None)
        return _window(start, end, self._tz, text)

    def _period_up_to(self, before: str, last: date, last_words: str, now: datetime,
                      language: str, prefer_future: bool, *, or_today: bool = False
                      ) -> tuple[date | None, date]:
        """The first and last day of "this week until Friday", "de la semaine prochaine
        jusqu'à mercredi": the days of the period `before` names (a week; no day before today),
        a bare weekday moved into it. The first is None when `before` names no such period,
        or today (`or_today`) when it names no time at all."""
        windows = self._read(before, now, language, prefer_future)
        if not windows:
            return (now.date() if or_today else None), last
        period = self._whole_days(windows)
        if period is None:
            return None, last
        while last < period[0] and _bare_weekday(last_words, language):
            last += _WEEK
        return max(now.date(), period[0]), last

    def _whole_days(self, windows: list[TimeWindow]) -> tuple[date, date] | None:
        """The first and last day of the one window of several whole days ("this week", "la
        semaine prochaine"), or None."""
        if len(windows) != 1:
            return None
        start, end = (moment.astimezone(self._tz) for moment in (windows[0].start,
                                                                  windows[0].end))
        if start.time() != time() or end.time() != time() or end - start <= timedelta(days=1):
            return None
        return start.date(), end.date() - timedelta(days=1)

    def _days_but(self, excepting: DaysExcepted, now: datetime, language: str,
                  prefer_future: bool) -> list[TimeWindow]:
        """The days asked for without those left out ("all my shifts next week except
        friday": Monday to Thursday and the weekend); the coming fortnight when no day is
        asked for ("all my shifts except friday"); none at all when what is left out names no
        time, so that nothing left out is ever taken ("except the one with Alice")."""
        left_out = self._days_asked(excepting.excepted, now, language, prefer_future)
        if not left_out:
            return []
        asked = self._days_asked(excepting.asked, now, language, prefer_future)
        if not asked:
            start, _ = _day_span(now.date(), None)
            asked = [w for w in [_window(start, start + _EXCEPT_HORIZON, self._tz,
                                         excepting.asked)] if w is not None]
        kept: list[TimeWindow] = []
        for window in asked:
            pieces = [(window.start, window.end)]
            for cut in left_out:
                pieces = [piece for start, end in pieces
                          for piece in ((start, min(end, cut.start)), (max(start, cut.end), end))
                          if piece[0] < piece[1]]
            kept.extend(TimeWindow(start, end, window.text) for start, end in pieces)
        return kept

    def _days_asked(self, text: str, now: datetime, language: str, prefer_future: bool
                    ) -> list[TimeWindow]:
        """The days the words name, a range of them as one window."""
        days = self._day_range(text, now, language, prefer_future)
        return [days] if days is not None else self._read(text, now, language, prefer_future)

    def _one_day(self, text: str, now: datetime, language: str, prefer_future: bool, *,
                 at_end: bool) -> date | None:
        """The one whole day the words name, or None: the first day's words end where the
        range goes on (`at_end`), the last day's open what follows it, but for a word ("the
        3rd"). Days elsewhere are no end of the range: in "annule mon shift de samedi et dis
        à mon manager que je serai en retard vendredi" Friday is when the worker is late."""
        windows = self._read(text, now, language, prefer_future)
        if weekday_said_past(text, language):
            windows = _before_today(windows, now)  # as `parse_sync` reads "last Tuesday"
        if len(windows) != 1:
            return None
        folded = text.casefold().strip(_RANGE_PUNCTUATION)
        words = windows[0].text.casefold().strip(_RANGE_PUNCTUATION)  # "3.12." at the end
        place = folded.rfind(words) if at_end else folded.find(words)
        if place < 0:
            # "mon-wed": the day was read as its whole name ("monday").
            place, words = _short_form_of(words, folded, at_end=at_end)
        rest = folded[place + len(words):].strip(_RANGE_PUNCTUATION)
        if place < 0 or (rest and not past_word_after(rest, language) if at_end
                         else len(folded[:place].split()) > 1):
            return None
        start, end = (moment.astimezone(self._tz) for moment in (windows[0].start,
                                                                  windows[0].end))
        if start.time() != time() or end - start != timedelta(days=1):
            return None
        return start.date()
    def _bounded(self, bound: BoundTime, windows: list[TimeWindow], local_now: datetime,
                 language: str, prefer_future: bool) -> list[TimeWindow]:
        """The windows of a time said as a bound ("mardi après 15h"): each hour the words name
        without the bound runs on to the evening (or from the morning up to it); `windows`,
        read from all the words, when those name anything but hours ("dalle 9 alle 11")."""
        read = self._read(bound.text, local_now, language, prefer_future)
        hours = [w for w in read if w.end - w.start == _POINT_LENGTH]
        days = [w for w in read if w not in hours]
        if not hours or any(w.end - w.start != timedelta(days=1) for w in days):
            return windows
        first, last = _DAY_PART_HOURS[DayPart.MORNING][0], _DAY_PART_HOURS[DayPart.EVENING][1]
        now_at = local_now.replace(tzinfo=None, second=0, microsecond=0)
        # "von Samstag auf Sonntag ab 10 Uhr": the day the hour is not on stays whole.
        bounded: list[TimeWindow] = []
        for hour in read:
            if hour in days:
                _append_new(bounded, hour)
                continue
            start = hour.start.astimezone(self._tz).replace(tzinfo=None)
            day = datetime.combine(start.date(), time())
            if bound.bound is TimeBound.FROM:
                span = (start, max(day + timedelta(hours=last), start + _POINT_LENGTH))
            elif (bound.from_now and start - now_at > _FROM_NOW_AT_MOST and not days
                  and not names_a_day(bound.text, language)):
                # "from now until 10am" said at 14:00: today's 10:00 has passed; the next one,
                # tomorrow's, is no time someone means by it (the night before it is).
                return []
            elif bound.from_now and now_at < start:
                span = (now_at, start)  # "from now until 5pm": not from the morning
            else:
                span = (min(day + timedelta(hours=first), start - _POINT_LENGTH), start)
            window = _window(*span, self._tz, hour.text)
            _append_new(bounded, window or hour)
        return bounded

    def _read(self, cleaned: str, local_now: datetime, language: str, prefer_future: bool
              ) -> list[TimeWindow]:
        """The windows the words name, read by the first reader that finds any."""
        from_now = self._from_now_window(cleaned, local_now, language)
        if from_now is not None:
            return [from_now]
        days_on = self._days_from_now_window(cleaned, local_now, language)
        if days_on is not None:
            return [days_on]
        cleaned = _days_listed_in_full(_plain_times(cleaned, language), language)
        cleaned = _dates_listed_in_full(cleaned, language)
        if language == "fr":
            cleaned = _FRENCH_PART_AFTER_PREPOSITION.sub(_french_part_of_day, cleaned)
        cleaned = _short_day_at_the_end_in_full(cleaned, language)
        if language == "en":
            cleaned = _FROM_SHORT_DAY.sub(lambda found: " " * len(found.group(0)), cleaned)
        if _WEEKEND_PATTERN.search(cleaned.casefold()):
            # The recognizers read "ce week-end" as the whole week, "el fin de semana que
            # viene" as the week after, and most languages' weekend words not at all.
            weekend = self._table_windows(cleaned, local_now, language, prefer_future)
            if weekend:
                return (self._weekend_at_the_hour(cleaned, weekend, local_now, language,
                                                  prefer_future)
                        or _in_working_hours(weekend, cleaned, language, self._tz))
        quick = self._quick_windows(cleaned, local_now, language, prefer_future)
        if quick is not None:
            LOG.debug("time phrase: %d window(s) from the word table alone in %d chars",
                      len(quick), len(cleaned))
            return _in_working_hours(quick, cleaned, language, self._tz)
        for name, run in self._passes(language, cleaned, local_now, prefer_future):
            try:
                windows = run()
            except Exception:
                # Third-party alpha code and odd user text: a failed pass must not end the turn.
                LOG.exception("time phrase: %s failed on %d chars", name, len(cleaned))
                continue
            if windows:
                LOG.debug("time phrase: %d window(s) from %s in %d chars", len(windows), name,
                          len(cleaned))
                return _in_working_hours(windows, cleaned, language, self._tz)
        return self._days_of_month_windows(cleaned, local_now, language, prefer_future)

    def _weekend_at_the_hour(self, text: str, weekend: list[TimeWindow], now: datetime,
                             language: str, prefer_future: bool) -> list[TimeWindow]:
        """The hour said with a weekend on each of its days ("this weekend at 2pm", "ce week-end
        à 14h": Saturday and Sunday at 14:00; with a bound, "from 2pm", each from then on);
        [] when the rest of the words name no one hour (the weekend reading stands)."""
        found = _WEEKEND_PATTERN.search(text.casefold())
        if found is None or len(text.casefold()) != len(text):
            return []
        rest = text[:found.start()] + " " * (found.end() - found.start()) + text[found.end():]
        if (negates(rest, language) or split_days_excepted(rest, language) is not None
                or names_a_day(rest, language)):
            # "this weekend, not at 2pm", "ce week-end sauf 14h": not that hour; "from friday
            # 2pm to this weekend": the hour is Friday's. The weekend reading stands.
            return []
        hours = self._read(rest, now, language, prefer_future) if rest.strip() else []
        if len(hours) != 1 or hours[0].end - hours[0].start != _POINT_LENGTH:
            return []
        at = hours[0].start.astimezone(self._tz).time()
        windows: list[TimeWindow] = []
        for window in weekend:
            first, after = (moment.astimezone(self._tz).date()
                            for moment in (window.start, window.end))
            for offset in range((after - first).days):
                start = datetime.combine(first + timedelta(days=offset), at)
                timed = _window(start, start + _POINT_LENGTH, self._tz,
                                f"{window.text} {hours[0].text}")
                if timed is not None:
                    _append_new(windows, timed)
        return windows

    def _days_of_month_windows(self, text: str, now: datetime, language: str,
                               prefer_future: bool) -> list[TimeWindow]:
        """The whole days a day of the month alone names ("the 30th", "le 30", "am 30.",
        "30日"), the coming one (or the last one), when no reader found a time: the recognizers
        leave most of these unread, so "assign Alice on the 30th" asked for the day again and
        "wer arbeitet am 30.?" showed today."""
        found: list[TimeWindow] = []
        for day, words in days_of_month(text, language):
            on = (next_date_on if prefer_future else last_date_on)(day, now.date())
            if on is None:
                continue
            start, end = _day_span(on, None)
            window = _window(start, end, self._tz, words)
            if window is not None:
                found.append(window)
        return found

    def _from_now_window(self, text: str, now: datetime, language: str) -> TimeWindow | None:
        """The hour starting when "in 2 hours" / "dans deux heures" / "2時間後" says, on the
        half-hour grid; None when the text names no such time. (The recognizers read it in
        English and French only, to the minute, and in Spanish as now until then.)"""
        minutes = minutes_from_now(text, language)
        if minutes is None:
            return None
        start = _on_the_half_hour(now + timedelta(minutes=minutes), now)
        return _window(start, start + _POINT_LENGTH, self._tz, text)

    def _days_from_now_window(self, text: str, now: datetime, language: str
                              ) -> TimeWindow | None:
        """The whole day "in 2 weeks" / "dans trois jours" / "2週間後" says; None when the text
        names no such day. (The recognizers read "in 2 weeks" as a week from Saturday, and
        most languages' not at all.)"""
        days = days_from_now(text, language)
        if days is None:
            return None
        start, end = _day_span(now.date() + timedelta(days=days), None)
        return _window(start, end, self._tz, text)

    def prepare(self, locale: str | None) -> None:
        """Someone writes in this locale's language: load its recognizer models in the
        background now (call from the event loop), so their first date phrase is quick."""
        if not locale:
            return
        cultures = [c for c in self._cultures_for(language_of(locale))
                    if c not in self._loaded and c not in self._loading]
        if not cultures:
            return
        self._loading.update(cultures)
        future = asyncio.get_running_loop().run_in_executor(None, self._load, cultures)
        self._background.add(future)
        future.add_done_callback(self._loaded_in_background)

    def _loaded_in_background(self, future: asyncio.Future[None]) -> None:
        self._background.discard(future)
        if self._on_loaded is not None:
            self._on_loaded()

    def ready_for(self, locale: str) -> bool:
        """Whether the recognizer models for the locale's language are loaded."""
        return all(c in self._loaded for c in self._cultures_for(language_of(locale)))

    def _load(self, cultures: list[str]) -> None:
        try:
            for culture in cultures:
                self._load_culture(culture)
        finally:
            self._loading.difference_update(cultures)

    def _load_culture(self, culture: str) -> None:
        """Run the recognizer once in `culture`, which loads its models (a failure is logged)."""
        started = perf_counter()
        try:
            _recognize(_WARM_UP_TEXT, culture, _WARM_UP_REFERENCE)
        except Exception:
            LOG.exception("time phrase: loading %s failed", culture)
            return
        self._loaded.add(culture)
        LOG.debug("time phrase: %s loaded in %.0f ms", culture,
                  (perf_counter() - started) * 1000)

    async def warm_up(self, locales: Iterable[str]) -> None:
        """Load the recognizer models the locales need, in a worker thread."""
        await asyncio.to_thread(self.warm_up_sync, list(locales))
        if self._on_loaded is not None:
            self._on_loaded()

    def warm_up_sync(self, locales: Iterable[str]) -> None:
        """Load the recognizer models the locales need, on the calling thread."""
        cultures = sorted({culture for locale in locales
                           for culture in self._cultures_for(language_of(locale))})
        # The recognizers compile many patterns through the `regex` module's shared cache (500
        # entries, randomly shrunk when full), so loading one culture can evict another's; a
        # second round recompiles those now rather than during a user's first message.
        try:
            for _ in range(2):
                for culture in cultures:
                    self._load_culture(culture)
        finally:
            self._warmed.set()  # ready even when a culture failed to load (it was logged)

    def _passes(self, language: str, text: str, now: datetime, prefer_future: bool
                ) -> list[tuple[str, Callable[[], list[TimeWindow]]]]:
        """The passes to try in order: the language's own first, then English, then the rest."""
        table = ("word table", lambda: self._table_windows(text, now, language, prefer_future))
        cultures = self._cultures_for(language)
        recognizer_passes = [
            (culture, lambda c=culture: self._recognizer_windows(
                text, c, now, prefer_future, fallback=c != cultures[0]))
            for culture in cultures]
        if language in _TABLE_LANGUAGES:
            return [table, *recognizer_passes]
        return [*recognizer_passes, table]

    @staticmethod
    def _cultures_for(language: str) -> list[str]:
        """The recognizer cultures to try for a language: its own when real, then English."""
        own = _CULTURES.get(language, Culture.English)
        return [own] if own == Culture.English else [own, Culture.English]

    def _recognizer_windows(self, text: str, culture: str, now: datetime,
                            prefer_future: bool, *, fallback: bool = False) -> list[TimeWindow]:
        """Windows from recognizers-text in one culture (`fallback`: English reading another
        language's message)."""
        text = _without_articles(text, culture)
        results = _recognize(text, culture, now.replace(tzinfo=None))
        self._loaded.add(culture)
        windows: list[TimeWindow] = []
        for result in sorted(results, key=lambda r: int(r.start)):
            window = _result_window(result, text, now, self._tz, prefer_future,
                                    fallback=fallback)
            if window is not None:
                _append_new(windows, window)
        return windows

    def _quick_windows(self, text: str, now: datetime, language: str,
                       prefer_future: bool) -> list[TimeWindow] | None:
        """The windows from the word table alone, when the recognizer would read the message
        the same way (see `_RECOGNIZER_WORDS`); None when it must be asked."""
        if language not in _QUICK_LANGUAGES:
            return None
        folded = text.casefold().replace("’", "'")
        clock = None
        if any(c.isdigit() for c in folded):
            clock = _one_clock(folded, _QUICK_CLOCKS.get(language, ()))
            if clock is None:
                return None
            folded = clock.blanked(folded)
            if any(c.isdigit() for c in folded):
                return None  # other numbers: dates, durations, options
        otherwise = _READ_OTHERWISE.get(language)
        if (otherwise is not None and otherwise.search(folded)) or _weekday_of(
                folded, language) is not None:
            return None  # a lone "Mon" is a day, which the recognizer reads as before
        found = _scan(folded, language)
        if any(language not in _SPELLING_LANGUAGES.get(folded[f.start:f.end], ())
               for f in found):
            return None  # another language's word ("morgen" in English): the recognizer judges
        rest = folded
        for item in reversed(found):
            rest = rest[:item.start] + " " + rest[item.end:]
        words = _RECOGNIZER_WORD_SETS[language]
        if any(word in words or word.split("'")[0] in words
               for word in _QUICK_WORD.findall(rest)):
            return None
        phrases = _group(folded, found)
        if clock is not None:
            return self._clock_windows(folded, phrases, clock, now, language, prefer_future)
        windows: list[TimeWindow] = []
        for phrase in phrases:
            if _is_modifier(phrase.term):
                continue  # a lone "next" / "this" ("cancel this shift") names no time
            if not _read_alike(phrase.term, language):
                return None
            window = _phrase_window(phrase, folded, now, self._tz, prefer_future)
            if window is None:
                return None
            _append_new(windows, window)
        return windows

    def _clock_windows(self, folded: str, phrases: list[_Found], clock: _Clock,
                       now: datetime, language: str,
                       prefer_future: bool) -> list[TimeWindow] | None:
        """The quick pass for a message with one clock time, alone ("at 3pm") or next to one
        day phrase ("tomorrow at 3pm", "3pm on Friday"); None when the recognizer must read
        it (a part of the day, a week, two days, a day away from the time)."""
        named = [phrase for phrase in phrases if not _is_modifier(phrase.term)]
        if len(named) > 1:
            return None
        if named:
            phrase = named[0]
            term = phrase.term
            if term.part is not None or term.week or not _read_alike(term, language):
                return None
            gap = (folded[phrase.end:clock.start] if phrase.end <= clock.start
                   else folded[clock.end:phrase.start])
            if gap.strip() not in _CLOCK_JOINERS:
                return None
            days = _term_days(term, now.date())
            if days is None:
                return None
        else:
            days = [now.date() + timedelta(days=k) for k in (-1, 0, 1)]
        chosen = self._clock_window(days, clock.hour_of_day(), clock.minute, now, prefer_future,
                                    dateless=not named, text=clock.text)
        return None if chosen is None else [chosen]

    def _clock_window(self, days: Sequence[date], hour: int, minute: int, now: datetime,
                      prefer_future: bool, *, dateless: bool, text: str) -> TimeWindow | None:
        """The hour-long window at hour:minute on the one of `days` the user most likely means."""
        starts = [datetime.combine(day, time(hour, minute)) for day in days]
        return _choose(
            filter(None, (_window(start, start + _POINT_LENGTH, self._tz, text)
                          for start in starts)),
            now, prefer_future=prefer_future, dateless=dateless)

    def _table_clock_windows(self, folded: str, now: datetime, language: str,
                             prefer_future: bool) -> list[TimeWindow] | None:
        """A table language's clock time, alone ("um 15 Uhr": the coming one) or with one day
        phrase ("morgen um 15 Uhr", "15時に金曜日"); None when there is no single clock time or
        the words around it are more than one day (the day reading then stands)."""
        folded = folded.translate(_FULL_WIDTH_DIGITS)
        clock = _one_clock(folded, _TABLE_CLOCKS.get(language, ()))
        if clock is None:
            return None
        rest = clock.blanked(folded)
        # The rest without the dates the table reads ("3 dicembre alle 14") and its relative
        # days, whose words may be a blocker's ("depois de amanhã às 10h" is not "depois").
        unread = rest
        for found in reversed(_scan(rest, language)):
            if found.term.month_day is not None or found.term.day_offset is not None:
                unread = unread[:found.start] + " " * (found.end - found.start) + unread[found.end:]
        blockers = _CLOCK_BLOCKERS.get(language)
        named = [phrase for phrase in _group(rest, _scan(rest, language))
                 if not _is_modifier(phrase.term)]
        if len(named) > 1:
            return self._clock_on_one_of_days(rest, unread, named, clock, now, prefer_future)
        if any(c.isdigit() for c in unread) or (blockers is not None and blockers.search(unread)):
            return None  # a date, a range, a limit or a negation: the day reading stands
        term = named[0].term if named else None
        dateless = term is None or _is_part_only(term)
        # A part of the day alone says when the hour is ("às 8h da noite", "alle 8 di sera",
        # "夜10時": 20:00 or 22:00 on the coming day), not a day: the whole evening was taken.
        days = ([now.date() + timedelta(days=k) for k in (-1, 0, 1)] if dateless
                else _term_days(term, now.date()) if term is not None else None)
        if days is None:
            return None  # a week alone: read as before
        hour = clock.hour_of_day(afternoon=term is not None and term.part in _PM_PARTS)
        chosen = self._clock_window(days, hour, clock.minute, now, prefer_future,
                                    dateless=dateless, text=clock.text)
        return None if chosen is None else [chosen]

    def _clock_on_one_of_days(self, rest: str, unread: str, named: list[_Found], clock: _Clock,
                              now: datetime, prefer_future: bool) -> list[TimeWindow] | None:
        """Two days or more and one clock time right after the last of them ("von Samstag auf
        Sonntag um 10 Uhr", "z soboty na niedzielę o 10", "van zaterdag naar zondag om 10
        uur"): each other day whole, and that one at the hour (the readers took both days and
        dropped the hour). None, the day reading standing, for a list of days ("Mittwoch und
        Donnerstag um 15 Uhr" may be both at 15:00), a week or a part of the day, another
        number, or a clock not right after a day ("nicht um 15 Uhr")."""
        last = named[-1]
        if (last.end > clock.start or rest[last.end:clock.start].strip(" ,")
                or any(c.isdigit() for c in unread)
                or any(phrase.term.week or phrase.term.part is not None for phrase in named)
                or any(_list_join().fullmatch(fold_text(rest[left.end:right.start]))
                       for left, right in pairwise(named))):
            return None
        days = _term_days(last.term, now.date())
        if days is None:
            return None
        hour = self._clock_window(days, clock.hour_of_day(), clock.minute, now, prefer_future,
                                  dateless=False, text=f"{rest[last.start:last.end]} {clock.text}")
        windows: list[TimeWindow] = []
        for window in [*(_phrase_window(phrase, rest, now, self._tz, prefer_future)
                         for phrase in named[:-1]), hour]:
            if window is None:
                return None
            _append_new(windows, window)
        return windows

    def _table_windows(self, text: str, now: datetime, language: str,
                       prefer_future: bool) -> list[TimeWindow]:
        """Windows from the word table; a lone short weekday ("Fr", "sat") counts too."""
        folded = text.casefold()
        clocked = self._table_clock_windows(folded, now, language, prefer_future)
        if clocked is not None:
            return clocked
        windows: list[TimeWindow] = []
        for phrase in _group(folded, _scan(folded, language)):
            window = _phrase_window(phrase, folded, now, self._tz, prefer_future)
            if window is not None:
                _append_new(windows, window)
        if not windows:
            lone_word = folded.strip()
            weekday = _weekday_of(lone_word, language)
            if weekday is not None:
                lone = _Found(0, len(lone_word), _Term(weekday=weekday))
                window = _phrase_window(lone, lone_word, now, self._tz, prefer_future)
                if window is not None:
                    windows.append(window)
        return windows


_WEEK = timedelta(days=7)
_SUNDAY = 6
_BARE_DAY_NUMBER = re.compile(r"(3[01]|[12]\d|0?[1-9])(?![\d:/hH]|[.,]\d|\s*(?:am|pm|uhr)\b)")
_NUMERIC_LAST_WORD = re.compile(r"\s\d{1,2}[/.]\d{1,2}(?:[/.]\d{2,4})?\.?$")
_LONGEST_DAY_RANGE = timedelta(days=31)
# A range of bare numbers ("od 28 do 2"): its first number closes the first day's words, its
# last stands alone; a number past the last hour of the day can only be a day.
_LAST_BARE_NUMBER = re.compile(r"(?:^|\s)(3[01]|[12]\d|0?[1-9])$")
_ENDS_AFTER_NUMBER = re.compile(r"\s*(?:$|[,;.!?]\s|[,;!?]|\.$)")
_LAST_HOUR = 24
# Two whole numeric dates, each with its month, joined by a hyphen or a dash ("12/3-12/5",
# "3.12.–5.12.", "12/3/2026 - 12/5/2026"); "3-12" alone has no month on either side.
_WHOLE_NUMERIC_DATE = r"\d{1,2}[/.]\d{1,2}(?:[/.](?:\d{4}|\d{2}))?\.?"
_NUMERIC_DATE_RANGE = re.compile(
    rf"(?<![\d/.])({_WHOLE_NUMERIC_DATE})\s*[-\u2013\u2014]\s*({_WHOLE_NUMERIC_DATE})(?![\d/])")
# "all my shifts except friday": the days asked for when none is named.
_EXCEPT_HORIZON = timedelta(days=14)
_RANGE_PUNCTUATION = " .,;:!?'\"()、。，！？"


def _afternoon_hour_last(words: str) -> bool:
    """Whether the last number of the words is an hour from 13 to 23 ("de 10 a 14")."""
    numbers = re.findall(r"\d+", words)
    return bool(numbers) and 13 <= int(numbers[-1]) <= 23


def _without_enclosing_weeks(windows: list[TimeWindow]) -> list[TimeWindow]:
    """The windows without a whole week that holds another of them: "la semaine prochaine mardi
    après-midi", "tuesday afternoon next week" name one time, that Tuesday afternoon, not the
    week and the afternoon for the person to choose between."""
    return [window for window in windows
            if window.end - window.start < _WEEK
            or not any(other is not window and window.start <= other.start
                       and other.end <= window.end and other.end - other.start < _WEEK
                       for other in windows)]


def _in_working_hours(windows: list[TimeWindow], text: str, language: str,
                      tz: ZoneInfo) -> list[TimeWindow]:
    """The windows at a bare hour from 1 to 6, or 12, moved to the afternoon (see
    `_MOVED_HOURS`): "tomorrow at 3" is 15:00-16:00, "at 12" noon; "3am", "03:00", "à 3h du
    matin" stay."""
    am = _AM_AFTER_HOUR_DE if language == "de" else _AM_AFTER_HOUR

    def early(words: str) -> bool:
        folded = words.casefold().replace("’", "'")
        return bool(_EARLY_WORDS.search(folded) or am.search(folded))

    # With several times, each is read on its own words: the morning of "tomorrow at 3 or
    # friday morning" is Friday's, and "at 3" is still 15:00.
    windows = _without_enclosing_weeks(windows)
    if len(windows) == 1 and early(text):
        return windows
    moved: list[TimeWindow] = []
    for window in windows:
        if len(windows) > 1 and early(window.text):
            _append_new(moved, window)
            continue
        start = window.start.astimezone(tz).replace(tzinfo=None)
        said = start.hour or 12
        words = window.text.casefold()
        if (start.hour in _MOVED_HOURS and window.end - window.start == _POINT_LENGTH
                and _HOUR_NAMED[said].search(words) and not _LEADING_ZERO[said].search(words)):
            afternoon = start + timedelta(hours=12)
            window = _window(afternoon, afternoon + _POINT_LENGTH, tz, window.text) or window
        _append_new(moved, window)
    return moved


def _on_the_half_hour(moment: datetime, now: datetime) -> datetime:
    """The nearest :00 or :30 to `moment`, not before `now`: free times are offered on that
    grid (core.slot_finder), and "in 2 hours" at 10:07 means about 12:00, not 12:07 sharp."""
    half_hours = round((moment.hour * 60 + moment.minute + moment.second / 60) / 30)
    rounded = datetime.combine(moment.date(), time(), moment.tzinfo) + timedelta(
        minutes=30 * half_hours)
    return rounded if rounded >= now else rounded + timedelta(minutes=30)


def _weeks_on(window: TimeWindow, weeks: int, tz: ZoneInfo) -> TimeWindow:
    """The window `weeks` weeks later, at the same local hours."""
    later = timedelta(weeks=weeks)
    return TimeWindow((window.start.astimezone(tz) + later).astimezone(window.start.tzinfo),
                      (window.end.astimezone(tz) + later).astimezone(window.end.tzinfo),
                      window.text)


def _append_new(windows: list[TimeWindow], window: TimeWindow) -> None:
    """Add the window unless one with the same span is already there."""
    if all((w.start, w.end) != (window.start, window.end) for w in windows):
        windows.append(window)


@cache
def _writes_day_first(locale: str) -> bool:
    """Whether the locale writes a short date day first ("fr-FR", "en-GB"; not "en-US", "en")."""
    try:
        pattern = Locale.parse(locale.replace("-", "_")).date_formats["short"].pattern
    except (ValueError, UnknownLocaleError):
        return False
    return "d" in pattern and "M" in pattern and pattern.index("d") < pattern.index("M")


_SWAPPED_DATE = re.compile(r"\d{1,2}/\d{1,2}(?:/\d{4})?")


def _days_no_hours_can_be(first: int, last: int, after: str, today: date,
                          prefer_future: bool) -> date | None:
    """The first day of a range of two bare numbers one of which is past any hour ("od 28
    do 2": the 28th), where the language has no word that makes a lone number a day; None
    when both may be hours or words other than the end of the clause follow the last."""
    if max(first, last) <= _LAST_HOUR or not _ENDS_AFTER_NUMBER.match(after):
        return None
    return next_date_on(first, today) if prefer_future else last_date_on(first, today)


def _first_day_of_month(day: int, last: date) -> date | None:
    """The day of the month `day` on or before `last`, in its month or the one before."""
    if day <= last.day:
        return last.replace(day=day)
    earlier = last.replace(day=1) - timedelta(days=1)
    return earlier.replace(day=day) if day <= earlier.day else None


def _short_form_of(words: str, folded: str, *, at_end: bool) -> tuple[int, str]:
    """Where `folded` holds the short form of the day read as `words` ("mon" of "monday"), at
    its end (`at_end`) or its start, and that form; (-1, `words`) when it holds none."""
    tokens = list(re.finditer(r"[^\s,;:!?()]+", folded))
    if not tokens:
        return -1, words
    token = tokens[-1] if at_end else tokens[0]
    short = token.group(0).rstrip(".")
    if len(short) >= 2 and words != short and _without_accents(words).startswith(
            _without_accents(short)):  # "mie" of "miércoles", typed without its accent
        return token.start(), short
    return -1, words


def _dashed_words(text: str, language: str) -> list[tuple[int, int]]:
    """Where the word table's own words with a dash are ("après-demain", "quarta-feira",
    "week-end"): reading each side of such a dash as a day cost the recognizer milliseconds
    and found no range."""
    if "-" not in text:
        return []
    folded = text.casefold()
    if len(folded) != len(text):
        return []
    return [(found.start, found.end) for found in _scan(folded, language)
            if "-" in folded[found.start:found.end]]


def _numeric_date_range(text: str) -> list[DayRangeWords]:
    """The two dates of a numeric range joined by a dash ("cancel 12/3-12/5"), which the
    recognizer read as one date of 2012 ("12/3-12" a day, "5" a year) or as the days before
    the last; none when the text holds no such range."""
    found = _NUMERIC_DATE_RANGE.search(text)
    return [] if found is None else [DayRangeWords(first=found.group(1), last=found.group(2))]


# Two Dutch dashed day-months joined by "tot" ("van 3-12 tot 5-12", "3-12 t/m 5-12"): each
# alone may be hours ("van 9-17"), but two ends that are both valid days of a month are dates.
_DUTCH_DASH_DATE_RANGE = re.compile(
    r"(?<![\d/.-])(3[01]|[12]\d|0?[1-9])-(1[0-2]|0?[1-9])\s+(?:tot\s+en\s+met|t/m|tm|tot)\s+"
    r"(3[01]|[12]\d|0?[1-9])-(1[0-2]|0?[1-9])(?![\d/-])", re.IGNORECASE)


def _dutch_dashed_date_range(text: str, language: str) -> list[DayRangeWords]:
    """The two days of a Dutch range of dashed day-months ("van 3-12 tot 5-12"), written
    as the slash dates Dutch also reads ("3/12", "5/12"); none elsewhere."""
    found = _DUTCH_DASH_DATE_RANGE.search(text) if language == "nl" else None
    if found is None:
        return []
    first_day, first_month, last_day, last_month = found.groups()
    return [DayRangeWords(first=f"{first_day}/{first_month}", last=f"{last_day}/{last_month}")]


def _month_first(text: str, *, with_year: bool) -> tuple[str, dict[str, str]]:
    """The text with each day-first slash date (`with_year`: those with a year too) written
    month first ("3/12": "12/3"), and what each swapped date was typed as."""
    typed: dict[str, str] = {}

    def swap(found: re.Match[str]) -> str:
        day, month, year = found.groups()
        if (year is not None and not with_year) or not (
                1 <= int(day) <= 31 and 1 <= int(month) <= 12):
            return found.group(0)
        written = f"{month}/{day}" + (f"/{year}" if year is not None else "")
        typed[written] = found.group(0)
        return written

    return _SLASH_DATE.sub(swap, text), typed


def _recognize(text: str, culture: str, reference: datetime) -> list[Any]:
    """recognizers-text results for the text, relative to a naive local reference time.

    A text in which the recognizer found nothing ("what are my shifts?", "cancel a shift") is
    remembered for its culture and day: it costs the recognizer ~10 ms of CPU every time, and
    people send the same few requests over and over. (Finding spans does not depend on the time
    of day; the day is kept in the key because a date's validity can depend on it.)"""
    key = (text, culture, reference.date())
    with _RECOGNIZER_LOCK:
        if key in _NOTHING_FOUND:
            _NOTHING_FOUND.move_to_end(key)
            return []
        results = list(recognize_datetime(text, culture, DateTimeOptions.NONE, reference))
        if not results:
            _NOTHING_FOUND[key] = None
            if len(_NOTHING_FOUND) > _NOTHING_FOUND_KEPT:
                _NOTHING_FOUND.popitem(last=False)
        return results


@dataclass(frozen=True)
class TimeSpan:
    """Where words the time tables know stand in a text: a day or a stretch of days ("friday",
    "next week", "土曜日"), or only a part of the day ("evening", "soir", "夜")."""

    start: int
    end: int
    part_only: bool


def time_spans(text: str, locale: str | None) -> list[TimeSpan]:
    """The day and part-of-day words of the text, in order, by the word tables alone (no
    recognizer); [] when it names none, or when case-folding would move the positions."""
    folded = text.casefold()
    if len(folded) != len(text):
        return []
    language = language_of(locale)
    if language == "zh":
        # A Japanese day in a Chinese Teams ("日曜日は？" after "周六呢？") is read as Japanese.
        return _chinese_spans(text) or _table_spans(folded, "ja")
    return _table_spans(folded, language) or (
        _chinese_spans(text) if _reads_as_chinese(folded, language) else [])


def _english_weekdays_only(text: str, language: str) -> bool:
    """Whether the weekdays a text names are English words, none of them `language`'s own
    ("after 6pm on tuesday" in a French or Spanish Teams)."""
    words = re.findall(r"[^\W\d_]+", text.casefold())
    own = _SHORT_WEEKDAYS.get(language, {})
    english = _SHORT_WEEKDAYS["en"]
    theirs = _NOT_ENGLISH_THERE.get(language, frozenset())
    return (any(word in english and word not in own and word not in theirs for word in words)
            and not any(word in own for word in words))


def _chinese_spans(text: str) -> list[TimeSpan]:
    """The Chinese day and part-of-day words: the word tables leave them to the recognizer
    ("周六", "下周", "晚上")."""
    return [TimeSpan(found.start(), found.end(), part_only=found.lastgroup == "part")
            for found in _CHINESE_SPAN.finditer(text)]


def _table_spans(folded: str, language: str) -> list[TimeSpan]:
    """The day and part-of-day words the word tables of a language know in a folded text."""
    spans = []
    for found in _scan(folded, language):
        start = found.start
        lead_in = _LEAD_INS.get(language)
        before = lead_in.search(folded, 0, start) if lead_in is not None else None
        if before is not None:
            start = before.start()  # "the day after tomorrow" is one day, not "tomorrow"
        spans.append(TimeSpan(start, found.end, part_only=_is_part_only(found.term)))
    short = _SHORT_DAY_SPANS.get(language)
    for match in short.finditer(folded) if short is not None else ():
        if not any(span.start < match.end() and match.start() < span.end for span in spans):
            spans.append(TimeSpan(match.start(), match.end(), part_only=False))
    return sorted(spans, key=lambda span: span.start)


# Days the word table leaves to the recognizer and `_plain_times`: short weekdays ("who's on
# sat?", "am i on thurs") and a misspelt tomorrow. A follow-up's day ("and sunday?") takes their
# place; unseen, it was added to them ("who's on sat? sunday": both days). "sat", "sun" and
# "mon" are words too: days only where `_plain_times` reads them so.
_SHORT_DAY_SPANS = {
    "en": re.compile(
        r"(?<!\w)(?:tues?|wed|weds|thu|thur|thurs|fri|tmr|tmw|tmrow|tomoz|tomorow|tommorow"
        r"|tommorrow|tomorro|2moro|2morrow)\.?(?!\w)"
        r"|(?<!\w)(?:sat|sun|mon)\.?(?=\s*(?:[?!.,]|$|(?:shift|morning|afternoon|evening|night)\b))"
    ),
}


# Words before a day word that make another day of it, which the word table leaves to the
# recognizer.
_LEAD_INS = {"en": re.compile(r"(?:\bthe )?\bday after $")}


_CHINESE_SPAN = re.compile(
    r"(?P<day>[今明后昨]天|大后天|今晚|明晚|周末"
    r"|(?:[这本下上]个?)?(?:周|星期|礼拜)[一二三四五六日天]?"
    r"|[0-9一二三四五六七八九十]+月[0-9一二三四五六七八九十]+[号日])"
    r"|(?P<part>早上|上午|中午|下午|傍晚|晚上|夜里|夜间)"
)


def _is_part_only(term: _Term) -> bool:
    return (term.part is not None and not term.has_day() and not term.week
            and term.shift is None)


def _before_today(windows: list[TimeWindow], now: datetime) -> list[TimeWindow]:
    """The windows of a day or less moved by whole weeks to the last such weekday before
    today: "last monday", "letzten Montag", "上周一" on a Saturday is the Monday five days
    ago in every language (the recognizers read it as that Monday in some, the week before in
    en, fr and zh, the coming one in the others), and on a Monday the one a week ago."""
    moved: list[TimeWindow] = []
    for window in windows:
        weeks = 0
        if window.end - window.start <= timedelta(days=1):
            while (window.start - timedelta(weeks=weeks)).date() >= now.date():
                weeks += 1
            while (window.start - timedelta(weeks=weeks - 1)).date() < now.date():
                weeks -= 1
        shift = timedelta(weeks=weeks)
        moved.append(window if not weeks else
                     TimeWindow(window.start - shift, window.end - shift, window.text))
    return moved


def _without_a_passing_now(windows: list[TimeWindow], now: datetime) -> list[TimeWindow]:
    """The windows without a "now" said in passing beside another time ("thanks! now who works
    on friday", "ok now book a call with alice on friday", "现在周五谁上班"): the readers take
    "now" for the hour from now, which made the schedule of today and Friday. "now" alone
    ("who is working now") is kept."""
    if len(windows) < 2:
        return windows
    start = now.replace(microsecond=0)
    passing = [window for window in windows
               if window.start == start and window.end - window.start == timedelta(hours=1)]
    if not passing or len(passing) == len(windows):
        return windows
    return [window for window in windows if window not in passing]
