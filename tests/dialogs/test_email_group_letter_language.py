"""One email to people who read different languages. "email chen and alice about the new rota"
was written in Chinese, the language of the first one named (Alice reads English), and "email
alice and chen ..." in English: who was named first chose the letter's language. When the
readers' languages differ, the letter is in the manager's language, and the note above the
preview says so with each reader's language and how to have it in another; readers who share a
language still get it in theirs. Nothing is sent before the Send, and one Send sends once."""

from __future__ import annotations

import pytest

from language.catalogue import say
from language.formatting import language_name
from tests.bot_harness import BotHarness, joined

ADDRESSES = ("chen.wei@contoso.example", "alice.martin@contoso.example")


async def _sent_to(bot: BotHarness) -> list[tuple[str, ...]]:
    return [mail.email.to for mail in await bot.components.services.mail.list_recent()]


@pytest.mark.parametrize(("locale", "request_", "greeting"), [
    ("en-US", "email chen and alice about the new rota", "Dear Chen and Alice,"),
    ("fr-FR", "écris à chen et alice au sujet du nouveau planning", "Bonjour Chen et Alice,"),
    ("es-ES", "escribe a chen y a alice sobre el nuevo horario", "Alice"),
    ("zh-CN", "给陈和爱丽丝发邮件说排班的事", "Chen Wei和Alice Martin，大家好"),
])
async def test_readers_of_different_languages_get_the_managers_language_said_in_the_preview(
    bot: BotHarness, locale: str, request_: str, greeting: str
) -> None:
    bot.as_person("maria").locale = locale
    language = "zh" if locale == "zh-CN" else locale[:2]
    drafted = joined(await bot.say(request_))
    assert greeting in drafted, drafted
    # The note names the letter's language and each reader's.
    for said in (language_name(language, language), language_name("zh", language),
                 language_name("en", language)):
        assert said in drafted.split("\n", 1)[0], drafted
    assert await _sent_to(bot) == []
    await bot.say(say("email.button_send", language))
    await bot.say(say("email.button_send", language))
    assert [sorted(one) for one in await _sent_to(bot)] == [sorted(ADDRESSES)]


async def test_the_letter_can_be_asked_in_a_readers_language_and_is_sent_once(
    bot: BotHarness,
) -> None:
    bot.as_person("maria").locale = "en-US"
    drafted = joined(await bot.say("email chen and alice about the new rota"))
    assert "Dear Chen and Alice," in drafted, drafted
    rewritten = joined(await bot.say("in Chinese"))
    # Several readers are greeted as several ("大家好", test_email_group_letter_address.py).
    assert "大家好" in rewritten and "Dear" not in rewritten, rewritten
    assert await _sent_to(bot) == []
    await bot.say("send")
    assert [sorted(one) for one in await _sent_to(bot)] == [sorted(ADDRESSES)]


async def test_readers_of_one_language_get_theirs_without_the_note(bot: BotHarness) -> None:
    bot.as_person("maria").locale = "fr-FR"
    drafted = joined(await bot.say("écris à alice et bob jones au sujet du nouveau planning"))
    assert "Dear Alice and Bob," in drafted, drafted
    assert say("email.written_for_several_languages", "fr", readers="", language="",
               other="")[:20] not in drafted
    assert await _sent_to(bot) == []


async def test_a_german_topic_in_a_german_letter_has_no_case_article_in_its_subject(
    bot: BotHarness,
) -> None:
    # "wegen dem Dienstplan" gave "Betreff: Dem dienstplan".
    bot.as_person("maria").locale = "de-DE"
    drafted = joined(await bot.say("schreib chen und alice eine mail wegen dem dienstplan"))
    assert "Betreff: Dienstplan\n" in drafted, drafted
    assert await _sent_to(bot) == []
