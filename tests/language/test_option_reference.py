""""the other one", "both" and "all of them" are read only when the message says nothing
else."""

from __future__ import annotations

import pytest

from language.option_reference import says_all, says_both, says_other_one


@pytest.mark.parametrize("text", [
    "the other one", "no, the other one", "non, l'autre", "el otro", "nein, die andere",
    "l'altro", "o outro", "de andere", "ten drugi", "もう一つの方", "いや、もう一人の方", "另一个",
])
def test_the_other_one_in_ten_languages(text: str) -> None:
    assert says_other_one(text)


@pytest.mark.parametrize("text", [
    "the other one is off sick", "no", "alice", "die andere Schicht am Freitag auch",
])
def test_more_than_the_other_one_is_no_reference(text: str) -> None:
    assert not says_other_one(text)


def test_the_name_both_options_share_may_stand_with_it() -> None:
    assert says_other_one("the other bob", ("bob",))
    assert not says_other_one("the other bob")


@pytest.mark.parametrize("text", [
    "both", "both please", "les deux", "los dos", "beide", "entrambi", "ambos", "allebei",
    "oboje", "obie", "両方", "两个都",
])
def test_both_in_ten_languages(text: str) -> None:
    assert says_both(text)


@pytest.mark.parametrize("text", ["both are busy", "les deux jours suivants", "no"])
def test_more_than_both_is_no_reference(text: str) -> None:
    assert not says_both(text)


@pytest.mark.parametrize("text", [
    "all of them", "all", "tous", "toutes", "todos", "alle", "tutti", "todas", "allemaal",
    "wszystkie", "全部", "すべて", "所有",
])
def test_all_of_them_in_ten_languages(text: str) -> None:
    assert says_all(text)


@pytest.mark.parametrize("text", [
    "all of them are mornings", "tous les lundis", "alle Schichten am Freitag",
])
def test_more_than_all_of_them_is_no_reference(text: str) -> None:
    assert not says_all(text)
