"""At an email's preview, "send it" said the everyday way, often after a word of approval:
"looks good, fire away" and "looks good, send it" were taken for a remark about the draft ("I've
left the email as it is") and nothing was sent; "stuur maar op", "ziet er goed uit, verstuur
maar", "sieht gut aus, schick ab" and "看起来不错，发吧" were not understood. A remark alone
("looks good", "hmm"), a hedge ("maybe send it"), a "no" or a "not yet" still sends nothing.
A send typed in a hurry ("snd it", "sned it") was not understood, and at "what is the email
about?" became its topic ("I would like to talk with you about snd it"): it sends, and is no
topic."""

from __future__ import annotations

import pytest

from tests.bot_harness import BotHarness, joined
from tests.dialogs.test_email_preview_send_or_later import _SENT, _outbox, _preview


@pytest.mark.parametrize(("locale", "text"), [
    ("en-US", "looks good, fire away"), ("en-US", "looks good, send it"),
    ("en-US", "I think it's fine, send it"), ("nl-NL", "stuur maar op"),
    ("nl-NL", "ziet er goed uit, verstuur maar"), ("nl-NL", "ja, stuur hem maar op"),
    ("de-DE", "sieht gut aus, schick ab"), ("zh-CN", "看起来不错，发吧"),
])
async def test_send_said_after_a_word_of_approval_sends(
    bot: BotHarness, locale: str, text: str
) -> None:
    await _preview(bot, locale)
    said = joined(await bot.say(text, locale=locale))
    assert _SENT[locale] in said and "@contoso.example" in said, said
    assert await _outbox(bot) == 1


@pytest.mark.parametrize(("locale", "text", "accepted", "then"), [
    ("en-US", "looks good", '"send"', "looks good, send it"),
    ("en-US", "hmm", '"send"', "looks good, fire away"),
    ("en-US", "maybe send it", '"send"', "looks good, send it"),
    ("en-US", "not sure, send it", '"send"', "looks good, fire away"),
    ("en-US", "hmm ok", '"send"', "looks good, send it"),
    ("de-DE", "hm, schick ab", "„senden“", "sieht gut aus, schick ab"),
    ("nl-NL", "misschien stuur maar op", "‘versturen’", "stuur maar op"),
])
async def test_an_unclear_reply_sends_nothing_and_a_clear_one_then_sends(
    bot: BotHarness, locale: str, text: str, accepted: str, then: str
) -> None:
    await _preview(bot, locale)
    said = joined(await bot.say(text, locale=locale))
    assert accepted in said, said
    assert await _outbox(bot) == 0
    said = joined(await bot.say(then, locale=locale))
    assert _SENT[locale] in said, said
    assert await _outbox(bot) == 1


@pytest.mark.parametrize(("locale", "text", "then"), [
    ("en-US", "not yet", "looks good, fire away"),
    ("de-DE", "noch nicht", "sieht gut aus, schick ab"),
    ("nl-NL", "nog niet", "stuur maar op"), ("zh-CN", "先别发", "看起来不错，发吧"),
])
async def test_a_not_yet_sends_nothing_until_send_is_said(
    bot: BotHarness, locale: str, text: str, then: str
) -> None:
    await _preview(bot, locale)
    await bot.say(text, locale=locale)
    assert await _outbox(bot) == 0
    said = joined(await bot.say(then, locale=locale))
    assert _SENT[locale] in said, said
    assert await _outbox(bot) == 1


@pytest.mark.parametrize("typed", ["snd it", "sned it", "sendit"])
async def test_a_send_typed_in_a_hurry_sends(bot: BotHarness, typed: str) -> None:
    await _preview(bot, "en-US")
    said = joined(await bot.say(typed))
    assert _SENT["en-US"] in said, said
    assert await _outbox(bot) == 1


async def test_a_send_typed_in_a_hurry_is_no_topic(bot: BotHarness) -> None:
    bot.as_person("maria")
    said = joined(await bot.say("email bob smith"))
    assert "What should the email to Bob Smith be about?" in said, said
    said = joined(await bot.say("snd it"))
    assert "about snd it" not in said.lower() and "What should the email" in said, said
    assert await _outbox(bot) == 0
