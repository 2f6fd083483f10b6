"""A local OpenAI-compatible HTTP server for tests: embeddings and scripted chat completions.

`FakeOpenAIServer` is an aiohttp app on 127.0.0.1 (an ephemeral port), used as an async context
manager or through the `openai_server` fixture (import it into a test module). It serves the
OpenAI paths under ``/v1`` and the Azure OpenAI deployment paths, with the shapes the openai SDK
reads:

- ``POST /v1/embeddings`` and ``/openai/deployments/{deployment}/embeddings``: deterministic
  vectors, a hashed bag of character trigrams (similar texts get similar vectors), or the vector
  a test set for a text in `server.embeddings`. Honours ``dimensions`` and both encoding formats
  (the SDK asks for base64 unless told otherwise).
- ``POST /v1/chat/completions`` and ``/openai/deployments/{deployment}/chat/completions``: the next
  scripted reply from a queue (`queue_text`, `queue_tool_calls`, `queue_error`, `queue`), each
  optionally delayed; ``stream: true`` is answered as server-sent events. With the queue empty it
  answers 500, so a test that forgot to script a reply fails loudly.
- ``GET /v1/models``.

It records every request (`requests`, `chat_requests`, `embedding_requests`), checks the key
(``Authorization: Bearer`` or Azure's ``api-key``; pass ``api_key=None`` to accept any), and can
fail or stall the next matching requests on any path (`fail`, `stall`) to simulate outages and
timeouts. The SDK retries 408/409/429/5xx by itself: build clients with `client()` /
`azure_client()` (no retries) or count on the retries when scripting failures.
"""

from __future__ import annotations

import asyncio
import base64
import json
import math
import re
import struct
import time
import uuid
import zlib
from collections import deque
from collections.abc import AsyncIterator, Awaitable, Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

import openai
import pytest
from aiohttp import web

DEFAULT_API_KEY = "sk-fake-openai-key"
DEFAULT_DIMENSIONS = 256
AZURE_API_VERSION = "2024-10-21"
_WORDS = re.compile(r"\w+")

Handler = Callable[[web.Request], Awaitable[web.StreamResponse]]


@dataclass(frozen=True)
class RecordedRequest:
    """A request the fake received. `deployment` is set on Azure paths; `body` is parsed JSON."""

    method: str
    path: str
    query: dict[str, str]
    headers: dict[str, str]
    body: Any
    deployment: str | None = None

    @property
    def messages(self) -> list[dict[str, Any]]:
        """The chat messages of a chat completion request (empty for other requests)."""
        if isinstance(self.body, dict):
            return list(self.body.get("messages", []))
        return []


@dataclass(frozen=True)
class ToolCall:
    """A function call the scripted assistant makes; `arguments` is sent JSON-encoded, or as
    it is when it is a string (a misbehaving model's invalid JSON)."""

    name: str
    arguments: Mapping[str, Any] | str = field(default_factory=dict)
    call_id: str = ""


@dataclass(frozen=True)
class ChatReply:
    """One scripted answer to a chat completion request: text and/or tool calls, or an HTTP
    error, after an optional delay (longer than the client's timeout simulates a timeout)."""

    content: str | None = None
    tool_calls: tuple[ToolCall, ...] = ()
    status: int = 200
    error_message: str = ""
    error_code: str | None = None
    delay_seconds: float = 0.0
    finish_reason: str | None = None
    raw_body: str | None = None  # sent as it is (a misbehaving endpoint's garbage), status 200


@dataclass
class _Fault:
    path_contains: str
    status: int | None
    message: str
    delay_seconds: float
    remaining: int

    def matches(self, path: str) -> bool:
        return self.remaining > 0 and self.path_contains in path


def trigram_embedding(text: str, dimensions: int = DEFAULT_DIMENSIONS) -> list[float]:
    """A deterministic unit vector for `text`: the character trigrams of its lower-cased words
    (punctuation ignored, padded with spaces) hashed into `dimensions` buckets. Texts sharing
    trigrams are close."""
    padded = f"  {' '.join(_WORDS.findall(text.lower()))}  "
    vector = [0.0] * dimensions
    for i in range(len(padded) - 2):
        bucket = zlib.crc32(padded[i : i + 3].encode("utf-8")) % dimensions
        vector[bucket] += 1.0
    norm = math.sqrt(sum(v * v for v in vector))
    return [v / norm for v in vector] if norm else vector


def error_body(status: int, message: str, code: str | None = None) -> dict[str, Any]:
    """OpenAI's error shape."""
    kind = {400: "invalid_request_error", 401: "invalid_request_error",
            404: "invalid_request_error", 429: "rate_limit_exceeded"}.get(status, "server_error")
    return {"error": {"message": message, "type": kind, "param": None, "code": code}}


class FakeOpenAIServer:
    """The fake server; see the module docstring for what it serves."""

    def __init__(
        self, *, api_key: str | None = DEFAULT_API_KEY, dimensions: int = DEFAULT_DIMENSIONS,
        model: str = "fake-model",
    ) -> None:
        self.api_key = api_key
        self.dimensions = dimensions
        self.model = model
        self.embeddings: dict[str, list[float]] = {}
        self.requests: list[RecordedRequest] = []
        self._script: deque[ChatReply] = deque()
        self._faults: list[_Fault] = []
        self._app = web.Application(middlewares=[self._middleware])
        self._app.router.add_post("/v1/embeddings", self._embeddings)
        self._app.router.add_post("/v1/chat/completions", self._chat)
        self._app.router.add_get("/v1/models", self._models)
        self._app.router.add_post("/openai/deployments/{deployment}/embeddings", self._embeddings)
        self._app.router.add_post(
            "/openai/deployments/{deployment}/chat/completions", self._chat
        )
        self._runner: web.AppRunner | None = None
        self._origin = ""
        self._clients: list[openai.AsyncOpenAI] = []

    # Lifecycle

    async def start(self) -> str:
        """Listen on 127.0.0.1 (a free port); returns the OpenAI base URL (".../v1")."""
        self._runner = web.AppRunner(self._app, shutdown_timeout=0.5)
        await self._runner.setup()
        site = web.TCPSite(self._runner, "127.0.0.1", 0)
        await site.start()
        host, port = self._runner.addresses[0][:2]
        self._origin = f"http://{host}:{port}"
        return self.base_url

    async def close(self) -> None:
        """Close the clients made by `client()` / `azure_client()`, then stop listening."""
        for client in self._clients:
            await client.close()
        self._clients.clear()
        if self._runner is not None:
            await self._runner.cleanup()
            self._runner = None

    async def __aenter__(self) -> FakeOpenAIServer:
        await self.start()
        return self

    async def __aexit__(self, *exc_info: object) -> None:
        await self.close()

    @property
    def origin(self) -> str:
        """"http://127.0.0.1:<port>" once started: the Azure endpoint."""
        if not self._origin:
            raise RuntimeError("the fake OpenAI server is not started")
        return self._origin

    @property
    def base_url(self) -> str:
        """"http://127.0.0.1:<port>/v1": the OpenAI base URL."""
        return f"{self.origin}/v1"

    def client(self, *, timeout: float = 5.0, max_retries: int = 0) -> openai.AsyncOpenAI:
        """An SDK client for this server (no retries unless asked), closed with the server."""
        client = openai.AsyncOpenAI(base_url=self.base_url, api_key=self.api_key or "any-key",
                                    timeout=timeout, max_retries=max_retries)
        self._clients.append(client)
        return client

    def azure_client(
        self, *, timeout: float = 5.0, max_retries: int = 0
    ) -> openai.AsyncAzureOpenAI:
        """An Azure SDK client for this server (the model argument names the deployment),
        closed with the server."""
        client = openai.AsyncAzureOpenAI(
            azure_endpoint=self.origin, api_key=self.api_key or "any-key",
            api_version=AZURE_API_VERSION, timeout=timeout, max_retries=max_retries,
        )
        self._clients.append(client)
        return client

    # Scripting

    def queue(self, *replies: ChatReply) -> None:
        """Answer the next chat completion requests with these replies, in order."""
        self._script.extend(replies)

    def queue_text(self, content: str, *, delay_seconds: float = 0.0) -> None:
        """The next chat completion answers with this assistant text."""
        self.queue(ChatReply(content=content, delay_seconds=delay_seconds))

    def queue_tool_calls(
        self, *calls: ToolCall | tuple[str, Mapping[str, Any] | str], content: str | None = None,
        delay_seconds: float = 0.0,
    ) -> None:
        """The next chat completion answers with these function calls (ToolCall or
        (name, arguments) pairs)."""
        tool_calls = tuple(c if isinstance(c, ToolCall) else ToolCall(c[0], c[1]) for c in calls)
        self.queue(ChatReply(content=content, tool_calls=tool_calls,
                             delay_seconds=delay_seconds))

    def queue_raw(self, body: str) -> None:
        """The next chat completion answers 200 with this body, JSON or not."""
        self.queue(ChatReply(raw_body=body))

    def queue_error(
        self, status: int, message: str = "scripted failure", *, code: str | None = None,
        delay_seconds: float = 0.0,
    ) -> None:
        """The next chat completion answers with an HTTP error in OpenAI's error shape."""
        self.queue(ChatReply(status=status, error_message=message, error_code=code,
                             delay_seconds=delay_seconds))

    @property
    def pending_replies(self) -> int:
        """Scripted chat replies not used yet."""
        return len(self._script)

    def fail(self, status: int, *, path_contains: str = "", times: int = 1,
             message: str = "scripted failure") -> None:
        """Answer the next `times` requests whose path contains the text with `status`."""
        self._faults.append(_Fault(path_contains, status, message, 0.0, times))

    def stall(self, seconds: float, *, path_contains: str = "", times: int = 1) -> None:
        """Hold the next `times` matching requests for `seconds`, then answer normally."""
        self._faults.append(_Fault(path_contains, None, "", seconds, times))

    # Recorded traffic

    @property
    def chat_requests(self) -> list[RecordedRequest]:
        """The chat completion requests received, in order."""
        return [r for r in self.requests if r.path.endswith("/chat/completions")]

    @property
    def embedding_requests(self) -> list[RecordedRequest]:
        """The embedding requests received, in order."""
        return [r for r in self.requests if r.path.endswith("/embeddings")]

    def embedded_texts(self) -> list[str]:
        """Every text sent for embedding, in order (a string input counts as one)."""
        texts: list[str] = []
        for request in self.embedding_requests:
            given = request.body.get("input") if isinstance(request.body, dict) else None
            texts.extend([given] if isinstance(given, str) else
                         [t for t in given or [] if isinstance(t, str)])
        return texts

    # Middleware: record, check the key, inject faults

    @web.middleware
    async def _middleware(self, request: web.Request, handler: Handler) -> web.StreamResponse:
        body: Any = None
        if request.body_exists:
            raw = await request.read()
            try:
                body = json.loads(raw)
            except ValueError:
                body = raw.decode("utf-8", "replace")
        self.requests.append(RecordedRequest(
            request.method, request.path, dict(request.query), dict(request.headers), body,
            request.match_info.get("deployment"),
        ))
        if self.api_key is not None and not self._authorised(request):
            return web.json_response(
                error_body(401, "Incorrect API key provided.", "invalid_api_key"), status=401
            )
        for fault in self._faults:
            if fault.matches(request.path):
                fault.remaining -= 1
                if fault.delay_seconds:
                    await asyncio.sleep(fault.delay_seconds)
                if fault.status is not None:
                    return web.json_response(error_body(fault.status, fault.message),
                                             status=fault.status)
                break
        if not isinstance(body, dict) and request.method == "POST":
            return web.json_response(error_body(400, "The body must be a JSON object."),
                                     status=400)
        return await handler(request)

    def _authorised(self, request: web.Request) -> bool:
        if request.match_info.get("deployment") is not None:
            return request.headers.get("api-key") == self.api_key or (
                request.headers.get("Authorization") == f"Bearer {self.api_key}"
            )
        return request.headers.get("Authorization") == f"Bearer {self.api_key}"

    # Endpoints

    async def _models(self, request: web.Request) -> web.Response:
        return web.json_response({"object": "list", "data": [
            {"id": self.model, "object": "model", "created": 0, "owned_by": "era-tests"},
        ]})

    async def _embeddings(self, request: web.Request) -> web.Response:
        body = self.requests[-1].body
        given = body.get("input")
        texts = [given] if isinstance(given, str) else given
        if not isinstance(texts, list) or not texts or not all(
            isinstance(t, str) and t for t in texts
        ):
            return web.json_response(
                error_body(400, "'input' must be a non-empty string or list of them."), status=400
            )
        dimensions = int(body.get("dimensions") or self.dimensions)
        as_base64 = body.get("encoding_format") == "base64"
        data = []
        for index, text in enumerate(texts):
            vector = self.embeddings.get(text) or trigram_embedding(text, dimensions)
            encoded: Any = vector
            if as_base64:
                encoded = base64.b64encode(struct.pack(f"<{len(vector)}f", *vector)).decode()
            data.append({"object": "embedding", "index": index, "embedding": encoded})
        tokens = sum(len(t.split()) for t in texts)
        return web.json_response({
            "object": "list", "data": data, "model": body.get("model") or self.model,
            "usage": {"prompt_tokens": tokens, "total_tokens": tokens},
        })

    async def _chat(self, request: web.Request) -> web.StreamResponse:
        body = self.requests[-1].body
        if not self._script:
            return web.json_response(
                error_body(500, "fake OpenAI server: no scripted chat reply left"), status=500
            )
        reply = self._script.popleft()
        if reply.delay_seconds:
            await asyncio.sleep(reply.delay_seconds)
        if reply.raw_body is not None:
            return web.Response(text=reply.raw_body, content_type="application/json")
        if reply.status != 200:
            return web.json_response(
                error_body(reply.status, reply.error_message, reply.error_code),
                status=reply.status,
            )
        model = body.get("model") or self.model
        message = _assistant_message(reply)
        finish = reply.finish_reason or ("tool_calls" if reply.tool_calls else "stop")
        if body.get("stream"):
            return await _stream(request, model, message, finish)
        prompt_tokens = sum(len(str(m.get("content") or "").split())
                            for m in body.get("messages", []))
        completion_tokens = len((reply.content or "").split())
        return web.json_response({
            "id": f"chatcmpl-{uuid.uuid4().hex[:24]}", "object": "chat.completion",
            "created": int(time.time()), "model": model, "system_fingerprint": None,
            "choices": [{"index": 0, "message": message, "finish_reason": finish,
                         "logprobs": None}],
            "usage": {"prompt_tokens": prompt_tokens, "completion_tokens": completion_tokens,
                      "total_tokens": prompt_tokens + completion_tokens},
        })


def _assistant_message(reply: ChatReply) -> dict[str, Any]:
    message: dict[str, Any] = {"role": "assistant", "content": reply.content, "refusal": None}
    if reply.tool_calls:
        message["tool_calls"] = [
            {"id": call.call_id or f"call_{uuid.uuid4().hex[:16]}", "type": "function",
             "function": {"name": call.name, "arguments": call.arguments
                          if isinstance(call.arguments, str) else json.dumps(dict(call.arguments))}}
            for call in reply.tool_calls
        ]
    return message


async def _stream(
    request: web.Request, model: str, message: Mapping[str, Any], finish: str
) -> web.StreamResponse:
    """The reply as chat.completion.chunk events: the role, the text in a few pieces, each tool
    call, then the finish reason and [DONE]."""
    response = web.StreamResponse(headers={"Content-Type": "text/event-stream"})
    await response.prepare(request)
    chunk_id = f"chatcmpl-{uuid.uuid4().hex[:24]}"

    async def send(delta: dict[str, Any], finish_reason: str | None = None) -> None:
        chunk = {"id": chunk_id, "object": "chat.completion.chunk", "created": int(time.time()),
                 "model": model,
                 "choices": [{"index": 0, "delta": delta, "finish_reason": finish_reason}]}
        await response.write(f"data: {json.dumps(chunk)}\n\n".encode())

    await send({"role": "assistant", "content": ""})
    content = message.get("content") or ""
    for piece in _pieces(content):
        await send({"content": piece})
    for index, call in enumerate(message.get("tool_calls", [])):
        await send({"tool_calls": [{"index": index, **call}]})
    await send({}, finish)
    await response.write(b"data: [DONE]\n\n")
    await response.write_eof()
    return response


def _pieces(text: str, size: int = 8) -> Sequence[str]:
    return [text[i : i + size] for i in range(0, len(text), size)]


@pytest.fixture
async def openai_server() -> AsyncIterator[FakeOpenAIServer]:
    """A started FakeOpenAIServer, closed after the test."""
    async with FakeOpenAIServer() as server:
        yield server
