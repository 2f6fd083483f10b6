"""Wraps a service so that each of its calls reports to the current turn: a BackendError is a
technical failure, a call that returns is a success. The service does not know it is wrapped;
callers see the same methods, results and exceptions."""

from __future__ import annotations

import functools
import inspect
from collections.abc import Awaitable, Callable
from typing import Any, Generic, TypeVar

from core.errors import BackendError
from core.failure_tracker import FailureCategory
from core.turn_report import current_report

T = TypeVar("T")


class TrackedService(Generic[T]):
    """A transparent proxy over `inner` that reports every coroutine method call."""

    def __init__(self, inner: T, name: str) -> None:
        self._inner = inner
        self._name = name

    def __getattr__(self, attribute: str) -> Any:
        value = getattr(self._inner, attribute)
        if attribute.startswith("_") or not inspect.iscoroutinefunction(value):
            return value
        return _tracked(value, f"{self._name}.{attribute}")


def tracked(inner: T, name: str) -> T:
    """`inner`, reporting its calls to the current turn (typed as the service itself)."""
    return TrackedService(inner, name)  # type: ignore[return-value]


def _tracked(method: Callable[..., Awaitable[Any]], label: str) -> Callable[..., Awaitable[Any]]:
    @functools.wraps(method)
    async def call(*args: Any, **kwargs: Any) -> Any:
        try:
            result = await method(*args, **kwargs)
        except BackendError as error:
            report = current_report()
            if report is not None:
                report.failure(FailureCategory.TECHNICAL, f"{label}: {error}")
            raise
        report = current_report()
        if report is not None:
            report.success(label)
        return result

    return call
