"""ERA for the side-by-side benchmark: the real app on embedded defaults (SQLite, offline), on a
seeded demo organisation, with every storage call counted (GET /bench/storage-ops).

`python -m bench.era_server PORT DATA_DIR [cosmos ENDPOINT KEY]`
"""

from __future__ import annotations

import os
import sys
from collections import Counter
from collections.abc import Iterable, Sequence
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from aiohttp import web

from app import create_app, open_storage
from config import EventLoopKind, Settings
from event_loop import new_event_loop
from services.demo_organisation import seed_demo
from services.org_database import OrgDatabase


class CountingStorage:
    """Passes every call to the real storage and counts it."""

    def __init__(self, inner: Any) -> None:
        self._inner = inner
        self.calls: Counter[str] = Counter()

    async def read(self, keys: Sequence[str]) -> dict[str, Any]:
        self.calls["read"] += 1
        return await self._inner.read(keys)  # type: ignore[no-any-return]

    async def read_documents(self, keys: Sequence[str]) -> dict[str, Any]:
        self.calls["read"] += 1
        return await self._inner.read_documents(keys)  # type: ignore[no-any-return]

    async def write(self, changes: dict[str, Any]) -> None:
        self.calls["write"] += 1
        await self._inner.write(changes)

    def carry_records(self, source: Any) -> None:
        carry = getattr(self._inner, "carry_records", None)
        if callable(carry):
            carry(source)

    async def delete(self, keys: Iterable[str]) -> None:
        self.calls["delete"] += 1
        await self._inner.delete(keys)

    # The durable records (audit, ledgers, transcripts, feedback): documents count as reads and
    # writes; records appended in the background batches are counted apart ("append").

    async def append_records(self, records: Any, **options: Any) -> int:
        self.calls["append"] += 1
        return await self._inner.append_records(records, **options)  # type: ignore[no-any-return]

    async def read_records(self, stream: str, **query: Any) -> list[Any]:
        self.calls["read_records"] += 1
        return await self._inner.read_records(stream, **query)  # type: ignore[no-any-return]

    async def delete_records(self, stream: str, **query: Any) -> int:
        self.calls["delete"] += 1
        return await self._inner.delete_records(stream, **query)  # type: ignore[no-any-return]

    async def purge_expired_records(self) -> int:
        self.calls["append"] += 1
        return await self._inner.purge_expired_records()  # type: ignore[no-any-return]

    async def read_document(self, key: str) -> Any:
        self.calls["read"] += 1
        return await self._inner.read_document(key)

    async def create_document(self, key: str, body: Any, **options: Any) -> Any:
        self.calls["write"] += 1
        return await self._inner.create_document(key, body, **options)

    async def replace_document(self, key: str, body: Any, **options: Any) -> Any:
        self.calls["write"] += 1
        return await self._inner.replace_document(key, body, **options)

    async def delete_document(self, key: str, **options: Any) -> bool:
        self.calls["delete"] += 1
        return await self._inner.delete_document(key, **options)  # type: ignore[no-any-return]

    async def document_keys(self, prefix: str, **options: Any) -> list[str]:
        self.calls["read"] += 1
        return await self._inner.document_keys(prefix, **options)  # type: ignore[no-any-return]

    async def close(self) -> None:
        await self._inner.close()


async def _build(port: int, data_dir: Path, environ: dict[str, str]) -> web.AppRunner:
    settings = Settings.from_env({"ERA_DATA_DIR": str(data_dir), "LOG_LEVEL": "WARNING",
                                  **environ})
    db = await OrgDatabase.open(settings.data_dir / "org.sqlite3")
    await seed_demo(db, datetime.now(UTC).date())
    await db.close()
    storage = CountingStorage(await open_storage(settings))
    app = create_app(settings, storage=storage, settle_heap=True)  # type: ignore[arg-type]

    async def counters(_request: web.Request) -> web.Response:
        return web.json_response(dict(storage.calls))

    app.router.add_get("/bench/storage-ops", counters)
    runner = web.AppRunner(app, access_log=None)
    await runner.setup()
    await web.TCPSite(runner, "127.0.0.1", port).start()
    return runner


def main() -> None:
    """Serve until killed."""
    port, data_dir = int(sys.argv[1]), Path(sys.argv[2])
    environ: dict[str, str] = {}
    if len(sys.argv) > 3 and sys.argv[3] == "cosmos":
        environ = {"ERA_STORAGE": "cosmos", "COSMOS_ENDPOINT": sys.argv[4],
                   "COSMOS_KEY": sys.argv[5], "COSMOS_VERIFY_TLS": "false",
                   "COSMOS_CREATE_IF_MISSING": "true", "COSMOS_DATABASE": "era-bench",
                   "COSMOS_CONTAINER": "state"}
    # The loop is made before the app's settings are read: ERA_EVENT_LOOP is read here itself.
    loop = new_event_loop(EventLoopKind(os.environ.get("ERA_EVENT_LOOP") or "uvloop"))
    loop.run_until_complete(_build(port, data_dir, environ))
    loop.run_forever()


if __name__ == "__main__":
    main()
