"""Choosing among people whose names look the same."""

from __future__ import annotations

from core.person import Person, PersonRole
from dialogs.employee_choice import people_options
from dialogs.shift_change_dialog import person_option


def _person(pid: str, name: str, email: str) -> Person:
    return Person(pid, name, email, PersonRole.EMPLOYEE, "store")


ALICE = _person("am", "Alice Martin", "alice.martin@contoso.example")
# The same name written with a Cyrillic А: another account that looks like Alice.
LOOKALIKE = _person("spoof", "\u0410lice Martin", "alice.martin@other.example")
BOB = _person("bs", "Bob Smith", "bob.smith@contoso.example")


def test_people_whose_names_look_the_same_are_told_apart_by_their_email() -> None:
    labels = [option.label for option in people_options([ALICE, LOOKALIKE, BOB], "en")]
    assert labels == ["Alice Martin, alice.martin@contoso.example",
                      "\u0410lice Martin, alice.martin@other.example", "Bob Smith"]


def test_a_shift_change_choice_shows_the_email_only_when_asked_to() -> None:
    assert person_option(ALICE, 0, "en").label == "Alice Martin"
    assert person_option(ALICE, 0, "en", with_email=True).label == (
        "Alice Martin, alice.martin@contoso.example")
