""""the other one", "both" and "all of them" are read only when the message says nothing
else."""

from __future__ import annotations

import pytest

from core.choice_option import ChoiceOption
from language.option_reference import (
    SeveralPicked,
    picks_several,
    points_at_options,
    says_all,
    says_both,
    says_other_one,
)


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
    "not both", "neither", "neither of them", "pas les deux", "ni l'un ni l'autre",
    "nicht beide", "keiner von beiden", "no los dos", "ninguno de los dos", "non entrambi",
    "nem os dois", "niet allebei", "geen van beide", "nie obie", "两个都不要", "两个都不是",
    "不是两个都", "両方ではない", "両方違う", "両方いらない",
])
def test_not_both_is_no_both(text: str) -> None:
    assert not says_both(text)


@pytest.mark.parametrize("text", [
    "no, both", "non, les deux", "nein, beide", "no, los dos", "não, os dois", "nie, obie",
    "不是，两个都", "不，两个都要", "いや、両方",
])
def test_no_then_both_is_both(text: str) -> None:
    assert says_both(text)


@pytest.mark.parametrize("text", [
    "not all", "not all of them", "pas tous", "nicht alle", "no todos", "不是全部", "不要全部",
    "全部じゃない", "全部いらない",
])
def test_not_all_is_no_all(text: str) -> None:
    assert not says_all(text)


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


def _week() -> list[ChoiceOption]:
    """A worker's six shifts of the week, as the cancel list offers them."""
    days = ["Mon 23 Nov", "Tue 24 Nov", "Wed 25 Nov", "Thu 26 Nov", "Fri 27 Nov", "Sat 28 Nov"]
    return [ChoiceOption(option_id=f"opt_{n + 1}", index=n, label=f"{day}, Morning 09:00-15:00",
                         value=f"shift-{n}", start="09:00") for n, day in enumerate(days)]


@pytest.mark.parametrize(("text", "locale", "places"), [
    ("1 and 2", "en-GB", (0, 1)), ("1, 2", "en-GB", (0, 1)), ("1 and 2 please", "en-GB", (0, 1)),
    ("the first two", "en-GB", (0, 1)), ("no, 2 and 4", "en-GB", (1, 3)),
    ("1 et 3", "fr-FR", (0, 2)), ("les deux premiers", "fr-FR", (0, 1)),
    ("1 und 2", "de-DE", (0, 1)), ("die ersten drei", "de-DE", (0, 1, 2)),
    ("1 y 2", "es-ES", (0, 1)), ("1 e 2", "it-IT", (0, 1)), ("1 e 2", "pt-BR", (0, 1)),
    ("1 en 2", "nl-NL", (0, 1)), ("1 i 2", "pl-PL", (0, 1)), ("1と2", "ja-JP", (0, 1)),
    ("最初の2つ", "ja-JP", (0, 1)), ("1和3", "zh-CN", (0, 2)), ("前两个", "zh-CN", (0, 1)),
    ("monday and tuesday", "en-GB", (0, 1)), ("2 and 2 and 3", "en-GB", (1, 2)),
    ("dwie pierwsze", "pl-PL", (0, 1)), ("pierwsze dwie", "pl-PL", (0, 1)),
    ("trzy pierwsze zmiany", "pl-PL", (0, 1, 2)), ("die ersten beiden", "de-DE", (0, 1)),
    ("die beiden ersten", "de-DE", (0, 1)),
])
def test_several_options_picked_by_number_or_name(
    text: str, locale: str, places: tuple[int, ...]
) -> None:
    assert picks_several(text, "select_shift", _week(), locale) == SeveralPicked(places)


@pytest.mark.parametrize(("text", "locale"), [
    ("1 and 9", "en-GB"), ("one and nine", "en-GB"), ("un et neuf", "fr-FR"),
    ("uno y nueve", "es-ES"),
])
def test_numbers_past_the_list_are_kept_apart(text: str, locale: str) -> None:
    assert picks_several(text, "select_shift", _week(), locale) == SeveralPicked((0,), (9,))


@pytest.mark.parametrize("text", [
    "2", "1 or 2", "1 and I'm sick", "both", "monday and tuesday are busy", "la première",
])
def test_one_pick_or_more_than_picks_is_no_list(text: str) -> None:
    assert picks_several(text, "select_shift", _week(), "en-GB") is None


@pytest.mark.parametrize("text", [
    "1 and 2", "1, 3", "1 et 2", "1 und 2", "1と2", "both", "les deux", "the other one", "tous",
])
def test_references_to_options_are_known_without_the_options(text: str) -> None:
    assert points_at_options(text)


@pytest.mark.parametrize("text", ["2", "bob and alice", "1 and I'm sick", "hello"])
def test_other_messages_point_at_no_options(text: str) -> None:
    assert not points_at_options(text)
