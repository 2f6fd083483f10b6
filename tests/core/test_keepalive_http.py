"""The keep-alive HTTP client (connector replies, Cosmos DB point calls) against a scripted
HTTP/1.1 server: each way a server may delimit its answer, its header fields, kept-alive
connections, connections the server closes, and time-outs."""

from __future__ import annotations

import asyncio
import contextlib
import gzip
import ipaddress
import json
import ssl
import tempfile
import threading
from collections.abc import AsyncIterator, Awaitable, Callable
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from cryptography import x509
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.x509.oid import NameOID

from core.keepalive_http import HttpProtocolError, KeepAliveHttpClient, Origin

Answer = Callable[[bytes], bytes | None]
"""Given a request's bytes, the raw answer (None: close the connection without one)."""

JSON_HEAD = b"HTTP/1.1 200 OK\r\nContent-Type: application/json; charset=utf-8\r\n"


@dataclass
class ScriptedServer:
    """Answers each request with `answer(request)`; counts connections and keeps requests."""

    answer: Answer
    close_after_answer: bool = False
    connections: int = 0
    requests: list[bytes] = field(default_factory=list)

    async def serve(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        """Serve one connection until the client or the script ends it."""
        self.connections += 1
        try:
            while True:
                head = await reader.readuntil(b"\r\n\r\n")
                length = 0
                for line in head.split(b"\r\n"):
                    if line.lower().startswith(b"content-length:"):
                        length = int(line.split(b":")[1])
                request = head + await reader.readexactly(length)
                self.requests.append(request)
                raw = self.answer(request)
                if raw is None:
                    break
                writer.write(raw)
                await writer.drain()
                if self.close_after_answer:
                    break
        except (asyncio.IncompleteReadError, ConnectionError):
            pass
        finally:
            writer.close()


Start = Callable[[ScriptedServer], Awaitable[Origin]]


@pytest.fixture
async def start() -> AsyncIterator[Start]:
    """Starts scripted servers on loopback; each gives the origin to call."""
    servers: list[asyncio.Server] = []

    async def run(scripted: ScriptedServer) -> Origin:
        server = await asyncio.start_server(scripted.serve, "127.0.0.1", 0)
        servers.append(server)
        port = server.sockets[0].getsockname()[1]
        return Origin.of(f"http://127.0.0.1:{port}")

    yield run
    for server in servers:
        server.close()


def _json_answer(body: dict[str, str]) -> bytes:
    data = json.dumps(body).encode()
    return JSON_HEAD + b"Content-Length: %d\r\n\r\n" % len(data) + data


async def _post(client: KeepAliveHttpClient, origin: Origin, text: str = "hello") -> dict[str, str]:
    answer = await client.request(
        "POST", origin, "/v3/conversations/a%3A1/activities",
        headers={"Content-Type": "application/json"}, body=json.dumps({"text": text}).encode(),
        timeout=5,
    )
    assert answer.status == 200
    assert answer.content_type == "application/json"
    return json.loads(answer.body)  # type: ignore[no-any-return]


async def test_replies_share_one_kept_alive_connection(start: Start) -> None:
    server = ScriptedServer(lambda _request: _json_answer({"id": "sent"}))
    origin = await start(server)
    client = KeepAliveHttpClient()
    try:
        answers = [await _post(client, origin, text) for text in ("one", "two", "three")]
    finally:
        await client.close()
    assert answers == [{"id": "sent"}] * 3
    assert server.connections == 1
    first = server.requests[0]
    assert first.startswith(b"POST /v3/conversations/a%3A1/activities HTTP/1.1\r\n")
    assert b"\r\nHost: 127.0.0.1:" in first
    assert first.endswith(b'\r\n\r\n{"text": "one"}')


async def test_the_answers_header_fields_are_given_by_lower_case_name(start: Start) -> None:
    # Cosmos DB gives a written document's ETag and the session token only in header fields.
    head = (b"HTTP/1.1 201 Created\r\nETag: \"0a00-1\"\r\n"
            b"x-ms-session-token: 0:1#12\r\nContent-Length: 0\r\n\r\n")
    server = ScriptedServer(lambda _request: head)
    origin = await start(server)
    client = KeepAliveHttpClient()
    try:
        answer = await client.request("POST", origin, "/dbs/era/colls/state/docs",
                                      headers={}, body=b"{}", timeout=5)
    finally:
        await client.close()
    assert answer.status == 201
    assert answer.headers["etag"] == '"0a00-1"'
    assert answer.headers["x-ms-session-token"] == "0:1#12"


async def test_a_chunked_gzip_answer_is_read_whole(start: Start) -> None:
    data = gzip.compress(json.dumps({"id": "chunked"}).encode())
    chunks = b"".join(b"%x;ext=1\r\n%s\r\n" % (len(part), part) for part in (data[:7], data[7:]))
    answer = (JSON_HEAD + b"Transfer-Encoding: chunked\r\nContent-Encoding: gzip\r\n\r\n"
              + chunks + b"0\r\nX-Trailer: yes\r\n\r\n")
    server = ScriptedServer(lambda _request: answer)
    origin = await start(server)
    client = KeepAliveHttpClient()
    try:
        assert await _post(client, origin) == {"id": "chunked"}
        assert await _post(client, origin) == {"id": "chunked"}  # the framing ended cleanly
    finally:
        await client.close()
    assert server.connections == 1


async def test_an_answer_that_ends_with_its_connection_is_read_and_not_reused(
    start: Start,
) -> None:
    server = ScriptedServer(lambda _request: JSON_HEAD + b"\r\n" + b'{"id": "until-close"}',
                            close_after_answer=True)
    origin = await start(server)
    client = KeepAliveHttpClient()
    try:
        assert await _post(client, origin) == {"id": "until-close"}
        assert await _post(client, origin) == {"id": "until-close"}
    finally:
        await client.close()
    assert server.connections == 2


async def test_connection_close_is_honoured(start: Start) -> None:
    data = b'{"id": "bye"}'
    answer = JSON_HEAD + b"Connection: close\r\nContent-Length: %d\r\n\r\n" % len(data) + data
    server = ScriptedServer(lambda _request: answer, close_after_answer=True)
    origin = await start(server)
    client = KeepAliveHttpClient()
    try:
        assert [await _post(client, origin) for _ in range(2)] == [{"id": "bye"}] * 2
    finally:
        await client.close()
    assert server.connections == 2


async def test_a_connection_the_server_closed_while_idle_is_not_used(start: Start) -> None:
    data = b'{"id": "fresh"}'
    # HTTP/1.1 keep-alive in the headers, but the server hangs up right after answering.
    answer = JSON_HEAD + b"Content-Length: %d\r\n\r\n" % len(data) + data
    server = ScriptedServer(lambda _request: answer, close_after_answer=True)
    origin = await start(server)
    client = KeepAliveHttpClient()
    try:
        assert await _post(client, origin) == {"id": "fresh"}
        await asyncio.sleep(0.05)  # the server's close arrives while the connection is idle
        assert await _post(client, origin) == {"id": "fresh"}
    finally:
        await client.close()
    assert server.connections == 2
    assert len(server.requests) == 2  # the request was sent once, on the new connection


async def test_an_answer_cut_short_is_an_error_and_the_request_is_not_sent_again(
    start: Start,
) -> None:
    server = ScriptedServer(lambda _request: JSON_HEAD + b"Content-Length: 100\r\n\r\n{\"id\"",
                            close_after_answer=True)
    origin = await start(server)
    client = KeepAliveHttpClient()
    try:
        with pytest.raises(HttpProtocolError):
            await _post(client, origin)
    finally:
        await client.close()
    assert len(server.requests) == 1


async def test_a_server_that_does_not_answer_times_out(start: Start) -> None:
    server = ScriptedServer(lambda _request: b"")  # takes the request, says nothing
    origin = await start(server)
    client = KeepAliveHttpClient()
    try:
        with pytest.raises(TimeoutError):
            await client.request("POST", origin, "/v3/conversations", headers={}, body=b"{}",
                                 timeout=0.2)
    finally:
        await client.close()


def test_origins_name_their_host_as_the_host_header_does() -> None:
    assert Origin.of("https://smba.trafficmanager.net/amer/") == Origin(
        "https", "smba.trafficmanager.net", 443, "smba.trafficmanager.net")
    assert Origin.of("http://[::1]:3978").host_header == "[::1]:3978"
    with pytest.raises(ValueError):
        Origin.of("ftp://example.com")


def _self_signed_contexts() -> tuple[ssl.SSLContext, ssl.SSLContext]:
    """A server context with a fresh certificate for 127.0.0.1, and a client context that
    trusts only that certificate (host names checked)."""
    key = ec.generate_private_key(ec.SECP256R1())
    name = x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, "127.0.0.1")])
    now = datetime.now(UTC)
    certificate = (
        x509.CertificateBuilder().subject_name(name).issuer_name(name)
        .public_key(key.public_key()).serial_number(x509.random_serial_number())
        .not_valid_before(now - timedelta(minutes=1)).not_valid_after(now + timedelta(hours=1))
        .add_extension(x509.SubjectAlternativeName(
            [x509.IPAddress(ipaddress.ip_address("127.0.0.1"))]), critical=False)
        .sign(key, hashes.SHA256())
    )
    pem = certificate.public_bytes(serialization.Encoding.PEM)
    with tempfile.TemporaryDirectory() as folder:
        cert_file, key_file = Path(folder, "cert.pem"), Path(folder, "key.pem")
        cert_file.write_bytes(pem)
        key_file.write_bytes(key.private_bytes(
            serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8,
            serialization.NoEncryption()))
        server = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
        server.load_cert_chain(cert_file, key_file)
    client = ssl.create_default_context(cadata=pem.decode())
    return server, client


async def test_an_https_service_is_called_over_verified_tls() -> None:
    server_tls, client_tls = _self_signed_contexts()
    scripted = ScriptedServer(lambda _request: _json_answer({"id": "over-tls"}))
    server = await asyncio.start_server(scripted.serve, "127.0.0.1", 0, ssl=server_tls)
    port = server.sockets[0].getsockname()[1]
    origin = Origin.of(f"https://127.0.0.1:{port}/amer")
    trusting, default = KeepAliveHttpClient(tls=client_tls), KeepAliveHttpClient()
    try:
        assert [await _post(trusting, origin) for _ in range(2)] == [{"id": "over-tls"}] * 2
        # The certificate is no authority's: by default the client refuses it.
        with pytest.raises(ssl.SSLCertVerificationError):
            await _post(default, origin)
    finally:
        await trusting.close()
        await default.close()
        server.close()
    # Both replies on one kept-alive TLS connection; the refused handshake sent nothing.
    assert scripted.connections == 1
    assert len(scripted.requests) == 2


async def _exchange(
    start: Start, answer: bytes, *, requests: int = 1, method: str = "POST", timeout: float = 5,
) -> tuple[list[bytes], int]:
    """`requests` requests against a server that answers each with `answer`: the bodies the
    client read, and how many connections it opened."""
    server = ScriptedServer(lambda _request: answer)
    origin = await start(server)
    client = KeepAliveHttpClient()
    bodies = []
    try:
        for _ in range(requests):
            response = await client.request(method, origin, "/v3/conversations", headers={},
                                            body=b"{}", timeout=timeout)
            bodies.append(response.body)
    finally:
        await client.close()
    return bodies, server.connections


def _with_body(head: bytes, body: bytes = b'{"id": "x"}') -> bytes:
    return head + b"Content-Length: %d\r\n\r\n" % len(body) + body


async def test_a_close_among_repeated_connection_fields_is_honoured(start: Start) -> None:
    answer = _with_body(JSON_HEAD + b"Connection: close\r\nConnection: keep-alive\r\n")
    bodies, connections = await _exchange(start, answer, requests=2)
    assert bodies == [b'{"id": "x"}'] * 2
    assert connections == 2


@pytest.mark.parametrize("answer", [
    # Chunks behind a Content-Length: a lax reader follows one, a proxy the other (smuggling).
    JSON_HEAD + b"Content-Length: 4\r\nTransfer-Encoding: chunked\r\n\r\n"
    b'b\r\n{"id": "x"}\r\n0\r\n\r\n',
    # A folded field: the last line was read as a field named 'application/json'.
    _with_body(b"HTTP/1.1 200 OK\r\nContent-Type:\r\n application/json\r\n"),
    # A transfer coding the client never offered.
    JSON_HEAD + b'Transfer-Encoding: gzip\r\n\r\n{"id": "x"}',
    # Superscript digits are no length (they passed str.isdigit, then int() raised ValueError).
    JSON_HEAD + b'Content-Length: \xb9\xb9\r\n\r\n{"id": "x"}',
    # Chunk sizes that int(size, 16) takes but RFC 9112 does not; '-1' raised ValueError.
    *(JSON_HEAD + b"Transfer-Encoding: chunked\r\n\r\n" + size + b'\r\n{"id": "x"}\r\n0\r\n\r\n'
      for size in (b"0xb", b"+b", b"0_b", b"-1")),
], ids=["length-and-chunks", "folded", "gzip-transfer", "superscript-length", "0xb", "+b",
        "0_b", "-1"])
async def test_an_answer_a_lax_reader_would_guess_at_is_refused(
    start: Start, answer: bytes,
) -> None:
    with pytest.raises(HttpProtocolError):
        await _exchange(start, answer)


async def test_a_status_code_of_four_digits_is_refused(start: Start) -> None:
    with pytest.raises(HttpProtocolError):
        await _exchange(start, _with_body(b"HTTP/1.1 2000 OK\r\n"))


MIB = 1024 * 1024


@pytest.mark.parametrize("answer", [
    JSON_HEAD + b"Content-Length: 999999999999\r\n\r\n{}",
    JSON_HEAD + b"Transfer-Encoding: chunked\r\n\r\n%x\r\n" % (2 * MIB) + b" " * (2 * MIB),
    JSON_HEAD + b"Connection: close\r\n\r\n" + b" " * (2 * MIB),
    _with_body(JSON_HEAD + b"Content-Encoding: gzip\r\n", gzip.compress(b" " * (2 * MIB))),
], ids=["length", "chunks", "to-the-end", "inflated"])
async def test_a_body_past_the_cap_is_refused_without_being_kept(
    start: Start, answer: bytes,
) -> None:
    with pytest.raises(HttpProtocolError):
        await _exchange(start, answer, timeout=2)


async def test_a_connection_idle_past_the_bound_is_closed_not_reused(start: Start) -> None:
    now = [1000.0]
    server = ScriptedServer(lambda _request: _json_answer({"id": "sent"}))
    origin = await start(server)
    client = KeepAliveHttpClient(clock=lambda: now[0])
    try:
        await _post(client, origin)
        now[0] += 10  # within the bound: the same connection
        await _post(client, origin)
        now[0] += 5 * 60  # an Azure load balancer has forgotten this flow by now
        await _post(client, origin)
    finally:
        await client.close()
    assert server.connections == 2


def _hangs_up_on_the_second_request() -> ScriptedServer:
    """Answers, then closes the kept-alive connection as the next request arrives on it."""
    seen: list[bytes] = []

    def answer(request: bytes) -> bytes | None:
        seen.append(request)
        return None if len(seen) == 2 else _json_answer({"id": "sent"})

    return ScriptedServer(answer)


async def _second_call_after_a_hang_up(start: Start, method: str) -> tuple[int, int, int]:
    """The second request's status (0: it failed), and the connections and requests the server
    saw, when the server hangs up on it."""
    server = _hangs_up_on_the_second_request()
    origin = await start(server)
    client = KeepAliveHttpClient()
    status = 0
    try:
        for call in range(2):
            with contextlib.suppress(HttpProtocolError):
                answer = await client.request(method, origin, "/v3/conversations/a/activities/1",
                                              headers={}, body=b"{}", timeout=5)
                status = answer.status if call == 1 else 0
    finally:
        await client.close()
    return status, server.connections, len(server.requests)


async def test_only_an_idempotent_request_is_sent_again_when_a_kept_alive_connection_closes(
    start: Start,
) -> None:
    # Updating or deleting an activity twice changes nothing: sent again on a new connection.
    assert await _second_call_after_a_hang_up(start, "PUT") == (200, 2, 3)
    assert await _second_call_after_a_hang_up(start, "DELETE") == (200, 2, 3)
    # A reply carries no activity id to de-duplicate by: the person would read it twice.
    assert await _second_call_after_a_hang_up(start, "POST") == (0, 1, 2)


async def test_bytes_past_the_answer_are_never_read_as_the_next_answer(start: Start) -> None:
    smuggled = b'HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: 16\r\n\r\n' \
        b'{"id": "forged"}'
    bodies, connections = await _exchange(start, _json_answer({"id": "x"}) + smuggled, requests=2)
    assert bodies == [b'{"id": "x"}'] * 2
    assert connections == 2


async def test_the_system_certificates_are_loaded_off_the_event_loop(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # Reading the system's certificate store takes tens of milliseconds: every turn in the
    # process would wait behind the first https reply.
    server_tls, _ = _self_signed_contexts()
    threads = []
    real = ssl.create_default_context

    def spying_create_default_context() -> ssl.SSLContext:
        threads.append(threading.current_thread())
        return real()

    monkeypatch.setattr(ssl, "create_default_context", spying_create_default_context)
    server = await asyncio.start_server(
        ScriptedServer(lambda _request: None).serve, "127.0.0.1", 0, ssl=server_tls)
    port = server.sockets[0].getsockname()[1]
    client = KeepAliveHttpClient()
    try:
        with pytest.raises(ssl.SSLCertVerificationError):
            await _post(client, Origin.of(f"https://127.0.0.1:{port}"))
    finally:
        await client.close()
        server.close()
    assert threads
    assert threading.main_thread() not in threads
