"""A manager takes someone off a shift: "unassign Chen from Thursday". The shift becomes open."""

from __future__ import annotations

import logging
from datetime import date, timedelta
from typing import ClassVar

from botbuilder.dialogs import Dialog, DialogContext, DialogReason, DialogTurnResult

from core.errors import BackendError, ConflictError, ErrorCode
from core.intent import Intent
from core.name_matcher import find_names_in_text, spell_script_names
from core.person import Person
from core.question_id import QuestionId
from core.shift import Shift
from core.shift_change import ShiftChange, ShiftChangeKind
from core.turn_memory import TurnMemory
from dialogs.employee_choice import store_employees
from dialogs.era_turn import EraTurn
from dialogs.flow_dialog import flow_dialog_id
from dialogs.shift_change_dialog import ChangeContext, Question, Refusal, ShiftChangeDialog
from dialogs.shift_options import shift_option
from language.catalogue import say
from language.cover_suggestion import suggested_taker
from language.formatting import format_day

logger = logging.getLogger(__name__)

# A request about who takes the shift, said at the preview of taking someone off it.
_COVER_INTENTS = frozenset({Intent.WHO_IS_FREE, Intent.SHIFT_REASSIGN})


class ShiftUnassignDialog(ShiftChangeDialog):
    """Who, which day, which of their shifts; preview; apply."""

    intent = Intent.SHIFT_UNASSIGN
    person_corrections = True
    # How the questions about the person and the day read ("shift_change.who.unassign").
    asking: ClassVar[str] = "unassign"
    no_shift_text: ClassVar[str] = "shift_unassign.no_shift"
    denied_message_id = "flow.shift_change.denied_unassign_ask_manager"

    async def on_continue_dialog(self, inner_dc: DialogContext) -> DialogTurnResult:
        """"give it to alice instead", "can alice take it?", "dáselo a Alice" at the preview
        of taking Chen off Thursday: Chen's shift goes to Alice instead, previewed for its own
        yes (on top of this preview, which is offered back only if Chen still has the shift
        afterwards); else as any shift change."""
        settled = await self.settled_for(inner_dc, Intent.SHIFT_REASSIGN)
        text = inner_dc.context.activity.text or ""
        if settled is not None and text and inner_dc.parent is not None:
            turn = EraTurn.of(inner_dc.context)
            ctx = await self._context(turn)
            others = [p for p in ctx.employees if p.id != settled["holder"]]
            taker = suggested_taker(spell_script_names(text, ctx.employees),
                                    [(p.name, p.first_name) for p in others], turn.language)
            if taker is not None:
                await inner_dc.parent.begin_dialog(
                    flow_dialog_id(Intent.SHIFT_REASSIGN),
                    {"entities": {**settled, "person": others[taker].id}, "parsed": True})
                return Dialog.end_of_turn
        return await super().on_continue_dialog(inner_dc)

    async def settled_for(self, inner_dc: DialogContext, intent: Intent) -> dict[str, str] | None:
        """At the preview, who could cover the shift or who takes it ("who will cover it?") is
        about the previewed shift: its holder, day and shift."""
        if intent not in _COVER_INTENTS \
                or self.current_question(inner_dc) != QuestionId.CONFIRM_PREVIEW:
            return None
        entities = self._previewed_entities(inner_dc)
        if not all(entities.get(key) for key in ("person", "day", "shift")):
            return None
        return {"holder": entities["person"], "day": entities["day"], "shift": entities["shift"]}

    async def resume_dialog(
        self, dialog_context: DialogContext, reason: DialogReason, result: object = None
    ) -> DialogTurnResult:
        """Back from a request said on top of the preview: when the shift changed holder
        meanwhile (it went to Alice), there is nobody left to take off it, so nothing is
        offered back."""
        inner_dc = DialogContext(self._dialogs, dialog_context.context,
                                 dialog_context.active_dialog.state[self.persisted_dialog_state])
        entities = self._previewed_entities(inner_dc)
        if entities.get("shift") and entities.get("person"):
            try:
                shift = await self.services.shifts.get_shift(entities["shift"])
            except BackendError:
                # The schedule cannot be read now: the preview is offered back as usual, and
                # applying it checks the shift again.
                logger.warning("resume: the previewed shift could not be read", exc_info=True)
                return await super().resume_dialog(dialog_context, reason, result)
            if shift is None or shift.person_id != entities["person"]:
                await self.clear_memory(dialog_context.context)
                return await dialog_context.end_dialog(result)
        return await super().resume_dialog(dialog_context, reason, result)

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
        """The person and the day, or the days of a week said ("this week", "next week")."""
        entities = await self.person_and_day(text, ctx, turn)
        if isinstance(entities, Refusal):
            return entities
        days = await self.days_in_request(text, turn, ctx.tz)
        if days is not None:
            # "take Luca off the shifts this week": his shifts that week, not its first day's.
            entities.pop("day", None)
            entities["days"] = "/".join(day.isoformat() for day in days)
        return entities

    async def next_question(
        self, entities: dict[str, str], ctx: ChangeContext, turn: EraTurn
    ) -> Question | Refusal | None:
        """Ask for the person, the day, and which shift when they have several that day."""
        question = self.ask_person("person", entities, ctx, self.asking)
        if question:
            return question
        person = self.person(entities, "person", ctx)
        if "days" in entities and "day" not in entities and "shift" not in entities:
            found = await self._shift_on_days(entities, ctx, turn, person)
            if found is not None:
                return found
        question = await self.ask_day(entities, ctx, turn, self.asking, person.first_name)
        if question:
            return question
        if "shift" in entities:
            return None
        return await self.ask_their_shift(entities, ctx, turn, person, self.no_shift_text)

    async def _shift_on_days(
        self, entities: dict[str, str], ctx: ChangeContext, turn: EraTurn, person: Person
    ) -> Question | Refusal | None:
        """`person`'s shift in the days of `entities["days"]` ("first/last", ISO) into
        `entities["shift"]` (and its day into `entities["day"]`) when there is one; which one
        when there are several; a refusal naming the days when there is none."""
        first, last = (date.fromisoformat(day) for day in entities["days"].split("/"))
        day = max(first, turn.now.astimezone(ctx.tz).date())
        theirs: list[Shift] = []
        while day <= last:
            theirs.extend(s for s in await self.services.shifts.shifts_on(
                ctx.manager.store_id, day, ctx.tz)
                if s.person_id == person.id and not s.has_started(turn.now))
            day += timedelta(days=1)
        when = say("window.between_days", ctx.language, first=format_day(first, ctx.language),
                   last=format_day(last, ctx.language))
        if not theirs:
            return Refusal(say("shift_unassign.no_shift_on_days", ctx.language,
                               name=person.name, days=when))
        entities["day"] = theirs[0].starts_at.astimezone(ctx.tz).date().isoformat()
        if len(theirs) == 1:
            entities["shift"] = theirs[0].id
            return None
        return Question(
            "shift", str(QuestionId.SELECT_SHIFT),
            say("shift_unassign.which_on_days", ctx.language, name=person.name, days=when),
            options=tuple(shift_option(s, i, ctx.tz, ctx.language)
                          for i, s in enumerate(theirs)),
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
