"""Names written in kana are read as the directory's names, as Japanese says them."""

from __future__ import annotations

import pytest

from core.kana_names import has_kana, romanise, spell_kana_names, spoken_in_japanese
from core.name_matcher import find_names_in_text, fully_named, match_people
from core.person import Person, PersonRole


def _person(pid: str, name: str) -> Person:
    email = name.lower().replace(" ", ".") + "@contoso.example"
    return Person(pid, name, email, PersonRole.EMPLOYEE, "store")


PEOPLE = [
    _person("bs", "Bob Smith"),
    _person("bj", "Bob Jones"),
    _person("am", "Alice Martin"),
    _person("fk", "Fatima Khan"),
    _person("cw", "Chen Wei"),
    _person("lr", "Luca Rossi"),
    _person("yt", "Yuki Tanaka"),
    _person("es", "Emma Schmidt"),
    _person("il", "Ingrid Larsen"),
    _person("pa", "Pedro Alves"),
    _person("oh", "Omar Haddad"),
    _person("dn", "Daniel Okafor"),
    _person("sd", "Sophie Dubois"),
]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("アリスさんに電話して", ["am"]),
        ("ボブさんを金曜日のシフトから外して", ["bs", "bj"]),  # two Bobs: the dialog asks
        ("ボブ・スミスさんを金曜日のシフトから外して", ["bs"]),
        ("ボブ・ジョーンズさんとの会議", ["bj"]),
        ("チェン・ウェイさんにメールして", ["cw"]),
        ("アリス・マーティンさんにメール", ["am"]),
        ("ルカさんとユキさんのシフトを交換して", ["lr", "yt"]),
        ("ファティマ・カーンさんに電話", ["fk"]),
        ("エマ・シュミットさんに連絡", ["es"]),
        ("イングリッドさん", ["il"]),
        ("ペドロ・アルベスさん", ["pa"]),
        ("オマールさん", ["oh"]),
        ("ダニエル・オカフォーさん", ["dn"]),
        ("ｱﾘｽさんに電話して", ["am"]),  # half-width katakana
        ("ありすさんにでんわして", ["am"]),  # hiragana, before the honorific
        ("あしたぼぶさんに電話", ["bs", "bj"]),
        ("Aliceさんに電話して", ["am"]),
        ("ソフィーさんとルカさん", ["sd", "lr"]),  # a final -ie is a long i
    ],
)
def test_names_in_kana_are_found(text: str, expected: list[str]) -> None:
    assert [p.id for p in find_names_in_text(text, PEOPLE, language="ja")] == expected


@pytest.mark.parametrize(
    "text",
    [
        "シフトをキャンセルしたい",
        "ミーティングを予約して",
        "メールを送って",
        "スケジュールを見せて",
        "リスさんに電話して",  # a squirrel is not Alice: Japanese keeps a name's first sound
        "アイスを買って",  # ice is not Alice
        "ジョブさんに電話して",  # one sound from Bob is not Bob
        "ベビーシッターの件",
        "パートさんのシフト",
        "マネージャーに連絡",
        "レジの担当",
        "ありがとうございます",
        "こんにちは、よろしくおねがいします",
    ],
)
def test_kana_that_is_no_name_names_nobody(text: str) -> None:
    assert find_names_in_text(text, PEOPLE, language="ja") == []


@pytest.mark.parametrize(
    ("answer", "expected"),
    [
        ("アリス", {"am"}),
        ("ボブさん", {"bs", "bj"}),
        ("ボブ・スミスさんです", {"bs"}),
        ("スミス", {"bs"}),
        ("ジョーンズさん", {"bj"}),
        ("ロッシ", {"lr"}),
        ("ネコ", set()),
    ],
)
def test_answers_in_kana(answer: str, expected: set[str]) -> None:
    assert {p.id for p in match_people(answer, PEOPLE, language="ja")} == expected


def test_a_full_name_in_kana_is_a_full_name() -> None:
    assert [p.id for p in fully_named("ボブ・ジョーンズさんのシフト", PEOPLE)] == ["bj"]


@pytest.mark.parametrize(
    ("kana", "latin"),
    [
        ("マーティン", "maatin"),
        ("チェン", "chen"),
        ("ウェイ", "wei"),
        ("ファティマ", "fatima"),
        ("ロッシ", "rosshi"),
        ("ｼｭﾐｯﾄ", "shumitto"),
        ("ありす", "arisu"),
        ("ヴィクター", "vikutaa"),
    ],
)
def test_romanise(kana: str, latin: str) -> None:
    assert romanise(kana) == latin


@pytest.mark.parametrize(
    ("part", "said"),
    [
        ("bob", "bobu"),
        ("smith", "sumisu"),
        ("alice", "arisu"),
        ("martin", "matin"),
        ("chen", "chen"),
        ("schmidt", "sumito"),
        ("luca", "ruka"),
        ("victor", "bikuta"),
    ],
)
def test_names_as_japanese_says_them(part: str, said: str) -> None:
    assert said in spoken_in_japanese(part)


def test_text_without_kana_is_left_as_it_is() -> None:
    assert not has_kana("call Bob 给鲍勃打电话")
    text = "call Bob"
    assert spell_kana_names(text, ("bob",)) is text
