"""The fake OpenAI server speaks the API the way the openai SDK expects, so tests built on it
exercise the real client code."""

from __future__ import annotations

import json
import math

import openai
import pytest
from openai.types.chat import ChatCompletionMessageFunctionToolCall, ChatCompletionMessageParam

from tests.fakes.openai_server import FakeOpenAIServer, ToolCall, openai_server, trigram_embedding

__all__ = ["openai_server"]  # the fixture, imported for pytest

MESSAGES: list[ChatCompletionMessageParam] = [
    {"role": "system", "content": "You are ERA."},
    {"role": "user", "content": "Cancel my shift tomorrow"},
]


async def test_scripted_text_is_the_assistant_reply_and_the_request_is_recorded(
    openai_server: FakeOpenAIServer,
) -> None:
    openai_server.queue_text("Which shift?")
    completion = await openai_server.client().chat.completions.create(
        model="gpt-test", messages=MESSAGES, temperature=0
    )
    assert completion.choices[0].message.content == "Which shift?"
    assert completion.choices[0].finish_reason == "stop"
    (request,) = openai_server.chat_requests
    assert request.messages == MESSAGES
    assert request.body["model"] == "gpt-test"
    assert openai_server.pending_replies == 0


async def test_scripted_tool_calls_arrive_as_function_calls(
    openai_server: FakeOpenAIServer,
) -> None:
    openai_server.queue_tool_calls(("get_shifts", {"day": "tomorrow"}),
                                   ToolCall("cancel_shift", {"id": "s1"}, call_id="call_7"))
    completion = await openai_server.client().chat.completions.create(
        model="gpt-test", messages=MESSAGES
    )
    choice = completion.choices[0]
    assert choice.finish_reason == "tool_calls"
    calls = choice.message.tool_calls or []
    functions = [c.function for c in calls if isinstance(c, ChatCompletionMessageFunctionToolCall)]
    assert [(f.name, json.loads(f.arguments)) for f in functions] == [
        ("get_shifts", {"day": "tomorrow"}), ("cancel_shift", {"id": "s1"}),
    ]
    assert calls[1].id == "call_7"


async def test_a_streamed_reply_arrives_in_chunks(openai_server: FakeOpenAIServer) -> None:
    openai_server.queue_text("Your shift on Tuesday is cancelled.")
    stream = await openai_server.client().chat.completions.create(
        model="gpt-test", messages=MESSAGES, stream=True
    )
    pieces, finish = [], None
    async for chunk in stream:
        pieces.append(chunk.choices[0].delta.content or "")
        finish = chunk.choices[0].finish_reason or finish
    assert "".join(pieces) == "Your shift on Tuesday is cancelled."
    assert len(pieces) > 2
    assert finish == "stop"


async def test_scripted_errors_delays_and_an_empty_script_fail_like_the_api(
    openai_server: FakeOpenAIServer,
) -> None:
    client = openai_server.client(timeout=1.0)
    openai_server.queue_error(429, "slow down")
    with pytest.raises(openai.RateLimitError):
        await client.chat.completions.create(model="m", messages=MESSAGES)
    openai_server.queue_text("too late", delay_seconds=4.0)
    with pytest.raises(openai.APITimeoutError):
        await client.chat.completions.create(model="m", messages=MESSAGES)
    with pytest.raises(openai.InternalServerError, match="no scripted chat reply"):
        await client.chat.completions.create(model="m", messages=MESSAGES)


async def test_the_azure_deployment_paths_and_key_header(openai_server: FakeOpenAIServer) -> None:
    openai_server.queue_text("bonjour")
    client = openai_server.azure_client()
    completion = await client.chat.completions.create(model="chat-dep", messages=MESSAGES)
    assert completion.choices[0].message.content == "bonjour"
    vectors = await client.embeddings.create(model="embed-dep", input=["a", "b"])
    assert len(vectors.data) == 2
    assert [r.deployment for r in openai_server.requests] == ["chat-dep", "embed-dep"]
    assert all(r.headers.get("api-key") == openai_server.api_key for r in openai_server.requests)
    assert all("api-version" in r.query for r in openai_server.requests)


async def test_a_wrong_key_is_refused() -> None:
    async with FakeOpenAIServer(api_key="right") as server:
        client = openai.AsyncOpenAI(base_url=server.base_url, api_key="wrong", max_retries=0)
        with pytest.raises(openai.AuthenticationError):
            await client.embeddings.create(model="m", input="hello")
        await client.close()


async def test_embeddings_are_deterministic_unit_vectors_in_either_encoding(
    openai_server: FakeOpenAIServer,
) -> None:
    client = openai_server.client()
    as_base64 = await client.embeddings.create(model="m", input="yes please")
    as_floats = await client.embeddings.create(model="m", input=["yes please"], dimensions=64,
                                               encoding_format="float")
    assert openai_server.embedding_requests[0].body["encoding_format"] == "base64"
    vector = as_base64.data[0].embedding
    assert len(vector) == openai_server.dimensions
    assert math.isclose(sum(v * v for v in vector), 1.0, rel_tol=1e-5)
    assert vector == pytest.approx(trigram_embedding("yes please"), abs=1e-6)
    assert as_floats.data[0].embedding == pytest.approx(trigram_embedding("yes please", 64))
    openai_server.embeddings["custom"] = [0.0, 1.0]
    custom = await client.embeddings.create(model="m", input="custom")
    assert custom.data[0].embedding == [0.0, 1.0]


async def test_faults_apply_to_matching_paths_only(openai_server: FakeOpenAIServer) -> None:
    client = openai_server.client(timeout=1.0)
    openai_server.fail(503, path_contains="/embeddings")
    openai_server.queue_text("still fine")
    completion = await client.chat.completions.create(model="m", messages=MESSAGES)
    assert completion.choices[0].message.content == "still fine"
    with pytest.raises(openai.InternalServerError):
        await client.embeddings.create(model="m", input="x")
    openai_server.stall(4.0, path_contains="/embeddings")
    with pytest.raises(openai.APITimeoutError):
        await client.embeddings.create(model="m", input="x")
    assert (await client.embeddings.create(model="m", input="x")).data
