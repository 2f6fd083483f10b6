"""At an email's preview, a hesitation ("maybe next time", "misschien een andere tijd") holds
the draft: nothing is sent, the draft waits for its Send, and the words are not taken for the
email's text, a name or a topic. Only nouns a topic really is (meeting, shift, rota, training)
make a short reply at "what should the email be about?" its topic."""

from __future__ import annotations

import pytest

from language.catalogue import say
from tests.bot_harness import BotHarness, joined

ALICE = "alice.martin@contoso.example"


async def _sent_to(bot: BotHarness) -> list[list[str]]:
    return [sorted(mail.email.to) for mail in await bot.components.services.mail.list_recent()]


@pytest.mark.parametrize(("locale", "request_", "hesitation"), [
    ("en-US", "email alice about the rota", "maybe next time"),
    ("en-US", "email alice about the rota", "maybe another time"),
    ("en-US", "email alice about the rota", "next time maybe"),
    ("nl-NL", "mail alice over het rooster", "misschien een andere tijd"),
])
async def test_a_hesitation_at_the_preview_keeps_the_draft_waiting(
    bot: BotHarness, locale: str, request_: str, hesitation: str
) -> None:
    bot.as_person("maria").locale = locale
    drafted = joined(await bot.say(request_))
    assert ALICE in drafted, drafted
    reply = joined(await bot.say(hesitation))
    assert reply == say("email.kept_waiting", locale[:2]), reply
    assert await _sent_to(bot) == []
    await bot.say(say("email.button_send", locale[:2]))
    assert await _sent_to(bot) == [[ALICE]]


@pytest.mark.parametrize(("locale", "ask", "topic"), [
    ("en-US", "email alice", "the training"),
    ("en-US", "email alice", "the meeting"),
    ("nl-NL", "mail alice", "het rooster"),
    ("fr-FR", "écris un mail à alice", "le planning"),
])
async def test_a_topic_noun_at_the_topic_question_is_the_topic(
    bot: BotHarness, locale: str, ask: str, topic: str
) -> None:
    bot.as_person("maria").locale = locale
    asked = joined(await bot.say(ask))
    assert ALICE not in asked, asked
    drafted = joined(await bot.say(topic))
    assert ALICE in drafted, drafted
    assert topic.split()[-1] in drafted.casefold().split("\n", 3)[-1], drafted
    assert await _sent_to(bot) == []
