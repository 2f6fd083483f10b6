"""ERA's exception hierarchy: one root, a few subclasses that callers can act on."""

from __future__ import annotations


class EraError(Exception):
    """Root of every error ERA raises on purpose."""


class ConfigError(EraError):
    """A setting is missing or invalid; the message names the variable and what it accepts."""


class BackendError(EraError):
    """An outside system (LLM, Graph, Cosmos DB, SMTP, ...) failed or timed out.

    `service` names the backend for logs and the failure tracker; the message is safe to log but
    is not shown to users verbatim.
    """

    def __init__(self, service: str, message: str) -> None:
        super().__init__(f"{service}: {message}")
        self.service = service


class NotFoundError(EraError):
    """A thing the user named does not exist (an unknown employee, shift or meeting)."""


class PermissionDeniedError(EraError):
    """The person may not do this (a worker cancelling someone else's shift, a manager of
    another store)."""


class ValidationError(EraError):
    """The user's input cannot be used as given; the message says what is accepted."""


class ConflictError(EraError):
    """A write lost an optimistic-concurrency race (stale ETag, or a first write that lost)."""
