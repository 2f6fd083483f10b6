"""At "What should the email say instead?" (after "edit", or after a change ERA cannot make
without the AI), a short send ("ok send", "vas-y, envoie", "dale, mándalo", "vai, mandala") was
met with "Please answer in a few words: ..." and the draft stayed unsent: a send of two words
was taken for a bare yes. It sends the draft as it is; a bare "ok" is still asked again, and
never becomes the email's text."""

from __future__ import annotations

import pytest

from tests.bot_harness import BotHarness, joined
from tests.dialogs.test_email_preview_send_or_later import _SENT, _outbox, _preview


@pytest.mark.parametrize(("locale", "change", "send"), [
    ("en-US", "add that the rota starts on Monday", "ok send"),
    ("fr-FR", "ajoute que la formation commence à 9h", "vas-y, envoie"),
    ("es-ES", "añade que traiga el uniforme", "dale, mándalo"),
    ("it-IT", "aggiungi che il turno inizia alle 9", "vai, mandala"),
])
async def test_a_short_send_at_the_edit_question_sends_the_draft_as_it_is(
    bot: BotHarness, locale: str, change: str, send: str
) -> None:
    await _preview(bot, locale)
    await bot.say(change, locale=locale)
    said = joined(await bot.say(send, locale=locale))
    assert _SENT[locale] in said and "@contoso.example" in said, said
    assert await _outbox(bot) == 1


async def test_a_bare_ok_at_the_edit_question_is_asked_again_then_send_sends(
    bot: BotHarness,
) -> None:
    await _preview(bot, "en-US")
    await bot.say("mention the date of the meeting")
    said = joined(await bot.say("ok"))
    assert "What should the email say instead?" in said, said
    assert await _outbox(bot) == 0
    said = joined(await bot.say("ok send"))
    assert "Sent to Bob Smith" in said, said
    mails = await bot.components.services.mail.list_recent()
    assert len(mails) == 1 and "ok" not in mails[0].email.body.split()
