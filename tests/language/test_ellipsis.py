"""A follow-up that leans on the question just answered is found in ten languages, with what
it asks about as typed; a request, a sentence or a lone opener is none."""

from __future__ import annotations

import pytest

from language.ellipsis import leftover


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("and saturday?", "saturday"),
        ("what about next week?", "next week"),
        ("And the evening?", "the evening"),
        ("how about Alice?", "Alice"),
        ("what about chen", "chen"),
        ("et samedi ?", "samedi"),
        ("et pour Alice ?", "Alice"),
        ("und am Samstag?", "Samstag"),
        ("was ist mit Chen?", "Chen"),
        ("¿y el sábado?", "el sábado"),
        ("¿Y la próxima semana?", "la próxima semana"),
        ("e sabato?", "sabato"),
        ("e quanto a alice?", "alice"),
        ("e a próxima semana?", "a próxima semana"),
        ("en zaterdag?", "zaterdag"),
        ("hoe zit het met volgende week?", "volgende week"),
        ("a w sobotę?", "sobotę"),
        ("a co z Alice?", "Alice"),
        ("土曜日は？", "土曜日"),
        ("じゃあ来週は？", "来週"),
        ("夜はどうですか", "夜"),
        ("周六呢？", "周六"),
        ("那下周呢？", "下周"),
        ("晚上怎么样", "晚上"),
    ],
)
def test_the_leftover_of_a_follow_up_is_what_it_asks_about(text: str, expected: str) -> None:
    assert leftover(text) == expected


@pytest.mark.parametrize(
    "text",
    [
        "and what if he does it again?",  # a question of its own, for the advisor
        "and then he shouted at the customer in front of everyone",
        "who is working on friday?",
        "and",
        "Andrew?",  # a name that starts like an opener
        "¿y?",
        "",
    ],
)
def test_a_request_or_a_sentence_is_no_follow_up(text: str) -> None:
    assert leftover(text) is None
