"""Names written in Chinese characters are read as the directory's names."""

from __future__ import annotations

import pytest

from core.choice_option import ChoiceOption
from core.hanzi_names import has_hanzi, spell_hanzi_names
from core.name_matcher import find_names_in_text, fully_named, match_people
from core.person import Person, PersonRole
from core.reply_interpreter import ReplyIntent, interpret_reply


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
    _person("sd", "Sophie Dubois"),
    _person("ml", "Maria Lopez"),
    _person("es", "Emma Schmidt"),
    _person("il", "Ingrid Larsen"),
    _person("pa", "Pedro Alves"),
    _person("oh", "Omar Haddad"),
    _person("dn", "Daniel Okafor"),
]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("给鲍勃打个电话", ["bs", "bj"]),  # two Bobs: the dialog asks which one
        ("安排爱丽丝下周五上班", ["am"]),
        ("把陈伟周三的班换给Bob", ["cw", "bs", "bj"]),
        ("和玛丽亚开个会", ["ml"]),
        ("给鲍勃·史密斯发邮件", ["bs"]),
        ("鲍勃·琼斯明天上班吗", ["bj"]),
        ("艾丽斯·马丁", ["am"]),
        ("小陈明天上班吗", ["cw"]),
        ("陈经理在吗", ["cw"]),
        ("周五下午和爱丽丝还有陈开会", ["am", "cw"]),  # the surname alone, listed
        ("跟陈周五下午见面", ["cw"]),
        ("陈这周迟到了三次", ["cw"]),  # the surname alone, opening a note about him
        ("陈又没来上班", ["cw"]),
        ("陈今天在仓库里哭", ["cw"]),
        ("给陈发邮件", ["cw"]),
        ("给爱丽丝和陈发邮件说排班的事", ["am", "cw"]),  # listed before the email: both
        ("给爱丽丝和陈写封信", ["am", "cw"]),
        ("给爱丽丝和陈发个消息", ["am", "cw"]),
        ("陈列柜和陈发现的问题", []),  # "陈列" and "陈发现" name no one
        ("让陈明天早点来", ["cw"]),
        ("把周四的陈换成alice", ["cw", "am"]),  # the surname alone, whose shift changes
        ("周四陈的班给alice", ["cw", "am"]),
        ("把陈调到周五", ["cw"]),
        ("周五下午给陈排班", ["cw"]),  # the surname alone, whose shift is arranged
        ("给陈排周五下午的班", ["cw"]),
        ("安排陈周五下午上班", ["cw"]),
        ("周五下午安排陈上班", ["cw"]),
        ("让陈明天顶班", ["cw"]),
        ("卢卡和索菲换班", ["lr", "sd"]),
        ("给法蒂玛打电话", ["fk"]),
        ("艾玛·施密特", ["es"]),
        ("英格丽德下周休息", ["il"]),
        ("佩德罗·阿尔维斯", ["pa"]),
        ("奥马尔", ["oh"]),
        ("丹尼尔", ["dn"]),
        ("给Alice发邮件", ["am"]),
    ],
)
def test_names_in_chinese_characters_are_found(text: str, expected: list[str]) -> None:
    assert [p.id for p in find_names_in_text(text, PEOPLE, language="zh")] == expected


@pytest.mark.parametrize(
    "text",
    [
        "明天谁上班",
        "我要取消明天的班",
        "马上给他发邮件",  # 马 is a surname, but 马上 is "at once"
        "阿里巴巴",  # 巴巴 is not Bob: one consonant is too little
        "加班",
        "安排一下",
        "给他发邮件吧",
        "第二个",
        "后天下午两点半左右",
        "伟大",  # 伟 alone is no one's name
        "陈述一下情况",  # nor 陈 without 小, 老 or a title
        "和陈述有关的邮件",  # nor 陈 listed but part of a word
        "陈列架又乱了",  # nor opening a note but part of a word
        "给陈列区补货",
        "周四的陈列架",  # nor after a day but part of a word
        "把陈列架搬走",
        "安排陈列",  # nor after "安排" but part of a word
        "周五下午给陈列区排班",
        "明日のシフトをキャンセルしたい",  # Japanese kanji
    ],
)
def test_characters_that_are_no_name_name_nobody(text: str) -> None:
    assert find_names_in_text(text, PEOPLE, language="zh") == []


@pytest.mark.parametrize(
    ("query", "expected"),
    [("鲍勃", ["bs", "bj"]), ("爱丽丝", ["am"]), ("陈伟", ["cw"]), ("鲍勃·史密斯", ["bs"])],
)
def test_an_answer_in_characters_names_the_person(query: str, expected: list[str]) -> None:
    assert sorted(p.id for p in match_people(query, PEOPLE)) == sorted(expected)


def test_a_full_name_in_characters_is_a_full_name() -> None:
    assert [p.id for p in fully_named("取消鲍勃·琼斯明天的班", PEOPLE)] == ["bj"]


def test_a_name_in_characters_picks_the_option() -> None:
    options = [
        ChoiceOption("opt_1", 0, "Bob Jones (stock clerk)", "bj"),
        ChoiceOption("opt_2", 1, "Bob Smith (sales associate)", "bs"),
    ]
    reply = interpret_reply("史密斯", "select_person", options, "zh-CN")
    assert (reply.intent, reply.option_id) == (ReplyIntent.SELECT, "opt_2")


def test_spelling_keeps_the_other_words() -> None:
    assert spell_hanzi_names("给鲍勃打电话", ["bob", "smith"]) == "给 bob 打电话"
    assert not has_hanzi("call bob")
