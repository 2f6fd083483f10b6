"""A manager moves someone's shift to another day or time: "move Bob from Saturday to Sunday",
"put Bob on Sunday instead of Saturday", "switch Bob from the morning to the evening on Friday".

Whose shift and the day it is on are resolved once (several shifts that day: which one, or the
one in the part of the day named); then where it goes: on the new day, the slots of the same role
the person could work, counted without the shift they leave. The same hours as before are taken
when the day has them, the part of the day when one is named ("to the evening"), the one that
fits when only one does; otherwise ERA asks. The preview says both shifts, after the same
work-rule checks as an assignment; on "yes" the shift moves in one backend operation (the person
is never on both, nor on neither), and the person is told.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import date, datetime, time, timedelta
from zoneinfo import ZoneInfo

from core.errors import ConflictError, ErrorCode
from core.intent import Intent
from core.question_id import QuestionId
from core.shift import Shift
from core.shift_candidate import ShiftCandidate
from core.shift_change import ShiftChange, ShiftChangeKind
from core.text_fold import fold
from core.turn_memory import TurnMemory
from dialogs.era_turn import EraTurn
from dialogs.shift_change_dialog import (
    ChangeContext,
    Question,
    Refusal,
    ShiftChangeDialog,
    candidate_option,
)
from dialogs.shift_options import shift_option
from language.catalogue import say
from language.catalogue_errors import fit_reason
from language.day_of_month import day_of_month, next_date_on
from language.day_range import move_join, range_join
from language.formatting import format_day, format_on_day
from language.interrupts import interrupt_words
from language.phrase import Phrase, Sayable, change_shift
from language.schedule_terms import schedule_term
from services.time_phrase_parser import names_a_day, short_days_in_full, weekday_named

# "from Friday to Monday", "from Saturday to Tuesday": up to three days on, across the weekend.
_DAYS_ACROSS_THE_WEEKEND = 3
# "al 5", "a 5.": a day of the month said as a number alone, ending the request.
_NUMBER_ALONE = re.compile(r"^\s*([12]\d|3[01]|0?[1-9])(?:st|nd|rd|th|\.|º|°|er|e)?\s*[.!?]*\s*$")
_ONE_WORD_PHRASE = re.compile(r"^(?:(?:the|le|la|l'|el|lo|il|o|a|der|die|den|het|de)\s+)?\S+$")


@dataclass(frozen=True)
class _Mention:
    """A day or a part of a day the request names, where it names it."""

    at: int
    day: date | None
    part: tuple[time, time] | None = None
    weekday_alone: bool = False  # said as a bare weekday ("sunday"), not a date nor "today"
    # The day of a one-word phrase that names one with its hours ("周六的班改成15点").
    named_day: date | None = None


def _part_text(part: tuple[time, time]) -> str:
    return f"{part[0]:%H:%M}-{part[1]:%H:%M}"


def _part_of(text: str | None) -> tuple[time, time] | None:
    if not text:
        return None
    start, _, end = text.partition("-")
    return time.fromisoformat(start), time.fromisoformat(end)


def _starts_within(moment: datetime, part: tuple[time, time], tz: ZoneInfo) -> bool:
    local = moment.astimezone(tz).time()
    start, end = part
    return start <= local < end if start < end else (local >= start or local < end)


class ShiftMoveDialog(ShiftChangeDialog):
    """Whose shift, which day, which shift, where it goes; preview; apply; tell them."""

    # A move names two days (from and to): "actually friday", "no, move it to saturday" at
    # its preview is the day it goes to.
    corrected_day_slot = "to_day"
    corrected_day_bound = frozenset({"to_day", "to_part", "candidate", "candidate_offered"})

    intent = Intent.SHIFT_MOVE

    async def parse_request(
        self, text: str, ctx: ChangeContext, turn: EraTurn
    ) -> dict[str, str] | Refusal:
        """The person, the day the shift is on and the day (or part of a day) it goes to."""
        mine, elsewhere = await self.people_in_request(text, ctx)
        entities = self.people_entities("person", mine, elsewhere, ctx)
        if isinstance(entities, Refusal):
            return entities
        # "von di auf den 5.": the days as the readers read them, so each is found where it is.
        text = short_days_in_full(text, turn.locale)
        mentions = await self._mentions(text, turn, ctx.tz)
        leaving, going = self._leaving_and_going(text, mentions)
        entities.update(self._side(leaving, "day", "from_part"))
        entities.update(self._side(going, "to_day", "to_part"))
        self._to_day_after_its_day(entities, going)
        if "day" in entities and not going:
            # "from tuesday to tuesday": the readers read the one day once; the words after the
            # move word name the day it goes to.
            joined = move_join(text, turn.language)
            said = joined and await self._day_before(text[joined[1]:], turn, ctx.tz)
            if said and said.isoformat() == entities["day"]:
                entities["to_day"] = entities["day"]
        if "day" not in entities and "from_part" in entities and "to_day" in entities:
            entities["day"] = entities["to_day"]
        await self._to_hours_on_its_day(entities, mentions, text, ctx, turn)
        return entities

    async def next_question(
        self, entities: dict[str, str], ctx: ChangeContext, turn: EraTurn
    ) -> Question | Refusal | None:
        """Whose shift, the day it is on, which of their shifts, the new day, the new slot."""
        # "Move Bob from Saturday to Sunday" with two Bobs: the Bob who works on Saturday.
        await self.settle_namesake_on_day(entities, "person", ctx, turn)
        question = self.ask_person("person", entities, ctx, "move")
        if question:
            return question
        person = self.person(entities, "person", ctx)
        question = await self.ask_day(entities, ctx, turn, "move", person.first_name)
        if question:
            return question
        if "to_day" not in entities and "to_part" in entities:
            entities["to_day"] = entities["day"]  # "from the morning to the evening on Friday"
        if "shift" not in entities:
            self._shift_in_part(entities, await self._theirs(entities, ctx, turn, person.id), ctx)
        if "shift" not in entities:
            question = await self.ask_their_shift(entities, ctx, turn, person,
                                                  "shift_move.no_shift")
            if question:
                return question
        question = await self._ask_target_day(entities, ctx, turn, person.first_name)
        if question:
            return question
        if "candidate" in entities:
            return None
        return await self._ask_target(entities, ctx, turn)

    async def preview(
        self, entities: dict[str, str], ctx: ChangeContext, turn: EraTurn, memory: TurnMemory
    ) -> ShiftChange:
        """The move, checked by the backend."""
        shift = await self._shift(entities)
        candidates = await self.services.shifts.move_candidates(
            shift=shift, day=date.fromisoformat(entities["to_day"]), now=turn.now)
        target = next((c for c in candidates if c.shift_id == entities["candidate"]), None)
        if target is None:
            raise ConflictError(ErrorCode.SHIFT_NO_LONGER_EXISTS)
        return await self.services.shifts.preview_move(
            actor=turn.person, shift=shift, candidate=target, now=turn.now)

    async def preview_text(
        self, change: ShiftChange, entities: dict[str, str], ctx: ChangeContext, turn: EraTurn
    ) -> str | Sayable:
        """ "Move Bob Smith from Sat 28 Nov, Morning 09:00-15:00 (sales associate) to Sun 29
        Nov, Morning 09:00-15:00 (sales associate)?" """
        return Phrase.of("shift_move.preview", person=str(change.facts["person"]),
                         shift=change_shift(change), target=change_shift(change, "target"))

    async def notify_applied(self, change: ShiftChange, turn: EraTurn) -> None:
        """Tell the person whose shift moved, in their language."""
        if change.kind is ShiftChangeKind.MOVE:
            await self.tell(change.person_ids[0], "shift_move.notice", change, turn)

    # -- reading the request ---------------------------------------------------------------

    async def _mentions(self, text: str, turn: EraTurn, tz: ZoneInfo) -> list[_Mention]:
        """The days and parts of days the text names, in order, each where it is named; a
        range ("from Saturday to Sunday") gives each of its days."""
        windows = await self.services.time_parser.parse(text, now=turn.now, locale=turn.locale)
        if len(windows) == 1 and windows[0].end - windows[0].start == timedelta(days=1):
            # "from tuesday to the 5th": the readers took Tuesday alone; read as a range of
            # days, it is Tuesday and the 5th.
            ranged = await self.services.time_parser.parse(text, now=turn.now,
                                                           locale=turn.locale, ranges=True)
            if (len(ranged) == 1 and ranged[0].end - ranged[0].start > timedelta(days=1)
                    and range_join(ranged[0].text.casefold(), turn.language) is not None):
                windows = ranged
        folded = text.casefold()
        found: list[_Mention] = []
        cursor = 0
        for window in windows:
            phrase = window.text.casefold()
            at = folded.find(phrase, cursor) if phrase else -1
            at = cursor if at < 0 else at
            cursor = at + len(phrase)
            start, end = window.start.astimezone(tz), window.end.astimezone(tz)
            if end - start < timedelta(days=1):
                day = None if _ONE_WORD_PHRASE.match(phrase.strip()) else start.date()
                named = start.date() if names_a_day(window.text, turn.locale) else None
                found.append(_Mention(at, day, (start.time(), end.time()), named_day=named))
                continue
            joined = range_join(phrase, turn.language)
            if joined is None:
                found.append(_Mention(at, start.date(), weekday_alone=weekday_named(
                    window.text, turn.locale) is not None))
                continue
            # A range ("saturday to 29/11", "从周六到周日") is the day it starts and the day
            # it ends.
            join_start, join_end = joined
            for offset, piece, fallback in (
                (0, phrase[:join_start], start.date()),
                (join_end, phrase[join_end:], (end - timedelta(seconds=1)).date()),
            ):
                read = await self.services.time_parser.parse(piece, now=turn.now,
                                                             locale=turn.locale)
                number = (day_of_month(phrase[join_start:], turn.language)
                          if offset and not read and found else None)
                if number is not None and found[-1].day is not None:
                    # "de mardi au 5": the 5th after that Tuesday (the range read ran from
                    # the Tuesday before it, so its last day was the 4th).
                    fallback = next_date_on(number, found[-1].day) or fallback
                found.append(_Mention(
                    at + offset, read[0].start.astimezone(tz).date() if read else fallback,
                    weekday_alone=weekday_named(read[0].text if read else piece,
                                                turn.locale) is not None))
        if len(found) == 1 and found[0].day is not None and found[0].part is None:
            found += _day_number_after(text[cursor:], cursor, found[0].day, turn.language)
        return found

    @staticmethod
    def _leaving_and_going(
        text: str, mentions: list[_Mention]
    ) -> tuple[list[_Mention], list[_Mention]]:
        """The days and parts of days the shift leaves, and those it goes to. "Sunday instead
        of Saturday": the day after the lexicons' `instead_of` words is the one the shift
        leaves; the day before `replaced_before` ("土曜日ではなく日曜日"). Otherwise, of two
        days ("from Saturday to Sunday") the second is where it goes; of one day and a part
        of a day, or two parts, the last part."""
        folded = fold(text)
        before = interrupt_words().replaced_before.search(folded.text)
        instead = before or interrupt_words().instead_of.search(folded.text)
        if instead is not None:
            at = folded.origin[instead.start()]
            return ([m for m in mentions if (m.at < at) == (before is not None)],
                    [m for m in mentions if (m.at < at) != (before is not None)])
        days = [m for m in mentions if m.day is not None]
        split = days[1].at if len(days) > 1 else None
        if split is None:
            parts = [m for m in mentions if m.part is not None]
            split = parts[-1].at if len(parts) > 1 or (parts and days) else len(text) + 1
        return [m for m in mentions if m.at < split], [m for m in mentions if m.at >= split]

    async def _to_hours_on_its_day(
        self, entities: dict[str, str], mentions: list[_Mention], text: str,
        ctx: ChangeContext, turn: EraTurn,
    ) -> None:
        """One day and the hours the shift goes to that day: "deplace le poste de bob de samedi
        a 15h", "周六的班改成15点" (one time phrase, day and hour), "ボブの土曜日のシフトを15時に
        変更して", "schicht am samstag auf 15 uhr" (the hour alone, its day taken from the words
        before it). The day is the one the shift is on when the person works then and their
        shift does not start in those hours ("Bob's Friday morning shift" names its own)."""
        if "day" in entities:
            return
        parts = [m for m in mentions if m.part is not None]
        days = [m for m in mentions if m.part is None and m.day is not None]
        if len(parts) != 1 or len(days) > 1 or len(parts) + len(days) != len(mentions):
            return
        said = parts[0]
        part = said.part
        if days and said.day:
            return
        # "al turno de la mañana el viernes": the part of the day and its day read apart (the
        # day named wins over "mañana" read as tomorrow too).
        day = (days[0].day if days else None) or said.day or said.named_day or (
            await self._day_before(text[:said.at], turn, ctx.tz))
        people = ([entities["person"]] if "person" in entities
                  else entities.get("person_choices", "").split(","))
        if day is None or not any(people):
            return
        on_day = await self.services.shifts.shifts_on(ctx.manager.store_id, day, ctx.tz)
        theirs = [s for s in on_day if s.person_id in people and not s.has_started(turn.now)]
        if not theirs or any(_starts_within(s.starts_at, part, ctx.tz) for s in theirs):
            return
        entities.pop("from_part", None)
        entities.update(day=day.isoformat(), to_day=day.isoformat(), to_part=_part_text(part))

    async def _day_before(self, text: str, turn: EraTurn, tz: ZoneInfo) -> date | None:
        """The whole day the words name, if they name one."""
        if not text.strip():
            return None
        windows = await self.services.time_parser.parse(text, now=turn.now, locale=turn.locale)
        days = [w for w in windows if w.end - w.start >= timedelta(days=1)]
        return days[0].start.astimezone(tz).date() if len(days) == 1 else None

    @staticmethod
    def _to_day_after_its_day(entities: dict[str, str], going: list[_Mention]) -> None:
        """A bare weekday later in the week than the shift's day, or in the days just after
        the weekend that follows it, is the next one after that day: "move Bob from Saturday to
        Sunday" said on a Sunday read "Sunday" as today, before the Saturday (next week's) the
        shift is on; it is the Sunday after it. "from Friday to Monday" is the Monday after
        the Friday, not the one before it; "from Friday to Thursday" stays the day before."""
        said = next((m for m in going if m.day is not None), None)
        if said is None or not said.weekday_alone or "day" not in entities:
            return
        day, to_day = date.fromisoformat(entities["day"]), date.fromisoformat(entities["to_day"])
        days_after = (to_day.weekday() - day.weekday()) % 7
        if to_day < day and days_after and (to_day.weekday() > day.weekday()
                                            or days_after <= _DAYS_ACROSS_THE_WEEKEND):
            entities["to_day"] = (day + timedelta(days=days_after)).isoformat()

    @staticmethod
    def _side(mentions: list[_Mention], day_slot: str, part_slot: str) -> dict[str, str]:
        """The day and the part of the day one side of the move names."""
        entities: dict[str, str] = {}
        day = next((m.day for m in mentions if m.day is not None), None)
        part = next((m.part for m in mentions if m.part is not None), None)
        if day is not None:
            entities[day_slot] = day.isoformat()
        if part is not None:
            entities[part_slot] = _part_text(part)
        return entities

    # -- the shift that moves ------------------------------------------------------------

    async def _theirs(
        self, entities: dict[str, str], ctx: ChangeContext, turn: EraTurn, person_id: str
    ) -> list[Shift]:
        on_day = await self.services.shifts.shifts_on(
            ctx.manager.store_id, date.fromisoformat(entities["day"]), ctx.tz)
        return [s for s in on_day if s.person_id == person_id and not s.has_started(turn.now)]

    @staticmethod
    def _shift_in_part(entities: dict[str, str], theirs: list[Shift], ctx: ChangeContext) -> None:
        """Their one shift starting in the part of the day named ("from the morning")."""
        part = _part_of(entities.get("from_part"))
        if part is None:
            return
        within = [s for s in theirs if _starts_within(s.starts_at, part, ctx.tz)]
        if len(within) == 1:
            entities["shift"] = within[0].id

    async def _shift(self, entities: dict[str, str]) -> Shift:
        shift = await self.services.shifts.get_shift(entities["shift"])
        if shift is None:
            raise ConflictError(ErrorCode.SHIFT_NO_LONGER_EXISTS)
        return shift

    # -- where it goes ---------------------------------------------------------------------

    async def _ask_target_day(
        self, entities: dict[str, str], ctx: ChangeContext, turn: EraTurn, name: str
    ) -> Question | None:
        """Settle the day the shift goes to (and a part of it) from a typed answer."""
        if "to_day" in entities:
            return None
        answer = entities.pop("to_day_answer", None)
        if answer is None:
            return Question("to_day", "time_preference",
                            say("shift_move.which_day_to", ctx.language, name=name),
                            free_text=True)
        read = short_days_in_full(answer, turn.locale)
        mentions = await self._mentions(read, turn, ctx.tz)
        leaving, going = self._leaving_and_going(read, mentions)
        # "from saturday to sunday", "sunday instead of saturday": the day it goes to, not
        # the one it leaves; a single day or part of a day is the answer itself.
        mentions = going if leaving and going else mentions
        side = self._side(mentions, "to_day", "to_part")
        if "to_day" not in side and "to_part" in side:
            side["to_day"] = entities["day"]  # "the evening": the same day, later
        if "to_day" in side:
            entities.update(side)
            # "sunday" for Saturday's shift, asked on a Sunday: the Sunday after it, as in
            # "move Bob from Saturday to Sunday" said in one go.
            self._to_day_after_its_day(entities, mentions)
            return None
        return Question("to_day", "time_preference",
                        say("shift_move.day_to_unclear", ctx.language, answer=answer, name=name),
                        free_text=True)

    async def _ask_target(
        self, entities: dict[str, str], ctx: ChangeContext, turn: EraTurn
    ) -> Question | Refusal | None:
        """The slot on the new day: the same hours when they fit, the only one that fits (in
        the part of the day named), or a question; a refusal when none fits."""
        shift = await self._shift(entities)
        person = self.person(entities, "person", ctx)
        day = date.fromisoformat(entities["to_day"])
        on_day = format_on_day(day, ctx.language, long=True)
        candidates = await self.services.shifts.move_candidates(shift=shift, day=day,
                                                                now=turn.now)
        part = _part_of(entities.get("to_part"))
        if shift.starts_at.astimezone(ctx.tz).date() == day and (
                part is None or _starts_within(shift.starts_at, part, ctx.tz)):
            # "move chen to tuesday morning" when he works Tuesday morning: said, not "no shift
            # starts then" (their own is no slot to move to) nor "which day?".
            return self._another_day(entities, ctx, person.name, say(
                "shift_move.already_there", ctx.language, name=person.name,
                shift=shift_option(shift, 0, ctx.tz, ctx.language).label),
                "shift_move.another_day_to")
        if part is not None:
            within = [c for c in candidates if _starts_within(c.starts_at, part, ctx.tz)]
            if not within and candidates:
                # "to 2pm" where no slot starts then: said plainly, and the day's slots
                # offered instead (the one said is never taken for one near it).
                entities.pop("to_part", None)
                return self._none_then(part, candidates, shift, day, ctx, person.name)
            candidates = within
        if not candidates:
            return self._another_day(entities, ctx, person.name, say(
                "shift_move.no_slot", ctx.language, name=person.name,
                role=schedule_term(shift.role, ctx.language), day=on_day))
        # The same hours as the shift has, or exactly the hours named (an undo names the
        # hours the shift left).
        same = [c for c in candidates if _same_hours(c, shift, ctx.tz)] if part is None else [
            c for c in candidates if _part_text(_local_hours(c, ctx.tz)) == _part_text(part)]
        fitting = [c for c in candidates if c.fits]
        if same and same[0].fits:
            fitting = same[:1]  # Saturday's 09:00-15:00 on Sunday, when it fits
        if len(fitting) == 1 or len(candidates) == 1:
            entities["candidate"] = (fitting or candidates)[0].shift_id
            return None
        if not fitting:
            lines = [say("shift_move.none_fit", ctx.language, name=person.name,
                         role=schedule_term(shift.role, ctx.language), day=on_day)]
            lines += [f"- {candidate_option(c, i, ctx).label}: "
                      f"{fit_reason(c.fit_details, ctx.language)}"
                      for i, c in enumerate(candidates)]
            return self._another_day(entities, ctx, person.name, "\n".join(lines),
                                     "shift_move.another_day_to")
        return Question(
            "candidate", str(QuestionId.SELECT_SHIFT),
            say("shift_move.which_target", ctx.language, name=person.name,
                day=format_day(day, ctx.language), role=schedule_term(shift.role, ctx.language)),
            options=tuple(candidate_option(c, i, ctx) for i, c in enumerate(candidates)),
        )

    @staticmethod
    def _none_then(
        part: tuple[time, time], candidates: list[ShiftCandidate], shift: Shift, day: date,
        ctx: ChangeContext, name: str,
    ) -> Question:
        """No slot that day starts in the hours named: which of that day's slots, if any."""
        role = schedule_term(shift.role, ctx.language)
        length = datetime.combine(day, part[1]) - datetime.combine(day, part[0])
        hours = f"{part[0]:%H:%M}" if timedelta(0) < length <= timedelta(hours=1) else (
            _part_text(part))
        return Question(
            "candidate", str(QuestionId.SELECT_SHIFT),
            say("shift_move.which_target", ctx.language, name=name,
                day=format_day(day, ctx.language), role=role),
            options=tuple(candidate_option(c, i, ctx) for i, c in enumerate(candidates)),
            preface=say("shift_move.none_at", ctx.language, role=role, hours=hours,
                        day=format_on_day(day, ctx.language, long=True)),
        )

    @staticmethod
    def _another_day(entities: dict[str, str], ctx: ChangeContext, name: str, why: str,
                     asking: str = "shift_move.other_day_to") -> Question:
        """No slot on the day said fits: why, and which other day (the request stays open, so
        "monday then" moves it there; "no" leaves the shift as it is)."""
        for key in ("to_day", "to_part", "to_day_answer"):
            entities.pop(key, None)
        return Question("to_day", "time_preference", say(asking, ctx.language, name=name),
                        free_text=True, preface=why)


def _day_number_after(tail: str, at: int, day: date, language: str | None) -> list[_Mention]:
    """The day of the month a range or move word joins to the day just named: "from tue to the
    5th", "del martes al 5", "von di auf den 5." (the readers took the weekday alone), the
    first such date after it."""
    joined = move_join("x" + tail, language)
    if joined is None or tail[:joined[0] - 1].strip():
        return []
    rest = tail[joined[1] - 1:]
    number = day_of_month(rest, language) or day_of_month(tail, language)
    alone = _NUMBER_ALONE.match(rest)
    if number is None and alone is not None:
        number = int(alone.group(1))
    then = next_date_on(number, day + timedelta(days=1)) if number is not None else None
    return [] if then is None else [_Mention(at + joined[1] - 1, then)]


def _local_hours(slot: ShiftCandidate | Shift, tz: ZoneInfo) -> tuple[time, time]:
    return slot.starts_at.astimezone(tz).time(), slot.ends_at.astimezone(tz).time()


def _same_hours(candidate: ShiftCandidate, shift: Shift, tz: ZoneInfo) -> bool:
    """Whether the slot keeps the shift's local hours (Saturday's 09:00-15:00 on Sunday)."""
    return _local_hours(candidate, tz) == _local_hours(shift, tz)
