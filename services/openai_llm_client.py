"""The one adapter between ERA's LLM port and the openai SDK (OpenAI, Azure OpenAI, or any
OpenAI-compatible endpoint).

Each completion has a time budget that fits Teams' 15-second reply window (and never more than
what is left of the current turn): a per-call timeout,
and one retry of a timeout, connection error, 429 or 5xx only while the budget allows. The SDK's
own retries are off so the budget holds. Failures become BackendError("llm", ...); prompts and
replies are never logged at INFO.
"""

from __future__ import annotations

import asyncio
import json
import logging
import time
from collections.abc import Sequence
from typing import Any

import openai

from core.errors import BackendError
from core.llm_client import ChatMessage, LlmReply, ToolCall, ToolSpec
from core.turn_deadline import remaining_seconds

logger = logging.getLogger(__name__)

_RETRYABLE_STATUS = {408, 409, 429, 500, 502, 503, 504}
_MIN_RETRY_SECONDS = 2.0
_MIN_CALL_SECONDS = 1.0


class OpenAiLlmClient:
    """Implements core.llm_client.LlmClient with openai.AsyncOpenAI / AsyncAzureOpenAI."""

    def __init__(
        self,
        *,
        client: openai.AsyncOpenAI,
        model: str,
        call_timeout_seconds: float,
        budget_seconds: float = 12.0,
    ) -> None:
        if call_timeout_seconds <= 0 or budget_seconds <= 0:
            raise ValueError("timeouts must be positive")
        self._client = client
        self._model = model
        self._call_timeout = call_timeout_seconds
        self._budget = budget_seconds

    @classmethod
    def for_openai(
        cls, *, api_key: str, base_url: str | None, model: str, call_timeout_seconds: float
    ) -> OpenAiLlmClient:
        """OpenAI, or an OpenAI-compatible endpoint when base_url is given."""
        client = openai.AsyncOpenAI(api_key=api_key or "unused", base_url=base_url or None,
                                    max_retries=0, timeout=call_timeout_seconds)
        return cls(client=client, model=model, call_timeout_seconds=call_timeout_seconds)

    @classmethod
    def for_azure(
        cls, *, endpoint: str, api_key: str, api_version: str, deployment: str,
        call_timeout_seconds: float,
    ) -> OpenAiLlmClient:
        """An Azure OpenAI chat deployment."""
        client = openai.AsyncAzureOpenAI(azure_endpoint=endpoint, api_key=api_key,
                                         api_version=api_version, max_retries=0,
                                         timeout=call_timeout_seconds)
        return cls(client=client, model=deployment, call_timeout_seconds=call_timeout_seconds)

    async def close(self) -> None:
        """Close the HTTP client."""
        await self._client.close()

    async def complete(
        self,
        messages: Sequence[ChatMessage],
        *,
        tools: Sequence[ToolSpec] = (),
        temperature: float = 0.2,
        max_tokens: int = 700,
    ) -> LlmReply:
        """One completion, retried once when that still fits the budget."""
        request: dict[str, Any] = {
            "model": self._model,
            "messages": [{"role": str(m.role), "content": m.content} for m in messages],
            "temperature": temperature,
            "max_tokens": max_tokens,
        }
        if tools:
            request["tools"] = [
                {"type": "function", "function": {"name": t.name, "description": t.description,
                                                  "parameters": t.parameters}}
                for t in tools
            ]
        budget = self._budget
        left_in_turn = remaining_seconds()
        if left_in_turn is not None:
            budget = min(budget, left_in_turn)
        if budget < _MIN_CALL_SECONDS:
            raise BackendError("llm", "no time left in this turn for another call")
        deadline = time.monotonic() + budget
        attempt = 0
        while True:
            attempt += 1
            remaining = deadline - time.monotonic()
            timeout = min(self._call_timeout, remaining)
            try:
                response = await asyncio.wait_for(
                    self._client.chat.completions.create(**request, timeout=timeout), timeout
                )
                return _reply(response)
            except (ValueError, TypeError, AttributeError) as error:
                # An answer that is not the API's JSON (garbage, HTML, a wrong shape) is a
                # failure of the backend, never a crashed turn.
                raise BackendError("llm", f"unreadable answer ({type(error).__name__})") from error
            except (TimeoutError, openai.APITimeoutError, openai.APIConnectionError) as error:
                problem = f"{type(error).__name__} after {timeout:.1f}s"
            except openai.APIStatusError as error:
                if error.status_code not in _RETRYABLE_STATUS:
                    raise BackendError("llm", f"HTTP {error.status_code}") from error
                problem = f"HTTP {error.status_code}"
            except openai.OpenAIError as error:
                raise BackendError("llm", type(error).__name__) from error
            remaining = deadline - time.monotonic()
            if attempt >= 2 or remaining < _MIN_RETRY_SECONDS:
                raise BackendError("llm", f"{problem} (attempt {attempt})")
            logger.warning("LLM call failed (%s); retrying once", problem)


def _reply(response: Any) -> LlmReply:
    if not response.choices:
        raise BackendError("llm", "the reply had no choices")
    message = response.choices[0].message
    calls = []
    for call in message.tool_calls or ():
        function = getattr(call, "function", None)
        if function is None:
            continue
        try:
            arguments = json.loads(function.arguments or "{}")
            malformed = not isinstance(arguments, dict)
        except json.JSONDecodeError:
            arguments, malformed = {}, True
        calls.append(ToolCall(name=function.name, arguments=arguments if not malformed else {},
                              id=call.id or "", malformed=malformed))
    return LlmReply(content=message.content or "", tool_calls=tuple(calls))
