"""The LLM command path of shift cancellation (design note 000), when an LLM is configured.

The LLM reads the worker's words and proposes commands (`<GETSHIFTS>`, `<CONFIRM_CANCEL>`,
`<REASON>`, or the same as tool calls). The server runs each one only if it is valid against
what it offered in this conversation (an option id it listed, a reason the worker actually
gave), reports the result back in a SYSTEM message, and lets the LLM continue — a bounded loop
of at most four LLM calls per turn, never recursion. The LLM's prose reaches the user with every
command and tag stripped. The conversation with the LLM is kept in turn memory, bounded.
"""

from __future__ import annotations

import logging
import unicodedata
from dataclasses import dataclass
from datetime import datetime, timedelta
from enum import StrEnum
from typing import Any
from zoneinfo import ZoneInfo

from core.cancel_command import CancelCommand, CommandKind, parse_commands
from core.choice_option import ChoiceOption
from core.llm_client import ChatMessage, MessageRole, ToolSpec
from core.person import Person
from core.question_id import QuestionId
from core.turn_memory import TurnMemory
from dialogs.flow_services import FlowServices
from dialogs.shift_options import describe_windows, shift_option, shifts_in_windows

logger = logging.getLogger(__name__)

MAX_DEPTH = 4
HISTORY_LIMIT = 16
LOOK_AHEAD = timedelta(days=7)

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
        locale: str | None, tz: ZoneInfo,
    ) -> ConversationStep:
        """Let the LLM handle one user message, executing only valid commands."""
        history: list[dict[str, str]] = list(memory.data.get("llm", []))
        said = [*memory.data.get("said", []), user_text][-6:]
        history.append({"role": "user", "content": user_text})
        today = now.astimezone(tz)
        messages = [
            ChatMessage.system(self._prompt),
            ChatMessage.system(f"Today is {today:%A %d %B %Y}, {today:%H:%M} in the store's "
                               f"time zone. The worker is {worker.name}."),
            *(ChatMessage(MessageRole(m["role"]), m["content"]) for m in history),
        ]
        # Several shifts found in this very turn have not been seen by the worker yet: the LLM
        # may not pick one for them (design note: several matches ask which one).
        unseen_choices = False
        for depth in range(1, MAX_DEPTH + 1):
            reply = await self._llm.complete(messages, tools=TOOLS)
            parsed = parse_commands(reply.content, reply.tool_calls)
            said_text = reply.content or " ".join(
                f"<{c.kind}>{c.argument}" for c in parsed.commands)
            messages.append(ChatMessage.assistant(said_text))
            history.append({"role": "assistant", "content": said_text})
            memory = memory.with_data(llm=history[-HISTORY_LIMIT:], said=said)
            if not parsed.commands:
                return self._pause(memory, parsed.visible_text)
            command = parsed.commands[0]
            logger.info("LLM proposed %s (depth %d)", command.kind, depth)
            if command.kind is CommandKind.GET_SHIFTS:
                memory, note = await self._get_shifts(memory, command, user_text, worker, now,
                                                      locale, tz)
                unseen_choices = len(memory.options) > 1
            elif command.kind is CommandKind.CONFIRM_CANCEL and unseen_choices:
                logger.warning("LLM chose among shifts the worker has not seen; asking instead")
                return ConversationStep(Next.SELECT, "", memory)
            elif command.kind is CommandKind.CONFIRM_CANCEL:
                option = memory.option(command.argument)
                if option is None:
                    logger.warning("LLM proposed a shift the server did not offer; not done")
                    return ConversationStep(Next.INVALID, parsed.visible_text, memory)
                memory = memory.with_data(chosen=option.value)
                note = (f"The worker chose {option.option_id}: {option.label}. Now ask the "
                        "worker for the reason for cancelling (unless they already gave it).")
            else:
                if "chosen" not in memory.data or not _said_by_worker(command.argument, said):
                    logger.warning("LLM proposed a reason without a chosen shift or not given "
                                   "by the worker; not done")
                    return ConversationStep(Next.INVALID, parsed.visible_text, memory)
                return ConversationStep(Next.CANCEL, parsed.visible_text, memory,
                                        command.argument.strip())
            messages.append(ChatMessage.system(note))
            history.append({"role": "system", "content": note})
            memory = memory.with_data(llm=history[-HISTORY_LIMIT:])
        logger.warning("LLM command chain reached the depth limit (%d)", MAX_DEPTH)
        return self._pause(memory, "")

    @staticmethod
    def _pause(memory: TurnMemory, text: str) -> ConversationStep:
        if "chosen" in memory.data:
            return ConversationStep(Next.REASON, text, memory)
        if memory.options:
            return ConversationStep(Next.SELECT, text, memory)
        return ConversationStep(Next.GIVE_UP, text, memory)

    async def _get_shifts(
        self, memory: TurnMemory, command: CancelCommand, user_text: str, worker: Person,
        now: datetime, locale: str | None, tz: ZoneInfo,
    ) -> tuple[TurnMemory, str]:
        parser = self._services.time_parser
        windows = await parser.parse(command.argument, now=now, locale=locale)
        if not windows and command.argument:
            windows = await parser.parse(user_text, now=now, locale=locale)
        shifts = await shifts_in_windows(
            self._services.shifts, worker.id, windows, now=now, horizon=LOOK_AHEAD
        )
        options: tuple[ChoiceOption, ...] = tuple(
            shift_option(s, i, tz) for i, s in enumerate(shifts)
        )
        searched = describe_windows(windows, tz) if windows else "in the next seven days"
        memory = memory.asking(str(QuestionId.SELECT_SHIFT), "", now, options).with_data(
            shifts={s.id: s.to_dict() for s in shifts}, searched=searched
        )
        if not options:
            return memory, f"Found 0 shifts {searched}. Tell the worker and ask for another day."
        listed = "; ".join(f"{o.option_id}: {o.label}" for o in options)
        return memory, (f"Found {len(options)} shift(s) {searched}: {listed}. Only these option "
                        "ids are valid.")


def _fold(text: str) -> str:
    decomposed = unicodedata.normalize("NFKD", text.casefold())
    kept = "".join(ch for ch in decomposed if not unicodedata.combining(ch))
    return " ".join("".join(ch if ch.isalnum() else " " for ch in kept).split())


def _said_by_worker(reason: str, said: list[Any]) -> bool:
    """The LLM may only pass on a reason the worker gave: its words must be in their
    messages."""
    wanted = _fold(reason)
    return bool(wanted) and any(wanted in _fold(str(message)) for message in said)
