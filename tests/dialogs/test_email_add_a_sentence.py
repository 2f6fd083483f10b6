"""Without the AI, "add that the rota starts on Monday" at an email's preview got "Changing the
email from an instruction needs the AI"; "ajoute que le planning commence lundi" started
assigning a shift to "Que"; "P.S. thanks for last week!" was refused as no email text. The
sentence now goes into the email as typed, before the closing, and the preview is shown for
its own "send"; nothing is sent before it."""

from __future__ import annotations

from typing import Any

import pytest

from language.email_edit_words import added_sentence
from services.org_database import OrgDatabase
from tests.bot_harness import BotHarness, joined

_TOPIC = {
    "en-US": "email Bob Smith about the new rota",
    "fr-FR": "écris un mail à Bob Smith au sujet du planning",
    "de-DE": "schreib Bob Smith eine Mail wegen dem Dienstplan",
    "es-ES": "escribe un correo a Bob Smith sobre el horario",
    "it-IT": "scrivi una mail a Bob Smith sul turno",
    "nl-NL": "mail Bob Smith over het rooster",
    "pl-PL": "napisz maila do Bob Smith w sprawie grafiku",
    "pt-BR": "manda um e-mail para o Bob Smith sobre a escala",
    "ja-JP": "Bob Smithさんにシフトについてメールして",
    "zh-CN": "给Bob Smith发邮件说排班的事",
}
_SEND = {"en-US": "send", "fr-FR": "envoie", "de-DE": "senden", "es-ES": "envíalo",
         "it-IT": "invia", "nl-NL": "verstuur", "pl-PL": "wyślij", "pt-BR": "envia",
         "ja-JP": "送信", "zh-CN": "发送"}


async def _outbox(bot: BotHarness) -> list[dict[str, Any]]:
    db = await OrgDatabase.open(bot.components.settings.data_dir / "org.sqlite3")
    try:
        return [dict(r) for r in await db.fetch_all("SELECT * FROM outbox ORDER BY rowid")]
    finally:
        await db.close()


@pytest.mark.parametrize(("locale", "text", "added"), [
    ("en-US", "add that the rota starts on Monday 7 December",
     "The rota starts on Monday 7 December."),
    ("en-US", "could you also add that the new rota starts next Monday at 9",
     "The new rota starts next Monday at 9."),
    ("en-US", "P.S. thanks for covering last week!", "Thanks for covering last week!"),
    ("en-US", "add a line saying see you on Monday", "See you on Monday."),
    ("fr-FR", "ajoute que le planning commence lundi", "Le planning commence lundi."),
    ("fr-FR", "tu peux ajouter que le badge est obligatoire ?", "Le badge est obligatoire."),
    ("de-DE", "füge hinzu: Der neue Plan gilt ab Montag", "Der neue Plan gilt ab Montag."),
    ("es-ES", "añade que el turno empieza a las 9", "El turno empieza a las 9."),
    ("it-IT", "aggiungi che il turno inizia alle 9", "Il turno inizia alle 9."),
    ("nl-NL", "voeg toe: Het rooster begint maandag", "Het rooster begint maandag."),
    ("pl-PL", "dodaj, że grafik zaczyna się w poniedziałek",
     "Grafik zaczyna się w poniedziałek."),
    ("pt-BR", "acrescenta que o turno começa às 9", "O turno começa às 9."),
    ("ja-JP", "「9時集合」と追加してください", "9時集合。"),
    ("zh-CN", "加上一句：九点集合", "九点集合。"),
])
async def test_a_sentence_asked_for_is_added_before_the_closing_and_sent_on_its_yes(
    bot: BotHarness, locale: str, text: str, added: str
) -> None:
    bot.as_person("maria")
    draft = joined(await bot.say(_TOPIC[locale], locale=locale))
    assert "Bob Smith (bob.smith@contoso.example)" in draft, draft
    changed = joined(await bot.say(text, locale=locale))
    assert added in changed, changed
    # Before the signature, after the letter's own text.
    assert changed.index(added) < changed.rindex("Maria Lopez"), changed
    assert await _outbox(bot) == []
    sent = joined(await bot.say(_SEND[locale], locale=locale))
    assert "bob.smith@contoso.example" in sent, sent
    (mail,) = await _outbox(bot)
    assert added in mail["body"], mail["body"]


@pytest.mark.parametrize("text", ["add the date", "make it shorter", "say hi"])
async def test_an_instruction_that_names_no_sentence_still_needs_the_ai(
    bot: BotHarness, text: str
) -> None:
    bot.as_person("maria")
    await bot.say(_TOPIC["en-US"])
    said = joined(await bot.say(text))
    assert "Hi." not in said and "The date." not in said, said
    assert await _outbox(bot) == []


@pytest.mark.parametrize(("locale", "text"), [
    ("en-US", "ok send the email about the rota"),
    ("fr-FR", "oui, envoie le mail sur le planning"),
])
async def test_a_yes_that_names_the_email_never_drops_the_draft_waiting(
    bot: BotHarness, locale: str, text: str
) -> None:
    """"ok send the email about the rota" at "Shall I send it?" was taken for a new email
    request: "OK, I've left your earlier request, with nothing done." and a new draft. It
    sends the draft waiting, the one it names (519e5eda), once: a later "send" sends nothing
    more."""
    bot.as_person("maria")
    await bot.say(_TOPIC[locale], locale=locale)
    said = joined(await bot.say(text, locale=locale))
    assert "earlier request" not in said and "demande précédente" not in said, said
    assert "bob.smith@contoso.example" in said, said
    await bot.say(_SEND[locale], locale=locale)
    assert len(await _outbox(bot)) == 1


@pytest.mark.parametrize("text", [
    "say that again?", "write that more formally", "add that to the end", "add that too",
    "tell him that he was late three times this month", "por que você escreveu isso?",
    "di che si tratta?", "digli che il suo turno inizia alle 9", "加上他的名字", "补充一下原因",
])
def test_a_question_a_pronoun_or_reported_speech_is_no_sentence_to_add(text: str) -> None:
    """"say that again?" became "Again?" in the email, "add that to the end" "To the end.",
    "tell him that he was late…" went in in the third person: none is a sentence to add as
    typed (the AI, when on, takes such instructions)."""
    assert added_sentence(text) is None
