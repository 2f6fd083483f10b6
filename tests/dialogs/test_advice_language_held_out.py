"""Held-out advice conversations over the bot: a follow-up question asked while the call's free
times are on screen is answered in the manager's language, whatever other language one of its
words also belongs to."""

from __future__ import annotations

import pytest

from language.catalogue import say
from tests.bot_harness import BotHarness, joined


async def test_a_portuguese_follow_up_at_the_free_times_stays_portuguese(
    bot: BotHarness,
) -> None:
    """The finding: "posso contactá-la durante a baixa?" (may I contact her while she is off
    sick?) read as Italian, because only the Italian lexicon knew "posso": the Portuguese
    manager was told "D'accordo, non ho fissato nulla."."""
    bot.as_person("maria").locale = "pt-PT"
    await bot.say("a Fatima está de baixa há 3 meses, o que faço")
    offered = joined(await bot.say("não falei com ela, os RH sabem"))
    assert "Fatima" in offered
    answered = joined(await bot.say("posso contactá-la durante a baixa?"))
    # Nothing was started at the offer: the answer alone, in Portuguese.
    assert say("call.kept", "it") not in answered and "D'accordo" not in answered
    assert "Recursos Humanos" in answered, answered


async def test_a_situation_typed_in_another_language_than_the_client_is_advised_in_it(
    bot: BotHarness,
) -> None:
    """The finding: from an en-US Teams, "ルカがまた遅刻した" and "mon employé luca est encore
    arrivé en retard ce matin" were answered with the English lateness guidance, while every
    other request typed in Japanese or French was answered in it."""
    bot.as_person("maria").locale = "en-US"
    japanese = joined(await bot.say("ルカがまた遅刻した"))
    assert "遅刻" in japanese and "Repeated lateness" not in japanese, japanese
    bot.as_person("maria").locale = "en-GB"
    french = joined(await bot.say("mon employé luca est encore arrivé en retard ce matin"))
    assert "avez-vous" in french and "Have you" not in french, french


@pytest.mark.parametrize(("locale", "talk", "email"), [
    ("zh-CN", ("卢卡这周迟到了三次", "还没有跟他谈过", "如果还继续呢？"), "好的，给他写封邮件"),
    ("ja-JP", ("ルカさんが今週3回遅刻しました", "まだ話していません", "それでも続いたら？"),
     "わかりました、ルカさんにメールを書いてください"),
    ("ja-JP", ("ルカさんが今週3回遅刻しました", "まだ話していません", "それでも続いたら？"),
     "はい、彼にメールを書いて"),
])
async def test_an_ok_before_the_email_request_after_advice_drafts_it(
    bot: BotHarness, locale: str, talk: tuple[str, ...], email: str
) -> None:
    """The finding: after advice on Luca's lateness, "好的，给他写封邮件" and "わかりました、
    ルカさんにメールを書いてください" went to the advisor as a question beyond its guidance, and the
    manager was handed over to HR: the "ok" before the request hid it ("ok draft an email to
    him" drafted it in English)."""
    bot.as_person("maria").locale = locale
    language = "zh-Hans" if locale == "zh-CN" else "ja"
    for message in talk:
        await bot.say(message)
    answer = joined(await bot.say(email))
    assert "luca.rossi@contoso.example" in answer, answer
    assert not answer.startswith(say("advice.beyond_guidance", language, title="")[:12])
