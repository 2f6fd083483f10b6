"""At the preview of the email about the rota, a sentence that names the draft and speaks of
sending sent it whatever it said: "don't send the email about the rota", "did you send the
email about the rota?", "wait before you send the email about the rota", and "send the email
about the rota tomorrow" (which ERA cannot do, and says so elsewhere). Only a command to send
it now sends it, once."""

from __future__ import annotations

import pytest

from language.catalogue import say
from tests.bot_harness import BotHarness, joined

BOB = "bob.smith@contoso.example"


async def _sent_to(bot: BotHarness) -> list[tuple[str, ...]]:
    return [mail.email.to for mail in await bot.components.services.mail.list_recent()]


@pytest.mark.parametrize(("reply", "kept"), [
    ("don't send the email about the rota", "email.kept_waiting"),
    ("dont send the email about the rota yet", "email.kept_waiting"),
    ("did you send the email about the rota?", "email.kept_waiting"),
    ("wait before you send the email about the rota", "email.kept_waiting"),
    ("send the email about the rota tomorrow", "email.cannot_schedule"),
])
async def test_a_sentence_naming_the_draft_that_is_no_send_now_sends_nothing(
    bot: BotHarness, reply: str, kept: str
) -> None:
    bot.as_person("maria").locale = "en-US"
    assert BOB in joined(await bot.say("email bob smith about the new rota"))
    said = joined(await bot.say(reply))
    assert say(kept, "en") in said, said
    assert await _sent_to(bot) == []
    await bot.say("send")
    assert await _sent_to(bot) == [(BOB,)]


@pytest.mark.parametrize(("locale", "reply"), [
    ("fr-FR", "n'envoie pas le mail sur le planning"),
    ("de-DE", "schick die mail wegen dem dienstplan nicht"),
])
async def test_a_negated_send_naming_the_draft_sends_nothing_in_other_languages(
    bot: BotHarness, locale: str, reply: str
) -> None:
    bot.as_person("maria").locale = locale
    request_ = {"fr-FR": "envoie un mail à bob smith à propos du planning de décembre",
                "de-DE": "schreib bob smith eine mail wegen dem dienstplan"}[locale]
    assert BOB in joined(await bot.say(request_))
    said = joined(await bot.say(reply))
    assert say("email.kept_waiting", locale[:2]) in said, said
    assert await _sent_to(bot) == []


async def test_ok_send_the_email_about_the_rota_still_sends_once(bot: BotHarness) -> None:
    bot.as_person("maria").locale = "en-US"
    await bot.say("email bob smith about the new rota")
    said = joined(await bot.say("ok send the email about the rota"))
    assert BOB in said, said
    await bot.say("ok send the email about the rota")
    assert await _sent_to(bot) == [(BOB,)]
