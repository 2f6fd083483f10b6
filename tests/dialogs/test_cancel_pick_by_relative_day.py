"""At the list of a worker's shifts, the shift meant by when it is ("tomorrow", "it's the one
tomorrow", "è per domani", "c'est celui de demain", "明日のです"): the list's labels give the
weekday and date, so only "monday" was read, and these got "Sorry, I didn't understand that".
The shift listed on that day is picked (nothing is cancelled before the yes), and a reason said
with it is kept."""

from __future__ import annotations

import pytest

from tests.bot_harness import BotHarness, joined, shown

# The harness clock is Sunday 22 November 2026: tomorrow is Monday 23 November.
ASK = {
    "en-GB": "cancel one of my shifts",
    "it-IT": "vorrei annullare il mio turno",
    "fr-FR": "je veux annuler un service",
    "de-DE": "ich möchte eine Schicht absagen",
    "ja-JP": "シフトをキャンセルしたい",
}


@pytest.mark.parametrize(("locale", "meant", "monday"), [
    ("en-GB", "tomorrow", "Mon 23 Nov"),
    ("en-GB", "it's the one tomorrow", "Mon 23 Nov"),
    ("it-IT", "è per domani", "lun 23 nov"),
    ("fr-FR", "c'est celui de demain", "lun. 23 nov."),
    ("de-DE", "die von morgen", "Mo., 23. Nov."),
    ("ja-JP", "明日のです", "11月23日(月)"),
])
async def test_the_shift_listed_tomorrow_is_picked_by_tomorrow(
    bot: BotHarness, locale: str, meant: str, monday: str
) -> None:
    bot.as_person("bob-smith").locale = locale
    listed = shown(await bot.say(ASK[locale]))
    assert monday in listed, listed
    # The cancel question for Monday's shift alone (no list again, nothing cancelled yet).
    picked = await bot.say(meant)
    assert monday in joined(picked), joined(picked)
    assert not any(title for reply in picked for title, _ in reply.buttons
                   if "Nov" in title or "月" in title or "nov" in title), shown(picked)


async def test_a_reason_said_with_the_day_is_kept_for_that_shift(bot: BotHarness) -> None:
    bot.as_person("bob-smith").locale = "en-GB"
    await bot.say(ASK["en-GB"])
    asked = joined(await bot.say("my son is sick tomorrow"))
    assert "Mon 23 Nov" in asked and "my son is sick" in asked, asked
    assert "What's the reason" not in asked
    done = joined(await bot.say("yes"))
    assert "Mon 23 Nov" in done and "cancelled" in done, done
