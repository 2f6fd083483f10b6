"""A small async JSON client for Microsoft Graph, shared by the shifts, mail and calendar services.

One policy for every Graph call (Graph's throttling guidance, concepts/throttling.md):

- Budget: each call has one total budget (token, requests, waits and retries together): the
  client's `timeout_seconds`, cut to what is left of the current turn (core.turn_deadline), so it
  fits Teams' 15-second reply window. A retry whose wait does not fit fails at once instead.
- GET (and any call marked `idempotent`, such as a POST carrying an idempotency key, or a DELETE)
  is retried on 429, 503 and 504 after the Retry-After Graph asked for, up to MAX_ATTEMPTS.
- Other writes are retried only on 429 (throttled requests are refused before any work is done);
  a 5xx or a timeout on such a write may have taken effect, which `GraphError.may_have_applied`
  says, and the caller decides (look the item up, or report "may have been sent").
- 401: the cached token is dropped (`TokenSource.invalidate`) and the call is made once more with
  a new one.
- Errors become `GraphError` (a BackendError) with the HTTP status, Graph's error code, and every
  nested code: `innerError.code` chains and the JSON-in-message form Teams Shifts uses
  (`{"error": {"code": "BadRequest", "message": "{\"error\":{\"code\":\"...\"}}"}}`).

Logs name the method, path and status; bodies and query strings only appear at DEBUG.
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
from core.turn_deadline import remaining_seconds
from services.graph_token_provider import TokenSource

logger = logging.getLogger(__name__)

MAX_ATTEMPTS = 3
_THROTTLED = 429
_RETRY_IF_IDEMPOTENT = frozenset({429, 503, 504})
# Without a Retry-After header, wait this long (doubling per attempt) before a retry.
_DEFAULT_RETRY_SECONDS = 0.5
# A retry is only worth making with at least this much of the budget left after the wait.
_MIN_ATTEMPT_SECONDS = 0.5
# OData needs "$filter" and "/" paths kept readable; spaces must be %20, not "+".
_QUERY_SAFE = "$/:,'()"
_MAX_NESTING = 5


class GraphError(BackendError):
    """A Graph call failed.

    status: the HTTP status (None when there was no response); code: Graph's top-level error
    code ("NotFound", "Forbidden", ...) or "timeout" / "network"; codes: that code and every
    nested one, outermost first (Shifts puts the telling one inside: "TeamNotFound",
    "MissingUserIdHeaderInAppContext", ...).
    """

    def __init__(
        self, *, method: str, path: str, status: int | None, code: str,
        codes: tuple[str, ...] = (), refused_before_sending: bool = False,
    ) -> None:
        super().__init__("graph", f"{method} {path} -> {status or 'no response'} "
                                  f"{'/'.join(codes or (code,))}")
        self.method = method
        self.status = status
        self.code = code
        self.codes = codes or (code,)
        self._refused_before_sending = refused_before_sending

    @property
    def inner_code(self) -> str:
        """The most specific code Graph gave (the innermost)."""
        return self.codes[-1]

    def has_code(self, *names: str) -> bool:
        """Whether Graph named any of these codes at any level (case-insensitive)."""
        wanted = {name.lower() for name in names}
        return any(code.lower() in wanted for code in self.codes)

    @property
    def may_have_applied(self) -> bool:
        """Whether a write may have taken effect although it failed: no answer after the request
        went out, or a 5xx (the service may have done the work and then failed)."""
        if self.status is None:
            return not self._refused_before_sending
        return self.status >= 500


class GraphAddressError(BackendError):
    """A person Graph cannot address: no Entra object id in the directory, or Graph knows no
    user with that id (404 ErrorInvalidUser). Graph's /users/{id} takes an object id or a
    userPrincipalName, never a bare mail address."""

    def __init__(self, message: str) -> None:
        super().__init__("graph", message)


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
        """Every item of a collection, following @odata.nextLink. A collection longer than
        `max_pages` pages is an error (GraphError "too_many_pages"), never a silent cut."""
        items: list[dict[str, Any]] = []
        page = await self.get(path, params=params, headers=headers)
        for _ in range(max_pages):
            items.extend(page.get("value") or [])
            next_link = page.get("@odata.nextLink")
            if not next_link:
                return items
            page = await self.get(str(next_link), headers=headers)
        logger.error("graph: %s has more than %d pages; refusing a partial list",
                     _path_of(path), max_pages)
        raise GraphError(method="GET", path=_path_of(path), status=None, code="too_many_pages",
                         refused_before_sending=True)

    async def post(
        self, path: str, body: dict[str, Any], *, headers: dict[str, str] | None = None,
        idempotent: bool = False,
    ) -> dict[str, Any]:
        """POST a JSON body; the created resource (or {} for an empty reply). `idempotent`:
        the body carries a key Graph deduplicates by, so 503/504 may be retried."""
        return await self.request("POST", path, body=body, headers=headers,
                                  idempotent=idempotent)

    async def put(
        self, path: str, body: dict[str, Any], *, headers: dict[str, str] | None = None
    ) -> dict[str, Any]:
        """PUT (replace) a resource; {} when Graph answers 204 No Content."""
        return await self.request("PUT", path, body=body, headers=headers)

    async def patch(
        self, path: str, body: dict[str, Any], *, headers: dict[str, str] | None = None
    ) -> dict[str, Any]:
        """PATCH (update) a resource."""
        return await self.request("PATCH", path, body=body, headers=headers)

    async def delete(self, path: str, *, headers: dict[str, str] | None = None) -> None:
        """DELETE a resource (idempotent: retried like a GET; a caller may see 404 on a retry
        whose first attempt went through)."""
        await self.request("DELETE", path, headers=headers, idempotent=True)

    async def request(
        self,
        method: str,
        path: str,
        *,
        params: dict[str, str] | None = None,
        body: dict[str, Any] | None = None,
        headers: dict[str, str] | None = None,
        idempotent: bool = False,
    ) -> dict[str, Any]:
        """One call within its budget, retried as the module docstring says."""
        loop = asyncio.get_running_loop()
        budget = self._timeout
        turn_left = remaining_seconds()
        if turn_left is not None:
            budget = max(min(budget, turn_left), _MIN_ATTEMPT_SECONDS)
        deadline = loop.time() + budget
        url = self._url(path, params)
        shown = self._shown(url)
        retry_on = _RETRY_IF_IDEMPOTENT if (method == "GET" or idempotent) else {_THROTTLED}
        refreshed = False
        attempt = 0
        while True:
            attempt += 1
            started = loop.time()
            remaining = deadline - started
            if remaining <= 0:
                raise GraphError(method=method, path=shown, status=None, code="timeout")
            token = ""
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
                logger.warning("graph %s %s timed out after %.1f s", method, shown, budget)
                raise GraphError(method=method, path=shown, status=None, code="timeout",
                                 refused_before_sending=not token) from None
            except aiohttp.ClientError as error:
                logger.warning("graph %s %s failed: %s", method, shown, type(error).__name__)
                raise GraphError(
                    method=method, path=shown, status=None, code="network",
                    refused_before_sending=isinstance(error, aiohttp.ClientConnectorError),
                ) from error
            elapsed_ms = (loop.time() - started) * 1000
            logger.info("graph %s %s -> %d (%.0f ms)", method, shown, status, elapsed_ms)
            logger.debug("graph %s %s", method, url)
            if status < 400:
                return payload
            codes = error_codes_of(payload, status)
            failure = GraphError(method=method, path=shown, status=status, code=codes[0],
                                 codes=codes)
            if status == 401 and not refreshed:
                # An expired or revoked token: nothing was done; a fresh token may work.
                refreshed = True
                await self._tokens.invalidate(token)
                logger.warning("graph %s %s -> 401; retrying once with a new token",
                               method, shown)
                continue
            if status in retry_on and attempt < MAX_ATTEMPTS:
                wait = _retry_delay(retry_after, attempt)
                if loop.time() + wait + _MIN_ATTEMPT_SECONDS <= deadline:
                    logger.warning("graph %s %s -> %d %s; retrying in %.1f s",
                                   method, shown, status, failure.inner_code, wait)
                    await asyncio.sleep(wait)
                    continue
                logger.warning("graph %s %s -> %d; Retry-After %s does not fit the budget",
                               method, shown, status, retry_after)
            raise failure

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


def error_codes_of(payload: dict[str, Any], status: int) -> tuple[str, ...]:
    """Graph's error code and the nested ones, outermost first ("http_<status>" when none)."""
    codes: list[str] = []
    error = payload.get("error")
    for _ in range(_MAX_NESTING):
        if not isinstance(error, dict):
            break
        if error.get("code"):
            codes.append(str(error["code"]))
        message = error.get("message")
        nested = error.get("innerError") or error.get("innererror")
        if isinstance(message, str) and message.lstrip().startswith("{"):
            try:
                embedded = json.loads(message)
            except ValueError:
                embedded = None
            if isinstance(embedded, dict) and isinstance(embedded.get("error"), dict):
                nested = embedded["error"]
        error = nested
    return tuple(codes) or (f"http_{status}",)


def _retry_delay(header: str | None, attempt: int) -> float:
    """Seconds to wait from a Retry-After header (seconds or an HTTP date)."""
    fallback: float = _DEFAULT_RETRY_SECONDS * float(2 ** (attempt - 1))
    if not header:
        return fallback
    try:
        return max(float(header), 0.0)
    except ValueError:
        pass
    try:
        when = parsedate_to_datetime(header)
    except (TypeError, ValueError):
        return fallback
    if when.tzinfo is None:
        when = when.replace(tzinfo=UTC)
    return max((when - datetime.now(UTC)).total_seconds(), 0.0)


def _path_of(path_or_url: str) -> str:
    """The path without host or query string, for logs and error messages."""
    return urlsplit(path_or_url).path or path_or_url
