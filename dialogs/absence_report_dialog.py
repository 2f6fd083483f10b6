"""A manager says one of their people cannot come in: "Bob can't come in on Friday".

This is the unassign flow told from the absence: the person, the day and the shift are resolved
as there (which Bob? which day? which of his shifts?), ERA says which shift that is and shows the
unassign preview; nothing changes before the manager's yes. Once the shift is open, ERA names
who could cover it (qualified and free then) and offers to assign one of them, which the assign
flow does with its own preview and confirmation.
"""

from __future__ import annotations

from typing import Any, ClassVar

from botbuilder.dialogs import DialogTurnResult, WaterfallDialog, WaterfallStepContext

from core.choice_option import ChoiceOption
from core.intent import Intent
from core.question_id import QuestionId
from core.shift_change import ShiftChange
from core.turn_memory import TurnMemory
from dialogs.dialog_ids import flow_dialog_id
from dialogs.era_turn import EraTurn
from dialogs.flow_services import FlowServices
from dialogs.reply_prompt import AnswerStatus, ReplyAnswer
from dialogs.shift_change_dialog import ChangeContext
from dialogs.shift_cover import who_could_cover
from dialogs.shift_unassign_dialog import ShiftUnassignDialog
from language import phrase
from language.catalogue import say
from language.formatting import format_list
from language.phrase import Phrase, Sayable

COVER_STEPS = "flow.absence_report.cover"
MAX_COVER_OPTIONS = 5  # the names offered as buttons; a card holds five comfortably
NOBODY_FREE = "shift_cancel.nobody_free"
OFFER_ONE = "absence_report.offer_cover_one"
OFFER_SEVERAL = "absence_report.offer_cover"


class AbsenceReportDialog(ShiftUnassignDialog):
    """Whose shift, which day; what it is; take them off it (preview, yes); who could cover."""

    intent = Intent.ABSENCE_REPORT
    asking: ClassVar[str] = "absence"
    no_shift_text: ClassVar[str] = "absence_report.no_shift"

    def __init__(self, *, services: FlowServices) -> None:
        super().__init__(services=services)
        self.add_dialog(
            WaterfallDialog(
                COVER_STEPS, [self._offer_cover_step, self._cover_answer_step, self._end_step]
            )
        )

    async def preview_text(
        self, change: ShiftChange, entities: dict[str, str], ctx: ChangeContext, turn: EraTurn
    ) -> str | Sayable:
        """ "Bob is on Friday's Morning shift, 09:00-17:00." and the unassign preview, as a
        phrase: a reply in another language has it asked again in that language, as the
        other previews are."""
        preview = await super().preview_text(change, entities, ctx, turn)
        shift = await self.services.shifts.get_shift(entities["shift"])
        if shift is None:
            return preview
        person = self.person(entities, "person", ctx)
        start, end = shift.starts_at.astimezone(ctx.tz), shift.ends_at.astimezone(ctx.tz)
        on_shift = Phrase.of(
            "absence_report.on_shift",
            name=person.first_name,
            weekday=phrase.weekday(start.weekday()),
            shift=phrase.term(shift.label or shift.role),
            start=f"{start:%H:%M}",
            end=f"{end:%H:%M}",
        )
        return Phrase.of("absence_report.preview", on_shift=on_shift, preview=preview)

    async def after_apply(
        self, step: WaterfallStepContext, change: ShiftChange, memory: TurnMemory
    ) -> DialogTurnResult:
        """The shift is open now: go on to who could cover it."""
        return await step.replace_dialog(
            COVER_STEPS, {"shift": change.shift_ids[0], "absent": change.person_ids[0]}
        )

    async def _offer_cover_step(self, step: WaterfallStepContext) -> DialogTurnResult:
        turn = EraTurn.of(step.context)
        options: dict[str, Any] = dict(step.options or {})
        shift = await self.services.shifts.get_shift(str(options["shift"]))
        if shift is None:
            return await self.finish(step)
        tz = await self.store_zone(turn.person)
        cover = await who_could_cover(
            self.services, shift=shift, absent_id=str(options["absent"]), now=turn.now
        )
        if cover is None:
            return await self.finish(step)
        if not cover:
            await step.context.send_activity(say(NOBODY_FREE, turn.language))
            return await self.finish(step)
        offered = cover[:MAX_COVER_OPTIONS]
        step.values["cover"] = {
            "person": "",
            "day": shift.starts_at.astimezone(tz).date().isoformat(),
            "role": shift.role,
            "offered_shift": shift.id,
        }
        memory = (await self.load_memory(step.context)).memory or await self.new_memory(
            step.context
        )
        return await self.ask(
            step,
            memory,
            str(QuestionId.SELECT_EMPLOYEE),
            say(
                OFFER_ONE if len(offered) == 1 else OFFER_SEVERAL,
                turn.language,
                names=format_list([p.name for p in offered], turn.language, "or"),
            ),
            options=tuple(
                ChoiceOption(option_id=f"opt_{i + 1}", index=i, label=p.name, value=p.id)
                for i, p in enumerate(offered)
            ),
        )

    async def _cover_answer_step(self, step: WaterfallStepContext) -> DialogTurnResult:
        answer: ReplyAnswer = step.result
        turn = EraTurn.of(step.context)
        if answer.status is AnswerStatus.EXPIRED:
            return await self.end_expired(step)
        if answer.option is None:
            await step.context.send_activity(say("absence_report.left_open", turn.language))
            return await self.finish(step)
        entities = {**step.values["cover"], "person": answer.option.value}
        return await step.begin_dialog(
            flow_dialog_id(Intent.SHIFT_ASSIGN), {"entities": entities, "parsed": True}
        )

    async def _end_step(self, step: WaterfallStepContext) -> DialogTurnResult:
        """The assign flow has ended (it said how): so does this one."""
        return await self.finish(step)
