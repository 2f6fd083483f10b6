"""The last question about a schedule, one's shifts or one's meetings, so that a follow-up
that leans on it ("and saturday?", "what about next week?", "and the evening?", "and
alice?", "et samedi ?", "土曜日は？", "周六呢？") is that question again with the new words.

The question is kept as it was asked (its intent, its text, when) in the person's own state for
as long as a question stays open (ten minutes); any other flow starting drops it. A follow-up
is rebuilt into a full request: a day replaces the day words of the question ("who is working
on friday?" + "saturday" -> "who is working on saturday?"), a part of the day replaces the
question's part of the day or follows its day ("... on saturday evening?"), and a colleague's
name replaces the person asked about ("is bob smith working on friday?" + "alice" -> "is alice
working on friday?"), and "the next" alone ("and the next?", "et la suivante ?", "und danach?")
is the same question one step `later`: the days asked a week on for each week they span (next
week's schedule, then the week after), or the shift after the one shown ("when is my next
shift?"). The rebuilt request then goes to its flow as any request does, so what
comes after it ("cancel the second one") reads the list it showed.
"""

from __future__ import annotations

import math
import re
from collections.abc import Sequence
from dataclasses import dataclass, replace
from datetime import datetime, timedelta
from typing import Any

from core.intent import Intent
from core.name_matcher import find_names_in_text
from core.person import Person
from core.text_fold import fold
from core.time_window import TimeWindow
from core.turn_memory import TURN_MEMORY_TTL
from language.ellipsis import is_next_alone, leftover
from services.time_phrase_parser import TimeSpan, time_spans, weekday_named
from state.person_state import current_person_state

LAST_QUESTION = "last_question"
# The questions a follow-up may lean on, and a worker's cancel just done ("and next week?").
FOLLOWED_UP = frozenset({Intent.STORE_SCHEDULE, Intent.MY_SHIFTS, Intent.MY_MEETINGS,
                         Intent.SHIFT_CANCEL})
_END_MARKS = " ?？!！.。"
_UNSPACED = re.compile(r"[\u3040-\u30ff\u3400-\u9fff]")


@dataclass(frozen=True)
class FollowUp:
    """A follow-up made whole: the flow that answers it and the request it stands for."""

    intent: Intent
    text: str
    later: int = 0  # steps on from what `text` asks: "and the next?" after it


def remember_question(intent: Intent, text: str, now: datetime, *, flag: str = LAST_QUESTION,
                      later: int | None = None) -> None:
    """Keep the question just answered (a schedule, one's shifts, one's meetings), or under
    another `flag` another request to lean on later. `later` is how many steps on from its
    text the answer was, for a question that "the next" steps on from (None: it does not)."""
    state = current_person_state()
    if state is not None and text.strip():
        state.flags[flag] = {"intent": str(intent), "text": text.strip(), "at": now.isoformat()}
        if later is not None:
            state.flags[flag]["later"] = later


def steps_later(windows: list[TimeWindow], later: int) -> list[TimeWindow]:
    """The windows `later` steps on: each a week on for every week it spans (a day or a
    week: a week on; two weeks: two)."""
    if later <= 0:
        return windows
    moved: list[TimeWindow] = []
    for window in windows:
        weeks = max(1, math.ceil((window.end - window.start) / timedelta(weeks=1)))
        step = timedelta(weeks=weeks * later)
        moved.append(replace(window, start=window.start + step, end=window.end + step))
    return moved


def forget_question(*, flag: str = LAST_QUESTION) -> None:
    """Drop the question (or the request under `flag`) kept: another flow has started."""
    state = current_person_state()
    if state is not None:
        state.flags.pop(flag, None)


def recent_flag(
    flag: str, now: datetime, within: timedelta = TURN_MEMORY_TTL
) -> dict[str, Any] | None:
    """What the person's state keeps under `flag` (a dict with its time, "at"), when that
    time is within `within` of now; None otherwise, or when it cannot be read."""
    state = current_person_state()
    kept = state.flags.get(flag) if state is not None else None
    if not isinstance(kept, dict):
        return None
    try:
        return kept if now - datetime.fromisoformat(str(kept["at"])) <= within else None
    except (KeyError, TypeError, ValueError):
        return None


def kept_request(now: datetime, flag: str) -> tuple[Intent, str] | None:
    """The intent and text kept under `flag`, within turn memory's lifetime."""
    kept = recent_flag(flag, now)
    if kept is None:
        return None
    try:
        return Intent(str(kept["intent"])), str(kept["text"])
    except (KeyError, ValueError):
        return None


def last_question(now: datetime) -> tuple[Intent, str] | None:
    """The intent and text of the question last answered, within turn memory's lifetime."""
    kept = kept_request(now, LAST_QUESTION)
    return kept if kept is not None and kept[0] in FOLLOWED_UP else None


def _later_kept() -> int | None:
    """How many steps on the question last answered was, if "the next" steps on from it."""
    state = current_person_state()
    kept = state.flags.get(LAST_QUESTION) if state is not None else None
    later = kept.get("later") if isinstance(kept, dict) else None
    return later if isinstance(later, int) else None


# The employee the last advice conversation was about: "send him a written warning" after the
# manager said "no thanks" to the advisor's offer is about that person.
ADVICE_ABOUT = "advice_about"


def remember_advice_employee(employee_id: str, situation: str, now: datetime) -> None:
    """Keep whom the advice conversation is about and the situation told, for as long as a
    question stays open."""
    state = current_person_state()
    if state is not None:
        state.flags[ADVICE_ABOUT] = {"employee": employee_id, "situation": situation,
                                     "at": now.isoformat()}


def advised_at() -> datetime | None:
    """When the advice conversation about an employee was kept, if it was."""
    state = current_person_state()
    kept = state.flags.get(ADVICE_ABOUT) if state is not None else None
    try:
        return datetime.fromisoformat(str(kept["at"])) if isinstance(kept, dict) else None
    except (KeyError, ValueError):
        return None


def advice_employee(now: datetime) -> tuple[str, str] | None:
    """The id of the employee the advice lately given was about and the situation told, if the
    advice was lately (within turn memory's lifetime)."""
    state = current_person_state()
    kept = state.flags.get(ADVICE_ABOUT) if state is not None else None
    if not isinstance(kept, dict):
        return None
    try:
        if now - datetime.fromisoformat(str(kept["at"])) > TURN_MEMORY_TTL:
            return None
        return str(kept["employee"]), str(kept.get("situation") or "")
    except (KeyError, ValueError):
        return None


def follow_up_of(
    text: str,
    now: datetime,
    locale: str | None,
    people: Sequence[Person],
    language: str | None = None,
) -> FollowUp | None:
    """The request a follow-up stands for, given the colleagues a name may be one of; None
    when `text` is no follow-up, nothing was asked lately, or its words fit no place in it."""
    asked = last_question(now)
    rest = leftover(text)
    if asked is None or rest is None:
        return None
    intent, question = asked
    if is_next_alone(rest):
        later = _later_kept()
        return FollowUp(intent, question, later + 1) if later is not None else None
    new = time_spans(rest, locale)
    if new:
        return FollowUp(intent, _with_time(question, rest, new, locale))
    if intent is not Intent.STORE_SCHEDULE or not find_names_in_text(
        rest, people, language=language
    ):
        return None
    rebuilt = _with_person(question, rest, people, language)
    return FollowUp(intent, rebuilt) if rebuilt is not None else None


def _with_time(question: str, rest: str, new: list[TimeSpan], locale: str | None) -> str:
    """The question with the leftover's day (or part of the day) in place of its own."""
    old = time_spans(question, locale)
    if all(span.part_only for span in new):
        said = rest[new[0].start : new[-1].end]  # "evening", not "the evening", after a day
        parts = [span for span in old if span.part_only]
        days = [span for span in old if not span.part_only]
        if parts:
            return _replace(question, parts[0].start, parts[-1].end, said)
        if days:
            return _insert(question, days[-1].end, said)
        return _insert(question, len(question.rstrip(_END_MARKS)), said)
    if old:
        # The whole leftover: the recognizer reads "the day after tomorrow", "el sábado".
        dated = next((moved for span in old
                      if (moved := _date_moved(question, span, rest, new, locale)) is not None),
                     None)
        if dated is not None:
            return dated
        return _replace(question, old[0].start, old[-1].end, rest)
    return _insert(question, len(question.rstrip(_END_MARKS)), rest)


def _with_person(
    question: str, rest: str, people: Sequence[Person], language: str | None
) -> str | None:
    """The question with the colleague named in place of the one it asked about."""
    asked_about = find_names_in_text(question, people, language=language)
    if not asked_about:
        return None
    folded = fold(question)
    for person in asked_about:
        for name in (person.name, *person.name.split()):
            found = re.search(rf"(?<!\w){re.escape(fold(name).text)}(?!\w)", folded.text)
            if found is not None:
                start = folded.origin[found.start()]
                end = folded.origin[found.end() - 1] + 1
                return _replace(question, start, end, rest)
    return None


# A day of the month right after a weekday ("fri 4 dec", "vendredi 11 décembre", "Freitag, den
# 4. Dezember", "viernes 4 de diciembre").
_DATE_AFTER = re.compile(r"[\s,]*(?:(?:the|den|le|el|il|o)\s+)?(\d{1,2})(?=\D|$)")
# The days a follow-up's weekday moves a date by, at most, either way ("and saturday?" after
# Friday 4 December is the 5th; "and monday?" the 7th).
_NEAREST = 3
# A day number moved within this stays in its month whatever the month.
_SAFE_DAY = 28


def _date_moved(question: str, span: TimeSpan, rest: str, new: list[TimeSpan],
                locale: str | None) -> str | None:
    """The question asked for another weekday near the date it named ("what are my shifts on
    fri 4 dec?", then "and saturday?": "... on saturday 5 dec?"): the new weekday and the day
    of the month moved with it, the month kept. None when the question names no date by its
    weekday, the leftover is no single weekday, or the day would leave its month."""
    if len(new) != 1 or new[0].part_only:
        return None
    was = weekday_named(question[span.start:span.end], locale)
    wanted = weekday_named(rest[new[0].start:new[0].end], locale)
    number = _DATE_AFTER.match(question, span.end)
    if was is None or wanted is None or number is None:
        return None
    step = (wanted - was) % 7
    step = step - 7 if step > _NEAREST else step
    moved = int(number.group(1)) + step
    if not 1 <= moved <= _SAFE_DAY:
        return None
    said = rest[new[0].start:new[0].end]
    return (question[:span.start] + said + question[span.end:number.start(1)] + str(moved)
            + question[number.end(1):])


def _replace(text: str, start: int, end: int, said: str) -> str:
    return text[:start] + said + text[end:]


def _insert(text: str, at: int, said: str) -> str:
    """`said` put in at `at`, a space either side where the script has spaces."""
    if _UNSPACED.search(said):
        return text[:at] + said + text[at:]
    before = text[:at].rstrip()
    after = text[at:]
    tail = after if not after or after[0] in _END_MARKS or after[0] == " " else " " + after
    return f"{before} {said}{tail}"


# The people the last flow was about (an email's, a call's recipient, a shift change's person):
# "ok draft an email to her" after the call with Alice was refused, or after the email to her
# went to HR, is to Alice.
TALKED_ABOUT = "talked_about"


def remember_talked_about(person_ids: Sequence[str], now: datetime) -> None:
    """Keep whom the flow just asking is about, for as long as a question stays open."""
    state = current_person_state()
    if state is not None and person_ids:
        state.flags[TALKED_ABOUT] = {"people": list(person_ids), "at": now.isoformat()}


def talked_about(now: datetime) -> tuple[tuple[str, ...], datetime] | None:
    """The ids of the people the last flow was about, and when, if lately (within turn
    memory's lifetime); two ids for a swap, where "her" is either of them."""
    state = current_person_state()
    kept = state.flags.get(TALKED_ABOUT) if state is not None else None
    if not isinstance(kept, dict):
        return None
    try:
        at = datetime.fromisoformat(str(kept["at"]))
    except (KeyError, ValueError):
        return None
    people = tuple(str(p) for p in kept.get("people") or ())
    return (people, at) if people and now - at <= TURN_MEMORY_TTL else None


# When ERA last did not understand what the person asked: said again soon after, ERA names
# the way to a person as well as what it can do.
NOT_UNDERSTOOD = "not_understood"
# How soon after the last "not sure what you'd like" another one counts as in a row.
NOT_UNDERSTOOD_AGAIN = timedelta(minutes=3)


def not_understood_again(now: datetime) -> bool:
    """Whether ERA did not understand this person a moment ago too; keeps this time."""
    again = recent_flag(NOT_UNDERSTOOD, now, NOT_UNDERSTOOD_AGAIN) is not None
    state = current_person_state()
    if state is not None:
        state.flags[NOT_UNDERSTOOD] = {"at": now.isoformat()}
    return again


# When ERA last opened the conversation with the person (its welcome, or its answer to a
# greeting), and that it has talked with them here at all: a greeting just after is answered
# shortly, and a first message it cannot read gets no apology.
OPENED = "opened"
_SEEN = "seen"


def remember_opened(now: datetime) -> None:
    """Keep that ERA has just welcomed or greeted the person."""
    state = current_person_state()
    if state is not None:
        state.flags[OPENED] = {"at": now.isoformat()}


def opened_lately(now: datetime) -> tuple[bool, bool]:
    """Whether ERA welcomed or greeted the person and they asked for nothing since (within
    turn memory's lifetime), and whether this is the first message of theirs it reads here;
    keeps that it has now read one."""
    state = current_person_state()
    if state is None:
        return False, False
    greeted = recent_flag(OPENED, now) is not None
    first = _SEEN not in state.flags
    if first:
        state.flags[_SEEN] = True
    return greeted, first


def forget_opened() -> None:
    """The person asked for something: a greeting after it is answered in full again."""
    state = current_person_state()
    if state is not None:
        state.flags.pop(OPENED, None)
