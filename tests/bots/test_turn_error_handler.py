"""What a person is told when a turn fails on a backend: the backend named in their language."""

from __future__ import annotations

import pytest

from bots.turn_error_handler import TurnErrorHandler
from core.errors import BackendError
from language.catalogue import say


@pytest.mark.parametrize("language", ["en", "fr", "de", "ja"])
def test_the_embedded_database_failing_is_said_as_the_database(language: str) -> None:
    """A SQLite error (a full disk) is ERA's database failing, as Cosmos DB's would be, not
    "a system I use"."""
    said = TurnErrorHandler.message_for(
        BackendError("sqlite", "OperationalError: database or disk is full"), "AB12CD34", language)
    assert said == say("turn_error.backend", language, service=say("service.cosmos", language),
                       reference="AB12CD34")
    assert say("service.other", language) not in said
