"""The LLM adapter over HTTP against a local OpenAI-compatible server: text, tool calls,
Azure paths, a retry that fits the budget, and failures that become BackendError."""

from __future__ import annotations

import time

import pytest

from core.errors import BackendError
from core.llm_client import ChatMessage, ToolSpec
from services.openai_llm_client import OpenAiLlmClient
from tests.fakes.openai_server import (
    AZURE_API_VERSION,
    DEFAULT_API_KEY,
    FakeOpenAIServer,
    ToolCall,
    openai_server,
)

__all__ = ["openai_server"]

PROMPT = [ChatMessage.system("You are ERA."), ChatMessage.user("My employee didn't show up")]


def _client(
    server: FakeOpenAIServer, timeout: float = 2.0, budget: float = 12.0
) -> OpenAiLlmClient:
    return OpenAiLlmClient(client=server.client(timeout=timeout), model="gpt-test",
                           call_timeout_seconds=timeout, budget_seconds=budget)


async def test_text_reply_and_the_request_it_sent(openai_server: FakeOpenAIServer) -> None:
    openai_server.queue_text("Have you tried calling them?")
    reply = await _client(openai_server).complete(PROMPT, temperature=0.1, max_tokens=50)
    assert reply.content == "Have you tried calling them?" and reply.tool_calls == ()
    sent = openai_server.chat_requests[0].body
    assert sent["model"] == "gpt-test" and sent["max_tokens"] == 50
    assert [m["role"] for m in sent["messages"]] == ["system", "user"]


async def test_tool_calls_are_parsed(openai_server: FakeOpenAIServer) -> None:
    openai_server.queue_tool_calls(ToolCall("get_shifts", {"query": "tomorrow"}, "call_1"))
    spec = ToolSpec("get_shifts", "Find the worker's shifts",
                    {"type": "object", "properties": {"query": {"type": "string"}}})
    reply = await _client(openai_server).complete(PROMPT, tools=[spec])
    assert reply.tool_calls[0].name == "get_shifts"
    assert reply.tool_calls[0].arguments == {"query": "tomorrow"}
    assert openai_server.chat_requests[0].body["tools"][0]["function"]["name"] == "get_shifts"


async def test_azure_deployment_path(openai_server: FakeOpenAIServer) -> None:
    openai_server.queue_text("ok")
    client = OpenAiLlmClient.for_azure(endpoint=openai_server.origin, api_key=DEFAULT_API_KEY,
                                       api_version=AZURE_API_VERSION, deployment="era-chat",
                                       call_timeout_seconds=2.0)
    assert (await client.complete(PROMPT)).content == "ok"
    assert openai_server.chat_requests[0].deployment == "era-chat"
    await client.close()


async def test_one_retry_after_a_server_error(openai_server: FakeOpenAIServer) -> None:
    openai_server.queue_error(503)
    openai_server.queue_text("recovered")
    assert (await _client(openai_server).complete(PROMPT)).content == "recovered"
    assert len(openai_server.chat_requests) == 2


async def test_a_timeout_is_retried_once_then_fails_within_the_budget(
    openai_server: FakeOpenAIServer,
) -> None:
    openai_server.queue_text("late", delay_seconds=3)
    openai_server.queue_text("late again", delay_seconds=3)
    started = time.monotonic()
    with pytest.raises(BackendError, match="llm"):
        await _client(openai_server, timeout=1.0, budget=4.0).complete(PROMPT)
    assert time.monotonic() - started < 3.5


async def test_a_client_error_is_not_retried(openai_server: FakeOpenAIServer) -> None:
    openai_server.queue_error(400, "bad request")
    with pytest.raises(BackendError, match="HTTP 400"):
        await _client(openai_server).complete(PROMPT)
    assert len(openai_server.chat_requests) == 1


async def test_no_retry_when_the_budget_is_spent(openai_server: FakeOpenAIServer) -> None:
    openai_server.queue_text("late", delay_seconds=2)
    with pytest.raises(BackendError):
        await _client(openai_server, timeout=1.5, budget=2.5).complete(PROMPT)
    assert len(openai_server.chat_requests) == 1


async def test_calls_share_what_is_left_of_the_turn(openai_server: FakeOpenAIServer) -> None:
    from core.turn_deadline import turn_deadline

    openai_server.queue_text("slow", delay_seconds=3)
    started = time.monotonic()
    with turn_deadline(1.5), pytest.raises(BackendError):
        await _client(openai_server, timeout=8.0).complete(PROMPT)
    assert time.monotonic() - started < 2.5
    with turn_deadline(0.5), pytest.raises(BackendError, match="no time left"):
        await _client(openai_server).complete(PROMPT)
