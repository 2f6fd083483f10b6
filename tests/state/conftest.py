"""Fixtures for the storage tests: the local Cosmos DB server, started once per test session.

Without Node or the server package the Cosmos DB tests fail with a message that says what to
install; they are never skipped, because the storage they cover is the production one.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import ExitStack

import pytest

from tests.fakes.cosmos_server import CosmosServer, CosmosServerUnavailable, running_cosmos_server


@pytest.fixture(scope="session")
def cosmos_server() -> Iterator[CosmosServer]:
    """A running local Cosmos DB server shared by the session's tests."""
    with ExitStack() as stack:
        try:
            server = stack.enter_context(running_cosmos_server())
        except CosmosServerUnavailable as error:
            pytest.fail(f"cannot run the Cosmos DB storage tests: {error}", pytrace=False)
        yield server
