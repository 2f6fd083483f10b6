"""A small async JSON client for Microsoft Graph, shared by the shifts, mail and calendar services.

Each call has one total time budget (token, request, and any retry together) so it fits Teams'
15-second reply window. A 429 or 503 is retried once, after the Retry-After the service asked for,
but only when that wait still fits the budget; otherwise the call fails at once rather than
overrunning the turn. Failures become `GraphError` (a BackendError) carrying the HTTP status and
Graph's error code. Logs name the method, path and status; bodies and query strings only appear
at DEBUG.
"""

from __future__ import annotations

import asyncio
import json
import logging
from datetime import UTC, datetime
from email.utils import parsedate_to_datetime
from typing import Any
from urllib.parse import quote, urlencode, urlsplit

import aiohttp
import yarl

from core.errors import BackendError
from services.graph_token_provider import TokenSource

logger = logging.getLogger(__name__)

_RETRY_STATUSES = frozenset({429, 503})
# Without a Retry-After header, wait this long before the one retry.
_DEFAULT_RETRY_SECONDS = 0.5
# A retry is only worth making with at least this much of the budget left after the wait.
_MIN_ATTEMPT_SECONDS = 0.5
# OData needs "$filter" and "/" paths kept readable; spaces must be %20, not "+".
_QUERY_SAFE = "$/:,'()"


class GraphError(BackendError):
    """A Graph call failed: status is the HTTP status (None when there was no response) and
    code is Graph's error code ("NotFound", "Forbidden", ...) or "timeout" / "network"."""

    def __init__(self, *, method: str, path: str, status: int | None, code: str) -> None:
        super().__init__("graph", f"{method} {path} -> {status or 'no response'} {code}")
        self.status = status
        self.code = code


class GraphClient:
    """JSON over HTTPS to Graph with a bearer token from `token_source`.

    Paths are relative to `base_url` ("/teams/{id}/schedule/shifts"); absolute URLs are
    accepted only under the same base (Graph's @odata.nextLink).
    """

    def __init__(
        self,
        *,
        session: aiohttp.ClientSession,
        token_source: TokenSource,
        base_url: str,
        timeout_seconds: float = 10.0,
    ) -> None:
        if timeout_seconds <= 0:
            raise ValueError("timeout_seconds must be > 0")
        self._session = session
        self._tokens = token_source
        self._base_url = base_url.rstrip("/")
        self._timeout = timeout_seconds

    async def get(
        self, path: str, *, params: dict[str, str] | None = None,
        headers: dict[str, str] | None = None,
    ) -> dict[str, Any]:
        """GET a resource or one page of a collection."""
        return await self.request("GET", path, params=params, headers=headers)

    async def get_all(
        self, path: str, *, params: dict[str, str] | None = None,
        headers: dict[str, str] | None = None, max_pages: int = 20,
    ) -> list[dict[str, Any]]:
        """Every item of a collection, following @odata.nextLink (at most `max_pages` pages)."""
        items: list[dict[str, Any]] = []
        page = await self.get(path, params=params, headers=headers)
        for _ in range(max_pages):
            items.extend(page.get("value") or [])
            next_link = page.get("@odata.nextLink")
            if not next_link:
                return items
            page = await self.get(str(next_link), headers=headers)
        logger.warning("graph: stopped after %d pages of %s", max_pages, _path_of(path))
        return items

    async def post(
        self, path: str, body: dict[str, Any], *, headers: dict[str, str] | None = None
    ) -> dict[str, Any]:
        """POST a JSON body; the created resource (or {} for an empty reply)."""
        return await self.request("POST", path, body=body, headers=headers)

    async def put(
        self, path: str, body: dict[str, Any], *, headers: dict[str, str] | None = None
    ) -> dict[str, Any]:
        """PUT (replace) a resource."""
        return await self.request("PUT", path, body=body, headers=headers)

    async def patch(
        self, path: str, body: dict[str, Any], *, headers: dict[str, str] | None = None
    ) -> dict[str, Any]:
        """PATCH (update) a resource."""
        return await self.request("PATCH", path, body=body, headers=headers)

    async def delete(self, path: str, *, headers: dict[str, str] | None = None) -> None:
        """DELETE a resource."""
        await self.request("DELETE", path, headers=headers)

    async def request(
        self,
        method: str,
        path: str,
        *,
        params: dict[str, str] | None = None,
        body: dict[str, Any] | None = None,
        headers: dict[str, str] | None = None,
    ) -> dict[str, Any]:
        """One call within the time budget, retried once on 429/503 when the wait fits."""
        loop = asyncio.get_running_loop()
        deadline = loop.time() + self._timeout
        url = self._url(path, params)
        shown = self._shown(url)
        for attempt in (1, 2):
            started = loop.time()
            remaining = deadline - started
            if remaining <= 0:
                raise GraphError(method=method, path=shown, status=None, code="timeout")
            try:
                async with asyncio.timeout(remaining):
                    token = await self._tokens.get_token()
                    request_headers = {
                        "Authorization": f"Bearer {token}",
                        "Accept": "application/json",
                        **(headers or {}),
                    }
                    async with self._session.request(
                        method, url, json=body, headers=request_headers
                    ) as response:
                        status = response.status
                        retry_after = response.headers.get("Retry-After")
                        payload = await _json_of(response)
            except TimeoutError:
                logger.warning("graph %s %s timed out after %.1f s", method, shown, self._timeout)
                raise GraphError(method=method, path=shown, status=None, code="timeout") from None
            except aiohttp.ClientError as error:
                logger.warning("graph %s %s failed: %s", method, shown, type(error).__name__)
                raise GraphError(method=method, path=shown, status=None, code="network") from error
            elapsed_ms = (loop.time() - started) * 1000
            logger.info("graph %s %s -> %d (%.0f ms)", method, shown, status, elapsed_ms)
            logger.debug("graph %s %s", method, url)
            if status < 400:
                return payload
            code = _error_code(payload, status)
            if status in _RETRY_STATUSES and attempt == 1:
                wait = _retry_delay(retry_after)
                if loop.time() + wait + _MIN_ATTEMPT_SECONDS <= deadline:
                    logger.warning("graph %s %s -> %d %s; retrying in %.1f s",
                                   method, shown, status, code, wait)
                    await asyncio.sleep(wait)
                    continue
                logger.warning("graph %s %s -> %d; Retry-After %s does not fit the budget",
                               method, shown, status, retry_after)
            raise GraphError(method=method, path=shown, status=status, code=code)
        raise AssertionError("unreachable: the second attempt returns or raises")

    def _shown(self, url: yarl.URL) -> str:
        """The path below the base URL, without host or query: for logs and errors."""
        base_path = urlsplit(self._base_url).path
        return url.raw_path.removeprefix(base_path) or url.raw_path

    def _url(self, path: str, params: dict[str, str] | None) -> yarl.URL:
        if path.startswith(("http://", "https://")):
            if not path.startswith(self._base_url + "/"):
                # Never send the token to a host Graph did not send us to.
                raise GraphError(method="GET", path=_path_of(path), status=None,
                                 code="untrusted_link")
            url = path
        else:
            url = self._base_url + "/" + path.lstrip("/")
        if params:
            separator = "&" if "?" in url else "?"
            url += separator + urlencode(params, quote_via=quote, safe=_QUERY_SAFE)
        return yarl.URL(url, encoded=True)


async def _json_of(response: aiohttp.ClientResponse) -> dict[str, Any]:
    text = await response.text()
    if not text.strip():
        return {}
    try:
        data = json.loads(text)
    except ValueError:
        return {}
    return data if isinstance(data, dict) else {"value": data}


def _error_code(payload: dict[str, Any], status: int) -> str:
    error = payload.get("error")
    if isinstance(error, dict) and error.get("code"):
        return str(error["code"])
    return f"http_{status}"


def _retry_delay(header: str | None) -> float:
    """Seconds to wait from a Retry-After header (seconds or an HTTP date)."""
    if not header:
        return _DEFAULT_RETRY_SECONDS
    try:
        return max(float(header), 0.0)
    except ValueError:
        pass
    try:
        when = parsedate_to_datetime(header)
    except (TypeError, ValueError):
        return _DEFAULT_RETRY_SECONDS
    if when.tzinfo is None:
        when = when.replace(tzinfo=UTC)
    return max((when - datetime.now(UTC)).total_seconds(), 0.0)


def _path_of(path_or_url: str) -> str:
    """The path without host or query string, for logs and error messages."""
    return urlsplit(path_or_url).path or path_or_url
