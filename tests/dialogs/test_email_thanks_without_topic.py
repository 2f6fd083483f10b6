"""A thank-you asked for without saying what for ("écris à alice pour la remercier", "um ihr
zu danken", "お礼のメール", "感谢她") was asked "What should the email to Alice be about?",
though the request says it: to thank her. It is drafted at once, thanking her for her work, and
waits at the preview for its own Send. A reminder with nothing to remind of is still asked."""

from __future__ import annotations

import pytest

from language.catalogue import say
from tests.bot_harness import BotHarness, joined

THANKS = {
    "en-US": "email alice to thank her",
    "fr-FR": "écris à alice pour la remercier",
    "de-DE": "schreib alice eine mail, um ihr zu danken",
    "es-ES": "escribe a alice para agradecerle",
    "it-IT": "scrivi ad alice per ringraziarla",
    "pt-PT": "envia um email à alice para agradecer",
    "nl-NL": "mail alice om haar te bedanken",
    "pl-PL": "napisz do alice, żeby jej podziękować",
    "ja-JP": "アリスさんにお礼のメールを送って",
    "zh-CN": "给爱丽丝发邮件感谢她",
}
# Alice reads English: her letter is English whatever the manager's language.
THANKED = "Thank you for all your hard work and your help at the store."


@pytest.mark.parametrize("locale", sorted(THANKS))
async def test_a_thank_you_without_a_topic_is_drafted_and_sent_only_on_send(
    bot: BotHarness, locale: str
) -> None:
    bot.as_person("maria").locale = locale
    language = "zh" if locale == "zh-CN" else locale[:2]
    drafted = joined(await bot.say(THANKS[locale]))
    assert THANKED in drafted, drafted
    assert "alice.martin@contoso.example" in drafted
    assert await bot.components.services.mail.list_recent() == []
    await bot.say(say("email.button_send", language))
    mails = await bot.components.services.mail.list_recent()
    assert len(mails) == 1 and mails[0].email.to == ("alice.martin@contoso.example",)
    assert THANKED in mails[0].email.body


async def test_a_thank_you_to_chen_is_written_in_his_language_with_no_pronoun_as_topic(
    bot: BotHarness,
) -> None:
    bot.as_person("maria").locale = "zh-CN"
    drafted = joined(await bot.say("给陈发邮件感谢他"))
    assert "感谢您一直以来的辛勤工作和帮助" in drafted, drafted
    assert "“您”" not in drafted and "“他”" not in drafted


async def test_a_reminder_without_a_topic_is_still_asked_what_about(bot: BotHarness) -> None:
    asked = joined(await bot.say("email alice to remind her"))
    assert say("email.ask_topic", "en", name="Alice") in asked, asked
