"""At the preview of the email about the rota, "ok send the email about the rota" was asked
again ("Sorry, I didn't understand that"), and "schick die mail wegen dem dienstplan" was taken
for an instruction to change the draft. A send that names the waiting draft by what it is
about sends it, once; one that names another topic ("... about the party") sends nothing."""

from __future__ import annotations

import pytest

from language.catalogue import say
from tests.bot_harness import BotHarness, joined

CASES = [
    ("en-US", "email bob smith about the new rota", "ok send the email about the rota",
     "bob.smith@contoso.example"),
    ("en-US", "email bob smith about the new rota", "send the email about the rota",
     "bob.smith@contoso.example"),
    ("fr-FR", "envoie un mail à chen à propos du planning de décembre",
     "oui, envoie le mail sur le planning", "chen.wei@contoso.example"),
    ("de-DE", "schreib alice eine mail wegen dem dienstplan",
     "schick die mail wegen dem dienstplan", "alice.martin@contoso.example"),
    ("es-ES", "envía un correo a alice sobre el horario nuevo",
     "sí, envía el correo sobre el horario", "alice.martin@contoso.example"),
]


async def _sent_to(bot: BotHarness) -> list[tuple[str, ...]]:
    return [mail.email.to for mail in await bot.components.services.mail.list_recent()]


@pytest.mark.parametrize(("locale", "request_", "send", "address"), CASES)
async def test_a_send_naming_the_waiting_draft_sends_it_once(
    bot: BotHarness, locale: str, request_: str, send: str, address: str
) -> None:
    bot.as_person("maria").locale = locale
    assert address in joined(await bot.say(request_))
    said = joined(await bot.say(send))
    assert address in said and say("email.preview_reask", locale[:2]) not in said, said
    assert await _sent_to(bot) == [(address,)]
    await bot.say(send)
    assert await _sent_to(bot) == [(address,)]


async def test_a_send_naming_another_topic_sends_nothing(bot: BotHarness) -> None:
    bot.as_person("maria")
    await bot.say("email bob smith about the new rota")
    said = joined(await bot.say("ok send the email about the party"))
    assert "Sent to" not in said, said
    assert await _sent_to(bot) == []
