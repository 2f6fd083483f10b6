"""A manager assigns a shift: "assign bob on wed sales associate".

The employee, day and role are resolved once (two Bobs: ERA asks which); the candidate shifts of
that day are generated server-side, each marked as fitting or not and why; the manager picks one
("1", "morning", "matin", "朝"); ERA previews the assignment and applies it on "yes". A request
that already names the part of the day or the time ("wed morning", "mercredi matin", "am
Mittwoch Vormittag", "at 3pm") picks the one fitting shift starting then without asking.
"""

from __future__ import annotations

from datetime import date, datetime, timedelta

from core.choice_option import ChoiceOption
from core.errors import ConflictError, ErrorCode
from core.intent import Intent
from core.person import Person
from core.question_id import QuestionId
from core.reply_interpreter import describe_accepted
from core.shift_candidate import ShiftCandidate
from core.shift_change import ShiftChange, ShiftChangeKind
from core.time_window import TimeWindow
from core.turn_memory import TurnMemory
from dialogs.era_turn import EraTurn
from dialogs.reply_prompt import thanks_alone
from dialogs.shift_change_dialog import (
    ChangeContext,
    Question,
    Refusal,
    ShiftChangeDialog,
    candidate_option,
    find_role,
)
from language import phrase
from language.catalogue import say
from language.catalogue_errors import fit_reason
from language.formatting import (
    format_accepted,
    format_on_day,
    format_shift_label,
    format_time_range,
)
from language.phrase import Phrase
from language.schedule_terms import schedule_term
from language.time_bounds import time_bound
from services.time_phrase_parser import DayPart, time_spans

_ONE_MINUTE = timedelta(minutes=1)
_ONE_HOUR = timedelta(hours=1)  # a time said alone ("at 3pm") is read as its hour


class ShiftAssignDialog(ShiftChangeDialog):
    """Who, which day, which role, which shift; preview; apply."""

    intent = Intent.SHIFT_ASSIGN
    denied_message_id = "flow.shift_change.denied_assign_ask_manager"
    person_corrections = True

    async def notify_applied(self, change: ShiftChange, turn: EraTurn) -> None:
        """Tell the person put on the shift, in their language."""
        if change.kind is ShiftChangeKind.ASSIGN and change.person_ids:
            await self.tell(change.person_ids[0], "shift_assign.notice", change, turn)

    def same_times(self, entities: dict[str, str], memory: TurnMemory) -> dict[str, str]:
        """"same for alice" after Bob's evening shift: Alice's shift starts when his did (she is
        asked only when that one does not fit her)."""
        picked = (memory.data.get("candidates") or {}).get(entities.get("candidate", ""))
        if not picked:
            return {}
        starts = datetime.fromisoformat(picked["starts_at"])
        return {"from": starts.isoformat(), "until": (starts + _ONE_MINUTE).isoformat()}

    async def parse_request(
        self, text: str, ctx: ChangeContext, turn: EraTurn
    ) -> dict[str, str] | Refusal:
        """Person, day and role named in the request."""
        entities = await self.person_and_day(text, ctx, turn)
        if isinstance(entities, Refusal):
            return entities
        role = find_role(text, ctx.roles)
        if role:
            entities["role"] = role
        windows = await self.services.time_parser.parse(text, now=turn.now, locale=turn.locale)
        if windows and windows[0].end - windows[0].start < timedelta(days=1):
            entities["from"] = windows[0].start.isoformat()
            entities["until"] = windows[0].end.isoformat()
            if _hours_from_to(windows[0], text, turn, ctx):
                # "2-6pm", "de 14h à 18h": those hours, not any shift starting in them.
                entities["exact_hours"] = "1"
        return entities

    async def next_question(
        self, entities: dict[str, str], ctx: ChangeContext, turn: EraTurn
    ) -> Question | Refusal | None:
        """Ask for the person, the day, the role and the shift, in that order."""
        question = self.ask_person("person", entities, ctx, "assign")
        if question:
            return question
        person = self.person(entities, "person", ctx)
        question = await self.ask_day(entities, ctx, turn, "assign", person.first_name)
        if question:
            return question
        if "role" not in entities:
            answer = entities.pop("role_answer", None)
            role = find_role(answer, person.job_roles) if answer else None
            if role is None and len(person.job_roles) == 1:
                role = person.job_roles[0]
            if role is None:
                options = tuple(
                    ChoiceOption(f"opt_{i + 1}", i, schedule_term(r, ctx.language), r)
                    for i, r in enumerate(person.job_roles)
                )
                asked = Phrase.of("shift_assign.which_role",
                                                name=person.first_name)
                why = answer and await self._not_a_role(answer, person, ctx, turn, entities,
                                                        options)
                return Question("role", str(QuestionId.SELECT_SHIFT), asked, options=options,
                                labels={o.option_id: phrase.term(o.value) for o in options},
                                return_unknown=True, preface=why or "")
            entities["role"] = role
        if "candidate" in entities:
            return None
        day = date.fromisoformat(entities["day"])
        candidates = await self.services.shifts.candidates(
            person=person, day=day, role=entities["role"], now=turn.now
        )
        offered = entities.pop("offered_shift", None)
        if any(c.shift_id == offered and c.fits for c in candidates):
            # Someone picked to cover a shift just left open: that shift, no list to choose from.
            entities["candidate"] = str(offered)
            return None
        on_day = format_on_day(day, ctx.language, long=True)
        if not candidates:
            return Refusal(say("shift_assign.no_shifts", ctx.language, day=on_day))
        if not any(c.fits for c in candidates):
            lines = [say("shift_assign.none_fit", ctx.language, day=on_day, name=person.name)]
            lines += [f"- {candidate_option(c, i, ctx).label}: {_reason(c, ctx.language)}"
                      for i, c in enumerate(candidates)]
            lines.append(say("shift_assign.none_fit_end", ctx.language))
            return Refusal("\n".join(lines))
        asked = _asked_for(candidates, entities)
        named = [c for c in asked if c.fits]
        preface = ""
        if asked and not named and not entities.get("exact_hours"):
            # "assigne chen mardi à 10h" where the 10:00 shift cannot be his: said first, then
            # the day's shifts (the list alone left the manager to find why).
            preface = "\n".join(
                say("shift_assign.asked_not_free", ctx.language, name=person.name,
                    shift=format_shift_label(c.label, c.starts_at,
                                             c.ends_at, ctx.tz, ctx.language),
                    reason=_reason(c, ctx.language))
                for c in asked)
        if entities.get("exact_hours"):
            start = datetime.fromisoformat(entities["from"])
            end = datetime.fromisoformat(entities["until"])
            named = [c for c in named if c.starts_at == start and c.ends_at == end]
            if not named:
                # "2-6pm" where no shift runs 14:00-18:00: said, and the day's shifts offered
                # (the 15:00-20:00 one was previewed as if it had been asked for).
                preface = say("shift_assign.none_at_hours", ctx.language,
                              role=schedule_term(entities["role"], ctx.language),
                              hours=format_time_range(start.astimezone(ctx.tz),
                                                      end.astimezone(ctx.tz)),
                              day=on_day)
        if len(named) == 1:
            entities["candidate"] = named[0].shift_id
            return None
        return Question(
            "candidate", str(QuestionId.SELECT_SHIFT),
            Phrase.of("shift_assign.which_shift", name=person.name, day=phrase.day(day),
                      role=phrase.term(entities["role"])),
            options=tuple(candidate_option(c, i, ctx) for i, c in enumerate(candidates)),
            data={"candidates": {c.shift_id: c.to_dict() for c in candidates}},
            preface=preface,
        )

    async def _not_a_role(
        self, answer: str, person: Person, ctx: ChangeContext, turn: EraTurn,
        entities: dict[str, str], options: tuple[ChoiceOption, ...],
    ) -> str | None:
        """Why an answer to "which role?" picked none: a role this person does not hold
        ("cashier": "Bob is not qualified as cashier"), or not a role at all. A part of the day
        ("morning") is kept for the shift question that follows (None: nothing to say). Thanks
        alone ("merci") is welcomed, as every question does."""
        if thanks_alone(turn, answer):
            return say("prompt.thanks", ctx.language)
        other = find_role(answer, ctx.roles)
        if other is not None:
            return say("fit.not_qualified", ctx.language, name=person.name,
                       role=schedule_term(other, ctx.language)) + "."
        windows = await self.services.time_parser.parse(answer, now=turn.now,
                                                        locale=turn.locale)
        if windows and windows[0].end - windows[0].start < timedelta(days=1):
            # "morning": that part of the day asked about, not of today.
            start = datetime.combine(date.fromisoformat(entities["day"]),
                                     windows[0].start.timetz())
            entities["from"] = start.isoformat()
            entities["until"] = (start + (windows[0].end - windows[0].start)).isoformat()
            return None
        accepted = describe_accepted(str(QuestionId.SELECT_SHIFT), options)
        return say("prompt.not_understood", ctx.language,
                   accepted=format_accepted(accepted, ctx.language))

    async def preview(
        self, entities: dict[str, str], ctx: ChangeContext, turn: EraTurn, memory: TurnMemory
    ) -> ShiftChange:
        """The assignment, checked by the backend."""
        person = self.person(entities, "person", ctx)
        offered = (memory.data.get("candidates") or {}).get(entities["candidate"])
        candidate = (
            ShiftCandidate.from_dict(offered) if offered
            else await self._named_candidate(entities, ctx, turn)
        )
        return await self.services.shifts.preview_assign(
            actor=turn.person, person=person, candidate=candidate, role=entities["role"],
            now=turn.now,
        )


    async def _named_candidate(
        self, entities: dict[str, str], ctx: ChangeContext, turn: EraTurn
    ) -> ShiftCandidate:
        """The shift picked without a list (named by its time, or the one left open that the
        manager picked someone to cover), as the backend generates it now."""
        candidates = await self.services.shifts.candidates(
            person=self.person(entities, "person", ctx), day=date.fromisoformat(entities["day"]),
            role=entities["role"], now=turn.now,
        )
        found = [c for c in candidates if c.shift_id == entities["candidate"]]
        if not found:
            raise ConflictError(ErrorCode.SHIFT_NO_LONGER_EXISTS)
        return found[0]


def _hours_from_to(window: TimeWindow, text: str, turn: EraTurn, ctx: ChangeContext) -> bool:
    """Whether the request names the hours a shift runs ("2-6pm", "von 14 bis 18 Uhr"): more
    than an hour, not a part of the day ("wednesday morning"), nor a time from or until which
    ("after 2pm"), where a shift starting in those hours is meant."""
    start, end = window.start.astimezone(ctx.tz), window.end.astimezone(ctx.tz)
    if end - start <= _ONE_HOUR or end.date() != start.date():
        return False
    if (start.hour, end.hour) in {part.hours for part in DayPart} or any(
            span.part_only for span in time_spans(text, turn.locale)):
        return False
    return time_bound(text, turn.language) is None


def _asked_for(
    candidates: list[ShiftCandidate], entities: dict[str, str]
) -> list[ShiftCandidate]:
    """The candidates, fitting or not, the request named by its time: those starting in the
    part of the day named ("wednesday morning"), or, for a time ("mardi à 10h", an hour long),
    the shift running then (the 09:00-15:00 one; none started at 10:00, so every shift of the
    day was listed); [] when it named none."""
    if "from" not in entities or "until" not in entities:
        return []
    start, end = datetime.fromisoformat(entities["from"]), datetime.fromisoformat(entities["until"])
    starting = [c for c in candidates if start <= c.starts_at < end]
    if starting or end - start > _ONE_HOUR or entities.get("exact_hours"):
        return starting
    return [c for c in candidates if c.starts_at <= start < c.ends_at]


def _reason(candidate: ShiftCandidate, language: str) -> str:
    """Why the candidate does not fit, in the manager's language."""
    if candidate.fit_details:
        return fit_reason(candidate.fit_details, language)
    return candidate.reason


