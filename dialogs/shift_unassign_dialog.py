"""A manager takes someone off a shift: "unassign Chen from Thursday". The shift becomes open."""

from __future__ import annotations

from datetime import date
from typing import ClassVar

from core.errors import ConflictError, ErrorCode
from core.intent import Intent
from core.question_id import QuestionId
from core.shift_change import ShiftChange
from core.turn_memory import TurnMemory
from dialogs.era_turn import EraTurn
from dialogs.shift_change_dialog import ChangeContext, Question, Refusal, ShiftChangeDialog
from dialogs.shift_options import shift_option
from language.catalogue import say
from language.formatting import format_long_day, format_on_day


class ShiftUnassignDialog(ShiftChangeDialog):
    """Who, which day, which of their shifts; preview; apply."""

    intent = Intent.SHIFT_UNASSIGN
    # How the questions about the person and the day read ("shift_change.who.unassign").
    asking: ClassVar[str] = "unassign"
    no_shift_text: ClassVar[str] = "shift_unassign.no_shift"

    async def parse_request(
        self, text: str, ctx: ChangeContext, turn: EraTurn
    ) -> dict[str, str] | Refusal:
        """The person and the day."""
        return await self.person_and_day(text, ctx, turn)

    async def next_question(
        self, entities: dict[str, str], ctx: ChangeContext, turn: EraTurn
    ) -> Question | Refusal | None:
        """Ask for the person, the day, and which shift when they have several that day."""
        question = self.ask_person("person", entities, ctx, self.asking)
        if question:
            return question
        person = self.person(entities, "person", ctx)
        question = await self.ask_day(entities, ctx, turn, self.asking, person.first_name)
        if question:
            return question
        if "shift" in entities:
            return None
        day = date.fromisoformat(entities["day"])
        on_day = await self.services.shifts.shifts_on(ctx.manager.store_id, day, ctx.tz)
        theirs = [s for s in on_day if s.person_id == person.id and not s.has_started(turn.now)]
        if not theirs:
            return Refusal(say(self.no_shift_text, ctx.language, name=person.name,
                               day=format_long_day(day, ctx.language)))
        if len(theirs) == 1:
            entities["shift"] = theirs[0].id
            return None
        return Question(
            "shift", str(QuestionId.SELECT_SHIFT),
            say("shift_change.which_of_their_shifts", ctx.language, name=person.name,
                count=len(theirs), day=format_on_day(day, ctx.language)),
            options=tuple(shift_option(s, i, ctx.tz, ctx.language) for i, s in enumerate(theirs)),
        )

    async def preview(
        self, entities: dict[str, str], ctx: ChangeContext, turn: EraTurn, memory: TurnMemory
    ) -> ShiftChange:
        """The unassignment, checked by the backend."""
        shift = await self.services.shifts.get_shift(entities["shift"])
        if shift is None:
            raise ConflictError(ErrorCode.SHIFT_NO_LONGER_EXISTS)
        return await self.services.shifts.preview_unassign(
            actor=turn.person, shift=shift, now=turn.now
        )
