"""After ERA lists a worker's shifts, "cancel the one on Friday" means the Friday of that list,
in any language; a date said outright, "tomorrow", or a list gone stale keep their own day."""

from __future__ import annotations

from tests.bot_harness import BotHarness, joined


async def test_the_one_on_friday_is_the_friday_of_next_weeks_list(bot: BotHarness) -> None:
    bot.as_person("bob-smith")
    bot.clock.advance(days=4)  # Thursday 26 November: next week starts on Monday 30
    listed = joined(await bot.say("what are my shifts next week?"))
    assert "Fri 4 Dec, Afternoon 15:00-20:00" in listed
    asked = joined(await bot.say("I want to cancel the one on Friday"))
    assert "Fri 4 Dec, Afternoon 15:00-20:00" in asked
    assert "27 Nov" not in asked
    assert "reason" in asked.lower()
    done = joined(await bot.say("dentist"))
    assert "Fri 4 Dec" in done and "has been cancelled" in done


async def test_two_listed_fridays_are_both_offered(bot: BotHarness) -> None:
    bot.as_person("bob-smith")
    bot.clock.advance(days=4)  # Thursday 26 November: next week starts on Monday 30
    listed = joined(await bot.say("what are my shifts?"))
    assert "Fri 27 Nov" in listed and "Fri 4 Dec" in listed
    replies = await bot.say("cancel the one on friday")
    asked = joined(replies)
    # Two Fridays of two weeks: not "on that day", as it said.
    assert "2 shifts on your list match that" in asked
    buttons = [title for reply in replies for title, _ in reply.buttons]
    assert buttons[0].startswith("1. Fri 27 Nov") and buttons[1].startswith("2. Fri 4 Dec")
    picked = joined(await bot.say("2"))
    assert "Fri 4 Dec" in picked and "reason" in picked.lower()


async def test_in_french_celui_de_vendredi_is_the_listed_friday(bot: BotHarness) -> None:
    bot.as_person("bob-smith")
    bot.clock.advance(days=4)  # Thursday 26 November: next week starts on Monday 30
    await bot.say("quels sont mes postes la semaine prochaine ?", locale="fr-FR")
    asked = joined(await bot.say("je veux annuler celui de vendredi", locale="fr-FR"))
    assert "4 déc" in asked and "27 nov" not in asked


async def test_tomorrow_and_a_date_keep_their_own_day(bot: BotHarness) -> None:
    bot.as_person("bob-smith")
    bot.clock.advance(days=4)  # Thursday 26 November: next week starts on Monday 30
    await bot.say("what are my shifts next week?")
    asked = joined(await bot.say("cancel my shift tomorrow"))
    assert "Fri 27 Nov" in asked and "4 Dec" not in asked
    await bot.say("no")
    await bot.say("what are my shifts next week?")
    asked = joined(await bot.say("cancel my shift on Friday 27 November"))
    assert "Fri 27 Nov" in asked and "4 Dec" not in asked


async def test_a_list_shown_long_ago_no_longer_counts(bot: BotHarness) -> None:
    bot.as_person("bob-smith")
    bot.clock.advance(days=4)  # Thursday 26 November: next week starts on Monday 30
    await bot.say("what are my shifts next week?")
    bot.clock.advance(minutes=11)
    asked = joined(await bot.say("cancel the one on Friday"))
    assert "Fri 27 Nov" in asked and "4 Dec" not in asked
