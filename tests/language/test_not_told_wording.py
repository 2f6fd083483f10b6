"""When ERA could not tell one person (a manager, a colleague), the line asking the user to do
it themselves names no plural or wrongly gendered pronoun for that one person ("let them know",
"le leur dire", "avvisarlo" for Maria, "avise-o"): it says "your manager" or "pass it on"."""

from __future__ import annotations

import pytest

from language.catalogue import say

# Words that, for one named person (Maria Lopez, Alice Martin), are a plural or a guessed gender.
_WRONG_FOR_ONE = {
    "en": (" them ", " them.", " they "),
    "fr": (" le leur ", " le prévenir", " la prévenir"),
    "it": ("avvisarlo", "avvisarla", "l'ho avvisato", "l'ho avvisata"),
    "pt": ("avise-o", "avise-a"),
    "nl": ("hem of haar",),
    "de": ("sie oder ihn",),
    "pl": ("nie pisali",),
}

_LINES: list[tuple[str, dict[str, str | int]]] = [
    ("shift_change.done_not_told", {"names": "Alice Martin"}),
    ("shift_change.people_not_told", {"names": "Alice Martin", "summary": "Fri 27 Nov"}),
    ("shift_cancel.manager_not_told", {"manager": "Maria Lopez"}),
    ("running_late.not_told", {"manager": "Maria Lopez", "shift": "Fri 27 Nov"}),
    ("more_hours.not_told", {"manager": "Maria Lopez"}),
    ("ask_manager.not_told", {"manager": "Maria Lopez"}),
    ("shift_cancel.already_told",
     {"manager": "Maria Lopez", "shift": "Fri 27 Nov", "count": 1}),
    ("shift_cancel.cover_is_managers", {"manager": "Maria Lopez", "name": "Chen Wei"}),
]


@pytest.mark.parametrize("language", sorted(_WRONG_FOR_ONE))
@pytest.mark.parametrize(("message_id", "values"), _LINES)
def test_the_not_told_line_for_one_person_has_no_wrong_pronoun(
    language: str, message_id: str, values: dict[str, str | int]
) -> None:
    line = say(message_id, language, **values)
    assert str(next(iter(values.values()))) in line, line
    assert not [w for w in _WRONG_FOR_ONE[language] if w in line], line
