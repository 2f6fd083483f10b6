"""A German manager's topic in an English letter: "über die Dienstplanänderung" / "wegen der
Dienstplanänderung" gave "about “der Dienstplanänderung”" and the subject "“Der
Dienstplanänderung”", an article in the case the German preposition asked for. Quoted in a
letter in another language, the topic loses its German article (a French or Italian topic
keeps its whole phrase, "about “le nouveau planning”", its article carrying no case)."""

from __future__ import annotations

import pytest

from tests.bot_harness import BotHarness, joined


@pytest.mark.parametrize("asked", [
    "schreib Bob Smith eine Mail über die Dienstplanänderung",
    "schreib Bob Smith eine Mail wegen der Dienstplanänderung",
    "schreib Bob Smith eine E-Mail bezüglich der Dienstplanänderung",
])
async def test_a_german_topic_reads_without_its_article_in_an_english_letter(
    bot: BotHarness, asked: str
) -> None:
    bot.as_person("maria")
    draft = joined(await bot.say(asked, locale="de-DE"))
    assert "Dear Bob," in draft, draft
    assert "I would like to talk with you about “Dienstplanänderung”." in draft, draft
    assert "“Dienstplanänderung”\nDear Bob" in draft, draft  # the subject, just above
    assert "der Dienstplanänderung" not in draft and "die Dienstplanänderung" not in draft


async def test_a_german_topic_reads_without_its_article_after_sending(bot: BotHarness) -> None:
    bot.as_person("maria")
    await bot.say("schreib Bob Smith eine Mail wegen der Dienstplanänderung", locale="de-DE")
    await bot.say("senden", locale="de-DE")
    mails = await bot.components.services.mail.list_recent()
    assert len(mails) == 1
    assert "about “Dienstplanänderung”." in mails[0].email.body, mails[0]
    assert "der" not in mails[0].email.subject.split(), mails[0]



@pytest.mark.parametrize(("asked", "topic"), [
    ("napisz maila do Alice w sprawie szkolenia", "szkolenie"),
    ("napisz maila do Alice na temat nowego grafiku", "nowy grafik"),
    ("napisz maila do Alice w sprawie zmiany grafiku", "zmiana grafiku"),
    ("napisz maila do Alice odnośnie urlopu", "urlop"),
])
async def test_a_polish_topic_reads_in_the_nominative_in_a_letter(
    bot: BotHarness, asked: str, topic: str
) -> None:
    """The finding: "napisz maila do Alice w sprawie szkolenia" gave the subject
    "“Szkolenia”" and "about “szkolenia”", the genitive "w sprawie" asks for."""
    bot.as_person("maria")
    draft = joined(await bot.say(asked, locale="pl-PL"))
    assert "Dear Alice," in draft, draft
    assert f"I would like to talk with you about “{topic}”." in draft, draft
    assert f"“{topic[0].upper()}{topic[1:]}”\nDear Alice" in draft, draft  # the subject
