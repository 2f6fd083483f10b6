"""A store (a site with its own schedule, manager and time zone)."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Store:
    """A store: its id, display name and IANA time zone name."""

    id: str
    name: str
    timezone: str
