"""A manager asks who is free: "who's free Friday afternoon?", "who is available on Friday?",
"who could cover Bob tomorrow?".

The shift meant is Bob's that day, or the store's shift in the part of the day named (ERA asks
which when there are several). The people of the store qualified for its role are listed, each
with why they fit or the limit that stops them (the same check as any assignment), and ERA
offers to give the shift to one of those who fit: Bob's shift through a reassignment, an open
shift through an assignment. Asking changes nothing; only a pick and a "yes" to the preview do.
"""

from __future__ import annotations

from dataclasses import replace
from datetime import date, datetime, timedelta

from core.choice_option import ChoiceOption
from core.intent import Intent
from core.question_id import QuestionId
from core.shift import Shift
from dialogs.era_turn import EraTurn
from dialogs.shift_change_dialog import ChangeContext, Question, Refusal, find_role
from dialogs.shift_options import shift_option
from dialogs.shift_reassign_dialog import (
    ONLY_SHIFT,
    TAKEN_OFF,
    ShiftReassignDialog,
    mention_groups,
)
from dialogs.shift_undo import shift_just_opened
from language.catalogue import say
from language.formatting import format_day, format_long_day

_PART_OF_DAY = timedelta(hours=23)  # a window shorter than this is a part of one day


class WhoIsFreeDialog(ShiftReassignDialog):
    """Which shift, who could cover it and why; then, on a pick, the reassignment's preview."""

    intent = Intent.WHO_IS_FREE
    corrected_day_bound = ShiftReassignDialog.corrected_day_bound | {ONLY_SHIFT}

    async def parse_request(
        self, text: str, ctx: ChangeContext, turn: EraTurn
    ) -> dict[str, str] | Refusal:
        """The person whose shift it is (if named), the day, the part of the day, the role."""
        mine, elsewhere = await self.people_in_request(text, ctx)
        if elsewhere and not mine:
            return Refusal(say("shift_change.not_in_your_store", ctx.language,
                               name=elsewhere[0].name))
        entities: dict[str, str] = {}
        groups = mention_groups(text, mine)
        if groups:
            found = self.people_entities("holder", groups[0], [], ctx)
            if isinstance(found, dict):
                entities.update(found)
        windows = await self.services.time_parser.parse(text, now=turn.now, locale=turn.locale)
        day = await self.day_in_request(text, turn, ctx.tz)
        if day is not None:
            entities["day"] = day.isoformat()
        if windows and windows[0].end - windows[0].start < _PART_OF_DAY:
            entities["from"] = windows[0].start.isoformat()
            entities["until"] = windows[0].end.isoformat()
        role = find_role(text, ctx.roles)
        if role:
            entities["role"] = role
        opened = shift_just_opened(turn.person.id, turn.now) if not entities else None
        shift = await self.services.shifts.get_shift(opened[0]) if opened else None
        if opened and shift is not None and shift.person_id is None \
                and not shift.has_started(turn.now):
            # "who can cover?" right after taking someone off a shift: that shift, now open,
            # and somebody other than the one just taken off it.
            entities["shift"] = shift.id
            entities["day"] = shift.starts_at.astimezone(ctx.tz).date().isoformat()
            if opened[1]:
                entities[TAKEN_OFF] = opened[1]
        return entities

    async def next_question(
        self, entities: dict[str, str], ctx: ChangeContext, turn: EraTurn
    ) -> Question | Refusal | None:
        """Bob's shift, or the store's shift then; who could cover it; who takes it."""
        if "shift" not in entities:
            if "holder" in entities or "holder_choices" in entities:
                question = await self._ask_holders_shift(entities, ctx, turn)
            else:
                question = await self._ask_stores_shift(entities, ctx, turn)
            if question is not None:
                return question
        return await self._ask_taker(entities, ctx, turn)

    async def _ask_stores_shift(
        self, entities: dict[str, str], ctx: ChangeContext, turn: EraTurn
    ) -> Question | Refusal | None:
        """The store's shift on the day (in the part of the day, for the role) meant."""
        question = await self.ask_day(entities, ctx, turn, "free")
        if question:
            return question
        day = date.fromisoformat(entities["day"])
        on_day = [s for s in await self.services.shifts.shifts_on(ctx.manager.store_id, day,
                                                                   ctx.tz)
                  if not s.has_started(turn.now)
                  and ("role" not in entities or s.role == entities["role"])]
        # "Friday afternoon": the shifts starting then, else those running into it.
        shifts = ([s for s in on_day if _in_window(s, entities, starting=True)]
                  or [s for s in on_day if _in_window(s, entities)])
        if not shifts:
            return Refusal(say("shift_cover.no_shifts", ctx.language,
                               day=format_long_day(day, ctx.language)))
        if len(shifts) == 1:
            entities["shift"] = shifts[0].id
            entities[ONLY_SHIFT] = "1"  # nobody named: the answer says it is the one shift
            return None
        names = {p.id: p.name for p in ctx.employees}
        return Question(
            "shift", str(QuestionId.SELECT_SHIFT),
            say("shift_cover.which_shift", ctx.language, day=format_day(day, ctx.language)),
            options=tuple(_held_option(s, i, ctx, names) for i, s in enumerate(shifts)),
        )


def _in_window(shift: Shift, entities: dict[str, str], *, starting: bool = False) -> bool:
    """Whether the shift starts in (or, not `starting`, overlaps) the part of the day asked
    about; any shift when none was."""
    if "from" not in entities:
        return True
    start = datetime.fromisoformat(entities["from"])
    end = datetime.fromisoformat(entities["until"])
    if starting:
        return start <= shift.starts_at < end
    return shift.overlaps(start, end)


def _held_option(shift: Shift, index: int, ctx: ChangeContext,
                 names: dict[str, str]) -> ChoiceOption:
    """A shift of the store as an option, with who holds it ("…, Bob Smith" or "…, open")."""
    option = shift_option(shift, index, ctx.tz, ctx.language)
    holder = names.get(shift.person_id or "") or say("shift_cover.open", ctx.language)
    return replace(option, label=f"{option.label} — {holder}")
