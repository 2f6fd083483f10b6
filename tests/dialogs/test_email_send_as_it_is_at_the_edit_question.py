"""At "What should the email say instead?", "send it as it is" / "actually just send it"
became the email's whole text ("Here's the email as you changed it: ... send it as it is"), one
yes from being sent to the employee. A clear send there sends the draft as it was; a line that
may be a letter's own ("Send me a message") is still the new text, and nothing is sent."""

from __future__ import annotations

import pytest

from tests.bot_harness import BotHarness, joined
from tests.dialogs.test_email_preview_send_or_later import _SENT, _outbox, _preview


@pytest.mark.parametrize("send", ["send it as it is", "actually just send it",
                                  "just send it as is please"])
async def test_a_clear_send_at_the_edit_question_sends_the_draft_unchanged(
    bot: BotHarness, send: str
) -> None:
    await _preview(bot, "en-US")
    await bot.say("edit")
    said = joined(await bot.say(send))
    assert "Sent to Bob Smith (bob.smith@contoso.example)" in said, said
    mails = await bot.components.services.mail.list_recent()
    assert len(mails) == 1 and send not in mails[0].email.body
    assert "Dear Bob," in mails[0].email.body


async def test_a_letter_s_line_with_send_in_it_is_the_new_text_and_a_send_then_sends_it(
    bot: BotHarness,
) -> None:
    await _preview(bot, "en-US")
    await bot.say("edit")
    said = joined(await bot.say("Send me a message"))
    assert "Here's the email as you changed it" in said, said
    assert await _outbox(bot) == 0
    await bot.say("edit")
    said = joined(await bot.say("send it as it is"))
    assert "Sent to Bob Smith" in said, said
    mails = await bot.components.services.mail.list_recent()
    assert len(mails) == 1 and mails[0].email.body.strip() == "Send me a message"


_EDIT = {"en-US": "edit", "fr-FR": "modifier", "de-DE": "bearbeiten", "es-ES": "editar",
         "it-IT": "modifica", "nl-NL": "bewerken", "pl-PL": "edytuj", "pt-BR": "editar",
         "ja-JP": "編集", "zh-CN": "编辑"}


@pytest.mark.parametrize(("locale", "send"), [
    ("en-US", "never mind, send it as it is"),
    ("en-US", "forget it, just send it"),
    ("fr-FR", "laisse tomber, envoie-le tel quel"),
    ("de-DE", "doch nicht, schick sie so ab"),
    ("es-ES", "olvídalo, mándalo tal cual"),
    ("it-IT", "lascia stare, mandala così com'è"),
    ("nl-NL", "laat maar, stuur hem zo"),
    ("pl-PL", "nieważne, wyślij tak jak jest"),
    ("pt-BR", "deixa pra lá, envia assim mesmo"),
    ("ja-JP", "やっぱりいいです、そのまま送って"),
    ("zh-CN", "算了，就这样发吧"),
])
async def test_never_mind_send_it_as_it_is_sends_the_draft_unchanged(
    bot: BotHarness, locale: str, send: str
) -> None:
    """The finding: "never mind, send it as it is" at "What should the email say instead?"
    became the email's text, one yes from being sent to the employee."""
    await _preview(bot, locale)
    await bot.say(_EDIT[locale], locale=locale)
    said = joined(await bot.say(send, locale=locale))
    assert _SENT[locale] in said and "@contoso.example" in said, said
    mails = await bot.components.services.mail.list_recent()
    assert len(mails) == 1 and send not in mails[0].email.body, mails


@pytest.mark.parametrize(("locale", "words"), [
    ("en-US", "never mind, send me your availability as it is now"),
    ("fr-FR", "laisse tomber"),
    ("de-DE", "doch nicht, schick mir deine Zeiten"),
])
async def test_never_mind_with_no_clear_send_sends_nothing(
    bot: BotHarness, locale: str, words: str
) -> None:
    await _preview(bot, locale)
    await bot.say(_EDIT[locale], locale=locale)
    await bot.say(words, locale=locale)
    assert await _outbox(bot) == 0
