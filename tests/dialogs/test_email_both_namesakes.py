"""At "There are 2 people called "Bob". Which one should I email?", "both" ("les deux", "beide",
"両方", "all of them") got "Sorry, I didn't understand that. Reply 1 or 2, or the option's name."
and the same question, inside an email to several people ("email bob and chen about the rota")
as in one to Bob alone. Both Bobs now get the one email, with anyone named with them: the
preview names them all, nothing is sent before Send, and one Send sends once."""

from __future__ import annotations

import pytest

from language.catalogue import say
from tests.bot_harness import BotHarness, joined

BOBS = ("bob.jones@contoso.example", "bob.smith@contoso.example")
CHEN = "chen.wei@contoso.example"


async def _sent_to(bot: BotHarness) -> list[list[str]]:
    return [sorted(mail.email.to) for mail in await bot.components.services.mail.list_recent()]


@pytest.mark.parametrize(("locale", "request_", "both", "others"), [
    ("en-US", "email bob and chen about the rota", "both", (CHEN,)),
    ("en-US", "email bob about the rota", "both of them", ()),
    ("fr-FR", "écris à bob et chen au sujet du planning", "les deux", (CHEN,)),
    ("de-DE", "schreib bob eine mail wegen dem dienstplan", "beide", ()),
    ("es-ES", "escribe a bob sobre el horario", "a los dos", ()),
    ("ja-JP", "ボブにシフトについてメールして", "両方", ()),
])
async def test_both_namesakes_get_the_email_after_its_preview_and_one_send(
    bot: BotHarness, locale: str, request_: str, both: str, others: tuple[str, ...]
) -> None:
    bot.as_person("maria").locale = locale
    language = locale[:2]
    asked = joined(await bot.say(request_))
    assert "Bob" in asked and "@" not in asked, asked
    drafted = joined(await bot.say(both))
    for address in (*BOBS, *others):
        assert address in drafted, drafted
    assert await _sent_to(bot) == []
    await bot.say(say("email.button_send", language))
    await bot.say(say("email.button_send", language))
    assert await _sent_to(bot) == [sorted((*BOBS, *others))]


async def test_a_pick_at_which_bob_still_sends_to_that_bob_alone(bot: BotHarness) -> None:
    bot.as_person("maria").locale = "en-US"
    await bot.say("email bob and chen about the rota")
    drafted = joined(await bot.say("2"))
    assert "bob.smith@" in drafted and "bob.jones@" not in drafted, drafted
    await bot.say("send")
    assert await _sent_to(bot) == [sorted(("bob.smith@contoso.example", CHEN))]


async def test_the_language_note_names_a_shared_first_name_once(bot: BotHarness) -> None:
    # "They read different languages (Chen: Chinese, Bob: English and Bob: English)".
    bot.as_person("maria").locale = "en-US"
    await bot.say("email bob and chen about the rota")
    note = joined(await bot.say("both")).split("\n", 1)[0]
    assert note.count("Bob") == 1 and "Chen: Chinese" in note, note


@pytest.mark.parametrize(("locale", "request_", "neither"), [
    ("zh-CN", "给bob发邮件说一下排班", "两个都不要"),
    ("zh-CN", "给bob发邮件说一下排班", "不是两个都"),
    ("ja-JP", "ボブにシフトについてメールして", "両方ではない"),
    ("en-US", "email bob about the rota", "not both"),
    ("en-US", "email bob about the rota", "neither"),
    ("fr-FR", "écris à bob au sujet du planning", "ni l'un ni l'autre"),
    ("de-DE", "schreib bob eine mail wegen dem dienstplan", "keiner von beiden"),
])
async def test_not_both_at_which_bob_drafts_for_neither_bob(
    bot: BotHarness, locale: str, request_: str, neither: str
) -> None:
    bot.as_person("maria").locale = locale
    asked = joined(await bot.say(request_))
    assert "Bob" in asked and "@" not in asked, asked
    reply = joined(await bot.say(neither))
    assert not any(address in reply for address in BOBS), reply
    await bot.say(say("email.button_send", locale[:2]))
    assert await _sent_to(bot) == []
