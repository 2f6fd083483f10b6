"""A small HTTP/1.1 client for the calls on a turn's path (the replies to the channel's
connector service, the state reads and writes to Cosmos DB): requests on kept-alive connections,
one pool per origin, over TLS for an https URL.

Every turn POSTs its reply to the connector before it answers. aiohttp's client spends ~300 us
of CPU on such a request (290-360 us user time for a 5 KB reply on loopback, against 50-80 us for
the same exchange written on asyncio streams): its request and response objects, cookie jar,
timer handles and payload registry, none of which a reply or a point read needs. The connector
and Cosmos DB's REST API speak plain HTTP/1.1 with JSON bodies, so this client writes the
request in one buffer and reads the status, the header fields and a body delimited by
Content-Length, by chunks, or by the end of the connection. Like aiohttp's client without
`trust_env`, it ignores proxy settings (the connector is called direct, as the README says;
CosmosDocumentClient keeps the SDK's session for an endpoint behind a proxy) and keeps no
cookies; it asks for no compression, and still inflates a gzip or deflate body.

Answers are parsed by httptools (llhttp, the parser of Node.js and uvicorn): strict where a lax
reader is a risk, so an answer framed two ways (Transfer-Encoding with Content-Length, a
possible smuggling attempt), with obsolete line folding, a conflicting length or a malformed
chunk is refused, never guessed at. This module decides the rest: only the chunked transfer
coding (the one a server may send a client that offered no other), a head, a body and an
inflated body each within a cap (a broken or hostile server costs an error, never the process's
memory), and when a connection may carry another request.

Kept-alive connections: one idle longer than `IDLE_SECONDS` is closed, not reused (Azure's load
balancers forget a flow idle ~4 minutes, and a request written on it waits for nothing until its
time-out); one the server has closed is dropped when taken, as aiohttp's connector does. A
server may still close an idle connection just as a request is written on it: then PUT and
DELETE, which are idempotent, are sent once more on a fresh connection when nothing of the
answer came (aiohttp does the same), while a POST is not: the bot's replies carry no activity
id, so the connector could not tell a second copy from a new message, and a person would read
the reply twice. HEAD is not supported (its answer's length describes no body).
"""

from __future__ import annotations

import asyncio
import contextlib
import ssl
import time
import zlib
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from urllib.parse import urlsplit

import httptools

_DEFAULT_PORTS = {"http": 80, "https": 443}
# As many connections open at once as aiohttp's connector allowed (limit=100).
MAX_CONNECTIONS = 100
# aiohttp's keep-alive time-out; well under the ~4 minutes after which Azure's load balancers
# drop an idle flow, and under the idle time-outs of common servers (nginx 75 s, IIS 120 s).
IDLE_SECONDS = 15.0
# The most a status line and its fields may take.
MAX_HEAD_BYTES = 64 * 1024
# A connector answers with an activity id or a short error: far below this, even inflated.
MAX_BODY_BYTES = 1024 * 1024
_IDEMPOTENT = frozenset({"GET", "HEAD", "PUT", "DELETE", "OPTIONS"})
# Fields that may be repeated, and are then read as one comma-separated value.
_LIST_FIELDS = frozenset({"connection", "content-encoding", "transfer-encoding"})


class HttpProtocolError(Exception):
    """The server's answer is not HTTP/1.x as this client reads it, or it ended early."""


class _NothingAnswered(HttpProtocolError):
    """The connection ended before the first byte of an answer."""


@dataclass(frozen=True)
class Origin:
    """Where requests go: scheme, host and port, and the Host header that names them."""

    scheme: str
    host: str
    port: int
    host_header: str

    @staticmethod
    def of(url: str) -> Origin:
        """The origin of an absolute http or https URL."""
        parts = urlsplit(url)
        scheme = parts.scheme.lower()
        if scheme not in _DEFAULT_PORTS or not parts.hostname:
            raise ValueError(f"not an http(s) URL: {url!r}")
        port = parts.port or _DEFAULT_PORTS[scheme]
        host = parts.hostname
        shown = f"[{host}]" if ":" in host else host
        header = shown if port == _DEFAULT_PORTS[scheme] else f"{shown}:{port}"
        return Origin(scheme, host, port, header)


@dataclass(frozen=True)
class HttpAnswer:
    """A response: its status, its media type (lower case, without parameters; empty when the
    server named none), its body, inflated, and its header fields (names in lower case; Cosmos
    DB's ETag, session token and sub-status come there)."""

    status: int
    content_type: str
    body: bytes
    headers: Mapping[str, str] = field(default_factory=dict)


@dataclass
class _Connection:
    reader: asyncio.StreamReader
    writer: asyncio.StreamWriter
    idle_since: float = 0.0

    def usable(self, now: float) -> bool:
        """Open on both sides, and not idle so long that a load balancer may have dropped it."""
        return (now - self.idle_since <= IDLE_SECONDS
                and not (self.writer.is_closing() or self.reader.at_eof()))

    def close(self) -> None:
        self.writer.close()


class KeepAliveHttpClient:
    """Sends requests on pooled keep-alive connections; one instance for each service a process
    talks to on its turns."""

    def __init__(
        self, *, max_connections: int = MAX_CONNECTIONS, tls: ssl.SSLContext | None = None,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        """`tls`: how https servers are verified (by default, against the system's trusted
        certificate authorities, with their host names checked)."""
        self._idle: dict[Origin, list[_Connection]] = {}
        self._slots = asyncio.Semaphore(max_connections)
        self._tls = tls
        self._clock = clock

    async def request(
        self, method: str, origin: Origin, target: str, *, headers: Mapping[str, str],
        body: bytes | None, timeout: float,
    ) -> HttpAnswer:
        """`method target` (a percent-encoded path) on `origin`, within `timeout` seconds.
        TimeoutError past it; OSError or HttpProtocolError when the exchange fails."""
        request = _request_bytes(method, origin, target, headers, body)
        async with self._slots, asyncio.timeout(timeout):
            connection = self._idle_connection(origin)
            if connection is not None:
                try:
                    return await self._exchange(connection, origin, method, request)
                except _NothingAnswered:
                    if method not in _IDEMPOTENT:
                        raise
            return await self._exchange(await self._connect(origin), origin, method, request)

    async def _exchange(
        self, connection: _Connection, origin: Origin, method: str, request: bytes
    ) -> HttpAnswer:
        """One request and its answer; the connection goes back to the pool if it can."""
        try:
            connection.writer.write(request)
            answer, reusable = await _read_answer(connection.reader)
        except BaseException:
            connection.close()  # half a request or half an answer: never reused
            raise
        if reusable:
            connection.idle_since = self._clock()
            self._idle.setdefault(origin, []).append(connection)
        else:
            connection.close()
        return answer

    async def close(self) -> None:
        """Close the idle connections."""
        idle, self._idle = self._idle, {}
        for connections in idle.values():
            for connection in connections:
                connection.close()
                with contextlib.suppress(OSError):
                    await connection.writer.wait_closed()

    def _idle_connection(self, origin: Origin) -> _Connection | None:
        """The most recently used idle connection that is still usable; the others that are
        not (idle too long, or closed by the server) are closed and forgotten."""
        pool = self._idle.get(origin)
        if not pool:
            return None
        now = self._clock()
        kept = []
        for connection in pool:
            if connection.usable(now):
                kept.append(connection)
            else:
                connection.close()
        pool[:] = kept
        return pool.pop() if pool else None

    async def _connect(self, origin: Origin) -> _Connection:
        tls = None
        if origin.scheme == "https":
            if self._tls is None:  # reads the system's certificate store: tens of ms, off the loop
                self._tls = await asyncio.to_thread(ssl.create_default_context)
            tls = self._tls
        reader, writer = await asyncio.open_connection(origin.host, origin.port, ssl=tls)
        return _Connection(reader, writer)


def _request_bytes(
    method: str, origin: Origin, target: str, headers: Mapping[str, str], body: bytes | None
) -> bytes:
    lines = [f"{method} {target} HTTP/1.1", f"Host: {origin.host_header}", "Accept: */*"]
    lines += [f"{name}: {value}" for name, value in headers.items()]
    if body is not None or method in ("POST", "PUT"):
        lines.append(f"Content-Length: {len(body or b'')}")
    head = ("\r\n".join(lines) + "\r\n\r\n").encode("latin-1")
    return head + body if body else head


class _PastTheAnswer(Exception):
    """The server sent more than its answer."""


class _Answer:
    """What httptools' parser reports of an answer, kept as it arrives; interim answers (100
    Continue...) are parsed and forgotten."""

    def __init__(self) -> None:
        self.parser = httptools.HttpResponseParser(self)
        self.status = 0
        self.fields: dict[str, str] = {}
        self.parts: list[bytes] = []
        self.size = 0
        self.head_done = False
        self.keep_alive = False
        self.complete = False
        self.more_after = False
        self.refusal = ""

    def on_message_begin(self) -> None:
        if self.complete:
            raise _PastTheAnswer  # stops the parser: what follows is not this answer's
        self.fields, self.parts, self.size, self.head_done = {}, [], 0, False

    def on_header(self, name: bytes, value: bytes) -> None:
        key, text = name.decode("latin-1").lower(), value.decode("latin-1").strip()
        if key in self.fields and key in _LIST_FIELDS:
            text = f"{self.fields[key]}, {text}"
        self.fields[key] = text

    def on_headers_complete(self) -> None:
        self.head_done = True
        self.status = self.parser.get_status_code()
        self.keep_alive = self.parser.should_keep_alive()  # not known once the answer ends
        transfer = self.fields.get("transfer-encoding")
        length = self.fields.get("content-length", "0")
        if transfer is not None and _tokens(transfer) != ["chunked"]:
            self.refusal = f"a transfer coding this client did not offer: {transfer[:40]!r}"
        elif len(length) > 12 or int(length) > MAX_BODY_BYTES:
            self.refusal = f"a body longer than this client reads: {length[:20]} bytes"

    def on_body(self, data: bytes) -> None:
        self.size += len(data)
        if self.size > MAX_BODY_BYTES:
            self.refusal = "a body longer than this client reads"
        else:
            self.parts.append(data)

    def on_message_complete(self) -> None:
        self.complete = self.status >= 200

    def ends_with_the_connection(self) -> bool:
        """Whether the answer's body runs to the end of the connection (it named no length)."""
        return self.head_done and self.status >= 200 and not (
            {"content-length", "transfer-encoding"} & self.fields.keys())

    def feed(self, data: bytes) -> None:
        """Parse the next bytes of the answer; HttpProtocolError when they are refused."""
        try:
            self.parser.feed_data(data)
        except (httptools.HttpParserError, httptools.HttpParserUpgrade) as error:
            if self.complete:  # bytes past the answer: the connection is out of step
                self.more_after = True
                return
            raise HttpProtocolError(f"not an HTTP/1.1 answer: {error}") from error
        if self.refusal:
            raise HttpProtocolError(self.refusal)


async def _read_answer(reader: asyncio.StreamReader) -> tuple[HttpAnswer, bool]:
    """The answer, and whether the connection can carry another request."""
    answer = _Answer()
    received = 0
    try:
        while not answer.complete:
            data = await _read_some(reader, first=received == 0)
            if not data:
                if answer.ends_with_the_connection():
                    break
                raise HttpProtocolError("the answer ended early")
            received += len(data)
            if received > MAX_HEAD_BYTES and not answer.head_done:
                raise HttpProtocolError("a head longer than this client reads")
            answer.feed(data)
        reusable = answer.complete and answer.keep_alive and not answer.more_after and \
            answer.parser.get_http_version() == "1.1"
    finally:
        # The parser holds the answer's methods: kept, the two would be a reference cycle,
        # left (with the answer's head and body) for the cycle collector after every request.
        del answer.parser
    media_type = answer.fields.get("content-type", "").split(";", 1)[0].strip().lower()
    body = _inflated(b"".join(answer.parts), answer.fields.get("content-encoding", ""))
    return HttpAnswer(answer.status, media_type, body, answer.fields), reusable


async def _read_some(reader: asyncio.StreamReader, *, first: bool) -> bytes:
    """The next bytes of the answer (empty at its end); _NothingAnswered when the server
    closed the connection before the first byte (on a kept-alive connection: it closed as the
    request went out)."""
    try:
        data = await reader.read(MAX_HEAD_BYTES)
    except (ConnectionResetError, BrokenPipeError) as error:
        if first:
            raise _NothingAnswered("the connection was reset before an answer") from error
        raise
    if first and not data:
        raise _NothingAnswered("the connection closed before an answer")
    return data


def _tokens(value: str) -> list[str]:
    """A comma-separated field's members, lower case."""
    return [token for token in (part.strip().lower() for part in value.split(",")) if token]


def _inflated(body: bytes, encoding: str) -> bytes:
    encoding = encoding.strip().lower()
    if not body or encoding in ("", "identity"):
        return body
    if encoding in ("gzip", "x-gzip"):
        inflater = zlib.decompressobj(16 + zlib.MAX_WBITS)
    elif encoding == "deflate":
        inflater = zlib.decompressobj()
    else:
        raise HttpProtocolError(f"an encoding this client does not read: {encoding[:40]!r}")
    try:
        inflated = inflater.decompress(body, MAX_BODY_BYTES)
    except zlib.error as error:
        raise HttpProtocolError(f"a {encoding} body that does not inflate") from error
    if inflater.unconsumed_tail:
        raise HttpProtocolError(f"a {encoding} body that inflates past what this client reads")
    return inflated
