"""Edits told from instructions at an email's preview, by the lexicons' words (moved here with
the words from core/email_draft.py, the cases unchanged), and politeness before a subject change."""

from __future__ import annotations

import pytest

from language.email_edit_words import (
    edit_kind_answer,
    edit_reading,
    is_edit_request,
    looks_like_instruction,
    subject_change,
)


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


@pytest.mark.parametrize(("text", "reading"), [
    # Asking ERA for a change, in each language: an instruction, however long.
    ("could you also add that the new rota starts next Monday at 9", "instruction"),
    ("please mention the meeting on Friday and that the new rota starts next week",
     "instruction"),
    ("kannst du bitte noch den Termin am Freitag und die neue Schicht erwähnen", "instruction"),
    ("bitte den Termin am Freitag erwähnen", "instruction"),
    ("tu peux mentionner la réunion de vendredi et le nouveau planning stp", "instruction"),
    ("puedes mencionar la reunión del viernes y el nuevo horario por favor", "instruction"),
    ("puoi menzionare la riunione di venerdì e il nuovo turno per favore", "instruction"),
    ("kun je de vergadering van vrijdag en het nieuwe rooster noemen alsjeblieft",
     "instruction"),
    ("graag de vergadering op vrijdag nog even noemen", "instruction"),
    ("możesz wspomnieć o spotkaniu w piątek i o nowym grafiku proszę", "instruction"),
    ("você pode mencionar a reunião de sexta e a nova escala por favor", "instruction"),
    ("金曜日の会議と新しいシフトについても書いてください", "instruction"),
    ("请在邮件里提一下周五的会议和新的排班", "instruction"),
    # A letter, or words that ask nothing of ERA: the text.
    ("Hi Bob, the new rota starts next Monday. See you on Friday. Best, Maria", "text"),
    ("Please send me your availability for tomorrow so that I can plan the rota", "text"),
    ("Thanks for covering on Saturday, it really helped the team", "text"),
    # Could be either: ERA asks.
    ("can you come in early on Friday?", "unsure"),
    ("also mention the Friday meeting", "unsure"),
    ("den Termin am Freitag erwähnen", "unsure"),
    ("tu peux venir vendredi à 9h pour la réunion", "unsure"),
    ("puedes venir el viernes por favor", "unsure"),
])
def test_a_reply_at_the_edit_question_is_read_or_asked_about(text: str, reading: str) -> None:
    assert edit_reading(text) == reading


@pytest.mark.parametrize(("text", "kind"), [
    ("the new text", "text"), ("it's an instruction", "instruction"), ("text", "text"),
    ("Das ist der neue Text", "text"), ("eine Anweisung", "instruction"),
    ("le texte", "text"), ("c'est une instruction", "instruction"),
    ("el nuevo texto", "text"), ("es una instrucción", "instruction"),
    ("il nuovo testo", "text"), ("è un'istruzione", "instruction"),
    ("de nieuwe tekst", "text"), ("een instructie", "instruction"),
    ("nowy tekst", "text"), ("to polecenie", "instruction"),
    ("o novo texto", "text"), ("é uma instrução", "instruction"),
    ("新しい本文です", "text"), ("指示です", "instruction"),
    ("这是新正文", "text"), ("这是指令", "instruction"),
    ("hmm", None), ("the text, no, an instruction", None),
])
def test_the_answer_to_text_or_instruction(text: str, kind: str | None) -> None:
    assert edit_kind_answer(text) == kind
