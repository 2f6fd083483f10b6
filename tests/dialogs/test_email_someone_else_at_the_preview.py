"""At Bob's draft, "send alice an email" (no topic) was taken for an instruction to change
Bob's draft ("Changing the email from an instruction needs the AI"), and at "What should the
email say instead?" it became Bob's new text. It starts Alice's own email, saying Bob's was left
with nothing done. A yes word among other words ("her great work") sent Bob's draft at the
preview and at the edit question; it sends nothing, and at "what is it about?" it is the
topic."""

from __future__ import annotations

import pytest

from language.catalogue import say
from tests.bot_harness import BotHarness, joined

BOBS = {
    "en-US": "email bob smith about his lateness",
    "fr-FR": "envoie un mail à bob smith à propos de son retard",
    "de-DE": "schreib bob smith eine mail wegen seiner verspätung",
    "es-ES": "envía un correo a bob smith sobre sus retrasos",
}
ALICES = {
    "en-US": "send alice an email",
    "fr-FR": "écris à alice",
    "de-DE": "schreib alice eine mail",
    "es-ES": "escribe a alice",
}


async def _sent_to(bot: BotHarness) -> list[tuple[str, ...]]:
    return [mail.email.to for mail in await bot.components.services.mail.list_recent()]


async def _bobs_draft(bot: BotHarness, locale: str) -> str:
    bot.as_person("maria").locale = locale
    drafted = joined(await bot.say(BOBS[locale]))
    assert "bob.smith@contoso.example" in drafted, drafted
    return locale[:2]


@pytest.mark.parametrize("locale", sorted(ALICES))
async def test_an_email_to_someone_else_at_the_preview_starts_their_own(
    bot: BotHarness, locale: str
) -> None:
    language = await _bobs_draft(bot, locale)
    started = joined(await bot.say(ALICES[locale]))
    assert say("flow.replaced", language) in started, started
    assert say("email.ask_topic", language, name="Alice") in started, started
    drafted = joined(await bot.say("the new rota"))
    assert "alice.martin@contoso.example" in drafted, drafted
    await bot.say(say("email.button_send", language))
    assert await _sent_to(bot) == [("alice.martin@contoso.example",)]


@pytest.mark.parametrize("edit", ["edit", "change it"])
async def test_an_email_to_someone_else_at_the_edit_question_is_not_bobs_text(
    bot: BotHarness, edit: str
) -> None:
    await _bobs_draft(bot, "en-US")
    await bot.say(edit)
    started = joined(await bot.say("send alice an email"))
    assert say("flow.replaced", "en") in started, started
    assert "send alice an email" not in started
    assert await _sent_to(bot) == []


@pytest.mark.parametrize("text", ["her great work", "good stuff", "fine print"])
async def test_a_yes_word_among_others_at_the_preview_sends_nothing(
    bot: BotHarness, text: str
) -> None:
    await _bobs_draft(bot, "en-US")
    said = joined(await bot.say(text))
    assert say("email.preview_reask", "en") in said, said
    assert await _sent_to(bot) == []
    await bot.say("yes please")
    assert await _sent_to(bot) == [("bob.smith@contoso.example",)]


@pytest.mark.parametrize("text", ["her great work", "great work"])
async def test_a_yes_word_at_the_edit_question_sends_nothing(bot: BotHarness, text: str) -> None:
    await _bobs_draft(bot, "en-US")
    await bot.say("edit")
    await bot.say(text)
    assert await _sent_to(bot) == []


async def test_her_great_work_at_the_topic_question_is_the_topic(bot: BotHarness) -> None:
    bot.as_person("maria")
    await bot.say("send alice an email")
    drafted = joined(await bot.say("her great work"))
    assert "your great work" in drafted, drafted
    assert await _sent_to(bot) == []


async def test_an_email_to_the_recipient_himself_keeps_his_draft(bot: BotHarness) -> None:
    await _bobs_draft(bot, "en-US")
    said = joined(await bot.say("email bob smith"))
    assert say("flow.replaced", "en") not in said, said
    await bot.say("send")
    assert await _sent_to(bot) == [("bob.smith@contoso.example",)]
