"""Dates, times, lists and numbers written the way each language writes them (Babel's CLDR data).

English keeps ERA's established short forms ("Tue 24 Nov", "20:00"); other languages use the
CLDR skeleton for an abbreviated weekday, day and month ("mar. 24 nov.", "Di., 24. Nov.",
"11月24日(火)"). Results are cached: a label is formatted once per day and language.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from datetime import date, datetime, tzinfo
from functools import lru_cache
from typing import Literal

from babel import Locale, UnknownLocaleError
from babel.dates import format_date, format_skeleton
from babel.lists import format_list as babel_format_list
from babel.numbers import format_decimal

from core.reply_interpreter import AcceptedReplies
from language.catalogue import default_catalogue, say
from language.schedule_terms import schedule_term

_ENGLISH_DAY = "EEE d MMM"


@lru_cache(maxsize=64)
def babel_locale(language: str | None) -> Locale:
    """The CLDR locale for a BCP 47 tag ("zh-Hans" -> zh_Hans); English when unknown."""
    try:
        return Locale.parse((language or "en").replace("-", "_"))
    except (UnknownLocaleError, ValueError):
        return Locale.parse("en")


@lru_cache(maxsize=4096)
def format_day(day: date, language: str | None) -> str:
    """A day as a short label: "Tue 24 Nov", "mar. 24 nov.", "11月24日(火)"."""
    locale = babel_locale(language)
    if locale.language == "en":
        return format_date(day, _ENGLISH_DAY, locale=locale)
    return format_skeleton("MMMEd", datetime(day.year, day.month, day.day), locale=locale)


@lru_cache(maxsize=1024)
def format_day_with_year(day: date, language: str | None) -> str:
    """A day with its year, for a letter or an invitation: "Wed 25 Nov 2026",
    "mer. 25 nov. 2026", "2026年11月25日(水)"."""
    locale = babel_locale(language)
    if locale.language == "en":
        return format_date(day, _ENGLISH_DAY + " y", locale=locale)
    return format_skeleton("yMMMEd", datetime(day.year, day.month, day.day), locale=locale)


@lru_cache(maxsize=256)
def language_name(language: str, in_language: str | None) -> str:
    """A language's name as written in another one ("zh" in French: "chinois"), or in English
    when ERA has no catalogue for `in_language`."""
    said_in = default_catalogue().resolve(in_language) or "en"
    return str(babel_locale(language).get_display_name(babel_locale(said_in)) or language)


@lru_cache(maxsize=512)
def format_weekday(weekday: int, language: str | None) -> str:
    """A weekday's full name (0 = Monday): "Tuesday", "mardi", "火曜日"."""
    names = babel_locale(language).days["format"]["wide"]
    return str(names[weekday])


def format_time(moment: datetime) -> str:
    """A clock time, 24-hour, as every supported language writes it in schedules: "20:00"."""
    return f"{moment:%H:%M}"


def format_time_range(start: datetime, end: datetime) -> str:
    """"20:00-23:00"."""
    return f"{start:%H:%M}-{end:%H:%M}"


def format_slot(start: datetime, end: datetime, language: str | None) -> str:
    """A day and a time range: "Tue 24 Nov, 20:00-23:00"."""
    return say("format.day_time", language, day=format_day(start.date(), language),
               time=format_time_range(start, end))


@lru_cache(maxsize=4096)
def format_shift_label(
    label: str, starts_at: datetime, ends_at: datetime, tz: tzinfo, language: str | None,
    *, long_day: bool = False,
) -> str:
    """A shift as people read it: "Tue 24 Nov, Evening 20:00-23:00" (the label is the
    schedule's own name for the shift, left as the schedule has it); `long_day` writes the day
    out ("Tuesday 24 November")."""
    start, end = starts_at.astimezone(tz), ends_at.astimezone(tz)
    day = (format_long_day if long_day else format_day)(start.date(), language)
    hours = format_time_range(start, end)
    if label:
        return say("format.shift_label", language, day=day,
                   label=schedule_term(label, language), hours=hours)
    return say("format.day_time", language, day=day, time=hours)


def format_list(
    items: Sequence[str], language: str | None,
    style: Literal["and", "or", "plain", "head"] = "and",
) -> str:
    """"a, b and c" / "a, b or c" in the language's own way ("a、b、またはc"); "plain" is
    English's bare "a, b, c" (other languages use their "and" list); "head" is the start of a
    list a sentence ends with its own "and": "a, b" ("a、b"), for "{head} and {last}"."""
    if not items:
        return ""
    locale = babel_locale(language)
    if style == "head":
        middle = str(locale.list_patterns["standard"]["middle"])
        joined = items[0]
        for item in items[1:]:
            joined = middle.format(joined, item)
        return joined
    if locale.language == "en":
        # ERA's English has no serial comma ("Mon or Tue or Wed" read badly; "a, b or c").
        if len(items) == 1:
            return items[0]
        if style == "plain":
            return ", ".join(items)
        return f"{', '.join(items[:-1])} {style} {items[-1]}"
    return babel_format_list(list(items), style="or" if style == "or" else "standard",
                             locale=locale)


def format_person_label(name: str, roles: Sequence[str], language: str | None) -> str:
    """A person among others to choose from: "Bob Smith (sales associate, cashier)", the
    roles as the language's catalogue names them."""
    said = format_list([schedule_term(role, language) for role in roles], language, "plain")
    return f"{name} ({said})" if said else name


@lru_cache(maxsize=1024)
def format_hours(hours: float, language: str | None) -> str:
    """A number of hours without needless decimals: "7.5", "7,5"."""
    return format_decimal(round(hours, 2), format="#,##0.##", locale=babel_locale(language))


def format_example_time(hour: int, minute: int, language: str | None) -> str:
    """A clock time as someone would type it: "9am", "3:30pm" in English, "09:00" elsewhere."""
    if babel_locale(language).language == "en":
        minutes = f":{minute:02d}" if minute else ""
        return f"{hour % 12 or 12}{minutes}{'am' if hour < 12 else 'pm'}"
    return f"{hour:02d}:{minute:02d}"


def format_accepted(accepted: AcceptedReplies, language: str | None) -> str:
    """Which replies a question accepts, said in the language ("Reply "yes" or "no".")."""
    params: dict[str, object] = dict(accepted.params)
    if "hour" in params:
        params["time"] = format_example_time(accepted.params["hour"],
                                             accepted.params.get("minute", 0), language)
    return say(accepted.msg_id, language, **params)


def yes_no_buttons(language: str | None) -> tuple[tuple[str, str], ...]:
    """The Yes / No buttons as (title, reply): the title in the language, the reply a word
    every language's reply reading understands."""
    return ((say("button.yes", language), "yes"), (say("button.no", language), "no"))


@lru_cache(maxsize=1024)
def format_long_day(day: date, language: str | None) -> str:
    """A day written out: "Wednesday 25 November", "mercredi 25 novembre", "11月25日水曜日"."""
    locale = babel_locale(language)
    if locale.language == "en":
        return format_date(day, "EEEE d MMMM", locale=locale)
    # CLDR has no year-less full date: the full pattern without its year.
    pattern = _YEAR.sub("", locale.date_formats["full"].pattern).strip(" ,")
    return format_date(day, pattern, locale=locale)


_YEAR = re.compile(r"(\s*'de')?[\s,]*y+年?")


@lru_cache(maxsize=1024)
def format_on_day(day: date, language: str | None, *, long: bool = False) -> str:
    """A day as the "on {day}" messages take it: the short label (or, `long`, the day written
    out), the catalogue saying "on" ("on Fri 27 Nov", "le ven. 27 nov."). Polish and Portuguese
    choose that word by the weekday ("w piątek" / "we wtorek", "na sexta-feira" / "no
    sábado"), so their day comes with it and their messages leave it out: "w piątek 27
    listopada" (not the officialese "w dniu pt., 27 lis"), "na sex., 27 de nov."."""
    locale = babel_locale(language)
    if locale.language == "pl":
        weekday = format_date(day, "EEEE", locale=locale)
        # The accusative "w" takes: "w środę", "w sobotę", "w niedzielę"; "we wtorek".
        accusative = weekday[:-1] + "ę" if weekday.endswith("a") else weekday
        on = "we" if weekday.startswith("wt") else "w"
        return f"{on} {accusative} {format_date(day, 'd MMMM', locale=locale)}"
    label = format_long_day(day, language) if long else format_day(day, language)
    if locale.language == "pt":
        # Saturday and Sunday are masculine ("no sábado"), the other days feminine.
        return f"{'no' if day.weekday() >= 5 else 'na'} {label}"
    return label
