"""Edits told from instructions at an email's preview, by the lexicons' words (moved here with
the words from core/email_draft.py, the cases unchanged), and politeness before a subject change."""

from __future__ import annotations

import pytest

from language.email_edit_words import is_edit_request, looks_like_instruction, subject_change


@pytest.mark.parametrize(("text", "instruction"), [
    ("make it firmer", True),
    ("Please add the date of our meeting", True),
    ("can you mention the Friday meeting", True),
    ("shorten it", True),
    ("Hi Bob, please come and see me on Friday.", False),
    ("Dear Bob,\nmake sure you are on time.", False),
    ("Make " + "very " * 20 + "long", False),
    ("actually make it a written warning", True), ("rendila più gentile", True),
    ("per favore rendila più breve", True), ("bitte mach sie kürzer", True),
    ("zrób go krótszym", True), ("hazlo más corto", True), ("rends-le plus ferme", True),
    ("Ciao Luca, ti scrivo per i ritardi.", False), ("no more late arrivals", False),
    ("cambia el asunto a puntualidad", True), ("modifie l'objet : ponctualité", True),
    ("ändere den Betreff auf Pünktlichkeit", True), ("change the subject to punctuality", True),
    ("Hola Bob, quería hablar contigo.", False),
    # pt-BR: "muda o assunto pra: atrasos" replaced the whole email and was sent so.
    ("muda o assunto pra: atrasos", True), ("deixa mais curto", True),
    ("Olá Alice, tudo bem?", False),
    ("本文に「9時集合」と追加して", True), ("もう少し丁寧にして", True),
    ("加上一句：九点集合", True), ("来週月曜の研修", False), ("下周一的培训", False),
])
def test_instructions_are_told_from_replacement_text(text: str, instruction: bool) -> None:
    assert looks_like_instruction(text) is instruction


@pytest.mark.parametrize(("text", "edit"), [
    ("edit", True), ("Edit it", True), ("modifier", True), ("ändern", True), ("edytuj", True),
    ("Zmień", True), ("wyślij", False), ("bewerken", True), ("編集", True), ("编辑", True),
    ("edit the second paragraph please", False), ("send", False), ("", False),
])
def test_edit_requests(text: str, edit: bool) -> None:
    assert is_edit_request(text) is edit


@pytest.mark.parametrize(("text", "subject"), [
    ("could you change the subject to Lateness on Monday", "Lateness on Monday"),
    ("bitte ändere den Betreff auf Verspätungen", "Verspätungen"),
    ("s'il vous plaît change l'objet en Retards", "Retards"),
    ("per favore cambia l'oggetto in Ritardi", "Ritardi"),
    ("please make it shorter", None),
])
def test_politeness_before_a_subject_change_is_left_out(text: str, subject: str | None) -> None:
    assert subject_change(text) == subject
