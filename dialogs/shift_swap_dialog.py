"""A manager swaps two people's shifts: "swap Alice and Bob Jones on Tuesday".

Both people and the day are resolved once; each person's shift that day is found (ERA asks which
when someone has several); the backend checks that each can work the other's shift; ERA previews
the swap and applies it on "yes".
"""

from __future__ import annotations

from datetime import date

from core.errors import ConflictError
from core.intent import Intent
from core.person import Person
from core.question_id import QuestionId
from core.shift_change import ShiftChange
from core.turn_memory import TurnMemory
from dialogs.era_turn import EraTurn
from dialogs.shift_change_dialog import ChangeContext, Question, Refusal, ShiftChangeDialog
from dialogs.shift_options import shift_option


class ShiftSwapDialog(ShiftChangeDialog):
    """Two people, a day, each one's shift; preview; apply."""

    intent = Intent.SHIFT_SWAP

    async def parse_request(
        self, text: str, ctx: ChangeContext, turn: EraTurn
    ) -> dict[str, str] | Refusal:
        """The two people (in the order named) and the day."""
        mine, elsewhere = await self.people_in_request(text, ctx)
        # People sharing a first name came from one mention ("bob"): that mention is ambiguous.
        mentions: dict[str, list[Person]] = {}
        for person in mine:
            key = person.first_name.casefold()
            if f" {person.name.casefold()} " in f" {text.casefold()} ":
                key = person.name.casefold()
            mentions.setdefault(key, []).append(person)
        groups = list(mentions.values())
        entities: dict[str, str] = {}
        for slot, group in zip(("person_a", "person_b"), groups, strict=False):
            found = self.people_entities(slot, group, [], ctx)
            if isinstance(found, dict):
                entities.update(found)
        if len(groups) < 2 and elsewhere:
            return Refusal(
                f"{elsewhere[0].name} doesn't work in your store, and you can only change "
                "your own store's schedule. Nothing was changed."
            )
        day = await self.day_in_request(text, turn, ctx.tz)
        if day is not None:
            entities["day"] = day.isoformat()
        return entities

    async def next_question(
        self, entities: dict[str, str], ctx: ChangeContext, turn: EraTurn
    ) -> Question | Refusal | None:
        """Ask for each person, the day, and each one's shift when it is not obvious."""
        for slot, what in (("person_a", "should swap"), ("person_b", "should they swap with")):
            question = self.ask_person(slot, entities, ctx, what)
            if question:
                return question
        if entities["person_a"] == entities["person_b"]:
            entities.pop("person_b")
            return self.person_question("person_b", [], "", "should they swap with")
        question = await self.ask_day(entities, ctx, turn, "is the swap for")
        if question:
            return question
        day = date.fromisoformat(entities["day"])
        on_day = await self.services.shifts.shifts_on(ctx.manager.store_id, day, ctx.tz)
        for person_slot, shift_slot in (("person_a", "shift_a"), ("person_b", "shift_b")):
            if shift_slot in entities:
                continue
            person = self.person(entities, person_slot, ctx)
            theirs = [s for s in on_day if s.person_id == person.id and not s.has_started(turn.now)]
            if not theirs:
                return Refusal(f"{person.name} has no upcoming shift on {day:%A %d %B}, so "
                               "there's nothing to swap. Nothing was changed.")
            if len(theirs) == 1:
                entities[shift_slot] = theirs[0].id
                continue
            return Question(
                shift_slot, str(QuestionId.SELECT_SHIFT),
                f"{person.name} has {len(theirs)} shifts on {day:%a %d %b}. Which one?",
                options=tuple(shift_option(s, i, ctx.tz) for i, s in enumerate(theirs)),
            )
        return None

    async def preview(
        self, entities: dict[str, str], ctx: ChangeContext, turn: EraTurn, memory: TurnMemory
    ) -> ShiftChange:
        """The swap, checked by the backend."""
        shift_a = await self.services.shifts.get_shift(entities["shift_a"])
        shift_b = await self.services.shifts.get_shift(entities["shift_b"])
        if shift_a is None or shift_b is None:
            raise ConflictError("One of those shifts no longer exists.")
        return await self.services.shifts.preview_swap(
            actor=turn.person, shift_a=shift_a, shift_b=shift_b, now=turn.now
        )
