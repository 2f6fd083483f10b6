"""Japanese names written in kanji are read as the directory's names, in kanji or in romaji."""

from __future__ import annotations

import pytest

from core.choice_option import ChoiceOption
from core.kanji_names import has_kanji, romaji_key, spell_kanji_names
from core.name_matcher import find_names_in_text, match_people
from core.person import Person, PersonRole
from core.question_id import QuestionId
from core.reply_interpreter import interpret_reply


def _person(pid: str, name: str) -> Person:
    return Person(pid, name, f"{pid}@contoso.example", PersonRole.EMPLOYEE, "store")


# The demo store (romaji, given name first) with Japanese colleagues as Japanese tenants write
# them: in kanji with a space, in kanji without one, in passport romaji surname first.
PEOPLE = [
    _person("bs", "Bob Smith"),
    _person("am", "Alice Martin"),
    _person("yt", "Yuki Tanaka"),
    _person("ks", "Satoh Keiko"),
    _person("ki", "鈴木 健一"),
    _person("yy", "山本由美"),
    _person("hh", "Hiroshi Hara"),
]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("田中さんの金曜のシフト", ["yt"]),
        ("田中様に電話して", ["yt"]),
        ("明日田中さんと面談", ["yt"]),
        ("田中由紀さんにメール", ["yt"]),
        ("由紀さんのシフト", ["yt"]),
        ("佐藤さんを金曜日のシフトから外して", ["ks"]),  # Satoh: the passport spelling
        ("佐藤恵子さん", ["ks"]),
        ("鈴木さんに電話", ["ki"]),
        ("健一くんのシフト", ["ki"]),
        ("鈴木部長に連絡", ["ki"]),
        ("山本さんと1on1", ["yy"]),  # written without a space: found by the surname
        ("山本由美さんのシフト", ["yy"]),
        ("原さんに電話して", ["hh"]),
        ("田中さんと佐藤さんのシフトを交換して", ["yt", "ks"]),
        ("田中に電話して", ["yt"]),
    ],
)
def test_names_in_kanji_are_found(text: str, expected: list[str]) -> None:
    assert [p.id for p in find_names_in_text(text, PEOPLE, language="ja")] == expected


@pytest.mark.parametrize(
    "text",
    [
        "遅刻の原因を教えて",  # 原 (Hara) in a word
        "金曜日のシフトを見せて",
        "高橋さんに電話",  # nobody of that name
        "山田さんのシフト",
        "明日の会議は？",
        "中田さん",  # Nakata is not Tanaka
    ],
)
def test_kanji_that_is_no_one_s_name_names_nobody(text: str) -> None:
    assert find_names_in_text(text, PEOPLE, language="ja") == []


@pytest.mark.parametrize(
    ("answer", "expected"),
    [
        ("田中さん", {"yt"}),
        ("佐藤", {"ks"}),
        ("鈴木健一です", {"ki"}),
        ("山本さん", {"yy"}),
        ("高橋さん", set()),
    ],
)
def test_answers_in_kanji(answer: str, expected: set[str]) -> None:
    assert {p.id for p in match_people(answer, PEOPLE, language="ja")} == expected


def test_a_kanji_name_the_directory_writes_and_reads_so_is_either_person() -> None:
    people = [*PEOPLE, _person("tk", "田中 健")]
    assert {p.id for p in match_people("田中さん", people, language="ja")} == {"yt", "tk"}


def test_an_option_is_picked_by_the_kanji_name() -> None:
    options = (
        ChoiceOption("opt_1", 0, "Bob Smith (Sales)", "bs"),
        ChoiceOption("opt_2", 1, "Yuki Tanaka (Cashier)", "yt"),
    )
    reply = interpret_reply("田中さんで", QuestionId.SELECT_EMPLOYEE, options, "ja-JP")
    assert (reply.intent, reply.option_id) == ("select", "opt_2")


@pytest.mark.parametrize(
    ("spelling", "key"),
    [("Satoh", "sato"), ("satou", "sato"), ("Sato", "sato"), ("Ohno", "ono"), ("Ono", "ono"),
     ("Yuuko", "yuko"), ("Homma", "honma"), ("Inoue", "inoe")],
)
def test_passport_and_hepburn_spellings_are_one(spelling: str, key: str) -> None:
    assert romaji_key(spelling) == key


def test_text_with_no_kanji_is_left_as_it_is() -> None:
    assert not has_kanji("ボブさんにメール")
    assert spell_kanji_names("ボブさんにメール", ["bob"]) == "ボブさんにメール"


# A tenant that keeps display names in romaji and the surname and given name in kanji.
WRITTEN_BESIDE = [
    Person("km", "Kenji Mori", "km@contoso.example", PersonRole.EMPLOYEE, "store",
           other_names=("森 健二",)),
    Person("ys", "Yoshiko Shirai", "ys@contoso.example", PersonRole.EMPLOYEE, "store",
           other_names=("白井 佳子",)),
    _person("bs", "Bob Smith"),
]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("白井さんの金曜のシフト", ["ys"]),  # 白井 is in no table: the directory writes it
        ("佳子さんに電話して", ["ys"]),
        ("森さんを外して", ["km"]),
        ("白井佳子さんにメール", ["ys"]),
    ],
)
def test_a_name_the_directory_writes_in_kanji_beside_romaji_is_found(
    text: str, expected: list[str]
) -> None:
    assert [p.id for p in find_names_in_text(text, WRITTEN_BESIDE, language="ja")] == expected
    assert [p.id for p in match_people(text, WRITTEN_BESIDE, language="ja")] == expected
