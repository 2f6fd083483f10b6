"""Short follow-ups and remarks typed in another language are answered in that language, when
their words say it clearly: "y el domingo?" after a French question is Spanish, "e domingo?"
Portuguese, "make it shorter" at a Spanish email preview English. Found over HTTP: the Spanish
follow-up was answered in French (its words are short or shared with Portuguese), and the
English remark in Spanish (the remark words told no language)."""

from __future__ import annotations

import pytest

from language.catalogue import default_catalogue
from tests.bot_harness import BotHarness, joined


def _said_in(reply: str, language: str) -> list[str]:
    """The ids of ERA's messages in `language` that the reply's first line shows."""
    return default_catalogue().identify(reply.splitlines()[0], language)


@pytest.mark.parametrize(("turns"), [
    [("et samedi ?", "fr"), ("y el domingo?", "es"), ("e domingo?", "pt")],
    [("y el domingo?", "es"), ("e la sera?", "it")],
    [("et samedi ?", "fr"), ("y el sabado", "es")],
    [("e o domingo?", "pt"), ("and monday?", "en")],
    # Polish typed without its letters: "poniedzialek" for "poniedziałek".
    [("a w poniedzialek?", "pl")],
])
async def test_a_short_follow_up_is_answered_in_its_own_language(
    bot: BotHarness, turns: list[tuple[str, str]]
) -> None:
    bot.as_person("maria")
    await bot.say("who is working on friday")
    for text, language in turns:
        reply = joined(await bot.say(text))
        assert "store_schedule.intro" in _said_in(reply, language), (text, reply)


@pytest.mark.parametrize(("remark", "language"), [
    ("make it shorter", "en"),
    ("too long", "en"),
])
async def test_a_remark_at_a_preview_is_answered_in_its_language(
    bot: BotHarness, remark: str, language: str
) -> None:
    bot.as_person("maria").locale = "es-ES"
    await bot.say("escribe un correo a Bob Smith sobre sus retrasos")
    reply = joined(await bot.say(remark))
    assert default_catalogue().identify(reply, language), reply
    assert not default_catalogue().identify(reply.splitlines()[0], "es"), reply


@pytest.mark.parametrize(("locale", "email", "reply"), [
    ("es-ES", "escribe un correo a Bob Smith sobre sus retrasos", "si, despues llamalo"),
    ("es-ES", "escribe un correo a Bob Smith sobre sus retrasos", "vale, y luego llamalo"),
])
async def test_a_pronoun_typed_without_its_accent_is_the_person_of_the_email(
    bot: BotHarness, locale: str, email: str, reply: str
) -> None:
    """"si, despues llamalo" sent the email and then asked who the call was with."""
    bot.as_person("maria").locale = locale
    await bot.say(email)
    answered = await bot.say(reply)
    assert "Bob Smith" in answered[-1].text, joined(answered)
