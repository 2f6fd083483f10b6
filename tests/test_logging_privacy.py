"""The log at the configured INFO level, over a varied HTTP run (conversations, failed replies, the
fuzz corpus, an oversized header, Cosmos DB storage): no message text in any record, and no
person name or Entra object id in any WARNING or ERROR record; the Azure SDK's per-request
lines are not logged."""

from __future__ import annotations

import copy
import logging
from collections.abc import Iterator
from pathlib import Path

import aiohttp
import pytest

from app import configure_logging
from bots.log_policy import LOG_FORMAT, NOISY_LOGGERS
from services.demo_organisation import PEOPLE
from tests.conftest import FIXED_NOW, fixed_clock
from tests.fakes.cosmos_server import CosmosServer
from tests.http_harness import RunningApp, client_for, seed, start_app
from tests.test_fuzz_requests import FuzzCase, fuzz_corpus, post_corpus
from tools.local_connector import LocalConnector

MARKER = "Quokka-7731"
SAID = (
    f"cancel my shift tomorrow {MARKER}",
    f"my child is ill {MARKER}",
    f"my employee missed three shifts {MARKER}",
    f"help {MARKER}",
)


@pytest.fixture
def era_logging(caplog: pytest.LogCaptureFixture) -> Iterator[pytest.LogCaptureFixture]:
    """The process logging as app.main configures it at INFO; restored afterwards."""
    factory = logging.getLogRecordFactory()
    levels = {name: logging.getLogger(name).level for name in ("", *NOISY_LOGGERS)}
    configure_logging("INFO")
    caplog.set_level(logging.INFO)
    yield caplog
    logging.setLogRecordFactory(factory)
    for name, level in levels.items():
        logging.getLogger(name).setLevel(level)


def _formatted(caplog: pytest.LogCaptureFixture, minimum: int) -> list[str]:
    formatter = logging.Formatter(LOG_FORMAT)
    return [formatter.format(record) for record in caplog.records if record.levelno >= minimum]


def _private_words() -> list[str]:
    words = [MARKER]
    for person in PEOPLE:
        words.append(person.name)
        if person.aad_object_id:
            words.append(person.aad_object_id)
    return words


def _with_marker(cases: list[FuzzCase]) -> list[FuzzCase]:
    marked = []
    for case in cases:
        if isinstance(case.body, dict):
            body = copy.deepcopy(case.body)
            body["text"] = f"{body.get('text') or ''} {MARKER}"
            if isinstance(body.get("from"), dict):
                body["from"]["name"] = f"Bob Smith {MARKER}"
            marked.append(FuzzCase(case.name, body))
        else:
            marked.append(case)
    return marked


async def _converse(app: RunningApp, connector: LocalConnector) -> None:
    worker = client_for(app, connector, "bob-smith")
    await worker.join()
    for text in SAID:
        await worker.say(text)
    manager = client_for(app, connector, "maria")
    await manager.say(f"assign bob jones on wed sales associate {MARKER}")
    await manager.say("matin")
    await manager.say("oui")


async def test_no_message_text_names_or_object_ids_in_the_log(
    tmp_path: Path, era_logging: pytest.LogCaptureFixture
) -> None:
    await seed(tmp_path, FIXED_NOW)
    app = await start_app(tmp_path, fixed_clock)
    try:
        async with LocalConnector() as connector:
            await _converse(app, connector)
            corpus = _with_marker(fuzz_corpus(connector.service_url)[::4])
            statuses = await post_corpus(app.messages_url, corpus)
            assert all(status < 500 for status in statuses.values())
        # The connector is gone: replies fail, and the failures are logged.
        gone = client_for(app, connector, "bob-smith")
        await gone.post(gone.activity(text=f"cancel my shift {MARKER}"))
        await _oversized_header(app)
    finally:
        await app.stop()
    warnings = _formatted(era_logging, logging.WARNING)
    assert warnings, "the run logged failures"
    for line in warnings:
        for word in _private_words():
            assert word not in line, line
    for line in _formatted(era_logging, logging.INFO):
        assert MARKER not in line, line
    refused = [r for r in era_logging.records if r.name == "aiohttp.server"]
    assert [r.getMessage() for r in refused] == ["malformed HTTP request refused: LineTooLong"]
    assert refused[0].levelno == logging.INFO and refused[0].exc_info is None


async def _oversized_header(app: RunningApp) -> None:
    """A header longer than aiohttp reads (aiohttp logs the refusal itself)."""
    async with aiohttp.ClientSession() as session, session.post(
        app.messages_url, json={}, headers={"Authorization": f"Bearer {MARKER * 1200}"}
    ) as response:
        assert response.status == 400


async def test_the_azure_sdk_does_not_log_each_request(
    tmp_path: Path, era_logging: pytest.LogCaptureFixture, connector: LocalConnector,
    cosmos_server: CosmosServer,
) -> None:
    await seed(tmp_path, FIXED_NOW)
    app = await start_app(
        tmp_path, fixed_clock, ERA_STORAGE="cosmos", COSMOS_ENDPOINT=cosmos_server.endpoint,
        COSMOS_KEY=cosmos_server.key, COSMOS_VERIFY_TLS="false",
        COSMOS_CREATE_IF_MISSING="true", COSMOS_DATABASE="era-logs",
        COSMOS_CONTAINER=f"state-{tmp_path.name[-8:]}",
    )
    try:
        await _converse(app, connector)
    finally:
        await app.stop()
    assert connector.messages(), "the conversation ran"
    chatty = [r for r in era_logging.records
              if r.name.startswith(("azure", "urllib3", "msal", "msrest"))
              and r.levelno < logging.WARNING]
    assert chatty == []


def test_exception_text_is_withheld_above_info(era_logging: pytest.LogCaptureFixture) -> None:
    log = logging.getLogger("era.test")
    try:
        raise ValueError(f"could not read {{'text': '{MARKER}'}}")
    except ValueError as error:
        log.error("turn failed (ref ABC123): %r", error, exc_info=True)
        log.info("the same at INFO: %s", type(error).__name__)
    (line,) = _formatted(era_logging, logging.ERROR)
    assert "ref ABC123" in line and "ValueError" in line and "test_logging_privacy" in line
    assert MARKER not in line


def test_debug_keeps_everything(caplog: pytest.LogCaptureFixture) -> None:
    factory = logging.getLogRecordFactory()
    try:
        configure_logging("DEBUG")
        caplog.set_level(logging.DEBUG)
        logging.getLogger("era.test").error("detail: %r", ValueError(MARKER))
        assert MARKER in caplog.records[-1].getMessage()
    finally:
        logging.setLogRecordFactory(factory)
        logging.getLogger().setLevel(logging.WARNING)
