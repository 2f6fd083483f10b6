"""A person ERA knows: who they are, their role at work, their store and their manager."""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum


class PersonRole(StrEnum):
    """What a person may ask ERA to do: managers advise, act and schedule; employees manage
    their own shifts."""

    MANAGER = "manager"
    EMPLOYEE = "employee"


@dataclass(frozen=True)
class Person:
    """A person in the directory.

    job_roles: the store roles they are qualified for ("cashier", "sales associate", ...).
    aad_object_id: their Entra ID object id (Teams sends it as from.aadObjectId).
    channel_user_id: the id a channel without Entra ID sends (the Emulator, the console client).
    preferred_language: a BCP 47 tag ("fr-FR") from the directory, for what ERA writes to them
    when they have not written first (notices, emails); None when unknown.
    other_names: the name as the directory also writes it, where that differs from `name`
    (a Japanese colleague's "田中 由紀" beside the display name "Yuki Tanaka").
    """

    id: str
    name: str
    email: str
    role: PersonRole
    store_id: str
    manager_id: str | None = None
    job_roles: tuple[str, ...] = field(default_factory=tuple)
    aad_object_id: str | None = None
    channel_user_id: str | None = None
    preferred_language: str | None = None
    other_names: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        if not self.id or not self.name:
            raise ValueError("a person needs an id and a name")
        if "@" not in self.email:
            raise ValueError(f"not an email address: {self.email!r}")
        if not isinstance(self.role, PersonRole):
            object.__setattr__(self, "role", PersonRole(self.role))

    @property
    def is_manager(self) -> bool:
        """Whether this person manages a store."""
        return self.role is PersonRole.MANAGER

    @property
    def first_name(self) -> str:
        """The first word of the name, for a friendly greeting."""
        return self.name.split()[0]
