"""A manager swaps two people's shifts: "swap Alice and Bob Jones on Tuesday".

Both people and the day are resolved once; each person's shift that day is found (ERA asks which
when someone has several); the backend checks that each can work the other's shift; ERA previews
the swap and applies it on "yes".
"""

from __future__ import annotations

from datetime import date

from core.errors import ConflictError, ErrorCode
from core.intent import Intent
from core.name_matcher import match_people, spell_script_names
from core.question_id import QuestionId
from core.shift_change import ShiftChange, ShiftChangeKind
from core.turn_memory import TurnMemory
from dialogs.employee_choice import full_name
from dialogs.era_turn import EraTurn
from dialogs.shift_change_dialog import (
    ChangeContext,
    Question,
    Refusal,
    ShiftChangeDialog,
    mention_groups,
)
from dialogs.shift_options import shift_option, shift_phrase
from language import phrase
from language.catalogue import say
from language.formatting import format_long_day
from language.phrase import Phrase


class ShiftSwapDialog(ShiftChangeDialog):
    """Two people, a day, each one's shift; preview; apply."""

    intent = Intent.SHIFT_SWAP
    person_slots = ("person_a", "person_b")

    async def notify_applied(self, change: ShiftChange, turn: EraTurn) -> None:
        """Tell each of the two the shift they now work in the other's place, in their own
        language (neither would otherwise know their shift changed)."""
        if change.kind is not ShiftChangeKind.SWAP or len(change.person_ids) != 2:
            return
        person_a, person_b = change.person_ids
        await self.tell(person_a, "shift_swap.notice", change, turn,
                        shifts={"shift": "shift_a", "target": "shift_b"},
                        person=str(change.facts.get("person_b", "")))
        await self.tell(person_b, "shift_swap.notice", change, turn,
                        shifts={"shift": "shift_b", "target": "shift_a"},
                        person=str(change.facts.get("person_a", "")))

    async def parse_request(
        self, text: str, ctx: ChangeContext, turn: EraTurn
    ) -> dict[str, str] | Refusal:
        """The two people (in the order named) and the day."""
        request = text
        # Names written in kana or Chinese characters, spelled as the directory does, so a
        # full name keeps its mention ("鲍勃·琼斯" is that Bob, not every Bob).
        text = spell_script_names(text, ctx.employees)
        mine, elsewhere = await self.people_in_request(text, ctx)
        # People sharing a first name came from one mention ("bob"): that mention is ambiguous.
        groups = mention_groups(text, mine)
        entities: dict[str, str] = {}
        for slot, group in zip(("person_a", "person_b"), groups, strict=False):
            found = self.people_entities(slot, group, [], ctx)
            if isinstance(found, dict):
                entities.update(found)
        if len(groups) < 2 and elsewhere:
            return Refusal(say("shift_change.not_in_your_store", ctx.language,
                               name=elsewhere[0].name))
        if len(groups) < 2:
            # "swap John Doe and alice": a name that is no one here is said back when ERA asks
            # for the person it should have been.
            # A name that matches no one found in the request ("Bbo Smith", whose "Smith"
            # alone is Bob Smith) is no one either: said back, never dropped.
            slots = turn.understood(request).slots
            found = {person.id for group in groups for person in group}
            unknown = [full_name(request, slots[key], before=True)
                       for key in ("person", "other_person")
                       if slots.get(key) and not any(
                           person.id in found for person in match_people(
                               slots[key], ctx.employees, language=ctx.language))]
            open_slots = [slot for slot in ("person_a", "person_b")
                          if slot not in entities and f"{slot}_choices" not in entities]
            for slot, name in zip(open_slots, unknown, strict=False):
                entities[f"{slot}_named"] = name
        two = await self.two_days_in_request(text, turn, ctx.tz) if len(groups) == 2 else None
        if two is not None:
            # "Alice's shift on Tuesday with Chen's on Thursday": each person's own day, in
            # the order both were said (the preview shows both shifts before anything moves).
            entities["day"], entities["day_b"] = two[0].isoformat(), two[1].isoformat()
            return entities
        day = await self.day_in_request(text, turn, ctx.tz)
        if day is not None:
            entities["day"] = day.isoformat()
        return entities

    async def next_question(
        self, entities: dict[str, str], ctx: ChangeContext, turn: EraTurn
    ) -> Question | Refusal | None:
        """Ask for each person, the day, and each one's shift when it is not obvious."""
        if "person_a_answer" in entities:
            await self._both_from_answer(entities, ctx)
        for slot, what in (("person_a", "swap_first"), ("person_b", "swap_second")):
            question = self.ask_person(slot, entities, ctx, what)
            if question:
                return question
        if entities["person_a"] == entities["person_b"]:
            entities.pop("person_b")
            return self.person_question("person_b", [], "", "swap_second", ctx.language)
        question = await self.ask_day(entities, ctx, turn, "swap")
        if question:
            return question
        for person_slot, shift_slot in (("person_a", "shift_a"), ("person_b", "shift_b")):
            if shift_slot in entities:
                continue
            # Each person's shift on their own day when two were named, else on the one day.
            day = date.fromisoformat(entities["day_b"] if shift_slot == "shift_b"
                                     and "day_b" in entities else entities["day"])
            on_day = await self.services.shifts.shifts_on(ctx.manager.store_id, day, ctx.tz)
            person = self.person(entities, person_slot, ctx)
            theirs = [s for s in on_day if s.person_id == person.id and not s.has_started(turn.now)]
            if not theirs:
                return Refusal(say("shift_swap.no_shift", ctx.language, name=person.name,
                                   day=format_long_day(day, ctx.language)))
            if len(theirs) == 1:
                entities[shift_slot] = theirs[0].id
                continue
            options = tuple(shift_option(s, i, ctx.tz, ctx.language)
                            for i, s in enumerate(theirs))
            return Question(
                shift_slot, str(QuestionId.SELECT_SHIFT),
                Phrase.of("shift_change.which_of_their_shifts", name=person.name,
                          count=len(theirs), day=phrase.on_day(day)),
                options=options,
                labels={o.option_id: shift_phrase(s, ctx.tz)
                        for o, s in zip(options, theirs, strict=True)},
            )
        return None

    async def _both_from_answer(self, entities: dict[str, str], ctx: ChangeContext) -> None:
        """"luca and sophie" at "who should swap?" names both people, as the request would."""
        answer = entities["person_a_answer"]
        mine, _ = await self.people_in_request(answer, ctx)
        groups = mention_groups(answer, mine)
        if len(groups) < 2:
            return
        entities.pop("person_a_answer")
        for slot, group in zip(("person_a", "person_b"), groups, strict=False):
            found = self.people_entities(slot, group, [], ctx)
            if isinstance(found, dict):
                entities.update(found)

    async def preview(
        self, entities: dict[str, str], ctx: ChangeContext, turn: EraTurn, memory: TurnMemory
    ) -> ShiftChange:
        """The swap, checked by the backend."""
        shift_a = await self.services.shifts.get_shift(entities["shift_a"])
        shift_b = await self.services.shifts.get_shift(entities["shift_b"])
        if shift_a is None or shift_b is None:
            raise ConflictError(ErrorCode.SHIFT_NO_LONGER_EXISTS)
        return await self.services.shifts.preview_swap(
            actor=turn.person, shift_a=shift_a, shift_b=shift_b, now=turn.now
        )
