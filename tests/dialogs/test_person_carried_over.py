"""The person a conversation was about carries over to the next request that only says "her",
"him", "lui", "ihr", "ella", "她": after a call that was refused, or an email handed to HR, the
manager's "ok draft an email to her" is to that person, not a "who should I email?"."""

from __future__ import annotations

import pytest

from tests.bot_harness import BotHarness, joined


@pytest.mark.parametrize(
    ("request_", "no", "email", "locale", "asked"),
    [("book a call with alice", "no", "ok draft an email to her", "en-US",
      "What should the email to Alice be about?"),
     ("appelle Alice", "non", "d'accord, écris-lui un mail", "fr-FR",
      "Quel doit être l'objet de l'e-mail à Alice"),
     ("ruf Alice an", "nein", "ok, schreib ihr eine E-Mail", "de-DE", "Alice"),
     ("llama a Alice", "no", "vale, escríbele un correo", "es-ES", "Alice"),
     ("给Alice打电话", "不", "好，给她写封邮件", "zh-CN", "Alice")],
)
async def test_after_a_refused_call_her_is_the_person_the_call_was_for(
    bot: BotHarness, request_: str, no: str, email: str, locale: str, asked: str
) -> None:
    bot.as_person("maria")
    assert "Alice Martin" in joined(await bot.say(request_, locale=locale))
    await bot.say("1", locale=locale)
    await bot.say(no, locale=locale)
    answered = joined(await bot.say(email, locale=locale))
    assert asked in answered, answered


async def test_after_a_hand_over_her_is_the_person_the_email_was_for(bot: BotHarness) -> None:
    bot.as_person("maria")
    await bot.say("email Alice about her late arrivals")
    await bot.say("transfer me to hr")
    answered = joined(await bot.say("ok draft an email to her"))
    assert "What should the email to Alice be about?" in answered, answered


async def test_after_a_swap_her_is_either_of_two_so_era_asks_who(bot: BotHarness) -> None:
    bot.as_person("maria")
    await bot.say("swap alice and bob smith on tuesday")
    await bot.say("no")
    answered = joined(await bot.say("email her about the rota"))
    assert "Who should I email?" in answered, answered
