"""Phrasing tables: questions for personal records in ten languages (a named colleague fills
`person`; one's own records name no one), requests that must stay what they were, and the words
that withdraw a hand-over to HR."""

from __future__ import annotations

import pytest

from core.intent import Intent
from core.text_fold import fold_text
from language.intent_rules import classify_intent
from language.interrupts import changes_mind, withdraws_handoff

COLLEAGUE = [
    ("what is alice's salary?", "en", "alice"),
    ("what's bob's phone number?", "en", "bob"),
    ("how much does chen earn?", "en", "chen"),
    ("show me alice's sick notes", "en", "alice"),
    ("why did alice take leave last month?", "en", "alice"),
    ("where does bob live?", "en", "bob"),
    ("what's bob's date of birth?", "en", "bob"),
    ("quel est le salaire d'Alice ?", "fr", "Alice"),
    ("combien gagne Chen ?", "fr", "Chen"),
    ("pourquoi Alice a pris un congé le mois dernier ?", "fr", "Alice"),
    ("¿cuál es el salario de Alice?", "es", "Alice"),
    ("¿cuánto gana Chen?", "es", "Chen"),
    ("was verdient Alice?", "de", "Alice"),
    ("die Telefonnummer von Bob", "de", "Bob"),
    ("quanto guadagna Alice?", "it", "Alice"),
    ("qual è il numero di telefono di Bob?", "it", "Bob"),
    ("quanto ganha a Alice?", "pt", "Alice"),
    ("wat verdient Alice?", "nl", "Alice"),
    ("waarom had Alice verlof vorige maand?", "nl", "Alice"),
    ("ile zarabia Alice?", "pl", "Alice"),
    ("アリスさんの給料はいくらですか", "ja", "アリス"),
    ("ボブさんの電話番号を教えて", "ja", "ボブ"),
    ("Alice的工资是多少", "zh-CN", "Alice"),
    ("Bob的电话号码是多少", "zh-CN", "Bob"),
]

OWN = [
    ("can I see my payslip?", "en"),
    ("what's my holiday balance?", "en"),
    ("how many holiday days do I have left?", "en"),
    ("how many days of leave do I have left?", "en"),
    ("combien de jours de congé me reste-t-il ?", "fr"),
    ("il me reste combien de jours de congé ?", "fr"),
    ("quantos dias de férias eu ainda tenho?", "pt-BR"),
    ("show me my contract", "en"),
    ("ma fiche de paie", "fr"),
    ("mi nómina", "es"),
    ("meine Gehaltsabrechnung", "de"),
    ("la mia busta paga", "it"),
    ("quantos dias de férias me restam?", "pt"),
    ("mijn loonstrook", "nl"),
    ("mój pasek wypłaty", "pl"),
    ("私の給与明細を見たい", "ja"),
    ("我的工资单", "zh-CN"),
]


@pytest.mark.parametrize(("text", "locale", "person"), COLLEAGUE)
def test_a_colleagues_records_are_asked_for(text: str, locale: str, person: str) -> None:
    match = classify_intent(text, locale=locale)
    assert match.intent is Intent.PERSONAL_RECORDS
    assert match.slots.get("person") == person


@pytest.mark.parametrize(("text", "locale"), OWN)
def test_ones_own_records_name_no_one(text: str, locale: str) -> None:
    match = classify_intent(text, locale=locale)
    assert match.intent is Intent.PERSONAL_RECORDS
    assert not match.slots.get("person")


@pytest.mark.parametrize(
    ("text", "intent"),
    [
        ("cancel my shift tomorrow", Intent.SHIFT_CANCEL),
        ("bob can't come in on friday", Intent.ABSENCE_REPORT),
        ("who is my manager?", Intent.MY_MANAGER),
        ("what are my shifts?", Intent.MY_SHIFTS),
        ("transfer me", Intent.TRANSFER),
    ],
)
def test_other_requests_stay_what_they_were(text: str, intent: Intent) -> None:
    assert classify_intent(text, locale="en").intent is intent


@pytest.mark.parametrize(
    "text",
    [
        "no I don't need HR",
        "I don't need a person anymore",
        "je n'ai plus besoin des RH",
        "ya no necesito a RR. HH.",
        "ich brauche die Personalabteilung nicht mehr",
        "non ho più bisogno delle risorse umane",
        "já não preciso do RH",
        "ik heb HR niet meer nodig",
        "nie potrzebuję już HR",
        "人事はもう不要です",
        "不需要人工了",
    ],
)
def test_words_that_withdraw_a_hand_over(text: str) -> None:
    assert withdraws_handoff(fold_text(text))


@pytest.mark.parametrize(
    "text",
    [
        "it's about my contract hours",
        "I need HR to look at my payslip",
        "ich will nicht",
        "cancel my shift tomorrow",
        "明日のシフトをキャンセルしたい",
    ],
)
def test_words_that_do_not_withdraw_a_hand_over(text: str) -> None:
    assert not withdraws_handoff(fold_text(text))


@pytest.mark.parametrize(
    "text",
    [
        "actually I just wanted to cancel my shift",
        "en fait je voulais annuler mon shift",
        "eigentlich wollte ich nur meine Schicht absagen",
        "其实我只是想取消明天的班",
    ],
)
def test_taking_back_what_was_asked(text: str) -> None:
    assert changes_mind(fold_text(text))
