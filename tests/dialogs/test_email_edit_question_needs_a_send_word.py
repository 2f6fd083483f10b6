"""At "What should the email say instead?", "ok", "yes", "perfect", "looks good", "great
thanks", "sounds good", "alright" SENT the email: a yes to a question that asks for a text is
no send. A send said ("send", "ok send it", "snd it", "envoie-le") still sends, once."""

from __future__ import annotations

import pytest

from language.catalogue import say
from tests.bot_harness import BotHarness, joined

BOB = "bob.smith@contoso.example"
_REQUEST = {"en-US": "email bob smith about the new rota",
            "fr-FR": "envoie un mail à bob smith à propos du planning de décembre",
            "de-DE": "schreib bob smith eine mail wegen dem dienstplan"}


async def _sent_to(bot: BotHarness) -> list[tuple[str, ...]]:
    return [mail.email.to for mail in await bot.components.services.mail.list_recent()]


async def _at_the_edit_question(bot: BotHarness, locale: str) -> None:
    bot.as_person("maria").locale = locale
    language = locale[:2]
    assert BOB in joined(await bot.say(_REQUEST[locale]))
    asked = joined(await bot.say({"en": "edit", "fr": "modifier", "de": "bearbeiten"}[language]))
    assert say("email.edit_question", language) in asked, asked


@pytest.mark.parametrize("reply", [
    "ok", "yes", "perfect", "looks good", "great thanks", "sounds good", "alright",
    "yes looks good", "ok sounds good", "perfect thanks ok", "alright looks great",
])
async def test_a_yes_without_a_send_word_sends_nothing(bot: BotHarness, reply: str) -> None:
    await _at_the_edit_question(bot, "en-US")
    said = joined(await bot.say(reply))
    assert "Sent to" not in said, said
    assert await _sent_to(bot) == []
    # Nor is the yes the email's new text: a send sends the draft as it was.
    await bot.say("send")
    mails = await bot.components.services.mail.list_recent()
    assert [mail.email.to for mail in mails] == [(BOB,)]
    assert reply not in mails[0].email.body, mails[0].email.body


@pytest.mark.parametrize(("locale", "reply"), [
    ("en-US", "send"), ("en-US", "ok send it"), ("en-US", "snd it"), ("en-US", "sendit"),
    ("fr-FR", "envoie-le"), ("de-DE", "schick sie"),
])
async def test_a_send_said_sends_once(bot: BotHarness, locale: str, reply: str) -> None:
    await _at_the_edit_question(bot, locale)
    await bot.say(reply)
    await bot.say(reply)
    assert await _sent_to(bot) == [(BOB,)]
