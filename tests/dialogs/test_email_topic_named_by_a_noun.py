"""At "What should the email to Alice be about?", a short topic made of a noun the reply reader
passes over in a pick ("the meeting", "die Schicht", "el turno") got "Please answer in a few
words", and a question asked again said that prefix once more each time ("Please answer in a few
words: Please answer in a few words: ..."). The noun is the topic: the draft speaks of it and
waits for its Send; a reply with no topic is asked again with the prefix said once."""

from __future__ import annotations

import pytest

from language.catalogue import say
from tests.bot_harness import BotHarness, joined

ASK = {
    "en-US": "email alice",
    "de-DE": "schreib alice eine mail",
    "es-ES": "escribe un correo a alice",
    "it-IT": "scrivi una mail ad alice",
    "nl-NL": "mail alice",
    "pt-PT": "envia um email à alice",
}
TOPIC = {
    "en-US": "the meeting",
    "de-DE": "die Schicht",
    "es-ES": "el turno",
    "it-IT": "il turno",
    "nl-NL": "de dienst",
    "pt-PT": "o turno",
}


@pytest.mark.parametrize("locale", sorted(TOPIC))
async def test_a_noun_alone_is_the_topic_and_nothing_is_sent(
    bot: BotHarness, locale: str
) -> None:
    bot.as_person("maria").locale = locale
    asked = joined(await bot.say(ASK[locale]))
    assert "alice.martin@" not in asked, asked
    drafted = joined(await bot.say(TOPIC[locale]))
    noun = TOPIC[locale].split()[-1]
    assert "alice.martin@contoso.example" in drafted, drafted
    assert noun.casefold() in drafted.casefold().split("\n", 3)[-1], drafted
    assert "few words" not in drafted and say(
        "prompt.free_text_reask", locale[:2], question="") not in drafted
    assert await bot.components.services.mail.list_recent() == []


@pytest.mark.parametrize(("locale", "replies"), [
    ("en-US", ("hmm", "ok", "ok")),
    ("de-DE", ("hmm", "ja", "ok")),
    ("fr-FR", ("euh", "oui", "ok")),
])
async def test_a_question_asked_again_says_in_a_few_words_once(
    bot: BotHarness, locale: str, replies: tuple[str, ...]
) -> None:
    bot.as_person("maria").locale = locale
    await bot.say({"fr-FR": "écris un mail à alice"}.get(locale, ASK.get(locale, "")))
    prefix = say("prompt.free_text_reask", locale[:2], question="").strip()
    for reply in replies:
        asked = joined(await bot.say(reply))
        assert asked.count(prefix) == 1, asked
    assert await bot.components.services.mail.list_recent() == []
