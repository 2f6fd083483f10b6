"""The LLM command path of shift cancellation (design note 000), when an LLM is configured.

The LLM reads the worker's words and proposes commands (`<GETSHIFTS>`, `<CONFIRM_CANCEL>`,
`<REASON>`, or the same as tool calls). The server runs each one only if it is valid against
what it offered in this conversation (an option id it listed, a reason the worker actually
gave), reports the result back in a SYSTEM message, and lets the LLM continue — a bounded loop
of at most four LLM calls per turn, never recursion. A choice counts only among shifts the
worker has seen (or the one shift found), and a reason only when it is the worker's own message
written after the server showed the chosen shift, so no chain reaches the cancellation in the
turn where the shift is found. The model's prose never reaches the user: the dialog says what
the server found in its own words. The conversation with the LLM is kept in turn memory,
bounded.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from datetime import datetime, timedelta
from enum import StrEnum
from zoneinfo import ZoneInfo

from core.cancel_command import CancelCommand, CommandKind, parse_commands
from core.choice_option import ChoiceOption
from core.errors import BackendError
from core.failure_tracker import FailureCategory
from core.llm_client import ChatMessage, MessageRole, ToolSpec
from core.person import Person
from core.question_id import QuestionId
from core.reply_interpreter import ReplyIntent, hedges_or_negates, interpret_reply
from core.turn_memory import TurnMemory
from core.turn_report import current_report
from dialogs.flow_services import FlowServices
from dialogs.shift_options import describe_windows, shift_option, shifts_in_windows
from language.cancel_reason import ReasonVerdict, judge_reason

logger = logging.getLogger(__name__)

MAX_DEPTH = 4
HISTORY_LIMIT = 16
LOOK_AHEAD = timedelta(days=7)
_READ_CHARS = 20_000  # of a model answer; the rest of a runaway answer is not read
_KEPT_CHARS = 1_000  # of each message kept in the conversation history

TOOLS = (
    ToolSpec("get_shifts", "Look up the worker's upcoming shifts matching their words.",
             {"type": "object", "properties": {"query": {"type": "string"}}}),
    ToolSpec("confirm_cancel", "The worker chose this shift (an option id the server listed).",
             {"type": "object", "properties": {"shift_id": {"type": "string"}},
              "required": ["shift_id"]}),
    ToolSpec("give_reason", "The worker's reason for cancelling, in their words.",
             {"type": "object", "properties": {"reason": {"type": "string"}},
              "required": ["reason"]}),
)


class Next(StrEnum):
    """What the dialog does after the LLM's turn."""

    SELECT = "select"  # ask which of the offered shifts
    REASON = "reason"  # a shift is chosen: ask why
    CANCEL = "cancel"  # chosen and reason given: cancel now
    INVALID = "invalid"  # the LLM proposed something the server did not offer: ask again
    GIVE_UP = "give_up"  # nothing to offer (no shifts, or the LLM went round in circles)


@dataclass(frozen=True)
class ConversationStep:
    """The outcome of one user message: what next, the LLM's visible text, the memory, and
    the reason when cancelling."""

    next: Next
    text: str
    memory: TurnMemory
    reason: str = ""


class ShiftCancelConversation:
    """Runs the LLM's proposed commands against server state."""

    def __init__(self, *, services: FlowServices, prompt: str) -> None:
        if services.llm is None:
            raise ValueError("the LLM command path needs an LLM client")
        self._services = services
        self._llm = services.llm
        self._prompt = prompt

    async def respond(
        self, memory: TurnMemory, user_text: str, *, worker: Person, now: datetime,
        locale: str | None, tz: ZoneInfo, language: str | None = None, pressed: bool = False,
    ) -> ConversationStep:
        """Let the LLM handle one user message, executing only valid commands; the options
        and what was searched are labelled in `language` (the person's) for the dialog to show.
        A `pressed` button's reply is ERA's wording: never the worker's reason.

        Raises BackendError when the model's answer cannot be read (a tool call with invalid
        arguments or an unknown name and nothing else), reported once as a technical failure.
        """
        turn = int(memory.data.get("turn", 0)) + 1
        memory = memory.with_data(turn=turn)
        history: list[dict[str, str]] = list(memory.data.get("llm", []))
        history.append({"role": "user", "content": user_text[:_KEPT_CHARS]})
        today = now.astimezone(tz)
        messages = [
            ChatMessage.system(self._prompt),
            ChatMessage.system(f"Today is {today:%A %d %B %Y}, {today:%H:%M} in the store's "
                               f"time zone. The worker is {worker.name}."),
            *(ChatMessage(MessageRole(m["role"]), m["content"]) for m in history),
        ]
        for depth in range(1, MAX_DEPTH + 1):
            reply = await self._llm.complete(messages, tools=TOOLS)
            parsed = parse_commands(reply.content[:_READ_CHARS], reply.tool_calls)
            if parsed.unreadable and not parsed.commands:
                _report_unreadable(parsed.unreadable)
                raise BackendError("llm", "the model's answer could not be read")
            said_text = (parsed.visible_text or " ".join(
                f"<{c.kind}>{c.argument}" for c in parsed.commands))[:_KEPT_CHARS]
            messages.append(ChatMessage.assistant(said_text))
            history.append({"role": "assistant", "content": said_text})
            memory = memory.with_data(llm=history[-HISTORY_LIMIT:])
            if not parsed.commands:
                return self._pause(memory)
            command = parsed.commands[0]
            logger.info("LLM proposed %s (depth %d)", command.kind, depth)
            if command.kind is CommandKind.GET_SHIFTS:
                memory, note = await self._get_shifts(memory, command, user_text, worker, now,
                                                      locale, tz, language or "en")
                memory = memory.with_data(options_turn=turn)
            elif command.kind is CommandKind.CONFIRM_CANCEL:
                refusal = self._refuse_choice(memory, command.argument, user_text, turn, locale)
                if refusal is not None:
                    logger.warning("LLM choice not taken: %s", refusal)
                    return ConversationStep(refusal, "", memory)
                option = memory.option(command.argument)
                assert option is not None
                memory = memory.with_data(chosen=option.value, chosen_turn=turn)
                note = (f"The worker chose {option.option_id}: {option.label}. The server will "
                        "show it to the worker and ask for the reason itself.")
            else:
                reason = None if pressed else self._worker_reason(memory, user_text, turn,
                                                                  locale)
                if reason is None:
                    logger.warning("LLM proposed a reason the worker did not give after seeing "
                                   "the shift; not done")
                    return self._pause(memory)
                return ConversationStep(Next.CANCEL, "", memory, reason)
            messages.append(ChatMessage.system(note))
            history.append({"role": "system", "content": note})
            memory = memory.with_data(llm=history[-HISTORY_LIMIT:])
        logger.warning("LLM command chain reached the depth limit (%d)", MAX_DEPTH)
        return self._pause(memory)

    @staticmethod
    def _refuse_choice(
        memory: TurnMemory, option_id: str, user_text: str, turn: int, locale: str | None
    ) -> Next | None:
        """Why the model's choice is not taken, or None: the id must be one the server
        offered; several shifts found in this very turn have not been seen, so the worker
        chooses; at a list already shown, a reply the interpreter read as something else (a
        hedge, a negation, another option, a no) decides, not the model."""
        option = memory.option(option_id)
        if option is None:
            return Next.INVALID
        if int(memory.data.get("options_turn", 0)) == turn:
            return Next.SELECT if len(memory.options) > 1 else None
        read = interpret_reply(user_text, str(QuestionId.SELECT_SHIFT), memory.options, locale)
        if read.intent is ReplyIntent.SELECT:
            return None if read.option_id == option.option_id else Next.INVALID
        if read.intent is ReplyIntent.REJECT or read.narrowed_to:
            return Next.INVALID
        return Next.INVALID if hedges_or_negates(user_text, locale) else None

    @staticmethod
    def _worker_reason(
        memory: TurnMemory, user_text: str, turn: int, locale: str | None
    ) -> str | None:
        """The reason that may cancel: this message of the worker's, written after the server
        showed the chosen shift (an earlier turn), when it is a reason in their own words; or
        the reason they gave first, when this message confirms it."""
        if "chosen" not in memory.data or int(memory.data.get("chosen_turn", turn)) >= turn:
            return None
        verdict = judge_reason(user_text, locale=locale)
        if verdict is ReasonVerdict.REASON:
            return user_text.strip()[:_KEPT_CHARS]
        given = memory.data.get("given_reason")
        confirmed = interpret_reply(user_text, str(QuestionId.CONFIRM_CANCEL), (), locale)
        if given and confirmed.intent is ReplyIntent.CONFIRM:
            return str(given)
        return None

    @staticmethod
    def _pause(memory: TurnMemory) -> ConversationStep:
        """The next step from server state alone; the model's prose is not shown."""
        if "chosen" in memory.data:
            return ConversationStep(Next.REASON, "", memory)
        if memory.options:
            return ConversationStep(Next.SELECT, "", memory)
        return ConversationStep(Next.GIVE_UP, "", memory)

    async def _get_shifts(
        self, memory: TurnMemory, command: CancelCommand, user_text: str, worker: Person,
        now: datetime, locale: str | None, tz: ZoneInfo, language: str,
    ) -> tuple[TurnMemory, str]:
        parser = self._services.time_parser
        windows = await parser.parse(command.argument, now=now, locale=locale)
        if not windows and command.argument:
            windows = await parser.parse(user_text, now=now, locale=locale)
        shifts = await shifts_in_windows(
            self._services.shifts, worker.id, windows, now=now, horizon=LOOK_AHEAD
        )
        options: tuple[ChoiceOption, ...] = tuple(
            shift_option(s, i, tz, language) for i, s in enumerate(shifts)
        )
        named = describe_windows(windows, tz, language) if windows else ""
        searched = named or "in the next seven days"
        memory = memory.asking(str(QuestionId.SELECT_SHIFT), "", now, options).with_data(
            shifts={s.id: s.to_dict() for s in shifts}, searched=named
        )
        if not options:
            return memory, f"Found 0 shifts {searched}. Tell the worker and ask for another day."
        listed = "; ".join(f"{o.option_id}: {o.label}" for o in options)
        return memory, (f"Found {len(options)} shift(s) {searched}: {listed}. Only these option "
                        "ids are valid.")



def _report_unreadable(names: tuple[str, ...]) -> None:
    """Count an unreadable model answer once, as a technical failure of the LLM backend."""
    report = current_report()
    if report is not None:
        report.failure(FailureCategory.TECHNICAL,
                       f"llm: unreadable tool calls ({', '.join(names[:3])})")
