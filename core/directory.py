"""The directory Protocol: who a channel user is, and finding people by name or email."""

from __future__ import annotations

from typing import Protocol

from core.person import Person, PersonRole
from core.store import Store


class Directory(Protocol):
    """Looks people up. Implemented by services (the demo organisation in SQLite by default)."""

    async def identify(self, *, channel_user_id: str, aad_object_id: str | None) -> Person | None:
        """The person behind a channel account: by Entra object id first, then channel id."""
        ...

    async def get(self, person_id: str) -> Person | None:
        """A person by directory id."""
        ...

    async def find_by_email(self, email: str) -> Person | None:
        """A person by email address (case does not matter)."""
        ...

    async def list_people(
        self, *, store_id: str | None = None, role: PersonRole | None = None
    ) -> list[Person]:
        """Everyone, or everyone in a store and/or with a role, sorted by name."""
        ...

    async def get_store(self, store_id: str) -> Store | None:
        """A store by id."""
        ...
