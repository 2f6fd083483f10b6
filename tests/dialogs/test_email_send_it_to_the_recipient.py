"""At the preview of Bob's email, "send it to Bob" got "Sorry, I didn't understand that": the
recipient's own name next to a send was no send. It sends Bob's draft; a send naming someone
else ("send it to Alice") never sends it, and readdresses the draft to Alice for a new yes."""

from __future__ import annotations

import pytest

from tests.bot_harness import BotHarness, joined
from tests.dialogs.test_email_preview_send_or_later import _SENT, _outbox, _preview


@pytest.mark.parametrize(("locale", "text"), [
    ("en-US", "send it to Bob"), ("en-US", "ok send it to Bob Smith"),
    ("fr-FR", "envoie-le à Bob"), ("de-DE", "schick sie an Bob"),
])
async def test_send_it_to_the_recipient_sends_the_draft(
    bot: BotHarness, locale: str, text: str
) -> None:
    await _preview(bot, locale)
    said = joined(await bot.say(text, locale=locale))
    assert _SENT[locale] in said and "bob.smith@contoso.example" in said, said
    assert await _outbox(bot) == 1


async def test_send_it_to_someone_else_readdresses_and_sends_only_on_a_new_yes(
    bot: BotHarness,
) -> None:
    await _preview(bot, "en-US")
    said = joined(await bot.say("send it to Alice"))
    assert "Alice Martin (alice.martin@contoso.example)" in said, said
    assert await _outbox(bot) == 0
    said = joined(await bot.say("send it to Alice"))
    assert "Sent to Alice Martin" in said, said
    mails = await bot.components.services.mail.list_recent()
    assert len(mails) == 1 and "alice.martin@contoso.example" in mails[0].email.to
