"""A manager's email to someone who reads another language (Chen Wei reads Chinese, Bob Smith
English): the topic and subject the manager gave are never lost (quoted in their words offline,
translated with the AI), a blank takes the manager's own language, and "write it in English" at
the preview writes the letter in the language asked. Nothing is sent without a send."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from services.org_database import OrgDatabase
from tests.bot_harness import BotHarness, joined
from tests.fakes.openai_server import FakeOpenAIServer, openai_server

__all__ = ["openai_server"]

CHINESE_BLANKS = ("[邮件主题]", "[邮件事由]")


async def _outbox(data_dir: Path) -> list[dict[str, Any]]:
    db = await OrgDatabase.open(data_dir / "org.sqlite3")
    try:
        rows = await db.fetch_all("SELECT * FROM outbox ORDER BY rowid")
        return [dict(row) for row in rows]
    finally:
        await db.close()


def _card(reply: list[Any]) -> str:
    """The preview card's text (To, Subject, body)."""
    return str(reply[-1].activity.attachments[0].content)



@pytest.mark.parametrize(
    ("locale", "request_text", "subject", "sentence", "send"),
    [
        ("en-US", "email chen about the new schedule", "“The new schedule”",
         "我想和您谈一谈“the new schedule”。", "send"),
        ("fr-FR", "écris à bob smith sur le nouveau planning", "“Le nouveau planning”",
         "I would like to talk with you about “le nouveau planning”.", "envoie"),
        ("it-IT", "manda una mail a chen sul nuovo orario", "“Nuovo orario”",
         "我想和您谈一谈“nuovo orario”。", "invia"),
    ],
)
async def test_offline_the_topic_in_the_managers_words_is_quoted_in_the_letter(
    bot: BotHarness, tmp_path: Path, locale: str, request_text: str, subject: str,
    sentence: str, send: str,
) -> None:
    """The finding: Chen's Chinese letter had [邮件主题] and [邮件事由] blanks, and Bob's English
    one a blank, for the manager to fill in a language they may not write."""
    bot.as_person("maria").locale = locale
    reply = await bot.say(request_text)
    preview = joined(reply)
    assert sentence in preview and subject in _card(reply), preview
    assert "[" not in preview, preview
    assert await _outbox(tmp_path) == []
    await bot.say(send)
    mails = await _outbox(tmp_path)
    assert len(mails) == 1 and mails[0]["subject"] == subject and sentence in mails[0]["body"]


@pytest.mark.parametrize(
    ("locale", "request_text", "topic"),
    [
        ("en-US", "email chen about the new schedule", "the new schedule"),
        ("fr-FR", "écris à chen sur le nouveau planning", "le nouveau planning"),
        ("it-IT", "manda una mail a chen sul nuovo orario", "nuovo orario"),
    ],
)
async def test_with_the_ai_the_topic_is_translated_into_the_letters_language(
    llm_bot: BotHarness, openai_server: FakeOpenAIServer, tmp_path: Path, locale: str,
    request_text: str, topic: str,
) -> None:
    llm_bot.as_person("maria").locale = locale
    openai_server.queue_text("新的排班表")
    openai_server.queue_text(
        "Subject: 新的排班表\n\nChen Wei，您好：\n\n我想和您谈一谈新的排班表。\n\n此致\n敬礼！\n"
        "Maria Lopez")
    preview = joined(await llm_bot.say(request_text))
    asked, drafted = openai_server.chat_requests
    assert topic in asked.messages[-1]["content"] and "Chinese" in asked.messages[-1]["content"]
    # The model drafts from a template that already says the topic in Chinese.
    template = drafted.messages[-1]["content"]
    assert "Subject: 新的排班表" in template and "我想和您谈一谈新的排班表。" in template, template
    assert not any(blank in template for blank in CHINESE_BLANKS)
    assert "我想和您谈一谈新的排班表。" in preview and "[" not in preview
    assert await _outbox(tmp_path) == []


@pytest.mark.parametrize(
    ("locale", "request_text", "asked", "value"),
    [
        ("en-US", "send chen a written warning about being late",
         "in Chinese or in your own words", "last monday and tuesday"),
        ("fr-FR", "envoie un avertissement écrit à chen pour ses retards",
         "en chinois ou avec vos propres mots", "lundi et mardi derniers"),
        ("it-IT", "manda un richiamo scritto a chen per i ritardi",
         "in cinese o con parole Sue", "lunedì e martedì scorsi"),
    ],
)
async def test_a_blank_in_a_chinese_letter_takes_the_managers_own_language(
    bot: BotHarness, tmp_path: Path, locale: str, request_text: str, asked: str, value: str,
) -> None:
    """The finding: ERA asked to "type the text for [迟到日期] here, in Chinese like the rest of
    the email"; the manager's own words now go into the letter, quoted."""
    bot.as_person("maria").locale = locale
    preview = joined(await bot.say(request_text))
    assert "[迟到日期]" in preview and asked in preview, preview
    assert "like the rest" not in preview and "comme le reste" not in preview
    assert "come il resto" not in preview
    filled = joined(await bot.say(value))
    assert f"您在以下日期的班次中迟到：“{value}”。" in filled, filled
    assert await _outbox(tmp_path) == []
    await bot.say("ok")
    mails = await _outbox(tmp_path)
    assert len(mails) == 1 and f"“{value}”" in mails[0]["body"]


async def test_with_the_ai_a_blank_typed_in_english_is_translated(
    llm_bot: BotHarness, openai_server: FakeOpenAIServer, tmp_path: Path
) -> None:
    llm_bot.as_person("maria").locale = "en-US"
    openai_server.queue_text(
        "Subject: 书面警告\n\nChen Wei，您好：\n\n您在以下日期的班次中迟到：[迟到日期]。\n\n此致\n"
        "敬礼！\nMaria Lopez")
    preview = joined(await llm_bot.say("send chen a written warning about being late"))
    assert "which I'll translate into Chinese" in preview, preview
    openai_server.queue_text("上周一和周二")
    filled = joined(await llm_bot.say("last monday and tuesday"))
    assert "last monday and tuesday" in openai_server.chat_requests[-1].messages[-1]["content"]
    assert "您在以下日期的班次中迟到：上周一和周二。" in filled, filled
    assert await _outbox(tmp_path) == []


@pytest.mark.parametrize(
    ("locale", "request_text", "asked_for", "said", "greeting", "send"),
    [
        ("en-US", "email chen about the new schedule", "write it in English",
         "I've written it in English, as you asked, not in Chinese, the language Chen reads.",
         "Dear Chen,", "send"),
        ("fr-FR", "écris à chen sur le nouveau planning", "en français plutôt",
         "Je l'ai rédigé en français, comme vous l'avez demandé, et non en chinois",
         "Bonjour Chen,", "envoie"),
        ("it-IT", "manda una mail a chen sul nuovo orario", "scrivila in italiano",
         "L'ho scritta in italiano, come ha chiesto, e non in cinese", "Gentile Chen,", "invia"),
        ("de-DE", "schreib chen eine mail über den neuen dienstplan", "schreib sie auf Deutsch",
         "Ich habe sie wie gewünscht auf Deutsch verfasst, nicht auf Chinesisch",
         "Guten Tag Chen Wei,", "senden"),
    ],
)
async def test_the_manager_can_ask_for_the_letter_in_their_own_language(
    bot: BotHarness, tmp_path: Path, locale: str, request_text: str, asked_for: str, said: str,
    greeting: str, send: str,
) -> None:
    bot.as_person("maria").locale = locale
    first = await bot.say(request_text)
    assert "Chen Wei，您好" in joined(first)
    old_send = re.search(r"send email draft-[0-9a-f]{12}", _card(first))
    assert old_send is not None
    again = joined(await bot.say(asked_for))
    assert said in again and greeting in again and "您好" not in again, again
    assert await _outbox(tmp_path) == []
    # The first preview's Send sends nothing: that letter is no longer the one shown.
    await bot.say(old_send.group(0))
    assert await _outbox(tmp_path) == []
    await bot.say(send)
    mails = await _outbox(tmp_path)
    assert len(mails) == 1 and mails[0]["body"].startswith(greeting), mails


async def test_a_changed_draft_is_not_drafted_again_in_another_language_offline(
    bot: BotHarness, tmp_path: Path
) -> None:
    bot.as_person("maria").locale = "en-US"
    await bot.say("email chen about the new schedule")
    await bot.say("Subject: 新排班")
    kept = joined(await bot.say("write it in English"))
    assert "You've changed this email, so I haven't written it again in English" in kept, kept
    assert "Dear Chen" not in kept
    assert "The email is already in Chinese." in joined(await bot.say("in Chinese"))
    await bot.say("send")
    mails = await _outbox(tmp_path)
    assert len(mails) == 1 and mails[0]["subject"] == "新排班"
    assert mails[0]["body"].startswith("Chen Wei，您好")


@pytest.mark.parametrize("request_text", [
    "écris à bob smith au sujet du nouveau planning",
    "écris à bob smith à propos du nouveau planning",
])
async def test_a_french_topic_after_au_sujet_du_is_kept(bot: BotHarness, request_text: str) -> None:
    """The finding: "au sujet du nouveau planning" (de + le) was no topic: ERA asked for one."""
    bot.as_person("maria").locale = "fr-FR"
    card = _card(await bot.say(request_text))
    assert "I would like to talk with you about “le nouveau planning”" in card, card
