"""Errors and fit reasons said in the person's language (language/catalogue_errors.py)."""

from __future__ import annotations

import pytest

from language.catalogue_errors import fit_reason


@pytest.mark.parametrize(
    ("language", "expected"),
    [
        ("en", "Chen Wei is not qualified as cashier"),
        ("de", "Chen Wei ist nicht für die Funktion Kasse qualifiziert"),
        ("nl", "Chen Wei is niet gekwalificeerd als kassa"),
        ("pl", "Chen Wei nie ma uprawnień na stanowisko kasa"),
        ("fr", "Chen Wei n'a pas la qualification requise pour la fonction caisse"),
        ("es", "Chen Wei no tiene la cualificación para el puesto de caja"),
        ("it", "Chen Wei non ha la qualifica per il ruolo di cassa"),
        ("ja", "Chen Weiさんはレジの資格がありません"),
        ("zh-Hans", "Chen Wei不具备收银岗位资格"),
    ],
)
def test_a_role_someone_is_not_qualified_for_is_named_in_the_language(
    language: str, expected: str
) -> None:
    """A German manager swapping Alice and Chen read "Chen Wei ist nicht für die Funktion
    cashier qualifiziert": the role stayed the schedule's English word."""
    reason = fit_reason(
        [{"problem": "not_qualified", "name": "Chen Wei", "role": "cashier"}], language
    )
    assert reason == expected
