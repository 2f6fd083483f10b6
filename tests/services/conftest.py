"""Fixtures for the services tests. `stores`: a pair of separately opened durable stores over
the same data (two workers), once on SQLite and once on the local Cosmos DB server."""

from __future__ import annotations

import uuid
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from core.durable_store import DurableStore
from state.cosmos_storage import CosmosStorage
from state.sqlite_storage import SqliteStorage


@pytest.fixture(params=["sqlite", "cosmos"])
async def stores(
    request: pytest.FixtureRequest, tmp_path: Path
) -> AsyncIterator[tuple[DurableStore, DurableStore]]:
    """Two workers' views of one store."""
    opened: list[SqliteStorage | CosmosStorage] = []
    if request.param == "sqlite":
        for _worker in range(2):
            opened.append(await SqliteStorage.create(tmp_path / "state.sqlite3"))
    else:
        server = request.getfixturevalue("cosmos_server")
        container = f"records-{uuid.uuid4().hex[:12]}"
        for worker in range(2):
            opened.append(await CosmosStorage.create(
                endpoint=server.endpoint, key=server.key, database="era-tests",
                container=container, verify_tls=False, create_if_missing=worker == 0,
            ))
    try:
        yield opened[0], opened[1]
    finally:
        for store in opened:
            await store.close()
