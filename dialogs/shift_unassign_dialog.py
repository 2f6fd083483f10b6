"""A manager takes someone off a shift: "unassign Chen from Thursday". The shift becomes open."""

from __future__ import annotations

from typing import ClassVar

from core.errors import ConflictError, ErrorCode
from core.intent import Intent
from core.name_matcher import find_names_in_text
from core.shift_change import ShiftChange, ShiftChangeKind
from core.turn_memory import TurnMemory
from dialogs.employee_choice import store_employees
from dialogs.era_turn import EraTurn
from dialogs.shift_change_dialog import ChangeContext, Question, Refusal, ShiftChangeDialog


class ShiftUnassignDialog(ShiftChangeDialog):
    """Who, which day, which of their shifts; preview; apply."""

    intent = Intent.SHIFT_UNASSIGN
    person_corrections = True
    # How the questions about the person and the day read ("shift_change.who.unassign").
    asking: ClassVar[str] = "unassign"
    no_shift_text: ClassVar[str] = "shift_unassign.no_shift"

    async def takes_over_cancel(self, text: str, turn: EraTurn) -> bool:
        """A manager's "cancel Bob's Saturday shift": a shift of one of their people, named, is
        theirs to take Bob off (with its preview), not the worker's own cancellation."""
        if turn.person.role not in self.allowed_roles:
            return False
        people = await store_employees(self.services.directory, turn.person)
        return bool(find_names_in_text(text, people, language=turn.language))

    async def notify_applied(self, change: ShiftChange, turn: EraTurn) -> None:
        """Tell the person taken off the shift, in their language."""
        if change.kind is ShiftChangeKind.UNASSIGN and change.person_ids:
            await self.tell(change.person_ids[0], "shift_unassign.notice", change, turn)

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
        return await self.ask_their_shift(entities, ctx, turn, person, self.no_shift_text)

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
