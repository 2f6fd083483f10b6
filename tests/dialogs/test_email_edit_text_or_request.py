"""At "what should the email say instead?", what the manager types is the new text unless it
is plainly something else: a one-sentence request for another thing ERA does ("book a call with
Chen tomorrow at 10 to talk about his schedule change") is that request, however long (it
became the email's text, one yes from being sent); a one-line text that speaks of sending and a
day ("Please send me your availability for tomorrow ...") is the text (it got "I can't schedule
an email"); a letter that opens like one stays the text even when it asks for something."""

from __future__ import annotations

from tests.bot_harness import BotHarness, joined


async def _editing(bot: BotHarness) -> None:
    bot.as_person("maria")
    draft = joined(await bot.say("email Bob Smith about the schedule change next week"))
    assert "Shall I send it?" in draft
    asked = joined(await bot.say("edit"))
    assert "What should the email say instead?" in asked


async def test_a_long_request_for_a_call_is_that_request(bot: BotHarness) -> None:
    await _editing(bot)
    said = joined(await bot.say(
        "book a call with Bob Smith on Tuesday at 10 to talk about his schedule change"))
    assert "free times on Tue 24 Nov" in said and "Dear Bob" not in said
    assert "book a call with Bob Smith" not in said  # not shown as the email's text


async def test_a_text_speaking_of_sending_and_a_day_is_the_text(bot: BotHarness) -> None:
    await _editing(bot)
    text = "Please send me your availability for tomorrow so that I can plan the rota"
    said = joined(await bot.say(text))
    assert text in said and "Shall I send it?" in said
    assert "can't schedule" not in said


async def test_a_letter_asking_for_a_call_is_the_text(bot: BotHarness) -> None:
    await _editing(bot)
    text = "Hi Bob, book a call with me on Tuesday at 10 to talk about your schedule change"
    said = joined(await bot.say(text))
    assert text in said and "Shall I send it?" in said


async def test_send_it_tomorrow_is_still_a_wish_to_send_later(bot: BotHarness) -> None:
    await _editing(bot)
    said = joined(await bot.say("send it tomorrow morning"))
    assert "can't schedule an email" in said
