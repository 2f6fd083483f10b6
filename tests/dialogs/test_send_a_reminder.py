"""A manager asks ERA to send someone a reminder, naming it with the noun ("send Bob Smith a
reminder about the meeting on Monday", "manda a Bob Smith un promemoria per ...", "给Bob Smith发个
提醒，周一开会"): it is an email request in every language (it went to the advisor, which gave
performance advice), drafted as a reminder about what was named. Bob reads English: the
manager's words in another language are quoted after "about", so the sentence reads."""

from __future__ import annotations

import pytest

from tests.bot_harness import BotHarness, joined


@pytest.mark.parametrize(("locale", "asked", "topic"), [
    ("en-GB", "send Bob Smith a reminder about the meeting on Monday",
     "a friendly reminder about the meeting on Monday."),
    ("fr-FR", "envoie un rappel à Bob Smith pour la réunion de lundi",
     "a friendly reminder about “la réunion de lundi”."),
    ("de-DE", "schick Bob Smith eine Erinnerung an das Meeting am Montag",
     "a friendly reminder about “Meeting am Montag”."),
    ("es-ES", "mándale un recordatorio a Bob Smith de la reunión del lunes",
     "a friendly reminder about “la reunión del lunes”."),
    ("it-IT", "manda a Bob Smith un promemoria per la riunione di lunedì",
     "a friendly reminder about “la riunione di lunedì”."),
    ("pt-BR", "manda um lembrete para o Bob Smith sobre a reunião de segunda",
     "a friendly reminder about “a reunião de segunda”."),
    ("nl-NL", "stuur Bob Smith een herinnering over de vergadering van maandag",
     "a friendly reminder about “de vergadering van maandag”."),
    ("pl-PL", "wyślij Bobowi Smithowi przypomnienie o spotkaniu w poniedziałek",
     "a friendly reminder about “spotkanie w poniedziałek”."),
    ("zh-CN", "给Bob Smith发个提醒，周一开会", "a friendly reminder about “周一开会”."),
])
async def test_a_reminder_asked_by_its_noun_is_drafted_as_one(
    bot: BotHarness, locale: str, asked: str, topic: str
) -> None:
    bot.as_person("maria")
    draft = joined(await bot.say(asked, locale=locale))
    assert "Dear Bob," in draft
    assert topic in draft


async def test_an_italian_reminder_request_quoted_in_an_english_letter_reads(
    bot: BotHarness,
) -> None:
    bot.as_person("maria")
    draft = joined(await bot.say(
        "invia una mail a Bob Smith per ricordargli la riunione di lunedì", locale="it-IT"))
    assert "This is a friendly reminder about “la riunione di lunedì”." in draft
