"""At "what should the email say instead?", a reply that asks ERA for a change is an
instruction, in every language, however long ("kannst du bitte noch den Termin am Freitag und
die neue Schicht erwähnen" became the email's text, word for word, one yes from being sent);
a reply that could be the text or an instruction gets the question "Is this the new text of
the email, or an instruction for me?", and the words are kept until it is answered."""

from __future__ import annotations

import pytest

from tests.bot_harness import BotHarness, joined

_TOPIC = {
    "en-US": "email Bob Smith about the schedule change next week",
    "de-DE": "schreib Bob Smith eine Mail wegen der Dienstplanänderung",
    "fr-FR": "écris un mail à Bob Smith au sujet du changement de planning",
    "es-ES": "escribe un correo a Bob Smith sobre el cambio de horario",
    "it-IT": "scrivi una mail a Bob Smith sul cambio di turno",
    "nl-NL": "mail Bob Smith over de roosterwijziging",
    "pl-PL": "napisz maila do Bob Smith w sprawie zmiany grafiku",
    "pt-BR": "manda um e-mail para o Bob Smith sobre a mudança de escala",
    "ja-JP": "Bob Smithさんにシフト変更についてメールして",
    "zh-CN": "给Bob Smith发邮件说排班变更的事",
}
_EDIT = {"en-US": "edit", "de-DE": "bearbeiten", "fr-FR": "modifier", "es-ES": "editar",
         "it-IT": "modifica", "nl-NL": "bewerken", "pl-PL": "edytuj", "pt-BR": "editar",
         "ja-JP": "編集", "zh-CN": "编辑"}
# The edit question ends with the hint for the subject line, in the manager's language.
_ASKED = {"en-US": "Subject: ...", "de-DE": "Betreff: ...", "fr-FR": "Objet : ...",
          "es-ES": "Asunto: ...", "it-IT": "Oggetto: ...", "nl-NL": "Onderwerp: ...",
          "pl-PL": "Temat: ...", "pt-BR": "Assunto: ...", "ja-JP": "件名: ...",
          "zh-CN": "主题: ..."}
_NEEDS_AI = {"en-US": "needs the AI", "de-DE": "KI", "fr-FR": "IA", "es-ES": "IA",
             "it-IT": "IA", "nl-NL": "AI", "pl-PL": "AI", "pt-BR": "IA", "ja-JP": "AI",
             "zh-CN": "AI"}
_WHICH = {"en-US": "or an instruction for me?", "de-DE": "oder eine Anweisung an mich?",
          "fr-FR": "ou une instruction pour moi ?", "es-ES": "o una instrucción para mí?",
          "it-IT": "o un'istruzione per me?", "nl-NL": "of een instructie voor mij?",
          "pl-PL": "czy polecenie dla mnie?", "pt-BR": "ou uma instrução para mim?",
          "ja-JP": "私への指示ですか", "zh-CN": "还是给我的指令"}


async def _editing(bot: BotHarness, locale: str) -> str:
    bot.as_person("maria")
    draft = joined(await bot.say(_TOPIC[locale], locale=locale))
    assert "Bob Smith (bob.smith@contoso.example)" in draft
    asked = joined(await bot.say(_EDIT[locale], locale=locale))
    assert _ASKED[locale] in asked, asked
    return draft


@pytest.mark.parametrize(("locale", "text"), [
    ("en-US", "could you also mention the new rota that starts next Monday at 9"),
    ("de-DE", "kannst du bitte noch den Termin am Freitag und die neue Schicht erwähnen"),
    ("de-DE", "bitte den Termin am Freitag erwähnen"),
    ("fr-FR", "tu peux mentionner la réunion de vendredi et le nouveau planning stp"),
    ("es-ES", "puedes mencionar la reunión del viernes y el nuevo horario por favor"),
    ("it-IT", "puoi menzionare la riunione di venerdì e il nuovo turno per favore"),
    ("nl-NL", "kun je de vergadering van vrijdag en het nieuwe rooster noemen alsjeblieft"),
    ("pl-PL", "możesz wspomnieć o spotkaniu w piątek i o nowym grafiku proszę"),
    ("pt-BR", "você pode mencionar a reunião de sexta e a nova escala por favor"),
    ("ja-JP", "金曜日の会議と新しいシフトについても書いてください"),
    ("zh-CN", "请在邮件里提一下周五的会议和新的排班"),
])
async def test_an_instruction_asked_of_era_never_becomes_the_text(
    bot: BotHarness, locale: str, text: str
) -> None:
    await _editing(bot, locale)
    said = joined(await bot.say(text, locale=locale))
    # Without the AI, ERA says an instruction needs it; the email is not the instruction.
    assert _NEEDS_AI[locale] in said and text not in said, said
    sent = joined(await bot.say("send", locale=locale))
    assert text not in sent


@pytest.mark.parametrize(("locale", "text", "answer"), [
    ("en-US", "also mention the Friday meeting", "It's the new text"),
    ("de-DE", "den Termin am Freitag erwähnen", "Das ist der neue Text"),
    ("fr-FR", "tu peux venir vendredi à 9h pour la réunion", "c'est le texte"),
    ("es-ES", "puedes venir el viernes por favor", "el nuevo texto"),
])
async def test_a_reply_that_could_be_either_is_asked_about_then_used_as_said(
    bot: BotHarness, locale: str, text: str, answer: str
) -> None:
    draft = await _editing(bot, locale)
    asked = joined(await bot.say(text, locale=locale))
    assert _WHICH[locale] in asked and text not in asked, asked
    unclear = joined(await bot.say("hmm", locale=locale))
    assert _WHICH[locale] in unclear and text not in unclear
    used = joined(await bot.say(answer, locale=locale))
    assert text in used and "Dear Bob" not in used and draft not in used


async def test_an_instruction_answer_keeps_the_draft_and_a_no_leaves_it(bot: BotHarness) -> None:
    draft = await _editing(bot, "en-US")
    await bot.say("can you come in early on Friday?")
    said = joined(await bot.say("It's an instruction"))
    assert "needs the AI" in said and "come in early" not in said
    await bot.say("can you come in early on Friday?")
    back = joined(await bot.say("no"))
    assert "Dear Bob" in back and "come in early" not in back
    assert "Dear Bob" in draft


async def test_a_letter_typed_instead_of_an_answer_is_the_new_text(bot: BotHarness) -> None:
    await _editing(bot, "en-US")
    await bot.say("also mention the Friday meeting")
    letter = "Hi Bob, see you at the meeting on Friday at 9. Best, Maria"
    said = joined(await bot.say(letter))
    assert letter in said and "Shall I send it?" in said, said
    assert "also mention" not in said
