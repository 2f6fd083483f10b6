"""A small HTTP/1.1 client for the calls to the channel's connector service: requests on
kept-alive connections, one pool per origin, over TLS for an https service URL.

Every turn POSTs its reply to the connector before it answers. aiohttp's client spends ~300 us
of CPU on such a request (290-360 us user time for a 5 KB reply on loopback, against 50-80 us for
the same exchange written on asyncio streams): its request and response objects, cookie jar,
timer handles and payload registry, none of which a reply needs. The connector speaks plain
HTTP/1.1 with JSON bodies, so this client writes the request in one buffer and reads the status,
the headers it needs and a body delimited by Content-Length, by chunks, or by the end of the
connection. Like aiohttp's client without `trust_env`, it ignores proxy settings (the connector
is called direct, as the README says) and keeps no cookies; it asks for no compression, and still
inflates a gzip or deflate body.

Answers are read as RFC 9112 says a user agent must: obsolete line folding joined, repeated
fields combined, Transfer-Encoding over Content-Length (and then the connection not reused, as
such an answer may be a smuggling attempt), only the chunked transfer coding (the one a server
may send a client that offered no other), and a head, a body and an inflated body each within a
cap, so a broken or hostile server costs an error, never the process's memory.

Kept-alive connections: one idle longer than `IDLE_SECONDS` is closed, not reused (Azure's load
balancers forget a flow idle ~4 minutes, and a request written on it waits for nothing until its
time-out); one the server has closed is dropped when taken, as aiohttp's connector does. A
server may still close an idle connection just as a request is written on it: then PUT and
DELETE, which are idempotent, are sent once more on a fresh connection when nothing of the
answer came (aiohttp does the same), while a POST is not: the bot's replies carry no activity
id, so the connector could not tell a second copy from a new message, and a person would read
the reply twice.
"""

from __future__ import annotations

import asyncio
import contextlib
import ssl
import time
import zlib
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from urllib.parse import urlsplit

_DEFAULT_PORTS = {"http": 80, "https": 443}
# As many connections open at once as aiohttp's connector allowed (limit=100).
MAX_CONNECTIONS = 100
# aiohttp's keep-alive time-out; well under the ~4 minutes after which Azure's load balancers
# drop an idle flow, and under the idle time-outs of common servers (nginx 75 s, IIS 120 s).
IDLE_SECONDS = 15.0
# The most a status line and its fields may take (asyncio's default stream limit).
MAX_HEAD_BYTES = 64 * 1024
# A connector answers with an activity id or a short error: far below this, even inflated.
MAX_BODY_BYTES = 1024 * 1024
_IDEMPOTENT = frozenset({"GET", "HEAD", "PUT", "DELETE", "OPTIONS"})
_HEAD_END = b"\r\n\r\n"
_CRLF = b"\r\n"
_HEX_DIGITS = frozenset(b"0123456789abcdefABCDEF")
# Fields that may be sent as a list or repeated, and read as one comma-separated value.
_LIST_FIELDS = frozenset({"connection", "content-encoding", "content-length", "transfer-encoding"})


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
    server named none) and its body, inflated."""

    status: int
    content_type: str
    body: bytes


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


class ConnectorHttpClient:
    """Sends requests on pooled keep-alive connections; one instance for the whole process."""

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
            answer, reusable = await _read_answer(connection.reader, method)
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
            if self._tls is None:
                self._tls = ssl.create_default_context()
            tls = self._tls
        reader, writer = await asyncio.open_connection(
            origin.host, origin.port, ssl=tls, limit=MAX_HEAD_BYTES)
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


async def _read_answer(reader: asyncio.StreamReader, method: str) -> tuple[HttpAnswer, bool]:
    """The answer, and whether the connection can carry another request."""
    try:
        status, version, fields = _parse_head(await _first_head(reader))
        while 100 <= status < 200:  # interim answers (100 Continue...): the final one follows
            status, version, fields = _parse_head(await reader.readuntil(_HEAD_END))
        reusable = version == "HTTP/1.1" and "close" not in _tokens(fields.get("connection", ""))
        transfer = fields.get("transfer-encoding")
        if method == "HEAD" or status in (204, 304):
            body = b""
        elif transfer is not None:
            if _tokens(transfer) != ["chunked"]:
                raise HttpProtocolError(f"a transfer coding this client did not offer: "
                                        f"{transfer[:40]!r}")
            body = await _read_chunks(reader)
            # Both framings at once may be a smuggling attempt (RFC 9112, 6.3): the chunks
            # decide, and nothing more is read from this connection.
            reusable = reusable and "content-length" not in fields
        elif "content-length" in fields:
            body = await reader.readexactly(_length(fields["content-length"]))
        else:  # delimited by the end of the connection
            body = await _read_to_end(reader)
            reusable = False
    except (asyncio.IncompleteReadError, asyncio.LimitOverrunError) as error:
        raise HttpProtocolError(f"the answer ended early or ran too long: {error}") from error
    media_type = fields.get("content-type", "").split(";", 1)[0].strip().lower()
    return HttpAnswer(status, media_type, _inflated(body, fields.get("content-encoding", ""))), \
        reusable


async def _first_head(reader: asyncio.StreamReader) -> bytes:
    """The first head of the answer; _NothingAnswered when the server closed the connection
    without sending a byte (on a kept-alive connection: it closed as the request went out)."""
    try:
        return await reader.readuntil(_HEAD_END)
    except asyncio.IncompleteReadError as error:
        if error.partial:
            raise
        raise _NothingAnswered("the connection closed before an answer") from error
    except (ConnectionResetError, BrokenPipeError) as error:
        raise _NothingAnswered("the connection was reset before an answer") from error


def _parse_head(head: bytes) -> tuple[int, str, dict[str, str]]:
    lines = head.decode("latin-1").split("\r\n")
    version, _, rest = lines[0].partition(" ")
    code, _, _reason = rest.partition(" ")
    if not (version.startswith("HTTP/1.") and len(code) == 3 and code.isascii()
            and code.isdigit()):
        raise HttpProtocolError(f"not an HTTP/1.x status line: {lines[0][:80]!r}")
    fields: dict[str, str] = {}
    name = ""
    for line in lines[1:]:
        if not line:
            continue
        if line[0] in " \t" and name:  # obsolete line folding: one space (RFC 9112, 5.2)
            fields[name] = f"{fields[name]} {line.strip()}".strip()
            continue
        name, colon, value = line.partition(":")
        name = name.lower()
        if not colon or not name or name != name.strip():
            raise HttpProtocolError(f"not a header field: {line[:80]!r}")
        value = value.strip()
        if name in fields and name in _LIST_FIELDS:
            value = f"{fields[name]}, {value}"
        fields[name] = value
    return int(code), version, fields


def _tokens(value: str) -> list[str]:
    """A comma-separated field's members, lower case."""
    return [token for token in (part.strip().lower() for part in value.split(",")) if token]


def _length(value: str) -> int:
    """A Content-Length: one decimal number (a list of the same number is that number)."""
    numbers = {part.strip() for part in value.split(",")}
    if len(numbers) != 1:
        raise HttpProtocolError(f"conflicting Content-Length: {value[:40]!r}")
    number = numbers.pop()
    if not (number.isascii() and number.isdigit()):
        raise HttpProtocolError(f"bad Content-Length: {value[:40]!r}")
    if len(number) > 12 or int(number) > MAX_BODY_BYTES:
        raise HttpProtocolError(f"a body longer than this client reads: {number[:20]} bytes")
    return int(number)


async def _read_to_end(reader: asyncio.StreamReader) -> bytes:
    parts: list[bytes] = []
    total = 0
    while data := await reader.read(MAX_HEAD_BYTES):
        total += len(data)
        if total > MAX_BODY_BYTES:
            raise HttpProtocolError("a body longer than this client reads")
        parts.append(data)
    return b"".join(parts)


async def _read_chunks(reader: asyncio.StreamReader) -> bytes:
    parts: list[bytes] = []
    total = 0
    while True:
        size = _chunk_size((await reader.readuntil(_CRLF))[:-2])
        if size == 0:
            while await reader.readuntil(_CRLF) != _CRLF:  # trailer fields, then the end
                pass
            return b"".join(parts)
        total += size
        if total > MAX_BODY_BYTES:
            raise HttpProtocolError("a body longer than this client reads")
        parts.append(await reader.readexactly(size))
        if await reader.readexactly(2) != _CRLF:
            raise HttpProtocolError("a chunk does not end where its size says")


def _chunk_size(line: bytes) -> int:
    """A chunk's size: hexadecimal digits, then maybe extensions (ignored)."""
    digits = line.split(b";", 1)[0].rstrip(b" \t")
    if not digits or len(digits) > 16 or not _HEX_DIGITS.issuperset(digits):
        raise HttpProtocolError(f"bad chunk size: {line[:40]!r}")
    return int(digits, 16)


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
