"""CosmosDocumentClient: the calls on a turn's path (point read, create, replace with If-Match,
upsert, delete) spoken straight to the Cosmos DB REST API on kept-alive connections of ERA's own
small HTTP/1.1 client (core/keepalive_http.py).

Every state read and write went through azure-cosmos's request pipeline (policies, header
building, retry wrappers, diagnostics), about a third of a short reply's CPU on Cosmos DB. These
calls need none of it: a master-key signature, a handful of headers, the session token. Nor do
they need aiohttp's client (its request and response objects cost ~300 us of CPU a request, as
much as the rest of a point read): they go on the SDK's aiohttp session only when a proxy is set
for the endpoint, which ERA's client does not speak.
Failures come back exactly as the SDK raises them (CosmosHttpResponseError with the status and
the headers, ServiceRequestError when the service cannot be reached), so CosmosStorage keeps one
way of retrying 429 within its time budget and of mapping 404 / 409 / 412; the SDK stays for
setup and queries.

Session consistency (Cosmos DB's default): each response's x-ms-session-token is kept, the
newest per partition key range, and sent with every request, so a read sees this process's own
writes even from a replica that lags. A replica that has not caught up with that token yet
answers 404 with sub-status 1002; that is retried briefly (it is not "missing"), as the SDK does.
"""

from __future__ import annotations

import asyncio
import base64
import hashlib
import hmac
import json
import logging
import ssl
import urllib.request
from collections.abc import Mapping
from email.utils import formatdate
from typing import Any
from urllib.parse import quote, urlsplit

import aiohttp
from azure.core.exceptions import ServiceRequestError
from azure.cosmos.exceptions import CosmosHttpResponseError

from core.errors import BackendError
from core.keepalive_http import HttpAnswer, HttpProtocolError, KeepAliveHttpClient, Origin

logger = logging.getLogger(__name__)

API_VERSION = "2020-07-15"
_NOT_FOUND = 404
_READ_SESSION_NOT_AVAILABLE = 1002
_SESSION_RETRIES = 3
_SESSION_RETRY_DELAY = 0.01


class CosmosDocumentClient:
    """Point read, create and conditional replace of one container's documents (partitioned on
    /id, as CosmosStorage requires), signed with the account's master key."""

    def __init__(
        self, session: aiohttp.ClientSession, *, endpoint: str, key: str, database: str,
        container: str, verify_tls: bool = True, timeout: float = 2.0,
    ) -> None:
        """Send requests to `endpoint`'s container on ERA's keep-alive client, or on `session`
        (the SDK's, owned by the caller) when a proxy is set for the endpoint; `timeout` bounds
        each request. verify_tls=False is only for the local test server and its self-signed
        certificate."""
        self._session = session
        self._verify_tls = verify_tls
        self._timeout = timeout
        self._base = endpoint.rstrip("/")
        self._origin = Origin.of(self._base)
        self._http: KeepAliveHttpClient | None = None
        if not _proxied(self._base):
            self._http = KeepAliveHttpClient(tls=None if verify_tls else _unverified_tls())
        try:
            self._key = base64.b64decode(key, validate=True)
        except ValueError as error:
            raise BackendError("cosmos", "the Cosmos DB key is not valid base64") from error
        self._collection = f"dbs/{database}/colls/{container}"
        self._collection_path = f"/dbs/{quote(database, safe='')}/colls/{quote(container, safe='')}"
        self._session_tokens: dict[str, tuple[int, str]] = {}

    async def close(self) -> None:
        """Close the kept-alive connections (the SDK's session is its owner's to close)."""
        if self._http is not None:
            await self._http.close()

    async def read(self, item_id: str) -> dict[str, Any]:
        """The document `item_id` (CosmosHttpResponseError 404 when there is none)."""
        for attempt in range(_SESSION_RETRIES + 1):
            try:
                _headers, payload = await self._request("GET", item_id)
                document: dict[str, Any] = json.loads(payload)
                return document
            except CosmosHttpResponseError as error:
                lagging = (error.status_code == _NOT_FOUND
                           and error.sub_status == _READ_SESSION_NOT_AVAILABLE)
                if not lagging or attempt == _SESSION_RETRIES:
                    raise
                await asyncio.sleep(_SESSION_RETRY_DELAY * (attempt + 1))
        raise AssertionError("unreachable")

    async def create(self, body: dict[str, Any]) -> dict[str, str]:
        """Create the document (409 when its id exists); its ETag, as {"_etag": ...}."""
        return _written(*await self._request("POST", None, body=body))

    async def replace(self, body: dict[str, Any], e_tag: str) -> dict[str, str]:
        """Replace the document only if it still has `e_tag` (412 otherwise, 404 when gone);
        its new ETag, as {"_etag": ...}."""
        return _written(*await self._request("PUT", str(body["id"]), body=body, e_tag=e_tag))

    async def upsert(self, body: dict[str, Any]) -> dict[str, str]:
        """Create the document or overwrite it, whatever it holds; its ETag, as {"_etag": ...}.
        The write that keeps a person's conversation reference or an advice exchange rides with
        the turn's state write: through the SDK it cost more than the rest of the turn's
        storage."""
        return _written(*await self._request("POST", None, body=body, upsert=True))

    async def delete(self, item_id: str, e_tag: str | None = None) -> None:
        """Remove the document (only while it still has `e_tag`, when given): 404 when it is
        gone, 412 when it changed."""
        await self._request("DELETE", item_id, e_tag=e_tag)

    async def _request(
        self, method: str, item_id: str | None, *, body: dict[str, Any] | None = None,
        e_tag: str | None = None, upsert: bool = False,
    ) -> tuple[Mapping[str, str], bytes]:
        """Send one signed request; the response's headers and body, or the SDK's errors."""
        # The signed resource link: a create names the collection (the feed), the others the
        # document, unescaped.
        resource = self._collection if item_id is None else f"{self._collection}/docs/{item_id}"
        target = f"{self._collection_path}/docs"
        if item_id is not None:
            target += "/" + quote(item_id, safe="")
        partition_key = item_id if item_id is not None else str(body["id"]) if body else ""
        headers = self._headers(method, resource, partition_key)
        data = None
        if body is not None:
            data = json.dumps(body, ensure_ascii=False, separators=(",", ":")).encode("utf-8")
            headers["Content-Type"] = "application/json"
            # The written document is not sent back: its ETag comes in a header.
            headers["Prefer"] = "return=minimal"
        if e_tag is not None:
            headers["If-Match"] = e_tag
        if upsert:
            headers["x-ms-documentdb-is-upsert"] = "True"
        try:
            if self._http is not None:
                answer = await self._http.request(
                    method, self._origin, target, headers=headers, body=data,
                    timeout=self._timeout)
            else:
                answer = await self._send_on_session(method, target, headers, data)
        except (OSError, HttpProtocolError, aiohttp.ClientError) as error:
            raise ServiceRequestError(f"{method} {resource}: {error!r}", error=error) from error
        self._keep_session_token(answer.headers.get("x-ms-session-token"))
        if answer.status >= 400:
            raise _http_error(answer)
        return answer.headers, answer.body

    async def _send_on_session(
        self, method: str, target: str, headers: dict[str, str], data: bytes | None
    ) -> HttpAnswer:
        """The request on the SDK's aiohttp session, which goes through the environment's
        proxy; its answer as the keep-alive client gives it."""
        async with self._session.request(
            method, self._base + target, data=data, headers=headers, ssl=self._verify_tls
        ) as response:
            body = await response.read()
            fields = {name.lower(): value for name, value in response.headers.items()}
            return HttpAnswer(response.status, response.content_type, body, fields)

    def _headers(self, method: str, resource: str, partition_key: str) -> dict[str, str]:
        date = formatdate(usegmt=True)
        signed = f"{method.lower()}\ndocs\n{resource}\n{date.lower()}\n\n".encode()
        signature = base64.b64encode(hmac.new(self._key, signed, hashlib.sha256).digest())
        headers = {
            "authorization": quote(f"type=master&ver=1.0&sig={signature.decode('ascii')}", safe=""),
            "x-ms-date": date,
            "x-ms-version": API_VERSION,
            "x-ms-documentdb-partitionkey": json.dumps([partition_key]),
            # The SDK's session (behind a proxy) has aiohttp leave bodies compressed.
            "Accept-Encoding": "identity",
        }
        if self._session_tokens:
            headers["x-ms-session-token"] = ",".join(
                token for _lsn, token in self._session_tokens.values())
        return headers

    def _keep_session_token(self, header: str | None) -> None:
        """Keep the newest token of each partition key range in `header` ("range:token", comma
        separated); responses of concurrent requests can arrive in any order."""
        for token in (header or "").split(","):
            range_id, _, value = token.strip().partition(":")
            if not value:
                continue
            lsn = _global_lsn(value)
            kept = self._session_tokens.get(range_id)
            if kept is None or lsn >= kept[0]:
                self._session_tokens[range_id] = (lsn, token.strip())


def _global_lsn(value: str) -> int:
    """The global LSN of a session token: "version#lsn#region=lsn..." or, older, "lsn"."""
    parts = value.split("#")
    try:
        return int(parts[1] if len(parts) > 1 else parts[0])
    except ValueError:
        return -1


def _proxied(endpoint: str) -> bool:
    """Whether the environment sets a proxy for `endpoint` (read once, when storage opens)."""
    parts = urlsplit(endpoint)
    return (parts.scheme in urllib.request.getproxies()
            and not urllib.request.proxy_bypass(parts.netloc))


def _unverified_tls() -> ssl.SSLContext:
    """TLS without certificate checks: only for the local test server's self-signed one."""
    context = ssl.create_default_context()
    context.check_hostname = False
    context.verify_mode = ssl.CERT_NONE
    return context


def _http_error(answer: HttpAnswer) -> CosmosHttpResponseError:
    try:
        message = str(json.loads(answer.body).get("message", ""))
    except (ValueError, AttributeError):
        message = answer.body[:200].decode("utf-8", "replace")
    sub_status = answer.headers.get("x-ms-substatus")
    error = CosmosHttpResponseError(  # type: ignore[no-untyped-call]
        status_code=answer.status, message=message,
        sub_status=int(sub_status) if sub_status and sub_status.isdigit() else None,
    )
    error.headers = dict(answer.headers)
    return error


def _written(headers: Mapping[str, str], payload: bytes) -> dict[str, str]:
    """A written document's ETag, as {"_etag": ...}: from the header, or from the body for a
    server that sends the document back anyway (empty when neither has it)."""
    e_tag = headers.get("etag")
    if not e_tag and payload:
        try:
            document = json.loads(payload)
        except ValueError:
            document = None
        e_tag = document.get("_etag") if isinstance(document, dict) else None
    return {"_etag": str(e_tag)} if e_tag else {}
