"""DurableDocuments: the document half of core.durable_store.DurableStore, written once over a
storage's own read / write (whose create-only and ETag-conditional writes give the claims their
exactly-one-winner guarantee); each storage adds its conditional delete and key query."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Protocol

from core.durable_store import StoredDocument
from core.errors import ConflictError
from state.state_codec import E_TAG, TTL, TYPE_TAG

_RESERVED = frozenset({E_TAG, TTL, TYPE_TAG})


class _ItemStorage(Protocol):
    """What the mixin needs of the storage it is mixed into."""

    async def read(self, keys: Sequence[str]) -> dict[str, Any]: ...

    async def write(self, changes: dict[str, Any]) -> None: ...


class DurableDocuments:
    """Mixin for a botbuilder Storage with ERA's create-only and e_tag semantics (the storage
    provides `read` and `write`)."""

    async def read_document(self: _ItemStorage, key: str) -> StoredDocument | None:
        """The live document under `key`, or None."""
        item = (await self.read([key])).get(key)
        if not isinstance(item, dict):
            return None
        body = {name: value for name, value in item.items() if name not in (E_TAG, TTL)}
        return StoredDocument(key=key, body=body, e_tag=str(item[E_TAG]))

    async def create_document(
        self: _ItemStorage, key: str, body: dict[str, Any], *, ttl_seconds: int | None = None
    ) -> str | None:
        """Store a new document; its ETag, or None when a live one already has the key."""
        item = _item(body, ttl_seconds)
        try:
            await self.write({key: item})
        except ConflictError:
            return None
        return str(item[E_TAG])

    async def replace_document(
        self: _ItemStorage, key: str, body: dict[str, Any], *, e_tag: str,
        ttl_seconds: int | None = None,
    ) -> str | None:
        """Replace the document if it still has `e_tag`; the new ETag, or None otherwise."""
        if not e_tag or e_tag == "*":
            raise ValueError("replace_document needs the ETag that was read")
        item = {**_item(body, ttl_seconds), E_TAG: e_tag}
        try:
            await self.write({key: item})
        except ConflictError:
            return None
        return str(item[E_TAG])


def _item(body: dict[str, Any], ttl_seconds: int | None) -> dict[str, Any]:
    clash = _RESERVED.intersection(body)
    if clash:
        raise ValueError(f"a document body may not use the reserved field(s) {sorted(clash)}")
    item = dict(body)
    if ttl_seconds is not None:
        item[TTL] = ttl_seconds
    return item
