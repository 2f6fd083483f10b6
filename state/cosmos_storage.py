"""CosmosStorage: ERA's production botbuilder Storage on Azure Cosmos DB (azure.cosmos.aio).

Each key is one JSON document in a container partitioned on ``/id``: the key is escaped into a
valid Cosmos id (hashed with sha256 when it would be longer than 255 bytes; Teams conversation ids
are long) and kept verbatim in the document, the value is the StateCodec's plain JSON (never a
pickle). Concurrency is optimistic on ``_etag``, matching SqliteStorage: a write with a stale
e_tag raises ConflictError, a write without an e_tag is a create (so two first writes cannot both
win) and "*" overwrites. A dict item with an integer "ttl" key gets the document's ``ttl`` (the
container has TTL on with default -1, i.e. off unless the item sets it); reads also check expiry
themselves, because the service removes expired documents lazily and local servers may not at
all. Every call has a timeout, and 429 throttling is retried after the server's retry-after,
but never beyond the operation's time budget, which must fit a 15-second Teams turn. Several keys
written in one call are separate documents and so separate operations, not one transaction.
It is also ERA's durable store (core.durable_store): each record is a document of its own (its
id made from its stream and record id, so a repeated append is refused by the service), queried
by stream, conversation, person and time range (cross-partition queries). Records appended
together under a batch id (transcripts: several turns of several conversations, queued in the
background) go into one document per batch instead, since every document costs a request: the
batch id makes the document's id, so a repeated batch is refused by the service as a repeated
record is; the records in it are read, queried, erased and expire like the others.
"""

from __future__ import annotations

import asyncio
import hashlib
import json
import logging
import re
import time
import urllib.request
from collections.abc import Awaitable, Callable, Iterable, Mapping, Sequence
from types import TracebackType
from typing import Any, TypeVar

import aiohttp
from azure.core import MatchConditions
from azure.core.exceptions import ServiceRequestError, ServiceResponseError
from azure.core.pipeline.transport import AioHttpTransport
from azure.cosmos import PartitionKey, documents
from azure.cosmos.aio import ContainerProxy, CosmosClient
from azure.cosmos.exceptions import CosmosHttpResponseError
from botbuilder.core import Storage

from core.durable_store import DurableRecord, JSONText, NewRecord
from core.errors import BackendError, ConfigError, ConflictError
from state.cosmos_rest import CosmosDocumentClient
from state.durable_documents import DurableDocuments
from state.state_codec import (
    EncodedDocument,
    EncodedItem,
    StateCodec,
    StateDecodeError,
    set_e_tag,
)

logger = logging.getLogger(__name__)

T = TypeVar("T")

SERVICE = "cosmos"
MAX_ID_BYTES = 255
# Characters escaped in an id: / \ ? # * % and the C0 and C1 control characters.
_ESCAPED = re.compile("[/\\\\?#*%\x00-\x1f\x7f-\x9f]")
_HASH_MARK = "*h"
_HASH_BYTES = len(_HASH_MARK) + 64
_NOT_FOUND, _CONFLICT, _PRECONDITION_FAILED, _THROTTLED = 404, 409, 412, 429
_EXPECTED = frozenset({_NOT_FOUND, _CONFLICT, _PRECONDITION_FAILED})
# Answers Cosmos DB documents as passing (a replica moving, "retry with", the gateway briefly
# unavailable): the SDK retries them itself; the turn's point calls (state/cosmos_rest.py) retry
# them here, a few times after a short pause, within the turn's time budget.
_TRANSIENT = frozenset({410, 449, 503})
_TRANSIENT_RETRIES = 2
_TRANSIENT_PAUSE = 0.05
_FALLBACK_RETRY_AFTER = 0.1
# Records created at once by one append; the time step that keeps a batch's records in order.
_APPEND_CONCURRENCY = 8
_RECORD_TIME_STEP = 1e-6
_MAX_THROTTLE_RETRIES = 10
_CREATE_ATTEMPTS = 3
_KEY_IN_MESSAGE = 120
# A batch's document stays far below Cosmos DB's 2 MB item limit: bigger batches take several.
_PACK_MAX_CHARS = 512 * 1024
_PACK_PREFIX = "record-pack/"
# Attempts at rewriting a batch's document without an erased record when others change it too.
_REWRITE_ATTEMPTS = 5


def cosmos_item_id(key: str) -> str:
    """The Cosmos id for a storage key: forbidden characters escaped, long keys hashed.

    Each of / \\ ? # % and control characters becomes "*" and two hex digits, and "*" itself is
    escaped too, so distinct keys stay distinct. An id that would exceed 255 UTF-8 bytes is cut
    and ends with "*h" and the sha256 of the whole key ("*h" never appears in an escaped key).
    """
    escaped = _ESCAPED.sub(_escape, key)
    if escaped and len(escaped.encode("utf-8")) <= MAX_ID_BYTES:
        return escaped
    digest = hashlib.sha256(key.encode("utf-8")).hexdigest()
    prefix = escaped.encode("utf-8")[: MAX_ID_BYTES - _HASH_BYTES].decode("utf-8", "ignore")
    return f"{prefix}{_HASH_MARK}{digest}"


class CosmosStorage(DurableDocuments, Storage):  # type: ignore[misc]
    """A botbuilder Storage in one Cosmos DB container, with e_tag concurrency and item ttl,
    and ERA's durable records and documents (core.durable_store.DurableStore)."""

    def __init__(
        self,
        *,
        endpoint: str,
        key: str,
        database: str,
        container: str,
        verify_tls: bool = True,
        create_if_missing: bool = False,
        time_budget: float = 4.0,
        call_timeout: float = 2.0,
        setup_timeout: float = 30.0,
        codec: StateCodec | None = None,
        clock: Callable[[], float] = time.time,
    ) -> None:
        """Configure the storage; call `open()` (or use `CosmosStorage.create`) before use.

        time_budget bounds each read / write / delete, throttling retries included (seconds);
        call_timeout bounds each request to Cosmos DB; setup_timeout bounds `open()`.
        verify_tls=False is only for the local test server and its self-signed certificate.
        """
        super().__init__()
        if time_budget <= 0 or call_timeout <= 0 or setup_timeout <= 0:
            raise ConfigError(
                "CosmosStorage: time_budget, call_timeout and setup_timeout must be above 0"
            )
        self._endpoint = endpoint
        self._key = key
        self._database = database
        self._container_name = container
        self._verify_tls = verify_tls
        self._create_if_missing = create_if_missing
        self._time_budget = time_budget
        self._call_timeout = call_timeout
        self._setup_timeout = setup_timeout
        self._codec = codec or StateCodec.default()
        self._clock = clock
        self._last_record_at = 0.0
        self._client: CosmosClient | None = None
        self._container: ContainerProxy | None = None
        self._documents: CosmosDocumentClient | None = None
        self._session: aiohttp.ClientSession | None = None

    @classmethod
    async def create(cls, **settings: Any) -> CosmosStorage:
        """Build and open a storage; takes the constructor's keyword arguments."""
        storage = cls(**settings)
        await storage.open()
        return storage

    async def open(self) -> None:
        """Connect, and create the database and container first when create_if_missing is set."""
        if self._container is not None:
            return
        policy = documents.ConnectionPolicy()
        # Throttling is retried here, within the turn's budget, not by the SDK's 30-second loop.
        policy.RetryOptions = documents.RetryOptions(  # type: ignore[attr-defined]
            max_retry_attempt_count=0, max_wait_time_in_seconds=0
        )
        # azure-core's aiohttp session trusts the environment by default: every request then
        # looks for proxy variables and reads ~/.netrc (a file read on the event loop, and a
        # quarter of a point read's CPU). The proxy variables are read once, here, instead.
        # One connection pool for the SDK and the thin client of the turn's reads and writes;
        # the SDK decompresses bodies itself, so aiohttp must leave them as they come.
        session = aiohttp.ClientSession(
            trust_env=bool(urllib.request.getproxies()),
            cookie_jar=aiohttp.DummyCookieJar(),
            auto_decompress=False,
        )
        transport = AioHttpTransport(session=session, session_owner=False)
        client = CosmosClient(
            self._endpoint,
            credential=self._key,
            connection_policy=policy,
            connection_verify=self._verify_tls,
            transport=transport,
        )
        try:
            async with asyncio.timeout(self._setup_timeout):
                container = await self._open_container(client)
        except TimeoutError as error:
            await _close(client, session)
            raise BackendError(SERVICE, f"connecting to {self._endpoint} timed out") from error
        except BaseException:
            await _close(client, session)
            raise
        self._client, self._container, self._session = client, container, session
        self._documents = CosmosDocumentClient(
            session, endpoint=self._endpoint, key=self._key, database=self._database,
            container=self._container_name, verify_tls=self._verify_tls,
            timeout=self._call_timeout,
        )
        logger.info(
            "Cosmos DB storage opened: %s / %s at %s",
            self._database,
            self._container_name,
            self._endpoint,
        )

    async def close(self) -> None:
        """Close the client's connections; the storage can be opened again later."""
        client, self._client, self._container = self._client, None, None
        session, self._session = self._session, None
        documents, self._documents = self._documents, None
        if documents is not None:
            await documents.close()
        if client is not None and session is not None:
            await _close(client, session)

    async def __aenter__(self) -> CosmosStorage:
        await self.open()
        return self

    async def __aexit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        traceback: TracebackType | None,
    ) -> None:
        await self.close()

    async def read(self, keys: Sequence[str]) -> dict[str, Any]:
        """The live items stored under `keys` (missing and expired keys are left out)."""
        found = await self.read_documents(keys)
        return {key: self._decode(key, item.document, str(item.e_tag))
                for key, item in found.items()}

    async def read_documents(self, keys: Sequence[str]) -> dict[str, EncodedDocument]:
        """The live items under `keys` as stored JSON documents, not decoded."""
        wanted = list(dict.fromkeys(keys or []))
        if not wanted:
            return {}
        deadline = self._deadline()
        found = await asyncio.gather(*(self._read_document(key, deadline) for key in wanted))
        now = self._clock()
        return {
            key: EncodedDocument(document.get("value"), document["_etag"])
            for key, document in zip(wanted, found, strict=True)
            if document is not None and not _is_expired(document, now)
        }

    async def write(self, changes: dict[str, Any]) -> None:
        """Store every item in `changes`; any conflict raises ConflictError after the others ran."""
        if changes is None:
            raise TypeError("CosmosStorage.write: changes are required")
        if not changes:
            return
        encoded = {key: self._codec.encode_item(item) for key, item in changes.items()}
        deadline = self._deadline()
        now = self._clock()
        outcomes = await asyncio.gather(
            *(self._write_one(key, item, now, deadline) for key, item in encoded.items()),
            return_exceptions=True,
        )
        failure: BaseException | None = None
        for item, outcome in zip(changes.values(), outcomes, strict=True):
            if isinstance(outcome, BaseException):
                failure = failure or outcome
            else:
                set_e_tag(item, outcome)
        if failure is not None:
            raise failure

    async def delete(self, keys: Iterable[str]) -> None:
        """Remove the items under `keys`; keys that do not exist are ignored."""
        doomed = list(dict.fromkeys(keys or []))
        if not doomed:
            return
        deadline = self._deadline()
        await asyncio.gather(*(self._delete_one(key, deadline) for key in doomed))

    async def delete_document(self, key: str, *, e_tag: str | None = None) -> bool:
        """Remove the document (only if it still has `e_tag`, when given); whether it was."""
        item_id = cosmos_item_id(key)
        documents = self._document_client()
        try:
            await self._call("delete", key, self._deadline(),
                             lambda: documents.delete(item_id, e_tag))
        except CosmosHttpResponseError as error:
            if error.status_code in (_NOT_FOUND, _PRECONDITION_FAILED):
                return False
            raise _backend_error("delete", key, error) from error
        return True

    async def document_keys(
        self, prefix: str, *, where: tuple[tuple[str, ...], str] | None = None
    ) -> list[str]:
        """The keys of live documents starting with `prefix` (and holding `where`'s value at
        its path, when given)."""
        sql = "SELECT c.key, c.expires_at FROM c WHERE STARTSWITH(c.key, @prefix)"
        parameters: list[dict[str, Any]] = [{"name": "@prefix", "value": prefix}]
        if where is not None:
            path, value = where
            # Bracket notation: "value" is a reserved word in Cosmos DB SQL.
            sql += " AND c[\"value\"]" + "".join(f"[{_quoted(part)}]" for part in path)
            sql += " = @value"
            parameters.append({"name": "@value", "value": value})
        found = await self._query(sql, parameters, prefix)
        now = self._clock()
        return sorted(str(d["key"]) for d in found if not _is_expired(d, now))

    async def append_records(
        self, records: Sequence[NewRecord], *, ttl_seconds: int | None = None,
        batch_id: str | None = None,
    ) -> int:
        """Append records, each its own document created once (its id made from the stream and
        the record id, so a repeated append is refused by Cosmos DB itself): never
        read-modify-write, so concurrent appenders cannot conflict or lose each other's
        records. Cosmos DB's ttl removes them after `ttl_seconds`. Returns how many were new.

        The documents are created concurrently (at most `_APPEND_CONCURRENCY` at a time), each
        request within its own time budget: one after another, a background batch could not keep
        up with busy conversations, fell behind and timed out. Records without a time get the
        append's time, a microsecond apart and always later than the last such time this store
        gave, so they read back in the order they were appended. When a
        create fails, the others still finish and the error is raised after them: appending the
        same records again adds only the missing ones.

        With a `batch_id` (records queued together, e.g. transcript turns), the records go into
        one document (several beyond `_PACK_MAX_CHARS`), its id made from the batch id: one
        request instead of one per record, and appending the same batch again adds nothing
        (count: the records of the documents created)."""
        now = self._clock()
        if batch_id is not None and len(records) > 1:
            return await self._append_packed(records, batch_id, ttl_seconds, now)
        pending = []
        for record in records:
            at = self._record_time(record, now)
            document: dict[str, Any] = {
                "id": cosmos_item_id(f"record/{record.stream}/{record.record_id}"),
                "stream": record.stream,
                "record_id": record.record_id,
                "at": at,
                "conversation": record.conversation,
                "person": record.person,
                "record": (record.body.value() if isinstance(record.body, JSONText)
                           else record.body),
            }
            if ttl_seconds is not None:
                document["ttl"] = ttl_seconds
                document["expires_at"] = now + ttl_seconds
            pending.append((record.stream, document))
        gate = asyncio.Semaphore(_APPEND_CONCURRENCY)

        async def create(stream: str, document: dict[str, Any]) -> bool:
            async with gate:
                return await self._create_once(stream, document)

        outcomes = await asyncio.gather(
            *(create(stream, document) for stream, document in pending),
            return_exceptions=True,
        )
        for outcome in outcomes:
            if isinstance(outcome, BaseException):
                raise outcome
        return sum(1 for outcome in outcomes if outcome is True)

    async def _create_once(self, key: str, document: dict[str, Any]) -> bool:
        """Create `document` once: False when it exists already (a record or a batch stored
        before, retried)."""
        documents = self._document_client()
        try:
            await self._call("append", key, self._deadline(),
                             lambda: documents.create(document))
        except CosmosHttpResponseError as error:
            if error.status_code != _CONFLICT:
                raise _backend_error("append", key, error) from error
            return False
        return True

    async def _append_packed(
        self, records: Sequence[NewRecord], batch_id: str, ttl_seconds: int | None, now: float
    ) -> int:
        """The batch's records in as few documents as fit, each created once."""
        packs: list[list[dict[str, Any]]] = [[]]
        size = 0
        for record in records:
            # The body stays JSON text: not parsed here only to be serialised again.
            text = (record.body.text if isinstance(record.body, JSONText)
                    else json.dumps(record.body, ensure_ascii=False, separators=(",", ":")))
            if packs[-1] and size + len(text) > _PACK_MAX_CHARS:
                packs.append([])
                size = 0
            size += len(text)
            packs[-1].append({
                "stream": record.stream, "record_id": record.record_id,
                "at": self._record_time(record, now), "conversation": record.conversation,
                "person": record.person, "json": text,
            })

        async def create(index: int, packed: list[dict[str, Any]]) -> int:
            document: dict[str, Any] = {
                "id": cosmos_item_id(f"{_PACK_PREFIX}{batch_id}/{index}"), "records": packed}
            if ttl_seconds is not None:
                document["ttl"] = ttl_seconds
                document["expires_at"] = now + ttl_seconds
            return len(packed) if await self._create_once(batch_id, document) else 0

        outcomes = await asyncio.gather(
            *(create(index, packed) for index, packed in enumerate(packs)),
            return_exceptions=True,
        )
        for outcome in outcomes:
            if isinstance(outcome, BaseException):
                raise outcome
        return sum(outcome for outcome in outcomes if isinstance(outcome, int))

    def _record_time(self, record: NewRecord, now: float) -> float:
        """The record's time; without one, strictly after the last time given here, even when
        the clock stands still (records then read back in the order they were appended)."""
        if record.at is not None:
            return record.at
        self._last_record_at = max(now, self._last_record_at + _RECORD_TIME_STEP)
        return self._last_record_at

    async def read_records(
        self,
        stream: str,
        *,
        prefix: bool = False,
        conversation: str | None = None,
        person: str | None = None,
        since: float | None = None,
        until: float | None = None,
        limit: int | None = 1000,
    ) -> list[DurableRecord]:
        """The matching live records, the newest `limit` of them, oldest first (records of
        batches included; a record stored twice, by a batch retried after its composition
        changed, is read once)."""
        conditions: list[str] = []
        extra: list[dict[str, Any]] = []
        if since is not None:
            conditions.append("{r}.at >= @since")
            extra.append({"name": "@since", "value": since})
        if until is not None:
            conditions.append("{r}.at < @until")
            extra.append({"name": "@until", "value": until})
        sql, parameters = _record_query("SELECT * FROM c", stream, prefix, conversation, person)
        sql += "".join(" AND " + condition.format(r="c") for condition in conditions)
        packed_sql, packed_parameters = _record_query(
            "SELECT r AS rec, c.expires_at FROM c JOIN r IN c.records", stream, prefix,
            conversation, person, alias="r")
        packed_sql += "".join(" AND " + condition.format(r="r") for condition in conditions)
        found, packed = await asyncio.gather(
            self._query(sql, parameters + extra, stream),
            self._query(packed_sql, packed_parameters + extra, stream),
        )
        now = self._clock()
        live: dict[tuple[str, str], DurableRecord] = {}
        for d in found:
            if not _is_expired(d, now):
                record = DurableRecord(
                    stream=str(d["stream"]), record_id=str(d.get("record_id") or d["id"]),
                    at=float(d.get("at", 0)), body=d.get("record"),
                    conversation=str(d.get("conversation") or ""),
                    person=str(d.get("person") or ""),
                )
                live.setdefault((record.stream, record.record_id), record)
        for row in packed:
            if not _is_expired(row, now):
                r = row["rec"]
                live.setdefault((str(r["stream"]), str(r["record_id"])), DurableRecord(
                    stream=str(r["stream"]), record_id=str(r["record_id"]),
                    at=float(r.get("at", 0)), body=json.loads(r["json"]),
                    conversation=str(r.get("conversation") or ""),
                    person=str(r.get("person") or ""),
                ))
        ordered = sorted(live.values(), key=lambda record: record.at)
        if limit is not None:
            ordered = ordered[-limit:] if limit > 0 else []
        return ordered

    async def delete_records(
        self,
        stream: str,
        *,
        prefix: bool = False,
        conversation: str | None = None,
        person: str | None = None,
    ) -> int:
        """Remove the matching records; returns how many. A batch's document loses the
        matching records (rewritten with its ETag), or goes when none is left."""
        sql, parameters = _record_query("SELECT c.id FROM c", stream, prefix, conversation,
                                        person)
        packed_sql, packed_parameters = _record_query(
            "SELECT c.id FROM c JOIN r IN c.records", stream, prefix, conversation, person,
            alias="r")
        found, packed = await asyncio.gather(
            self._query(sql, parameters, stream),
            self._query(packed_sql, packed_parameters, stream),
        )
        deleted = await self._delete_found(found, stream)

        def matches(r: dict[str, Any]) -> bool:
            return ((str(r.get("stream", "")).startswith(stream) if prefix
                     else r.get("stream") == stream)
                    and (conversation is None or r.get("conversation") == conversation)
                    and (person is None or r.get("person") == person))

        for item_id in dict.fromkeys(str(row["id"]) for row in packed):
            deleted += await self._remove_from_pack(item_id, matches, stream)
        return deleted

    async def purge_expired_records(self) -> int:
        """Remove records whose ttl has passed (Cosmos DB does it by itself; this catches up
        where it has not yet)."""
        parameters = [{"name": "@now", "value": self._clock()}]
        expired = "IS_NUMBER(c.expires_at) AND c.expires_at <= @now"
        found, packed = await asyncio.gather(
            self._query(f"SELECT c.id FROM c WHERE IS_DEFINED(c.stream) AND {expired}",
                        parameters, "records"),
            self._query("SELECT c.id, ARRAY_LENGTH(c.records) AS n FROM c "
                        f"WHERE IS_DEFINED(c.records) AND {expired}", parameters, "records"),
        )
        purged = await self._delete_found(found, "records")
        for row in packed:
            if await self._delete_found([row], "records"):
                purged += int(row.get("n") or 0)
        return purged

    async def _remove_from_pack(
        self, item_id: str, matches: Callable[[dict[str, Any]], bool], about: str
    ) -> int:
        """Rewrite a batch's document without the records that match (with its ETag, again
        when another erasure changed it meanwhile); how many went."""
        container = self._open_container_proxy()
        for _attempt in range(_REWRITE_ATTEMPTS):
            try:
                document: dict[str, Any] = await self._call(
                    "read", about, self._deadline(),
                    lambda: container.read_item(item_id, partition_key=item_id))
            except CosmosHttpResponseError as error:
                if error.status_code == _NOT_FOUND:
                    return 0
                raise _backend_error("read", about, error) from error
            records = document.get("records") or []
            kept = [r for r in records if not matches(r)]
            if len(kept) == len(records):
                return 0
            condition = {"etag": document["_etag"],
                         "match_condition": MatchConditions.IfNotModified}
            try:
                if kept:
                    body = {k: v for k, v in document.items() if not k.startswith("_")}
                    body["records"] = kept
                    await self._call("write", about, self._deadline(), lambda b=body, c=condition: (
                        container.replace_item(item_id, b, **c)))
                else:
                    await self._call("delete", about, self._deadline(), lambda c=condition: (
                        container.delete_item(item_id, partition_key=item_id, **c)))
            except CosmosHttpResponseError as error:
                if error.status_code in (_NOT_FOUND, _PRECONDITION_FAILED):
                    continue
                raise _backend_error("write", about, error) from error
            return len(records) - len(kept)
        raise BackendError(SERVICE, f"records of {_shown(about)} not erased: their batch kept "
                           "changing")

    async def _query(
        self, sql: str, parameters: list[dict[str, Any]], about: str
    ) -> list[dict[str, Any]]:
        container = self._open_container_proxy()

        async def query() -> list[dict[str, Any]]:
            return [item async for item in container.query_items(sql, parameters=parameters)]

        try:
            return await self._call("query", about, self._deadline(), query)
        except CosmosHttpResponseError as error:
            raise _backend_error("query", about, error) from error

    async def _delete_found(self, found: list[dict[str, Any]], about: str) -> int:
        container = self._open_container_proxy()
        deleted = 0
        for item_id in (str(d["id"]) for d in found):
            try:
                await self._call("delete", about, self._deadline(),
                                 lambda i=item_id: container.delete_item(i, partition_key=i))
                deleted += 1
            except CosmosHttpResponseError as error:
                if error.status_code != _NOT_FOUND:
                    raise _backend_error("delete", about, error) from error
        return deleted

    async def _open_container(self, client: CosmosClient) -> ContainerProxy:
        if self._create_if_missing:
            return await self._create_container(client)
        container = client.get_database_client(self._database).get_container_client(
            self._container_name
        )
        try:
            properties = await container.read()
        except CosmosHttpResponseError as error:
            if error.status_code == _NOT_FOUND:
                raise ConfigError(
                    f"Cosmos DB container {self._database}/{self._container_name} does not exist; "
                    "create it (partition key /id, TTL on) or enable create_if_missing"
                ) from error
            raise BackendError(
                SERVICE, f"reading the container failed with status {error.status_code}"
            ) from error
        paths = properties.get("partitionKey", {}).get("paths", [])
        if paths != ["/id"]:
            raise ConfigError(
                f"Cosmos DB container {self._database}/{self._container_name} must be "
                f"partitioned on /id, not {paths}"
            )
        return container

    async def _create_container(self, client: CosmosClient) -> ContainerProxy:
        """Create the database and container unless they exist; safe when workers race."""
        failure: CosmosHttpResponseError | None = None
        for _attempt in range(_CREATE_ATTEMPTS):
            try:
                database = await client.create_database_if_not_exists(self._database)
                return await database.create_container_if_not_exists(
                    id=self._container_name, partition_key=PartitionKey(path="/id"), default_ttl=-1
                )
            except CosmosHttpResponseError as error:
                failure = error
                # 409: another worker created it between our existence check and our create.
                if error.status_code != _CONFLICT:
                    break
        status = failure.status_code if failure else None
        raise BackendError(
            SERVICE,
            f"creating {self._database}/{self._container_name} failed with status {status}",
        ) from failure

    async def _read_document(self, key: str, deadline: float) -> dict[str, Any] | None:
        item_id = cosmos_item_id(key)
        documents = self._document_client()
        try:
            document: dict[str, Any] = await self._call(
                "read", key, deadline, lambda: documents.read(item_id)
            )
        except CosmosHttpResponseError as error:
            if error.status_code == _NOT_FOUND:
                return None
            raise _backend_error("read", key, error) from error
        if document.get("key") != key:
            logger.warning("Cosmos DB document %s holds another key; treated as absent", item_id)
            return None
        return document

    async def _write_one(self, key: str, item: EncodedItem, now: float, deadline: float) -> str:
        item_id = cosmos_item_id(key)
        documents = self._document_client()
        body: dict[str, Any] = {"id": item_id, "key": key, "value": item.document}
        if item.ttl is not None:
            body["ttl"] = item.ttl
            body["expires_at"] = now + item.ttl
        saved: Mapping[str, Any]
        try:
            if item.e_tag is None:
                return await self._create(key, body, now, deadline)
            if item.e_tag == "*":
                saved = await self._call("write", key, deadline, lambda: documents.upsert(body))
            else:
                saved = await self._replace(key, body, item.e_tag, deadline)
        except CosmosHttpResponseError as error:
            if error.status_code in (_NOT_FOUND, _PRECONDITION_FAILED):
                raise ConflictError(
                    f"storage key {_shown(key)} was changed or removed since it was read "
                    "(stale e_tag); read it again and retry"
                ) from error
            raise _backend_error("write", key, error) from error
        return _e_tag_of(saved)

    async def _create(self, key: str, body: dict[str, Any], now: float, deadline: float) -> str:
        """Create the document; an expired leftover of the key may be replaced, a live one not."""
        documents = self._document_client()
        try:
            created: Mapping[str, Any] = await self._call(
                "create", key, deadline, lambda: documents.create(body)
            )
            return _e_tag_of(created)
        except CosmosHttpResponseError as error:
            if error.status_code != _CONFLICT:
                raise
        existing = await self._read_document(key, deadline)
        if existing is None or not _is_expired(existing, now):
            raise ConflictError(
                f"storage key {_shown(key)} already exists; a write without an e_tag only "
                "creates (read the item and write it back with its e_tag)"
            )
        replaced = await self._replace(key, body, existing["_etag"], deadline)
        return _e_tag_of(replaced)

    async def _replace(
        self, key: str, body: dict[str, Any], e_tag: str, deadline: float
    ) -> dict[str, Any]:
        documents = self._document_client()
        result: dict[str, Any] = await self._call(
            "write", key, deadline, lambda: documents.replace(body, e_tag)
        )
        return result

    async def _delete_one(self, key: str, deadline: float) -> None:
        item_id = cosmos_item_id(key)
        documents = self._document_client()
        try:
            await self._call("delete", key, deadline, lambda: documents.delete(item_id))
        except CosmosHttpResponseError as error:
            if error.status_code != _NOT_FOUND:
                raise _backend_error("delete", key, error) from error

    async def _call(
        self, action: str, key: str, deadline: float, request: Callable[[], Awaitable[T]]
    ) -> T:
        """Run one Cosmos request with a timeout, retrying 429 (after its retry-after) and
        passing answers (410, 449, 503: twice, briefly) within the time budget.

        Expected statuses (404, 409, 412) come back as CosmosHttpResponseError for the caller to
        interpret; everything else that fails becomes BackendError.
        """
        loop = asyncio.get_running_loop()
        transient_left = _TRANSIENT_RETRIES
        for attempt in range(1, _MAX_THROTTLE_RETRIES + _TRANSIENT_RETRIES + 2):
            remaining = deadline - loop.time()
            if remaining <= 0:
                break
            try:
                async with asyncio.timeout(min(self._call_timeout, remaining)):
                    return await request()
            except TimeoutError as error:
                raise BackendError(
                    SERVICE, f"{action} of {_shown(key)} timed out after {attempt} attempt(s)"
                ) from error
            except (ServiceRequestError, ServiceResponseError) as error:
                # The database cannot be reached (connection refused, reset, DNS...).
                raise BackendError(
                    SERVICE, f"{action} of {_shown(key)}: unreachable ({type(error).__name__})"
                ) from error
            except CosmosHttpResponseError as error:
                if error.status_code in _EXPECTED:
                    raise
                if error.status_code in _TRANSIENT and transient_left > 0:
                    transient_left -= 1
                    wait = _TRANSIENT_PAUSE * (_TRANSIENT_RETRIES - transient_left)
                    if loop.time() + wait < deadline:
                        logger.info("Cosmos DB answered %s to %s of %s; retrying in %.2fs",
                                    error.status_code, action, _shown(key), wait)
                        await asyncio.sleep(wait)
                        continue
                if error.status_code != _THROTTLED:
                    raise _backend_error(action, key, error) from error
                wait = _retry_after(error)
                if loop.time() + wait >= deadline:
                    raise BackendError(
                        SERVICE,
                        f"{action} of {_shown(key)} throttled (429); retry-after {wait:.2f}s "
                        f"does not fit the {self._time_budget:.1f}s budget",
                    ) from error
                logger.info(
                    "Cosmos DB throttled %s of %s; retrying in %.2fs", action, _shown(key), wait
                )
                await asyncio.sleep(wait)
        raise BackendError(
            SERVICE, f"{action} of {_shown(key)} gave up: {self._time_budget:.1f}s budget spent"
        )

    def _decode(self, key: str, document: Any, e_tag: str) -> Any:
        try:
            return self._codec.decode_item(document, e_tag)
        except StateDecodeError as error:
            raise StateDecodeError(f"stored item {_shown(key)}: {error}") from error

    def _deadline(self) -> float:
        return asyncio.get_running_loop().time() + self._time_budget

    def _document_client(self) -> CosmosDocumentClient:
        if self._documents is None:
            raise RuntimeError("CosmosStorage is not open; call open() or CosmosStorage.create()")
        return self._documents

    def _open_container_proxy(self) -> ContainerProxy:
        if self._container is None:
            raise RuntimeError("CosmosStorage is not open; call open() or CosmosStorage.create()")
        return self._container


async def _close(client: CosmosClient, session: aiohttp.ClientSession) -> None:
    """Close the SDK's client, then the connection pool it shares with the thin client."""
    try:
        await client.close()
    finally:
        await session.close()


def _e_tag_of(written: Mapping[str, Any]) -> str:
    """The ETag of a document just written without its body sent back (Cosmos DB then gives it
    in a header; a server that sends the body anyway has it there)."""
    e_tag = written.get("_etag")
    if e_tag is None:
        get_headers = getattr(written, "get_response_headers", None)
        e_tag = get_headers().get("etag") if callable(get_headers) else None
    if not e_tag:
        raise BackendError(SERVICE, "a write came back without an ETag")
    return str(e_tag)


def _retry_after(error: CosmosHttpResponseError) -> float:
    """Seconds to wait before retrying a 429: x-ms-retry-after-ms, else Retry-After."""
    headers = {name.lower(): value for name, value in (error.headers or {}).items()}
    try:
        if "x-ms-retry-after-ms" in headers:
            return max(0.0, float(headers["x-ms-retry-after-ms"]) / 1000)
        if "retry-after" in headers:
            return max(0.0, float(headers["retry-after"]))
    except ValueError:
        logger.warning("Cosmos DB sent an unreadable retry-after header: %s", headers)
    return _FALLBACK_RETRY_AFTER


def _backend_error(action: str, key: str, error: CosmosHttpResponseError) -> BackendError:
    return BackendError(
        SERVICE, f"{action} of {_shown(key)} failed with status {error.status_code}"
    )


def _is_expired(document: dict[str, Any], now: float) -> bool:
    expires_at = document.get("expires_at")
    return isinstance(expires_at, int | float) and expires_at <= now


def _record_query(
    select: str, stream: str, prefix: bool, conversation: str | None, person: str | None,
    *, alias: str = "c",
) -> tuple[str, list[dict[str, Any]]]:
    """The query for matching records: documents of their own (alias "c"), or the records of
    batches' documents (`select` joining them as `alias`)."""
    r = alias
    test = f"STARTSWITH({r}.stream, @stream)" if prefix else f"{r}.stream = @stream"
    sql = f"{select} WHERE IS_DEFINED({r}.stream) AND {test}"
    parameters: list[dict[str, Any]] = [{"name": "@stream", "value": stream}]
    if conversation is not None:
        sql += f" AND {r}.conversation = @conversation"
        parameters.append({"name": "@conversation", "value": conversation})
    if person is not None:
        sql += f" AND {r}.person = @person"
        parameters.append({"name": "@person", "value": person})
    return sql, parameters


def _quoted(name: str) -> str:
    if '"' in name or "\\" in name:
        raise ValueError(f"unsupported field name in a document query: {name!r}")
    return f'"{name}"'


def _escape(match: re.Match[str]) -> str:
    return f"*{ord(match.group()):02x}"


def _shown(key: str) -> str:
    """The key for messages and logs, shortened: Teams conversation ids can be very long."""
    if len(key) <= _KEY_IN_MESSAGE:
        return repr(key)
    return repr(key[:_KEY_IN_MESSAGE] + "...")
