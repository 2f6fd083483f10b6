"""A question that waits for its answer is asked again in the language of the person's latest
message: a French client whose person then writes German gets the list of shifts, its labels
and its buttons in German, not the French they were first shown in. (Questions were kept as
the text first shown, so every re-ask repeated the original language under a sentence in the
new one.)"""

from __future__ import annotations

from datetime import date

from language.catalogue import say
from language.formatting import format_day
from tests.bot_harness import BotHarness, joined, shown

MONDAY = date(2026, 11, 23)
TUESDAY = date(2026, 11, 24)


async def test_a_list_of_shifts_is_asked_again_in_german(bot: BotHarness) -> None:
    bot.as_person("bob-smith").locale = "fr-FR"
    asked = await bot.say("annule mon poste")
    assert say("shift_cancel.none_of_these", "fr") in shown(asked), shown(asked)
    again = await bot.say("ich weiß nicht genau, welche")
    seen = shown(again)
    assert say("shift_cancel.none_of_these", "de") in seen, seen
    assert say("shift_cancel.none_of_these", "fr") not in seen, seen
    assert format_day(MONDAY, "de") in seen and format_day(MONDAY, "fr") not in seen, seen


async def test_the_reason_question_is_asked_again_in_spanish(bot: BotHarness) -> None:
    bot.as_person("bob-smith").locale = "en-US"
    asked = joined(await bot.say("cancel my shift on monday"))
    assert format_day(MONDAY, "en") in asked, asked
    again = joined(await bot.say("muchas gracias"))
    assert format_day(MONDAY, "es") in again, again
    assert format_day(MONDAY, "en") not in again, again


async def test_which_bob_is_asked_again_in_spanish(bot: BotHarness) -> None:
    bot.as_person("maria").locale = "en-US"
    asked = shown(await bot.say("book a call with bob"))
    assert "(stock clerk, sales associate)" in asked, asked
    again = shown(await bot.say("no sé cuál de ellos"))
    assert say("employee.which_same_name.call", "es", count=2, query="Bob") in again, again
    assert "Bob Jones (almacén y ventas)" in again and "stock clerk" not in again, again


async def test_the_free_times_of_a_call_are_asked_again_in_german(bot: BotHarness) -> None:
    bot.as_person("maria").locale = "fr-FR"
    asked = shown(await bot.say("réserve un appel avec Alice lundi"))
    assert say("meeting.another_time", "fr") in asked and format_day(MONDAY, "fr") in asked, asked
    again = shown(await bot.say("danke schön"))
    assert say("meeting.another_time", "de") in again, again
    assert format_day(MONDAY, "de") in again and format_day(MONDAY, "fr") not in again, again


async def test_a_japanese_client_writing_english_is_asked_in_english(bot: BotHarness) -> None:
    bot.as_person("bob-smith").locale = "ja-JP"
    asked = shown(await bot.say("シフトをキャンセルしたい"))
    assert say("shift_cancel.none_of_these", "ja") in asked, asked
    again = shown(await bot.say("I am not sure which one it is"))
    assert say("shift_cancel.none_of_these", "en") in again, again
    assert say("shift_cancel.none_of_these", "ja") not in again, again
    assert format_day(MONDAY, "en") in again and format_day(MONDAY, "ja") not in again, again


async def test_which_bob_to_assign_is_asked_again_in_german(bot: BotHarness) -> None:
    bot.as_person("maria").locale = "fr-FR"
    asked = shown(await bot.say("affecte bob mercredi"))
    assert "Bob Jones (réserve et vente)" in asked, asked
    again = shown(await bot.say("ich weiß nicht, welchen"))
    assert say("shift_change.which_person.assign", "de", count=2, query="Bob") in again, again
    assert "Bob Jones (Lager und Verkauf)" in again and "réserve" not in again, again


async def test_the_topic_of_an_email_is_asked_again_in_spanish(bot: BotHarness) -> None:
    bot.as_person("maria").locale = "en-US"
    await bot.say("write an email to alice")
    again = joined(await bot.say("muchas gracias"))
    assert say("email.ask_topic", "es", name="Alice") in again, again
    assert say("email.ask_topic", "en", name="Alice") not in again, again


async def test_a_swap_preview_is_asked_again_in_spanish(bot: BotHarness) -> None:
    bot.as_person("maria").locale = "en-US"
    asked = shown(await bot.say("swap bob smith and alice on tuesday"))
    assert "Shall I apply this change?" in asked and "(cashier)" in asked, asked
    again = shown(await bot.say("muchas gracias"))
    assert "¿Aplico este cambio?" in again and "(caja)" in again, again
    assert "Shall I apply" not in again and "(cashier)" not in again, again
    assert format_day(TUESDAY, "es") in again and format_day(TUESDAY, "en") not in again, again


async def test_a_move_preview_is_asked_again_in_english(bot: BotHarness) -> None:
    bot.as_person("maria").locale = "ja-JP"
    asked = shown(await bot.say("ボブ・スミスのシフトを火曜日から水曜日に移動して"))
    assert "？" in asked, asked
    again = shown(await bot.say("I am not sure about this"))
    assert "Move Bob Smith from" in again and "？" not in again, again


async def test_help_names_the_question_in_the_language_of_the_help(bot: BotHarness) -> None:
    bot.as_person("maria").locale = "fr-FR"
    await bot.say("écris un mail à alice")  # (a thank-you is drafted at once since 132441a2)
    helped = joined(await bot.say("hilfe"))
    assert say("flow.help_asked", "de", question=say("email.ask_topic", "de", name="Alice")) \
        in helped, helped
    assert say("email.ask_topic", "fr", name="Alice") not in helped, helped


async def test_the_email_preview_is_shown_again_in_german_with_the_letter_unchanged(
    bot: BotHarness,
) -> None:
    bot.as_person("maria").locale = "fr-FR"
    asked = shown(await bot.say("écris un mail à alice pour la remercier de son aide samedi"))
    assert "Dois-je l'envoyer ?" in asked and "Objet : Thank you" in asked, asked
    await bot.say("wer arbeitet morgen?")
    again = shown(await bot.say("ja"))
    assert "Soll ich sie senden?" in again and "Betreff: Thank you" in again, again
    assert say("email.button_send", "de") in again, again
    assert "Dois-je" not in again and "Objet" not in again, again
    # The draft is the letter, in the language it was written in: unchanged.
    assert "Thank you for “votre aide samedi”. It is much appreciated." in again, again
