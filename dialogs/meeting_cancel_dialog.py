"""Anyone cancels one of their upcoming meetings (design note 001's CANCEL flow).

The meetings are found by the person's directory address, kept to the people and the day the
request names ("cancel my meeting with maria on thursday"); one found is shown and confirmed
once ("I found this meeting: … Do you want to cancel it?"), several are picked from and the
pick is confirmed ("Are you sure you want to cancel this meeting? …", where "yes cancel it" and
"cancel" are a yes); then it is cancelled once through the action ledger, after checking again
that the person confirming is in the meeting, and the calendar tells the other attendees.
"Actually I want to book a new one" at any question switches to booking (the flow base does
that), and this flow offers to resume afterwards.
"""

from __future__ import annotations

from typing import Any

from botbuilder.dialogs import DialogTurnResult, WaterfallStepContext

from core.calendar_event import CalendarEvent
from core.errors import BackendError, NotFoundError, PermissionDeniedError
from core.failure_tracker import FailureCategory
from core.intent import Intent
from core.question_id import QuestionId
from core.reply_interpreter import ReplyIntent
from core.turn_memory import TurnMemory
from core.turn_report import current_report
from dialogs.era_turn import EraTurn
from dialogs.flow_dialog import FlowOutcome
from dialogs.meeting_flow_dialog import MeetingFlowDialog, MeetingStage
from dialogs.reply_prompt import ReplyAnswer
from language.catalogue import say
from language.catalogue_errors import error_text
from language.listed_meeting_words import pointing_words
from language.phrase import Phrase
from state.action_ledger import ActionInProgressError


class MeetingCancelDialog(MeetingFlowDialog):
    """Find, pick, confirm, cancel once."""

    intent = Intent.MEETING_CANCEL
    meeting_question = "meeting_cancel.which"

    async def start(self, step: WaterfallStepContext, options: dict[str, Any]) -> DialogTurnResult:
        """Look the person's meetings up."""
        memory = self.new_requests(await self.new_memory(step.context))
        memory = await self.with_request_filters(memory, str(options.get("text") or ""), step,
                                                 days=True)
        if isinstance(options.get("listed"), list):
            # "cancel the first one" just after a list of meetings: one of those.
            memory = memory.with_data(listed=[str(i) for i in options["listed"]],
                                      listed_text=pointing_words(str(options.get("text") or "")))
        return await self.goto(step, MeetingStage.LOOKUP, memory)

    async def meeting_chosen(
        self, step: WaterfallStepContext, memory: TurnMemory
    ) -> DialogTurnResult:
        """Ask to confirm the cancellation; someone who did not organise the meeting is told
        who did, and nothing is asked."""
        event = CalendarEvent.from_dict(memory.data["event"])
        if not await self.organises(EraTurn.of(step.context).person, event, memory):
            return await self.not_organiser(step, event, "meeting_cancel.not_organiser")
        label = await self.event_phrase(step, event)
        if memory.data.get("found_alone"):
            question = Phrase.of("meeting_cancel.confirm_found_alone", meeting=label)
        else:
            question = Phrase.of("meeting_cancel.confirm", meeting=label)
        return await self.ask_at(
            step, MeetingStage.CONFIRM_CANCEL, memory, str(QuestionId.CONFIRM_CANCEL), question,
            buttons=((Phrase.of("meeting_cancel.yes"), "yes cancel it"),
                     (Phrase.of("meeting_cancel.no"), "no")),
        )

    async def reply(
        self, step: WaterfallStepContext, stage: str, memory: TurnMemory, answer: ReplyAnswer
    ) -> DialogTurnResult:
        """The confirmation here; the rest is shared."""
        if stage != MeetingStage.CONFIRM_CANCEL:
            return await super().reply(step, stage, memory, answer)
        if answer.intent is not ReplyIntent.CONFIRM:
            await step.context.send_activity(say("meeting_cancel.kept", self.language(step)))
            return await self.finish(step, FlowOutcome.CANCELLED)
        event = CalendarEvent.from_dict(memory.data["event"])
        label = await self.event_label(step, event)
        language = self.language(step)
        try:
            await self.cancel_once(step, memory)
        except ActionInProgressError:
            await step.context.send_activity(say("meeting_cancel.in_progress", language))
            return await self.finish(step, FlowOutcome.DONE)
        except BackendError:
            await step.context.send_activity(
                say("meeting_cancel.backend_failed", language, meeting=label)
            )
            return await self.finish(step, FlowOutcome.FAILED)
        except PermissionDeniedError as refusal:
            await step.context.send_activity(say(
                "meeting_cancel.refused_nothing_cancelled", language,
                problem=error_text(refusal, language)))
            return await self.finish(step, FlowOutcome.DONE)
        except NotFoundError as problem:
            report = current_report()
            if report is not None:
                report.failure(FailureCategory.TECHNICAL, f"meeting cancel refused: {problem}")
            await step.context.send_activity(say(
                "meeting_cancel.refused", language, meeting=label,
                problem=error_text(problem, language),
            ))
            return await self.finish(step, FlowOutcome.FAILED)
        await step.context.send_activity(say("meeting_cancel.done", language, meeting=label))
        return await self.finish(step, event_id=event.id)
