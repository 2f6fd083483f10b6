"""The local Cosmos DB server for tests, and a proxy in front of it that injects faults.

`running_cosmos_server()` starts ``@vercel/cosmosdb-server`` (installed by ``make test`` under
tools/cosmosdb_server) with Node on a free loopback port, waits until it listens, and stops it on
exit. It speaks HTTPS with a self-signed certificate, so clients connect with TLS verification
off. Two gaps between it and Cosmos DB are worth knowing: it answers a point read of a missing
document with 500 where Cosmos DB answers 404 (the launcher below turns exactly that crash into
the 404 the real service sends), and it never expires documents by ``ttl``. It has no throttling
either, so `CosmosFaultProxy` sits in front of it to answer 429 or to stall, as Cosmos DB can.
"""

from __future__ import annotations

import asyncio
import base64
import contextlib
import hashlib
import hmac
import json
import os
import re
import shutil
import subprocess
import tempfile
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import IO
from urllib.parse import parse_qs, unquote

import aiohttp
from aiohttp import web

REPO_ROOT = Path(__file__).resolve().parents[2]
SERVER_DIR = REPO_ROOT / "tools" / "cosmosdb_server"
PACKAGE_DIR = SERVER_DIR / "node_modules" / "@vercel" / "cosmosdb-server"
# The local server accepts any key; the SDK only needs valid base64 to sign requests with.
LOCAL_KEY = base64.b64encode(b"era-local-cosmos-test-key").decode("ascii")
_STARTUP_TIMEOUT = 20.0
_READY = re.compile(r"LISTENING (\d+)")
_LAUNCHER = r"""
const { createHttpsServer } = require(process.env.ERA_COSMOS_PACKAGE);
const server = createHttpsServer({ keepAlive: true });
const [handle] = server.listeners("request");
server.removeAllListeners("request");
server.on("request", (req, res) => {
  if (req.method === "GET" && /\/docs\/[^/]+\/?$/.test(req.url.split("?")[0])) {
    const end = res.end.bind(res);
    res.end = (body, ...rest) => {
      if (res.statusCode === 500 && String(body).includes("Cannot read properties of undefined")) {
        res.statusCode = 404;
        body = JSON.stringify({
          code: "NotFound",
          message: "Entity with the specified id does not exist in the system.",
        });
      }
      return end(body, ...rest);
    };
  }
  handle(req, res);
});
server.listen(0, "127.0.0.1", () => console.log("LISTENING " + server.address().port));
"""
_HOP_BY_HOP = frozenset(
    {"host", "content-length", "transfer-encoding", "connection", "keep-alive", "content-encoding"}
)


class CosmosServerUnavailable(RuntimeError):
    """Node or the local Cosmos DB server is missing, or the server did not start."""


@dataclass(frozen=True)
class CosmosServer:
    """Where a running local Cosmos DB server listens and the key to sign requests with."""

    endpoint: str
    key: str


@contextlib.contextmanager
def running_cosmos_server(startup_timeout: float = _STARTUP_TIMEOUT) -> Iterator[CosmosServer]:
    """Start the local Cosmos DB server on a free port for the duration of the block."""
    node = shutil.which("node")
    if node is None:
        raise CosmosServerUnavailable(
            "Node.js is not installed; the Cosmos DB storage tests need it (install Node 20+)"
        )
    if not (PACKAGE_DIR / "package.json").is_file():
        raise CosmosServerUnavailable(
            f"@vercel/cosmosdb-server is not installed in {SERVER_DIR}; "
            f"run `make test` or `cd {SERVER_DIR} && npm ci`"
        )
    with tempfile.TemporaryFile(mode="w+", prefix="cosmosdb-server-") as log:
        process = subprocess.Popen(
            [node, "-e", _LAUNCHER],
            cwd=SERVER_DIR,
            env={**os.environ, "ERA_COSMOS_PACKAGE": str(PACKAGE_DIR)},
            stdout=log,
            stderr=subprocess.STDOUT,
            stdin=subprocess.DEVNULL,
        )
        try:
            port = _wait_for_port(process, log, startup_timeout)
            yield CosmosServer(endpoint=f"https://127.0.0.1:{port}/", key=LOCAL_KEY)
        finally:
            process.terminate()
            try:
                process.wait(timeout=5)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait()


def _wait_for_port(process: subprocess.Popen[bytes], log: IO[str], timeout: float) -> int:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        output = _log_text(log)
        ready = _READY.search(output)
        if ready:
            return int(ready.group(1))
        if process.poll() is not None:
            raise CosmosServerUnavailable(
                f"the local Cosmos DB server exited with {process.returncode}:\n{output[-2000:]}"
            )
        time.sleep(0.05)
    raise CosmosServerUnavailable(
        f"the local Cosmos DB server did not start within {timeout:.0f}s:\n{_log_text(log)[-2000:]}"
    )


def _log_text(log: IO[str]) -> str:
    log.seek(0)
    return log.read()


class CosmosFaultProxy:
    """A plain-HTTP proxy in front of the local server that can throttle or stall document calls.

    `throttle(count, retry_after_ms)` answers the next `count` document requests with 429 and
    that x-ms-retry-after-ms; `stall(seconds)` holds every document request that long before
    answering; `lag(count)` answers the next `count` document reads with 404 sub-status 1002, as
    a replica behind the client's session token does; `fail(*statuses)` answers the next
    document requests with those statuses, one each; `require_key(key)` checks every request's
    master-key signature as Cosmos DB does and answers 401 when it does not match. Document
    responses carry a session token ("0:-1#LSN", the LSN one more at each write), and
    `session_tokens` lists the token each document request sent (None without one).
    `document_requests` counts the document requests that reached the proxy. A write
    that asks for no body back ("Prefer: return=minimal") gets none, only the ETag header, as
    from Cosmos DB (the local server sends the document anyway).
    """

    def __init__(self, upstream: str) -> None:
        """Proxy to `upstream` (the local server's https endpoint); call `start()` next."""
        self._upstream = upstream.rstrip("/") + "/"
        self._runner: web.AppRunner | None = None
        self._session: aiohttp.ClientSession | None = None
        self.endpoint = ""
        self.document_requests = 0
        self._throttle_left = 0
        self._retry_after_ms = 0
        self._stall_seconds = 0.0
        self._lagging_reads = 0
        self._failing: list[int] = []
        self._key: bytes | None = None
        self._lsn = 1
        self.session_tokens: list[str | None] = []
        self._stopping = asyncio.Event()

    def throttle(self, count: int, retry_after_ms: int) -> None:
        """Answer the next `count` document requests with 429 and this retry-after."""
        self._throttle_left = count
        self._retry_after_ms = retry_after_ms

    def stall(self, seconds: float) -> None:
        """Hold every document request for `seconds` before forwarding it."""
        self._stall_seconds = seconds

    def fail(self, *statuses: int) -> None:
        """Answer the next document requests with these statuses, one each, in order."""
        self._failing = list(statuses)

    def lag(self, count: int) -> None:
        """Answer the next `count` document reads as a replica behind the session token."""
        self._lagging_reads = count

    def require_key(self, key: str) -> None:
        """Answer 401 to every request not signed with this (base64) master key."""
        self._key = base64.b64decode(key)

    @property
    def session_token(self) -> str:
        """The session token of the last document response: "0:-1#LSN"."""
        return f"0:-1#{self._lsn}"

    async def start(self) -> str:
        """Listen on a free loopback port and return the proxy's endpoint."""
        self._session = aiohttp.ClientSession(connector=aiohttp.TCPConnector(ssl=False))
        app = web.Application(client_max_size=8 * 1024 * 1024)
        app.router.add_route("*", "/{tail:.*}", self._forward)
        self._runner = web.AppRunner(app)
        await self._runner.setup()
        site = web.TCPSite(self._runner, "127.0.0.1", 0)
        await site.start()
        port = self._runner.addresses[0][1]
        self.endpoint = f"http://127.0.0.1:{port}/"
        return self.endpoint

    async def stop(self) -> None:
        """Release stalled requests, stop listening and close the upstream connections."""
        self._stopping.set()
        if self._runner is not None:
            await self._runner.cleanup()
        if self._session is not None:
            await self._session.close()

    async def _forward(self, request: web.Request) -> web.StreamResponse:
        assert self._session is not None
        if self._key is not None and not self._signed(request, self._key):
            return web.json_response(
                {"code": "Unauthorized", "message": "The input authorization token can't serve "
                 "the request."}, status=401)
        documents = "/docs" in request.path
        if documents:
            self.document_requests += 1
            self.session_tokens.append(request.headers.get("x-ms-session-token"))
            if request.method == "GET" and self._lagging_reads > 0:
                self._lagging_reads -= 1
                return web.json_response(
                    {"code": "NotFound", "message": "The read session is not available."},
                    status=404, headers={"x-ms-substatus": "1002"})
            if self._failing:
                return web.json_response(
                    {"code": "ServiceUnavailable", "message": "Passing failure."},
                    status=self._failing.pop(0))
            if self._throttle_left > 0:
                self._throttle_left -= 1
                return web.json_response(
                    {"code": "TooManyRequests", "message": "Request rate is large."},
                    status=429,
                    headers={"x-ms-retry-after-ms": str(self._retry_after_ms)},
                )
            if self._stall_seconds:
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(self._stopping.wait(), self._stall_seconds)
        headers = {k: v for k, v in request.headers.items() if k.lower() not in _HOP_BY_HOP}
        async with self._session.request(
            request.method,
            self._upstream + request.path_qs.lstrip("/"),
            headers=headers,
            data=await request.read(),
        ) as upstream:
            body = await upstream.read()
            reply_headers = {
                k: v for k, v in upstream.headers.items() if k.lower() not in _HOP_BY_HOP
            }
            minimal = request.headers.get("Prefer", "").lower() == "return=minimal"
            if minimal and request.method in ("POST", "PUT") and upstream.status < 300 and body:
                document = json.loads(body)
                if "_etag" in document:  # a document, not a query's answer
                    reply_headers["etag"] = document["_etag"]
                    reply_headers.pop("Content-Length", None)
                    body = b""
            if documents:
                if request.method != "GET" and upstream.status < 300:
                    self._lsn += 1
                reply_headers["x-ms-session-token"] = self.session_token
            if request.path.strip("/") == "":
                # The account document names the server's own endpoint; keep clients on the proxy.
                body = body.replace(self._upstream.encode(), self.endpoint.encode())
            return web.Response(status=upstream.status, body=body, headers=reply_headers)

    @staticmethod
    def _signed(request: web.Request, key: bytes) -> bool:
        """Whether the request's authorization header is the master-key signature of its verb,
        resource type, resource link and x-ms-date (Cosmos DB's REST authorization)."""
        parts = [unquote(part) for part in request.path.strip("/").split("/") if part]
        if len(parts) % 2:  # a feed (".../docs"): the link names its parent
            resource_type, link = parts[-1], "/".join(parts[:-1])
        else:
            resource_type = parts[-2] if parts else ""
            link = "/".join(parts)
        text = (f"{request.method.lower()}\n{resource_type.lower()}\n{link}\n"
                f"{request.headers.get('x-ms-date', '').lower()}\n\n")
        expected = base64.b64encode(hmac.new(key, text.encode(), hashlib.sha256).digest())
        sent = parse_qs(unquote(request.headers.get("authorization", ""))).get("sig", [""])[0]
        return hmac.compare_digest(sent.replace(" ", "+"), expected.decode())
