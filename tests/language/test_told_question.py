"""`asks_after_told`: a short question about the message ERA just passed on, or a request to
pass it on, with nothing new after it. New words for the manager, a complaint that someone was
never told, or "I understand" are no such question (they were answered "already told")."""

from __future__ import annotations

import pytest

from language.told_question import asks_after_told


@pytest.mark.parametrize("text", [
    "did maria get it?", "did it work?", "tell her please", "does she know about it yet",
    "est-ce que maria est au courant ?", "weiß sie bescheid?", "maria ya lo sabe?",
    "マリアさんに伝わった？", "マリアさんに伝えてください", "她收到了吗？", "告诉她一下",
])
def test_a_question_about_the_message_passed_on(text: str) -> None:
    assert asks_after_told(text)


@pytest.mark.parametrize("text", [
    "let her know i can do sunday instead",
    "tell her i can work sunday instead",
    "dis-lui que je peux travailler dimanche à la place",
    "sag ihr bescheid dass ich sonntag kann",
    "avisale que puedo el domingo",
    "powiedz jej że mogę w niedzielę",
    "マリアさんに日曜日なら出られると伝えてください",
    "告诉她我周日可以上班",
    "bob says he was never told about the change and he is angry",
    "わかっています",
])
def test_new_words_are_no_question_about_it(text: str) -> None:
    assert not asks_after_told(text)
