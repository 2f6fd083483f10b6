"""What ERA's log may hold: ids and reference codes at WARNING and above, never bodies or state.

Exception messages are where bodies leak: an SDK's DeserializationError quotes the JSON it could
not read, an HTTP error the response text, a KeyError the key, a UnicodeError the string. So
above INFO a record keeps its own words and ids but an exception in its arguments is shown by
type name only, and its traceback lists the frames and the exception types without their
messages. The SDKs that log each HTTP request at INFO (Azure, MSAL, urllib3, msrest...) are set
to WARNING, and aiohttp's refusals of malformed HTTP become one INFO line. With
ERA_LOG_LEVEL=DEBUG nothing is withheld (local diagnosis only).
"""

from __future__ import annotations

import logging
import sys
import traceback
from collections.abc import Callable
from types import TracebackType
from typing import Any

from aiohttp.http_exceptions import HttpProcessingError

NOISY_LOGGERS = (
    "azure",
    "azure.core.pipeline.policies.http_logging_policy",
    "azure.cosmos",
    "msal",
    "urllib3",
    "msrest",
    "requests_oauthlib",
    "openai",
    "httpx",
    "httpcore",
    "botbuilder",
    "botframework",
    "recognizers_text",
)
AIOHTTP_SERVER = "aiohttp.server"
LOG_FORMAT = "%(asctime)s %(levelname)s %(name)s: %(message)s"

_default_factory: Callable[..., logging.LogRecord] = logging.getLogRecordFactory()


def configure(level: str) -> None:
    """One log format for the whole process, noisy libraries quiet, exception text withheld
    above INFO unless the level is DEBUG."""
    logging.basicConfig(level=level, format=LOG_FORMAT, stream=sys.stderr)
    logging.getLogger().setLevel(level)
    for name in NOISY_LOGGERS:
        logging.getLogger(name).setLevel(logging.WARNING)
    server = logging.getLogger(AIOHTTP_SERVER)
    if not any(isinstance(f, MalformedHttpFilter) for f in server.filters):
        server.addFilter(MalformedHttpFilter())
    logging.setLogRecordFactory(
        _default_factory if level == "DEBUG" else withholding_record_factory
    )


def withholding_record_factory(*args: Any, **kwargs: Any) -> logging.LogRecord:
    """A LogRecord whose exceptions, above INFO, show their types and frames only."""
    record = _default_factory(*args, **kwargs)
    if record.levelno < logging.WARNING:
        return record
    if isinstance(record.args, tuple):
        record.args = tuple(_shown(arg) for arg in record.args)
    elif isinstance(record.args, dict):
        record.args = {key: _shown(value) for key, value in record.args.items()}
    if record.exc_info and record.exc_info[1] is not None:
        record.exc_text = traceback_without_messages(record.exc_info[1])
    return record


class MalformedHttpFilter(logging.Filter):
    """aiohttp logs a malformed HTTP request (a header too long, a bad request line) as an ERROR
    with a traceback quoting the bytes it refused (a token, say); it is the client's fault, so
    it becomes one INFO line with the error's type."""

    def filter(self, record: logging.LogRecord) -> bool:
        """Rewrite the record when it is aiohttp refusing a malformed request."""
        error = record.exc_info[1] if record.exc_info else None
        if isinstance(error, HttpProcessingError):
            record.msg, record.args = "malformed HTTP request refused: %s", (type(error).__name__,)
            record.exc_info, record.exc_text = None, None
            record.levelno, record.levelname = logging.INFO, logging.getLevelName(logging.INFO)
        return True


def _shown(arg: Any) -> Any:
    return type(arg).__name__ if isinstance(arg, BaseException) else arg


def traceback_without_messages(error: BaseException) -> str:
    """The traceback of an error and its causes: frames and exception types, no messages."""
    parts: list[str] = []
    seen: set[int] = set()
    current: BaseException | None = error
    while current is not None and id(current) not in seen:
        seen.add(id(current))
        parts.append(_one_traceback(current.__traceback__, type(current).__name__))
        current = current.__cause__ or current.__context__
    return "\n(caused by)\n".join(reversed(parts))


def _one_traceback(tb: TracebackType | None, name: str) -> str:
    lines = ["Traceback (most recent call last; messages withheld):"]
    for frame in traceback.extract_tb(tb):
        lines.append(f'  File "{frame.filename}", line {frame.lineno}, in {frame.name}')
    lines.append(name)
    return "\n".join(lines)
