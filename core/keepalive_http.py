"""A small HTTP/1.1 client for the calls on a turn's path (the replies to the channel's
connector service, the state reads and writes to Cosmos DB): requests on kept-alive connections,
one pool per origin, over TLS for an https URL.

Every turn POSTs its reply to the connector before it answers. aiohttp's client spends ~300 us
of CPU on such a request (290-360 us user time for a 5 KB reply on loopback, against 50-80 us for
the same exchange written on asyncio streams): its request and response objects, cookie jar,
timer handles and payload registry, none of which a reply or a point read needs. The connector
and Cosmos DB's REST API speak plain HTTP/1.1 with JSON bodies, so this client writes the request
in one buffer and reads the status, the header fields and a body delimited by Content-Length, by
chunks, or by the end of the connection. Like aiohttp's client without `trust_env`, it ignores
proxy settings and keeps no cookies; it asks for no compression, and still inflates a gzip or
deflate body. A pooled connection the server has closed is dropped when taken, as aiohttp's
connector does; a request is never sent twice.
"""

from __future__ import annotations

import asyncio
import contextlib
import ssl
import zlib
from collections.abc import Mapping
from dataclasses import dataclass, field
from urllib.parse import urlsplit

_DEFAULT_PORTS = {"http": 80, "https": 443}
# As many connections open at once as aiohttp's connector allowed (limit=100).
MAX_CONNECTIONS = 100
_HEAD_END = b"\r\n\r\n"
_CRLF = b"\r\n"


class HttpProtocolError(Exception):
    """The server's answer is not HTTP/1.x as this client reads it, or it ended early."""


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

    def usable(self) -> bool:
        return not (self.writer.is_closing() or self.reader.at_eof())

    def close(self) -> None:
        self.writer.close()


class KeepAliveHttpClient:
    """Sends requests on pooled keep-alive connections; one instance for each service a process
    talks to on its turns."""

    def __init__(
        self, *, max_connections: int = MAX_CONNECTIONS, tls: ssl.SSLContext | None = None
    ) -> None:
        """`tls`: how https servers are verified (by default, against the system's trusted
        certificate authorities, with their host names checked)."""
        self._idle: dict[Origin, list[_Connection]] = {}
        self._slots = asyncio.Semaphore(max_connections)
        self._tls = tls

    async def request(
        self, method: str, origin: Origin, target: str, *, headers: Mapping[str, str],
        body: bytes | None, timeout: float,
    ) -> HttpAnswer:
        """`method target` (a percent-encoded path) on `origin`, within `timeout` seconds.
        TimeoutError past it; OSError or HttpProtocolError when the exchange fails."""
        async with self._slots, asyncio.timeout(timeout):
            connection = self._idle_connection(origin) or await self._connect(origin)
            try:
                connection.writer.write(_request_bytes(method, origin, target, headers, body))
                answer, reusable = await _read_answer(connection.reader, method)
            except BaseException:
                connection.close()  # half a request or half an answer: never reused
                raise
        if reusable:
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
        pool = self._idle.get(origin)
        while pool:
            connection = pool.pop()
            if connection.usable():
                return connection
            connection.close()
        return None

    async def _connect(self, origin: Origin) -> _Connection:
        tls = None
        if origin.scheme == "https":
            if self._tls is None:
                self._tls = ssl.create_default_context()
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


async def _read_answer(reader: asyncio.StreamReader, method: str) -> tuple[HttpAnswer, bool]:
    """The answer, and whether the connection can carry another request."""
    try:
        while True:
            status, version, fields = _parse_head(await reader.readuntil(_HEAD_END))
            if not 100 <= status < 200:
                break
        no_body = method == "HEAD" or status in (204, 304)
        reusable = version == "HTTP/1.1" and "close" not in fields.get("connection", "").lower()
        if no_body:
            body = b""
        elif "chunked" in fields.get("transfer-encoding", "").lower():
            body = await _read_chunks(reader)
        elif "content-length" in fields:
            body = await reader.readexactly(_length(fields["content-length"]))
        else:  # delimited by the end of the connection
            body = await reader.read()
            reusable = False
    except (asyncio.IncompleteReadError, asyncio.LimitOverrunError) as error:
        raise HttpProtocolError(f"the answer ended early or ran too long: {error}") from error
    media_type = fields.get("content-type", "").split(";", 1)[0].strip().lower()
    body = _inflated(body, fields.get("content-encoding", ""))
    return HttpAnswer(status, media_type, body, fields), reusable


def _parse_head(head: bytes) -> tuple[int, str, dict[str, str]]:
    lines = head.decode("latin-1").split("\r\n")
    version, _, rest = lines[0].partition(" ")
    code = rest[:3]
    if not version.startswith("HTTP/1.") or not code.isdigit():
        raise HttpProtocolError(f"not an HTTP/1.x status line: {lines[0][:80]!r}")
    fields: dict[str, str] = {}
    for line in lines[1:]:
        if line:
            name, _, value = line.partition(":")
            fields[name.strip().lower()] = value.strip()
    return int(code), version, fields


def _length(value: str) -> int:
    if not value.isdigit():
        raise HttpProtocolError(f"bad Content-Length: {value[:40]!r}")
    return int(value)


async def _read_chunks(reader: asyncio.StreamReader) -> bytes:
    parts: list[bytes] = []
    while True:
        size_line = (await reader.readuntil(_CRLF))[:-2].split(b";", 1)[0].strip()
        try:
            size = int(size_line, 16)
        except ValueError as error:
            raise HttpProtocolError(f"bad chunk size: {size_line[:40]!r}") from error
        if size == 0:
            while await reader.readuntil(_CRLF) != _CRLF:  # trailer fields, then the end
                pass
            return b"".join(parts)
        parts.append(await reader.readexactly(size))
        if await reader.readexactly(2) != _CRLF:
            raise HttpProtocolError("a chunk does not end where its size says")


def _inflated(body: bytes, encoding: str) -> bytes:
    encoding = encoding.strip().lower()
    if not body or encoding in ("", "identity"):
        return body
    try:
        if encoding in ("gzip", "x-gzip"):
            return zlib.decompress(body, 16 + zlib.MAX_WBITS)
        if encoding == "deflate":
            return zlib.decompress(body)
    except zlib.error as error:
        raise HttpProtocolError(f"a {encoding} body that does not inflate") from error
    raise HttpProtocolError(f"an encoding this client does not read: {encoding[:40]!r}")
