"""The LLM port: chat messages in, a reply (text and/or tool calls) out.

Dialogs and services speak these types; the one adapter in services/ translates them to a
provider's format. The LLM proposes; the caller validates anything it returns against server
state before acting on it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any, Protocol


class MessageRole(StrEnum):
    """Who a chat message is from."""

    SYSTEM = "system"
    USER = "user"
    ASSISTANT = "assistant"


@dataclass(frozen=True)
class ChatMessage:
    """One message of the prompt."""

    role: MessageRole
    content: str

    @classmethod
    def system(cls, content: str) -> ChatMessage:
        """A system (instruction) message."""
        return cls(MessageRole.SYSTEM, content)

    @classmethod
    def user(cls, content: str) -> ChatMessage:
        """A user message."""
        return cls(MessageRole.USER, content)

    @classmethod
    def assistant(cls, content: str) -> ChatMessage:
        """An assistant message."""
        return cls(MessageRole.ASSISTANT, content)


@dataclass(frozen=True)
class ToolSpec:
    """A function the LLM may call: its name, what it does, and a JSON schema of its
    arguments."""

    name: str
    description: str
    parameters: dict[str, Any] = field(default_factory=lambda: {"type": "object",
                                                                 "properties": {}})


@dataclass(frozen=True)
class ToolCall:
    """A call the LLM proposed. Arguments that were not valid JSON arrive as {} with
    `malformed` set, and must not be acted on."""

    name: str
    arguments: dict[str, Any]
    id: str = ""
    malformed: bool = False


@dataclass(frozen=True)
class LlmReply:
    """What the LLM answered: text (may be empty when it only called tools) and tool calls."""

    content: str
    tool_calls: tuple[ToolCall, ...] = ()


class LlmClient(Protocol):
    """A chat model. Raises core.errors.BackendError("llm", ...) on failure or timeout."""

    async def complete(
        self,
        messages: Sequence[ChatMessage],
        *,
        tools: Sequence[ToolSpec] = (),
        temperature: float = 0.2,
        max_tokens: int = 700,
    ) -> LlmReply:
        """One completion within the client's time budget."""
        ...
