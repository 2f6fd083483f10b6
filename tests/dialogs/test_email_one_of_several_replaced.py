"""At the preview of one email to several people, a correction that replaces one of them ("nein,
an Chen statt Bob", "no, chen not alice", "non, à chen plutôt qu'à bob") dropped the whole
draft: "nein, an Chen statt Bob" at Alice and Bob Jones's email said nothing was sent to them
and asked "which Bob?", and "no, chen not alice" readdressed it to Chen alone. The one named
replaces the one they are instead of; the others keep the email, the manager's own text is kept
with its greeting naming the new recipients, and nothing is sent before the Send."""

from __future__ import annotations

import pytest

from language.catalogue import say
from tests.bot_harness import BotHarness, joined

ALICE = "alice.martin@contoso.example"
BOB_JONES = "bob.jones@contoso.example"
BOB_SMITH = "bob.smith@contoso.example"
CHEN = "chen.wei@contoso.example"


async def _sent_to(bot: BotHarness) -> list[list[str]]:
    return [sorted(mail.email.to) for mail in await bot.components.services.mail.list_recent()]


@pytest.mark.parametrize(("locale", "request_", "correction", "kept", "gone"), [
    ("de-DE", "schreib alice und bob jones eine mail über den neuen dienstplan",
     "nein, an Chen statt Bob", ALICE, BOB_JONES),
    ("en-US", "email alice and bob jones about the new rota", "no, chen not alice",
     BOB_JONES, ALICE),
    ("en-US", "email alice and bob jones about the new rota", "chen instead of bob",
     ALICE, BOB_JONES),
    ("fr-FR", "écris à alice et bob jones au sujet du nouveau planning",
     "non, à chen au lieu de bob", ALICE, BOB_JONES),
])
async def test_the_one_replaced_is_left_out_and_the_others_keep_the_email(
    bot: BotHarness, locale: str, request_: str, correction: str, kept: str, gone: str
) -> None:
    bot.as_person("maria").locale = locale
    language = locale[:2]
    await bot.say(request_)
    readdressed = joined(await bot.say(correction))
    to_line = next(line for line in readdressed.splitlines() if CHEN in line)
    assert kept in to_line and gone not in to_line, readdressed
    assert await _sent_to(bot) == []
    await bot.say(say("email.button_send", language))
    await bot.say(say("email.button_send", language))
    assert await _sent_to(bot) == [sorted((kept, CHEN))]


async def test_the_managers_text_is_kept_and_greets_the_new_recipients(bot: BotHarness) -> None:
    bot.as_person("maria").locale = "en-US"
    await bot.say("email alice and bob jones about the new rota")
    await bot.say("edit")
    await bot.say("Hi Alice and Bob, the new rota is up.")
    readdressed = joined(await bot.say("no, chen not alice"))
    assert "Hi Bob and Chen, the new rota is up." in readdressed, readdressed
    assert await _sent_to(bot) == []
    await bot.say("send")
    assert await _sent_to(bot) == [sorted((BOB_JONES, CHEN))]


async def test_a_shared_first_name_is_asked_and_the_others_kept(bot: BotHarness) -> None:
    bot.as_person("maria").locale = "en-US"
    await bot.say("email alice and chen about the new rota")
    asked = joined(await bot.say("no, bob not chen"))
    assert say("employee.which_same_name.email", "en", count=2, query="Bob") in asked, asked
    drafted = joined(await bot.say("Bob Smith"))
    assert ALICE in drafted and BOB_SMITH in drafted and CHEN not in drafted, drafted
    await bot.say("send")
    assert await _sent_to(bot) == [sorted((ALICE, BOB_SMITH))]
